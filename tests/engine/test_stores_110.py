"""The 1.10 rules about the stores that 1.8 does not have: sow_stores BOTH_NR_OPP and
capt_type END_OPP_STORE_CAPT (docs/rules.md, "sow_stores (1.10)"). One scenario each,
worked out by hand from the parameter reference.

With 3 holes a side: South 0 1 2, North 3 4 5; each store sits after its owner's row.
"""

from __future__ import annotations

from typing import Any

import pytest

from mancala.engine import Game
from mancala.engine.fast import why_not_fast
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from tests.engine.helpers import make, run, variant


def make110(**game_info: Any) -> Game:
    return make(3, 2, rules_version="1.10", stores=True, **game_info)


# South 2 (5 seeds): own store, 3, 4, 5, North's store
INTO_OPP_STORE = [1, 1, 5, 1, 1, 1]


def test_both_nr_opp_a_last_seed_in_the_opponents_store_passes_the_turn():
    pos = run(make110(sow_stores="BOTH_NR_OPP"), INTO_OPP_STORE, 2, stores=[0, 3])
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 2, 2, 2], [1, 4], 1)


def test_both_nr_opp_a_last_seed_in_the_own_store_repeats():
    # South 1 (2 seeds): 2, own store
    pos = run(make110(sow_stores="BOTH_NR_OPP"), [1, 2, 1, 1, 1, 1], 1)
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 2, 1, 1, 1], [1, 0], 0)


def test_end_opp_store_capt_takes_the_opponents_store_the_last_seed_went_into():
    game = make110(sow_stores="BOTH_NR_OPP", capt_type="END_OPP_STORE_CAPT")
    pos = run(game, INTO_OPP_STORE, 2, stores=[0, 3])
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 2, 2, 2], [5, 0], 1)


def test_end_opp_store_capt_leaves_a_sowing_ending_in_a_hole_to_the_cross_capture():
    # South 0 -> 1, empty before: the 3 seeds across (hole 4) are taken
    game = make110(sow_stores="BOTH_NR_OPP", capt_type="END_OPP_STORE_CAPT", crosscapt="ONE_ZEROS")
    pos = run(game, [1, 0, 1, 1, 3, 1], 0, stores=[0, 2])
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 1, 1, 0, 1], [3, 2], 1)


def test_end_opp_store_capt_needs_both_nr_opp():
    with pytest.raises(VariantError, match="end_opp_both"):
        parse_variant(variant(3, 2, rules_version="1.10", stores=True, sow_stores="BOTH",
                              capt_type="END_OPP_STORE_CAPT"))


def test_both_nr_opp_is_not_played_with_laps_yet():
    with pytest.raises(VariantError, match="not_played_yet"):
        parse_variant(variant(3, 2, rules_version="1.10", stores=True, sow_stores="BOTH_NR_OPP",
                              mlaps="LAPPER"))


def test_the_c_core_declines_both_nr_opp_and_end_opp_store_capt():
    parsed = parse_variant(variant(3, 2, rules_version="1.10", stores=True, sow_stores="BOTH_NR_OPP",
                                   capt_type="END_OPP_STORE_CAPT"))
    assert {"opp_store_no_repeat=True", "capt_type=END_OPP_STORE_CAPT"} <= set(why_not_fast(parsed))


BOTH_BLOCKS = {"blocks": True, "rounds": "NO_MOVES", "round_fill": "SHORTEN"}


@pytest.mark.parametrize(("rules", "board", "move", "turn", "after", "stores", "next_turn"), [
    # South 2 (3 seeds): own store, 3, 4
    ({}, [0, 0, 3, 1, 1, 1], 2, 0, [0, 0, 0, 2, 2, 1], [1, 0], 1),
    # North 5 (5 seeds): own store, 0, 1, 2, South's store: a last seed in either store
    # gives the mover another turn
    ({}, [0, 0, 1, 1, 1, 5], 5, 1, [1, 1, 2, 1, 1, 0], [1, 1], 1),
    # South 0 (9 seeds): 1, 2, own store, 3, 4, 5, North's store, then on past the start: 1, 2
    ({"skip_start": True}, [9, 1, 1, 1, 1, 1], 0, 0, [0, 3, 3, 2, 2, 2], [1, 1], 1),
    ({}, [9, 1, 1, 1, 1, 1], 0, 0, [1, 3, 2, 2, 2, 2], [1, 1], 1),  # 0 gets the 8th seed
    # hole 3 blocked: own store, 4, 5
    (BOTH_BLOCKS, [0, 0, 3, 1, 1, 1], 2, 0, [0, 0, 0, 1, 2, 2], [1, 0], 1),
])
def test_sow_stores_both_sows_each_store_as_the_sowing_passes_it(rules, board, move, turn, after,
                                                                 stores, next_turn):
    pos = run(make110(sow_stores="BOTH", **rules), board, move, turn=turn,
              blocked="...x.." if "blocks" in rules else None)
    assert (pos.board, pos.stores, pos.turn) == (after, stores, next_turn)
