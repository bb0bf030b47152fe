"""Which holes a capture takes: the basic criteria on the last hole's count (capt_on,
capt_min, capt_max, evens, ANDed; LAPPER stopping on them), multiple captures (multicapt,
capsamedir) and the side a capture may be made on (capt_side, with the *_CONT values).

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md. With 3 holes a side: South 0 1 2, North 3 4 5; 0<->5, 1<->4, 2<->3 face each other.
With 4: South 0..3, North 4..7, hole i faces 7-i.
"""

from __future__ import annotations

import pytest

from mancala.rules.advice import advice
from mancala.rules.errors import VariantError
from tests.engine.helpers import make, run

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
