"""Puzzles (mancala.ai.puzzles): a position where exactly one move keeps the value the
solver proves; every other move is refuted with what the mover ends with after it."""

from __future__ import annotations

import random

from mancala.ai.puzzles import find_puzzle
from mancala.ai.solver import solve
from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant

# late positions only, as the miner takes them: the solver proves them in milliseconds,
# where the opening of kalah_4 takes it minutes
MAX_BOARD_SEEDS = 14


def random_positions(game: Game, rng: random.Random, games: int) -> list:
    out = []
    for _ in range(games):
        pos = game.start(0)
        while pos.outcome is None:
            if sum(pos.board) <= MAX_BOARD_SEEDS:
                out.append(pos)
            pos = game.play(pos, game.move_json(rng.choice(game.legal_moves(pos))))
    return out


def test_a_puzzle_has_one_best_move_and_every_other_is_worse_by_the_solver() -> None:
    game = Game(load_variant(config_paths()["kalah_4"]))
    found = 0
    for pos in random_positions(game, random.Random(7), 8):
        puzzle = find_puzzle(game, pos, 5.0)
        if puzzle is None:
            continue
        found += 1
        solved = solve(game, pos)
        assert solved is not None and solved.value == puzzle.value
        assert [game.move_json(m) for m in solved.best_moves] == [puzzle.solution]
        legal = {str(game.move_json(m)) for m in game.legal_moves(pos)}
        assert {str(r.move) for r in puzzle.refutations} == legal - {str(puzzle.solution)}
        for r in puzzle.refutations:
            assert r.value < puzzle.value, "a wrong move loses some of the best margin"
            child = game.play(pos, r.move)
            if child.outcome is None and r.reply is not None:
                after = solve(game, child)
                assert after is not None and -after.value == r.value
                assert r.reply in [game.move_json(m) for m in after.best_moves]
        assert puzzle.difficulty in ("easy", "medium", "hard")
    assert found >= 5


def test_a_position_with_two_best_moves_or_one_legal_move_is_not_a_puzzle() -> None:
    game = Game(load_variant(config_paths()["kalah_4"]))
    for pos in random_positions(game, random.Random(11), 4):
        legal = game.legal_moves(pos)
        solved = solve(game, pos)
        assert solved is not None
        if len(legal) == 1 or len(solved.best_moves) > 1:
            assert find_puzzle(game, pos, 5.0) is None
