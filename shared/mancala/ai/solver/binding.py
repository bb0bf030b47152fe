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
from typing import Any, Protocol

from mancala.ai.solver.terms import Progress, Solution, why_not_solvable
from mancala.engine.fast import params as fast_params
from mancala.engine.fast import reads_last_move, why_not_fast
from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.rules.enums import (
    CaptRTurn,
    ChildType,
    Direct,
    EndRule,
    LapSower,
    Rounds,
    SowPrescribed,
)
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
    if gi.udir_holes:  # a table entry's move is a byte, the search's moves a row's holes
        reasons.append("udir_holes: a move names its direction")
    # (SPLIT's ban on moving back, which reads the last move, is refused with sow_direct)
    if gi.no_sides:  # a mover has up to the whole board of moves: the search's buffers hold a row's
        reasons.append("no_sides: moves from every hole")
    return reasons


def c_reasons(game: Game, pos: Position) -> list[str]:
    """Why the C search does not take this position (empty when it does)."""
    if _solver is None:
        return ["the C solver is not built"]
    return why_not_c(game.variant) + position_reasons(game, pos)


def why_not_think(variant: Variant) -> list[str]:
    """Why the C look-ahead (`Solver.think`, depth-limited: it ends whatever the rules)
    does not take this variant: it takes any the engine's C core plays, within the
    search's buffers (empty when it does)."""
    if _solver is None:
        return ["the C solver is not built"]
    reasons = why_not_fast(variant)
    if variant.holes > _solver.MAX_HOLES:
        reasons.append(f"holes={variant.holes}")
    gi = variant.game_info
    if gi.no_sides:
        reasons.append("no_sides: moves from every hole")
    if gi.nocaptmoves:  # a position's move count and inhibition are not passed in
        reasons.append(f"nocaptmoves={gi.nocaptmoves}")
    if gi.child_type != ChildType.NOCHILD:  # its positions are a board and two stores
        reasons.append(f"child_type={gi.child_type.value}: the look-ahead keeps no children")
    if gi.rounds != Rounds.NO_ROUNDS:  # a round's end is scored by what is carried over
        reasons.append(f"rounds={gi.rounds.value}: the look-ahead scores single games")
    if gi.blocks:  # SOW_BLKD_DIV closes holes in a move
        reasons.append("blocks: the look-ahead keeps no blocked holes")
    if gi.sow_direct == Direct.PLAYALTDIR:  # set by the game's first move, kept in no key
        reasons.append("sow_direct=PLAYALTDIR: the look-ahead keeps no directions of the game")
    if gi.prescribed != SowPrescribed.NONE:  # each player's first turn: the turns ended
        reasons.append(f"prescribed={gi.prescribed.value}: the look-ahead counts no turns")
    if not reasons and reads_last_move(variant):  # its positions hold no move before them
        reasons.append("a move's legality reads the move before it (sow_direct=SPLIT)")
    return reasons


def position_reasons(game: Game, pos: Position) -> list[str]:
    """What in a position the C search cannot hold (seeds a byte a hole, all of them on
    the board or in the stores, no children, blocks or owners, the key in 128 bits)."""
    reasons = []
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


class EgtbHeader(Protocol):
    @property
    def seeds(self) -> int: ...


class Egtb(Protocol):
    """What the search needs of a `mancala.ai.egtb.Database` (not imported here: that
    module imports this package)."""

    @property
    def header(self) -> EgtbHeader: ...

    def matches(self, variant: Variant) -> bool: ...

    def raw(self) -> memoryview: ...


def why_not_egtb_leaves(variant: Variant, db: Egtb) -> list[str]:
    """Why the C search cannot take `db`'s values as leaves for this variant (empty when
    it can): the database's rules must be the variant's (its fingerprint), and the value
    of a position must be its store difference plus the board's value, which holds
    where nothing reads the stores or the previous move (end_rule ROW_EMPTY, no
    capt_rturn)."""
    reasons = []
    if not db.matches(variant):
        reasons.append("the database's rules are not the variant's")
    gi = variant.game_info
    if gi.end_rule != EndRule.ROW_EMPTY:
        reasons.append(f"end_rule={gi.end_rule.value}: the majority end reads the stores")
    if gi.capt_rturn != CaptRTurn.NO_REPEAT:
        reasons.append(f"capt_rturn={gi.capt_rturn.value}")
    return reasons


def new_solver(game: Game, tt_bits: int) -> Any:
    """A fresh C solver for the game's rules, its table up to 2 ** tt_bits slots."""
    return _solver.Solver(fast_params(game.variant), tt_bits)


_c_solvers: weakref.WeakKeyDictionary[Game, Any] = weakref.WeakKeyDictionary()
_think_solvers: weakref.WeakKeyDictionary[Game, Any | None] = weakref.WeakKeyDictionary()
# look-aheads that read an endgame database at their leaves (None: no database serves)
_leaf_solvers: weakref.WeakKeyDictionary[Game, Any | None] = weakref.WeakKeyDictionary()


def think_solver(game: Game, leaves: bool = False) -> Any | None:
    """One look-ahead per game, or None where it does not take the game's variant
    (`why_not_think`, decided once a game, not at each move). While it searches in
    another thread, a fresh one. `leaves`: one that reads the largest endgame database
    of the variant's rules (`why_not_egtb_leaves`) wherever a position has no more seeds
    on the board than it holds, where there is such a database; else the plain one."""
    if leaves:
        sv = _leaf_solver(game)
        if sv is not None:
            return sv
    if game in _think_solvers:
        sv = _think_solvers[game]
        if sv is None or not sv.busy:
            return sv
    elif why_not_think(game.variant):
        _think_solvers[game] = None
        return None
    # the smallest table: think stores nothing in it
    sv = _solver.Solver(fast_params(game.variant), 1, think_only=True)
    _think_solvers[game] = sv
    return sv


def leaf_database(variant: Variant) -> Egtb | None:
    """The largest endgame database of the variant's rules in the database folder that the
    C search may read as leaves (`why_not_egtb_leaves`), or None."""
    from mancala.ai.egtb import find  # reads the database folder: not at import

    db = find(variant)
    return db if db is not None and not why_not_egtb_leaves(variant, db) else None


def _leaf_solver(game: Game) -> Any | None:
    if game in _leaf_solvers:
        sv = _leaf_solvers[game]
        if sv is None or not sv.busy:
            return sv
    sv = None
    if not why_not_think(game.variant):
        db = leaf_database(game.variant)
        if db is not None:
            sv = _solver.Solver(fast_params(game.variant), 1, think_only=True)
            # the values are copied into the solver (one byte a board): the file's map
            # is not held, and the copy lives as long as the game's look-ahead
            sv.set_egtb(db.raw(), db.header.seeds)
    _leaf_solvers[game] = sv
    return sv


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
            every: float, egtb: Egtb | None = None, threads: int = 1) -> Solution | None:
    """The C search's solution, or None when the deadline (perf_counter) passed. With
    `egtb` the search reads every position with at most its seeds on the board from
    it; ValueError where it does not serve (`why_not_egtb_leaves`). `threads` > 1 searches
    on that many threads sharing the table (which then takes its full size at once)."""
    if egtb is not None:
        reasons = why_not_egtb_leaves(game.variant, egtb)
        if reasons:
            raise ValueError("the database does not serve as leaves: " + "; ".join(reasons))
    sv = c_solver(game, tt_bits)
    sv.set_game(pos.total, pos.starter)
    if egtb is None:
        sv.set_egtb(None, 0)
    else:
        sv.set_egtb(egtb.raw(), egtb.header.seeds)
    report: Callable[..., None] | None = None
    if progress is not None:
        def tell(nodes: int, probe: int, test: int, lower: int, upper: int, secs: float,
                 looking: int) -> None:
            progress(Progress(nodes, secs, probe, test, lower, upper, "C", bool(looking)))
        report = tell
    start = time.perf_counter()
    limit = None if deadline is None else max(0.0, deadline - start)
    # capt_rturn ONCE reads only whether a capture's repeat turn was just taken
    try:
        out = sv.solve(pos.board, pos.stores, pos.turn, pos.rturn_cnt > 0, deadline=limit,
                       progress=report, every=every, threads=threads)
    finally:  # the solver is kept for the game: it must not hold the database's map open
        hits = sv.db_hits
        sv.set_egtb(None, 0)
    if out is None:
        return None
    value, best, nodes, probes, depth = out
    return Solution(value, tuple(best), nodes, probes, time.perf_counter() - start, "C", depth,
                    hits)
