"""The claimers (mancala.engine.claim): what becomes of the seeds left in play when a game
ends without a clear winner, and what each player's count is then.

`unclaimed` (1.8, and the end of a game in play) and `quitter` (1.10, a game stopped from
outside: here `Game.pipe.end_game`, as after an endless sowing) say where the seeds left in
play go: HOLE_OWNER to each hole's owner (its territory owner in a TERRITORY game, else its
row's player), DONT_SCORE off the board, LAST_MOVER to the player who made the last move,
DIVVIED halves to each store with an odd seed to the player with fewer (North when equal).
Without stores DIVVIED gives the seeds to each player's last child. A round_fill
LOSER_ONLY game moves nothing and counts each hole for its owner. Children never move and
count for their owner; a ram's seeds count for nobody.

The stopped games below are hand-made positions, so every claimer is asked on a board
chosen for it. 3 holes a side: South 0 1 2, North 3 4 5.
"""

from __future__ import annotations

from typing import Any

import pytest

from mancala.engine import Game, OutcomeKind
from mancala.engine.position import NO_CH_OWNER, Position
from tests.engine.helpers import at, make

WIN, TIE = OutcomeKind.WIN, OutcomeKind.TIE


def stop(game: Game, pos: Position) -> tuple[list[int], list[int], OutcomeKind, int | None]:
    """The board, stores and outcome of `pos` stopped from outside (an endless sowing)."""
    outcome = game.pipe.end_game(pos)
    return pos.board, pos.stores, outcome.kind, outcome.winner


def quitter_110(quitter: str, **game_info: Any) -> Game:
    return make(3, 2, rules_version="1.10", stores=True, quitter=quitter, **game_info)


# ---- with stores: each `quitter` --------------------------------------------------------


@pytest.mark.parametrize(("quitter", "stores", "kind", "winner"), [
    # South's 2 + 1 (holes 0, 1) to South, North's 1 + 3 (holes 4, 5) to North:
    # South 5 + child 4 = 9, North 7 + child 3 = 10
    ("HOLE_OWNER", [5, 7], WIN, 1),
    # the 7 leave the board: 2 + 4 against 3 + 3
    ("DONT_SCORE", [2, 3], TIE, None),
    # North made the last move and takes all 7: 2 + 4 against 10 + 3
    ("LAST_MOVER", [2, 10], WIN, 1),
    # 3 each, [5, 6]: the odd seed to South, who has fewer: 6 + 4 against 6 + 3
    ("DIVVIED", [6, 6], WIN, 0),
])
def test_a_stopped_game_settles_the_seeds_in_play_per_quitter_and_children_stay(
        quitter, stores, kind, winner):
    # North's child in hole 2 (3 seeds), South's in hole 3 (4 seeds); 7 seeds in play
    game = quitter_110(quitter, child_type="NORMAL", child_cvt=4)
    pos = at(game, [2, 1, 3, 4, 1, 3], turn=1, stores=[2, 3], children="..NS..")
    pos.last = (1, 4, 1, 5)
    assert stop(game, pos) == ([0, 0, 3, 4, 0, 0], stores, kind, winner)
    assert pos.child == [None, None, 1, 0, None, None]


@pytest.mark.parametrize(("stores", "after", "winner"), [
    ([3, 3], [3, 4], 1),  # equal stores: the odd seed is North's
    ([2, 4], [3, 4], 1),  # South has fewer: South's
    ([4, 2], [4, 3], 0),  # North has fewer: North's
])
def test_divvied_gives_the_odd_seed_to_the_player_with_fewer_and_north_when_equal(
        stores, after, winner):
    game = quitter_110("DIVVIED")
    pos = at(game, [1, 0, 0, 0, 0, 0], stores=stores)  # one seed: no halves, only the odd one
    assert stop(game, pos) == ([0] * 6, after, WIN, winner)


def test_last_mover_is_read_from_the_last_move_and_is_the_player_to_move_before_any():
    game = quitter_110("LAST_MOVER")
    # South is to move, but North made the last move: North takes the 4 in play
    pos = at(game, [1, 0, 2, 0, 1, 0], turn=0, stores=[3, 3])
    pos.last = (1, 5, 1, 0)
    assert stop(game, pos) == ([0] * 6, [3, 7], WIN, 1)
    assert pos.turn == 1
    # no move made yet: the player to move takes them
    pos = at(game, [1, 0, 2, 0, 1, 0], turn=0, stores=[3, 3])
    assert stop(game, pos) == ([0] * 6, [7, 3], WIN, 0)


@pytest.mark.parametrize(("quitter", "stores", "kind", "winner"), [
    ("HOLE_OWNER", [4, 6], WIN, 1),   # 1 to South, 2 to North
    ("DONT_SCORE", [3, 4], WIN, 1),
    ("LAST_MOVER", [6, 4], WIN, 0),   # South (to move, no move made) takes the 3
    ("DIVVIED", [5, 5], TIE, None),   # 1 each, the odd seed to South (fewer)
])
def test_a_rams_seeds_stay_on_the_board_and_count_for_nobody(quitter, stores, kind, winner):
    # the ram in hole 1 holds 6 of the 16 seeds: counted for a player it would decide
    game = quitter_110(quitter, child_type="RAM", sow_direct="CCW")
    pos = at(game, [1, 6, 0, 0, 2, 0], stores=[3, 4])
    pos.child[1] = NO_CH_OWNER
    assert stop(game, pos) == ([0, 6, 0, 0, 0, 0], stores, kind, winner)


@pytest.mark.parametrize(("version", "rules"), [
    ("1.10", {"quitter": "HOLE_OWNER", "sow_stores": "OWN"}),
    # 1.8's End Game gives UNFED_PLAYER's seeds to the hole owners
    ("1.8", {"unclaimed": "UNFED_PLAYER", "mustshare": True, "sow_own_store": True}),
])
def test_in_a_territory_game_the_holes_seeds_go_to_their_territory_owner(version, rules):
    game = make(3, 4, rules_version=version, goal="TERRITORY", goal_param=4, stores=True,
                rounds="NO_MOVES", **rules)
    pos = at(game, [1, 2, 3, 4, 0, 5], stores=[1, 0])
    # South owns 0, 1 and 5: 1 + 2 + 5 + 1 = 9; North 2, 3, 4: 3 + 4 = 7 (by rows it
    # would be 7 against 9)
    pos.owner = [0, 0, 1, 1, 1, 0]
    assert stop(game, pos) == ([0] * 6, [9, 7], WIN, 0)


# ---- without stores: DIVVIED into the children ------------------------------------------
# 1.8 stops a game without stores as a tie unless it makes children (child_cvt): then the
# seeds in play go into the children, the board showing where.


def no_stores(version: str = "1.8") -> Game:
    extra = {"quitter": "DIVVIED"} if version == "1.10" else {}
    return make(3, 2, rules_version=version, child_type="NORMAL", child_cvt=4,
                unclaimed="DIVVIED", **extra)


@pytest.mark.parametrize("version", ["1.8", "1.10"])
@pytest.mark.parametrize(("board", "kids", "after", "kind", "winner"), [
    # South's children 0 (3) and 2 (2) count 5, North's 4 (4): the 5 in play, 2 each into
    # each player's last child (2 and 4), 7 - 6, and the odd seed to North (fewer)
    ([3, 1, 2, 2, 4, 2], "S.S.N.", [3, 0, 4, 0, 7, 0], TIE, None),
    # 2 - 2 and 3 in play: 1 each, the odd seed to North when equal
    ([2, 1, 0, 0, 2, 2], "S...N.", [3, 0, 0, 0, 4, 0], WIN, 1),
    # 1 - 2 and 3 in play: 1 each, the odd seed to South (fewer)
    ([1, 1, 0, 0, 2, 2], "S...N.", [3, 0, 0, 0, 3, 0], TIE, None),
    # North's child in South's hole 0 is a child like any other
    ([2, 1, 0, 0, 2, 2], "N...S.", [4, 0, 0, 0, 3, 0], WIN, 1),
])
def test_without_stores_the_seeds_in_play_are_divvied_into_each_players_last_child(
        version, board, kids, after, kind, winner):
    game = no_stores(version)
    pos = at(game, board, children=kids)
    assert stop(game, pos) == (after, [0, 0], kind, winner)


@pytest.mark.parametrize(("board", "kids", "after", "winner"), [
    ([2, 1, 0, 3, 0, 0], "S.....", [6, 0, 0, 0, 0, 0], 0),  # 6 into South's child, hole 0
    ([2, 1, 0, 3, 0, 0], "N.....", [6, 0, 0, 0, 0, 0], 1),  # into North's
    # nothing in play: the only child's 3 seeds still win
    ([0, 0, 0, 3, 0, 0], "...S..", [0, 0, 0, 3, 0, 0], 0),
    ([0, 0, 0, 3, 0, 0], "...N..", [0, 0, 0, 3, 0, 0], 1),
])
def test_without_stores_the_only_player_with_children_takes_the_seeds_in_play(
        board, kids, after, winner):
    game = no_stores()
    pos = at(game, board, children=kids)
    assert stop(game, pos) == (after, [0, 0], WIN, winner)


@pytest.mark.parametrize("board", [[1, 2, 0, 0, 2, 1], [1, 2, 0, 0, 2, 2]])
def test_without_stores_or_children_a_stopped_game_is_a_tie_and_the_board_emptied(board):
    # half the seeds each (3 of 6, and of 7 as well: no half seed decides)
    game = no_stores()
    pos = at(game, board, turn=1)
    assert stop(game, pos) == ([0] * 6, [0, 0], TIE, None)
    assert pos.turn == 1


# ---- counted where they lie: round_fill LOSER_ONLY ----------------------------------------
# The winner keeps their side into the next round, so the seeds left are counted for their
# holes' owners and nothing moves; children count for their owner, a ram for nobody.
# South 2 -> 3 empties South's own holes (end_cond CLEARED_OWN): South's store 4 against
# North's 1, which the seeds left on the board overturn.

LOSER_ONLY = {"rules_version": "1.10", "stores": True, "rounds": "NO_MOVES",
              "round_fill": "LOSER_ONLY", "end_cond": "CLEARED_OWN", "blocks": True}
CHILDREN = {"child_type": "NORMAL", "child_cvt": 4}


@pytest.mark.parametrize(("rules", "board", "kids", "after", "outcome"), [
    # North's 5 on its row: 4 against 6; South holds enough to refill and North can move
    (CHILDREN, [0, 0, 1, 2, 2, 0], "......", [0, 0, 0, 3, 2, 0], (OutcomeKind.ROUND_WIN, 1)),
    # South's child in North's hole 5: 4 + 3 against 1 + 5; South's side has no move left
    (CHILDREN, [0, 0, 1, 2, 2, 3], ".....S", [0, 0, 0, 3, 2, 3], (WIN, 0)),
    # North's child in South's hole 0: 4 against 1 + 2 + 5 (by rows it would be 6 - 6)
    (CHILDREN, [2, 0, 1, 2, 2, 0], "N.....", [2, 0, 0, 3, 2, 0], (OutcomeKind.ROUND_WIN, 1)),
])
def test_loser_only_counts_the_seeds_left_for_their_holes_owners_where_they_lie(
        rules, board, kids, after, outcome):
    game = make(3, 2, **LOSER_ONLY, **rules)
    pos = game.play(at(game, board, stores=[4, 1], children=kids), 2)
    assert (pos.board, pos.stores) == (after, [4, 1])
    assert (pos.outcome.kind, pos.outcome.winner) == outcome


def test_loser_only_counts_a_rams_seeds_for_nobody():
    # the ram in hole 5 holds 3 and counts for nobody: 4 against 1 + 5
    game = make(3, 2, child_type="RAM", sow_direct="CCW", **LOSER_ONLY)
    pos = at(game, [0, 0, 1, 2, 2, 3], stores=[4, 1])
    pos.child[5] = NO_CH_OWNER
    pos = game.play(pos, 2)
    assert (pos.board, pos.stores) == ([0, 0, 0, 3, 2, 3], [4, 1])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.ROUND_WIN, 1)
