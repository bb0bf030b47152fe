"""prescribed openings: the game's first move sown by its own rule (ARNGE_LIMIT: arranged).

Positions worked out by hand. 3 holes a side: South 0 1 2, North 3 4 5 (0-5, 1-4, 2-3 face
each other); 4 holes: South 0..3, North 4..7 (i faces 7-i); counter-clockwise = +1.
Decisions: docs/rules-decisions.md, "Prescribed openings".
"""

from __future__ import annotations

import pytest

from mancala.engine import IllegalMove
from tests.engine.helpers import at, make, run

# ---- BASIC_SOWER ---------------------------------------------------------------------


def test_basic_sower_first_move_is_one_plain_lap_then_the_variants_sowing():
    game = make(3, 2, stores=True, sow_own_store=True, mlaps="LAPPER", prescribed="BASIC_SOWER")
    # South 2 (2 seeds), the opening: no store, no laps: 3 -> 3, 4 -> 3
    pos = run(game, [2, 2, 2, 2, 2, 2], 2)
    assert pos.board == [2, 2, 0, 3, 3, 2]
    assert pos.stores == [0, 0]
    assert pos.turn == 1
    # North 5 (2 seeds), sown as the variant sows: North's store +1, 0 -> 3; lap from 0 (3):
    # 1 -> 3, 2 -> 1, 3 -> 4; lap from 3 (4): 4 -> 4, 5 -> 1, store +1, 0 -> 1: ends
    pos = game.play(pos, 5)
    assert pos.board == [1, 3, 1, 0, 4, 1]
    assert pos.stores == [0, 2]
    assert pos.turn == 0


# ---- MLAPS_SOWER ---------------------------------------------------------------------


def test_mlaps_sower_first_move_sows_laps_in_a_single_lap_game():
    game = make(3, 2, prescribed="MLAPS_SOWER")
    # South 1 (2): 2, 3 | from 3 (2): 4, 5 | from 5 (3): 0, 1, 2 | from 2 (2): 3, 4 |
    # from 4 (4): 5, 0, 1, 2: the lap ends in hole 2 with one seed
    pos = run(game, [0, 2, 0, 1, 2, 2], 1)
    assert pos.board == [2, 2, 1, 1, 0, 1]
    # the second move is a single lap: North 3 (1 seed): 4 -> 1
    pos = game.play(pos, 3)
    assert pos.board == [2, 2, 1, 0, 1, 1]
    assert pos.turn == 0


# ---- SOW1OPP -------------------------------------------------------------------------


def test_sow1opp_last_seed_skips_the_rest_of_the_own_row():
    game = make(4, 2, prescribed="SOW1OPP")
    # South 0 (3 seeds): 1, 2, and the last seed, bound for South's 3, goes to North's first
    # hole ahead, 4
    pos = run(game, [3, 0, 0, 0, 1, 1, 1, 1], 0)
    assert pos.board == [0, 1, 1, 0, 2, 1, 1, 1]


def test_sow1opp_clockwise_goes_to_the_first_opponent_hole_clockwise():
    game = make(4, 2, sow_direct="CW", prescribed="SOW1OPP")
    # South 3 CW (3 seeds): 2, 1, and the last seed, bound for 0, goes to North's 7
    pos = run(game, [0, 0, 0, 3, 1, 1, 1, 1], 3)
    assert pos.board == [0, 1, 1, 0, 1, 1, 1, 2]


def test_sow1opp_changes_nothing_once_a_seed_reached_the_opponent():
    game = make(3, 2, prescribed="SOW1OPP")
    pos = run(game, [0, 0, 3, 1, 1, 1], 2)
    assert pos.board == [0, 0, 0, 2, 2, 2]


def test_sow1opp_applies_to_the_first_move_only():
    game = make(4, 2, prescribed="SOW1OPP")
    pos = at(game, [0, 0, 0, 0, 3, 0, 1, 1], turn=1)
    # the opening, North 4 (3 seeds): 5, 6, and the last, bound for North's 7, goes to South's 0
    pos = game.play(pos, 4)
    assert pos.board == [1, 0, 0, 0, 0, 1, 2, 1]
    # South's first move is the game's second: sown plainly. South 0 (1 seed): 1 -> 1 (the
    # opening would have sent it to North's 4)
    pos = game.play(pos, 0)
    assert pos.board == [0, 1, 0, 0, 0, 1, 2, 1]


# ---- PLUS1MINUS1 ---------------------------------------------------------------------


def test_plus1minus1_moves_one_seed_forward_in_pairs_then_one_across():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1", capt_on=[2])
    # South 0 keeps its seeds; from 1 on, alternately one seed less and one more: 1 -1,
    # 2 +1, 3 -1, 4 +1, 5 -1; then one seed into the hole facing 0 (5: now 2), the
    # capture step's hole: capt_on 2 takes it
    pos = run(game, [2, 2, 2, 2, 2, 2], 0)
    assert pos.board == [2, 1, 3, 1, 3, 0]
    assert pos.stores == [2, 0]
    assert pos.turn == 1
    plain = make(3, 2, stores=True, prescribed="PLUS1MINUS1")  # no capture rule
    assert run(plain, [2, 2, 2, 2, 2, 2], 0).board == [2, 1, 3, 1, 3, 2]


def test_plus1minus1_from_north():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1", capt_on=[2])
    # North 3: 4 -1, 5 +1, 0 -1, 1 +1, 2 -1; hole 2 faces 3: one seed in, 2 captured
    pos = run(game, [2, 2, 2, 2, 2, 2], 3, turn=1)
    assert pos.board == [1, 3, 0, 2, 1, 3]
    assert pos.stores == [0, 2]


def test_plus1minus1_only_the_games_first_move():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1")
    # after South's opening [2, 1, 3, 1, 3, 2], North's 3 (one seed) is sown as usual: 4
    pos = run(game, [2, 2, 2, 2, 2, 2], 0, 3)
    assert pos.board == [2, 1, 3, 0, 4, 2]


@pytest.mark.xfail(strict=True, reason="engine bug (as the reference): PLUS1MINUS1 takes a "
                   "seed from empty holes, e.g. after an ALTERNATES start")
def test_plus1minus1_never_makes_a_negative_count():
    game = make(4, 2, stores=True, prescribed="PLUS1MINUS1", start_pattern="ALTERNATES",
                capt_on=[2])
    pos = game.start(0)
    pos = game.play(pos, game.legal_moves(pos)[0])
    assert min(pos.board) >= 0, pos.board


def test_plus1minus1_capture_held_back_by_nocaptmoves():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1", capt_on=[2], nocaptmoves=1)
    pos = run(game, [2, 2, 2, 2, 2, 2], 0)
    assert pos.board == [2, 1, 3, 1, 3, 2]
    assert pos.stores == [0, 0]


# ---- ARNGE_LIMIT ---------------------------------------------------------------------
# The first move may be an arrangement ({"arrange": [...]}, tests/engine/test_arrange.py);
# a starter who sows instead has their captures and children held back until a move
# captures or changes something (the reference's UI does so when the player declines).


def arnge(**extra):
    return make(4, 2, stores=True, prescribed="ARNGE_LIMIT", capt_on=[3, 4], capt_side="OPP_SIDE",
                rounds="NO_MOVES", round_fill="SHORTEN", **extra)


def test_arnge_limit_the_first_move_may_still_be_a_sowing():
    game = make(3, 2, stores=True, prescribed="ARNGE_LIMIT")
    pos = game.start(0)
    assert game.legal_moves(pos) == [0, 1, 2]  # an arrangement is never listed
    with pytest.raises(IllegalMove):
        game.play(pos, {"arrange": [0, 1, 4]})  # 5 seeds of 6
    assert game.play(pos, 0).board == [0, 3, 3, 2, 2, 2]


def test_arnge_limit_holds_the_arranging_players_captures_back_until_a_capture():
    game = arnge()
    pos = game.start(0)
    assert pos.inhibit == (None, False, False, False)
    pos.inhibit = (0, True, True, False)  # South is held back
    pos.last = (1, 0, 0, 0)  # not the game's first move
    # South 3 (2 seeds): 4 -> 3, 5 -> 3: a capture (3 on North's side), held back
    pos = game.play(pos, 3)
    assert (pos.board, pos.stores) == ([2, 2, 2, 0, 3, 3, 2, 2], [0, 0])
    # North 7 (2 seeds): 0 -> 3, 1 -> 3: North captures 3: the limit is lifted
    pos = game.play(pos, 7)
    assert (pos.board, pos.stores) == ([3, 0, 2, 0, 3, 3, 2, 0], [0, 3])
    assert pos.inhibit == (0, False, False, False)
    # South 2 (2 seeds): 3 -> 1, 4 -> 4: captured
    pos = game.play(pos, 2)
    assert (pos.board, pos.stores) == ([3, 0, 0, 1, 0, 3, 2, 0], [4, 3])


def test_arnge_limit_a_first_sowing_holds_the_starter_back():
    game = arnge()
    pos = game.play(game.start(0), 3)  # 4 -> 3, 5 -> 3: 3 on North's side, not taken
    assert (pos.board, pos.stores) == ([2, 2, 2, 0, 3, 3, 2, 2], [0, 0])
    assert pos.inhibit == (0, True, True, False)


def test_arnge_limit_an_arrangement_limits_nothing():
    game = arnge()
    pos = game.play(game.start(0), {"arrange": [0, 1, 3, 4]})
    assert (pos.board, pos.turn) == ([0, 1, 3, 4, 0, 1, 3, 4], 1)
    pos = game.play(pos, 7)  # North 7 (4): 0 -> 1, 1 -> 2, 2 -> 4, 3 -> 5
    # South 2 (4): 3 -> 6, 4 -> 1, 5 -> 2, 6 -> 4: taken
    pos = game.play(pos, 2)
    assert (pos.board, pos.stores) == ([1, 2, 0, 6, 1, 2, 0, 0], [4, 0])
