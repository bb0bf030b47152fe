"""Sowing: board size, directions, sow_start/move_one/skip_start, own stores, laps, 50 laps.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md. Board indices: South 0..n-1, North n..2n-1, CCW = +1.
With 3 holes a side: South 0 1 2, North 3 4 5; 0<->5, 1<->4, 2<->3 face each other;
South's store sits between 2 and 3, North's between 5 and 0.
"""

from __future__ import annotations

import pytest

from mancala.engine import OutcomeKind
from mancala.rules.errors import VariantError
from tests.engine.helpers import at, make, run

# ---- holes, nbr_start, stores ---------------------------------------------------


def test_holes_and_nbr_start_set_the_board_and_each_side_moves_from_its_own_row():
    game = make(holes=5, nbr_start=3)
    pos = game.start(0)
    assert pos.board == [3] * 10
    assert pos.stores == [0, 0]
    assert pos.turn == 0 and pos.outcome is None
    assert game.legal_moves(pos) == [0, 1, 2, 3, 4]
    pos1 = game.start(1)
    assert pos1.turn == 1
    assert game.legal_moves(pos1) == [5, 6, 7, 8, 9]


def test_state_json_reports_stores_even_without_store_sowing():
    game = make(holes=3, stores=True)
    pos = at(game, [0, 0, 3, 1, 1, 1])
    pos = game.play(pos, 2)  # 3 seeds: 3, 4, 5 -- the store is not sown without sow_own_store
    state = game.state_json(pos)
    assert state["board"] == [0, 0, 0, 2, 2, 2]
    assert state["stores"] == [0, 0]
    assert state["turn"] == 1
    assert state["legal"] == [3, 4, 5]
    assert state["outcome"] is None


# ---- directions --------------------------------------------------------------------


def test_ccw_sows_towards_higher_indices():
    game = make(holes=3, sow_direct="CCW")
    pos = run(game, [0, 3, 0, 1, 1, 1], 1)  # 2, 3, 4
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 2, 2, 1], [0, 0], 1)


def test_ccw_from_north_wraps_from_the_last_hole_to_hole_zero():
    game = make(holes=3, sow_direct="CCW")
    pos = run(game, [1, 1, 1, 0, 0, 3], 5, turn=1)  # 0, 1, 2
    assert (pos.board, pos.turn) == ([2, 2, 2, 0, 0, 0], 0)


def test_cw_sows_towards_lower_indices_and_wraps_to_north():
    game = make(holes=3, sow_direct="CW")
    pos = run(game, [0, 3, 0, 1, 1, 1], 1)  # 0, 5, 4
    assert (pos.board, pos.turn) == ([1, 0, 0, 1, 2, 2], 1)


def test_cw_from_north_sows_onto_south():
    game = make(holes=3, sow_direct="CW")
    pos = run(game, [1, 1, 1, 0, 3, 0], 4, turn=1)  # 3, 2, 1
    assert (pos.board, pos.turn) == ([1, 2, 2, 1, 0, 0], 0)


@pytest.mark.parametrize(
    ("turn", "board", "hole", "after"),
    [
        # South position 1 (left half) sows CW: 0, 7
        (0, [0, 2, 0, 0, 1, 1, 1, 1], 1, [1, 0, 0, 0, 1, 1, 1, 2]),
        # South position 2 (right half) sows CCW: 3, 4
        (0, [0, 0, 2, 0, 1, 1, 1, 1], 2, [0, 0, 0, 1, 2, 1, 1, 1]),
        # North position 1 (hole 5, left half from North's view) sows CW: 4, 3
        (1, [1, 1, 1, 1, 0, 2, 0, 0], 5, [1, 1, 1, 2, 1, 0, 0, 0]),
        # North position 2 (hole 6, right half) sows CCW: 7, 0
        (1, [1, 1, 1, 1, 0, 0, 2, 0], 6, [2, 1, 1, 1, 0, 0, 0, 1]),
    ],
)
def test_split_left_half_sows_cw_and_right_half_sows_ccw(turn, board, hole, after):
    """rules-decisions: the left half of each row (as its owner sees it) sows clockwise,
    away from the middle (Andot 0:1, Qelat 0:1)."""
    game = make(holes=4, sow_direct="SPLIT")
    assert all(isinstance(m, int) for m in game.legal_moves(at(game, board, turn=turn)))
    pos = run(game, board, hole, turn=turn)
    assert pos.board == after
    assert pos.turn == 1 - turn


def test_split_on_an_odd_board_needs_the_middle_hole_in_udir_holes():
    with pytest.raises(VariantError) as err:
        make(holes=3, sow_direct="SPLIT")
    assert "udir_holes" in err.value.params


def test_split_odd_middle_hole_takes_a_direction_and_the_halves_sow_away_from_the_middle():
    game = make(holes=3, sow_direct="SPLIT", udir_holes=[1])
    start = [2, 2, 2, 2, 2, 2]
    assert game.legal_moves(at(game, start)) == [0, (1, "CCW"), (1, "CW"), 2]
    assert run(game, start, [1, "CW"]).board == [3, 0, 2, 2, 2, 3]  # 0, 5
    assert run(game, start, [1, "CCW"]).board == [2, 0, 3, 3, 2, 2]  # 2, 3
    assert run(game, start, 0).board == [0, 2, 2, 2, 3, 3]  # left hole: CW, 5, 4
    assert run(game, start, 2).board == [2, 2, 0, 3, 3, 2]  # right hole: CCW, 3, 4


def test_udir_holes_let_both_players_choose_the_direction_of_those_positions():
    game = make(holes=3, sow_direct="CCW", udir_holes=[0])
    start = [2, 2, 2, 2, 2, 2]
    assert game.legal_moves(at(game, start)) == [(0, "CCW"), (0, "CW"), 1, 2]
    pos = game.play(at(game, start), [0, "CW"])  # 5, 4
    assert (pos.board, pos.turn) == ([0, 2, 2, 2, 3, 3], 1)
    # North's position 0 is hole 3
    assert game.legal_moves(pos) == [(3, "CCW"), (3, "CW"), 4, 5]
    pos = game.play(pos, (3, "CW"))  # 2, 1
    assert (pos.board, pos.turn) == ([0, 3, 3, 0, 3, 3], 0)


def test_playaltdir_first_move_fixes_the_mover_direction_and_the_other_player_sows_the_other_way():
    game = make(holes=3, sow_direct="PLAYALTDIR")
    pos = at(game, [2, 2, 2, 2, 2, 2])
    assert game.legal_moves(pos) == [(h, d) for h in (0, 1, 2) for d in ("CCW", "CW")]
    pos = game.play(pos, [0, "CW"])  # South chose CW: 5, 4
    assert pos.board == [0, 2, 2, 2, 3, 3]
    assert game.legal_moves(pos) == [3, 4, 5]  # later moves are plain integers
    pos = game.play(pos, 3)  # North sows CCW: 4, 5
    assert pos.board == [0, 2, 2, 0, 4, 4]
    assert game.legal_moves(pos) == [1, 2]
    pos = game.play(pos, 1)  # South keeps CW: 0, 5
    assert (pos.board, pos.turn) == ([1, 0, 2, 0, 4, 5], 1)


def test_playaltdir_when_north_starts_ccw_south_sows_cw():
    game = make(holes=3, sow_direct="PLAYALTDIR")
    pos = run(game, [2, 2, 2, 2, 2, 2], [4, "CCW"], turn=1)  # 5, 0
    assert pos.board == [3, 2, 2, 2, 0, 3]
    pos = game.play(pos, 1)  # South sows CW: 0, 5
    assert (pos.board, pos.turn) == ([4, 0, 2, 2, 0, 4], 1)


def test_playaltdir_udir_holes_take_no_direction_after_the_first_move():
    game = make(holes=3, sow_direct="PLAYALTDIR", udir_holes=[1])
    pos = at(game, [2, 2, 2, 2, 2, 2])
    assert game.legal_moves(pos) == [(h, d) for h in (0, 1, 2) for d in ("CCW", "CW")]
    pos = game.play(pos, [2, "CCW"])  # 3, 4
    assert game.legal_moves(pos) == [3, 4, 5]  # 4 is North's udir position 1: a plain integer
    pos = game.play(pos, 4)  # North sows CW: 3, 2, 1
    assert (pos.board, pos.turn) == ([2, 3, 1, 4, 0, 2], 0)
    assert game.legal_moves(pos) == [0, 1, 2]


# ---- sow_start, move_one, skip_start -------------------------------------------------


def test_sow_start_leaves_the_first_seed_in_the_start_hole():
    game = make(holes=3, sow_start=True, min_move=2)
    pos = run(game, [0, 3, 0, 1, 1, 1], 1)  # 1, 2, 3
    assert (pos.board, pos.turn) == ([0, 1, 1, 2, 1, 1], 1)


def test_sow_start_without_move_one_needs_min_move_above_one():
    """A single seed sown into its own hole would change nothing: the reference refuses
    sow_start with min_move 1 unless move_one moves such a seed on; with min_move 2 a
    single seed is no move."""
    with pytest.raises(VariantError) as err:
        make(holes=3, sow_start=True)
    assert "needs_moves" in str(err.value)
    game = make(holes=3, sow_start=True, min_move=2)
    assert game.legal_moves(at(game, [0, 1, 2, 1, 1, 1])) == [2]


def test_move_one_moves_a_single_seed_one_hole_in_the_sow_direction():
    game = make(holes=3, sow_start=True, move_one=True)
    assert run(game, [0, 1, 0, 1, 1, 1], 1).board == [0, 0, 1, 1, 1, 1]
    # with more than one seed move_one changes nothing: sow_start applies
    assert run(game, [0, 3, 0, 1, 1, 1], 1).board == [0, 1, 1, 2, 1, 1]


def test_move_one_requires_sow_start():
    with pytest.raises(VariantError) as err:
        make(holes=3, move_one=True)
    assert "move_one" in err.value.params


def test_skip_start_skips_origin_hole_on_a_full_lap():
    game = make(holes=3, skip_start=True)
    pos = run(game, [0, 6, 0, 0, 0, 0], 1)  # 2, 3, 4, 5, 0, (1 skipped), 2
    assert (pos.board, pos.turn) == ([1, 0, 2, 1, 1, 1], 1)


def test_without_skip_start_a_full_lap_refills_the_origin_hole():
    game = make(holes=3)
    pos = run(game, [0, 6, 0, 0, 0, 0], 1)  # 2, 3, 4, 5, 0, 1
    assert pos.board == [1, 1, 1, 1, 1, 1]


# ---- sow_own_store ---------------------------------------------------------------------

OWN_STORE = {"stores": True, "sow_own_store": True}


def test_sow_own_store_ccw_south_sows_its_store_after_its_last_hole_and_skips_norths():
    game = make(holes=3, **OWN_STORE)
    # 6 seeds from 2: store, 3, 4, 5, (North's store skipped), 0, 1
    pos = run(game, [0, 0, 6, 1, 1, 1], 2)
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 2, 2, 2], [1, 0], 1)


def test_sow_own_store_last_seed_in_own_store_gives_a_repeat_turn():
    game = make(holes=3, **OWN_STORE)
    pos = run(game, [1, 0, 1, 1, 1, 1], 2)
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 0, 1, 1, 1], [1, 0], 0)


def test_store_ends_turn_extension_a_last_seed_in_the_store_passes_the_turn():
    game = make(holes=3, **OWN_STORE, store_ends_turn=True)
    pos = run(game, [1, 0, 1, 1, 1, 1], 2)
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 0, 1, 1, 1], [1, 0], 1)


def test_sow_own_store_ccw_north_sows_its_store_between_its_last_hole_and_hole_zero():
    game = make(holes=3, **OWN_STORE)
    pos = run(game, [1, 1, 1, 0, 0, 3], 5, turn=1)  # store, 0, 1
    assert (pos.board, pos.stores, pos.turn) == ([2, 2, 1, 0, 0, 0], [0, 1], 0)
    # 6 seeds from 4: 5, store, 0, 1, 2, (South's store skipped), 3
    pos = run(game, [1, 1, 1, 0, 6, 0], 4, turn=1)
    assert (pos.board, pos.stores, pos.turn) == ([2, 2, 2, 1, 0, 1], [0, 1], 0)


def test_sow_own_store_cw_south_reaches_its_store_coming_off_norths_row():
    """The stores stay where they are: South's after its hole 2 (between 2 and 3), so a
    clockwise sowing reaches it coming off North's row (3 -> store -> 2), as the
    reference's sower does."""
    game = make(holes=3, sow_direct="CW", **OWN_STORE)
    # 4 seeds from 0: 5, 4, 3, store -> repeat turn
    pos = run(game, [4, 1, 0, 1, 1, 1], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 0, 2, 2, 2], [1, 0], 0)
    # 3 seeds from 2: 1, 0, 5 -- no store between 0 and 5
    pos = run(game, [0, 0, 3, 1, 1, 1], 2)
    assert (pos.board, pos.stores, pos.turn) == ([1, 1, 0, 1, 1, 2], [0, 0], 1)
    # 6 seeds from 1: 0, 5, 4, 3, store, 2
    pos = run(game, [0, 6, 0, 1, 1, 1], 1)
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 1, 2, 2, 2], [1, 0], 1)


def test_sow_own_store_cw_north_reaches_its_store_coming_off_souths_row():
    game = make(holes=3, sow_direct="CW", **OWN_STORE)
    # 6 seeds from 3: 2, 1, 0, store, 5, 4
    pos = run(game, [1, 1, 1, 6, 0, 0], 3, turn=1)
    assert (pos.board, pos.stores, pos.turn) == ([2, 2, 2, 0, 1, 1], [0, 1], 0)
    # 4 seeds from 5: 4, 3, 2, 1 -- no store between 3 and 2 for North
    pos = run(game, [0, 0, 0, 1, 1, 4], 5, turn=1)
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 1, 2, 2, 0], [0, 0], 0)


# ---- multi-lap sowing --------------------------------------------------------------------


def test_mlaps_off_sows_a_single_lap():
    game = make(holes=3, mlaps="OFF")
    assert run(game, [0, 2, 0, 1, 0, 0], 1).board == [0, 0, 1, 2, 0, 0]


def test_lapper_lifts_the_last_hole_when_it_holds_more_than_one_seed():
    game = make(holes=3, mlaps="LAPPER")
    # lap 1: 2, 3 (3 now holds 2) -> lap 2 from 3: 4, 5 (5 was empty) -> stop
    pos = run(game, [0, 2, 0, 1, 0, 0], 1)
    assert (pos.board, pos.turn) == ([0, 0, 1, 0, 1, 1], 1)


def test_lapper_next_lifts_the_hole_after_the_last_one_when_it_is_occupied():
    game = make(holes=3, mlaps="LAPPER_NEXT")
    # lap 1: 2, 3; hole 4 holds 3 -> lap 2: 5, 0, 1; hole 2 holds 1 -> lap 3: 3; hole 4 empty
    pos = run(game, [0, 2, 0, 0, 3, 0], 1)
    assert (pos.board, pos.turn) == ([1, 1, 0, 2, 0, 1], 1)


def test_lapper_lap_ending_in_own_store_ends_the_sow_with_a_repeat_turn():
    game = make(holes=3, mlaps="LAPPER", **OWN_STORE)
    # lap 1: 1 (now 2) -> lap 2 from 1: 2, store
    pos = run(game, [1, 1, 0, 0, 1, 1], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 0, 1, 1], [1, 0], 0)


def test_sow_start_applies_to_the_start_hole_only_not_to_later_laps():
    """rules-decisions (read from the reference): later laps lift every seed."""
    game = make(holes=4, mlaps="LAPPER", sow_start=True, min_move=2)
    # lap 1 from 1: 1, 2 (2 now holds 2) -> lap 2 lifts both from 2: 3, 4 (4 was empty)
    pos = run(game, [0, 2, 1, 0, 0, 0, 2, 2], 1)
    assert (pos.board, pos.turn) == ([0, 1, 0, 1, 1, 0, 2, 2], 1)
    plain = make(holes=4, mlaps="LAPPER")
    assert run(plain, [0, 2, 1, 0, 0, 0, 2, 2], 1).board == [0, 0, 2, 1, 0, 0, 2, 2]


def test_move_one_exempts_a_lap_of_one_seed_from_sow_start():
    game = make(holes=3, mlaps="LAPPER_NEXT", sow_start=True, move_one=True)
    # lap 1 from 1: 1, 2; hole 3 holds 1 -> lap 2 moves it to 4; hole 5 empty -> stop
    pos = run(game, [0, 2, 0, 1, 0, 0], 1)
    assert (pos.board, pos.turn) == ([0, 1, 1, 0, 1, 0], 1)


def test_skip_start_in_multilap_skips_the_current_lap_start_not_the_original_start():
    game = make(holes=3, mlaps="LAPPER", skip_start=True)
    # lap 1 from 2: 3 (now 6)
    # lap 2 from 3: 4 5 0 1 2 (3 skipped) 4 -> 4 holds 2; the original start 2 is sown
    # lap 3 from 4: 5 0 -> 0 holds 2; lap 4 from 0: 1 2 -> 2 holds 2
    # lap 5 from 2: 3 4 -> 4 holds 1 -> stop
    pos = run(game, [0, 0, 1, 5, 0, 0], 2)
    assert (pos.board, pos.turn) == ([0, 2, 0, 1, 1, 2], 1)
    plain = make(holes=3, mlaps="LAPPER")
    # lap 2 from 3: 4 5 0 1 2 3 -> 3 holds 1 -> stop
    assert run(plain, [0, 0, 1, 5, 0, 0], 2).board == [1, 1, 1, 1, 1, 1]


def test_visit_opp_ends_the_sow_after_a_first_lap_that_stayed_on_own_side():
    game = make(holes=3, mlaps="LAPPER", visit_opp=True)
    pos = run(game, [1, 1, 1, 1, 0, 0], 0)  # lap 1: 1 (now 2), never reached North
    assert (pos.board, pos.turn) == ([0, 2, 1, 1, 0, 0], 1)
    plain = make(holes=3, mlaps="LAPPER")
    # lap 2 from 1: 2 3 -> 3 holds 2; lap 3 from 3: 4 5 -> stop
    assert run(plain, [1, 1, 1, 1, 0, 0], 0).board == [0, 0, 2, 0, 1, 1]


def test_visit_opp_goes_on_lapping_when_the_first_lap_reached_the_opponent():
    game = make(holes=3, mlaps="LAPPER", visit_opp=True)
    # lap 1: 3 (now 2) -> lap 2 from 3: 4 5 -> 5 was empty -> stop
    pos = run(game, [0, 0, 1, 1, 1, 0], 2)
    assert (pos.board, pos.turn) == ([0, 0, 0, 0, 2, 1], 1)


def test_visit_opp_requires_mlaps():
    with pytest.raises(VariantError) as err:
        make(holes=3, visit_opp=True)
    assert "visit_opp" in err.value.params


# ---- the 50-lap limit ----------------------------------------------------------------------
#
# LAPPER from hole 0 of [2,0,1,0,2,1] never ends: every lap ends in an occupied hole and
# the lap-19 pick-up (2 seeds from hole 0, board [0,0,1,0,2,1]) repeats lap 1's, so the
# sow has period 18. Lap 49 is lap 13 again (lift 2 from 4 of [1,0,2,1,0,0]: 5, 0) and
# lap 50 is lap 14 (lift 2 from 0 of [0,0,2,1,0,1]: 1, 2), leaving [0,1,3,1,0,1] with
# hole 2 holding 3 > 1. Those 3 seeds are lifted for lap 51 and dropped: the board is
# [0,1,0,1,0,1] (3 seeds: one South, two North) and the game ends.

ENDLESS = [2, 0, 1, 0, 2, 1]
AFTER_50_LAPS = [0, 1, 0, 1, 0, 1]


def test_fifty_laps_without_stores_end_as_a_tie_with_the_board_as_it_is_and_hand_seeds_dropped():
    game = make(holes=3, mlaps="LAPPER")
    pos = run(game, ENDLESS, 0)
    assert pos.outcome.kind == OutcomeKind.TIE and pos.outcome.winner is None
    assert pos.board == AFTER_50_LAPS
    assert pos.stores == [0, 0]
    assert pos.turn == 0  # a tie names the last mover
    assert pos.mcount == 1
    assert game.legal_moves(pos) == []
    assert sum(pos.board) + sum(pos.stores) == 3  # 3 of the 6 seeds left the game


def test_fifty_laps_with_stores_split_the_board_and_the_odd_seed_goes_to_the_non_mover_on_equal_stores():
    game = make(holes=3, mlaps="LAPPER", stores=True)
    pos = run(game, ENDLESS, 0)
    # 3 seeds: one each, the odd one to North (stores equal, North did not move)
    assert (pos.board, pos.stores) == ([0] * 6, [1, 2])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 1, 1)


def test_fifty_laps_with_stores_give_the_odd_seed_to_the_player_with_fewer():
    game = make(holes=3, mlaps="LAPPER", stores=True)
    pos = run(game, ENDLESS, 0, stores=[2, 0])
    # [2,0] + 1 each = [3,1]; the odd seed to North (fewer) -> [3,2]
    assert (pos.board, pos.stores) == ([0] * 6, [3, 2])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)


@pytest.mark.parametrize(
    ("extra", "stores", "after", "winner"),
    [
        ({"unclaimed": "DIVVIED"}, [0, 0], [1, 2], 1),
        ({"unclaimed": "DONT_SCORE"}, [2, 0], [2, 0], 0),
        ({"unclaimed": "LAST_MOVER"}, [0, 0], [3, 0], 0),
        ({"unclaimed": "UNFED_PLAYER", "mustshare": True}, [0, 0], [1, 2], 1),
    ],
)
def test_fifty_laps_with_stores_collect_the_board_per_unclaimed(extra, stores, after, winner):
    game = make(holes=3, mlaps="LAPPER", stores=True, **extra)
    pos = run(game, ENDLESS, 0, stores=stores)
    assert (pos.board, pos.stores) == ([0] * 6, after)
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, winner)


def test_fifty_laps_tie_on_equal_stores_names_the_mover():
    game = make(holes=3, mlaps="LAPPER", stores=True, unclaimed="DONT_SCORE")
    pos = run(game, ENDLESS, 0)
    assert (pos.board, pos.stores) == ([0] * 6, [0, 0])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.TIE, None, 0)


@pytest.mark.parametrize("goal", ["CLEAR", "DEPRIVE"])
def test_fifty_laps_in_clear_and_deprive_games_end_as_a_tie_with_the_board_as_it_is(goal):
    game = make(holes=3, mlaps="LAPPER", stores=True, goal=goal)
    pos = run(game, ENDLESS, 0)
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.TIE, None)
    assert (pos.board, pos.stores, pos.turn) == (AFTER_50_LAPS, [0, 0], 0)


# ---- SOW1OPP's opening with skip_start, blocks, no_sides -----------------------------


def test_sow1opp_opening_with_skip_start_passes_the_start_hole_on_a_full_lap():
    game = make(holes=3, prescribed="SOW1OPP", skip_start=True)
    # South 0 (7 seeds): 1, 2, 3, 4, 5, (0 skipped) 1; the last seed: 2 is South's, so on to 3
    pos = run(game, [7, 1, 1, 1, 1, 1], 0)
    assert pos.board == [0, 3, 2, 3, 2, 2]
    assert pos.turn == 1


def test_sow1opp_opening_passes_blocked_holes_while_looking_for_the_opponents_side():
    game = make(holes=4, prescribed="SOW1OPP", blocks=True, rounds="NO_MOVES", round_fill="SHORTEN")
    # South 0 (2 seeds): 1 is blocked, 2; the last seed: 3 is South's, so on to North's 4
    pos = run(game, [2, 0, 1, 1, 1, 1, 1, 1], 0, blocked=".x......")
    assert pos.board == [0, 0, 2, 1, 2, 1, 1, 1]
    assert pos.blocked == [False, True] + [False] * 6


@pytest.mark.parametrize(
    ("board", "hole", "after"),
    [
        # South sows North's 4 (6 seeds): 5, 0, 1, 2, 3; the last seed would go into the
        # start hole 4 (North's side): it is skipped, the seed goes to 5
        ([1, 1, 1, 1, 6, 1], 4, [2, 2, 2, 2, 0, 3]),
        # South sows North's 3 (4 seeds): 4, 5, 0; the last seed passes South's 1 and 2,
        # then the start hole 3, and lands in 4
        ([1, 1, 1, 4, 1, 1], 3, [2, 1, 1, 0, 3, 2]),
    ],
)
def test_sow1opp_opening_from_the_opponents_row_never_ends_in_the_start_hole(board, hole, after):
    game = make(holes=3, prescribed="SOW1OPP", skip_start=True, no_sides=True, stores=True)
    pos = run(game, board, hole)
    assert pos.board == after
    assert pos.turn == 1


# ---- BearOff with blocks and capt_rturn --------------------------------------------------


def test_bear_off_skips_blocked_holes_on_the_movers_row():
    game = make(4, 2, game_class="BearOff", stores=True, blocks=True, rounds="NO_MOVES",
                round_fill="SHORTEN")
    # every hole holds one seed or none: bearing off; South 1 -> 2 is blocked -> 3
    pos = run(game, [1, 1, 0, 1, 1, 1, 0, 1], 1, stores=[4, 4], blocked="..x.....")
    assert pos.board == [1, 0, 0, 2, 1, 1, 0, 1]
    assert pos.stores == [4, 4]


def test_bear_off_counts_as_a_capture_for_capt_rturn():
    game = make(4, 2, game_class="BearOff", stores=True, capt_rturn="ALWAYS", capt_on=[4])
    # bearing off: South 3's seed would leave South's row: into South's store; that is a
    # capture, so South moves again
    pos = run(game, [1, 0, 1, 1, 1, 1, 0, 1], 3, stores=[4, 4])
    assert pos.board == [1, 0, 1, 0, 1, 1, 0, 1]
    assert pos.stores == [5, 4]
    assert pos.turn == 0 and pos.outcome is None
    # a bear-off sowing that stays on the row captures nothing: the turn passes
    pos = game.play(pos, 2)
    assert pos.board == [1, 0, 0, 1, 1, 1, 0, 1]
    assert pos.turn == 1


# ---- PLUS1MINUS1's opening with skip_start and blocks ------------------------------------


def test_plus1minus1_with_skip_start_goes_once_round_the_other_holes():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1", skip_start=True)
    # 1 -1, 2 +1, 3 -1, 4 +1, 5 -1: the five other holes once each; then 5 +1 (facing 0)
    pos = run(game, [2, 2, 2, 2, 2, 2], 0)
    assert pos.board == [2, 1, 3, 1, 3, 2]


def test_plus1minus1_passes_blocked_holes_and_stops_back_at_the_start():
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1", blocks=True, rounds="NO_MOVES",
                round_fill="SHORTEN")
    # hole 2 is blocked: 1 -1, 3 +1, 4 -1, 5 +1, back at 0; then 5 +1 (facing 0)
    pos = run(game, [2, 2, 2, 2, 2, 2], 0, blocked="..x...")
    assert pos.board == [2, 1, 2, 3, 1, 4]
    assert pos.turn == 1


def test_plus1minus1_with_skip_start_and_a_block_still_goes_round_once():
    """skip_start does not apply to the opening (1.10's program steps round without it):
    with a hole blocked the other holes are still visited once each, as without skip_start."""
    game = make(3, 2, stores=True, prescribed="PLUS1MINUS1", skip_start=True, blocks=True,
                rounds="NO_MOVES", round_fill="SHORTEN")
    pos = run(game, [2, 2, 2, 2, 2, 2], 0, blocked="..x...")
    assert pos.board == [2, 1, 2, 3, 1, 4]
