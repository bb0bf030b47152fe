"""Alpha-beta search: minimax (root player's view) and negamax (mover's view).

Both handle repeat turns: a player moving again is searched as that player's
node (minimax keeps maximising; negamax does not flip the sign). A transposition
table keyed by `Game.search_key`; moves ordered by the table's best move, then
repeat turns, then what the move banks; iterative deepening under a node or time
budget, the previous iteration's best move searched first at the root. With a
random generator, equally good root moves are told apart by it (a seeded
choice, so games between computer players vary and stay reproducible).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from mancala.ai.scoring import Evaluator
from mancala.engine.game import Game, Move
from mancala.engine.position import Position

EXACT, LOWER, UPPER = 0, 1, 2
PROVEN = 1 << 30  # table depth of a value whose subtree reached only finished games
INF = float("inf")
TIE = 1e-6  # root window below the best value, so equal moves get exact values
# nodes between looks at the clock: a node expands all its children, which on a variant
# the C core does not play (tens of microseconds a move) made 1,024 nodes overshoot a
# 100 ms cap by about 200 ms; a look costs well under 1 % of a node
CHECK_EVERY = 64
REPEAT_BONUS = 1000  # ordering: a move that keeps the turn comes before one that banks seeds


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
                 deadline: float | None = None, node_limit: int | None = None,
                 rng: random.Random | None = None) -> None:
        self.game = game
        self.evaluate = evaluate
        self.negamax = negamax
        self.deadline = deadline
        self.node_limit = node_limit
        self.rng = rng
        self.nodes = 0
        self.next_check = CHECK_EVERY if node_limit is None else min(CHECK_EVERY, node_limit + 1)
        self.table: dict[tuple, tuple[int, int, float, Move | None]] = {}
        self.horizon = 0  # cut-offs at the depth limit (or through table entries that had some)

    def _check(self) -> None:
        """Every CHECK_EVERY nodes (and at the node limit): stop when the budget is spent."""
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfTime
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        self.next_check = self.nodes + CHECK_EVERY
        if self.node_limit is not None:
            self.next_check = min(self.next_check, self.node_limit + 1)

    def _children(self, pos: Position, first: Move | None) -> list[tuple[Move, Position]]:
        """The moves and their positions, most promising first for the player to move."""
        game = self.game
        mover = pos.turn
        other = 1 - mover
        scored = []
        for mv in game.legal_moves(pos):
            child = pos.copy()
            game.apply(child, mv)
            if mv == first:
                key = INF
            else:
                s = child.stores
                key = s[mover] - s[other]
                if child.turn == mover and child.outcome is None:
                    key += REPEAT_BONUS
            scored.append((key, mv, child))
        if len(scored) > 1:
            scored.sort(key=lambda t: t[0], reverse=True)
        return [(mv, child) for _, mv, child in scored]

    # -- negamax: value from the view of the player to move ----------------------------

    def _nega(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        if pos.outcome is not None:
            if pos.outcome.kind.ends_round:
                self.horizon += 1  # the game goes on after it: a value, not a proof
            return self.evaluate(pos, pos.turn)
        if depth <= 0:
            self.horizon += 1
            return self.evaluate(pos, pos.turn)
        key = self.game.search_key(pos)
        hit, best_move = self._probe(key, depth, alpha, beta)
        if hit is not None:
            return hit
        h0 = self.horizon
        a0 = alpha
        best = -INF
        mover = pos.turn
        for mv, child in self._children(pos, best_move):
            if child.turn == mover:
                v = self._nega(child, depth - 1, alpha, beta)
            else:
                v = -self._nega(child, depth - 1, -beta, -alpha)
            if v > best:
                best, best_move = v, mv
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = EXACT if a0 < best < beta else (LOWER if best >= beta else UPPER)
        self.table[key] = (PROVEN if self.horizon == h0 else depth, flag, best, best_move)
        return best

    def _probe(self, key: Any, depth: int, alpha: float, beta: float) -> tuple[float | None, Move | None]:
        """The table's value for the position when it settles this window at this depth
        (else None), and its best move so far to search first."""
        entry = self.table.get(key)
        if entry is None:
            return None, None
        e_depth, flag, value, best_move = entry
        if e_depth >= depth and (flag == EXACT or (flag == LOWER and value >= beta)
                                 or (flag == UPPER and value <= alpha)):
            if e_depth != PROVEN:
                self.horizon += 1  # a value that rests on the horizon, not a proof
            return value, best_move
        return None, best_move

    def _child_value(self, mover: int, child: Position, depth: int, alpha: float, beta: float) -> float:
        """A child's negamax value from `mover`'s view: no sign flip when the mover moves again
        (and at a finished game whose `turn` names the mover as winner or last mover)."""
        if child.turn == mover:
            return self._nega(child, depth, alpha, beta)
        return -self._nega(child, depth, -beta, -alpha)

    # -- minimax: value from the root player's view --------------------------------------

    def _mini(self, pos: Position, depth: int, alpha: float, beta: float, root: int) -> float:
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
        if pos.outcome is not None:
            if pos.outcome.kind.ends_round:
                self.horizon += 1  # the game goes on after it: a value, not a proof
            return self.evaluate(pos, root)
        if depth <= 0:
            self.horizon += 1
            return self.evaluate(pos, root)
        key = self.game.search_key(pos)
        hit, best_move = self._probe(key, depth, alpha, beta)
        if hit is not None:
            return hit
        h0 = self.horizon
        a0, b0 = alpha, beta
        if pos.turn == root:
            best = -INF
            for mv, child in self._children(pos, best_move):
                v = self._mini(child, depth - 1, alpha, beta, root)
                if v > best:
                    best, best_move = v, mv
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = INF
            for mv, child in self._children(pos, best_move):
                v = self._mini(child, depth - 1, alpha, beta, root)
                if v < best:
                    best, best_move = v, mv
                    if v < beta:
                        beta = v
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
        first: Move | None = None
        for depth in range(1, max_depth + 1):
            h0 = self.horizon
            try:
                best_move, best_value = self._root(pos, depth, root, first)
            except OutOfTime:
                break
            first = best_move
            proven = self.horizon == h0
            result = SearchResult(best_move, best_value, depth, self.nodes, proven)
            if proven:
                break  # the whole tree was searched: deeper cannot change it
        result.nodes = self.nodes
        return result

    def _root(self, pos: Position, depth: int, root: int, first: Move | None) -> tuple[Move, float]:
        """The best move and its value; ties broken by the generator when there is one."""
        best = -INF
        alpha = -INF
        ties: list[Move] = []
        for mv, child in self._children(pos, first):
            if self.negamax:
                v = self._child_value(root, child, depth - 1, alpha, INF)
            else:
                v = self._mini(child, depth - 1, alpha, INF, root)
            if v > best:
                best, ties = v, [mv]
            elif v == best:
                ties.append(mv)
            # with a generator, a later move as good as the best gets its exact value too
            alpha = max(alpha, v) if self.rng is None else max(alpha, v - TIE * max(1.0, abs(v)))
        assert ties
        move = ties[0] if len(ties) == 1 or self.rng is None else ties[self.rng.randrange(len(ties))]
        return move, best
