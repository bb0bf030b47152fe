"""1.10's start_pattern AZIGO and play_locs BRD_OWN_STR_CHS (moves that sow seeds from
the mover's store): docs/rules.md, "play_locs (1.10)". Worked out by hand.

NorthSouthCycle with 3 holes a side: South's row 0 1 2, North's 3 4 5, each a cycle of
its own; a store move sows on from the hole where its owner's row wraps round.
"""

from __future__ import annotations

from typing import Any

import pytest

from mancala.engine import Game
from mancala.engine.game import IllegalMove
from mancala.engine.start import azigo, start_stores, start_total
from mancala.engine.trace import apply_trace
from mancala.rules.enums import StartPattern
from tests.engine.helpers import make, run


def chooser(holes: int = 3, **game_info: Any) -> Game:
    return make(holes, 2, rules_version="1.10", game_class="NorthSouthCycle", stores=True,
                play_locs="BRD_OWN_STR_CHS", **game_info)


def test_azigo_fills_the_first_holes_of_each_row_and_both_stores():
    assert azigo(8, 5) == [5, 1, 0, 0, 0, 0, 0, 0] * 2
    assert start_stores(StartPattern.AZIGO, 5) == [10, 10]
    assert start_total(StartPattern.AZIGO, 8, 5) == sum(azigo(8, 5)) + 20
    game = make(8, 5, rules_version="1.10", game_class="NorthSouthCycle", stores=True,
                start_pattern="AZIGO")
    assert game.start(0).stores == [10, 10]


def test_every_count_of_the_store_is_a_move_after_the_holes():
    pos = chooser().start(0, board=[1, 0, 2, 1, 1, 1], stores=[3, 0])
    assert chooser().legal_moves(pos) == [0, 2, ("STORE", 1), ("STORE", 2), ("STORE", 3)]


def test_a_store_move_sows_on_from_where_the_row_wraps():
    # South's 2 of 3: holes 0, 1; North's 2 go round their own row from 3
    pos = run(chooser(), [1, 0, 2, 1, 1, 1], ["STORE", 2], stores=[3, 1])
    assert (pos.board, pos.stores, pos.turn) == ([2, 1, 2, 1, 1, 1], [1, 1], 1)
    pos = run(chooser(), [1, 0, 2, 1, 1, 1], ["STORE", 1], turn=1, stores=[0, 1])
    assert (pos.board, pos.stores) == ([1, 0, 2, 2, 1, 1], [0, 0])
    cw = run(chooser(sow_direct="CW"), [1, 0, 2, 1, 1, 1], ["STORE", 2], stores=[2, 0])
    assert cw.board == [1, 1, 3, 1, 1, 1]


def test_a_store_move_captures_as_a_hole_move_does():
    # South's single seed falls into empty hole 1: the 3 seeds across (hole 4) are taken
    pos = run(chooser(crosscapt="ONE_ZEROS"), [1, 0, 2, 1, 3, 1], ["STORE", 2], stores=[2, 0])
    assert (pos.board, pos.stores) == ([2, 1, 2, 1, 0, 1], [3, 0])


def test_more_seeds_than_the_store_holds_is_illegal():
    pos = chooser().start(0, board=[1, 0, 2, 1, 1, 1], stores=[1, 0])
    with pytest.raises(IllegalMove, match="1 to 1 seeds from the store"):
        chooser().play(pos, ["STORE", 2])


def test_seeds_in_the_store_are_a_move_for_immobilize():
    # North's row is empty after South's move, but North's store holds a seed: play on
    game = chooser(goal="IMMOBILIZE")
    pos = run(game, [0, 0, 1, 0, 0, 0], 2, stores=[0, 1])
    assert pos.outcome is None and game.legal_moves(pos) == [("STORE", 1)]
    over = run(game, [0, 0, 1, 0, 0, 0], 2, stores=[0, 0])
    assert over.outcome is not None and over.outcome.winner == 0


def test_the_trace_of_a_store_move_takes_from_the_store():
    game = chooser()
    pos = game.start(0, board=[1, 0, 2, 1, 1, 1], stores=[3, 0])
    after, trace = game.play_traced(pos, ["STORE", 2])
    assert trace.laps[0].start == -1
    assert apply_trace(trace, pos.board, pos.stores) == (after.board, after.stores)


def test_the_c_core_declines_store_moves():
    from mancala.engine.fast import why_not_fast
    from mancala.rules.loading import parse_variant
    from tests.engine.helpers import variant

    parsed = parse_variant(variant(3, 2, rules_version="1.10", stores=True, play_locs="BRD_OWN_STR_CHS"))
    assert "play_locs=BRD_OWN_STR_CHS" in why_not_fast(parsed)
