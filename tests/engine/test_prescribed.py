"""prescribed openings: the game's first move sown by its own rule (ARNGE_LIMIT: arranged).

Positions worked out by hand. 3 holes a side: South 0 1 2, North 3 4 5 (0-5, 1-4, 2-3 face
each other); 4 holes: South 0..3, North 4..7 (i faces 7-i); counter-clockwise = +1.
Decisions: docs/rules-decisions.md, "Prescribed openings".
"""

from __future__ import annotations

import pytest

from mancala.engine import IllegalMove
from mancala.engine.prescribed import Arrange
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


def test_plus1minus1_moves_one_seed_forward_in_pairs_then_captures_across():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1")
    # South 0 keeps its seeds; pairs (1 -> 2), (3 -> 4); hole 5, just short of 0, is left;
    # then the hole facing 0, 5 (2 seeds), is captured
    pos = run(game, [2, 2, 2, 2, 2, 2], 0)
    assert pos.board == [2, 1, 3, 1, 3, 0]
    assert pos.stores == [2, 0]
    assert pos.turn == 1


def test_plus1minus1_from_north():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1")
    # North 3: pairs (4 -> 5), (0 -> 1); hole 2 left; hole 2 faces 3: North captures its 2
    pos = run(game, [2, 2, 2, 2, 2, 2], 3, turn=1)
    assert pos.board == [1, 3, 0, 2, 1, 3]
    assert pos.stores == [0, 2]


def test_plus1minus1_an_empty_hole_gives_nothing_and_the_pattern_goes_on():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1")
    pos = run(game, [2, 0, 2, 2, 2, 2], 0)
    assert pos.board == [2, 0, 2, 1, 3, 0]
    assert pos.stores == [2, 0]


def test_plus1minus1_capture_held_back_by_nocaptmoves():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1", nocaptmoves=1)
    pos = run(game, [2, 2, 2, 2, 2, 2], 0)
    assert pos.board == [2, 1, 3, 1, 3, 2]
    assert pos.stores == [0, 0]


# ---- ARNGE_LIMIT ---------------------------------------------------------------------


def arnge(**extra):
    return make(4, 2, stores=True, prescribed="ARNGE_LIMIT", capt_on=[3, 4], capt_side="OPP_SIDE", **extra)


def test_arnge_limit_first_move_arranges_both_rows_alike():
    game = make(3, 2, stores=True, prescribed="ARNGE_LIMIT")
    pos = game.start(0)
    pos = game.play(pos, {"arrange": [0, 1, 5]})
    # South's row from South's left, North's from North's left (3, 4, 5)
    assert pos.board == [0, 1, 5, 0, 1, 5]
    assert pos.turn == 1
    assert pos.moves == 1 and pos.player_moves == [1, 0]
    assert pos.capt_limit is None


def test_arnge_limit_arrangement_is_not_listed_in_legal():
    game = make(3, 2, stores=True, prescribed="ARNGE_LIMIT")
    pos = game.start(0)
    assert game.legal_moves(pos) == [0, 1, 2]


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ({"arrange": [1, 1, 5]}, "holds 7 seeds"),
        ({"arrange": [2, 4]}, "3 seed"),
        ({"arrange": [2, -1, 5]}, "0 or more"),
        ({"arrange": [2, True, 3]}, "0 or more"),
        ({"arrange": [2, 2, 2], "x": 1}, "arrange"),
        ({"arrange": "222"}, "arrange"),
    ],
)
def test_arnge_limit_bad_arrangements_are_refused(move, words):
    game = make(3, 2, stores=True, prescribed="ARNGE_LIMIT")
    pos = game.start(0)
    with pytest.raises(IllegalMove, match=words):
        game.play(pos, move)


def test_arnge_limit_arrangement_must_leave_a_hole_to_move_from():
    game = make(3, 2, stores=True, prescribed="ARNGE_LIMIT", min_move=2)
    pos = game.start(0, board=[3, 0, 0, 3, 0, 0])
    with pytest.raises(IllegalMove, match="no hole with 2"):
        game.play(pos, {"arrange": [1, 1, 1]})
    assert game.play(pos, {"arrange": [0, 1, 2]}).board == [0, 1, 2, 0, 1, 2]


def test_arnge_limit_only_on_the_first_move_and_equal_rows():
    game = make(3, 2, stores=True, prescribed="ARNGE_LIMIT")
    pos = game.play(game.start(0), 0)
    with pytest.raises(IllegalMove, match="first move"):
        game.play(pos, {"arrange": [2, 2, 2]})
    uneven = at(game, [2, 2, 2, 2, 2, 3])
    with pytest.raises(IllegalMove, match="rows hold 6 and 7"):
        game.play(uneven, {"arrange": [2, 2, 2]})


def test_arnge_limit_a_sown_first_move_holds_the_starters_captures_back_until_the_other_captures():
    game = arnge()
    pos = game.start(0)
    # South 3 (2 seeds): 4 -> 3, 5 -> 3: a capture (3 on North's side), held back
    pos = game.play(pos, 3)
    assert pos.board == [2, 2, 2, 0, 3, 3, 2, 2]
    assert pos.stores == [0, 0]
    assert pos.capt_limit == 0
    # North 7 (2 seeds): 0 -> 3, 1 -> 3: North captures 3: the limit is lifted
    pos = game.play(pos, 7)
    assert pos.board == [3, 0, 2, 0, 3, 3, 2, 0]
    assert pos.stores == [0, 3]
    assert pos.capt_limit is None
    # South 2 (2 seeds): 3 -> 1, 4 -> 4: captured
    pos = game.play(pos, 2)
    assert pos.board == [3, 0, 0, 1, 0, 3, 2, 0]
    assert pos.stores == [4, 3]


def test_arnge_limit_holds_on_while_the_other_has_not_captured():
    game = arnge()
    pos = at(game, [0, 0, 0, 2, 1, 2, 1, 1])
    pos.moves, pos.player_moves, pos.capt_limit = 2, [1, 1], 0
    # South 3 (2 seeds): 4 -> 2, 5 -> 3: a capture, still held back
    after = game.play(pos, 3)
    assert after.board == [0, 0, 0, 0, 2, 3, 1, 1]
    assert after.stores == [0, 0]
    pos.capt_limit = None
    after = game.play(pos, 3)
    assert after.board == [0, 0, 0, 0, 2, 0, 1, 1]
    assert after.stores == [3, 0]


def test_arnge_limit_an_arranged_first_move_limits_nothing():
    game = arnge()
    pos = game.play(game.start(0), {"arrange": [2, 2, 2, 2]})
    assert pos.capt_limit is None
    assert pos.turn == 1


def test_arrange_move_engine_form():
    game = make(3, 2, stores=True, prescribed="ARNGE_LIMIT")
    move = game.normalize(game.start(0), {"arrange": [1, 2, 3]})
    assert move == Arrange((1, 2, 3))
    assert move.to_json() == {"arrange": [1, 2, 3]}


def test_arnge_limit_no_child_for_the_held_back_starter_until_the_other_makes_one():
    game = make(3, 2, stores=True, child_type="NORMAL", child_cvt=3, prescribed="ARNGE_LIMIT")
    # South 2 (2 seeds): 3 -> 3, 4 -> 3: would make hole 4 South's child; held back
    pos = game.play(game.start(0), 2)
    assert pos.board == [2, 2, 0, 3, 3, 2]
    assert pos.children == [None] * 6
    assert pos.capt_limit == 0
    # North 5 (2 seeds): 0 -> 3, 1 -> 3: hole 1 becomes North's child: the limit is lifted
    pos = game.play(pos, 5)
    assert pos.children == [None, 1, None, None, None, None]
    assert pos.capt_limit is None
    # without ARNGE_LIMIT South's first move makes the child
    plain = make(3, 2, stores=True, child_type="NORMAL", child_cvt=3)
    assert plain.play(plain.start(0), 2).children == [None, None, None, None, 0, None]
