"""Puzzles as both storages keep them (puzzle_store.py, pg_puzzles.py), and the rating
rule of an answer, which both apply in the answer's transaction."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mancala_server.ratings import Rating, rate

PUZZLE_POOL = "@puzzles"  # the suffix of a player's puzzle rating in a variant (ratings table)


@dataclass(frozen=True)
class PuzzleRow:
    id: int
    variant: str
    game_id: int
    ply: int
    state: dict[str, Any]
    solution: Any
    value: int
    refutations: list[dict[str, Any]]  # {move, reply, value} for every wrong move
    difficulty: str
    rating: Rating
    solved: int
    attempts: int

    def public_json(self) -> dict[str, Any]:
        """What a solver of the puzzle may see before answering: never the solution."""
        return {"id": self.id, "variant": self.variant, "state": self.state, "difficulty": self.difficulty,
                "rating": self.rating.shown(), "attempts": self.attempts, "solved": self.solved,
                "game_id": self.game_id, "ply": self.ply}


@dataclass(frozen=True)
class Answered:
    """An answer's ratings: the player's and the puzzle's before and after (None: a guest,
    or not the player's first try at this puzzle, which moves no rating)."""

    player_before: Rating
    player_after: Rating


def rated_answer(player: Rating, puzzle: Rating, correct: bool) -> tuple[Rating, Rating]:
    """Both ratings after one answer: a solved puzzle is a game the player won."""
    score = 1.0 if correct else 0.0
    return rate(player, puzzle, score), rate(puzzle, player, 1.0 - score)


def row_of(r: Any) -> PuzzleRow:
    """A puzzle from a row of PUZZLE_COLUMNS (either database)."""
    return PuzzleRow(r[0], r[1], r[2], r[3], json.loads(r[4]), json.loads(r[5]), r[6], json.loads(r[7]), r[8],
                     Rating(r[9], r[10], r[11], r[13]), r[12], r[13])


PUZZLE_COLUMNS = "id, variant, game_id, ply, state, solution, value, refutations, difficulty, rating, rd, vol, " \
                 "solved, attempts"
