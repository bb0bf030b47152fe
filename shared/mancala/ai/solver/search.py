"""The pure-Python search: MTD(f) over `Game`, for any variant won by the most seeds
without rounds.

Null-window alpha-beta tests ("is the value at least t?") over the exact final
margin, with a transposition table of proven lower and upper bounds that every test
reuses, repeat-turn moves and captures searched first, and bounds from the seeds
left. The seed bounds are used only while each move keeps stores growing and seeds
conserved (checked on every move; otherwise the search restarts without them). Where
a position comes back on the search path (Oware-like sowing), the whole position
graph is analysed instead (`analysis`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from mancala.ai.solver.analysis import solve_graph
from mancala.ai.solver.terms import NotSolvable, OutOfTime, Progress, Solution, search_key_of
from mancala.engine.game import Game, Move
from mancala.engine.position import Position


class _Repeats(Exception):
    """A position came back on the search path: play can go on for ever."""


class _BoundsBroken(Exception):
    """A move shrank a store or made seeds: the seed bounds do not hold in this variant."""


BIG = 1 << 40


class _PySearch:
    """MTD(f) over Game; the table maps search keys to [lower, upper, best move]."""

    def __init__(self, game: Game, deadline: float | None,
                 progress: Callable[[Progress], None] | None, bounds: bool,
                 every: float = 1.0) -> None:
        self.game = game
        self.key = search_key_of(game)
        self.deadline = deadline
        self.progress = progress
        self.bounds = bounds
        self.table: dict[tuple, list[Any]] = {}
        self.path: set[tuple] = set()
        self.nodes = 0
        self.started = time.perf_counter()
        self.every = every
        self.next_report = self.started + every
        self.probe = self.test = self.lower = self.upper = 0

    def _checkpoint(self) -> None:
        now = time.perf_counter()
        out = self.deadline is not None and now >= self.deadline
        # the last report goes out before the search gives up: on a loaded machine the
        # first check can come after the deadline, and a caller would see no progress
        if self.progress is not None and (out or now >= self.next_report):
            self.next_report = now + self.every
            self.progress(Progress(self.nodes, now - self.started, self.probe, self.test,
                                   self.lower, self.upper, "Python"))
        if out:
            raise OutOfTime

    def _children(self, pos: Position, hint: Move | None) -> list[tuple[int, Move, Position]]:
        game = self.game
        me = pos.turn
        d = pos.stores[me] - pos.stores[1 - me]
        seeds = sum(pos.board) + sum(pos.stores)
        kids = []
        for i, mv in enumerate(game.legal_moves(pos)):
            child = pos.copy()
            game.apply(child, mv)
            if self.bounds and (child.stores[0] < pos.stores[0] or child.stores[1] < pos.stores[1]
                                or sum(child.board) + sum(child.stores) > seeds):
                raise _BoundsBroken
            if mv == hint:
                score = 1 << 30
            elif child.outcome is not None:
                score = 1 << 20
            else:
                gain = child.stores[me] - child.stores[1 - me] - d
                score = gain * 16 + (2000 if child.turn == me else 0)
            kids.append((score * 64 - i, mv, child))
        kids.sort(key=lambda k: -k[0])
        return kids

    def value(self, pos: Position, alpha: int, beta: int) -> int:
        """The value of an unfinished position from its mover's view (fail-soft)."""
        self.nodes += 1
        if self.nodes & 1023 == 0:
            self._checkpoint()
        me = pos.turn
        d = pos.stores[me] - pos.stores[1 - me]
        if self.bounds:
            left = sum(pos.board)
            lo, hi = d - left, d + left
        else:
            lo, hi = -BIG, BIG
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        key = self.key(pos)
        if key in self.path:
            raise _Repeats
        entry = self.table.get(key)
        hint = None
        if entry is not None:
            lo = max(lo, entry[0])
            hi = min(hi, entry[1])
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            hint = entry[2]
        a = a0 = max(alpha, lo)
        b = min(beta, hi)
        kids = self._children(pos, hint)
        table = self.table
        for _, mv, child in kids:  # enhanced transposition cut-off
            if child.outcome is not None:
                v = child.stores[me] - child.stores[1 - me]
            else:
                ce = table.get(self.key(child))
                if ce is None:
                    continue
                v = ce[0] if child.turn == me else -ce[1]
            if v >= b:
                self._store(key, v, BIG, mv)
                return v
        best, best_move = -BIG, None
        self.path.add(key)
        try:
            for _, mv, child in kids:
                if child.outcome is not None:
                    v = child.stores[me] - child.stores[1 - me]
                elif child.turn == me:
                    v = self.value(child, a, b)
                else:
                    v = -self.value(child, -b, -a)
                if v > best:
                    best, best_move = v, mv
                    if v > a:
                        a = v
                        if a >= b:
                            break
        finally:
            self.path.discard(key)
        if best <= a0:
            self._store(key, lo, min(hi, best), best_move)
        elif best >= b:
            self._store(key, max(lo, best), hi, best_move)
        else:
            self._store(key, best, best, best_move)
        return best

    def _store(self, key: tuple, lo: int, hi: int, move: Move | None) -> None:
        entry = self.table.get(key)
        if entry is None:
            self.table[key] = [lo, hi, move]
        else:
            entry[0] = max(entry[0], lo)
            entry[1] = min(entry[1], hi)
            if move is not None:
                entry[2] = move

    def at_least(self, pos: Position, t: int) -> int:
        return self.value(pos, t - 1, t)

    def solve(self, pos: Position) -> Solution:
        me = pos.turn
        d = pos.stores[me] - pos.stores[1 - me]
        seeds = sum(pos.board) + sum(pos.stores)
        if self.bounds:
            lower, upper = d - sum(pos.board), d + sum(pos.board)
        else:  # a margin is never more than all the seeds
            lower, upper = -seeds, seeds
        g = d
        while lower < upper:
            t = g + 1 if g == lower else g
            t = min(t, upper)
            self.probe += 1
            self.test, self.lower, self.upper = t, lower, upper
            g = self.at_least(pos, t)
            if g >= t:
                lower = max(lower, g)
            else:
                upper = min(upper, g)
        value = lower
        best = []
        for mv in self.game.legal_moves(pos):
            child = pos.copy()
            self.game.apply(child, mv)
            if child.outcome is not None:
                v = child.stores[me] - child.stores[1 - me]
            elif child.turn == me:
                v = self.at_least(child, value)
            else:
                v = -self.at_least(child, -value + 1)
            if v >= value:
                best.append(mv)
        return Solution(value, tuple(best), self.nodes, self.probe,
                        time.perf_counter() - self.started, "Python")


def solve_python(game: Game, pos: Position, deadline: float | None,
                 progress: Callable[[Progress], None] | None, every: float,
                 bounds: bool = True) -> Solution | None:
    """The Python search's solution, or None when the deadline (perf_counter) passed;
    `bounds` False searches without the seed bounds from the start."""
    nodes = 0
    for use in (True, False) if bounds else (False,):
        search = _PySearch(game, deadline, progress, use, every)
        search.nodes = nodes
        try:
            return search.solve(pos)
        except OutOfTime:
            return None
        except RecursionError:
            # the search recurses once a ply: relay sowing (Obridjie) has lines longer
            # than Python's stack, and the perfect computer fell back to random moves
            raise NotSolvable("its lines of play run deeper than this solver can follow") from None
        except _BoundsBroken:
            nodes = search.nodes
        except _Repeats:
            try:
                return solve_graph(game, pos, deadline, search.nodes, search.started)
            except OutOfTime:
                return None
    raise NotSolvable("a position repeats and moves can shrink stores: "
                      "endless play has no value here")

