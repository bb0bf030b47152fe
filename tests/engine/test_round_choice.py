"""Round choices (round_fill UCHOOSE, UMOVE, UCHOWN; mancala.engine.round_choice): the
choice `Game.round_choice` asks for after a round, and how `Game.next_round(pos, choice)`
changes the rules' layout by it or refuses it.

The engine takes these choices as data (docs/rules-decisions.md, "Round choices"): the
server's rooms (tests/server/test_round_choices.py) and `mancala replay` hand them on.
Expected values are worked out by hand from the parameter reference (round_fill) and the
docs. 4 holes a side, 2 seeds a hole (16 seeds) unless said: South 0 1 2 3, North 4 5 6 7
(hole i faces 7 - i). Every game sows into its own store, which is how seeds reach the
stores without captures.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest

from mancala.engine import Game, IllegalMove, OutcomeKind, Position
from mancala.rules.loading import load_variant
from tests.engine.helpers import make, run, snapshot

ROUND_WIN, ROUND_TIE, WIN = OutcomeKind.ROUND_WIN, OutcomeKind.ROUND_TIE, OutcomeKind.WIN


def rounds_game(fill: str, **gi: Any) -> Game:
    base = {"stores": True, "sow_own_store": True, "rounds": "HALF_SEEDS", "round_fill": fill}
    return make(4, 2, **(base | gi))


def ended(game: Game, board: list[int], move: int, stores: list[int], turn: int = 0) -> Position:
    """The position after `move`, which must end a round."""
    pos = run(game, board, move, stores=stores, turn=turn)
    assert pos.outcome is not None and pos.outcome.kind in (ROUND_WIN, ROUND_TIE)
    return pos


# ---- UCHOOSE: the player whose row has blocked holes picks which are filled -------------
# South's 3 (2 seeds): one to its store, one to North's 4. South 9 of 16 (more than half)
# wins the round, North holds 7: South refills its 4 holes (1 over), North 3 holes (1
# over) and its fourth is blocked. North's mirror image: North's 7 -> its store and 0.
SOUTH_WINS_9_7 = ([0, 0, 0, 2, 0, 0, 0, 0], 3, [8, 6], 0)
NORTH_WINS_9_7 = ([0, 0, 0, 0, 0, 0, 0, 2], 7, [6, 8], 1)


@pytest.mark.parametrize(("end", "chooser", "row"), [
    (SOUTH_WINS_9_7, 1, [4, 5, 6, 7]),
    (NORTH_WINS_9_7, 0, [0, 1, 2, 3]),
], ids=["north_chooses", "south_chooses"])
def test_uchoose_asks_the_player_with_blocked_holes_how_many_of_their_holes_to_fill(end, chooser, row):
    game = rounds_game("UCHOOSE", blocks=True)
    board, move, stores, turn = end
    pos = ended(game, board, move, stores, turn)
    before = snapshot(pos)
    # the loser's 7 seeds fill 3 of their 4 holes (2 a hole): they pick which 3
    assert game.round_choice(pos) == {"player": chooser, "form": "fill", "count": 3, "holes": row}
    assert snapshot(pos) == before  # asking lays out a copy, the round's end stands


def test_uchoose_fills_the_chosen_holes_and_blocks_the_rest():
    game = rounds_game("UCHOOSE", blocks=True)
    pos = ended(game, *SOUTH_WINS_9_7)
    # the rules fill North's row from the outside in (7, 4, 6) and block 5 (the reference)
    rules = game.next_round(pos)
    assert (rules.board, rules.blocked) == ([2, 2, 2, 2, 2, 0, 2, 2], [False] * 5 + [True] + [False] * 2)
    assert game.next_round(pos, None).board == rules.board  # no choice: the rules' layout
    # North fills 4, 5 and 6: 7 is empty and blocked; nothing else changes
    chosen = game.next_round(pos, {"fill": [6, 4, 5]})
    assert chosen.board == [2, 2, 2, 2, 2, 2, 2, 0]
    assert chosen.blocked == [False] * 7 + [True]
    assert (chosen.stores, chosen.turn, chosen.outcome) == (rules.stores, rules.turn, None)
    assert (chosen.stores, chosen.turn) == ([1, 1], 1)  # the loser starts (round_starter)


@pytest.mark.parametrize(("choice", "message"), [
    ({"fill": [4, 4, 5]}, "distinct holes of row"),
    ({"fill": [3, 4, 5]}, "distinct holes of row"),  # 3 is South's
    ({"fill": [4, 5]}, "exactly 3 holes"),
    ({"fill": [4, 5, 6, 7]}, "exactly 3 holes"),
    ({"layout": [2, 2, 2, 1]}, 'takes {"fill"'),
    ({"fill": [4, 5, 6], "own": [4]}, 'takes {"fill"'),
    ([4, 5, 6], 'takes {"fill"'),
    ({"fill": "456"}, "list of integers"),
    ({"fill": [4, True, 6]}, "list of integers"),
    ({"fill": [4, 5.0, 6]}, "list of integers"),
])
def test_uchoose_refuses_a_choice_the_rules_do_not_allow(choice, message):
    game = rounds_game("UCHOOSE", blocks=True)
    pos = ended(game, *SOUTH_WINS_9_7)
    with pytest.raises(IllegalMove, match=message):
        game.next_round(pos, choice)


def test_a_round_that_blocks_no_hole_asks_nothing_and_refuses_a_choice():
    # South's 3 -> its store: 8 - 8, and South, to move again, has no move: a tie; both
    # refill all 4 holes, nothing is blocked, so there is nothing to choose
    game = rounds_game("UCHOOSE", blocks=True, rounds="NO_MOVES")
    pos = ended(game, [0, 0, 0, 1, 0, 0, 0, 0], 3, [7, 8])
    assert pos.outcome is not None and pos.outcome.kind == ROUND_TIE
    assert game.round_choice(pos) is None
    with pytest.raises(IllegalMove, match="offers no choice"):
        game.next_round(pos, {"fill": [0, 1, 2, 3]})


def test_no_choice_is_asked_before_a_round_ends_after_the_game_ends_or_without_a_user_fill():
    game = rounds_game("UCHOOSE", blocks=True)
    assert game.round_choice(game.start(0)) is None  # the round goes on
    # South's 3 leaves North a single seed, too few for a hole (2): the game is over
    over = run(game, [0, 0, 0, 2, 0, 0, 0, 0], 3, stores=[14, 0])
    assert over.outcome is not None and (over.outcome.kind, over.outcome.winner) == (WIN, 0)
    assert game.round_choice(over) is None
    # OUTSIDE_FILL lays out the same blocks by itself: nothing to ask, a choice refused
    rules = rounds_game("OUTSIDE_FILL", blocks=True)
    pos = ended(rules, *SOUTH_WINS_9_7)
    assert not rules.user_fill and rules.round_choice(pos) is None
    with pytest.raises(IllegalMove, match="offers no choice"):
        rules.next_round(pos, {"fill": [4, 5, 6]})


# ---- UMOVE: the round's loser lays out their row; the winner's copies it ------------------
# South's 3 -> its store and North's 4: South 11, North 5. The rules spread North's 5
# seeds 1 a hole on both rows (1 kept in North's store, South 7); North may lay out its 5
# differently. North's mirror image: 7 -> its store and South's 0.
SOUTH_WINS_11_5 = ([0, 0, 0, 2, 0, 0, 0, 0], 3, [10, 4], 0)
NORTH_WINS_11_5 = ([0, 0, 0, 0, 0, 0, 0, 2], 7, [4, 10], 1)


@pytest.mark.parametrize(("end", "loser", "stores"), [
    (SOUTH_WINS_11_5, 1, [7, 1]),
    (NORTH_WINS_11_5, 0, [1, 7]),
], ids=["north_lays_out", "south_lays_out"])
def test_umove_asks_the_round_loser_to_lay_out_their_seeds(end, loser, stores):
    game = rounds_game("UMOVE")
    pos = ended(game, *end)
    rules = game.next_round(pos)
    assert (rules.board, rules.stores) == ([1] * 8, stores)
    # the loser's 5 seeds: 4 on their row and 1 in their store
    assert game.round_choice(pos) == {"player": loser, "form": "layout", "seeds": 5, "holes": 4,
                                      "min_move": 1}


@pytest.mark.parametrize(("end", "board", "stores"), [
    # North lays out 1 1 2 1 from its left (holes 4..7); South's row is laid out the same
    # from South's left (0..3). North keeps 5 - 5 = 0; South's store takes what its row
    # gives up: 7 + 4 - 5 = 6
    (SOUTH_WINS_11_5, [1, 1, 2, 1, 1, 1, 2, 1], [6, 0]),
    # the mirror image: South lays out, North's store 7 + 4 - 5
    (NORTH_WINS_11_5, [1, 1, 2, 1, 1, 1, 2, 1], [0, 6]),
], ids=["north_lays_out", "south_lays_out"])
def test_umove_lays_out_both_rows_as_the_loser_chose_every_seed_used(end, board, stores):
    game = rounds_game("UMOVE")
    pos = ended(game, *end)
    chosen = game.next_round(pos, {"layout": [1, 1, 2, 1]})
    assert (chosen.board, chosen.stores) == (board, stores)
    assert chosen.turn == game.next_round(pos).turn and chosen.outcome is None


def test_umove_keeps_the_seeds_the_loser_does_not_lay_out_in_their_store():
    game = rounds_game("UMOVE")
    pos = ended(game, *SOUTH_WINS_11_5)
    # 1 1 1 1 uses 4 of North's 5: 1 stays in North's store, South's 7 is unchanged
    chosen = game.next_round(pos, {"layout": [1, 1, 1, 1]})
    assert (chosen.board, chosen.stores) == ([1] * 8, [7, 1])


@pytest.mark.parametrize(("layout", "message"), [
    ([1, 1, 1], "4 counts of at least one seed"),
    ([1, 1, 1, 1, 1], "4 counts of at least one seed"),
    ([0, 2, 2, 1], "4 counts of at least one seed"),
    ([2, 2, 1, 1], "uses 6 seeds of 5"),
    ([1, 1, 1, 1], "a hole of at least 2 seeds"),
])
def test_umove_refuses_a_layout_without_a_seed_a_hole_beyond_the_losers_seeds_or_unplayable(
        layout, message):
    # min_move 2: a hole of at least 2 seeds must be playable
    game = rounds_game("UMOVE", min_move=2)
    pos = ended(game, *SOUTH_WINS_11_5)
    with pytest.raises(IllegalMove, match=message):
        game.next_round(pos, {"layout": layout})
    # one hole of exactly min_move seeds is enough
    chosen = game.next_round(pos, {"layout": [1, 1, 1, 2]})
    assert (chosen.board, chosen.stores) == ([1, 1, 1, 2, 1, 1, 1, 2], [6, 0])


def test_umove_after_a_tie_that_leaves_equal_stores_asks_south():
    # South's 3 -> its store: 8 - 8 and South has no move, a tie. The rules spread 8 seeds
    # 2 a hole, both stores empty: the loser is read from the stores (the one with fewer,
    # South when they are equal), whichever player the even fill counted as the loser
    # (North: docs/rules-decisions.md); both rows hold the same, so either lays out 8
    game = rounds_game("UMOVE", rounds="NO_MOVES")
    pos = ended(game, [0, 0, 0, 1, 0, 0, 0, 0], 3, [7, 8])
    assert pos.outcome is not None and pos.outcome.kind == ROUND_TIE
    rules = game.next_round(pos)
    assert (rules.board, rules.stores) == ([2] * 8, [0, 0])
    assert game.round_choice(pos) == {"player": 0, "form": "layout", "seeds": 8, "holes": 4,
                                      "min_move": 1}


# ---- UCHOWN: the round's winner picks their holes on the row both players own holes on ---
# TERRITORY, 3 holes a side of 4 seeds (24): South 0 1 2, North 3 4 5. South's seed in 2
# reaches its store: 16 - 8, and South, to move again, has no move. 16 seeds are 4 holes:
# South's row and one of North's (the rules give North's leftmost, 3). North's mirror
# image: North's 5 -> its store, North owns its row and South's leftmost hole, 0.


def territory_round(winner: int) -> tuple[Game, Position]:
    game = make(3, 4, goal="TERRITORY", goal_param=5, stores=True, sow_own_store=True,
                rounds="NO_MOVES", round_fill="UCHOWN")
    if winner == 0:
        pos = ended(game, [0, 0, 1, 0, 0, 0], 2, [15, 8])
    else:
        pos = ended(game, [0, 0, 0, 0, 0, 1], 5, [8, 15], turn=1)
    assert pos.outcome is not None and pos.outcome.winner == winner
    return game, pos


@pytest.mark.parametrize(("winner", "row", "owners"), [
    (0, [3, 4, 5], [0, 0, 0, 0, 1, 1]),
    (1, [0, 1, 2], [1, 0, 0, 1, 1, 1]),
])
def test_uchown_asks_the_round_winner_which_holes_of_the_shared_row_are_theirs(winner, row, owners):
    game, pos = territory_round(winner)
    assert game.next_round(pos).owner == owners
    assert game.round_choice(pos) == {"player": winner, "form": "own", "count": 1, "holes": row}


@pytest.mark.parametrize(("winner", "own", "owners"), [
    (0, [5], [0, 0, 0, 1, 1, 0]),  # South takes North's rightmost hole instead
    (1, [2], [0, 0, 1, 1, 1, 1]),  # North takes South's rightmost hole instead
])
def test_uchown_gives_the_winner_the_holes_they_pick_and_the_loser_the_rest(winner, own, owners):
    game, pos = territory_round(winner)
    chosen = game.next_round(pos, {"own": own})
    assert chosen.owner == owners
    assert (chosen.board, chosen.stores) == ([4] * 6, [0, 0])


@pytest.mark.parametrize(("choice", "message"), [
    ({"own": [2]}, "distinct holes of row"),  # South's own row is not the shared one
    ({"own": [4, 5]}, "exactly 1 holes"),
    ({"fill": [5]}, 'takes {"own"'),
])
def test_uchown_refuses_holes_off_the_shared_row_or_too_many(choice, message):
    game, pos = territory_round(0)
    with pytest.raises(IllegalMove, match=message):
        game.next_round(pos, choice)


@pytest.mark.parametrize("c_core", [True, False])
@pytest.mark.parametrize("stem", ["kalah_4", "pallam_kuzhi_1_8"])
def test_a_game_goes_with_its_last_reference(stem: str, c_core: bool) -> None:
    """The round choices link back to their game weakly: with a strong link the game lived
    until the cycle collector ran, and with it the C solver's table the search keeps per
    game (192 MiB by default; a second solve in the same process doubled the peak). The
    pure-Python engine's moves are the class's methods, not bound ones kept on the game
    (which made the same cycle)."""
    gc.disable()
    try:
        game = Game(load_variant(stem), c_core=c_core)
        assert game.round_choice(game.start(0)) is None
        gone = weakref.ref(game)
        del game
        assert gone() is None
    finally:
        gc.enable()
