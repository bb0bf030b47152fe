"""The C search (`mancala.ai._solver`), for the Kalah family: which positions it takes,
one solver (and its table) per game, and its answers as `Solution`s.

It is built by setup.py when a compiler is there. It takes the variants
`mancala.engine.fast` plays whose every sowing passes the own store (one lap, no
sowing into the start hole, captures from the first move): there a move either feeds
a store or moves seeds forward along the mover's row, so no position repeats and the
search always ends. Its rules are a copy of the engine's C core, tested against `Game`
on random positions. A short heuristic look-ahead, deepened iteratively, gives MTD(f)
its first guess; the table starts small and grows up to `tt_bits`.
"""

from __future__ import annotations

import importlib
import time
import weakref
from collections.abc import Callable
from typing import Any

from mancala.ai.solver.terms import Progress, Solution, why_not_solvable
from mancala.engine.fast import params as fast_params
from mancala.engine.fast import why_not_fast
from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.rules.enums import Direct, LapSower
from mancala.rules.variant import Variant

try:  # imported by name: the type checker reads no compiled module
    _solver: Any = importlib.import_module("mancala.ai._solver")
except ImportError:  # not built (no compiler when installed): the Python search solves
    _solver = None

DEFAULT_TT_BITS = 23  # the C table grows up to 8M slots of 24 bytes (192 MiB)
C_MAX_TOTAL = 255  # seeds in a game the C solver takes (a byte a hole)


def c_available() -> bool:
    return _solver is not None


def why_not_c(variant: Variant) -> list[str]:
    """Why the C solver does not take this variant (empty when it does; it may be unbuilt)."""
    reasons = why_not_solvable(variant) + why_not_fast(variant)
    gi = variant.game_info
    if not (gi.stores and gi.sow_own_store):
        reasons.append("sowing skips the own store: positions can repeat")
    if gi.mlaps != LapSower.OFF:
        reasons.append(f"mlaps={gi.mlaps.value}")
    if gi.sow_direct != Direct.CCW:
        # sowing clockwise, the stores stay at the rows' right ends: a sowing leaves the
        # own row without passing the store, and positions can repeat
        reasons.append(f"sow_direct={gi.sow_direct.value}: positions can repeat")
    if gi.sow_start:
        reasons.append("sow_start")
    if gi.nocaptmoves:
        reasons.append(f"nocaptmoves={gi.nocaptmoves}")
    if variant.holes > 16:
        reasons.append(f"holes={variant.holes}")
    return reasons


def c_reasons(game: Game, pos: Position) -> list[str]:
    """Why the C search does not take this position (empty when it does)."""
    if _solver is None:
        return ["the C solver is not built"]
    reasons = why_not_c(game.variant)
    seeds = sum(pos.board) + sum(pos.stores)
    if seeds > C_MAX_TOTAL:
        reasons.append(f"{seeds} seeds")
    if pos.total != seeds:
        reasons.append("seeds have left the game")
    if (any(c is not None for c in pos.child) or any(pos.blocked)
            or any(o is not None for o in pos.owner)):
        reasons.append("children, blocked holes or owners")
    if not reasons:
        width = max(seeds, 1).bit_length()
        if (game.size + 1) * width + 2 > 128:
            reasons.append("a position does not fit 128 bits")
    return reasons


def new_solver(game: Game, tt_bits: int) -> Any:
    """A fresh C solver for the game's rules, its table up to 2 ** tt_bits slots."""
    return _solver.Solver(fast_params(game.variant), tt_bits)


_c_solvers: weakref.WeakKeyDictionary[Game, Any] = weakref.WeakKeyDictionary()


def c_solver(game: Game, tt_bits: int) -> Any:
    """One C solver per game: its table (proven bounds only) serves later solves of the
    same game. While it solves in another thread, a fresh one."""
    sv = _c_solvers.get(game)
    if sv is not None and sv.busy:
        return new_solver(game, tt_bits)
    if sv is None or sv.tt_max_entries < (1 << tt_bits):
        sv = new_solver(game, tt_bits)
        _c_solvers[game] = sv
    return sv


def solve_c(game: Game, pos: Position, deadline: float | None,
            progress: Callable[[Progress], None] | None, tt_bits: int,
            every: float) -> Solution | None:
    """The C search's solution, or None when the deadline (perf_counter) passed."""
    sv = c_solver(game, tt_bits)
    sv.set_game(pos.total, pos.starter)
    report: Callable[..., None] | None = None
    if progress is not None:
        def tell(nodes: int, probe: int, test: int, lower: int, upper: int, secs: float,
                 looking: int) -> None:
            progress(Progress(nodes, secs, probe, test, lower, upper, "C", bool(looking)))
        report = tell
    start = time.perf_counter()
    limit = None if deadline is None else max(0.0, deadline - start)
    # capt_rturn ONCE reads only whether a capture's repeat turn was just taken
    out = sv.solve(pos.board, pos.stores, pos.turn, pos.rturn_cnt > 0, deadline=limit,
                   progress=report, every=every)
    if out is None:
        return None
    value, best, nodes, probes, depth = out
    return Solution(value, tuple(best), nodes, probes, time.perf_counter() - start, "C", depth)
