"""Rules of the reference's 1.10 release (`rules_version` "1.10") that 1.8 does not have,
or plays otherwise: one scenario each, worked out by hand from the 1.10 parameter
reference and docs/rules-decisions.md (the 1.10 section).

With 3 holes a side: South 0 1 2, North 3 4 5; 2<->3 face. With 4: South 0..3, North
4..7.
"""

from __future__ import annotations

import signal
from typing import Any

import pytest

from mancala.engine import Game, OutcomeKind
from mancala.engine.ending import RoundBySeeds
from mancala.engine.rounds import territory_split, win_holes_18
from mancala.rules.loading import parse_variant
from tests.engine.helpers import at, make, run


def make110(holes: int = 3, nbr_start: int = 2, **game_info: Any) -> Game:
    return make(holes, nbr_start, rules_version="1.10", **game_info)


# ---- end_cond ------------------------------------------------------------------------------


def test_cleared_own_ends_the_game_when_the_mover_empties_their_side():
    # South 2 -> 3: South's row is empty though North could move on; the last mover
    # takes the 4 seeds left (unclaimed LAST_MOVER)
    game = make110(stores=True, unclaimed="LAST_MOVER", end_cond="CLEARED_OWN")
    pos = run(game, [0, 0, 1, 0, 2, 1], 2)
    assert (pos.board, pos.stores) == ([0] * 6, [4, 0])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


def test_without_an_end_cond_the_same_move_plays_on():
    game = make110(stores=True, unclaimed="LAST_MOVER")
    pos = run(game, [0, 0, 1, 0, 2, 1], 2)
    assert (pos.board, pos.outcome, pos.turn) == ([0, 0, 0, 1, 2, 1], None, 1)


def test_cleared_opp_ends_a_repeat_turn_that_left_the_opponent_without_seeds():
    # South 2 -> 3 (2) captures and would move again (capt_rturn); North's row is empty,
    # so the game ends: South's hole 0 goes to South (HOLE_OWNER), 3 + 4 of 8: North wins
    game = make110(stores=True, capt_on=[2], capt_rturn="ALWAYS", end_cond="CLEARED_OPP")
    pos = run(game, [1, 0, 1, 1, 0, 0], 2, stores=[0, 4])
    assert (pos.board, pos.stores) == ([0] * 6, [3, 4])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 1)


def test_seeds_limit_ends_the_game_at_end_param_seeds_in_play():
    # South 2 -> 3 (2) captured: 2 seeds left in play, not above end_param 2; each row's
    # seed goes to its owner: 5 to 3
    game = make110(stores=True, capt_on=[2], end_cond="SEEDS_LIMIT", end_param=2)
    pos = run(game, [1, 0, 1, 1, 0, 1], 2, stores=[2, 2])
    assert (pos.board, pos.stores) == ([0] * 6, [5, 3])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


def test_seeds_limit_above_the_seeds_left_plays_on():
    game = make110(stores=True, capt_on=[2], end_cond="SEEDS_LIMIT", end_param=1)
    pos = run(game, [1, 0, 1, 1, 0, 1], 2, stores=[2, 2])
    assert (pos.board, pos.stores, pos.outcome) == ([1, 0, 0, 0, 0, 1], [4, 2], None)


def test_hole_seed_limit_ends_the_game_once_no_hole_holds_more_than_end_param():
    game = make110(stores=True, capt_on=[2], end_cond="HOLE_SEED_LIMIT", end_param=1)
    # South 2 -> 3 (2) captured: three holes of one seed left, the rows to their owners
    pos = run(game, [1, 0, 1, 1, 1, 1], 2, stores=[2, 2])
    assert (pos.board, pos.stores) == ([0] * 6, [5, 4])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


# ---- behaviour 1.10 changed without a parameter -----------------------------------------------


def test_mustshare_with_mustpass_lets_every_move_stand_when_none_shares():
    # (1.8 allows neither move here); North then passes
    game = make110(stores=True, mustshare=True, mustpass=True)
    pos = at(game, [1, 1, 0, 0, 0, 0], stores=[2, 2])
    assert game.legal_moves(pos) == [0, 1]
    pos = game.play(pos, 1)
    assert (pos.board, pos.outcome, pos.turn) == ([1, 0, 1, 0, 0, 0], None, 0)


def test_mustshare_with_mustpass_still_keeps_to_moves_that_share():
    game = make110(stores=True, mustshare=True, mustpass=True)
    pos = at(game, [1, 0, 1, 0, 0, 0], stores=[2, 2])
    assert game.legal_moves(pos) == [2]


def test_grand_slam_leave_left_keeps_the_leftmost_hole_with_seeds():
    # South 3 -> 4, 5, 6 (2 each), taken back to 4: every North seed. 1.8 would keep hole 7
    # (empty, so nothing); 1.10 keeps North's leftmost hole holding seeds, 6
    game = make110(holes=4, stores=True, capt_on=[2], multicapt=-1, grandslam="LEAVE_LEFT")
    pos = run(game, [0, 0, 0, 3, 1, 1, 1, 0], 3, stores=[0, 6])
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 0, 0, 2, 0], [4, 6])
    game18 = make(4, 2, stores=True, capt_on=[2], multicapt=-1, grandslam="LEAVE_LEFT")
    pos18 = run(game18, [0, 0, 0, 3, 1, 1, 1, 0], 3, stores=[0, 6])
    assert (pos18.board, pos18.stores) == ([0] * 8, [6, 6])


def test_grand_slam_of_a_single_hole_captures_it():
    game = make110(holes=4, stores=True, capt_on=[2], multicapt=-1, grandslam="LEAVE_RIGHT")
    pos = run(game, [0, 0, 0, 1, 1, 0, 0, 0], 3, stores=[0, 6])
    assert (pos.board, pos.stores) == ([0] * 8, [2, 6])


# ---- captures while sowing (sow_rule ENPAS_*) -----------------------------------------------
# South 2 sows 3, 4, 5, 0: holes 3 and 4 reach 2 (capt_on) on the way; the last seed (0)
# makes no capture. Who takes them, and from whose holes, is the rule's name.

PASSING = [0, 0, 4, 1, 1, 0]


def _passing(rule: str) -> tuple[list[int], list[int]]:
    game = make110(stores=True, capt_on=[2], sow_rule=rule)
    pos = run(game, PASSING, 2, stores=[5, 5])
    return pos.board, pos.stores


def test_enpas_all_owner_sow_gives_each_hole_to_its_owner():
    assert _passing("ENPAS_ALL_OWNER_SOW") == ([1, 0, 0, 0, 0, 1], [5, 9])


def test_enpas_all_sower_gives_every_hole_to_the_mover():
    assert _passing("ENPAS_ALL_SOWER") == ([1, 0, 0, 0, 0, 1], [9, 5])


def test_enpas_opp_sower_takes_only_from_the_opponent():
    assert _passing("ENPAS_OPP_SOWER") == ([1, 0, 0, 0, 0, 1], [9, 5])


def test_enpas_sow_sower_takes_only_from_the_movers_own_holes():
    assert _passing("ENPAS_SOW_SOWER") == ([1, 0, 0, 2, 2, 1], [5, 5])
    game = make110(stores=True, capt_on=[2], sow_rule="ENPAS_SOW_SOWER")
    pos = run(game, [2, 1, 0, 1, 1, 1], 0, stores=[2, 2])  # 1 reaches 2 before the last seed
    assert (pos.board, pos.stores) == ([0, 0, 1, 1, 1, 1], [4, 2])


def test_the_last_hole_sown_goes_to_the_capturer_except_under_enpas_all_owner_own():
    # South 2 sows 3 and 4, both reaching 2: 3 is North's on the way; 4, the last, is
    # left to the capture (the mover's) under ENPAS_ALL_OWNER_SOW whatever the laps, and
    # taken by its owner under ENPAS_ALL_OWNER_OWN. 1.8's OWN_SOW_CAPT_ALL left it to the
    # capture only with LAPPER.
    board = [0, 0, 2, 1, 1, 0]
    sow = run(make110(stores=True, capt_on=[2], sow_rule="ENPAS_ALL_OWNER_SOW"), board, 2, stores=[5, 5])
    own = run(make110(stores=True, capt_on=[2], sow_rule="ENPAS_ALL_OWNER_OWN"), board, 2, stores=[5, 5])
    old = run(make(3, 2, stores=True, capt_on=[2], sow_rule="OWN_SOW_CAPT_ALL"), board, 2, stores=[5, 5])
    assert (sow.board, sow.stores) == ([0] * 6, [7, 7])
    assert (own.board, own.stores) == ([0] * 6, [5, 9])
    assert (old.board, old.stores) == ([0] * 6, [5, 9])


# ---- the count that wins outright ----------------------------------------------------------


def test_max_seeds_in_no_moves_rounds_ends_once_the_other_cannot_fill_a_hole():
    # 4 seeds a hole, 24 in all. South 2 -> 3 (2) taken: South holds 21, North 3, short
    # of the 4 a hole needs: 1.10 ends the game there (a count above 24 - 4); 1.8 plays
    # on until a count above 23
    board, stores = [0, 0, 1, 1, 1, 2], [19, 0]
    game = make110(3, 4, stores=True, capt_on=[2], rounds="NO_MOVES")
    pos = run(game, board, 2, stores=stores)
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)
    old = run(make(3, 4, stores=True, capt_on=[2], rounds="NO_MOVES"), board, 2, stores=stores)
    assert (old.outcome, old.turn) == (None, 1)


# ---- sow_direct EVEN_ODD_DIR, TOCENTER -------------------------------------------------------


def test_even_odd_dir_sows_an_even_count_clockwise_and_an_odd_one_counter_clockwise():
    game = make110(sow_direct="EVEN_ODD_DIR")
    assert run(game, [2, 3, 1, 1, 1, 1], 0).board == [0, 3, 1, 1, 2, 2]  # 2: clockwise
    assert run(game, [2, 3, 1, 1, 1, 1], 1).board == [2, 0, 2, 2, 2, 1]  # 3: counter-clockwise


def test_tocenter_sows_each_half_row_towards_the_middle():
    game = make110(holes=4, sow_direct="TOCENTER")
    assert run(game, [1, 1, 1, 1, 1, 1, 1, 1], 0).board == [0, 2, 1, 1, 1, 1, 1, 1]
    assert run(game, [1, 1, 1, 1, 1, 1, 1, 1], 3).board == [1, 1, 2, 0, 1, 1, 1, 1]
    pos = run(game, [1, 1, 1, 1, 1, 1, 1, 1], 3, 4)  # North's left hole, towards its middle
    assert pos.board == [1, 1, 2, 0, 0, 2, 1, 1]


# ---- endless sowing --------------------------------------------------------------------------


def test_a_sowing_is_endless_only_after_75_laps():
    # Hufesay 0:6 (6 holes, LAPPER, crosscapt): North's 9 ends after more than 50 laps,
    # where 1.8 called the move endless and ended the game
    laps = {"stores": True, "mustpass": True, "mlaps": "LAPPER", "capt_side": "OPP_SIDE",
            "unclaimed": "DONT_SCORE"}
    board = [4, 1, 7, 1, 6, 1, 5, 2, 1, 8, 2, 1]
    game = make110(6, 4, crosscapt="ONE_ZEROS", quitter="DONT_SCORE", **laps)
    pos = run(game, board, 9, turn=1, stores=[6, 3])
    assert (pos.board, pos.stores, pos.outcome) == ([3, 2, 1, 6, 1, 1, 0, 3, 15, 1, 5, 1], [6, 3], None)
    old = run(make(6, 4, crosscapt=True, **laps), board, 9, turn=1, stores=[6, 3])
    assert old.outcome is not None


# ---- territory rounds ----------------------------------------------------------------------


TERRITORY = {"goal": "TERRITORY", "goal_param": 6, "stores": True, "rounds": "NO_MOVES"}


def test_a_territory_round_gives_the_part_filled_hole_only_for_more_than_half_its_seeds():
    # 4 holes a side, 2 seeds a hole: North's 9 seeds make 4 holes and half a hole's
    # seeds, which 1.8 counted as a fifth hole (Weg::Weg_4_2 3:11)
    game = make110(4, 2, **TERRITORY)
    assert territory_split(game.pipe).holes_won(9, game.pipe.rng) == 4
    game = make(4, 2, **TERRITORY)
    assert win_holes_18(game.pipe, at(game, [0] * 8, stores=[7, 9])) == (1, 5)


def test_a_territory_game_goes_on_to_another_round_while_the_loser_holds_enough():
    # 16 seeds, 6 holes to win: 1.10 ends the game when a player holds fewer than
    # 16 - 12 + 1 = 5 seeds (1.8: fewer than 6)
    def required(game: Game) -> int:
        ender = game.pipe.ender
        while not isinstance(ender, RoundBySeeds):
            ender = ender.inner
        return ender.required

    assert required(make110(4, 2, **TERRITORY)) == 5
    assert required(make(4, 2, **TERRITORY)) == 6


def test_after_a_round_tie_the_last_mover_starts_a_loser_starts_game():
    # South 2 -> 3 (2) taken: 6 seeds each and nothing left to move, a round tie
    rules = {"stores": True, "capt_on": [2], "rounds": "NO_MOVES", "round_starter": "LOSER"}
    for game, starter in ((make110(**rules), 0), (make(**rules), 1)):
        pos = run(game, [0, 0, 1, 1, 0, 0], 2, stores=[4, 6])
        assert pos.outcome.kind == OutcomeKind.ROUND_TIE
        assert game.next_round(pos).turn == starter


@pytest.mark.parametrize("extra, board, stores", [
    ({"capt_rturn": "ALWAYS"}, [0, 0, 1, 1, 0, 0], [4, 6]),  # the capture earns a turn
    ({"sow_stores": "OWN"}, [0, 0, 1, 0, 0, 0], [5, 6]),      # the last seed in the store
], ids=["capture_repeat", "store_repeat"])
def test_after_a_round_tied_by_a_repeat_turn_the_other_player_starts_a_loser_starts_game(
        extra, board, stores):
    # The 1.10 reference picks a tied round's next starter from the turn it leaves after
    # the move, and a move that earned another turn leaves it with the mover: LOSER then
    # starts the other player (found replaying Lagerung games of the reference at other
    # seeds: a last seed into the store tied the round 49 - 49)
    rules = {"stores": True, "capt_on": [2], "rounds": "NO_MOVES", "round_starter": "LOSER"}
    game = make110(**rules, **extra)
    pos = run(game, board, 2, stores=stores)
    assert (pos.board, pos.stores) == ([0] * 6, [6, 6])
    assert pos.outcome.kind == OutcomeKind.ROUND_TIE and pos.outcome.tied_on_repeat
    assert game.next_round(pos).turn == 1
    winner_starts = make110(**(rules | {"round_starter": "WINNER"}), **extra)
    assert winner_starts.next_round(run(winner_starts, board, 2, stores=stores)).turn == 0


def test_capt_rturn_once_counts_the_repeats_of_each_turn():
    # South captures twice (2 -> 3, then 1 -> 4; the second gives no repeat), then North
    # captures (5 -> 0): a repeat in 1.10, where each turn may have one; 1.8 counted the
    # captures in a row, whoever made them
    rules = {"stores": True, "capt_on": [2], "capt_rturn": "ONCE"}
    for game, turn in ((make110(**rules), 1), (make(**rules), 0)):
        pos = run(game, [1, 3, 1, 1, 1, 1], 2, 1, 5)
        assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 1, 0, 0], [4, 2], turn)


def test_picklastseeds_counts_only_the_seeds_a_capture_could_take():
    # South 2 -> 3: 2 seeds left on North's row, the side South captures from (5 in
    # all): 1.10 gives South every seed left; 1.8 counted all 5, above nbr_start 2
    rules = {"stores": True, "capt_on": [4], "capt_side": "OPP_SIDE", "pickextra": "PICKLASTSEEDS"}
    pos = run(make110(**rules), [3, 0, 1, 0, 1, 0], 2, stores=[3, 3])
    assert (pos.board, pos.stores) == ([0] * 6, [8, 3])
    old = run(make(**rules), [3, 0, 1, 0, 1, 0], 2, stores=[3, 3])
    assert (old.board, old.stores) == ([3, 0, 0, 1, 1, 0], [3, 3])


# ---- captures that read where the move began -------------------------------------------------


def test_all_single_xcapt_counts_a_start_hole_of_one_seed():
    # South 0 holds one seed as the move begins: 1.10 takes the 3 across it (hole 5)
    # before sowing; 1.8 looked once the seed was drawn
    rules = {"stores": True, "presowcapt": "ALL_SINGLE_XCAPT"}
    pos = run(make110(**rules), [1, 2, 0, 1, 1, 3], 0)
    assert (pos.board, pos.stores) == ([0, 3, 0, 1, 1, 0], [3, 0])
    old = run(make(**rules), [1, 2, 0, 1, 1, 3], 0)
    assert (old.board, old.stores) == ([0, 3, 0, 1, 1, 3], [0, 0])


def test_opp_cont_captures_go_on_from_where_the_sowing_ended():
    # South 1 -> 2, 3, both reaching 2: the capture begins on North's 3 and goes back to
    # South's own 2 in 1.10 (the side is read where it began); 1.8 stopped at the row end
    rules = {"stores": True, "capt_on": [2], "multicapt": -1, "capt_side": "OPP_CONT"}
    pos = run(make110(**rules), [0, 2, 1, 1, 0, 1], 1, stores=[2, 2])
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 0, 1], [6, 2])
    old = run(make(**rules), [0, 2, 1, 1, 0, 1], 1, stores=[2, 2])
    assert (old.board, old.stores, old.outcome) == ([0, 0, 2, 0, 0, 1], [4, 2], None)


def test_multiple_captures_run_against_the_variants_direction_not_the_chosen_one():
    # sow_direct CCW, South chooses CW from 0: 5 and 4 reach 2, the capture starts on 4.
    # 1.10 goes on clockwise (against CCW) to the empty 3; 1.8 went against the sowing,
    # back to 5
    rules = {"stores": True, "capt_on": [2], "multicapt": -1, "udir_holes": [0, 1, 2]}
    pos = run(make110(**rules), [2, 0, 0, 0, 1, 1], (0, "CW"), stores=[2, 2])
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 0, 2], [4, 2])
    old = run(make(**rules), [2, 0, 0, 0, 1, 1], (0, "CW"), stores=[2, 2])
    assert (old.board, old.stores) == ([0] * 6, [6, 2])


def test_opp_or_empty_skips_the_test_for_a_hole_with_more_seeds_than_a_row():
    # North's 5 holds 4 seeds (more than the 3 holes of a row) and would end on its own
    # occupied 3: 1.10 does not test it, as the reference reads the move's own hole; 1.8
    # read South's hole at the same row position (1 seed) and refused the move
    rules = {"stores": True, "allow_rule": "OPP_OR_EMPTY"}
    assert make110(**rules).legal_moves(at(make110(**rules), [0, 0, 1, 1, 1, 4], turn=1)) == [5]
    assert make(**rules).legal_moves(at(make(**rules), [0, 0, 1, 1, 1, 4], turn=1)) == []


def test_children_without_stores_leave_seeds_already_out_of_play_where_they_are():
    # South 2 -> 3 (2) captured: the 2 seeds go to South's child (hole 4). The stores'
    # earlier seeds (out of play since a round ended) stay there in 1.10; 1.8 moved
    # every store seed onto the board
    rules = {"child_type": "NORMAL", "child_cvt": 4, "capt_on": [2]}
    game = make110(**rules)
    pos = game.play(at(game, [0, 0, 1, 1, 3, 1], stores=[1, 1], children="....S."), 2)
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 5, 1], [1, 1])
    game18 = make(**rules)
    old = game18.play(at(game18, [0, 0, 1, 1, 3, 1], stores=[1, 1], children="....S."), 2)
    assert (old.board, old.stores) == ([0, 0, 0, 0, 7, 1], [0, 0])


def test_an_endless_sowing_leaves_the_seeds_to_the_quitter_parameter():
    # Tegre 5:172: North's 6 sows (LAP_CAPT) without end. The 2 seeds in hand leave
    # play; the 33 on the board are split by `quitter` (default DIVVIED, the odd seed to
    # the player with fewer), not by `unclaimed` (LAST_MOVER), which 1.8 read
    rules = {"stores": True, "unclaimed": "LAST_MOVER", "mlaps": "LAPPER", "sow_rule": "LAP_CAPT",
             "capt_side": "OPP_SIDE"}
    board = [4, 0, 2, 1, 5, 6, 3, 6, 2, 1, 0, 5]
    pos = run(make110(6, 4, crosscapt="ONE_ZEROS", **rules), board, 6, turn=1, stores=[10, 3])
    assert (pos.board, pos.stores, pos.outcome.winner) == ([0] * 12, [26, 20], 0)
    taker = make110(6, 4, crosscapt="ONE_ZEROS", quitter="LAST_MOVER", **rules)
    assert run(taker, board, 6, turn=1, stores=[10, 3]).stores == [10, 36]


def test_pickoppbasic_takes_every_opponent_hole_meeting_the_capture_criteria():
    # South 2 -> 3 (2) captured; North's 5 (2) meets capt_on too and goes with it, 4 (3)
    # does not
    game = make110(stores=True, capt_on=[2], pickextra="PICKOPPBASIC")
    pos = run(game, [0, 0, 1, 1, 3, 2], 2, stores=[2, 2])
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 3, 0], [6, 2])


# ---- mlap_cont: further conditions on another lap; LAPPER_NEXT in 1.10 -------------------------
# With 4 holes a side: South 0..3, North 4..7; hole i faces 7 - i.


def test_mlap_cont_own_side_sows_on_only_from_the_movers_row():
    # South 0 -> 1, 2 (2 seeds, South's row: on) -> 3, 4; 4 is North's: stop there
    game = make110(4, mlaps="LAPPER", mlap_cont="OWN_SIDE")
    assert run(game, [2, 0, 1, 0, 1, 1, 1, 1], 0).board == [0, 1, 0, 1, 2, 1, 1, 1]


def test_mlap_cont_opp_side_sows_on_only_from_the_opponents_row():
    # the same move stops at once: its first lap ended in South's own hole 2
    game = make110(4, mlaps="LAPPER", mlap_cont="OPP_SIDE")
    assert run(game, [2, 0, 1, 0, 1, 1, 1, 1], 0).board == [0, 1, 2, 0, 1, 1, 1, 1]


def test_mlap_cont_greq_param_sows_on_only_from_mlap_param_seeds_or_more():
    game = make110(4, mlaps="LAPPER", mlap_cont="GREQ_PARAM", mlap_param=3)
    # South 0 -> 1, 2: 2 seeds in 2, fewer than 3: stop
    assert run(game, [2, 0, 1, 0, 2, 1, 1, 1], 0).board == [0, 1, 2, 0, 2, 1, 1, 1]
    # South 0 -> 1, 2: 3 seeds in 2: on -> 3, 4, 5; 2 seeds in 5: stop
    assert run(game, [2, 0, 2, 0, 1, 1, 1, 1], 0).board == [0, 1, 0, 1, 2, 2, 1, 1]


def test_lapper_next_sows_on_from_the_movers_store_when_it_comes_next():
    # South 2 -> 3; the mover's store comes next and holds 2: they are sown, 4 and 5;
    # then 6's seed -> 7; 0 is empty: stop. 1.8 skipped the store (next hole 4)
    rules = {"stores": True, "mlaps": "LAPPER_NEXT"}
    pos = run(make110(4, sow_stores="OWN", **rules), [0, 0, 1, 1, 1, 1, 1, 1], 2, stores=[2, 0])
    assert (pos.board, pos.stores) == ([0, 0, 0, 2, 2, 2, 0, 2], [0, 0])
    game18 = make(4, sow_own_store=True, **rules)
    old = run(game18, [0, 0, 1, 1, 1, 1, 1, 1], 2, stores=[2, 0])
    assert (old.board, old.stores) == ([0, 0, 0, 2, 0, 2, 0, 2], [2, 0])


def test_lapper_next_stops_to_cross_capture():
    # South 0 -> 1, empty before, faces 6 (1): the sowing stops and captures it; 1.8
    # sowed on from the next hole 2 (not empty) and ended where nothing was taken
    rules = {"stores": True, "mlaps": "LAPPER_NEXT"}
    pos = run(make110(4, crosscapt="ONE_ZEROS", **rules), [1, 0, 1, 0, 1, 1, 1, 1], 0)
    assert (pos.board, pos.stores) == ([0, 1, 1, 0, 1, 1, 0, 1], [1, 0])
    old = run(make(4, crosscapt=True, **rules), [1, 0, 1, 0, 1, 1, 1, 1], 0)
    assert (old.board, old.stores) == ([0, 1, 0, 1, 0, 2, 0, 2], [0, 0])


def test_lapper_next_stops_to_capture_by_the_basic_criteria():
    # South 0 -> 1 makes 2 there... South's own hole; with capt_side BOTH and capt_on 2
    # the 1.10 sowing stops and takes them; 1.8 went on from hole 2
    rules = {"stores": True, "mlaps": "LAPPER_NEXT", "capt_on": [2]}
    pos = run(make110(4, **rules), [1, 1, 1, 0, 1, 1, 1, 1], 0)
    assert (pos.board, pos.stores) == ([0, 0, 1, 0, 1, 1, 1, 1], [2, 0])


# ---- sow_stores BOTH -------------------------------------------------------------------------


def test_sow_stores_both_sows_the_opponents_store_and_ending_there_repeats():
    # South 2 (5 seeds): own store, 3, 4, 5, North's store: the last seed in the
    # opponent's store gives South another turn. OWN sows 0 instead and North moves
    board = [1, 1, 5, 1, 1, 1]
    both = run(make110(stores=True, sow_stores="BOTH"), board, 2)
    assert (both.board, both.stores, both.turn) == ([1, 1, 0, 2, 2, 2], [1, 1], 0)
    own = run(make110(stores=True, sow_stores="OWN"), board, 2)
    assert (own.board, own.stores, own.turn) == ([2, 1, 0, 2, 2, 2], [1, 0], 1)


def test_sow_stores_both_passes_each_store_where_its_owners_row_ends_sowing_clockwise():
    # North 3 (4 seeds) clockwise: South's store (between 3 and 2), 2, 1, 0
    game = make110(stores=True, sow_stores="BOTH", sow_direct="CW")
    pos = run(game, [1, 1, 1, 4, 1, 1], 3, turn=1)
    assert (pos.board, pos.stores, pos.turn) == ([2, 2, 2, 0, 1, 1], [1, 0], 0)


# ---- the 1.10 capture types (3 holes a side again) --------------------------------------------


def test_pull_across_moves_the_seeds_across_into_the_empty_hole_sown():
    # South 0 -> 1, empty before: the 3 seeds across (hole 4) join it; nothing is stored
    game = make110(stores=True, capt_type="PULL_ACROSS")
    pos = run(game, [1, 0, 0, 2, 3, 1], 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 4, 0, 2, 0, 1], [0, 0], 1)


def test_an_unlimited_pull_across_chain_stops_after_fifty_rounds_of_the_board():
    """docs/rules-decisions.md, "An unlimited multiple capture": pulling moves seeds
    between the rows without taking any, so this chain would go round for ever (the
    reference's does). South 1 (3 seeds) -> 2, 3, 0; 0 was empty: it pulls 3's seed, 1
    pulls 2's four, 2 pulls 1's, 3 pulls 0's two, 0 pulls them back, ... The chain stops
    after 50 rounds of the 4 holes (200 pulls), on 3's pull, as a limit of 200 would."""
    signal.signal(signal.SIGALRM, _too_long)
    signal.alarm(20)  # the unbounded chain never returned
    try:
        game = make110(holes=2, nbr_start=1, stores=True, capt_type="PULL_ACROSS", multicapt=-1,
                       capt_dir="SOW")
        pos = run(game, [0, 3, 3, 0], 1)
    finally:
        signal.alarm(0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 4, 2], [0, 0], 1)


def test_the_c_core_stops_the_unlimited_pull_across_chain_where_python_does():
    """The same chain on the C core (which plays PULL_ACROSS without laps): it stops after
    the same 200 pulls (capture_steps.CHAIN_ROUNDS; mancala_core.h's CHAIN_ROUNDS), where
    an unbounded chain would never return from the C call."""
    variant = parse_variant({"rules_version": "1.10", "game_constants": {"holes": 2, "nbr_start": 1},
                             "game_info": {"stores": True, "capt_type": "PULL_ACROSS",
                                           "multicapt": -1, "capt_dir": "SOW"}})
    game = Game(variant)
    assert game.fast is not None
    pos = game.play(game.start(0, board=[0, 3, 3, 0]), 1)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 4, 2], [0, 0], 1)


def _too_long(*_args: Any) -> None:
    raise AssertionError("the move did not end")


def test_capt_opp_1ccw_counts_a_last_seed_across_or_in_the_own_last_hole_as_a_capture():
    # with capt_rturn a "capture" moves again; nothing is taken
    game = make110(stores=True, capt_type="CAPT_OPP_1CCW", capt_rturn="ALWAYS")
    across = run(game, [1, 0, 1, 1, 1, 1], 2)
    assert (across.board, across.stores, across.turn) == ([1, 0, 0, 2, 1, 1], [0, 0], 0)
    own_last = run(game, [0, 1, 0, 1, 1, 1], 1)
    assert (own_last.board, own_last.turn) == ([0, 0, 1, 1, 1, 1], 0)
    elsewhere = run(game, [1, 0, 1, 1, 1, 1], 0)
    assert (elsewhere.board, elsewhere.turn) == ([0, 1, 1, 1, 1, 1], 1)


def test_pass_store_capt_hands_the_movers_store_to_the_opponent():
    # South 0 -> 1, empty before: South's 3 stored seeds go to North
    game = make110(stores=True, capt_type="PASS_STORE_CAPT")
    pos = run(game, [1, 0, 1, 1, 1, 1], 0, stores=[3, 2])
    assert (pos.board, pos.stores) == ([0, 1, 1, 1, 1, 1], [0, 5])


def test_singletons_takes_every_hole_of_one_seed_after_the_sowing():
    # South 0 -> 1, 2: holes 1 and 3 hold one seed each; South takes both
    game = make110(stores=True, capt_type="SINGLETONS")
    pos = run(game, [2, 0, 1, 1, 0, 3], 0)
    assert (pos.board, pos.stores) == ([0, 0, 2, 0, 0, 3], [2, 0])


# ---- crosscapt ONE_ANY and ANY (4 holes a side) ------------------------------------------------


def test_crosscapt_one_any_goes_on_across_holes_that_are_not_empty():
    # South 0 -> 1 (empty before) takes 6; the capture goes on from 2 (2 seeds) taking 5,
    # then from 3 taking 4; ONE_ZEROS stops at 2, which is not empty
    rules = {"stores": True, "multicapt": -1, "capt_dir": "SOW"}
    board = [1, 0, 2, 0, 1, 3, 1, 1]
    pos = run(make110(4, crosscapt="ONE_ANY", **rules), board, 0)
    assert (pos.board, pos.stores) == ([0, 1, 2, 0, 0, 0, 0, 1], [5, 0])
    zeros = run(make110(4, crosscapt="ONE_ZEROS", **rules), board, 0)
    assert (zeros.board, zeros.stores) == ([0, 1, 2, 0, 1, 3, 0, 1], [1, 0])


def test_crosscapt_any_takes_across_whatever_the_last_hole_holds():
    board = [1, 1, 0, 0, 1, 1, 2, 1]
    pos = run(make110(4, stores=True, crosscapt="ANY"), board, 0)
    assert (pos.board, pos.stores) == ([0, 2, 0, 0, 1, 1, 0, 1], [2, 0])
    zeros = run(make110(4, stores=True, crosscapt="ONE_ZEROS"), board, 0)
    assert (zeros.board, zeros.stores) == ([0, 2, 0, 0, 1, 1, 2, 1], [0, 0])


# ---- start_pattern MOVE_RIGHTMOST --------------------------------------------------------------


def test_move_rightmost_plays_the_starters_rightmost_hole_before_the_game_starts():
    # 2 seeds a hole; South's 2 -> 3, 4; North's 5 -> 0, 1. The game starts after it,
    # the opponent to move, one move counted
    game = make110(start_pattern="MOVE_RIGHTMOST")
    south = game.start(0)
    assert (south.board, south.turn, south.mcount) == ([2, 2, 0, 3, 3, 2], 1, 1)
    north = game.start(1)
    assert (north.board, north.turn) == ([3, 3, 2, 2, 2, 0], 0)


# ---- prescribed NO_UDIR_FIRSTS -------------------------------------------------------------------


@pytest.mark.parametrize(("sow_direct", "moves", "boards"), [
    # South's [1, "CW"] and North's [4, "CW"] sow counter-clockwise (the first turn of
    # each); South's next [0, "CW"] goes clockwise, round to North's 5
    ("CCW", [[1, "CW"], [4, "CW"], [0, "CW"]],
     [[2, 0, 3, 3, 2, 2], [3, 0, 3, 3, 0, 3], [0, 0, 3, 4, 1, 4]]),
    # a clockwise variant: South's [1, "CCW"] goes 0, 5; North's [4, "CCW"] 3, 2; then
    # South's [2, "CCW"] goes the way it names: 3, 4, 5
    ("CW", [[1, "CCW"], [4, "CCW"], [2, "CCW"]],
     [[3, 0, 2, 2, 2, 3], [3, 0, 3, 3, 0, 3], [3, 0, 0, 4, 1, 4]]),
])
def test_no_udir_firsts_sows_each_players_first_turn_in_the_variants_direction(sow_direct, moves, boards):
    game = make110(udir_holes=[0, 1, 2], prescribed="NO_UDIR_FIRSTS", sow_direct=sow_direct)
    pos = at(game, [2, 2, 2, 2, 2, 2])
    for move, board in zip(moves, boards, strict=True):
        pos = game.play(pos, move)
        assert pos.board == board


# ---- each player's first turn: RIGHT_HALF_FIRSTS, RIGHT_HALF_1ST_OPE, SOW1OPP ------------------


def test_right_half_firsts_limits_each_players_first_turn_to_their_right_half():
    game = make110(4, allow_rule="RIGHT_HALF_FIRSTS")
    pos = game.start(0)
    assert game.legal_moves(pos) == [2, 3]
    pos = game.play(pos, 3)
    assert game.legal_moves(pos) == [6, 7]
    pos = game.play(pos, 7)
    assert game.legal_moves(pos) == [0, 1, 2]


def test_right_half_1st_ope_applies_opp_or_empty_after_the_first_turns():
    game = make110(4, allow_rule="RIGHT_HALF_1ST_OPE")
    pos = game.start(0)
    assert game.legal_moves(pos) == [2, 3]


def test_sow1opp_prescribes_each_players_first_turn_under_the_110_rules():
    # South 0: 1, then the last seed skips South's 2 into 3. North 3: 4, then its last
    # seed skips North's 5 into 0 (1.8 prescribed only the game's first move: 4, 5)
    pos = run(make110(prescribed="SOW1OPP"), [2, 2, 2, 1, 2, 2], 0, 3)
    assert pos.board == [1, 3, 2, 0, 3, 2]
    old = run(make(prescribed="SOW1OPP"), [2, 2, 2, 1, 2, 2], 0, 3)
    assert old.board == [0, 3, 2, 0, 3, 3]


def test_occupied_allows_only_moves_whose_last_seed_lands_in_an_occupied_hole():
    # South's 0 would end in the empty hole 1; 2 ends in North's 4 (2 seeds)
    game = make110(allow_rule="OCCUPIED")
    assert game.legal_moves(at(game, [1, 0, 2, 2, 2, 2])) == [2]


def test_grand_slam_legal_share_captures_and_gives_the_capturer_another_move():
    # 4 holes: South 3 -> 4 makes 2 there, taken; North is left without seeds (a grand
    # slam). LEGAL_SHARE: South moves again (to share); LEGAL: North cannot move, over
    rules = {"stores": True, "capt_on": [2]}
    board = [2, 2, 0, 1, 1, 0, 0, 0]
    share = run(make110(4, 3, grandslam="LEGAL_SHARE", **rules), board, 3, stores=[9, 9])
    assert share.board == [2, 2, 0, 0, 0, 0, 0, 0] and share.stores == [11, 9]
    assert share.outcome is None and share.turn == 0
    legal = run(make110(4, 3, **rules), board, 3, stores=[9, 9])
    assert legal.outcome is not None and legal.outcome.kind == OutcomeKind.WIN
