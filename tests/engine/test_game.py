"""The Game facade: how it refuses a move (and says why), the forms a move may take,
the arrangement move as the starter's first turn, and an outcome read back as stored.

Expected values are worked out by hand. 3 holes a side: South 0 1 2, North 3 4 5;
0<->5, 1<->4, 2<->3 face each other. `udir_holes` [1] lets a player choose the
direction at their middle hole (South's 1, North's 4).
"""

from __future__ import annotations

from typing import Any

import pytest

from mancala.engine import Game, IllegalMove, Outcome, OutcomeKind, Position
from tests.engine.helpers import at, make


def refusal(game: Game, pos: Position, move: Any) -> str:
    """What `play` says when it refuses `move` in `pos`."""
    with pytest.raises(IllegalMove) as info:
        game.play(pos, move)
    return str(info.value)


UDIR = make(3, 2, stores=True, udir_holes=[1])
# South to move; North's 3 holds a single seed
UDIR_POS = at(UDIR, [2, 2, 0, 1, 2, 2])


@pytest.mark.parametrize(("move", "why"), [
    (6, "hole 6 is not on the board (0..5)"),
    (-1, "hole -1 is not on the board (0..5)"),
    (["STORE", 1], "moves start from the board only in this variant"),
    (1, 'hole 1 needs a direction: [1, "CCW"] or [1, "CW"]'),
    ([0, "CW"], "hole 0 takes no direction here: play 0"),
    (2, "hole 2 has 0 seeds; a move needs at least 1"),
    # North's hole: that it holds exactly min_move seeds does not make it South's
    (3, "hole 3 is not allowed by the rules here (legal: [0, (1, 'CCW'), (1, 'CW')])"),
    ([3, "CW"], "hole 3 is not allowed by the rules here (legal: [0, (1, 'CCW'), (1, 'CW')])"),
])
def test_an_illegal_move_is_refused_with_the_rule_it_breaks(move: Any, why: str) -> None:
    assert UDIR.legal_moves(UDIR_POS) == [0, (1, "CCW"), (1, "CW")]
    assert refusal(UDIR, UDIR_POS, move) == why


def test_a_move_is_refused_with_the_name_of_the_player_to_move() -> None:
    store_moves = make(3, 2, rules_version="1.10", game_class="NorthSouthCycle", stores=True,
                       play_locs="BRD_OWN_STR_CHS")
    # a store move may sow 1 to (the store's seeds) seeds
    south = at(store_moves, [1, 0, 2, 1, 1, 1], stores=[3, 1])
    assert refusal(store_moves, south, ["STORE", 4]) == "South may sow 1 to 3 seeds from the store"
    north = at(store_moves, [1, 0, 2, 1, 1, 1], turn=1, stores=[3, 1])
    assert refusal(store_moves, north, ["STORE", 2]) == "North may sow 1 to 1 seeds from the store"


def test_a_player_left_without_a_legal_move_is_told_so() -> None:
    # CLEAR with MOVE_ALL_HOLES_FIRST: after these moves South's 0 holds a seed but has been
    # moved from while another of South's holes has not, and those holes are empty: South
    # has no legal move and the rules name no end
    game = make(5, 1, sow_direct="SPLIT", evens=True, goal="CLEAR",
                allow_rule="MOVE_ALL_HOLES_FIRST", udir_holes=[2])
    pos = game.start(0)
    for move in [0, 5, 1, (7, "CW"), (2, "CCW"), 8]:
        pos = game.play(pos, move)
    assert pos.board[0] == 1 and pos.turn == 0 and pos.outcome is None
    assert game.legal_moves(pos) == []
    assert refusal(game, pos, 0) == "South has no legal move"


@pytest.mark.parametrize(("move", "why"), [
    (True, "move True is not a hole index"),
    ([1, "up"], 'move [1, \'up\']: direction must be "CW" or "CCW"'),
    ("1", "move '1' is neither a hole index, [hole, direction] nor [\"STORE\", seeds]"),
    ([1, "CW", 0], "move [1, 'CW', 0] is neither a hole index, [hole, direction] nor [\"STORE\", seeds]"),
    ({"hole": 1, "dir": "CW"},
     "move {'hole': 1, 'dir': 'CW'} is neither a hole index, [hole, direction] nor [\"STORE\", seeds]"),
])
def test_a_move_in_no_known_form_is_refused(move: Any, why: str) -> None:
    assert refusal(UDIR, UDIR_POS, move) == why


def test_a_direction_is_read_in_either_case_and_a_list_is_a_tuple() -> None:
    assert UDIR.normalize(UDIR_POS, [1, "cw"]) == (1, "CW")
    assert UDIR.play(UDIR_POS, [1, "cw"]) == UDIR.play(UDIR_POS, (1, "CW"))
    assert Game.move_json((1, "CW")) == [1, "CW"] and Game.move_json(4) == 4


def test_a_finished_game_takes_no_move_and_play_leaves_the_position_alone() -> None:
    before = UDIR_POS.key()
    after = UDIR.play(UDIR_POS, 0)  # 2 seeds into 1 and 2
    assert UDIR_POS.key() == before and after.board == [0, 3, 1, 1, 2, 2]
    # South's 2 -> North's 3, North's 3 -> 4: South has no seed to move, the game ends and
    # North's last seed goes to North: 5 - 5
    over = UDIR.play(UDIR.play(at(UDIR, [0, 0, 1, 0, 0, 0], stores=[5, 4]), 2), 3)
    assert over.outcome == Outcome(OutcomeKind.TIE, None) and over.stores == [5, 5]
    assert refusal(UDIR, over, 3) == "the game is over"


def test_the_arrangement_is_the_starters_first_turn_for_the_first_turn_rules() -> None:
    # 1.10 RIGHT_HALF_FIRSTS: each player's first turn starts from the right half of their
    # row (South's 2, 3; North's 6, 7). South's arrangement is South's first turn, so after
    # North's first move South may play anywhere.
    game = make(4, 3, rules_version="1.10", stores=True, prescribed="ARNGE_LIMIT",
                allow_rule="RIGHT_HALF_FIRSTS")
    pos = game.start(0)
    assert game.legal_moves(pos) == [2, 3]
    arranged = game.play(pos, {"arrange": [0, 6, 3, 3]})  # North's row takes the same layout
    # nothing is sown: the record of the move is empty
    assert game.play_events(pos, {"arrange": [0, 6, 3, 3]}) == (arranged, [])
    pos = arranged
    assert (pos.board, pos.turn, pos.movers) == ([0, 6, 3, 3, 0, 6, 3, 3], 1, 1)
    assert game.legal_moves(pos) == [6, 7]
    pos = game.play(pos, 6)  # 3 seeds: 7, then round to South's 0 and 1
    assert (pos.board, pos.turn) == ([1, 7, 3, 3, 0, 6, 0, 4], 0)
    assert game.legal_moves(pos) == [0, 1, 2, 3]


@pytest.mark.parametrize("outcome", [
    Outcome(OutcomeKind.WIN, 1), Outcome(OutcomeKind.TIE, None),
    Outcome(OutcomeKind.ROUND_WIN, 0), Outcome(OutcomeKind.ROUND_TIE, None)])
def test_a_stored_outcome_reads_back_as_it_was_written(outcome: Outcome) -> None:
    assert Outcome.from_json(outcome.to_json()) == outcome


def test_a_frozen_position_thaws_into_the_same_game_directions_chosen_included() -> None:
    # PLAYALTDIR: South's first move chose CW for South, so North sows CCW from then on;
    # a position kept as a value must remember that, or the first move would come again
    game = make(3, 2, sow_direct="PLAYALTDIR")
    pos = game.play(at(game, [2, 2, 2, 2, 2, 2]), [0, "CW"])  # 5, 4
    thawed = pos.frozen().thaw()
    assert thawed == pos and thawed.alt_dirs == pos.alt_dirs is not None
    assert game.legal_moves(thawed) == [3, 4, 5]
    assert game.play(thawed, 3).board == [0, 2, 2, 0, 4, 4]  # North's 3 sows CCW: 4, 5
