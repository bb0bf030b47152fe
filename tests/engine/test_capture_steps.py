"""Capture steps (mancala.engine.capture_steps): the children steps (RAM, BULL, QUR,
NORMAL and WEG without stores) and what making a child does to the ARNGE_LIMIT hold;
capt_dir BOTH (1.10); the SINGLETONS capture (mancala.engine.capture) as a capture.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md. 4 holes a side: South 0 1 2 3, North 4 5 6 7; i faces 7-i.
A RAM hole needs enough seeds to sow round to its own row again: counter-clockwise,
without sow_start or stores, 8 - i seeds for hole i of its row (North's 4 5 6 7: 8 7 6 5).
"""

from __future__ import annotations

import pytest

from mancala.engine import Game
from mancala.engine.position import NO_CH_OWNER
from tests.engine.helpers import at, make, run

BULL = {"child_type": "BULL", "child_cvt": 4}


def rams(**extra: object) -> Game:
    return make(4, 2, rules_version="1.10", stores=True, child_type="RAM", evens=True,
                sow_direct="CCW", **extra)


def test_a_hole_that_can_sow_round_to_its_own_row_becomes_a_ram_and_the_move_ends_there():
    game = rams()
    # North 4 (1 seed) -> 5: 7 seeds, what hole 5 needs: a ram (a child of nobody's);
    # 7 is odd, nothing is taken
    pos = run(game, [1, 1, 1, 2, 1, 6, 1, 1], 4, turn=1)
    assert (pos.board, pos.stores) == ([1, 1, 1, 2, 0, 7, 1, 1], [0, 0])
    assert pos.child == [None] * 5 + [NO_CH_OWNER, None, None]
    # the move's record still names hole 5 as where the sowing ended
    assert pos.last == (1, 4, 1, 5)


def test_a_ram_whose_seeds_are_captured_is_a_plain_hole_again():
    game = rams()
    pos = run(game, [1, 1, 1, 2, 1, 6, 1, 1], 4, turn=1)  # hole 5 becomes a ram, as above
    # South 3 (2 seeds) -> 4, 5: the ram holds 8, even: taken like any hole; with no
    # seeds it no longer qualifies and is a plain hole again
    pos = game.play(pos, 3)
    assert (pos.board, pos.stores) == ([1, 1, 1, 0, 1, 0, 1, 1], [8, 0])
    assert pos.child == [None] * 8


def test_arnge_limit_a_ram_made_by_the_second_player_frees_the_starter():
    game = rams(prescribed="ARNGE_LIMIT")
    # South's first move is a sowing (0 -> 1): South's captures and children are held back
    pos = run(game, [1, 1, 1, 1, 1, 6, 1, 1], 0)
    assert pos.inhibit == (0, True, True, False)
    # North 4 -> 5 (7 seeds): a ram, no capture; making it changes the board: the hold ends
    pos = game.play(pos, 4)
    assert pos.child[5] == NO_CH_OWNER
    assert pos.inhibit == (0, False, False, False)
    # South 1 (2 seeds) -> 2, 3: 2 seeds in 3, even: South captures again
    pos = game.play(pos, 1)
    assert (pos.board, pos.stores) == ([0, 0, 2, 0, 0, 7, 1, 1], [2, 0])


def test_arnge_limit_a_bull_made_by_the_second_player_frees_the_starter():
    game = make(4, 2, stores=True, prescribed="ARNGE_LIMIT", capt_on=[3], **BULL)
    pos = run(game, [1, 1, 2, 2, 1, 3, 2, 2], 0)  # South sows first (0 -> 1): held back
    assert pos.inhibit == (0, True, True, False)
    # North 4 -> 5: 4 seeds, child_cvt: North's bull, no capture; the hold ends
    pos = game.play(pos, 4)
    assert (pos.board, pos.child[5]) == ([0, 2, 2, 2, 0, 4, 2, 2], 1)
    assert pos.inhibit == (0, False, False, False)
    # South 1 (2 seeds) -> 2, 3: 3 seeds in 3, capt_on: South captures again
    pos = game.play(pos, 1)
    assert (pos.board, pos.stores) == ([0, 0, 3, 0, 0, 4, 2, 2], [3, 0])


def test_bull_the_hole_before_the_last_skips_blocked_holes():
    # South 2 (2 seeds) -> 3, then past blocked 4 to 5: 5 holds child_cvt 4, a bull; the
    # hole before it is 3 (4 is blocked, out of play), sown to child_cvt - 1: a bull too
    game = make(4, 2, stores=True, blocks=True, **BULL)
    pos = run(game, [2, 2, 2, 2, 0, 3, 2, 2], 2, blocked="....x...")
    assert pos.board == [2, 2, 0, 3, 0, 4, 2, 2]
    assert pos.child == [None, None, None, 0, None, 0, None, None]


# ---- capt_dir BOTH (1.10) -----------------------------------------------------------------
# 5 holes a side: South 0..4, North 5..9. capt_on [2]; South sows counter-clockwise, so
# along the sowing is up the indices and against it down. North's 5 seeds in hole 9 keep
# the game going.


def both_ways(**extra: object) -> Game:
    return make(5, 2, rules_version="1.10", stores=True, capt_dir="BOTH", capt_on=[2], **extra)


def test_capt_dir_both_takes_one_hole_fewer_against_the_sowing_move_after_move():
    game = both_ways(multicapt=2)
    board = [0, 0, 3, 1, 1, 1, 2, 2, 0, 5]
    # South 2 -> 3, 4, 5, each now 2: along the sowing 5 and 6 (multicapt 2; 7 is left),
    # then against it from 4, one capture fewer: 4 only (3 is left)
    for _ in range(2):  # the same move again on the same game: the limit is as it was
        pos = run(game, board, 2)
        assert (pos.board, pos.stores) == ([0, 0, 0, 2, 0, 0, 0, 2, 0, 5], [6, 0])


def test_capt_dir_both_a_capture_along_the_sowing_alone_is_a_capture():
    # South 2 -> 3 (1), 4 (1), 5 (2): 5 and 6 taken along the sowing; against it 4 holds
    # 1, nothing more. The move captured: South plays again
    game = both_ways(multicapt=2, capt_rturn="ALWAYS")
    pos = run(game, [0, 0, 3, 0, 0, 1, 2, 0, 0, 5], 2)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 0, 1, 1, 0, 0, 0, 0, 5], [4, 0], 0)


def test_capt_dir_both_against_the_sowing_starts_past_a_blocked_hole():
    # South 2 -> 3, (4 blocked) 5: 5 and 6 taken along the sowing; against it the hole
    # before 5 is 3, past blocked 4: taken; 2 is empty
    game = both_ways(multicapt=-1, blocks=True)
    pos = run(game, [0, 0, 2, 1, 0, 1, 2, 0, 0, 5], 2, blocked="....x.....")
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 0, 0, 0, 0, 0, 5], [6, 0])


def test_capt_dir_both_opp_cont_the_run_back_continues_the_capture_begun_across():
    # South 3 -> 4, 5: 5 (North's row, where an OPP_CONT capture must begin) is taken;
    # the run back from 4 continues that capture onto South's own row: 4 is taken too
    game = both_ways(multicapt=-1, capt_side="OPP_CONT")
    pos = run(game, [0, 0, 0, 2, 1, 1, 0, 0, 0, 5], 3)
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 0, 0, 0, 0, 0, 5], [4, 0])


@pytest.mark.parametrize(("board", "after", "stores", "turn"), [
    # South 2 -> 3, 4, 5; the last hole is never taken. Along the sowing: 6 (2) taken,
    # 7 empty; against it: 4 and 3 (2 each) taken, 2 empty. A capture: South again
    ([1, 0, 3, 1, 1, 0, 2, 0, 0, 5], [1, 0, 0, 0, 0, 1, 0, 0, 0, 5], [6, 0], 0),
    # along the sowing only (4 holds 1): still a capture
    ([1, 0, 3, 1, 0, 0, 2, 0, 0, 5], [1, 0, 0, 2, 1, 1, 0, 0, 0, 5], [2, 0], 0),
    # against the sowing only (6 is empty)
    ([1, 0, 3, 1, 1, 0, 0, 0, 0, 5], [1, 0, 0, 0, 0, 1, 0, 0, 0, 5], [4, 0], 0),
    # neither way: no capture, North's turn
    ([1, 0, 3, 0, 0, 0, 0, 0, 0, 5], [1, 0, 0, 1, 1, 1, 0, 0, 0, 5], [0, 0], 1),
])
def test_capt_dir_both_next_looks_on_from_the_last_hole_both_ways(board, after, stores, turn):
    game = both_ways(capt_type="NEXT", multicapt=-1, capt_rturn="ALWAYS")
    pos = run(game, board, 2)
    assert (pos.board, pos.stores, pos.turn, pos.outcome) == (after, stores, turn, None)


# ---- children without stores, QUR, and the ARNGE_LIMIT hold ----------------------------------
# 4 holes a side again: South 0 1 2 3, North 4 5 6 7.


@pytest.mark.parametrize(("stores", "child_type"), [(True, "NORMAL"), (False, "NORMAL"),
                                                  (True, "WEG")])
def test_arnge_limit_a_child_made_by_the_second_player_frees_the_starter(stores, child_type):
    game = make(4, 2, stores=stores, prescribed="ARNGE_LIMIT", child_type=child_type,
                child_cvt=3, capt_on=[4])
    pos = game.play(game.start(0, board=[1, 2, 2, 2, 1, 2, 2, 2]), 0)  # South sows first
    assert pos.inhibit == (0, True, True, False)
    # North 4 -> 5: 3 seeds, North's child or weg (without stores captures would go into it)
    pos = game.play(pos, 4)
    assert (pos.board, pos.child[5]) == ([0, 3, 2, 2, 0, 3, 2, 2], 1)
    assert pos.inhibit == (0, False, False, False)


def test_arnge_limit_a_qur_made_by_the_second_player_frees_the_starter():
    game = make(4, 2, stores=True, prescribed="ARNGE_LIMIT", child_type="QUR", child_cvt=3,
                capt_on=[4])
    pos = game.play(game.start(0, board=[1, 2, 2, 3, 0, 2, 2, 2]), 0)  # South sows first
    assert pos.inhibit == (0, True, True, False)
    # North 6 -> 7, 0: the last seed falls into empty 0, facing 7 with 3: both North's
    pos = game.play(pos, 6)
    assert (pos.board, pos.child) == ([1, 3, 2, 3, 0, 2, 0, 3], [1] + [None] * 6 + [1])
    assert pos.inhibit == (0, False, False, False)


def test_weg_without_stores_a_hole_sown_to_child_cvt_becomes_the_movers_weg():
    game = make(4, 2, child_type="WEG", child_cvt=3, capt_on=[4])
    pos = run(game, [1, 2, 2, 2, 1, 2, 2, 2], 0)  # South 0 -> 1: 3 seeds, South's weg
    assert (pos.board, pos.child, pos.stores) == ([0, 3, 2, 2, 1, 2, 2, 2],
                                                  [None, 0] + [None] * 6, [0, 0])


def test_singletons_is_a_capture_for_the_repeat_turn():
    # SINGLETONS (1.10): South 0 -> 1, 2; hole 2 now holds the only single seed: taken,
    # and as a capture it gives South another turn
    game = make(4, 2, rules_version="1.10", stores=True, capt_type="SINGLETONS",
                capt_rturn="ALWAYS")
    pos = run(game, [2, 1, 0, 2, 2, 0, 2, 2], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 2, 0, 2, 2, 0, 2, 2], [1, 0], 0)


@pytest.mark.parametrize(("version", "child", "stores"), [("1.8", 8, [0, 0]), ("1.10", 6, [2, 0])])
def test_without_stores_a_capture_goes_into_the_child_with_or_without_the_seeds_kept_out(
        version, child, stores):
    # South (child in 5) holds 2 seeds out of play in its store, kept from a round. South 1
    # -> 2: 2 seeds, even: taken into the child. 1.8 moves the store's 2 along with them
    # in one step (4 + 2 + 2), 1.10 only the 2 taken (docs/rules-decisions.md)
    game = make(3, 2, rules_version=version, child_type="NORMAL", child_cvt=4, evens=True)
    pos = at(game, [2, 1, 1, 6, 1, 4], children="...N.S", stores=[2, 0])
    pos, events = game.play_events(pos, 1)
    assert (pos.board, pos.stores) == ([2, 0, 0, 6, 1, child], stores)
    assert (pos.turn, pos.outcome) == (1, None)
    assert events == [
        {"kind": "sow", "hole": 1, "path": [2]},
        {"kind": "capture", "src": 2, "seeds": 2, "dst": -1, "at": 1},  # into South's store
        {"kind": "capture", "src": -1, "seeds": child - 4, "dst": 5, "at": 1},  # on to 5
    ]


def test_weg_a_last_seed_outside_the_wegs_captures_as_the_variant_does():
    # South 0 -> 1, empty before: no weg there (1 seed), so the cross capture takes 6
    game = make(4, 2, stores=True, child_type="WEG", child_cvt=4, crosscapt=True)
    pos = run(game, [1, 0, 2, 2, 2, 2, 3, 2], 0)
    assert (pos.board, pos.stores, pos.child) == ([0, 1, 2, 2, 2, 2, 0, 2], [3, 0], [None] * 8)


# ---- captures into and from the stores (1.10 capture types, mancala.engine.capture) --------------


def pass_store(**extra: object) -> Game:
    return make(4, 2, rules_version="1.10", stores=True, capt_type="PASS_STORE_CAPT",
                crosscapt="ONE_ZEROS", capt_rturn="ALWAYS", **extra)


def test_pass_store_capt_a_last_seed_into_an_empty_hole_hands_the_store_over_as_a_capture():
    # South 0 -> 1, empty before: South's store (3) goes to North, and that counts as a
    # capture: South plays again
    pos = run(pass_store(), [1, 0, 2, 2, 2, 2, 3, 2], 0, stores=[3, 1])
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 2, 2, 2, 2, 3, 2], [0, 4], 0)


def test_pass_store_capt_with_an_empty_store_falls_back_to_the_cross_capture():
    # the same move with nothing in South's store: the cross capture takes 6 (3 seeds)
    pos = run(pass_store(), [1, 0, 2, 2, 2, 2, 3, 2], 0, stores=[0, 1])
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 2, 2, 2, 2, 0, 2], [3, 1], 0)


def test_pass_store_capt_falling_back_to_a_cross_capture_picks_the_seed_that_made_it():
    # PICK_ON_CAPT: the cross capture's own seed (in 1) is taken too
    game = pass_store(xcpickown="PICK_ON_CAPT")
    pos = run(game, [1, 0, 2, 2, 2, 2, 3, 2], 0, stores=[0, 1])
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 2, 2, 2, 2, 0, 2], [4, 1], 0)


def test_end_opp_store_capt_taking_the_opponents_store_is_a_capture_for_the_repeat_turn():
    # 3 holes a side, both stores sown (South's after 2, North's after 5). South 2 (5
    # seeds) -> its store, 3, 4, 5, North's store: the last seed there takes North's
    # store (2 + 1) for South, a capture: South plays again
    game = make(3, 2, rules_version="1.10", stores=True, capt_type="END_OPP_STORE_CAPT",
                sow_stores="BOTH_NR_OPP", capt_rturn="ALWAYS")
    pos = run(game, [1, 0, 5, 1, 1, 1], 2, stores=[1, 2])
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 0, 2, 2, 2], [5, 0], 0)


def test_grandslam_legal_share_leaves_an_ordinary_cross_capture_alone():
    # South 0 -> 1, empty before: the cross capture takes 6 (3 seeds); North keeps seeds,
    # so no grand slam and no extra turn
    game = make(4, 2, rules_version="1.10", stores=True, crosscapt="ONE_ZEROS",
                grandslam="LEGAL_SHARE")
    pos = run(game, [1, 0, 2, 2, 2, 2, 3, 2], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 2, 2, 2, 2, 0, 2], [3, 0], 1)


@pytest.mark.parametrize("side", ["BOTH", "OWN_CONT"])
def test_pull_across_a_multiple_capture_pulls_into_each_next_empty_hole(side):
    # PULL_ACROSS (1.10), capt_dir SOW, multicapt 2: South 1 -> 2, empty before: 5's 3
    # seeds are pulled into 2; the next hole, 3, is empty: 4's 2 are pulled into it.
    # Nothing leaves the board, but it is a capture: South plays again. (OWN_CONT: the
    # capture begins on South's own row, as it must)
    game = make(4, 2, rules_version="1.10", stores=True, capt_type="PULL_ACROSS", capt_dir="SOW",
                capt_rturn="ALWAYS", multicapt=2, blocks=True, capt_side=side)
    pos = run(game, [0, 1, 0, 0, 2, 3, 2, 2], 1)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 4, 2, 0, 0, 2, 2], [0, 0], 0)


def test_pull_across_a_single_pull_is_a_capture_for_the_repeat_turn():
    # without multicapt: South 1 -> 2, empty before: 5's 3 seeds are pulled into 2 and
    # South plays again
    game = make(4, 2, rules_version="1.10", stores=True, capt_type="PULL_ACROSS",
                capt_rturn="ALWAYS")
    pos = run(game, [0, 1, 0, 0, 2, 3, 2, 2], 1)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 4, 0, 2, 0, 2, 2], [0, 0], 0)


# ---- capt_type NEXT (mancala.engine.capture) ------------------------------------------------


@pytest.mark.parametrize(("version", "rules"), [
    ("1.8", {"capsamedir": True}),
    ("1.10", {"capt_dir": "SOW", "capt_side": "OWN_CONT"}),  # begun on South's own row
])
def test_next_with_laps_a_lap_ending_on_the_capture_count_takes_each_next_hole_that_qualifies(
        version, rules):
    # South 0 -> 1: 2 seeds, capt_on: the lap ends and the next hole, 2 (3 seeds), is
    # taken; the multiple capture goes on where the following hole qualifies itself: 3
    # holds 2, taken; 4 holds 1: the capture ends
    game = make(4, 2, rules_version=version, stores=True, capt_type="NEXT", capt_on=[2],
                mlaps="LAPPER", multicapt=-1, **rules)
    pos = run(game, [1, 1, 3, 2, 1, 2, 2, 2], 0)
    assert (pos.board, pos.stores) == ([0, 2, 0, 0, 1, 2, 2, 2], [5, 0])


def test_next_the_next_hole_is_past_blocked_holes():
    # South 0 -> 1, (2 blocked) 3; against the sowing the hole after 3 is 1, past blocked
    # 2: it holds 2, taken
    game = make(4, 2, stores=True, capt_type="NEXT", capt_on=[2], blocks=True)
    pos = run(game, [2, 1, 0, 0, 2, 2, 2, 2], 0, blocked="..x.....")
    assert (pos.board, pos.stores) == ([0, 0, 0, 1, 2, 2, 2, 2], [2, 0])


def test_next_opp_cont_a_capture_begun_on_the_opponents_row_takes_the_next_hole():
    # 1.10, capt_dir SOW: South 3 -> 4, on North's row where an OPP_CONT capture must
    # begin; the next hole, 5 (2), is taken; 6 holds 1: the capture ends
    game = make(4, 2, rules_version="1.10", stores=True, capt_type="NEXT", capt_on=[2],
                multicapt=-1, capt_dir="SOW", capt_side="OPP_CONT")
    pos = run(game, [0, 0, 0, 1, 1, 2, 1, 2], 3)
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 2, 0, 1, 2], [2, 0])


# ---- pickextra PICKCROSSMULT (1.10) ---------------------------------------------------------


def test_pickcrossmult_each_cross_capture_of_a_multiple_capture_goes_on_from_empty_holes():
    # South 0 -> 1, empty before: 6 (3) taken; against the sowing 0 is empty now: 7 (2)
    # taken; the holes facing 1 and 0 are the ones just emptied, nothing more to pick
    game = make(4, 2, rules_version="1.10", stores=True, crosscapt="ONE_ZEROS", multicapt=-1,
                pickextra="PICKCROSSMULT")
    pos = run(game, [1, 0, 2, 2, 2, 2, 3, 2], 0)
    assert (pos.board, pos.stores) == ([0, 1, 2, 2, 2, 2, 0, 0], [5, 0])


def test_pickcrossmult_opp_cont_picks_the_own_hole_facing_a_hole_taken_across():
    # capt_on [2], capt_dir SOW, OPP_CONT: South 2 -> 3, 4; 4 (North's, 2) is taken and
    # so is 3 facing it (South's own row: the capture began on North's); 5 holds 1: done
    game = make(4, 2, rules_version="1.10", stores=True, capt_on=[2], multicapt=-1,
                capt_dir="SOW", capt_side="OPP_CONT", pickextra="PICKCROSSMULT")
    pos = run(game, [0, 0, 2, 1, 1, 1, 1, 2], 2)
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 0, 1, 1, 2], [4, 0])


@pytest.mark.parametrize("sow_stores", ["OWN", "BOTH"])
def test_a_ram_counts_every_store_the_sowing_passes(sow_stores):
    """North's hole 5 sows round to its row again with 8 - 1 seeds plus one a store sown:
    8 with the own store (OWN), 9 with both (BOTH). 7 and 9 seeds are odd: never taken."""
    game = rams(sow_stores=sow_stores)
    need = 8 if sow_stores == "OWN" else 9
    for seeds in (7, 9):
        # North 4 (one seed) -> 5, which then holds `seeds`
        pos = run(game, [1, 1, 1, 2, 1, seeds - 1, 1, 1], 4, turn=1)
        assert pos.board[5] == seeds
        assert (pos.child[5] == NO_CH_OWNER) == (seeds >= need), seeds
