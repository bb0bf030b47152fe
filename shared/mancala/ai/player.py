"""Choosing a move: the variant's `player` settings, a difficulty, an algorithm, a budget.

Besides the variant's difficulties 0..3 there is a "perfect" one (`algorithm` "solver"):
the exact solver (mancala.ai.solver) gets part of the move's time budget; when it
proves the position's value the move keeps that value, otherwise (too big a board, or
rules without an exact value) the variant's own search at difficulty 3 thinks for the
rest of the budget and the answer says the solver did not finish and why.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Literal

from mancala.ai.mcts import mcts
from mancala.ai.scoring import SURE, WIN, make_evaluator
from mancala.ai.search import Searcher
from mancala.ai.solver import POSITION_TT_BITS, NotSolvable, solve, why_not_solvable
from mancala.ai.solver.binding import think_solver
from mancala.ai.think import think
from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.rules.enums import Algorithm

# mm_depth when a variant leaves it empty: deeper on the C core (about 5x the Python
# engine's speed; difficulty 3 stays well under a second a move on six-hole boards)
DEFAULT_DEPTHS = (1, 2, 5, 8)
DEFAULT_DEPTHS_PYTHON = (1, 2, 4, 6)
DEFAULT_BIAS = (400, 400, 400, 400)
DEFAULT_NODES = (300, 1000, 3000, 10000)
DEFAULT_POUTS = (1, 1, 1, 1)
MAX_DEPTH_WITH_BUDGET = 64

PERFECT: Literal["perfect"] = "perfect"  # the difficulty played by the solver
SOLVER = "solver"  # the algorithm name of that difficulty (contracts/ai.md names it)
Level = int | Literal["perfect"]
# the difficulties 0..3 in words, as the clients offer them
LEVEL_NAMES = ("easy", "medium", "hard", "expert")
EXPERT = LEVEL_NAMES.index("expert")
# the perfect player's budget when none is given: a room's per-move cap
DEFAULT_SOLVER_BUDGET_MS = 2000
# the solver's share of the budget: the rest is left for the search when it cannot finish
SOLVER_SHARE = 0.5


@dataclass
class Answer:
    move: Any  # replay move format
    player: int
    value: float
    depth: int
    nodes: int
    ms: int
    exact: bool = False
    algorithm: str = ""
    # the perfect player only: whether the solver proved the value, and if not, why
    # not and which search chose the move instead
    solved: bool | None = None
    fallback: str = ""
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"move": self.move, "player": self.player, "value": self.value,
                               "depth": self.depth, "nodes": self.nodes, "ms": self.ms,
                               "algorithm": self.algorithm}
        if self.exact:
            out["exact"] = True
        if self.solved is not None:
            out["solved"] = self.solved
        if self.fallback:
            out["fallback"] = self.fallback
        if self.reason:
            out["reason"] = self.reason
        return out


def level_lists(game: Game, algorithm: Algorithm | None = None) -> dict[str, tuple[int, ...]]:
    """The `ai_params` lists that decide the levels' search (of `algorithm`, by default the
    variant's), the defaults the variant leaves out filled in: choose_move reads them."""
    params = game.variant.player.ai_params
    if (algorithm or game.variant.player.algorithm) == Algorithm.MONTECARLO_TS:
        return {"mcts_nodes": params.mcts_nodes or DEFAULT_NODES, "mcts_bias": params.mcts_bias or DEFAULT_BIAS,
                "mcts_pouts": params.mcts_pouts or DEFAULT_POUTS}
    return {"mm_depth": params.mm_depth or (DEFAULT_DEPTHS if game.fast is not None else DEFAULT_DEPTHS_PYTHON)}


def level_settings(game: Game, level: int) -> tuple[Any, ...]:
    """What decides a level's play in the variant's `player` section: two levels with the
    same settings are one player."""
    player = game.variant.player
    noise = player.scorer.easy_rand if level == 0 else 0
    kind = "mcts" if player.algorithm == Algorithm.MONTECARLO_TS else "search"
    return (kind, *(values[level] for values in level_lists(game).values()), noise)


def plays_as(game: Game, level: int) -> int:
    """The highest level that plays exactly as `level` does. Where a variant merged a level
    into the one above it (benchmarks/level_merge.py), the two are one player and are rated
    as the upper one."""
    mine = level_settings(game, level)
    while level < EXPERT and level_settings(game, level + 1) == mine:
        level += 1
    return level


def choose_move(game: Game, pos: Position, *, difficulty: Level | None = None, algorithm: str | None = None,
                budget_ms: int | None = None, seed: int = 0, cap_ms: int | None = None) -> Answer:
    """The computer's move for the player to move (the game must not be over).

    `budget_ms` thinks for that long (deepening as far as it gets); `cap_ms` keeps the
    difficulty's depth or node count but stops there at the latest (rooms use it).
    Difficulty "perfect" or algorithm "solver": the solver within the budget (or the
    cap, or DEFAULT_SOLVER_BUDGET_MS), else the strongest search for the rest of it.
    """
    if pos.outcome is not None or not game.legal_moves(pos):
        raise ValueError("the game is over")
    if difficulty == PERFECT or algorithm == SOLVER:
        budget = budget_ms if budget_ms is not None else cap_ms if cap_ms is not None else DEFAULT_SOLVER_BUDGET_MS
        return _perfect(game, pos, budget, seed)
    player = game.variant.player
    level = player.difficulty if difficulty is None else difficulty
    algo = Algorithm(algorithm) if algorithm is not None else player.algorithm
    rng = random.Random(seed)
    if level >= EXPERT and algo != Algorithm.MONTECARLO_TS:
        # an endgame database is copied into the look-ahead once a game and process (some
        # 0.2 s for Kalah's 18 seeds): before the clock starts, or that first move would
        # get a ply or two of thought
        think_solver(game, leaves=True)
    start = time.perf_counter()
    deadline = start + budget_ms / 1000 if budget_ms is not None else None
    if cap_ms is not None and deadline is None:
        deadline = start + cap_ms / 1000
    mover = pos.turn
    legal = game.legal_moves(pos)
    if len(legal) == 1 and budget_ms is None:
        return Answer(game.move_json(legal[0]), mover, 0.0, 0, 0, 0, False, algo.value)

    lists = level_lists(game, algo)
    if algo == Algorithm.MONTECARLO_TS:
        nodes, bias, pouts = lists["mcts_nodes"][level], lists["mcts_bias"][level] / 1000, lists["mcts_pouts"][level]
        move, rate, expanded = mcts(game, pos, nodes=nodes, playouts=pouts, bias=bias, rng=rng,
                                    deadline=deadline, until_deadline=budget_ms is not None)
        ms = int((time.perf_counter() - start) * 1000)
        return Answer(game.move_json(move), mover, round(rate, 4), 0, expanded, ms, False, algo.value)

    depth = MAX_DEPTH_WITH_BUDGET if budget_ms is not None else lists["mm_depth"][level]
    # minimax and negamax give the same values to a zero-sum score: the C look-ahead
    # plays both where it takes the game
    # the expert also sees exact endgames where a database of the variant's rules was
    # built (`mancala egtb build`); the levels below keep their horizon
    result = think(game, pos, difficulty=level, max_depth=max(1, depth), deadline=deadline, rng=rng,
                   leaves=level >= EXPERT)
    if result is None:
        evaluate = make_evaluator(game, difficulty=level, rng=rng)
        searcher = Searcher(game, evaluate, negamax=algo == Algorithm.NEGAMAXER, deadline=deadline, rng=rng)
        result = searcher.search(pos, max(1, depth))
    ms = int((time.perf_counter() - start) * 1000)
    value = result.value
    exact = result.exact or abs(value) >= WIN
    if abs(value) >= WIN:  # a proved end: the final margin
        value = (abs(value) - WIN) * (1 if value > 0 else -1)
    elif abs(value) >= SURE:  # a majority held for good: the margin so far
        value = (abs(value) - SURE) * (1 if value > 0 else -1)
    elif not exact:  # a heuristic score: in seeds, as the store multiplier weighs them
        value = round(value / (game.variant.player.scorer.stores_m or 1), 4)
    return Answer(game.move_json(result.move), mover, float(value), result.depth, result.nodes, ms,
                  exact, algo.value)


def book_move(game: Game, pos: Position) -> tuple[Any, int] | None:
    """The best move and its value from an opening book of the variant's rules
    (mancala.ai.books), or None where no book holds the position."""
    from mancala.ai.books import find

    book = find(game.variant)
    values = book.move_values(game, pos) if book is not None else None
    if not values:
        return None
    return max(values, key=lambda mv: mv[1])


def _perfect(game: Game, pos: Position, budget_ms: int, seed: int) -> Answer:
    """The solver's move when it finishes within its share of the budget, else the
    variant's own algorithm at difficulty 3 thinking for what is left."""
    start = time.perf_counter()
    opening = book_move(game, pos)
    if opening is not None:  # an opening book of the variant's rules: exact at once
        move, value = opening
        return Answer(move, pos.turn, float(value), 0, 0, int((time.perf_counter() - start) * 1000), True,
                      SOLVER, solved=True)
    reasons = why_not_solvable(game.variant)
    solution = None
    if reasons:
        reason = "; ".join(reasons)
    else:
        # an endgame database of the variant's rules answers at once where it holds the
        # engine's own value (mancala.ai.egtb); the solver searches the rest
        from mancala.ai.egtb import solution as from_database

        share = budget_ms * SOLVER_SHARE
        reason = f"not solved within {share:.0f} ms"
        solution = from_database(game, pos)
        if solution is None:
            try:
                solution = solve(game, pos, time_limit=share / 1000, tt_bits=POSITION_TT_BITS)
            except NotSolvable as exc:
                reason = str(exc)
    if solution is not None:
        ms = int((time.perf_counter() - start) * 1000)
        return Answer(game.move_json(solution.best_moves[0]), pos.turn, float(solution.value), 0,
                      solution.nodes, ms, True, SOLVER, solved=True)
    left = max(1, budget_ms - int((time.perf_counter() - start) * 1000))
    searched = choose_move(game, pos, difficulty=3, budget_ms=left, seed=seed)
    searched.ms = int((time.perf_counter() - start) * 1000)
    searched.fallback, searched.algorithm = searched.algorithm, SOLVER
    searched.solved, searched.reason = False, reason
    return searched
