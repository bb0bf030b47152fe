"""docs/rules-decisions.md, "Choices of our own": one test per choice, named after it.

3 holes a side unless said: South 0 1 2, North 3 4 5, counter-clockwise = +1.
"""

from __future__ import annotations

from mancala.engine import OutcomeKind
from tests.engine.helpers import make, run


def test_random_start_boards_have_exactly_two_rows_of_holes():
    for holes in (2, 3, 6):
        game = make(holes=holes, nbr_start=20, start_pattern="RANDOM")
        for seed in range(5):
            board = game.start(0, seed=seed).board
            assert len(board) == 2 * holes
            assert sum(board) == 20


def test_store_ends_turn_a_last_seed_in_the_store_passes_the_turn_without_capture():
    game = make(holes=3, stores=True, sow_own_store=True, store_ends_turn=True, capt_on=[1])
    pos = run(game, [1, 0, 1, 1, 1, 1], 2)
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 0, 1, 1, 1], [1, 0], 1)
    plain = make(holes=3, stores=True, sow_own_store=True, capt_on=[1])
    assert run(plain, [1, 0, 1, 1, 1, 1], 2).turn == 0  # the reference: a repeat turn


def test_play_on_no_end_by_a_majority():
    """play_on: 5 of 8 seeds decide nothing; the game goes on until nobody can move."""
    board, stores = [2, 0, 1, 1, 1, 0], [3, 0]
    decided = run(make(holes=3, capt_on=[2]), board, 2, stores=stores)
    assert decided.outcome is not None and decided.outcome.winner == 0
    pos = run(make(holes=3, capt_on=[2], play_on=True), board, 2, stores=stores)
    assert (pos.board, pos.stores, pos.outcome, pos.turn) == ([2, 0, 0, 0, 1, 0], [5, 0],
                                                              None, 1)


def test_round_choices_are_data_and_no_choice_keeps_the_layout_the_rules_made():
    game = make(holes=4, nbr_start=2, stores=True, sow_own_store=True, rounds="HALF_SEEDS",
                round_fill="UCHOOSE", blocks=True)
    assert game.user_fill
    pos = run(game, [0, 0, 0, 2, 0, 0, 0, 0], 3, stores=[10, 4])
    assert pos.outcome is not None and pos.outcome.kind == OutcomeKind.ROUND_WIN
    assert game.round_choice(pos) is not None
    automatic = make(holes=4, nbr_start=2, stores=True, sow_own_store=True, rounds="HALF_SEEDS",
                     round_fill="OUTSIDE_FILL", blocks=True)
    auto_end = run(automatic, [0, 0, 0, 2, 0, 0, 0, 0], 3, stores=[10, 4])
    assert not automatic.user_fill and automatic.round_choice(auto_end) is None
    # without a choice the layout is the rules' own: UCHOOSE fills as OUTSIDE_FILL (the reference)
    assert game.next_round(pos).board == automatic.next_round(auto_end).board


def test_a_tied_game_decided_by_the_rnd_tallies_names_the_last_mover():
    """RND_SEED_COUNT to 2: a round tied 2 - 2 brings both tallies to exactly 2, a tied
    game; the state line's turn is the player who made the last move (the reference names
    nobody)."""
    game = make(holes=2, nbr_start=1, stores=True, sow_own_store=True, rounds="HALF_SEEDS",
                goal="RND_SEED_COUNT", goal_param=2)
    for mover, board, stores, move in ((0, [0, 1, 0, 0], [1, 2], 1),
                                       (1, [0, 0, 0, 1], [2, 1], 3)):
        pos = run(game, board, move, turn=mover, stores=stores)
        assert (pos.board, pos.stores) == ([0] * 4, [2, 2])
        assert (pos.outcome.kind, pos.outcome.winner, pos.turn) == (OutcomeKind.TIE, None, mover)
        assert pos.tally[1] == (2, 2)
        assert game.legal_moves(pos) == []
