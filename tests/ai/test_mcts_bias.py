"""mcts_bias (per difficulty, divided by 1000) is the exploration weight of the MCTS player."""

from __future__ import annotations

from mancala.ai.player import choose_move
from mancala.engine import Game
from mancala.rules.loading import parse_variant


def _game(bias: list[int]) -> Game:
    return Game(parse_variant({
        "game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"stores": True, "sow_own_store": True, "crosscapt": True},
        "player": {"algorithm": "montecarlo_ts", "difficulty": 1,
                   "ai_params": {"mcts_bias": bias, "mcts_nodes": [60, 60, 60, 60],
                                 "mcts_pouts": [1, 1, 1, 1]}},
    }))


def test_mcts_bias_of_the_difficulty_steers_the_search():
    answers = {}
    for bias in (0, 400, 100_000):
        game = _game([7, bias, 7, 7])  # difficulty 1 reads the second value
        answers[bias] = choose_move(game, game.start(0), seed=3).to_json()
    # the same seed and nodes: only the bias differs, and the tree's statistics with it
    assert len({(a["move"], a["value"]) for a in answers.values()}) > 1, answers
    # values for the other difficulties are not read
    game = _game([0, 400, 0, 0])
    other = choose_move(game, game.start(0), seed=3).to_json()
    assert (other["move"], other["value"]) == (answers[400]["move"], answers[400]["value"])
