"""sow_rule with sow_param: one group of tests per value, positions worked out by hand.

Board indices (replay contract): South 0..n-1, North n..2n-1, hole i faces 2n-1-i,
counter-clockwise = +1. With 3 holes a side: South 0 1 2, North 3 4 5 (0-5, 1-4, 2-3
face each other); with 4: South 0..3, North 4..7 (i faces 7-i). The decisions tested
here are in docs/rules-decisions.md, "Sow rules".
"""

from __future__ import annotations

import pytest

from mancala.engine import Game, IllegalMove, OutcomeKind
from tests.engine.helpers import at, make, run

DEPRIVE = {"goal": "DEPRIVE"}


# ---- SOW_BLKD_DIV / SOW_BLKD_DIV_NR --------------------------------------------------


def blkd(rule: str = "SOW_BLKD_DIV", **extra):
    return make(3, 2, goal="DEPRIVE", sow_rule=rule, sow_param=4, blocks=True, **extra)


def test_blkd_div_positions_carry_blocked_holes_from_the_start():
    game = blkd()
    pos = game.start(0)
    assert pos.blocked == [False] * 6
    assert game.state_json(pos)["blocked"] == [False] * 6


def test_blkd_div_single_lap_closes_the_opponents_hole_sown_to_sow_param_and_its_seeds_leave_play():
    # South 2 (3 seeds): 3 -> 2, 4 -> 2, 5 -> 4: the last seed brings North's hole 5 to 4: it is
    # closed and its 4 seeds leave play, counted for the sower (South's store)
    pos = run(blkd(), [1, 0, 3, 1, 1, 3], 2)
    assert pos.board == [1, 0, 0, 2, 2, 0]
    assert pos.stores == [4, 0]
    assert pos.blocked == [False, False, False, False, False, True]
    assert pos.turn == 1 and pos.outcome is None


def test_blkd_div_does_not_close_a_hole_on_the_movers_own_side():
    # South 0 (2 seeds): 1 -> 1, 2 -> 4: own hole, stays open
    pos = run(blkd(), [2, 0, 3, 1, 1, 1], 0)
    assert pos.board == [0, 1, 4, 1, 1, 1]
    assert pos.blocked == [False] * 6


def test_blkd_div_nr_never_closes_the_opponents_rightmost_hole():
    # as the first test, but hole 5 is North's rightmost (from North's own view)
    pos = run(blkd("SOW_BLKD_DIV_NR"), [1, 0, 3, 1, 1, 3], 2)
    assert pos.board == [1, 0, 0, 2, 2, 4]
    assert pos.stores == [0, 0]
    assert pos.blocked == [False] * 6


def test_blkd_div_nr_closes_the_other_holes():
    # South 1 (3 seeds): 2 -> 1, 3 -> 2, 4 -> 4: hole 4 is not North's rightmost: closed
    pos = run(blkd("SOW_BLKD_DIV_NR"), [1, 3, 0, 1, 3, 1], 1)
    assert pos.board == [1, 0, 1, 2, 0, 1]
    assert pos.stores == [4, 0]
    assert pos.blocked == [False, False, False, False, True, False]


def test_blkd_div_seed_for_an_opponents_closed_hole_leaves_play_to_the_sower():
    game = blkd()
    pos = at(game, [0, 3, 0, 1, 0, 1])
    pos.blocked[4] = True
    # South 1 (3 seeds): 2 -> 1, 3 -> 2, the third seed would fall in North's closed hole 4:
    # diverted out of play, into South's store
    pos = game.play(pos, 1)
    assert pos.board == [0, 0, 1, 2, 0, 1]
    assert pos.stores == [1, 0]
    assert pos.blocked == [False, False, False, False, True, False]


def test_blkd_div_own_closed_holes_are_skipped():
    game = blkd()
    pos = at(game, [2, 0, 1, 1, 1, 1])
    pos.blocked[1] = True  # South's own hole, closed earlier by North
    # South 0 (2 seeds): 1 is skipped, 2 -> 2, 3 -> 2
    pos = game.play(pos, 0)
    assert pos.board == [0, 0, 2, 2, 1, 1]
    assert pos.stores == [0, 0]


def test_blkd_div_multilap_sows_the_closed_holes_seeds_on():
    # South 2 (2 seeds): 3 -> 1, 4 -> 4: closed; its 4 seeds go on: 5, 0, 1, 2 (each +1);
    # the lap ends in hole 2, emptied at the start, now 1: the sow is over
    pos = run(blkd(mlaps="LAPPER"), [1, 0, 2, 0, 3, 0], 2)
    assert pos.board == [2, 1, 1, 1, 0, 1]
    assert pos.stores == [0, 0]
    assert pos.blocked == [False, False, False, False, True, False]


def test_blkd_div_nocaptmoves_holds_closing_back():
    pos = run(blkd(nocaptmoves=1), [1, 0, 3, 1, 1, 3], 2)
    assert pos.board == [1, 0, 0, 2, 2, 4]
    assert pos.blocked == [False] * 6


def test_blkd_div_the_mover_left_without_seeds_loses():
    # South 2 closes hole 5 but South's row is empty after the move: DEPRIVE, South loses
    pos = run(blkd(), [0, 0, 3, 1, 1, 3], 2)
    assert pos.outcome is not None and pos.outcome.kind == OutcomeKind.WIN and pos.outcome.winner == 1


def test_blkd_div_nr_never_closes_souths_rightmost_hole_either():
    # North 5 (3 seeds): 0 -> 2, 1 -> 2, 2 -> 4: hole 2 is South's rightmost: it stays open
    pos = run(blkd("SOW_BLKD_DIV_NR"), [1, 1, 3, 1, 1, 3], 5, turn=1)
    assert pos.board == [2, 2, 4, 1, 1, 0]
    assert pos.stores == [0, 0]
    assert pos.blocked == [False] * 6
    # South's hole 1 is not its rightmost: North 4 (3 seeds): 5, 0, 1 -> 4: closed
    pos = run(blkd("SOW_BLKD_DIV_NR"), [1, 3, 1, 1, 3, 0], 4, turn=1)
    assert pos.board == [2, 0, 1, 1, 0, 1]
    assert pos.blocked == [False, True, False, False, False, False]


def test_blkd_div_a_closed_holes_seeds_join_those_already_out_of_play():
    # as the first closing test, with 4 seeds out of play from an earlier closing: 4 + 4
    pos = run(blkd(), [1, 0, 3, 1, 1, 3], 2, stores=[4, 0])
    assert pos.board == [1, 0, 0, 2, 2, 0]
    assert pos.stores == [8, 0]


def test_blkd_div_the_trace_takes_the_closed_holes_seeds_out_of_play():
    game = blkd()
    new, trace = game.play_traced(at(game, [1, 0, 3, 1, 1, 3]), 2)
    # sown 3, 4, 5; then the 4 seeds of hole 5 go out of play, counted in store 0
    # (South's, place -1), after the 3 seeds sown
    assert [lap.sown for lap in trace.laps] == [(3, 4, 5)]
    assert [(t.src, t.seeds, t.dst, t.at) for t in trace.takes] == [(5, 4, -1, 3)]
    assert new.blocked[5] and new.stores == [4, 0]


def test_blkd_div_with_arnge_limit_holds_back_the_closings_of_the_starter_who_sowed_only():
    game = blkd(prescribed="ARNGE_LIMIT")
    # South starts by sowing (the sides differ, no arrangement is offered): South 2 brings
    # North's 5 to 4, but the starter's closings wait: 5 stays open with its 4 seeds
    pos = run(game, [3, 0, 3, 1, 1, 3], 2)
    assert pos.board == [3, 0, 0, 2, 2, 4]
    assert pos.blocked == [False] * 6
    # North is not held back: North 4 (2 seeds): 5 -> 5, 0 -> 4: closed, its seeds out of play
    pos = game.play(pos, 4)
    assert pos.board == [0, 0, 0, 2, 0, 5]
    assert pos.stores == [4, 0]
    assert pos.blocked == [True, False, False, False, False, False]


# ---- OWN_SOW_CAPT_ALL / SOW_CAPT_ALL -------------------------------------------------


def test_own_sow_capt_all_each_hole_sown_to_the_criteria_goes_to_its_owner():
    game = make(4, 2, stores=True, sow_rule="OWN_SOW_CAPT_ALL", capt_on=[4])
    # South 1 (4 seeds): 2 -> 4: South's hole, South takes 4; 3 -> 2; 4 -> 4: North's hole,
    # North takes 4; 5 -> 1 is the last seed: no capture (1 is not 4)
    pos = run(game, [0, 4, 3, 1, 3, 0, 6, 6], 1)
    assert pos.board == [0, 0, 0, 2, 0, 1, 6, 6]
    assert pos.stores == [4, 4]
    assert pos.turn == 1


def test_own_sow_capt_all_side_rule_is_judged_from_the_sower():
    game = make(4, 2, stores=True, sow_rule="OWN_SOW_CAPT_ALL", capt_on=[4], capt_side="OPP_SIDE")
    # as above, but captures only from South's opponent's side: hole 2 (South's) keeps its 4;
    # hole 4 (North's) goes to its owner, North
    pos = run(game, [0, 4, 3, 1, 3, 0, 6, 6], 1)
    assert pos.board == [0, 0, 4, 2, 0, 1, 6, 6]
    assert pos.stores == [0, 4]


def test_own_sow_capt_all_the_last_seed_of_a_lap_captures_for_the_sower():
    game = make(4, 2, stores=True, mlaps="LAPPER", sow_rule="OWN_SOW_CAPT_ALL", capt_on=[4])
    # South 3 (2 seeds): 4 -> 4 (not the last seed): North takes 4; 5 -> 4 is the lap's last
    # seed: the lap stops there and the sower, South, captures it
    pos = run(game, [0, 0, 0, 2, 3, 3, 1, 6], 3)
    assert pos.board == [0, 0, 0, 0, 0, 0, 1, 6]
    assert pos.stores == [4, 4]


def test_sow_capt_all_the_sower_takes_from_the_sides_capt_side_allows():
    game = make(4, 2, stores=True, sow_rule="SOW_CAPT_ALL", capt_on=[4], capt_side="OPP_SIDE")
    # South 1: hole 2 (own) reaches 4 and stays; hole 4 (North's) reaches 4: South takes it
    pos = run(game, [0, 4, 3, 1, 3, 0, 6, 6], 1)
    assert pos.board == [0, 0, 4, 2, 0, 1, 6, 6]
    assert pos.stores == [4, 0]
    assert pos.turn == 1


def test_sow_capt_all_with_both_sides_takes_own_holes_too():
    game = make(4, 2, stores=True, sow_rule="SOW_CAPT_ALL", capt_on=[4])
    pos = run(game, [0, 4, 3, 1, 3, 0, 6, 6], 1)
    assert pos.board == [0, 0, 0, 2, 0, 1, 6, 6]
    assert pos.stores == [8, 0]


def test_sow_capt_all_nocaptmoves_holds_the_captures_back():
    game = make(4, 2, stores=True, sow_rule="OWN_SOW_CAPT_ALL", capt_on=[4], nocaptmoves=1)
    pos = run(game, [0, 4, 3, 1, 3, 0, 6, 6], 1)
    assert pos.board == [0, 0, 4, 2, 4, 1, 6, 6]
    assert pos.stores == [0, 0]


# ---- NO_SOW_OPP_NS -------------------------------------------------------------------


def test_no_sow_opp_ns_skips_opponent_holes_holding_sow_param_seeds():
    game = make(3, 2, sow_rule="NO_SOW_OPP_NS", sow_param=2)
    # South 2 (4 seeds): 3 holds 2: skipped; 4 -> 2; 5 holds 2: skipped; 0 -> 1;
    # 1 -> 3 (South's own hole with 2 is sown); 2 -> 1
    pos = run(game, [0, 2, 4, 2, 1, 2], 2)
    assert pos.board == [1, 3, 1, 2, 2, 2]


def test_no_sow_opp_ns_with_skip_start_passes_the_start_hole_too():
    game = make(3, 4, stores=True, sow_rule="NO_SOW_OPP_NS", sow_param=3, skip_start=True)
    # South 0 (7 seeds): 1 2, 3 holds 3: skipped, 4 5, 0: the start, skipped, 1 2, 3
    # skipped again, 4
    pos = run(game, [7, 1, 1, 3, 1, 1], 0, stores=[5, 5])
    assert pos.board == [0, 3, 3, 3, 3, 2]
    # 8 seeds with North's 5 at 3 too: the step past a skipped 5 lands on the start, which
    # is passed as well: 1 2 4 | 1 2 4 | 1 2
    pos = run(game, [8, 1, 1, 3, 1, 3], 0, stores=[4, 3])
    assert pos.board == [0, 4, 4, 3, 3, 3]


# ---- CHANGE_DIR_LAP ------------------------------------------------------------------


def test_change_dir_lap_reverses_each_lap():
    game = make(3, 2, mlaps="LAPPER", sow_rule="CHANGE_DIR_LAP")
    # South 1 CCW (2 seeds): 2 -> 1, 3 -> 2; the next lap goes clockwise from 3: 2 -> 2, 1 -> 1,
    # the hole emptied at the start: the sow ends (North's 4 and 5 are not reached)
    pos = run(game, [0, 2, 0, 1, 2, 2], 1)
    assert pos.board == [0, 1, 2, 0, 2, 2]
    # without the rule every lap goes counter-clockwise: 2, 3 | 4, 5 | 0, 1, 2 | 3, 4 |
    # 5, 0, 1, 2, ending in hole 2 with one seed
    plain = run(make(3, 2, mlaps="LAPPER"), [0, 2, 0, 1, 2, 2], 1)
    assert plain.board == [2, 2, 1, 1, 0, 1]


def test_change_dir_lap_with_lapper_next_takes_the_next_hole_in_the_laps_direction():
    game = make(3, 2, mlaps="LAPPER_NEXT", sow_rule="CHANGE_DIR_LAP")
    # South 1 (1 seed) CCW: 2 -> 1. The hole after 2 in that direction, 3, holds 2: they are
    # sown clockwise: 2 -> 2, 1 -> 1. The hole after 1 clockwise, 0, is empty: the sow ends
    pos = run(game, [0, 1, 0, 2, 2, 2], 1)
    assert pos.board == [0, 1, 2, 0, 2, 2]


def test_change_dir_lap_captures_in_the_last_laps_direction():
    game = make(3, 2, stores=True, mlaps="LAPPER", sow_rule="CHANGE_DIR_LAP", capt_type="NEXT",
                capsamedir=True, capt_min=3)
    # South 2 CCW (1 seed): 3 -> 2: below capt_min, more than one seed: lap 2 goes clockwise
    # from 3 (2 seeds): 2 -> 1, 1 -> 3: meets capt_min, the sow stops; NEXT with capsamedir
    # takes the hole after 1 in the clockwise direction of that lap: hole 0 (4 seeds).
    # Counter-clockwise it would have been hole 2 (1 seed).
    pos = run(game, [4, 2, 1, 1, 2, 2], 2)
    assert pos.board == [0, 3, 1, 0, 2, 2]
    assert pos.stores == [4, 0]
    assert pos.turn == 1


# ---- MAX_SOW -------------------------------------------------------------------------


def test_max_sow_skips_holes_holding_sow_param_seeds():
    game = make(3, 2, sow_rule="MAX_SOW", sow_param=3)
    # South 2 (4 seeds): 3 is full, 4 -> 1, 5 is full, 0 -> 1, 1 -> 1, 2 (emptied) -> 1
    pos = run(game, [0, 0, 4, 3, 0, 3], 2)
    assert pos.board == [1, 1, 1, 3, 1, 3]


def test_max_sow_with_no_room_anywhere_leaves_the_seeds_in_the_start_hole():
    game = make(2, 2, sow_rule="MAX_SOW", sow_param=2, skip_start=True)
    # South 1 (3 seeds): every other hole holds 2 and the start hole is skipped: a whole
    # circuit without room; the seeds stay where they were
    pos = run(game, [2, 3, 2, 2], 1)
    assert pos.board == [2, 3, 2, 2]
    assert pos.turn == 1


def test_max_sow_passes_four_full_holes_in_a_row_to_the_first_with_room():
    game = make(3, 2, sow_rule="MAX_SOW", sow_param=2)
    # South 0 (1 seed): 1, 2, 3, 4 are full; 5 has room: the seed goes there
    pos = run(game, [1, 2, 2, 2, 2, 0], 0)
    assert pos.board == [0, 2, 2, 2, 2, 1]


def test_max_sow_skips_blocked_holes_and_full_ones_alike():
    game = make(3, 2, sow_rule="MAX_SOW", sow_param=2, blocks=True, rounds="NO_MOVES",
                round_fill="SHORTEN")
    # South 0 (2 seeds): 1 is blocked, 2 is full, 3 -> 2; then 4 -> 2
    pos = run(game, [2, 0, 2, 1, 1, 1], 0, blocked=".x....")
    assert pos.board == [0, 0, 2, 2, 2, 1]


def test_max_sow_with_skip_start_passes_the_start_hole_after_full_holes():
    game = make(3, 2, sow_rule="MAX_SOW", sow_param=2, skip_start=True)
    # South 0 (3 seeds): 1 -> 1, 2 -> 1, then 3, 4, 5 are full and the start hole 0 is
    # skipped although it has room: 1 -> 2
    pos = run(game, [3, 0, 0, 2, 2, 2], 0)
    assert pos.board == [0, 2, 1, 2, 2, 2]


def test_max_sow_without_room_anywhere_adds_the_seeds_left_to_the_refilled_start_hole():
    game = make(2, 2, stores=True, sow_rule="MAX_SOW", sow_param=2, capt_on=[4])
    # South 0 (7 seeds): 1, 2, 3 -> 2 each, 0 -> 1, 0 -> 2 (the others full); then no hole
    # has room: the 2 seeds left go into the start hole: 4. The move ends there, and
    # capt_on 4 takes it.
    new, trace = game.play_traced(at(game, [7, 1, 1, 1]), 0)
    assert [lap.sown for lap in trace.laps] == [(1, 2, 3, 0, 0, 0, 0)]
    assert [(t.src, t.seeds, t.dst) for t in trace.takes] == [(0, 4, -1)]
    assert (new.board, new.stores, new.turn) == ([0, 2, 2, 2], [4, 0], 1)


# ---- LAP_CAPT ------------------------------------------------------------------------


def test_lap_capt_basic_captures_and_draws_the_next_hole_to_go_on():
    game = make(4, 2, stores=True, mlaps="LAPPER", capt_on=[4], sow_rule="LAP_CAPT")
    # South 3 (2 seeds): 4 -> 2, 5 -> 4: captured (4); the next hole, 6 (2), is drawn: 7 -> 6,
    # 0 -> 6: no capture, more than one seed: on from 0 (6 seeds): 1, 2, 3, 4, 5, 6 each +1;
    # the lap ends in 6 with 1 seed: the sow is over
    pos = run(game, [5, 0, 0, 2, 1, 3, 2, 5], 3)
    assert pos.board == [0, 1, 1, 1, 3, 1, 1, 6]
    assert pos.stores == [4, 0]
    assert pos.turn == 1
    # without LAP_CAPT the lap stops at the capture
    plain = run(make(4, 2, stores=True, mlaps="LAPPER", capt_on=[4]), [5, 0, 0, 2, 1, 3, 2, 5], 3)
    assert plain.board == [5, 0, 0, 0, 2, 0, 2, 5]
    assert plain.stores == [4, 0]


def test_lap_capt_basic_ends_when_the_hole_after_the_capture_is_empty():
    game = make(4, 2, stores=True, mlaps="LAPPER", capt_on=[4], sow_rule="LAP_CAPT")
    pos = run(game, [5, 0, 0, 2, 1, 3, 0, 5], 3)
    assert pos.board == [5, 0, 0, 0, 2, 0, 0, 5]
    assert pos.stores == [4, 0]


def test_lap_capt_two_out_captures_where_a_lap_ends_in_an_occupied_hole_and_goes_on():
    game = make(4, 2, stores=True, mlaps="LAPPER", capt_type="TWO_OUT", capsamedir=True,
                sow_rule="LAP_CAPT")
    # South 2 (2 seeds): 3 -> 1, 4 -> 2: occupied: 5 is empty and 6 holds 3: taken. The lap
    # goes on from 4 (2 seeds): 5 -> 1, 6 -> 1 (emptied): the sow ends; two out from 6: 7 is
    # not empty, no capture
    pos = run(game, [0, 0, 2, 0, 1, 0, 3, 4], 2)
    assert pos.board == [0, 0, 0, 1, 0, 1, 1, 4]
    assert pos.stores == [3, 0]
    plain = run(make(4, 2, stores=True, mlaps="LAPPER", capt_type="TWO_OUT", capsamedir=True),
                [0, 0, 2, 0, 1, 0, 3, 4], 2)
    # 4 -> 2, on: 5 -> 1, 6 -> 4, on: 7 -> 5, 0, 1, 2 -> 1 each: ends in the emptied hole 2
    assert plain.board == [1, 1, 1, 1, 0, 1, 0, 5]
    assert plain.stores == [0, 0]


# ---- NO_OPP_CHILD --------------------------------------------------------------------


def test_no_opp_child_skips_the_opponents_children_only():
    game = make(3, 2, stores=True, child_type="NORMAL", child_cvt=5, sow_rule="NO_OPP_CHILD")
    pos = at(game, [0, 0, 3, 1, 2, 1])
    pos.children[3] = 0  # South's own child: sown
    pos.children[4] = 1  # North's child: skipped
    # South 2 (3 seeds): 3 -> 2, 4 skipped, 5 -> 2, 0 -> 1
    pos = game.play(pos, 2)
    assert pos.board == [1, 0, 0, 2, 2, 2]


def test_without_no_opp_child_children_are_sown():
    game = make(3, 2, stores=True, child_type="NORMAL", child_cvt=5)
    pos = at(game, [0, 0, 3, 1, 2, 1])
    pos.children[4] = 1
    pos = game.play(pos, 2)
    assert pos.board == [0, 0, 0, 2, 3, 2]


@pytest.mark.parametrize(
    ("board", "children", "after"),
    [
        # North's child at 2: 1, (2), 3, 4, 5, (0: the start) 1, (2), 3, 4
        ([7, 0, 0, 0, 0, 0], "..N...", [0, 2, 0, 2, 2, 1]),
        # North's child at 5, just before the start: 1, 2, 3, 4, (5), (0) 1, 2, 3
        ([7, 0, 0, 1, 1, 0], ".....N", [0, 2, 2, 3, 2, 0]),
    ],
)
def test_no_opp_child_with_skip_start_passes_both_the_child_and_the_start_hole(board, children, after):
    game = make(3, 2, stores=True, child_type="NORMAL", child_cvt=5, sow_rule="NO_OPP_CHILD",
                skip_start=True)
    pos = game.play(at(game, board, children=children), 0)
    assert pos.board == after
    assert pos.turn == 1


# ---- OPP_GETS_OWN_LAST ---------------------------------------------------------------


# 3 holes a side, 4 seeds a hole (24 in all, so a store needs 13 to win), capt_on [4],
# the switch at 8 seeds: South 0 1 2, North 3 4 5.


def ogol(**extra: object) -> Game:
    return make(3, 4, stores=True, mlaps="LAPPER", capt_on=[4], sow_rule="OPP_GETS_OWN_LAST",
                sow_param=8, **extra)


def test_ogol_near_the_end_seeds_sown_on_the_opponents_side_are_the_opponents():
    # 10 on the board, 2 lifted: 8 left, the switch. South 2 -> 3, 4: both North's
    # side, the last one making 1 (no capture): both go to North's store
    pos = run(ogol(), [0, 0, 2, 3, 0, 5], 2, stores=[8, 6])
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 3, 0, 5], [8, 8], 1)
    # one seed more on the board: 9 left after the lift, ordinary lap sowing: 3 holds 4,
    # and the last seed alone in 4 ends the sowing there
    pos = run(ogol(), [0, 0, 2, 3, 0, 6], 2, stores=[8, 5])
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 4, 1, 6], [8, 5], 1)


def test_ogol_a_seed_before_the_last_goes_to_the_opponent_even_where_it_would_capture():
    # South 2 -> 3, 4 with 8 on the board: 3 would hold 4 (capt_on) but it is not the
    # last seed, so North takes it
    pos = run(ogol(), [0, 0, 2, 3, 0, 3], 2, stores=[8, 8])
    assert (pos.board, pos.stores) == ([0, 0, 0, 3, 0, 3], [8, 10])


def test_ogol_a_last_seed_that_captures_stays_and_the_sower_takes_the_hole():
    # South 1 -> 2 (own side), 3: the last seed makes 4 in North's hole 3, a capture:
    # it stays, and South takes the four
    pos = run(ogol(), [0, 2, 0, 3, 0, 3], 1, stores=[8, 8])
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 0, 0, 3], [12, 8], 1)


def test_ogol_seeds_the_opponent_takes_count_as_a_capture_for_a_repeat_turn():
    # as the reference's sower flags them: with capt_rturn ALWAYS South moves again
    pos = run(ogol(capt_rturn="ALWAYS"), [1, 0, 2, 3, 0, 3], 2, stores=[8, 7])
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 0, 3, 0, 3], [8, 9], 0)


def test_ogol_sowing_skips_the_start_hole_and_blocked_holes():
    # skip_start: 7 from hole 0 -> 1 2 | 3 4 5 (North's: 3 to North) | 1 2 (0 skipped);
    # the last seed makes 2 in hole 2: a lap of 2 -> 3 4, North's again
    pos = run(ogol(skip_start=True), [7, 0, 0, 0, 0, 1], 0, stores=[8, 8])
    assert (pos.board, pos.stores) == ([0, 2, 0, 0, 0, 1], [8, 13])
    # blocked hole 2 is passed: South 1 -> 3, 4, both North's
    pos = run(ogol(blocks=True), [0, 2, 0, 1, 0, 3], 1, stores=[9, 9], blocked="..x...")
    assert (pos.board, pos.stores) == ([0, 0, 0, 1, 0, 3], [9, 11])


# ---- CONT_LAP_ON ---------------------------------------------------------------------


def test_cont_lap_on_goes_on_only_from_a_hole_sown_to_sow_param():
    game = make(3, 2, mlaps="LAPPER", sow_rule="CONT_LAP_ON", sow_param=3)
    # South 1 (2 seeds): 2 -> 1, 3 -> 3: on from 3: 4, 5, 0 -> 1 each; 0 holds 1, not 3: ends
    pos = run(game, [0, 2, 0, 2, 0, 0], 1)
    assert pos.board == [1, 0, 1, 0, 1, 1]
    # 3 -> 2: more than one seed, but not 3: the sow ends
    pos = run(game, [0, 2, 0, 1, 0, 0], 1)
    assert pos.board == [0, 0, 1, 2, 0, 0]


def test_cont_lap_on_with_lapper_next_needs_the_last_hole_at_sow_param():
    game = make(3, 2, mlaps="LAPPER_NEXT", sow_rule="CONT_LAP_ON", sow_param=3)
    # South 1: 2 -> 1, 3 -> 2: not 3, the sow ends although the next hole, 4, holds a seed
    pos = run(game, [0, 2, 0, 1, 1, 0], 1)
    assert pos.board == [0, 0, 1, 2, 1, 0]
    plain = run(make(3, 2, mlaps="LAPPER_NEXT"), [0, 2, 0, 1, 1, 0], 1)
    assert plain.board == [0, 0, 1, 2, 0, 1]


# ---- what does not change -----------------------------------------------------------


def test_an_arrangement_is_refused_outside_arnge_limit():
    game = make(3, 2)
    with pytest.raises(IllegalMove):
        game.play(game.start(0), {"arrange": [1, 2, 3]})
