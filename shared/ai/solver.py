"""Exact values of small boards: who wins, by how many seeds, with best play.

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

Two searches do this:

- the C one (`mancala.ai._solver`, built by setup.py when a compiler is there) for
  the Kalah family: the variants `mancala.engine.fast` plays whose every sowing
  passes the own store (one lap, no sowing into the start hole, captures from the
  first move). There a move either feeds a store or moves seeds forward along the
  mover's row, so no position repeats and the search always ends. Its rules are a
  copy of the engine's C core, tested against `Game` on random positions. A short
  heuristic look-ahead, deepened iteratively, gives MTD(f) its first guess; the
  table starts small and grows up to `tt_bits`.
- a pure-Python one over `Game` for any variant won by the most seeds without rounds.
  The seed bounds are used only while each move keeps stores growing and seeds
  conserved (checked on every move; otherwise the search restarts without them).
  Where a position comes back on the search path (Oware-like sowing), the engine
  scores no endless game, so the search lists every reachable position instead and
  gives the value only if it is the same however endless play is scored
  (`_solve_graph`); otherwise NotSolvable says between which values it lies.

`solve_position(game, pos, time_limit)` gives (value, best move) or None, for a
"perfect" computer player; `solve` the full `Solution`; `main` is `mancala solve`.
"""

from __future__ import annotations

import importlib
import operator
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from mancala.engine.fast import params as fast_params
from mancala.engine.fast import why_not_fast
from mancala.engine.game import Game, Move
from mancala.engine.position import Position
from mancala.rules.enums import CaptRTurn, Direct, Goal, LapSower, Rounds
from mancala.rules.errors import VariantError, Violation
from mancala.rules.loading import config_paths, parse_variant, read_json
from mancala.rules.variant import Variant

try:  # imported by name: the type checker reads no compiled module
    _solver: Any = importlib.import_module("mancala.ai._solver")
except ImportError:  # not built (no compiler when installed): the Python search solves
    _solver = None

__all__ = ["NotSolvable", "Progress", "Solution", "c_available", "sized_variant", "solve",
           "solve_position", "why_not_c", "why_not_solvable"]

DEFAULT_TT_BITS = 23  # the C table grows up to 8M slots of 24 bytes (192 MiB)
POSITION_TT_BITS = 20  # solve_position: up to 24 MiB per game
C_MAX_TOTAL = 255  # seeds in a game the C solver takes (a byte a hole)


class NotSolvable(ValueError):
    """The variant or position has no exact value this solver can find."""


@dataclass(frozen=True)
class Progress:
    """A report on a long solve (about once a second).

    `probe` is the iteration: the null-window test "value >= test" under way, or
    (`lookahead`) the heuristic look-ahead to depth `test` that gives MTD(f) its first
    guess; `lower`..`upper` is what the earlier probes proved about the value.
    """

    nodes: int
    seconds: float
    probe: int
    test: int
    lower: int
    upper: int
    engine: str
    lookahead: bool = False

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class Solution:
    value: int  # final store difference from the view of the player to move
    best_moves: tuple[Move, ...]  # every move that keeps the value, in legal-move order
    nodes: int
    probes: int  # MTD(f) iterations
    seconds: float
    engine: str  # "C" or "Python"
    lookahead: int = 0  # depth of the heuristic look-ahead that gave the first guess (C)


# ---- telling positions apart ---------------------------------------------------------

def search_key_of(game: Game) -> Callable[[Position], tuple]:
    """The key the searches tell positions apart by.

    Game.search_key holds every Position field, the move count and the last move
    included, so no position ever comes back under it: no transposition is found and a
    game that goes round in circles looks endless. The rules the C core plays read
    neither (nor the starter), and of the repeat-turn count only whether it is 0 (under
    capt_rturn ONCE): for those variants the key is what decides the future. Others
    keep Game.search_key."""
    variant = game.variant
    if why_not_fast(variant):
        return game.search_key
    once = variant.game_info.capt_rturn == CaptRTurn.ONCE

    def key(pos: Position) -> tuple:
        return (tuple(pos.board), pos.stores[0], pos.stores[1], pos.turn,
                once and pos.rturn_cnt > 0, pos.outcome, pos.total)

    return key


# ---- which search applies ----------------------------------------------------------

def why_not_solvable(variant: Variant) -> list[str]:
    """Why no exact store-difference value exists for this variant here (empty if it does)."""
    gi = variant.game_info
    reasons = []
    if gi.goal != Goal.MAX_SEEDS:
        reasons.append(f"goal={gi.goal.value}: the solver values games won by the most seeds")
    if gi.rounds != Rounds.NO_ROUNDS:
        reasons.append(f"rounds={gi.rounds.value}: the solver values single games")
    return reasons


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


def c_available() -> bool:
    return _solver is not None


# ---- variants resized ----------------------------------------------------------------

def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in text.lower()).strip("_")


def _raw_variant(source: Any) -> dict[str, Any]:
    if isinstance(source, dict):
        return {k: (dict(v) if isinstance(v, dict) else v) for k, v in source.items()}
    path = Path(source)
    if path.is_file():
        raw = read_json(path)
    else:
        paths = config_paths()
        slug = _slug(str(source))
        if slug not in paths:
            raise VariantError([Violation(("config",), "not_found",
                                          f"no variant file or name {slug!r}")])
        raw = read_json(paths[slug])
    if not isinstance(raw, dict):
        raise VariantError([Violation(("variant",), "type", "a variant must be a JSON object")])
    return raw


def sized_variant(source: Any, holes: int | None = None, seeds: int | None = None) -> Variant:
    """A variant (object, file or name in configs/) with its holes a side and seeds a
    hole replaced; validated through parse_variant like any variant."""
    raw = _raw_variant(source)
    constants = dict(raw.get("game_constants") or {})
    if holes is not None:
        constants["holes"] = holes
    if seeds is not None:
        constants["nbr_start"] = seeds
    raw["game_constants"] = constants
    return parse_variant(raw)


# ---- the C search --------------------------------------------------------------------

_c_solvers: weakref.WeakKeyDictionary[Game, Any] = weakref.WeakKeyDictionary()


def _c_solver(game: Game, tt_bits: int) -> Any:
    """One C solver per game: its table (proven bounds only) serves later solves of the
    same game. While it solves in another thread, a fresh one."""
    sv = _c_solvers.get(game)
    if sv is not None and sv.busy:
        return _solver.Solver(fast_params(game.variant), tt_bits)
    if sv is None or sv.tt_max_entries < (1 << tt_bits):
        sv = _solver.Solver(fast_params(game.variant), tt_bits)
        _c_solvers[game] = sv
    return sv


def _c_reasons(game: Game, pos: Position) -> list[str]:
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


def _solve_c(game: Game, pos: Position, deadline: float | None,
             progress: Callable[[Progress], None] | None, tt_bits: int,
             every: float) -> Solution | None:
    sv = _c_solver(game, tt_bits)
    sv.set_game(pos.total, pos.starter)
    report = None
    if progress is not None:
        def report(nodes: int, probe: int, test: int, lower: int, upper: int, secs: float,
                   looking: int) -> None:
            progress(Progress(nodes, secs, probe, test, lower, upper, "C", bool(looking)))
    start = time.perf_counter()
    limit = None if deadline is None else max(0.0, deadline - start)
    # capt_rturn ONCE reads only whether a capture's repeat turn was just taken
    out = sv.solve(pos.board, pos.stores, pos.turn, pos.rturn_cnt > 0, deadline=limit,
                   progress=report, every=every)
    if out is None:
        return None
    value, best, nodes, probes, depth = out
    return Solution(value, tuple(best), nodes, probes, time.perf_counter() - start, "C", depth)


# ---- the Python search -----------------------------------------------------------------

class _OutOfTime(Exception):
    pass


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
        if self.deadline is not None and now >= self.deadline:
            raise _OutOfTime
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + self.every
            self.progress(Progress(self.nodes, now - self.started, self.probe, self.test,
                                   self.lower, self.upper, "Python"))

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


def _solve_python(game: Game, pos: Position, deadline: float | None,
                  progress: Callable[[Progress], None] | None, every: float,
                  bounds: bool = True) -> Solution | None:
    nodes = 0
    for use in (True, False) if bounds else (False,):
        search = _PySearch(game, deadline, progress, use, every)
        search.nodes = nodes
        try:
            return search.solve(pos)
        except _OutOfTime:
            return None
        except RecursionError:
            # the search recurses once a ply: relay sowing (Obridjie) has lines longer
            # than Python's stack, and the perfect computer fell back to random moves
            raise NotSolvable("its lines of play run deeper than this solver can follow") from None
        except _BoundsBroken:
            nodes = search.nodes
        except _Repeats:
            try:
                return _solve_graph(game, pos, deadline, search.nodes, search.started)
            except _OutOfTime:
                return None
    raise NotSolvable("a position repeats and moves can shrink stores: "
                      "endless play has no value here")


# ---- positions that repeat: the whole graph -----------------------------------------------

MAX_GRAPH = 300_000  # positions the graph analysis takes


def _solve_graph(game: Game, root: Position, deadline: float | None, nodes: int,
                 started: float) -> Solution:
    """The value where play can repeat for ever (Oware): the engine scores no endless
    game, so a value holds only if it is the same however endless play is scored --
    any split of the seeds left on the board, in the extremes all to South or all to
    North. Every position reachable from `root` is listed; then for each threshold t
    two games on that graph: South makes "at least t" sure with the seeds of endless
    play going to North iff South can reach a position where her worst possible
    margin (stores and all the board to North) is already t -- a reachability game --,
    and with them going to South iff North cannot reach one where her best possible
    margin is under t -- a safety game. Both use that stores never shrink (checked).
    Raises NotSolvable when the two values differ or the graph is too big."""
    index: dict[tuple, int] = {}
    states: list[Position] = []
    succ: list[list[int]] = []  # unfinished children (one entry per move)
    ends: list[list[int]] = []  # final margins (South's view) of the moves that end the game

    search_key = search_key_of(game)

    def add(pos: Position) -> int:
        key = search_key(pos)
        i = index.get(key)
        if i is None:
            if len(states) >= MAX_GRAPH:
                raise NotSolvable(f"positions repeat and there are more than {MAX_GRAPH:,} "
                                  "of them: too many to list")
            i = index[key] = len(states)
            states.append(pos)
        return i

    add(root)
    done = 0
    while done < len(states):
        pos = states[done]
        done += 1
        if done & 1023 == 0 and deadline is not None and time.perf_counter() >= deadline:
            raise _OutOfTime
        kids, finals = [], []
        total = sum(pos.board) + sum(pos.stores)
        for mv in game.legal_moves(pos):
            child = pos.copy()
            game.apply(child, mv)
            if (child.stores[0] < pos.stores[0] or child.stores[1] < pos.stores[1]
                    or sum(child.board) + sum(child.stores) > total):
                raise NotSolvable("a position repeats and moves can shrink stores: "
                                  "endless play has no value here")
            if child.outcome is not None:
                finals.append(child.stores[0] - child.stores[1])
            else:
                kids.append(add(child))
        succ.append(kids)
        ends.append(finals)
    n = len(states)
    preds: list[list[int]] = [[] for _ in range(n)]
    for i, kids in enumerate(succ):
        for j in kids:
            preds[j].append(i)
    mover = [p.turn for p in states]
    margin = [p.stores[0] - p.stores[1] for p in states]
    left = [sum(p.board) for p in states]

    def attractor(player: int, target: list[bool], good_end: Callable[[int], bool]) -> list[bool]:
        """Where `player` can force reaching `target` or a finished game `good_end` likes."""
        won = target[:]
        count = [0] * n
        queue = [i for i in range(n) if won[i]]
        for i in range(n):
            if won[i]:
                continue
            if mover[i] == player:
                if any(good_end(m) for m in ends[i]):
                    won[i] = True
                    queue.append(i)
            elif all(good_end(m) for m in ends[i]):
                count[i] = len(succ[i])
                if count[i] == 0:
                    won[i] = True
                    queue.append(i)
            else:
                count[i] = -1  # a move of the other player ends the game badly
        while queue:
            j = queue.pop()
            for i in preds[j]:
                if won[i]:
                    continue
                if mover[i] == player:
                    won[i] = True
                    queue.append(i)
                elif count[i] > 0:
                    count[i] -= 1
                    if count[i] == 0:
                        won[i] = True
                        queue.append(i)
        return won

    seeds = sum(root.board) + sum(root.stores)
    low = [-seeds - 1] * n  # South's value, endless play scored for North
    high = [-seeds - 1] * n  # South's value, endless play scored for South
    for t in range(-seeds, seeds + 1):
        if deadline is not None and time.perf_counter() >= deadline:
            raise _OutOfTime
        reach = attractor(0, [margin[i] - left[i] >= t for i in range(n)],
                          partial(operator.le, t))  # m >= t
        spoil = attractor(1, [margin[i] + left[i] < t for i in range(n)],
                          partial(operator.gt, t))  # m < t
        for i in range(n):
            if reach[i]:
                low[i] = t
            if not spoil[i]:
                high[i] = t

    def view(i: int, sign: int) -> tuple[int, int]:
        """(worst, best) from the view of the player whose sign is given."""
        return (low[i], high[i]) if sign == 1 else (-high[i], -low[i])

    sign = 1 if root.turn == 0 else -1
    worst, best = view(0, sign)
    if worst != best:
        raise NotSolvable(f"positions repeat and the value depends on how endless play is "
                          f"scored: between {worst:+d} and {best:+d} for the player to move")
    moves = []
    for mv in game.legal_moves(root):
        child = root.copy()
        game.apply(child, mv)
        if child.outcome is not None:
            kid = sign * (child.stores[0] - child.stores[1])
        else:
            kid = view(index[search_key(child)], sign)[0]
        if kid == worst:
            moves.append(mv)
    return Solution(worst, tuple(moves), nodes + n, 0, time.perf_counter() - started, "Python")


# ---- entry points ------------------------------------------------------------------------

def solve(game: Game, pos: Position, *, time_limit: float | None = None,
          progress: Callable[[Progress], None] | None = None, every: float = 1.0,
          engine: str = "auto", tt_bits: int = DEFAULT_TT_BITS) -> Solution | None:
    """The exact value and best moves of `pos` for the player to move, or None when
    `time_limit` seconds ran out. `progress` gets a `Progress` every `every` seconds;
    `engine`: "auto" (C where it applies), "c" or "python"; the C table grows up to
    2 ** tt_bits slots of 24 bytes.
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
    if engine != "python":
        c_reasons = _c_reasons(game, pos)
        if not c_reasons:
            return _solve_c(game, pos, deadline, progress, tt_bits, every)
        if engine == "c":
            raise NotSolvable("the C solver does not apply: " + "; ".join(c_reasons))
    return _solve_python(game, pos, deadline, progress, every)


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


# ---- `mancala solve` ------------------------------------------------------------------------

PLAYER_NAMES = ("South", "North")


def tt_bits_for(megabytes: float) -> int:
    """The largest table (a power of two of 24-byte slots) that fits the memory given."""
    slots = max(2, int(megabytes * (1 << 20)) // 24)
    return max(1, slots.bit_length() - 1)


def describe(value: int, starter: int) -> str:
    """The result in words, from the starter's view."""
    if value == 0:
        return "a draw with best play"
    winner = starter if value > 0 else 1 - starter
    who = PLAYER_NAMES[winner] + (" (the starter)" if winner == starter else "")
    seeds = abs(value)
    return f"{who} wins by {seeds} seed{'s' if seeds != 1 else ''} with best play"


def _progress_printer(stream: Any) -> Callable[[Progress], None]:
    def show(p: Progress) -> None:
        doing = f"look-ahead to depth {p.test} for a first guess" if p.lookahead else f"value >= {p.test}?"
        print(f"iteration {p.probe}: {doing} (known {p.lower}..{p.upper})  "
              f"{p.nodes:,} nodes  {p.rate / 1e6:.2f}M nodes/s  {p.seconds:.1f} s  [{p.engine}]",
              file=stream, flush=True)
    return show


def main(args: Any, out: Any = None, err: Any = None) -> int:
    """`mancala solve`: the value of a variant's start position and its best first moves."""
    import json
    import sys

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        variant = sized_variant(args.variant, args.holes, args.seeds)
    except VariantError as exc:
        print(f"invalid variant: {exc}", file=err)
        return 2
    game = Game(variant)
    pos = game.start(args.starter)
    progress = None if args.quiet else _progress_printer(err)
    try:
        sol = solve(game, pos, time_limit=args.time_limit, progress=progress, engine=args.engine,
                    tt_bits=tt_bits_for(args.tt_mb))
    except NotSolvable as exc:
        print(f"cannot solve {variant.name}: {exc}", file=err)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=err)
        return 130
    seeds = variant.nbr_start
    if sol is None:
        print(f"no result within {args.time_limit} s", file=err)
        return 1
    winner = None if sol.value == 0 else (args.starter if sol.value > 0 else 1 - args.starter)
    moves = [game.move_json(m) for m in sol.best_moves]
    if args.json:
        print(json.dumps({
            "variant": variant.name, "holes": variant.holes, "seeds": seeds,
            "starter": args.starter, "value": sol.value, "winner": winner,
            "best_moves": moves, "nodes": sol.nodes, "iterations": sol.probes,
            "seconds": round(sol.seconds, 3), "engine": sol.engine,
        }), file=out)
        return 0
    print(f"{variant.name}: {variant.holes} holes a side, {seeds} seed{'s' if seeds != 1 else ''}"
          f" a hole; {PLAYER_NAMES[args.starter]} (player {args.starter}) moves first", file=out)
    print(f"value: {sol.value:+d} (final store difference, starter's view): "
          f"{describe(sol.value, args.starter)}", file=out)
    label = "best first move" if len(moves) == 1 else "best first moves"
    print(f"{label}: {', '.join(json.dumps(m) for m in moves)} (holes numbered as in replay)",
          file=out)
    rate = sol.nodes / sol.seconds if sol.seconds > 0 else 0.0
    # the progress lines count the look-ahead's depths as iterations too
    how = (f"{sol.lookahead + sol.probes} iterations (a look-ahead to depth {sol.lookahead} for the "
           f"first guess, then {sol.probes} null-window tests)" if sol.lookahead else f"{sol.probes} iterations")
    print(f"solved by the {sol.engine} solver in {sol.seconds:.2f} s: {sol.nodes:,} nodes "
          f"({rate / 1e6:.2f}M nodes/s), {how}", file=out)
    return 0
