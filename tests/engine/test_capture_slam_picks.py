"""Grand slams (each grandslam rule, from both sides) and the extra picks after a
capture (pickextra: PICKCROSS, PICKTWOS, PICKFINAL, PICKLASTSEEDS, PICK2XLASTSEEDS).

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md. With 3 holes a side: South 0 1 2, North 3 4 5; 0<->5, 1<->4, 2<->3 face each other.
"""

from __future__ import annotations

import pytest

from mancala.engine import Game, IllegalMove, OutcomeKind
from mancala.rules.loading import parse_variant
from tests.engine.helpers import at, make, run, snapshot, variant

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


def test_grandslam_left_hole_given_back_counts_as_a_capture_only_if_more_was_taken():
    # capt_rturn: a capture gives another turn. South 2 (3 seeds) -> 3 4 5 each 2, all
    # taken, LEAVE_LEFT gives back 5: the rest is still a capture, South again
    game = make(holes=3, grandslam="LEAVE_LEFT", capt_rturn=True, **SLAM)
    pos = run(game, SLAM_BOARD, 2)
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 0, 0, 2], [4, 0], 0)
    # South 2 (1 seed) -> 3, North's only seeds: LEAVE_RIGHT gives the whole capture
    # back, so nothing was captured and North moves
    game = make(holes=3, grandslam="LEAVE_RIGHT", capt_rturn=True, **SLAM)
    pos = run(game, [1, 1, 1, 1, 0, 0], 2)
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 2, 0, 0], [0, 0], 1)


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


def test_a_lap_grand_slam_on_an_emptied_row_stands():
    """docs/rules-decisions.md, "A 1.10 grand slam that leaves a hole, with nothing left to
    leave". South 1 (2): 2, 3; hole 3's lone seed is taken at the lap's end (the move's
    capture); the sowing goes on from 4 (1) into 5, from 5 (2) into 0 and 1, where the
    last lap ends on South's own row. North's row is empty now and had seeds before the
    move: a grand slam with no hole left to keep. It stands; North has no seeds, so the
    game ends and South banks the row: 1 + 6."""
    rules = dict(holes=3, nbr_start=2, rules_version="1.10", mlaps="LAPPER",
                 sow_rule="LAP_CAPT", capt_on=[1], multicapt=-1, capt_side="OPP_SIDE",
                 grandslam="LEAVE_LEFT")
    for game in (make(**rules), Game(parse_variant(variant(**rules)))):
        new, record = game.play_traced(at(game, [1, 2, 2, 0, 1, 1]), 1)
        assert [lap.start for lap in record.laps] == [1, 4, 5]
        assert [(take.src, take.seeds) for take in record.takes] == [(3, 1)]
        assert (new.board, new.stores) == ([0] * 6, [7, 0])
        assert (new.outcome.kind, new.outcome.winner) == (OutcomeKind.WIN, 0)
