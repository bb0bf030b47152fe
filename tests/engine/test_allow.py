"""Allowed moves: allow_rule values, min_move, mustshare, mustpass, illegal moves.

Expected legal moves are worked out by hand from the parameter reference and
docs/rules-decisions.md. With 3 holes a side: South 0 1 2, North 3 4 5.
"""

from __future__ import annotations

import pytest

from mancala.engine import IllegalMove, OutcomeKind
from tests.engine.helpers import at, make, run, snapshot

NORTH_FULL = [1, 1, 1]


def legal(game, south, north=NORTH_FULL, turn=0):
    return game.legal_moves(at(game, list(south) + list(north), turn=turn))


# ---- allow_rule ------------------------------------------------------------------------


def test_allow_rule_none_allows_every_own_hole_with_seeds():
    game = make(holes=3, allow_rule="NONE")
    assert legal(game, [1, 0, 2]) == [0, 2]


def test_allow_rule_opp_or_empty_allows_moves_ending_in_an_empty_hole_or_reaching_the_opponent():
    game = make(holes=3, allow_rule="OPP_OR_EMPTY")
    assert legal(game, [1, 1, 0]) == [1]  # 0 ends in occupied 1; 1 ends in empty 2
    assert legal(game, [2, 1, 1]) == [2]  # only 2 reaches North
    assert legal(game, [1, 0, 1]) == [0, 2]


def test_allow_rule_single_to_zero_plays_a_single_only_into_an_empty_next_hole():
    game = make(holes=3, allow_rule="SINGLE_TO_ZERO")
    assert legal(game, [1, 1, 0]) == [1]
    assert legal(game, [1, 1, 2]) == [2]  # singles face occupied holes; 2 seeds are free
    assert legal(game, [0, 0, 1], [0, 1, 1]) == [2]  # the next hole is North's empty 3


def test_allow_rule_single_to_zero_looks_at_the_next_hole_in_the_sow_direction():
    game = make(holes=3, sow_direct="CW", allow_rule="SINGLE_TO_ZERO")
    assert legal(game, [0, 1, 1]) == [1]  # 1 -> 0 empty; 2 -> 1 occupied


def test_allow_rule_single_only_all_plays_singles_only_when_every_filled_hole_is_single():
    game = make(holes=3, allow_rule="SINGLE_ONLY_ALL")
    assert legal(game, [1, 2, 0]) == [1]
    assert legal(game, [1, 1, 0]) == [0, 1]
    assert legal(game, [1, 0, 1]) == [0, 2]


def test_allow_rule_single_all_to_zero_plays_singles_only_when_all_single_and_into_an_empty_hole():
    game = make(holes=3, allow_rule="SINGLE_ALL_TO_ZERO")
    assert legal(game, [1, 2, 0]) == [1]
    assert legal(game, [1, 1, 0]) == [1]  # 0 -> occupied 1
    assert legal(game, [1, 0, 1]) == [0]  # 2 -> occupied 3


def test_allow_rule_two_only_all_plays_twos_only_when_every_filled_hole_holds_two():
    game = make(holes=3, allow_rule="TWO_ONLY_ALL")
    assert legal(game, [2, 3, 0]) == [1]
    assert legal(game, [2, 2, 0]) == [0, 1]


def test_allow_rule_two_only_all_right_when_all_hold_two_only_the_rightmost_may_be_played():
    game = make(holes=3, allow_rule="TWO_ONLY_ALL_RIGHT")
    assert legal(game, [2, 3, 0]) == [1]
    assert legal(game, [2, 2, 0]) == [1]
    assert legal(game, [2, 0, 2]) == [2]
    assert legal(game, [2, 2, 1]) == [2]
    # North's rightmost (its own view) is its highest index
    assert legal(game, [1, 1, 1], [2, 2, 0], turn=1) == [4]


def test_allow_rule_first_turn_only_right_two_limits_the_first_move_of_the_game_only():
    """rules-decisions: first-turn rules count the moves of the game or round (Lamlameta
    0:1): North's first move, the game's second, is not limited."""
    game = make(holes=4, nbr_start=2, allow_rule="FIRST_TURN_ONLY_RIGHT_TWO")
    pos = game.start(0)
    assert game.legal_moves(pos) == [2, 3]
    pos = game.play(pos, 3)  # 4, 5
    assert pos.board == [2, 2, 2, 0, 3, 3, 2, 2]
    assert game.legal_moves(pos) == [4, 5, 6, 7]
    # North starting the game is limited to its own two rightmost (its highest indices)
    north = game.start(1)
    assert game.legal_moves(north) == [6, 7]


def test_allow_rule_first_turn_is_the_games_first_move_whoever_makes_it():
    game = make(holes=4, allow_rule="FIRST_TURN_ONLY_RIGHT_TWO")
    pos = at(game, [1, 1, 1, 1, 1, 1, 1, 1], mcount=1)  # one move (or pass) already made
    assert game.legal_moves(pos) == [0, 1, 2, 3]
    assert game.legal_moves(at(game, [1, 1, 1, 1, 1, 1, 1, 1])) == [2, 3]


def test_allow_rule_right_2_1st_then_all_two_then_forbids_twos_unless_all_are_zero_or_two():
    game = make(holes=4, nbr_start=2, allow_rule="RIGHT_2_1ST_THEN_ALL_TWO")
    pos = game.start(0)
    assert game.legal_moves(pos) == [2, 3]
    pos = game.play(pos, 3)  # 4, 5: [2, 2, 2, 0, 3, 3, 2, 2]
    assert game.legal_moves(pos) == [4, 5]  # 6 and 7 hold two while 4 and 5 do not
    pos = game.play(pos, 4)  # 5, 6, 7
    assert pos.board == [2, 2, 2, 0, 0, 4, 3, 3]
    assert game.legal_moves(pos) == [0, 1, 2]  # every movable hole holds two: all allowed
    # a later turn with a hole of two among others: the twos are not allowed
    later = at(game, [2, 1, 2, 2, 1, 1, 1, 1], mcount=2)
    assert game.legal_moves(later) == [1]


def test_allow_rule_move_all_holes_first_allows_only_holes_not_yet_moved_from():
    game = make(holes=3, nbr_start=2, allow_rule="MOVE_ALL_HOLES_FIRST")
    pos = game.start(0)
    assert pos.unlocked == [False] * 6
    pos = game.play(pos, 0)  # 1, 2
    pos = game.play(pos, 5)  # 0, 1
    assert pos.board == [1, 4, 3, 2, 2, 0]
    assert pos.unlocked == [True, False, False, False, False, True]
    assert game.legal_moves(pos) == [1, 2]  # 0 holds a seed but was moved from


def test_allow_rule_move_all_holes_first_no_move_while_the_unmoved_holes_are_empty():
    game = make(holes=3, allow_rule="MOVE_ALL_HOLES_FIRST")
    pos = at(game, [1, 1, 0, 1, 1, 1])
    pos.unlocked = [True, False, False, False, False, False]
    assert game.legal_moves(pos) == [1]
    pos = at(game, [1, 1, 0, 1, 1, 1])
    pos.unlocked = [True, True, False, False, False, False]  # 2 not moved from, but empty
    # as the reference: until every hole is unlocked only locked holes may be played,
    # even when none of them can be: no move at all
    assert game.legal_moves(pos) == []
    pos = at(game, [1, 1, 0, 1, 1, 1])
    pos.unlocked = [True, True, True, False, False, False]
    assert game.legal_moves(pos) == [0, 1]


def test_allow_rule_not_xfrom_1s_forbids_holes_facing_a_singleton():
    game = make(holes=3, allow_rule="NOT_XFROM_1S")
    assert legal(game, [2, 2, 2], [1, 3, 0]) == [0, 1]  # 2 faces 3 (one seed)


# ---- min_move ------------------------------------------------------------------------------


def test_min_move_holes_with_fewer_seeds_cannot_start_a_move():
    game = make(holes=3, min_move=2)
    pos = at(game, [1, 2, 0, 1, 1, 1])
    assert game.legal_moves(pos) == [1]
    with pytest.raises(IllegalMove):
        game.play(pos, 0)
    assert legal(make(holes=3, min_move=3), [1, 2, 3]) == [2]


# ---- mustshare ------------------------------------------------------------------------------


def test_mustshare_only_moves_that_feed_an_empty_opponent_are_legal():
    game = make(holes=3, mustshare=True)
    assert legal(game, [0, 1, 3], [0, 0, 0]) == [2]
    assert legal(make(holes=3), [0, 1, 3], [0, 0, 0]) == [1, 2]
    assert legal(game, [0, 1, 3], [0, 1, 0]) == [1, 2]  # North can move: no restriction


def test_mustshare_opponent_left_without_seeds_ends_the_game_without_mustpass():
    game = make(holes=3, capt_on=[2], mustshare=True)
    pos = run(game, [0, 2, 1, 1, 0, 0], 2)  # 3 (2) captured: North has nothing, no move
    assert (pos.board, pos.stores) == ([0] * 6, [4, 0])  # nobody can move: swept
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


def test_mustshare_with_mustpass_the_opponent_passes_and_the_mover_must_feed():
    game = make(holes=3, capt_on=[2], mustshare=True, mustpass=True)
    pos = run(game, [0, 2, 1, 1, 0, 0], 2)
    assert (pos.board, pos.stores, pos.outcome) == ([0, 2, 0, 0, 0, 0], [2, 0], None)
    assert pos.turn == 0  # North passed
    assert pos.mcount == 2  # the pass counts as a move
    assert game.legal_moves(pos) == [1]  # 2, 3: reaches North


def test_mustshare_when_the_mover_cannot_feed_the_game_ends_and_hole_owner_collects():
    game = make(holes=3, capt_on=[2], mustshare=True)
    # 3 captured: stores [2,2] of 5; South's 1 -> 2 cannot reach North
    pos = run(game, [0, 1, 1, 1, 0, 0], 2, stores=[0, 2])
    assert (pos.board, pos.stores) == ([0] * 6, [3, 2])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


def test_unclaimed_unfed_player_to_move_without_a_move_scores_nobody_the_seeds_left():
    """North (unfed) is to move and has no move: the game ends as any game without a next
    move, and UNFED_PLAYER's end-of-game claimer (the reference's TakeOnlyChildNStores)
    leaves the seeds in play unscored: South's last seed leaves the game."""
    game = make(holes=3, capt_on=[2], mustshare=True, unclaimed="UNFED_PLAYER")
    pos = run(game, [0, 1, 1, 1, 0, 0], 2, stores=[0, 2])  # 3 captured: [2, 2]
    assert (pos.board, pos.stores) == ([0] * 6, [2, 2])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.TIE, None)


def test_unclaimed_unfed_player_is_the_player_without_seeds_even_when_the_other_is_to_move():
    # North sows its last seed over; South (to move) cannot reach North: North is the unfed player
    game = make(holes=3, mustshare=True, unclaimed="UNFED_PLAYER")
    pos = run(game, [1, 0, 0, 0, 0, 1], 5, turn=1)  # 0 now holds 2; 0 -> 1, 2 feeds nobody
    assert (pos.board, pos.stores) == ([0] * 6, [0, 2])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 1, 1)
    owners = make(holes=3, mustshare=True)
    pos = run(owners, [1, 0, 0, 0, 0, 1], 5, turn=1)
    assert (pos.board, pos.stores) == ([0] * 6, [2, 0])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


# ---- mustpass --------------------------------------------------------------------------------


def test_mustpass_a_player_without_moves_passes_and_the_state_names_the_opponent():
    game = make(holes=3, mustpass=True)
    pos = run(game, [0, 1, 1, 0, 0, 0], 1)  # 2 holds 2; North has nothing
    assert (pos.board, pos.outcome) == ([0, 0, 2, 0, 0, 0], None)
    assert pos.turn == 0
    assert pos.mcount == 2  # South's move and North's pass
    state = game.state_json(pos)
    assert (state["turn"], state["legal"]) == (0, [2])


def test_mustpass_a_repeat_turn_without_moves_is_passed_to_the_opponent():
    game = make(holes=3, mustpass=True, stores=True, sow_own_store=True)
    pos = run(game, [0, 0, 1, 1, 1, 1], 2)  # last seed in the store, South's row is empty
    assert (pos.board, pos.stores, pos.outcome) == ([0, 0, 0, 1, 1, 1], [1, 0], None)
    assert pos.turn == 1
    assert pos.mcount == 2  # the move and South's pass


def test_no_pass_is_applied_to_a_starting_position():
    game = make(holes=3, mustpass=True)
    pos = at(game, [0, 0, 0, 1, 1, 1])
    assert (pos.turn, pos.outcome, game.legal_moves(pos)) == (0, None, [])


def test_without_mustpass_a_player_without_moves_ends_the_game():
    game = make(holes=3)
    pos = run(game, [0, 1, 1, 0, 0, 0], 1)
    assert (pos.board, pos.stores) == ([0] * 6, [2, 0])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)


def test_mustpass_game_ends_when_neither_player_can_move():
    game = make(holes=3, mustpass=True, min_move=2)
    pos = run(game, [0, 0, 2, 0, 0, 0], 2)  # 3, 4 hold one each; nobody has 2 seeds
    assert (pos.board, pos.stores) == ([0] * 6, [0, 2])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 1, 1)


# ---- illegal moves --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [3, 5, 6, -1, 2, [1, "CW"], (1, "CCW"), [1, "UP"], True, "1", None, [0]],
)
def test_an_illegal_move_raises_and_leaves_the_position_unchanged(move):
    game = make(holes=3)
    pos = at(game, [1, 1, 0, 1, 1, 1])
    before = snapshot(pos)
    with pytest.raises(IllegalMove):
        game.play(pos, move)
    assert snapshot(pos) == before


def test_a_udir_hole_needs_a_direction():
    game = make(holes=3, udir_holes=[0])
    pos = at(game, [1, 1, 0, 1, 1, 1])
    before = snapshot(pos)
    with pytest.raises(IllegalMove):
        game.play(pos, 0)
    assert snapshot(pos) == before
    assert game.play(pos, [0, "cw"]).board == [0, 1, 0, 1, 1, 2]


def test_no_move_is_legal_once_the_game_is_over():
    game = make(holes=3)
    pos = run(game, [0, 1, 1, 0, 0, 0], 1)
    assert pos.outcome is not None
    with pytest.raises(IllegalMove):
        game.play(pos, 2)


# ---- allow rules with other sowing rules (4 holes a side: South 0..3, North 4..7) -----------


def test_allow_rule_single_to_zero_with_even_odd_dir_a_single_sows_counter_clockwise():
    # EVEN_ODD_DIR (1.10): an odd count sows counter-clockwise, so a single's next hole is
    # the one above it: 0 -> 1 (empty) is allowed, 2 -> 3 (occupied) is not
    game = make(4, 2, rules_version="1.10", allow_rule="SINGLE_TO_ZERO", sow_direct="EVEN_ODD_DIR")
    assert game.legal_moves(at(game, [1, 0, 1, 2, 2, 2, 2, 2])) == [0, 3]


def test_allow_rule_single_to_zero_the_next_hole_is_past_blocked_holes():
    # 1 is blocked: the seed in 0 would go on to 2, allowed only while 2 is empty
    game = make(4, 2, allow_rule="SINGLE_TO_ZERO", blocks=True)
    assert game.legal_moves(at(game, [1, 0, 0, 2, 2, 2, 2, 2], blocked=".x......")) == [0, 3]
    assert game.legal_moves(at(game, [1, 0, 1, 2, 2, 2, 2, 2], blocked=".x......")) == [3]


def test_allow_rule_move_all_holes_first_without_sides_counts_every_hole():
    # no_sides (1.10, 3 holes a side): either player moves from any hole, and no hole may
    # be moved from twice before all six have been. 5 (5 seeds) -> 0..4; 0 -> 1, 2, 3;
    # 4 -> 5, 0, 1: holes 0 and 5 hold a seed again, but they have been moved from
    game = make(3, 2, rules_version="1.10", allow_rule="MOVE_ALL_HOLES_FIRST", no_sides=True,
                stores=True)
    pos = run(game, [2, 2, 2, 2, 2, 5], 5, 0, 4)
    assert pos.board == [1, 5, 4, 4, 0, 1]
    assert game.legal_moves(pos) == [1, 2, 3]
