"""When a capture may happen and what follows it: repeat turns after a capture
(capt_rturn), captures forbidden for single-seed moves (nosinglecapt) or in the first
moves (nocaptmoves, forced passes counted), and locked holes (moveunlock).

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md. With 3 holes a side: South 0 1 2, North 3 4 5; 0<->5, 1<->4, 2<->3 face each other.
With 4: South 0..3, North 4..7, hole i faces 7-i.
"""

from __future__ import annotations

import pytest

from tests.engine.helpers import at, make, run

# ---- capt_rturn -------------------------------------------------------------------------------
# holes=4, capt_on [2]: South 3 -> 4 (2) captured; then South 2 (3): 3 4 5 -> 5 (2) captured.

RTURN_BOARD = [0, 0, 3, 1, 1, 1, 1, 1]


def test_capt_rturn_no_repeat_passes_the_turn_after_a_capture():
    game = make(holes=4, capt_on=[2], capt_rturn="NO_REPEAT")
    pos = run(game, RTURN_BOARD, 3)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 3, 0, 0, 1, 1, 1], [2, 0], 1)


def test_capt_rturn_always_repeats_after_every_capture():
    game = make(holes=4, capt_on=[2], capt_rturn="ALWAYS")
    pos = run(game, RTURN_BOARD, 3)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 3, 0, 0, 1, 1, 1], [2, 0], 0)
    pos = game.play(pos, 2)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 1, 1, 0, 1, 1], [4, 0], 0)


def test_capt_rturn_once_repeats_only_after_the_first_capture():
    game = make(holes=4, capt_on=[2], capt_rturn="ONCE")
    pos = run(game, RTURN_BOARD, 3)
    assert pos.turn == 0
    pos = game.play(pos, 2)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 1, 1, 0, 1, 1], [4, 0], 1)


def test_capt_rturn_always_no_repeat_without_a_capture():
    game = make(holes=4, capt_on=[2], capt_rturn="ALWAYS")
    pos = run(game, [1, 0, 1, 1, 1, 1, 1, 1], 2)  # 3 holds 2 -> captured
    assert pos.turn == 0
    pos = run(game, [0, 1, 0, 1, 1, 1, 1, 1], 1)  # 2 holds 1: no capture
    assert (pos.stores, pos.turn) == ([0, 0], 1)


# ---- nosinglecapt, nocaptmoves --------------------------------------------------------------


def test_nosinglecapt_a_single_seed_move_cannot_capture():
    game = make(holes=3, capt_on=[2], nosinglecapt=True)
    pos = run(game, [0, 0, 1, 1, 1, 1], 2)
    assert (pos.board, pos.stores) == ([0, 0, 0, 2, 1, 1], [0, 0])
    pos = run(game, [0, 2, 0, 1, 1, 1], 1)  # two seeds may capture
    assert (pos.board, pos.stores) == ([0, 0, 1, 0, 1, 1], [2, 0])


def test_nosinglecapt_also_blocks_a_single_seed_cross_capture():
    game = make(holes=3, crosscapt=True, nosinglecapt=True)
    pos = run(game, [1, 0, 0, 2, 3, 4], 0)
    assert (pos.board, pos.stores) == ([0, 1, 0, 2, 3, 4], [0, 0])


def test_nocaptmoves_forbids_captures_in_the_first_moves_of_the_game():
    game = make(holes=3, capt_on=[2], nocaptmoves=1)
    pos = run(game, [1, 0, 1, 1, 1, 1], 2)  # move 1: 3 holds 2 but no capture
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 0, 2, 1, 1], [0, 0], 1)
    pos = game.play(pos, 4)  # move 2: 5 holds 2 -> captured
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 0, 2, 0, 0], [0, 2], 0)


@pytest.mark.parametrize(
    ("nocaptmoves", "board", "stores"),
    [
        # lifted after move 1: the third captures 2; the single seed left cannot change
        # the outcome (capt_on 2): the game ends, South's seed to South: 3 - 3
        (1, [0] * 8, [3, 3]),
        # the inhibition is lifted after a move (not a pass) once the count (passes
        # included) reaches nocaptmoves: after move 3, too late for move 3 itself
        (2, [0, 0, 2, 1, 0, 0, 0, 0], [0, 3]),
        (3, [0, 0, 2, 1, 0, 0, 0, 0], [0, 3]),
    ],
)
def test_nocaptmoves_counts_forced_passes(nocaptmoves, board, stores):
    game = make(holes=4, capt_on=[2], mustpass=True, nocaptmoves=nocaptmoves)
    pos = run(game, [1, 0, 1, 1, 0, 0, 0, 0], 0, stores=[0, 3])  # 0 -> 1; North must pass
    assert (pos.turn, pos.mcount) == (0, 2)
    pos = game.play(pos, 1)  # 2 now holds 2
    assert (pos.board, pos.stores, pos.turn) == (board, stores, 0)


# ---- moveunlock -------------------------------------------------------------------------------------


def test_moveunlock_holes_start_locked_and_locked_holes_are_not_captured():
    game = make(holes=3, capt_on=[1], moveunlock=True)
    pos = at(game, [1, 1, 1, 1, 0, 1], turn=1)
    assert pos.unlocked == [False] * 6
    pos = game.play(pos, 3)  # 4 (1) meets capt_on but is locked
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 1, 0, 1, 1], [0, 0], 0)
    assert pos.unlocked == [False, False, False, True, False, False]
    pos = game.play(pos, 2)  # 3 (1): unlocked by North's move -> captured
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 0, 1, 1], [1, 0], 1)
    assert pos.unlocked == [False, False, True, True, False, False]


def test_without_moveunlock_every_hole_is_unlocked():
    game = make(holes=3, capt_on=[1])
    assert game.start(0).unlocked == [True] * 6


def test_moveunlock_locked_opposite_hole_is_not_cross_captured():
    game = make(holes=3, crosscapt=True, moveunlock=True)
    pos = run(game, [1, 0, 0, 2, 3, 4], 0)
    assert (pos.board, pos.stores) == ([0, 1, 0, 2, 3, 4], [0, 0])
