"""Cross captures: crosscapt and what xcpickown does with the sowing seed (LEAVE,
PICK_ON_CAPT, ALWAYS_PICK), with capt_side and evens, and xc_sown's repeat turn.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md. With 3 holes a side: South 0 1 2, North 3 4 5; 0<->5, 1<->4, 2<->3 face each other.
"""

from __future__ import annotations

import pytest

from tests.engine.helpers import make, run

# ---- crosscapt and xcpickown ----------------------------------------------------------


@pytest.mark.parametrize(
    ("xcpickown", "board", "stores"),
    [
        ("LEAVE", [0, 1, 0, 2, 0, 4], [3, 0]),
        ("PICK_ON_CAPT", [0, 0, 0, 2, 0, 4], [4, 0]),
        ("ALWAYS_PICK", [0, 0, 0, 2, 0, 4], [4, 0]),
    ],
)
def test_crosscapt_takes_the_opposite_hole_when_the_last_seed_lands_in_an_empty_hole(xcpickown, board, stores):
    game = make(holes=3, crosscapt=True, xcpickown=xcpickown)
    pos = run(game, [1, 0, 0, 2, 3, 4], 0)  # last seed in empty 1; 4 faces it with 3
    assert (pos.board, pos.stores, pos.turn) == (board, stores, 1)


@pytest.mark.parametrize(
    ("xcpickown", "board", "stores"),
    [
        ("LEAVE", [0, 1, 0, 2, 0, 4], [0, 0]),
        ("PICK_ON_CAPT", [0, 1, 0, 2, 0, 4], [0, 0]),
        ("ALWAYS_PICK", [0, 0, 0, 2, 0, 4], [1, 0]),
    ],
)
def test_xcpickown_with_an_empty_opposite_hole_only_always_pick_takes_the_single_seed(xcpickown, board, stores):
    game = make(holes=3, crosscapt=True, xcpickown=xcpickown)
    pos = run(game, [1, 0, 0, 2, 0, 4], 0)
    assert (pos.board, pos.stores, pos.turn) == (board, stores, 1)


def test_always_pick_leaves_the_seed_where_capt_side_rules_out_a_cross_capture():
    # Kalah's empty-capture rule: only a last seed in an empty hole of one's own is taken
    game = make(holes=3, crosscapt=True, xcpickown="ALWAYS_PICK", capt_side="OPP_SIDE")
    pos = run(game, [0, 0, 2, 0, 0, 4], 2)  # 3, 4: last seed in North's empty hole 4
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 1, 1, 4], [0, 0], 1)
    pos = run(game, [1, 0, 0, 0, 0, 4], 0)  # last seed in own empty hole 1, opposite 4 holds 0
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 0, 0, 4], [1, 0], 1)


def test_crosscapt_needs_the_last_hole_to_have_been_empty():
    game = make(holes=3, crosscapt=True, xcpickown="ALWAYS_PICK")
    pos = run(game, [1, 1, 0, 2, 3, 4], 0)  # hole 1 now holds 2
    assert (pos.board, pos.stores) == ([0, 2, 0, 2, 3, 4], [0, 0])


def test_crosscapt_on_the_opponents_side_takes_the_movers_own_facing_hole_with_capt_side_both():
    game = make(holes=3, crosscapt=True)
    pos = run(game, [0, 2, 3, 0, 1, 1], 1, stores=[0, 3])  # 2, 3: 3 was empty, faces 2 (4)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 1, 1, 1], [4, 3], 1)
    game = make(holes=3, crosscapt=True, capt_side="OPP_SIDE")
    pos = run(game, [0, 2, 3, 0, 1, 1], 1, stores=[0, 3])
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 4, 1, 1, 1], [0, 3], 1)


def test_crosscapt_with_evens_only_takes_an_even_opposite_hole():
    game = make(holes=3, crosscapt=True, evens=True)
    assert run(game, [1, 0, 0, 2, 3, 4], 0).stores == [0, 0]  # 3 seeds: odd
    pos = run(game, [1, 0, 0, 2, 2, 4], 0)
    assert (pos.board, pos.stores) == ([0, 1, 0, 2, 0, 4], [2, 0])


def test_xc_sown_gives_a_repeat_turn_and_no_capture_when_the_sow_stayed_on_own_side():
    game = make(holes=3, crosscapt=True, xc_sown=True)
    pos = run(game, [1, 0, 0, 2, 3, 4], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 0, 2, 3, 4], [0, 0], 0)


def test_xc_sown_cross_captures_after_sowing_the_opponents_side():
    game = make(holes=3, crosscapt=True, xc_sown=True)
    # 5 from 2: 3 4 5 0 1; 1 was empty and faces 4 (now 2)
    pos = run(game, [0, 0, 5, 1, 1, 0], 2)
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 2, 0, 1], [2, 0], 1)


def test_xc_sown_no_repeat_turn_when_the_last_hole_was_occupied():
    game = make(holes=3, crosscapt=True, xc_sown=True)
    pos = run(game, [1, 1, 0, 2, 3, 4], 0)
    assert (pos.board, pos.turn) == ([0, 2, 0, 2, 3, 4], 1)


def test_xcpickown_always_pick_without_a_capture_is_no_capture_for_capt_rturn():
    """The picked seed changes the board but is not a capture (the reference's
    capt_changed): no repeat turn."""
    game = make(holes=3, crosscapt=True, xcpickown="ALWAYS_PICK", capt_rturn="ALWAYS")
    pos = run(game, [1, 0, 1, 2, 0, 4], 0)  # 1 was empty, 4 is empty: only the seed is picked
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 2, 0, 4], [1, 0], 1)
    # with a capture the repeat turn is given
    pos = run(game, [1, 0, 1, 2, 3, 4], 0)  # 1 faces 4 (3)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 2, 0, 4], [4, 0], 0)


def test_xcpickown_always_pick_without_a_capture_is_no_capture_for_pickextra():
    game = make(holes=3, crosscapt=True, xcpickown="ALWAYS_PICK", pickextra="PICKTWOS")
    pos = run(game, [1, 0, 1, 2, 0, 4], 0)  # the seed only: North's 3 (two seeds) stays
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 2, 0, 4], [1, 0], 1)
