"""Alpha-beta search: minimax (root player's view) and negamax (mover's view).

Both handle repeat turns: a player moving again is searched as that player's
node (minimax keeps maximising; negamax does not flip the sign). A transposition
table keyed by `Game.search_key`, the best move of the last iteration first, and
iterative deepening under a node or time budget.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from mancala.ai.scoring import Evaluator
from mancala.engine.game import Game, Move
from mancala.engine.position import Position

EXACT, LOWER, UPPER = 0, 1, 2
PROVEN = 1 << 30  # table depth of a value whose subtree reached only finished games
INF = float("inf")


class OutOfTime(Exception):
    pass


@dataclass
class SearchResult:
    move: Move
    value: float
    depth: int
    nodes: int
    exact: bool


class Searcher:
    def __init__(self, game: Game, evaluate: Evaluator, *, negamax: bool = False,
                 deadline: float | None = None, node_limit: int | None = None) -> None:
        self.game = game
        self.evaluate = evaluate
        self.negamax = negamax
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.table: dict[tuple, tuple[int, int, float, Move | None]] = {}
        self.horizon = 0  # cut-offs at the depth limit (or through table entries that had some)

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 1023 == 0 and self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfTime

    def _children(self, pos: Position, first: Move | None) -> list[tuple[Move, Position]]:
        out = []
        for mv in self.game.legal_moves(pos):
            child = pos.copy()
            self.game.apply(child, mv)
            out.append((mv, child))
        if first is not None:
            out.sort(key=lambda mc: mc[0] != first)
        return out

    # -- negamax: value from the view of the player to move ----------------------------

    def _nega(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        if pos.outcome is not None:
            return self.evaluate(pos, pos.turn)
        if depth == 0:
            self.horizon += 1
            return self.evaluate(pos, pos.turn)
        key = self.game.search_key(pos)
        entry = self.table.get(key)
        best_move = None
        if entry is not None:
            e_depth, flag, value, best_move = entry
            if e_depth >= depth and (flag == EXACT or (flag == LOWER and value >= beta)
                                     or (flag == UPPER and value <= alpha)):
                if e_depth != PROVEN:
                    self.horizon += 1
                return value
        h0 = self.horizon
        a0 = alpha
        best = -INF
        for mv, child in self._children(pos, best_move):
            v = self._child_value(pos.turn, child, depth - 1, alpha, beta)
            if v > best:
                best, best_move = v, mv
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        flag = EXACT if a0 < best < beta else (LOWER if best >= beta else UPPER)
        self.table[key] = (PROVEN if self.horizon == h0 else depth, flag, best, best_move)
        return best

    def _child_value(self, mover: int, child: Position, depth: int, alpha: float, beta: float) -> float:
        """A child's negamax value from `mover`'s view: no sign flip when the mover moves again
        (and at a finished game whose `turn` names the mover as winner or last mover)."""
        if child.turn == mover:
            return self._nega(child, depth, alpha, beta)
        return -self._nega(child, depth, -beta, -alpha)

    # -- minimax: value from the root player's view --------------------------------------

    def _mini(self, pos: Position, depth: int, alpha: float, beta: float, root: int) -> float:
        self._tick()
        if pos.outcome is not None:
            return self.evaluate(pos, root)
        if depth == 0:
            self.horizon += 1
            return self.evaluate(pos, root)
        key = self.game.search_key(pos)
        entry = self.table.get(key)
        best_move = None
        if entry is not None:
            e_depth, flag, value, best_move = entry
            if e_depth >= depth and (flag == EXACT or (flag == LOWER and value >= beta)
                                     or (flag == UPPER and value <= alpha)):
                if e_depth != PROVEN:
                    self.horizon += 1
                return value
        h0 = self.horizon
        a0, b0 = alpha, beta
        maximizing = pos.turn == root
        best = -INF if maximizing else INF
        for mv, child in self._children(pos, best_move):
            v = self._mini(child, depth - 1, alpha, beta, root)
            if maximizing:
                if v > best:
                    best, best_move = v, mv
                alpha = max(alpha, v)
            else:
                if v < best:
                    best, best_move = v, mv
                beta = min(beta, v)
            if alpha >= beta:
                break
        flag = EXACT if a0 < best < b0 else (LOWER if best >= b0 else UPPER)
        self.table[key] = (PROVEN if self.horizon == h0 else depth, flag, best, best_move)
        return best

    def search(self, pos: Position, max_depth: int) -> SearchResult:
        """Iterative deepening to max_depth (or until the budget runs out)."""
        root = pos.turn
        legal = self.game.legal_moves(pos)
        result = SearchResult(legal[0], 0.0, 0, 0, False)
        for depth in range(1, max_depth + 1):
            h0 = self.horizon
            try:
                best_move, best_value = self._root(pos, depth, root)
            except OutOfTime:
                break
            proven = self.horizon == h0
            result = SearchResult(best_move, best_value, depth, self.nodes, proven)
            if proven:
                break  # the whole tree was searched: deeper cannot change it
        result.nodes = self.nodes
        return result

    def _root(self, pos: Position, depth: int, root: int) -> tuple[Move, float]:
        entry = self.table.get(self.game.search_key(pos))
        first = entry[3] if entry else None
        best_move: Move | None = None
        best = -INF
        alpha = -INF
        for mv, child in self._children(pos, first):
            if self.negamax:
                v = self._child_value(root, child, depth - 1, alpha, INF)
            else:
                v = self._mini(child, depth - 1, alpha, INF, root)
            if v > best:
                best, best_move = v, mv
            alpha = max(alpha, v)
        assert best_move is not None
        return best_move, best
