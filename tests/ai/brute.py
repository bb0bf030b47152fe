"""Brute force, the solver tests' reference (test_solver.py, test_solver_published.py):
every move and every reply, no bounds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mancala.ai.solver.terms import search_key_of
from mancala.engine import Game, Position


class Cycle(Exception):
    pass


def move_values(game: Game, pos: Position, value: Callable[[Position], int]) -> dict[Any, int]:
    """Each legal move's final store difference from the mover's view: a finished game's
    own, else `value(child)` (from the view of the child's mover), its sign turned when
    that is the opponent."""
    me = pos.turn
    values = {}
    for move in game.legal_moves(pos):
        child = pos.copy()
        game.apply(child, move)
        if child.outcome is not None:
            values[move] = child.stores[me] - child.stores[1 - me]
        elif child.turn == me:
            values[move] = value(child)
        else:
            values[move] = -value(child)
    return values


def minimax(game: Game, pos: Position, memo: dict[tuple, int] | None = None,
            path: set[tuple] | None = None) -> int:
    """The final store difference from the mover's view: every move, every reply."""
    memo = {} if memo is None else memo
    path = set() if path is None else path
    key = search_key_of(game)(pos)
    if key in memo:
        return memo[key]
    if key in path:
        raise Cycle
    path.add(key)
    values = move_values(game, pos, lambda child: minimax(game, child, memo, path))
    path.discard(key)
    assert values
    best = max(values.values())
    memo[key] = best
    return best


def best_moves(game: Game, pos: Position) -> tuple[int, tuple]:
    """The position's value and its best moves (in the order of the legal moves)."""
    memo: dict[tuple, int] = {}
    values = move_values(game, pos, lambda child: minimax(game, child, memo))
    value = max(values.values())
    return value, tuple(m for m in game.legal_moves(pos) if values[m] == value)
