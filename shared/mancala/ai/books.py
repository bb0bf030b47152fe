"""Opening books: the solver's exact value of every position near the start, so the value
of every move there is known at once.

    >>> from mancala.engine.game import Game
    >>> from mancala.rules.loading import sized_variant
    >>> game = Game(sized_variant("kalah_4", holes=3, seeds=2))
    >>> book = build(game, depth=2)
    >>> book.move_values(game, game.start(0))
    [(0, -8), (1, 4), (2, 0)]

A book holds, for each position reachable within `depth` moves of either starter's
start (and one move further, so that each move of the deepest ones has its value too),
the value the solver proves: the final store difference from the view of the player to
move, with best play. A move's value for its mover is its child's value, turned round
when the turn passes. Where the solver cannot finish within its time for a position the
book has no value there (never a guess).

A book is tied to the rules, not the name: its file carries a digest of every rule
(`fingerprint`), and `find` takes only a book whose digest is the variant's. Books are
kept in MANCALA_BOOK_DIR, else the cache folder's books/; a few are shipped with the code
(`SHIPPED`: Kalah(6,4), both capture rules). `mancala book build VARIANT
--depth N` makes one with a progress bar; building is minutes of CPU for the small
boards, so it is never done at import or by the server.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from mancala.ai.solver import NotSolvable, solve
from mancala.ai.solver.binding import Egtb
from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.rules.variant import Variant

FORMAT = 1
SUFFIX = ".book.json.gz"
# books built once and kept with the code, where a build takes minutes of a big machine's
# time (Kalah(6,4): docs/performance.md, "Opening books"); `find` reads them after book_dir()
SHIPPED = Path(__file__).resolve().parent / "book_files"
_TEXT = frozenset({"name", "about", "rules", "origin", "region", "source", "title", "family", "description"})
_VARIANT: TypeAdapter[Variant] = TypeAdapter(Variant)


_prints: dict[int, tuple[Variant, str]] = {}  # id -> (the variant, kept alive; its print)


def fingerprint(variant: Variant) -> str:
    """The digest of every rule of the variant (its words, name and computer settings left
    out): two files with the same rules share a book. Remembered per variant object."""
    known = _prints.get(id(variant))
    if known is not None and known[0] is variant:
        return known[1]
    if len(_prints) >= 256:
        _prints.clear()
    _prints[id(variant)] = (variant, _digest(variant))
    return _prints[id(variant)][1]


def _digest(variant: Variant) -> str:
    data = _VARIANT.dump_python(variant, mode="json")
    data.pop("player", None)
    data.pop("vari_params", None)
    data["game_info"] = {k: v for k, v in data.get("game_info", {}).items() if k not in _TEXT}
    text = json.dumps({"format": FORMAT, "rules": data}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def position_key(pos: Position) -> str:
    """What tells positions apart for a book: the board, the stores, who moves, and the
    hole marks some families keep (children, blocks, owners)."""
    return json.dumps([list(pos.board), list(pos.stores), pos.turn, list(pos.child), list(pos.blocked),
                       list(pos.owner)], separators=(",", ":"))


@dataclass
class Book:
    variant: str
    fingerprint: str
    depth: int
    values: dict[str, int] = field(default_factory=dict)  # position_key -> value for its mover
    unsolved: int = 0  # positions the solver did not finish in time (no value kept)

    def value(self, pos: Position) -> int | None:
        return self.values.get(position_key(pos))

    def move_values(self, game: Game, pos: Position) -> list[tuple[Any, int]] | None:
        """Every legal move (as move_json gives it) with its value for the player to move,
        or None when the book lacks the position or any of its children."""
        if pos.outcome is not None:
            return None
        mover = pos.turn
        out: list[tuple[Any, int]] = []
        for move in game.legal_moves(pos):
            child = pos.copy()
            game.apply(child, move)
            if child.outcome is not None:  # the game ends with it: the final margin
                value: int | None = child.stores[mover] - child.stores[1 - mover]
            else:
                found = self.value(child)
                value = None if found is None else found if child.turn == mover else -found
            if value is None:
                return None
            out.append((game.move_json(move), value))
        return out

    def matches(self, variant: Variant) -> bool:
        return fingerprint(variant) == self.fingerprint

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        data = {"format": FORMAT, "variant": self.variant, "fingerprint": self.fingerprint, "depth": self.depth,
                "unsolved": self.unsolved, "values": self.values}
        tmp = path.with_suffix(".tmp")
        with gzip.open(tmp, "wt", encoding="utf-8") as fh:
            json.dump(data, fh, separators=(",", ":"))
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Book:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            data = json.load(fh)
        if data.get("format") != FORMAT:
            raise ValueError(f"{path}: not a book of format {FORMAT}")
        return cls(str(data["variant"]), str(data["fingerprint"]), int(data["depth"]),
                   {str(k): int(v) for k, v in data["values"].items()}, int(data.get("unsolved", 0)))


def build(game: Game, depth: int, *, starters: tuple[int, ...] = (0, 1), time_limit: float | None = 60.0,
          progress: Callable[[int, int], None] | None = None, egtb: Egtb | None = None,
          threads: int = 1) -> Book:
    """Every position within `depth` moves of the start, and their children, with their
    values: the deepest ones solved, each shallower one the best of its moves (exact, and
    far cheaper than solving it again). `progress(done, total)` after each solve. `egtb`
    and `threads` go to the solver (`solve`): an endgame database's values as leaves,
    the threads of each solve."""
    positions: dict[str, Position] = {}
    inner: set[str] = set()  # within `depth` moves: valued from their children
    layer: dict[str, Position] = {}
    for starter in starters:
        pos = game.start(starter)
        layer[position_key(pos)] = pos
    positions.update(layer)
    for _ in range(depth + 1):
        inner.update(layer)
        nxt: dict[str, Position] = {}
        for pos in layer.values():
            for move in game.legal_moves(pos):
                child = pos.copy()
                game.apply(child, move)
                key = position_key(child)
                if child.outcome is None and key not in positions:
                    nxt[key] = child
        positions.update(nxt)
        layer = nxt
    book = Book(game.variant.name, fingerprint(game.variant), depth)
    frontier = [key for key in positions if key not in inner]
    for done, key in enumerate(frontier, 1):
        try:
            solution = solve(game, positions[key], time_limit=time_limit, egtb=egtb, threads=threads)
        except NotSolvable:
            solution = None
        if solution is None:
            book.unsolved += 1
        else:
            book.values[key] = solution.value
        if progress is not None:
            progress(done, len(frontier))
    for key in sorted(inner, key=lambda k: -positions[k].mcount):  # the deepest first
        _derive(book, game, positions, key)
    return book


def _derive(book: Book, game: Game, positions: dict[str, Position], key: str) -> int | None:
    """A position's value from its moves' (children valued first, by recursion)."""
    if key in book.values:
        return book.values[key]
    pos = positions[key]
    best: int | None = None
    for move in game.legal_moves(pos):
        child = pos.copy()
        game.apply(child, move)
        if child.outcome is not None:
            value = child.stores[pos.turn] - child.stores[1 - pos.turn]
        else:
            ckey = position_key(child)
            found = _derive(book, game, positions, ckey) if ckey in positions else None
            if found is None:
                return None
            value = found if child.turn == pos.turn else -found
        best = value if best is None else max(best, value)
    if best is not None:
        book.values[key] = best
    return best


def book_dir() -> Path | None:
    """Where books are kept: MANCALA_BOOK_DIR, else the cache folder's books/."""
    from mancala.rules.cache import data_dir

    return data_dir("MANCALA_BOOK_DIR", "books")


def default_path(variant: Variant, folder: Path | None = None) -> Path:
    base = folder if folder is not None else book_dir()
    if base is None:
        raise ValueError("no folder for books: set MANCALA_BOOK_DIR")
    stem = "".join(c if c.isalnum() else "_" for c in variant.name.lower()).strip("_")
    return base / f"{stem}-{fingerprint(variant)[:12]}{SUFFIX}"


_found: dict[tuple[str, str], Book | None] = {}


def find(variant: Variant, folder: Path | None = None) -> Book | None:
    """The deepest book of the variant's rules in `folder`, or None; without a folder, in
    `book_dir()` and among the books shipped with the code (`SHIPPED`). Read once per
    folder and rules."""
    folders = [folder] if folder is not None else [book_dir(), SHIPPED]
    best: Book | None = None
    for base in folders:
        if base is None or not base.is_dir():
            continue
        found = _deepest(base, fingerprint(variant))
        if found is not None and (best is None or found.depth > best.depth):
            best = found
    return best


def _deepest(base: Path, print_: str) -> Book | None:
    key = (str(base), print_)
    if key not in _found:
        best: Book | None = None
        for path in sorted(base.glob(f"*{SUFFIX}")):
            try:
                book = Book.load(path)
            except (OSError, ValueError, KeyError, TypeError, json.JSONDecodeError):
                continue
            if book.fingerprint == print_ and (best is None or book.depth > best.depth):
                best = book
        _found[key] = best
    return _found[key]


def forget() -> None:
    """Drops what `find` read (after a build, or in tests)."""
    _found.clear()
