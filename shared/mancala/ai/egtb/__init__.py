"""Endgame databases: the exact value of every board with up to N seeds in play.

    >>> from mancala.rules.loading import load_variant
    >>> why_not_egtb(load_variant("oware_abapa"))
    []

`build(variant, seeds)` solves every board with at most `seeds` seeds by retrograde
analysis in C (`mancala.ai._egtb`, playing the engine's C core's own moves) and writes
it to a file; `Database.open(path)` maps it (`mmap`), `find(variant)` the largest
database whose rules are the variant's, and `probe(game, pos)` reads a position's
value. `mancala egtb build VARIANT --seeds N` builds one with a progress bar.

What a value is. For a board with the player to move, the final margin of the seeds
on the board -- what the mover will still take from them minus what the other will --
with best play, the game played out under the variant's rules. Only the end by
majority (a store past half the seeds) is left out, as it reads the stores: so

- where the variant has no majority end (`end_rule` ROW_EMPTY, Kalah as published),
  the store difference plus this value is the engine's own final margin, which the
  solver finds (`Probe.final`);
- where it has one (Oware), the played-out margin still decides who wins: the mover
  wins, draws or loses as the store difference plus it is positive, zero or
  negative (`Probe.outcome`; stores never shrink, so a majority reached on the way
  belongs to the player who wins the played-out game).

The engine scores no endless game. Where play can go round for ever, each board has
two values as the solver's graph analysis gives them: `lo` with the seeds of endless
play all the opponent's, `hi` with them all the mover's; only where they are equal
is the value exact (`Probe.exact`).

A database is tied to the rules, not the name: its header holds a fingerprint of
`fast.params(variant)` (every rule the C core plays) and of the format, and `find`
takes only one whose fingerprint is the variant's (Awari and Oware Abapa, the same
rules, share one). `why_not_egtb` says which rules the builder does not cover.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import mmap
import os
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mancala.ai.solver.terms import Solution, why_not_solvable
from mancala.engine import fast
from mancala.engine.game import Game, Move
from mancala.engine.position import Position
from mancala.rules.enums import CaptRTurn, EndRule, LapSower, Unclaimed
from mancala.rules.variant import Variant

try:  # imported by name: the type checker reads no compiled module
    _egtb: Any = importlib.import_module("mancala.ai._egtb")
except ImportError:  # not built (no compiler when installed): no databases
    _egtb = None

FORMAT = 1  # of the file; a change makes every older file foreign
MAGIC = b"MANCEGTB"
HEADER = 4096  # the header's bytes (JSON after the magic, padded); the values follow
MAX_SEEDS = 48  # _egtb.MAXN
MAX_HOLES = 8  # _egtb.MAXH
NOVAL = -128  # a board whose mover has no legal move: no game goes on there


def available() -> bool:
    return _egtb is not None


def why_not_egtb(variant: Variant) -> list[str]:
    """Why no database can be built for this variant (empty when one can)."""
    known = _reasons.get(id(variant))
    if known is not None and known[0] is variant:
        return list(known[1])
    reasons = _why_not(variant)
    if len(_reasons) >= 256:
        _reasons.clear()
    _reasons[id(variant)] = (variant, tuple(reasons))
    return reasons


_reasons: dict[int, tuple[Variant, tuple[str, ...]]] = {}  # id -> (the variant, kept alive; why not)


def _why_not(variant: Variant) -> list[str]:
    reasons = why_not_solvable(variant) + why_not_fast(variant)
    gi = variant.game_info
    if not gi.stores:
        reasons.append("no stores: no seeds are taken")
    if gi.mlaps != LapSower.OFF:
        reasons.append(f"mlaps={gi.mlaps.value}: an endless sowing splits the seeds by the stores")
    if gi.unclaimed == Unclaimed.DIVVIED:
        reasons.append("unclaimed=DIVVIED: the odd seed goes by the stores")
    if gi.capt_rturn != CaptRTurn.NO_REPEAT:
        reasons.append(f"capt_rturn={gi.capt_rturn.value}: a turn depends on the previous move")
    if gi.nocaptmoves:
        reasons.append(f"nocaptmoves={gi.nocaptmoves}: captures depend on the move count")
    if variant.holes > MAX_HOLES:
        reasons.append(f"holes={variant.holes} (at most {MAX_HOLES})")
    if gi.no_sides:  # the builder's move buffers hold one row's moves
        reasons.append("no_sides: moves from every hole")
    return reasons


def why_not_fast(variant: Variant) -> list[str]:
    return [f"the C core does not play it ({r})" for r in fast.why_not_fast(variant)]


_prints: dict[int, tuple[Variant, str]] = {}  # id -> (the variant, kept alive; its print)


def fingerprint(variant: Variant) -> str:
    """The digest of every rule the database plays (fast.params, but for the layout and
    rules added since at their "absent" value) and of the format (remembered per variant
    object: fast.params builds the variant's pipeline)."""
    known = _prints.get(id(variant))
    if known is not None and known[0] is variant:
        return known[1]
    # the layout is how Python hands the parameters to C, not a rule; a rule added to the
    # core later counts only where a variant uses it (fast.ADDED_OFF)
    rules = {name: value for name, value in fast.params(variant).items()
             if name != "layout" and not (name in fast.ADDED_OFF and fast.ADDED_OFF[name] == value)}
    text = json.dumps({"format": FORMAT, "params": rules}, sort_keys=True)
    digest = hashlib.sha256(text.encode()).hexdigest()
    if len(_prints) >= 256:
        _prints.clear()
    _prints[id(variant)] = (variant, digest)
    return digest


def positions(holes: int, seeds: int) -> int:
    """Boards of 2 * holes holes with at most `seeds` seeds."""
    if _egtb is None:
        raise RuntimeError("the endgame database module is not built")
    return int(_egtb.count(holes, seeds))


def egtb_dir() -> Path | None:
    """Where databases are kept: MANCALA_EGTB_DIR, else the cache folder's egtb/."""
    from mancala.rules.cache import data_dir

    return data_dir("MANCALA_EGTB_DIR", "egtb")


def default_path(variant: Variant, seeds: int, folder: Path | None = None) -> Path:
    base = folder if folder is not None else egtb_dir()
    if base is None:
        raise ValueError("no folder for databases: set MANCALA_EGTB_DIR")
    stem = "".join(c if c.isalnum() else "_" for c in variant.name.lower()).strip("_")
    return base / f"{stem}-{variant.holes}x-{seeds}.egtb"


def mirrored_rules(variant: Variant, samples: int = 400, seed: int = 1) -> list[str]:
    """Where the rules are not the same for both sides (a database keeps one side's
    view): each move of random boards played by North and, turned round, by South."""
    rules = fast.make_fast(variant)
    if rules is None:
        return ["the C core is not built"]
    n = variant.holes
    rng = random.Random(seed)
    problems = []
    big = 1 << 40  # no majority end, as in the database
    for _ in range(samples):
        board = [rng.choice((0, 0, 1, 1, 2, 3, 4, 5)) for _ in range(2 * n)]
        north = Position(board[:], [0, 0], 1, total=big)
        south = Position(board[n:] + board[:n], [0, 0], 0, total=big)
        moves_n = [m - n for m in rules.legal_fresh(north)]
        if moves_n != list(rules.legal_fresh(south)):
            problems.append(f"legal moves differ on {board}")
            continue
        for m in moves_n:
            a, b = north.copy(), south.copy()
            rules.apply(a, m + n)
            rules.apply(b, m)
            if (a.board[n:] + a.board[:n] != b.board or a.stores[::-1] != b.stores
                    or (a.outcome is None) != (b.outcome is None)
                    or (a.outcome is None and a.turn != 1 - b.turn)):
                problems.append(f"move {m} differs on {board}")
        if len(problems) > 3:
            break
    return problems


@dataclass(frozen=True)
class Header:
    variant: str
    holes: int
    seeds: int
    positions: int
    fingerprint: str
    seconds: float
    format: int = FORMAT


def build(variant: Variant, seeds: int, path: Path | None = None,
          progress: Callable[[int, int, int, int], None] | None = None,
          every: float = 0.5) -> Path:
    """Solves every board of the variant with at most `seeds` seeds and writes the
    database to `path` (default: `default_path`); returns the path. `progress(level,
    done, of, phase)`: phase 0 and 1 the two passes over a level's moves (done of its
    positions), 2 its values (done of its thresholds). Raises ValueError for a variant
    the builder does not cover, with the reasons."""
    if _egtb is None:
        raise RuntimeError("the endgame database module is not built")
    reasons = why_not_egtb(variant)
    if not 0 <= seeds <= MAX_SEEDS:
        reasons.append(f"seeds={seeds} (0..{MAX_SEEDS})")
    if not reasons:
        reasons = mirrored_rules(variant)
    if reasons:
        raise ValueError("no endgame database for this variant: " + "; ".join(reasons))
    path = path if path is not None else default_path(variant, seeds)
    path.parent.mkdir(parents=True, exist_ok=True)
    count = positions(variant.holes, seeds)
    part = path.with_name(path.name + ".part")
    started = time.perf_counter()
    report: Callable[[int, int, int, int, int], None] | None = None
    if progress is not None:
        tell = progress

        def report_to(level: int, done: int, of: int, phase: int, _changed: int) -> None:
            tell(level, done, of, phase)

        report = report_to
    with open(part, "wb+") as f:
        f.truncate(HEADER + 2 * count)
        with mmap.mmap(f.fileno(), HEADER + 2 * count) as mm:
            view = memoryview(mm)
            try:
                _egtb.build(fast.params(variant), seeds, view[HEADER:], report, every)
            finally:
                view.release()
            header = Header(variant.name, variant.holes, seeds, count, fingerprint(variant),
                            round(time.perf_counter() - started, 3))
            text = MAGIC + json.dumps(header.__dict__, sort_keys=True).encode()
            if len(text) > HEADER:
                raise ValueError("the header does not fit")
            mm[:len(text)] = text
            mm.flush()
    part.replace(path)
    return path


class Database:
    """A database file, mapped read-only."""

    def __init__(self, path: Path, header: Header, data: mmap.mmap) -> None:
        self.path = path
        self.header = header
        self._map = data
        self._data = memoryview(data)[HEADER:]

    @classmethod
    def open(cls, path: Path) -> Database:
        with open(path, "rb") as f:
            head = f.read(HEADER)
            if not head.startswith(MAGIC):
                raise ValueError(f"{path}: not an endgame database")
            info = json.loads(head[len(MAGIC):].rstrip(b"\0"))
            header = Header(**info)
            if header.format != FORMAT:
                raise ValueError(f"{path}: format {header.format}, not {FORMAT}")
            size = os.fstat(f.fileno()).st_size
            if size != HEADER + 2 * header.positions:
                raise ValueError(f"{path}: {size} bytes, not {HEADER + 2 * header.positions}")
            data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        return cls(path, header, data)

    def close(self) -> None:
        self._data.release()
        self._map.close()

    def matches(self, variant: Variant) -> bool:
        """The database's rules are the variant's (checked by fingerprint)."""
        return (not why_not_egtb(variant) and variant.holes == self.header.holes
                and fingerprint(variant) == self.header.fingerprint)

    def values(self, board: list[int]) -> tuple[int, int]:
        """(lo, hi) of a board given from the mover's side (the mover's row first);
        NOVAL twice where the mover has no legal move."""
        if sum(board) > self.header.seeds:
            raise ValueError(f"{sum(board)} seeds: the database holds up to {self.header.seeds}")
        lo, hi = _egtb.lookup(self._data, self.header.holes, board)
        return int(lo), int(hi)

    def raw(self) -> memoryview:
        """The (lo, hi) pairs, in rank order (for benchmarks and checks)."""
        return self._data


def mover_board(pos: Position, holes: int) -> list[int]:
    """The board from the side of the player to move: their row first."""
    return pos.board[:] if pos.turn == 0 else pos.board[holes:] + pos.board[:holes]


@dataclass(frozen=True)
class Probe:
    lo: int  # margin of the board's seeds for the mover, endless play all the opponent's
    hi: int  # the same, endless play all the mover's
    stores: int  # the mover's store minus the other's, now
    majority_end: bool  # the variant ends by majority: only `outcome` is the engine's

    @property
    def exact(self) -> bool:
        return self.lo == self.hi

    @property
    def played_out(self) -> int:
        """The final margin for the mover, the game played out (exact only if `exact`)."""
        return self.stores + self.lo

    @property
    def final(self) -> int | None:
        """The engine's final margin for the mover (what the solver finds), where the
        database gives it: exact, and no majority end."""
        return self.stores + self.lo if self.exact and not self.majority_end else None

    @property
    def outcome(self) -> int | None:
        """1, 0, -1: the mover wins, draws, loses with best play, however endless play
        is scored; None where that decides it."""
        low, high = self.stores + self.lo, self.stores + self.hi
        sign = (low > 0) - (low < 0)
        return sign if sign == (high > 0) - (high < 0) else None


_found: dict[tuple[str, str], Database | None] = {}


def find(variant: Variant, folder: Path | None = None) -> Database | None:
    """The database with the most seeds whose rules are the variant's, in `folder`
    (default `egtb_dir()`), or None. Headers are read once per folder and variant."""
    if _egtb is None or why_not_egtb(variant):
        return None
    base = folder if folder is not None else egtb_dir()
    if base is None or not base.is_dir():
        return None
    key = (str(base), fingerprint(variant))
    if key in _found:
        return _found[key]
    best: Database | None = None
    for path in sorted(base.glob("*.egtb")):
        try:
            db = Database.open(path)
        except (OSError, ValueError, TypeError):
            continue
        if db.matches(variant) and (best is None or db.header.seeds > best.header.seeds):
            if best is not None:
                best.close()
            best = db
        else:
            db.close()
    _found[key] = best
    return best


def forget() -> None:
    """Drops the databases `find` opened (after a build, or in tests)."""
    for db in _found.values():
        if db is not None:
            db.close()
    _found.clear()


def probe(game: Game, pos: Position, db: Database | None = None) -> Probe | None:
    """The database's value of `pos`, or None: no matching database, too many seeds,
    the game over, or a position the database does not describe (children, blocked
    holes, a capture's extra turn pending)."""
    if pos.outcome is not None:
        return None
    db = db if db is not None else find(game.variant)
    if db is None or not db.matches(game.variant):
        return None
    if sum(pos.board) > db.header.seeds:
        return None
    if (any(c is not None for c in pos.child) or any(pos.blocked)
            or any(o is not None for o in pos.owner)):
        return None
    lo, hi = db.values(mover_board(pos, db.header.holes))
    if lo == NOVAL:
        return None
    me = pos.turn
    return Probe(lo, hi, pos.stores[me] - pos.stores[1 - me],
                 game.variant.game_info.end_rule != EndRule.ROW_EMPTY)


def best_moves(game: Game, pos: Position, db: Database | None = None) -> list[tuple[Move, int, int]]:
    """Every legal move with the (lo, hi) margin of the board's seeds it leads to, for
    the mover, from the database (empty when `probe` gives nothing)."""
    db = db if db is not None else find(game.variant)
    if db is None or probe(game, pos, db) is None:
        return []
    me = pos.turn
    out = []
    work = pos.copy()
    work.total = 1 << 40  # no majority end, as in the database
    for mv in game.legal_moves(pos):
        child = work.copy()
        game.apply(child, mv)
        gain = (child.stores[me] - pos.stores[me]) - (child.stores[1 - me] - pos.stores[1 - me])
        if child.outcome is not None:
            out.append((mv, gain, gain))
            continue
        lo, hi = db.values(mover_board(child, db.header.holes))
        if child.turn == me:
            out.append((mv, gain + lo, gain + hi))
        else:
            out.append((mv, gain - hi, gain - lo))
    return out


def _final(game: Game, pos: Position, folder: Path | None) -> tuple[Probe, Database] | None:
    """The position's probe where a database gives the engine's final margin, and it."""
    db = find(game.variant, folder)
    if db is None:
        return None
    found = probe(game, pos, db)
    if found is None or found.final is None:
        return None
    return found, db


def move_values(game: Game, pos: Position, folder: Path | None = None) -> list[tuple[Any, int]] | None:
    """Every legal move (as move_json gives it) with the engine's final margin for the
    mover after it, best play on, from a database (the analysis lists them as a book's);
    None unless the database gives the position's and every move's exactly (`Probe.final`)."""
    got = _final(game, pos, folder)
    if got is None:
        return None
    found, db = got
    moves = best_moves(game, pos, db)
    if not moves or any(lo != hi for _, lo, hi in moves):
        return None
    return [(game.move_json(mv), found.stores + lo) for mv, lo, _ in moves]


def solution(game: Game, pos: Position, folder: Path | None = None) -> Solution | None:
    """The solver's answer read from a database (engine "database"), where one gives
    the engine's own final margin (`Probe.final`: no majority end, no endless play in
    the way), else None. Its best moves are every move that keeps the value."""
    started = time.perf_counter()
    got = _final(game, pos, folder)
    if got is None:
        return None
    found, db = got
    assert found.final is not None
    best = tuple(mv for mv, lo, hi in best_moves(game, pos, db) if lo == hi == found.lo)
    if not best:
        return None
    return Solution(found.final, best, 0, 0, time.perf_counter() - started, "database")
