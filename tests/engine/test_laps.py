"""Multi-lap sowing's lap rules (mancala.engine.laps): what a capture made between laps
leaves for the rest of the move, and the 1.10 stop once the opponent's row is empty.

4 holes a side: South 0..3, North 4..7, hole i faces 7-i, counter-clockwise = +1.
"""

from __future__ import annotations

from mancala.engine import OutcomeKind
from tests.engine.helpers import at, make, run


def test_lap_capt_a_cross_capture_between_laps_gives_capt_rturns_extra_turn():
    game = make(4, 2, stores=True, mlaps="LAPPER", sow_rule="LAP_CAPT", crosscapt=True,
                capt_rturn="ALWAYS")
    # South 0 (2 seeds): 1, 2; 2 was empty: it takes North's 3 in 5 and the lap goes on
    # with 2's seed: 3, empty, facing the empty 4: no capture, the sow ends. The capture
    # of the first lap still gives South another turn.
    new, trace = game.play_traced(at(game, [2, 0, 0, 0, 0, 3, 0, 1]), 0)
    assert (new.board, new.stores) == ([0, 1, 0, 1, 0, 0, 0, 1], [3, 0])
    assert [lap.sown for lap in trace.laps] == [(1, 2), (3,)]
    assert new.turn == 0 and trace.extra_turn
    # without capt_rturn the turn passes
    plain = make(4, 2, stores=True, mlaps="LAPPER", sow_rule="LAP_CAPT", crosscapt=True)
    assert run(plain, [2, 0, 0, 0, 0, 3, 0, 1], 0).turn == 1


def test_lap_capt_seeds_a_capture_in_an_earlier_lap_gives_capt_rturns_extra_turn():
    game = make(4, 2, rules_version="1.10", mlaps="LAPPER", sow_rule="LAP_CAPT_SEEDS",
                crosscapt="ONE_ZEROS", capt_rturn="ALWAYS")
    # South 0 (2 seeds): 1, 2; 2 was empty: North's 2 seeds in 5 are taken and put into 2,
    # which sows on with 3: 3, 4, 5; 5 was emptied and faces the emptied 2: no capture, the
    # sow ends. The first lap's capture gives South another turn.
    new, trace = game.play_traced(at(game, [2, 0, 0, 0, 0, 2, 0, 1]), 0)
    assert (new.board, new.stores) == ([0, 1, 0, 1, 1, 1, 0, 1], [0, 0])
    assert [lap.sown for lap in trace.laps] == [(1, 2), (3, 4, 5)]
    assert new.turn == 0 and trace.extra_turn


def test_110_lap_capt_without_stores_sows_no_lap_once_the_opponents_row_is_empty():
    board = [1, 0, 2, 0, 0, 0, 3, 0]
    # South 0 (1 seed): 1, empty: it takes North's last 3 seeds in 6 and the lap goes on:
    # 2 -> 3 seeds. North's row is empty: the 1.10 rules sow no further lap; North has no
    # seeds and South wins with the board's 3 seeds added to the 3 taken.
    game = make(4, 2, rules_version="1.10", mlaps="LAPPER", sow_rule="LAP_CAPT",
                crosscapt="ONE_ZEROS")
    new, trace = game.play_traced(at(game, board), 0)
    assert [lap.sown for lap in trace.laps] == [(1,), (2,)]
    assert (new.board, new.stores) == ([0] * 8, [6, 0])
    assert new.outcome is not None
    assert (new.outcome.kind, new.outcome.winner) == (OutcomeKind.WIN, 0)
    # the 1.8 rules sow on from 2: 3, 4, 5, and North has seeds again
    old = make(4, 2, mlaps="LAPPER", sow_rule="LAP_CAPT", crosscapt=True)
    pos = run(old, board, 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 1, 1, 1, 0, 0], [3, 0], 1)
