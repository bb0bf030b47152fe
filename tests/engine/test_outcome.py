"""The one outcome decision (mancala.engine.outcome): who wins, and whom a tie names.

A tie names the player the rules leave to move: the mover for a tie in seeds (the
reference's state line shows them), nobody for a tie of the RND_* tallies. The games
below end in ties with each player as the mover, through the Python engine and the C
core, so that a decision naming a fixed player, the other player or nobody fails here.
With 3 holes a side: South 0 1 2, North 3 4 5.
"""

from __future__ import annotations

import pytest

from mancala.engine import Game, OutcomeKind
from mancala.engine.outcome import decide, game_end, round_end, settle
from mancala.engine.position import Outcome
from mancala.rules.loading import parse_variant
from tests.engine.helpers import at, variant

WIN, TIE = OutcomeKind.WIN, OutcomeKind.TIE
ROUND_WIN, ROUND_TIE = OutcomeKind.ROUND_WIN, OutcomeKind.ROUND_TIE


# ---- the decision ------------------------------------------------------------------------


@pytest.mark.parametrize("on_tie", [0, 1, None])
def test_at_the_end_the_greater_count_wins_and_equal_counts_tie_naming_on_tie(on_tie):
    assert decide([5, 3], on_tie) == (WIN, 0)
    assert decide([3, 5], on_tie) == (WIN, 1)
    assert decide([4, 4], on_tie) == (TIE, on_tie)
    assert decide([0, 0], on_tie) == (TIE, on_tie)


@pytest.mark.parametrize("on_tie", [0, 1])
def test_before_the_end_only_a_count_past_the_line_or_both_on_it_decides(on_tie):
    assert decide([5, 2], on_tie, past=4) == (WIN, 0)
    assert decide([2, 5], on_tie, past=4) == (WIN, 1)
    assert decide([4, 4], on_tie, past=4) == (TIE, on_tie)
    assert decide([4, 3], on_tie, past=4) == (None, on_tie)  # on the line is not past it
    assert decide([3, 3], on_tie, past=4) == (None, on_tie)  # equal below the line: play on


def test_when_both_pass_the_line_north_wins_as_the_reference_asks_north_first():
    assert decide([9, 6], 0, past=5) == (WIN, 1)


def test_a_decision_ends_a_round_or_the_game_with_the_same_player_named():
    assert round_end((WIN, 1)) == (ROUND_WIN, 1)
    assert round_end((TIE, 0)) == (ROUND_TIE, 0)
    assert game_end(Outcome(ROUND_WIN, 1)) == Outcome(WIN, 1)
    assert game_end(Outcome(ROUND_TIE, None)) == Outcome(TIE, None)
    assert game_end(Outcome(TIE, None, no_turn=True)) == Outcome(TIE, None, no_turn=True)


def test_settling_moves_the_turn_to_the_player_named():
    game = make_game(c_core=False)
    pos = at(game, [0, 0, 1, 1, 0, 0], turn=1)
    assert settle(pos, WIN, 0) == Outcome(WIN, 0) and pos.turn == 0
    assert settle(pos, TIE, 1) == Outcome(TIE, None) and pos.turn == 1
    assert settle(pos, ROUND_WIN, 0) == Outcome(ROUND_WIN, 0) and pos.turn == 0
    assert settle(pos, TIE, None) == Outcome(TIE, None, no_turn=True) and pos.turn == 0


def test_only_a_round_tied_by_a_move_that_earned_another_turn_is_marked_tied_on_repeat():
    # the 1.10 rules start the next round from the other side after such a tie
    # (rounds.choose_starter); a game's tie, or a round's tie without a repeat turn, is not
    game = make_game(c_core=False)
    pos = at(game, [0, 0, 1, 1, 0, 0], turn=1)
    assert settle(pos, ROUND_TIE, 1, repeat=True) == Outcome(ROUND_TIE, None, tied_on_repeat=True)
    assert settle(pos, ROUND_TIE, 1) == Outcome(ROUND_TIE, None)
    assert settle(pos, TIE, 1, repeat=True) == Outcome(TIE, None)
    assert settle(pos, ROUND_WIN, 0, repeat=True) == Outcome(ROUND_WIN, 0) and pos.turn == 0


# ---- in play: each player ends a game in a tie --------------------------------------------


def make_game(*, c_core: bool, **game_info) -> Game:
    return Game(parse_variant(variant(3, 2, capt_on=[2], **game_info)), c_core=c_core)


@pytest.mark.parametrize("c_core", [False, True])
@pytest.mark.parametrize(("mover", "board", "hole", "stores"), [
    (0, [0, 0, 1, 1, 0, 0], 2, [1, 3]),  # South 2 -> 3 (2) taken: [3, 3] of 6
    (1, [1, 0, 0, 0, 0, 1], 5, [3, 1]),  # North 5 -> 0 (2) taken: [3, 3] of 6
])
def test_both_holding_half_ties_at_once_naming_the_mover(c_core, mover, board, hole, stores):
    game = make_game(c_core=c_core)
    pos = game.play(at(game, board, turn=mover, stores=stores), hole)
    assert (pos.stores, pos.outcome) == ([3, 3], Outcome(TIE, None))
    assert pos.turn == mover
    assert game.state_json(pos)["turn"] == mover


@pytest.mark.parametrize("c_core", [False, True])
@pytest.mark.parametrize(("mover", "board", "hole"), [
    (0, [1, 0, 1, 0, 0, 0], 0),  # South 0 -> 1: North cannot move, South's 2 are dropped
    (1, [0, 0, 0, 1, 0, 1], 3),  # North 3 -> 4: South cannot move, North's 2 are dropped
])
def test_equal_stores_at_the_end_tie_naming_the_mover(c_core, mover, board, hole):
    # unclaimed DONT_SCORE: the seeds left are not counted, [1, 1] of 6 decides at the end
    game = make_game(c_core=c_core, unclaimed="DONT_SCORE")
    pos = game.play(at(game, board, turn=mover, stores=[1, 1]), hole)
    assert (pos.stores, pos.outcome) == ([1, 1], Outcome(TIE, None))
    assert pos.turn == mover
    assert game.state_json(pos)["turn"] == mover
