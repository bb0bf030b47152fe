"""End of the game: goals MAX_SEEDS, DEPRIVE and CLEAR, and the unclaimed seeds.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md. With 3 holes a side: South 0 1 2, North 3 4 5; 2<->3 face.
"""

from __future__ import annotations

import pytest

from mancala.engine import Game, OutcomeKind
from mancala.engine.fast import c_core_enabled
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from tests.engine.helpers import make, run, variant

# ---- MAX_SEEDS -------------------------------------------------------------------------
# capt_on [2], stores [3,0], board [2,0,1,1,1,0] (8 seeds in all): South 2 -> 3 (2) taken,
# South holds 5 > 4 and the game ends at once, with North still able to move.
# rules-decisions: a game decided by a majority ends with the board left as it stands
# (Achochodi 0:32, Adji-boto 0:64): 2 on South's hole 0 and 1 on North's hole 4 stay,
# whatever `unclaimed` says (it applies only when nobody can move).

MAJORITY_BOARD = [2, 0, 1, 1, 1, 0]


@pytest.mark.parametrize("unclaimed", ["HOLE_OWNER", "DONT_SCORE", "LAST_MOVER", "DIVVIED"])
def test_max_seeds_ends_when_a_player_holds_more_than_half_with_the_board_as_it_stands(unclaimed):
    game = make(holes=3, capt_on=[2], unclaimed=unclaimed)
    pos = run(game, MAJORITY_BOARD, 2, stores=[3, 0])
    assert (pos.board, pos.stores) == ([2, 0, 0, 0, 1, 0], [5, 0])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)
    assert game.legal_moves(pos) == []
    assert game.state_json(pos)["outcome"] == {"kind": "WIN", "winner": 0}


def test_unclaimed_unfed_player_a_majority_also_leaves_the_board_as_it_stands():
    game = make(holes=3, capt_on=[2], mustshare=True, unclaimed="UNFED_PLAYER")
    pos = run(game, MAJORITY_BOARD, 2, stores=[3, 0])
    assert (pos.board, pos.stores) == ([2, 0, 0, 0, 1, 0], [5, 0])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


def test_an_odd_total_needs_more_than_its_rounded_up_half():
    """The reference's winning count is half the seeds rounded up (end_move_decos'
    compute_win_seeds): of 7 seeds, 4 do not decide the game, 5 would."""
    game = make(holes=3, capt_on=[2])
    pos = run(game, MAJORITY_BOARD, 2, stores=[2, 0])  # South 4 of 7
    assert (pos.board, pos.stores, pos.outcome) == ([2, 0, 0, 0, 1, 0], [4, 0], None)
    assert pos.turn == 1


def test_both_holding_exactly_half_is_a_tie_at_once():
    game = make(holes=3, capt_on=[2])
    tie = run(game, [0, 0, 1, 1, 0, 0], 2, stores=[1, 3])  # stores [3, 3] of 6: both half
    assert (tie.board, tie.stores) == ([0] * 6, [3, 3])
    assert (tie.outcome.kind, tie.outcome.winner, tie.turn) == (OutcomeKind.TIE, None, 0)


def test_max_seeds_exactly_half_does_not_end_the_game():
    game = make(holes=3, capt_on=[2])
    pos = run(game, MAJORITY_BOARD, 2, stores=[1, 0])  # 3 of 6
    assert (pos.board, pos.stores, pos.turn, pos.outcome) == ([2, 0, 0, 0, 1, 0], [3, 0], 1, None)


# The game also ends when the player to move has no move (no mustpass/mustshare).
# stores [1,1], South 0 -> 1 leaves North without seeds; 2 seeds left on South's row.


@pytest.mark.parametrize(
    ("unclaimed", "stores", "kind", "winner"),
    [
        ("HOLE_OWNER", [3, 1], OutcomeKind.WIN, 0),
        ("LAST_MOVER", [3, 1], OutcomeKind.WIN, 0),
        ("DONT_SCORE", [1, 1], OutcomeKind.TIE, None),
        ("DIVVIED", [2, 2], OutcomeKind.TIE, None),
    ],
)
def test_max_seeds_player_without_moves_ends_the_game_and_collects_per_unclaimed(unclaimed, stores, kind, winner):
    game = make(holes=3, unclaimed=unclaimed)
    pos = run(game, [1, 0, 1, 0, 0, 0], 0, stores=[1, 1])
    assert (pos.board, pos.stores) == ([0] * 6, stores)
    assert (pos.outcome.kind, pos.outcome.winner) == (kind, winner)
    assert pos.turn == 0  # the winner, or the last mover on a tie


@pytest.mark.parametrize(("unclaimed", "stores"), [("HOLE_OWNER", [4, 2]), ("LAST_MOVER", [5, 1])])
def test_unclaimed_last_mover_takes_seeds_on_both_rows(unclaimed, stores):
    # min_move 2: after 0 -> 1, 2 North's single seed in 4 cannot move, the game ends
    # with 3 seeds on South's row and 1 on North's
    game = make(holes=3, min_move=2, unclaimed=unclaimed)
    pos = run(game, [2, 0, 1, 0, 1, 0], 0, stores=[1, 1])
    assert (pos.board, pos.stores) == ([0] * 6, stores)
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


@pytest.mark.parametrize("c_core", [False, True], ids=["python", "c_core"])
@pytest.mark.parametrize("version, quitter, stores, winner", [
    ("1.8", None, [4, 5], 1),           # left unscored
    ("1.10", None, [6, 6], None),       # quitter's default, DIVVIED: the odd seed to South
    ("1.10", "LAST_MOVER", [7, 5], 0),
    ("1.10", "DONT_SCORE", [4, 5], 1),
])
def test_unclaimed_unfed_player_outside_the_share_check_settles_as_the_quitter_under_1_10(
        c_core, version, quitter, stores, winner):
    # South's 2 seeds leave three singles under min_move 2: nobody can move and nobody is
    # unfed, so the share check gives nothing away. 1.8 leaves those seeds unscored; 1.10
    # settles them as its `quitter` says (found replaying Adi_II::Motiq games of the 1.10
    # reference at other seeds: a repeat turn with no move divvied the board)
    extra = {"rules_version": "1.10"} if version == "1.10" else {}
    if quitter:
        extra["quitter"] = quitter
    game = Game(parse_variant(variant(3, 2, stores=True, min_move=2, mustshare=True,
                                      unclaimed="UNFED_PLAYER", **extra)), c_core=c_core)
    # the C core really plays its row, unless MANCALA_C_CORE=0 (the mutation runs') turns it off
    assert (game.fast is not None) == (c_core and c_core_enabled())
    pos = run(game, [2, 0, 0, 0, 1, 0], 0, stores=[4, 5])
    assert (pos.board, pos.stores) == ([0] * 6, stores)
    kind = OutcomeKind.TIE if winner is None else OutcomeKind.WIN
    assert (pos.outcome.kind, pos.outcome.winner) == (kind, winner)


def test_unclaimed_unfed_player_requires_mustshare():
    with pytest.raises(VariantError) as err:
        make(holes=3, unclaimed="UNFED_PLAYER")
    assert "mustshare" in err.value.params


# ---- DEPRIVE -----------------------------------------------------------------------------


def test_deprive_min_move_1_a_mover_who_empties_their_own_row_loses():
    game = make(holes=3, goal="DEPRIVE")
    pos = run(game, [0, 0, 1, 1, 1, 1], 2)
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 1, 1)
    assert (pos.board, pos.stores) == ([0, 0, 0, 2, 1, 1], [0, 0])  # not collected


def test_deprive_min_move_1_a_player_left_without_moves_loses():
    game = make(holes=3, goal="DEPRIVE", capt_on=[2])
    pos = run(game, [1, 1, 1, 1, 0, 0], 2)  # 3 (2) captured: North has nothing
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)
    assert (pos.board, pos.stores) == ([1, 1, 0, 0, 0, 0], [2, 0])


def test_deprive_goes_on_while_both_can_move():
    game = make(holes=3, goal="DEPRIVE")
    pos = run(game, [1, 1, 1, 1, 1, 1], 0)
    assert (pos.board, pos.turn, pos.outcome) == ([0, 2, 1, 1, 1, 1], 1, None)


def test_deprive_min_move_above_1_the_last_player_to_move_wins():
    game = make(holes=3, goal="DEPRIVE", min_move=2)
    pos = run(game, [2, 0, 0, 1, 1, 0], 0)  # North has no hole with 2
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)
    assert pos.board == [0, 1, 1, 1, 1, 0]
    pos = run(game, [2, 0, 0, 2, 1, 0], 0)
    assert (pos.turn, pos.outcome) == (1, None)


def test_deprive_min_move_above_1_last_mover_wins_even_with_an_empty_row():
    game = make(holes=3, goal="DEPRIVE", min_move=2)
    pos = run(game, [0, 0, 2, 0, 0, 0], 2)
    assert pos.board == [0, 0, 0, 1, 1, 0]
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


def test_deprive_min_move_above_1_prohibits_repeat_turns():
    with pytest.raises(VariantError):
        make(holes=3, goal="DEPRIVE", min_move=2, stores=True, sow_own_store=True)


# ---- CLEAR --------------------------------------------------------------------------------


def test_clear_a_mover_who_empties_their_row_wins():
    game = make(holes=3, goal="CLEAR")
    pos = run(game, [0, 0, 1, 1, 1, 1], 2)
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)
    assert (pos.board, pos.stores) == ([0, 0, 0, 2, 1, 1], [0, 0])  # not collected


def test_clear_a_capture_that_empties_the_opponents_row_makes_the_opponent_win():
    game = make(holes=3, goal="CLEAR", capt_on=[2])
    pos = run(game, [1, 0, 1, 1, 0, 0], 2)
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.WIN, 1, 1)
    assert (pos.board, pos.stores) == ([1, 0, 0, 0, 0, 0], [2, 0])


def test_clear_both_rows_empty_the_mover_wins():
    game = make(holes=3, goal="CLEAR", capt_on=[2])
    pos = run(game, [0, 0, 1, 1, 0, 0], 2)
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)
    assert (pos.board, pos.stores) == ([0] * 6, [2, 0])


def test_clear_goes_on_while_both_rows_hold_seeds():
    game = make(holes=3, goal="CLEAR")
    pos = run(game, [1, 1, 1, 1, 1, 1], 0)
    assert (pos.turn, pos.outcome) == (1, None)


@pytest.mark.parametrize("param", [{"mustpass": True}, {"mustshare": True}, {"min_move": 2}])
def test_clear_rejects_mustpass_mustshare_and_min_move_above_1(param):
    with pytest.raises(VariantError):
        make(holes=3, goal="CLEAR", **param)


# ---- too few seeds to change the outcome ------------------------------------------------------


def test_too_few_seeds_left_for_any_capture_end_the_game_as_if_nobody_could_move():
    """rules-decisions: with capt_on [3] the fewest seeds that could still capture is 3;
    after South's move 2 seeds are left in play (both players could still move), so the
    game ends and the seeds are collected per unclaimed (HOLE_OWNER)."""
    game = make(holes=3, stores=True, capt_on=[3])
    pos = run(game, [0, 1, 0, 0, 0, 1], 1, stores=[5, 5])  # 1 -> 2
    assert (pos.board, pos.stores) == ([0] * 6, [6, 6])
    assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.TIE, None, 0)
    # with three seeds left the game goes on
    pos = run(game, [0, 2, 0, 0, 0, 1], 1, stores=[5, 4])  # 3 left in play
    assert (pos.board, pos.outcome, pos.turn) == ([0, 0, 1, 1, 0, 1], None, 1)  # 2, 3


def test_too_few_seeds_is_not_applied_with_mustshare_or_when_playing_on():
    for game in (make(holes=3, stores=True, capt_on=[3], mustshare=True),
                 make(holes=3, stores=True, capt_on=[3], play_on=True)):
        pos = run(game, [0, 1, 0, 0, 0, 1], 1, stores=[5, 5])
        assert (pos.board, pos.stores, pos.outcome, pos.turn) == ([0, 0, 1, 0, 0, 1], [5, 5],
                                                                  None, 1)


# ---- BearOff: a player without seeds while bearing off ---------------------------------------
# The BearOff class bears off once every hole holds one seed or none: a seed sown past the
# mover's row end goes into the mover's store. 3 holes a side: South 0 1 2, North 3 4 5.


def bear_off(**game_info: object) -> Game:
    raw = variant(3, 2, stores=True, **game_info)
    raw["game_class"] = "BearOff"
    return Game(parse_variant(raw), c_core=False)


def test_bear_off_max_seeds_a_mover_who_bears_off_their_last_seed_plays_on():
    # South 2 (1 seed) is borne off: South's row is empty, but under MAX_SEEDS that ends
    # nothing; North can move, and South holds 6 of 12, not more than half
    pos = run(bear_off(), [0, 0, 1, 1, 1, 0], 2, stores=[5, 4])
    assert (pos.board, pos.stores) == ([0, 0, 0, 1, 1, 0], [6, 4])
    assert (pos.outcome, pos.turn) == (None, 1)


def test_bear_off_deprive_bearing_off_the_boards_last_seed_loses():
    # South bears off the last seed on the board: South is left without seeds and loses,
    # although North has none either (the seeds in the stores count for nothing)
    pos = run(bear_off(goal="DEPRIVE"), [0, 0, 1, 0, 0, 0], 2, stores=[5, 6])
    assert (pos.board, pos.stores) == ([0] * 6, [6, 6])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 1)


def test_bear_off_a_repeat_turn_is_the_movers_even_when_the_opponent_has_no_move():
    # South 0 (2 seeds) -> 1, 2: 4 seeds in 2, captured (capt_on [4]) and South plays
    # again; North has nothing to sow, but it is not North's turn: the game goes on
    game = bear_off(capt_on=[4], capt_rturn="ALWAYS")
    pos = run(game, [2, 3, 3, 0, 0, 0], 0, stores=[0, 6])
    assert (pos.board, pos.stores) == ([0, 4, 0, 0, 0, 0], [4, 6])
    assert (pos.outcome, pos.turn, game.legal_moves(pos)) == (None, 0, [1])


def test_bear_off_110_has_no_ender_of_its_own_a_cleared_round_is_tallied():
    """1.10's BearOff class ends moves as the Mancala class does (1.8 added a check that
    a bearing-off player without seeds has finished, outermost, so a round goal's tally
    was skipped): South clears its row, wins the round and plays on to a second."""
    game = bear_off(goal="RND_WIN_COUNT_CLR", goal_param=2, rounds="NO_MOVES",
                    rules_version="1.10")
    pos = run(game, [0, 0, 1, 1, 1, 0], 2, stores=[5, 4])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.ROUND_WIN, 0)
    assert pos.tally[0] == (1, 0)


# ---- a round tally game stopped from outside ------------------------------------------------------


def test_a_stopped_round_tally_game_counts_the_stopped_round_before_deciding():
    # an endless sowing stops the game: the seeds on the board go to their holes' owners
    # (quitter HOLE_OWNER): South 2 + 6, North 3 + 1. South wins that round: round wins
    # 2 to 1, and the tally decides the game for South
    game = make(3, 2, rules_version="1.10", stores=True, mlaps="LAPPER", goal="RND_WIN_COUNT_MAX",
                goal_param=3, rounds="NO_MOVES", quitter="HOLE_OWNER")
    pos = game.start(0, board=[1, 2, 3, 0, 1, 0], stores=[2, 3])
    pos.tally = ((1, 1), (10, 10), (0, 0), (1, 1))  # a round won each
    outcome = game.pipe.end_game(pos)
    assert (pos.board, pos.stores) == ([0] * 6, [8, 4])
    assert pos.tally == ((2, 1), (18, 14), (4, 0), (2, 1))
    assert (outcome.kind, outcome.winner) == (OutcomeKind.WIN, 0)


# ---- TERRITORY: enough seeds for the next round -------------------------------------------------


def test_territory_a_round_loser_who_can_still_claim_enough_holes_plays_another_round():
    # 1.8, 3 seeds a hole, goal_param 5: a round's end ends the game only when a player
    # cannot claim 6 - 5 + 1 = 2 holes (the other would own 5): 3 seeds for the first,
    # more than half of 3 (2) for the second, 5 in all. South 0 -> 1 leaves North without
    # a move; the seeds on the board go to their owners: 13 to 5, a round won by South,
    # and North's 5 seeds claim two holes in the next
    game = make(3, 3, goal="TERRITORY", goal_param=5, stores=True, rounds="NO_MOVES")
    pos = run(game, [1, 0, 0, 0, 0, 0], 0, stores=[12, 5])
    assert (pos.board, pos.stores) == ([0] * 6, [13, 5])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.ROUND_WIN, 0)
    assert game.next_round(pos).owners == [0, 0, 0, 0, 1, 1]
    # with 4 North could claim only one hole: the game ends
    pos = run(game, [1, 0, 0, 0, 0, 0], 0, stores=[13, 4])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)
