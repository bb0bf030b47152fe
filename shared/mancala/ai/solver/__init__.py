"""Exact values of small boards: who wins, by how many seeds, with best play.

    >>> from mancala.rules.loading import sized_variant
    >>> game = Game(sized_variant("kalah_4", holes=3, seeds=3))
    >>> sol = solve(game, game.start(0))
    >>> sol.value, sol.best_moves
    (2, (0, 1))

The value of a position is the final store difference (the mover's store minus the
other's at the end of the game) from the view of the player to move, when both play
as well as possible; at the start position that is the starter's view. The best
moves are every move that keeps that value.

How: MTD(f) -- null-window alpha-beta tests "is the value at least t?" -- over the
exact final margin, each test one iteration, with a transposition table of proven
lower and upper bounds that every test reuses, repeat-turn moves and captures
searched first, and bounds from the seeds left: stores never shrink here, so the
margin can still move by at most the seeds on the board.

Two searches do this: the C one (`binding`) for the Kalah family, where no position
repeats, and a pure-Python one over `Game` (`search`) for any variant won by the most
seeds without rounds. Where a position comes back on the search path (Oware-like
sowing), the engine scores no endless game, so the whole position graph is analysed
instead (`analysis`), and the value given only if it is the same however endless play
is scored; otherwise NotSolvable says between which values it lies. `terms` holds
what they share.

`solve_position(game, pos, time_limit)` gives (value, best move) or None, for a
"perfect" computer player; `solve` the full `Solution`; `mancala solve` is
`mancala_cli.solve`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from mancala.ai.solver.binding import (
    DEFAULT_TT_BITS,
    Egtb,
    c_available,
    c_reasons,
    solve_c,
    why_not_c,
)
from mancala.ai.solver.search import solve_python
from mancala.ai.solver.terms import NotSolvable, Progress, Solution, why_not_solvable
from mancala.engine.game import Game, Move
from mancala.engine.position import Position

__all__ = ["NotSolvable", "Progress", "Solution", "c_available", "solve", "solve_position",
           "why_not_c", "why_not_solvable"]

MAX_THREADS = 64  # the C search's limit
POSITION_TT_BITS = 20  # solve_position: up to 24 MiB per game


def solve(game: Game, pos: Position, *, time_limit: float | None = None,
          progress: Callable[[Progress], None] | None = None, every: float = 1.0,
          engine: str = "auto", tt_bits: int = DEFAULT_TT_BITS,
          egtb: Egtb | None = None, threads: int = 1) -> Solution | None:
    """The exact value and best moves of `pos` for the player to move, or None when
    `time_limit` seconds ran out. `progress` gets a `Progress` every `every` seconds;
    `engine`: "auto" (C where it applies), "c" or "python"; the C table grows up to
    2 ** tt_bits slots of 24 bytes. `egtb`: an endgame database (`mancala.ai.egtb`)
    of the variant's rules whose values the C search takes as leaves (ValueError where
    its rules are not the variant's or the end reads the stores; the Python search
    ignores it). `threads`: threads of the C search (1 to 64), sharing its table; the
    Python search runs on one.
    Raises NotSolvable for a finished game, a variant without such a value, a C solve
    asked for where it does not apply, or positions that repeat."""
    if pos.outcome is not None:
        raise NotSolvable("the game is over")
    if not game.legal_moves(pos):
        raise NotSolvable("the player to move has no legal move")
    reasons = why_not_solvable(game.variant)
    if reasons:
        raise NotSolvable("; ".join(reasons))
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    if engine not in ("auto", "c", "python"):
        raise ValueError(f"engine must be auto, c or python, not {engine!r}")
    if not 1 <= threads <= MAX_THREADS:
        raise ValueError(f"threads must be 1 to {MAX_THREADS}, not {threads}")
    if engine != "python":
        not_c = c_reasons(game, pos)
        if not not_c:
            return solve_c(game, pos, deadline, progress, tt_bits, every, egtb, threads)
        if engine == "c":
            raise NotSolvable("the C solver does not apply: " + "; ".join(not_c))
    return solve_python(game, pos, deadline, progress, every)


def solve_position(game: Game, pos: Position,
                   time_limit: float | None = None) -> tuple[int, Move] | None:
    """(value, best move) for the player to move -- the value is the final store
    difference from their view with best play -- or None when the time ran out or the
    position has no exact value here (game over, rules without one, repeating play)."""
    try:
        sol = solve(game, pos, time_limit=time_limit, tt_bits=POSITION_TT_BITS)
    except NotSolvable:
        return None
    if sol is None:
        return None
    return sol.value, sol.best_moves[0]
