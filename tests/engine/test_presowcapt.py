"""presowcapt: captures made from the seeds just drawn, before they are sown.

Positions worked out by hand. 3 holes a side: South 0 1 2, North 3 4 5; 0-5, 1-4 and 2-3
face each other; counter-clockwise = +1. As in the reference's sowers (SCaptOne,
SCaptCrossOnOne, SCaptCrossSingles) these captures are part of the sowing: made after the
draw, never held back by nocaptmoves or capt_side, and not the move's capture (no repeat
turn by capt_rturn, no grand-slam rule).
"""

from __future__ import annotations

from mancala.engine import Game
from mancala.rules.loading import parse_variant
from tests.engine.helpers import at, make, run, variant


def test_capt_one_captures_one_seed_of_the_draw():
    game = make(3, 2, stores=True, presowcapt="CAPT_ONE")
    # South 1 (3 seeds): one to South's store, two sown: 2 -> 1, 3 -> 3
    pos = run(game, [0, 3, 0, 2, 2, 2], 1)
    assert pos.board == [0, 0, 1, 3, 2, 2]
    assert pos.stores == [1, 0]
    assert pos.turn == 1


def test_capt_one_captures_one_seed_of_every_laps_draw():
    game = make(3, 2, stores=True, mlaps="LAPPER", presowcapt="CAPT_ONE")
    # South 1 (3): one captured, 2 -> 1, 3 -> 2; lap from 3 (2): one captured, 4 -> 1: ends
    pos = run(game, [0, 3, 0, 1, 0, 0], 1)
    assert pos.board == [0, 0, 1, 0, 1, 0]
    assert pos.stores == [2, 0]
    assert pos.turn == 1


def test_capt_one_of_a_single_seed_sows_nothing():
    game = make(3, 2, stores=True, presowcapt="CAPT_ONE")
    pos = run(game, [1, 0, 0, 2, 2, 2], 0)
    assert pos.board == [0, 0, 0, 2, 2, 2]
    assert pos.stores == [1, 0]
    assert pos.turn == 1


def test_capt_one_is_not_held_back_by_nocaptmoves():
    game = make(3, 2, stores=True, presowcapt="CAPT_ONE", nocaptmoves=1, capt_on=[3])
    # one seed taken, 2 -> 1, 3 -> 3: three seeds, but captures are held back on move 1
    pos = run(game, [0, 3, 0, 2, 2, 2], 1)
    assert pos.board == [0, 0, 1, 3, 2, 2]
    assert pos.stores == [1, 0]


def test_all_single_xcapt_takes_the_seeds_facing_every_single_of_the_mover():
    game = make(3, 2, stores=True, presowcapt="ALL_SINGLE_XCAPT")
    # South's singles: 0 (faces 5: 4 seeds) and 2 (faces 3: 2 seeds): 6 captured; then South 1
    # (2 seeds): 2 -> 2, 3 -> 1. North's single in 3 does not count: North is not moving
    pos = run(game, [1, 2, 1, 2, 3, 4], 1)
    assert pos.board == [1, 0, 2, 1, 3, 0]
    assert pos.stores == [6, 0]


def test_all_single_xcapt_looks_at_the_board_after_the_draw():
    game = make(3, 2, stores=True, presowcapt="ALL_SINGLE_XCAPT")
    # South 1's single seed is already drawn: no single left on South's row, nothing taken
    pos = run(game, [0, 1, 0, 5, 6, 7], 1)
    assert pos.board == [0, 0, 1, 5, 6, 7]
    assert pos.stores == [0, 0]


def test_draw_1_xcapt_captures_the_seeds_facing_a_single_seed_draw():
    game = make(3, 2, stores=True, presowcapt="DRAW_1_XCAPT")
    # South 1 draws one seed: hole 4 (3 seeds) is captured, then 2 -> 1
    pos = run(game, [0, 1, 0, 2, 3, 4], 1)
    assert pos.board == [0, 0, 1, 2, 0, 4]
    assert pos.stores == [3, 0]


def test_draw_1_xcapt_no_capture_when_drawing_more():
    game = make(3, 2, stores=True, presowcapt="DRAW_1_XCAPT")
    pos = run(game, [0, 2, 0, 2, 3, 4], 1)
    assert pos.board == [0, 0, 1, 3, 3, 4]
    assert pos.stores == [0, 0]


def test_presow_captures_ignore_capt_side():
    game = make(3, 2, stores=True, presowcapt="DRAW_1_XCAPT", capt_side="OWN_SIDE")
    pos = run(game, [0, 1, 0, 2, 3, 4], 1)
    assert pos.board == [0, 0, 1, 2, 0, 4]
    assert pos.stores == [3, 0]


def test_presow_captures_are_not_the_moves_capture_for_capt_rturn():
    game = make(3, 2, stores=True, presowcapt="DRAW_1_XCAPT", capt_rturn="ALWAYS")
    pos = run(game, [0, 1, 0, 2, 3, 4], 1)
    assert pos.stores == [3, 0]
    assert pos.turn == 1  # no capture by the move itself: North moves


def test_presow_captures_are_not_held_back_by_the_grand_slam_rule():
    game = make(3, 2, stores=True, presowcapt="DRAW_1_XCAPT", grandslam="NO_CAPT",
                mustpass=True)
    # South 1 draws one seed; hole 4 holds all of North's seeds: they are taken all the
    # same (NO_CAPT judges the move's capture only); North, left without seeds, passes
    pos = run(game, [3, 1, 0, 0, 3, 0], 1)
    assert pos.board == [3, 0, 1, 0, 0, 0]
    assert pos.stores == [3, 0]
    assert (pos.turn, pos.outcome) == (0, None)


def test_draw_1_xcapt_takes_nothing_across_a_lap_sown_from_the_store():
    """docs/rules-decisions.md, "A lap of one seed sown on from the store". 1.10,
    LAPPER_NEXT sowing on from the own store, clockwise, 2 holes a side: South 1 (1) first
    takes hole 2's seed across (a lap of one seed); the laps go on, a later one of a
    single seed from hole 3 takes hole 0's across, and the last is a single seed sown on
    from the store, which has no hole across: nothing more is taken. Both engines."""
    rules = dict(holes=2, nbr_start=1, rules_version="1.10", mlaps="LAPPER_NEXT",
                 stores=True, sow_stores="OWN", presowcapt="DRAW_1_XCAPT", sow_direct="CW",
                 capt_rturn="ALWAYS")
    for game in (make(**rules), Game(parse_variant(variant(**rules)))):
        new, record = game.play_traced(at(game, [1, 1, 1, 3]), 1)
        assert (record.laps[-1].start, record.laps[-1].sown) == (-1, (1,))
        assert [(take.src, take.seeds) for take in record.takes] == [(2, 1), (0, 1)]
        assert (new.board, new.stores, new.turn) == ([0, 3, 3, 0], [0, 0], 1)
