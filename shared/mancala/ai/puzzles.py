"""Puzzles from played positions: a position where exactly one move keeps the value the
solver proves, with the refutation of every other move.

The value is the exact final margin for the player to move (mancala.ai.solver), so "keeps
the value" is strict: a move that loses even one seed of the best margin is wrong, and its
refutation is the opponent's best answer with what the mover ends with after it. A
position whose every move solves within the time limit and that has two legal moves or
more is a candidate; anything the solver cannot prove (time, repeating play, rules
without an exact value) is not a puzzle.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from mancala.ai.solver import NotSolvable, solve
from mancala.engine.game import Game
from mancala.engine.position import Position

# difficulty by the search the solution took: a guess the puzzle's own rating then corrects
DIFFICULTIES = (("easy", 2_000, 1200.0), ("medium", 60_000, 1500.0), ("hard", None, 1800.0))


@dataclass(frozen=True)
class Refutation:
    move: Any  # the wrong move (wire form)
    reply: Any | None  # the best answer to it (None: the game ended, or the mover moves again)
    value: int  # the mover's final margin after it with best play (below the solution's)


@dataclass(frozen=True)
class Puzzle:
    state: dict[str, Any]  # the position (Game.state_json)
    solution: Any  # the one move that keeps the value
    value: int  # the mover's final margin with best play
    refutations: tuple[Refutation, ...]
    nodes: int  # the solver's nodes for the position: the difficulty's measure

    @property
    def difficulty(self) -> str:
        return next(name for name, most, _ in DIFFICULTIES if most is None or self.nodes <= most)

    @property
    def first_rating(self) -> float:
        return next(rating for name, _, rating in DIFFICULTIES if name == self.difficulty)


def find_puzzle(game: Game, pos: Position, time_limit: float) -> Puzzle | None:
    """The puzzle in `pos`, or None when it is not one (or would take past `time_limit`
    seconds to prove)."""
    legal = game.legal_moves(pos)
    if pos.outcome is not None or len(legal) < 2:
        return None
    deadline = time.perf_counter() + time_limit
    solution = _solve(game, pos, deadline)
    if solution is None or len(solution.best_moves) != 1:
        return None
    mover = pos.turn
    refutations = []
    for move in legal:
        if move == solution.best_moves[0]:
            continue
        child = game.play(pos, game.move_json(move))
        if child.outcome is not None:
            value, reply = child.stores[mover] - child.stores[1 - mover], None
        else:
            after = _solve(game, child, deadline)
            if after is None:
                return None
            again = child.turn == mover
            value = after.value if again else -after.value
            reply = None if again else game.move_json(after.best_moves[0])
        refutations.append(Refutation(game.move_json(move), reply, value))
    return Puzzle(game.state_json(pos), game.move_json(solution.best_moves[0]), solution.value,
                  tuple(refutations), solution.nodes)


def _solve(game: Game, pos: Position, deadline: float) -> Any:
    left = deadline - time.perf_counter()
    if left <= 0:
        return None
    try:
        return solve(game, pos, time_limit=left)
    except NotSolvable:
        return None
