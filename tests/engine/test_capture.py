"""Captures: cross captures, basic criteria, multicapt, sides, capture types, repeat turns,
grand slams, extra picks and locked holes.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md. With 3 holes a side: South 0 1 2, North 3 4 5; 0<->5, 1<->4,
2<->3 face each other. With 4: South 0..3, North 4..7, hole i faces 7-i.
"""

from __future__ import annotations

import pytest

from mancala.engine import IllegalMove, OutcomeKind
from mancala.rules.advice import advice
from mancala.rules.errors import VariantError
from tests.engine.helpers import at, make, run, snapshot

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


# ---- basic criteria: capt_on, capt_min, capt_max, evens (ANDed) ------------------------------
#
# Board [5,0,2,1,c-1,2], South plays 2: 3, 4 -> the last hole 4 holds c (hole 0 is ballast so
# that no capture ends the game). Captured: board [5,0,0,2,0,2], stores [c,0]; else 4 keeps c.

BASIC_CASES = [
    ({"capt_on": [2, 3]}, 1, False),
    ({"capt_on": [2, 3]}, 2, True),
    ({"capt_on": [2, 3]}, 3, True),
    ({"capt_on": [2, 3]}, 4, False),
    ({"capt_min": 3}, 2, False),
    ({"capt_min": 3}, 3, True),
    ({"capt_min": 3}, 5, True),
    ({"capt_max": 2}, 1, True),
    ({"capt_max": 2}, 2, True),
    ({"capt_max": 2}, 3, False),
    ({"evens": True}, 2, True),
    ({"evens": True}, 3, False),
    ({"evens": True}, 4, True),
    # ANDed combinations
    ({"evens": True, "capt_min": 4}, 2, False),
    ({"evens": True, "capt_min": 4}, 4, True),
    ({"evens": True, "capt_min": 4}, 5, False),
    ({"evens": True, "capt_min": 4}, 6, True),
    ({"capt_on": [2, 3], "capt_max": 2}, 2, True),
    ({"capt_on": [2, 3], "capt_max": 2}, 3, False),
    ({"capt_min": 2, "capt_max": 3}, 1, False),
    ({"capt_min": 2, "capt_max": 3}, 2, True),
    ({"capt_min": 2, "capt_max": 3}, 3, True),
    ({"capt_min": 2, "capt_max": 3}, 4, False),
    ({"capt_on": [3, 4], "evens": True}, 3, False),
    ({"capt_on": [3, 4], "evens": True}, 4, True),
]


@pytest.mark.parametrize(("criteria", "count", "captured"), BASIC_CASES)
def test_basic_capture_criteria_are_anded_on_the_last_hole(criteria, count, captured):
    game = make(holes=3, **criteria)
    pos = run(game, [5, 0, 2, 1, count - 1, 2], 2)
    if captured:
        assert (pos.board, pos.stores) == ([5, 0, 0, 2, 0, 2], [count, 0])
    else:
        assert (pos.board, pos.stores) == ([5, 0, 0, 2, count, 2], [0, 0])
    assert pos.turn == 1


def test_lapper_stops_where_a_basic_capture_can_be_made():
    game = make(holes=3, capt_on=[2], capt_side="OPP_SIDE", mlaps="LAPPER")
    pos = run(game, [3, 0, 1, 1, 0, 2], 2)  # 3 holds 2 on North's side: stop and capture
    assert (pos.board, pos.stores, pos.turn) == ([3, 0, 0, 0, 0, 2], [2, 0], 1)


def test_lapper_goes_on_from_a_hole_meeting_the_criteria_on_a_side_that_cannot_be_captured():
    game = make(holes=3, capt_on=[2], capt_side="OPP_SIDE", mlaps="LAPPER")
    # 1 holds 2 on South's own side: lap on from 1: 2, 3 -> 3 was empty, stop; 1 seed: no capture
    pos = run(game, [1, 1, 0, 0, 1, 1], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 1, 1, 1], [0, 0], 1)


def test_capt_min_greater_than_capt_max_is_advice_not_a_refusal():
    """The reference warns (capt_conflict) and plays: nothing can ever be captured."""
    game = make(holes=3, capt_min=4, capt_max=2)
    assert "capt_conflict" in {v.rule for v in advice(game.variant)}
    for count in (1, 2, 3, 4):
        pos = run(game, [5, 0, 2, 1, count - 1, 2], 2)
        assert pos.stores == [0, 0]


# ---- multicapt and capsamedir ---------------------------------------------------------------
# holes=4, capt_on [2]: South plays 3 (3 seeds): 4, 5, 6 each go from 1 to 2.


def test_multicapt_zero_takes_only_the_last_hole():
    game = make(holes=4, capt_on=[2], multicapt=0)
    pos = run(game, [5, 5, 0, 3, 1, 1, 1, 5], 3)
    assert (pos.board, pos.stores, pos.turn) == ([5, 5, 0, 0, 2, 2, 0, 5], [2, 0], 1)


def test_multicapt_minus_one_goes_back_over_the_sown_holes_while_they_qualify():
    game = make(holes=4, capt_on=[2], multicapt=-1)
    pos = run(game, [5, 5, 0, 3, 1, 1, 1, 5], 3)  # 6, 5, 4; then 3 (empty) stops
    assert (pos.board, pos.stores, pos.turn) == ([5, 5, 0, 0, 0, 0, 0, 5], [6, 0], 1)


def test_multicapt_stops_at_the_first_hole_that_does_not_qualify():
    game = make(holes=4, capt_on=[2], multicapt=-1)
    pos = run(game, [5, 5, 0, 3, 2, 1, 1, 5], 3)  # 6, 5; 4 holds 3
    assert (pos.board, pos.stores) == ([5, 5, 0, 0, 3, 0, 0, 5], [4, 0])


def test_multicapt_k_takes_at_most_k_holes():
    game = make(holes=4, capt_on=[2], multicapt=2)
    pos = run(game, [5, 5, 0, 3, 1, 1, 1, 5], 3)  # 6, 5; 4 would qualify
    assert (pos.board, pos.stores) == ([5, 5, 0, 0, 2, 0, 0, 5], [4, 0])


def test_capsamedir_multicapt_continues_ahead_of_the_last_hole():
    game = make(holes=4, capt_on=[2], multicapt=-1, capsamedir=True)
    pos = run(game, [5, 5, 0, 3, 1, 1, 1, 2], 3)  # 6, then 7 (2); 0 holds 5
    assert (pos.board, pos.stores, pos.turn) == ([5, 5, 0, 0, 2, 2, 0, 0], [4, 0], 1)


def test_multicapt_after_a_cw_sow_goes_back_counter_clockwise():
    game = make(holes=4, sow_direct="CW", capt_on=[2], multicapt=-1)
    # South 0 (3 seeds) CW: 7, 6, 5 -> 5 captured, then back 6, 7; then 0 (emptied) stops
    pos = run(game, [3, 5, 5, 0, 5, 1, 1, 1], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 5, 5, 0, 5, 0, 0, 0], [6, 0], 1)


# ---- capt_side -------------------------------------------------------------------------------


def test_capt_side_both_captures_on_the_movers_own_side():
    game = make(holes=3, capt_on=[2])
    pos = run(game, [1, 1, 0, 1, 1, 1], 0)  # 1 now holds 2
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 1, 1, 1], [2, 0], 1)


def test_capt_side_opp_side_captures_only_on_the_opponents_side():
    game = make(holes=3, capt_on=[2], capt_side="OPP_SIDE")
    assert run(game, [1, 1, 0, 1, 1, 1], 0).stores == [0, 0]
    pos = run(game, [0, 0, 1, 1, 1, 1], 2)  # 3 now holds 2
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 1, 1], [2, 0])


def test_capt_side_own_side_captures_only_on_the_movers_side():
    game = make(holes=3, capt_on=[2], capt_side="OWN_SIDE")
    pos = run(game, [1, 1, 0, 1, 1, 1], 0)
    assert (pos.board, pos.stores) == ([0, 0, 0, 1, 1, 1], [2, 0])
    pos = run(game, [0, 0, 1, 1, 1, 1], 2)
    assert (pos.board, pos.stores) == ([0, 0, 0, 2, 1, 1], [0, 0])


def test_capt_side_opp_cont_tests_each_hole_of_the_chain_as_it_is_tried():
    """As the reference: the *_CONT side test reads the capture location, which a
    multiple capture moves along, so the chain stops where it reaches the mover's own
    side, as OPP_SIDE does. 3 from 0: 1 (1), 2 (2), 3 (2): take 3, back to own hole 2."""
    game = make(holes=3, capt_on=[2], multicapt=-1, capt_side="OPP_CONT")
    pos = run(game, [3, 0, 1, 1, 3, 3], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 2, 0, 3, 3], [2, 0], 1)
    opp_side = make(holes=3, capt_on=[2], multicapt=-1, capt_side="OPP_SIDE")
    pos = run(opp_side, [3, 0, 1, 1, 3, 3], 0)
    assert (pos.board, pos.stores) == ([0, 1, 2, 0, 3, 3], [2, 0])


def test_capt_side_opp_cont_does_not_start_on_own_side():
    game = make(holes=3, capt_on=[2], multicapt=-1, capt_side="OPP_CONT")
    pos = run(game, [2, 0, 1, 2, 3, 3], 0)  # last hole 2 (own) holds 2
    assert (pos.board, pos.stores) == ([0, 1, 2, 2, 3, 3], [0, 0])


def test_capt_side_own_cont_stops_where_the_chain_reaches_the_opponents_side():
    # 2 from 0: 1 (1), 2 (2): take 2, then ahead 3 (2) is North's: the chain stops
    game = make(holes=3, capt_on=[2], multicapt=-1, capsamedir=True, capt_side="OWN_CONT")
    pos = run(game, [2, 0, 1, 2, 3, 3], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 0, 2, 3, 3], [2, 0], 1)
    own_side = make(holes=3, capt_on=[2], multicapt=-1, capsamedir=True, capt_side="OWN_SIDE")
    pos = run(own_side, [2, 0, 1, 2, 3, 3], 0)
    assert (pos.board, pos.stores) == ([0, 1, 0, 2, 3, 3], [2, 0])


def test_capt_side_own_cont_does_not_start_on_the_opponents_side():
    game = make(holes=3, capt_on=[2], multicapt=-1, capsamedir=True, capt_side="OWN_CONT")
    pos = run(game, [0, 0, 1, 1, 3, 3], 2)
    assert (pos.board, pos.stores) == ([0, 0, 0, 2, 3, 3], [0, 0])


@pytest.mark.parametrize("side", ["OPP_CONT", "OWN_CONT"])
def test_capt_side_cont_values_require_multicapt(side):
    with pytest.raises(VariantError) as err:
        make(holes=3, capt_on=[2], capt_side=side)
    assert "multicapt" in err.value.params


# ---- capt_type NEXT ------------------------------------------------------------------------


def test_capt_next_with_capsamedir_takes_the_hole_after_the_last_one():
    game = make(holes=3, capt_type="NEXT", capsamedir=True)
    pos = run(game, [2, 0, 0, 3, 1, 1], 0)  # 1, 2; next is 3 (3 seeds)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 1, 0, 1, 1], [3, 0], 1)


def test_capt_next_applies_the_basic_criteria_to_the_captured_hole():
    game = make(holes=3, capt_type="NEXT", capsamedir=True, capt_on=[2])
    assert run(game, [2, 0, 0, 3, 1, 1], 0).stores == [0, 0]
    pos = run(game, [2, 0, 0, 2, 1, 1], 0)
    assert (pos.board, pos.stores) == ([0, 1, 1, 0, 1, 1], [2, 0])


def test_capt_next_without_capsamedir_takes_the_hole_sown_before_the_last():
    game = make(holes=3, capt_type="NEXT")
    pos = run(game, [2, 0, 4, 1, 1, 1], 0)  # 1 (1), 2 (5): 1 is taken
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 5, 1, 1, 1], [1, 0], 1)


def test_capt_next_checks_capt_side_on_the_captured_hole():
    game = make(holes=3, capt_type="NEXT", capsamedir=True, capt_side="OPP_SIDE")
    pos = run(game, [1, 0, 1, 1, 1, 1], 0)  # last 1; next 2 is South's own
    assert (pos.board, pos.stores) == ([0, 1, 1, 1, 1, 1], [0, 0])
    pos = run(game, [0, 1, 0, 3, 1, 1], 1, stores=[0, 5])  # last 2; next 3 is North's
    assert (pos.board, pos.stores) == ([0, 0, 1, 0, 1, 1], [3, 5])


def test_capt_next_multicapt_continues_while_the_holes_qualify():
    game = make(holes=3, capt_type="NEXT", capsamedir=True, capt_on=[2], multicapt=-1)
    pos = run(game, [2, 0, 0, 2, 2, 3], 0)  # 3 (2), 4 (2); 5 holds 3
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 1, 0, 0, 3], [4, 0], 1)


def test_capt_next_with_laps_stops_lapping_when_the_last_hole_meets_the_criteria():
    game = make(holes=3, capt_type="NEXT", capsamedir=True, capt_on=[2], mlaps="LAPPER")
    # 1 (1), 2 (2): 2 meets capt_on -> lapping stops; the next hole 3 is taken whatever it holds
    pos = run(game, [2, 0, 1, 3, 1, 0], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 2, 0, 1, 0], [3, 0], 1)


def test_capt_next_with_laps_goes_on_lapping_until_a_last_hole_meets_the_criteria():
    game = make(holes=3, capt_type="NEXT", capsamedir=True, capt_on=[2], mlaps="LAPPER")
    # lap 1: 1 2 -> 2 holds 3; lap 2 from 2: 3 4 5 -> 5 holds 4;
    # lap 3 from 5: 0 1 2 3 -> 3 holds 2: stop, take 4 (2)
    pos = run(game, [2, 0, 2, 0, 1, 3], 0)
    assert (pos.board, pos.stores, pos.turn) == ([1, 2, 1, 2, 0, 0], [2, 0], 1)


def test_capt_next_with_laps_no_capture_when_the_sow_ends_in_an_empty_hole_off_criteria():
    game = make(holes=3, capt_type="NEXT", capsamedir=True, capt_on=[2], mlaps="LAPPER")
    # lap 1: 1 2 -> 2 holds 3; lap 2 from 2: 3 4 5 -> 5 was empty: stop, 1 seed is not capt_on
    pos = run(game, [2, 0, 2, 3, 1, 0], 0)
    assert (pos.board, pos.stores) == ([0, 1, 0, 4, 2, 1], [0, 0])


# ---- capt_type TWO_OUT ------------------------------------------------------------------------


def test_capt_two_out_captures_across_an_empty_gap():
    game = make(holes=3, capt_type="TWO_OUT", capsamedir=True)
    pos = run(game, [2, 0, 1, 0, 3, 1], 0)  # last 2 (2); 3 empty; 4 taken
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 2, 0, 0, 1], [3, 0], 1)


def test_capt_two_out_without_laps_needs_an_occupied_last_hole():
    game = make(holes=3, capt_type="TWO_OUT", capsamedir=True)
    pos = run(game, [2, 0, 0, 0, 3, 1], 0)  # last 2 holds only the last seed
    assert (pos.board, pos.stores) == ([0, 1, 1, 0, 3, 1], [0, 0])


def test_capt_two_out_needs_the_gap_hole_empty():
    game = make(holes=3, capt_type="TWO_OUT", capsamedir=True)
    pos = run(game, [2, 0, 1, 1, 3, 1], 0)
    assert (pos.board, pos.stores) == ([0, 1, 2, 1, 3, 1], [0, 0])


def test_capt_two_out_ignores_the_basic_criteria_and_needs_capt_side_both():
    game = make(holes=3, capt_type="TWO_OUT", capsamedir=True, capt_on=[5])
    pos = run(game, [2, 0, 1, 0, 3, 1], 0)
    assert (pos.board, pos.stores) == ([0, 1, 2, 0, 0, 1], [3, 0])
    with pytest.raises(VariantError) as err:
        make(holes=3, capt_type="TWO_OUT", capsamedir=True, capt_side="OWN_SIDE")
    assert "capt2out_cside" in str(err.value)


def test_capt_two_out_multicapt_without_laps_never_goes_on():
    """As the reference's CaptTwoOut: without laps each capture of the chain needs its
    starting hole to hold more than one seed, and the next starts from the hole just
    emptied: last 2 (2); gap 3, take 4 (3); from 4 (now empty) nothing more, although
    5 is empty and 6 holds 2."""
    game = make(holes=4, capt_type="TWO_OUT", capsamedir=True, multicapt=-1)
    pos = run(game, [2, 0, 1, 0, 3, 0, 2, 4], 0, stores=[0, 5])
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 2, 0, 0, 0, 2, 4], [3, 5], 1)
    single = make(holes=4, capt_type="TWO_OUT", capsamedir=True)
    pos = run(single, [2, 0, 1, 0, 3, 0, 2, 4], 0, stores=[0, 5])
    assert (pos.board, pos.stores) == ([0, 1, 2, 0, 0, 0, 2, 4], [3, 5])


@pytest.mark.parametrize("mlaps", ["LAPPER", "LAPPER_NEXT"])
def test_capt_two_out_with_laps_captures_after_the_last_lap_whatever_the_last_hole_holds(mlaps):
    game = make(holes=3, capt_type="TWO_OUT", capsamedir=True, mlaps=mlaps)
    # 1, 2: 2 was empty (LAPPER stops) and 3 is empty (LAPPER_NEXT stops); 4 is two out
    pos = run(game, [2, 0, 0, 0, 3, 1], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 1, 0, 0, 1], [3, 0], 1)


def test_capt_two_out_requires_capsamedir():
    with pytest.raises(VariantError) as err:
        make(holes=3, capt_type="TWO_OUT")
    assert "capsamedir" in err.value.params


# ---- capt_type MATCH_OPP ----------------------------------------------------------------------


def test_capt_match_opp_takes_both_holes_when_counts_match():
    game = make(holes=3, capt_type="MATCH_OPP")
    pos = run(game, [2, 0, 1, 2, 3, 1], 0)  # last 2 holds 2, 3 holds 2: both taken
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 0, 0, 3, 1], [4, 0], 1)
    pos = run(game, [2, 0, 1, 3, 3, 1], 0)  # 2 vs 3: no match
    assert (pos.board, pos.stores) == ([0, 1, 2, 3, 3, 1], [0, 0])


def test_capt_match_opp_multicapt_goes_on_while_the_match_holds():
    game = make(holes=3, capt_type="MATCH_OPP", multicapt=-1)
    # 2 (2) = 3 (2): take both; back to 1 (1) = 4 (1): take both; 0 is empty: stop
    pos = run(game, [2, 0, 1, 2, 1, 1], 0, stores=[0, 6])
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 0, 0, 1], [6, 6], 1)


def test_capt_match_opp_with_laps_stops_lapping_at_a_match():
    game = make(holes=3, capt_type="MATCH_OPP", mlaps="LAPPER")
    # lap 1: 1 2 -> 2 holds 2, 3 holds 3: no match, lap on from 2: 3 4 -> 4 holds 2,
    # its opposite 1 holds 2: lapping stops and both are taken
    pos = run(game, [2, 1, 1, 3, 1, 0], 0, stores=[0, 6])
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 4, 0, 0], [4, 6], 1)


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


# ---- grandslam ----------------------------------------------------------------------------------
# Oware-like: capt_on [2,3], multicapt, opposite side only. South 2 (3): 3 4 5 each to 2;
# 5, 4, 3 are taken and North's row is empty: a grand slam.

SLAM = {"capt_on": [2, 3], "multicapt": -1, "capt_side": "OPP_SIDE"}
SLAM_BOARD = [1, 1, 3, 1, 1, 1]


def test_grandslam_legal_captures_everything():
    game = make(holes=3, grandslam="LEGAL", **SLAM)
    pos = run(game, SLAM_BOARD, 2)
    # stores [6,0]: more than half of 8 -> game over, the board left as it stands
    assert (pos.board, pos.stores) == ([1, 1, 0, 0, 0, 0], [6, 0])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)


def test_grandslam_not_legal_forbids_the_move():
    game = make(holes=3, grandslam="NOT_LEGAL", **SLAM)
    pos = at(game, SLAM_BOARD)
    assert game.legal_moves(pos) == [0, 1]
    before = snapshot(pos)
    with pytest.raises(IllegalMove):
        game.play(pos, 2)
    assert snapshot(pos) == before


def test_grandslam_no_capt_sows_but_captures_nothing():
    game = make(holes=3, grandslam="NO_CAPT", **SLAM)
    pos = run(game, SLAM_BOARD, 2)
    assert (pos.board, pos.stores, pos.turn, pos.outcome) == ([1, 1, 0, 2, 2, 2], [0, 0], 1, None)


def test_grandslam_leave_left_leaves_the_opponents_hole_leftmost_as_the_sower_sees_it():
    game = make(holes=3, grandslam="LEAVE_LEFT", **SLAM)
    pos = run(game, SLAM_BOARD, 2)  # South sees North's row 5 4 3 from the left
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 0, 0, 2], [4, 0], 1)


def test_grandslam_leave_right_leaves_the_opponents_hole_rightmost_as_the_sower_sees_it():
    game = make(holes=3, grandslam="LEAVE_RIGHT", **SLAM)
    pos = run(game, SLAM_BOARD, 2)
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 2, 0, 0], [4, 0], 1)


@pytest.mark.parametrize(
    ("rule", "board"),
    [
        ("LEAVE_LEFT", [0, 0, 2, 1, 1, 0]),  # North sees South's row 2 1 0 from the left
        ("LEAVE_RIGHT", [2, 0, 0, 1, 1, 0]),
    ],
)
def test_grandslam_leave_left_and_right_from_norths_view(rule, board):
    game = make(holes=3, grandslam=rule, **SLAM)
    pos = run(game, [1, 1, 1, 1, 1, 3], 5, turn=1)  # 0 1 2 each to 2
    assert (pos.board, pos.stores, pos.turn) == (board, [0, 4], 0)


def test_grandslam_opp_gets_remain_gives_the_movers_row_to_the_opponent_and_ends_the_game():
    game = make(holes=3, grandslam="OPP_GETS_REMAIN", **SLAM)
    pos = run(game, SLAM_BOARD, 2)
    assert (pos.board, pos.stores) == ([0] * 6, [6, 2])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)


def test_grandslam_rule_does_not_apply_when_an_opponent_hole_is_left():
    game = make(holes=3, grandslam="NO_CAPT", **SLAM)
    pos = run(game, [1, 1, 3, 0, 1, 1], 2, stores=[0, 3])  # 3 (1) 4 (2) 5 (2): 5, 4 taken
    assert (pos.board, pos.stores) == ([1, 1, 0, 1, 0, 0], [4, 3])


def test_grandslam_needs_the_opponent_to_have_had_seeds_at_the_start_of_the_move():
    game = make(holes=3, grandslam="NO_CAPT", capt_on=[1], multicapt=-1, capt_side="OPP_SIDE")
    # North's row is empty; 3 4 5 get one each and are all taken: not a grand slam.
    # South holds 3 of 5 seeds: the game ends and South's two board seeds go to South.
    pos = run(game, [1, 1, 3, 0, 0, 0], 2)
    assert (pos.board, pos.stores) == ([0] * 6, [5, 0])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


@pytest.mark.parametrize(
    ("rule", "board", "stores", "outcome"),
    [
        # the leftmost hole (5) was empty and not captured: nothing to leave, 4 of 6 ends it
        # (the board left as it stands)
        ("LEAVE_LEFT", [1, 1, 0, 0, 0, 0], [4, 0], (OutcomeKind.WIN, 0)),
        ("LEAVE_RIGHT", [1, 1, 0, 2, 0, 0], [2, 0], None),
    ],
)
def test_grandslam_leave_left_or_right_gives_back_only_a_captured_hole(rule, board, stores, outcome):
    game = make(holes=3, grandslam=rule, **SLAM)
    pos = run(game, [1, 1, 2, 1, 1, 0], 2)  # 3 (2) 4 (2): 4 and 3 taken, 5 was empty
    assert (pos.board, pos.stores) == (board, stores)
    got = None if pos.outcome is None else (pos.outcome.kind, pos.outcome.winner)
    assert got == outcome


def test_grandslam_counts_extra_picks():
    # 2 from 1: 2 (1), 3 (2) taken; PICKTWOS takes 4 (2) too: North's row is empty -> no capture
    game = make(holes=3, capt_on=[2], pickextra="PICKTWOS", grandslam="NO_CAPT")
    pos = run(game, [0, 2, 0, 1, 2, 0], 1, stores=[0, 5])
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 2, 2, 0], [0, 5], 1)


# ---- pickextra -----------------------------------------------------------------------------------


def test_pickextra_none_takes_nothing_more():
    game = make(holes=3, capt_on=[2], pickextra="NONE")
    pos = run(game, [0, 2, 0, 1, 2, 3], 1)
    assert (pos.board, pos.stores) == ([0, 0, 1, 0, 2, 3], [2, 0])


def test_pickextra_pickcross_also_takes_the_hole_facing_each_captured_hole():
    game = make(holes=3, capt_on=[2], pickextra="PICKCROSS")
    pos = run(game, [0, 2, 0, 1, 1, 3], 1)  # 2 (1), 3 (2) taken; 2 faces 3: taken too
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 0, 1, 3], [3, 0], 1)
    pos = run(game, [0, 2, 0, 2, 1, 3], 1)  # 3 holds 3: no capture, no pick
    assert (pos.board, pos.stores) == ([0, 0, 1, 3, 1, 3], [0, 0])


def test_pickextra_picktwos_also_takes_opponent_holes_with_exactly_two():
    game = make(holes=3, capt_on=[2], pickextra="PICKTWOS")
    pos = run(game, [0, 2, 0, 1, 2, 3], 1)  # 3 taken (2), and 4 (2); 5 holds 3
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 0, 0, 3], [4, 0], 1)
    pos = run(game, [0, 2, 0, 2, 2, 3], 1)  # no capture: 4 stays
    assert (pos.board, pos.stores) == ([0, 0, 1, 3, 2, 3], [0, 0])


def test_pickextra_pickfinal_also_takes_the_last_hole_sown():
    game = make(holes=3, capt_type="NEXT", capsamedir=True, pickextra="PICKFINAL")
    pos = run(game, [2, 0, 0, 3, 1, 4], 0)  # next 3 (3) taken, then the last hole 2 (1)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 0, 0, 1, 4], [4, 0], 1)
    game = make(holes=3, capt_type="NEXT", capsamedir=True, capt_on=[2], pickextra="PICKFINAL")
    pos = run(game, [2, 0, 0, 3, 1, 4], 0)  # 3 holds 3: no capture, no pick
    assert (pos.board, pos.stores) == ([0, 1, 1, 3, 1, 4], [0, 0])


def test_pickextra_picklastseeds_mover_takes_the_last_nbr_start_seeds_and_the_game_ends():
    game = make(holes=3, nbr_start=2, capt_on=[2], pickextra="PICKLASTSEEDS")
    pos = run(game, [0, 0, 1, 1, 1, 0], 2, stores=[3, 3])  # 3 captured; 1 seed left <= 2
    assert (pos.board, pos.stores) == ([0] * 6, [6, 3])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)


def test_pickextra_picklastseeds_applies_after_a_move_without_capture():
    game = make(holes=3, nbr_start=2, stores=True, sow_own_store=True, pickextra="PICKLASTSEEDS")
    pos = run(game, [0, 1, 0, 0, 1, 0], 1, stores=[3, 3])  # 1 -> 2: 2 seeds left in play
    assert (pos.board, pos.stores) == ([0] * 6, [5, 3])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


def test_pickextra_picklastseeds_is_not_tried_after_a_sowing_into_the_store():
    """A last seed in the store is a repeat turn and skips the capture step (PICKLASTSEEDS
    is part of it): South, to move again, has no seed: the game ends and North's two
    seeds go to North (HOLE_OWNER)."""
    game = make(holes=3, nbr_start=2, stores=True, sow_own_store=True, pickextra="PICKLASTSEEDS")
    pos = run(game, [0, 0, 1, 1, 1, 0], 2, stores=[3, 3])  # the seed goes to the store
    assert (pos.board, pos.stores) == ([0] * 6, [4, 5])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 1)


def test_pickextra_pick2xlastseeds_the_starter_takes_twice_nbr_start_or_fewer_seeds():
    game = make(holes=3, nbr_start=1, capt_on=[2], pickextra="PICK2XLASTSEEDS")
    pos = at(game, [0, 1, 1, 1, 1, 0], turn=1, stores=[1, 2])  # North starts
    pos = game.play(pos, 4)  # 5 (1): 4 seeds left
    assert (pos.board, pos.turn, pos.outcome) == ([0, 1, 1, 1, 0, 1], 0, None)
    pos = game.play(pos, 2)  # South: 3 (2) taken -> [3,2]; 2 seeds left: the starter takes them
    assert (pos.board, pos.stores) == ([0] * 6, [3, 4])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 1, 1)


def test_pickextra_picklastseeds_in_the_same_game_goes_to_the_mover():
    game = make(holes=3, nbr_start=2, capt_on=[2], pickextra="PICKLASTSEEDS")
    pos = at(game, [0, 1, 1, 1, 1, 0], turn=1, stores=[1, 2])
    pos = game.play(pos, 4)
    pos = game.play(pos, 2)
    assert (pos.board, pos.stores) == ([0] * 6, [5, 2])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


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
