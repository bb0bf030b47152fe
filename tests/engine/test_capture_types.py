"""The capture types other than the last hole: capt_type NEXT, TWO_OUT and MATCH_OPP,
with the basic criteria, capt_side, multicapt and lapping.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md. With 3 holes a side: South 0 1 2, North 3 4 5; 0<->5, 1<->4, 2<->3 face each other.
With 4: South 0..3, North 4..7, hole i faces 7-i.
"""

from __future__ import annotations

import pytest

from mancala.rules.errors import VariantError
from tests.engine.helpers import make, run

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


def test_capt_match_opp_multicapt_steps_over_a_blocked_hole():
    # 4 holes, 2 blocked. South 0 (2 seeds) -> 1, past 2, 3: 3 holds 2 = 4's 2, both
    # taken; the next hole back is 2, blocked, so 1: 2 = 6's 2, both taken; 0 is empty
    game = make(holes=4, capt_type="MATCH_OPP", multicapt=-1, blocks=True)
    pos = run(game, [2, 1, 0, 1, 2, 3, 2, 3], 0, blocked="..x.....", stores=[0, 6])
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 0, 0, 3, 0, 3], [8, 6], 1)
