"""`mancala book`: opening books (mancala.ai.books).

    mancala book build kalah_4_pits_3 --depth 3     # every position within 3 moves, solved
    mancala book list                               # the books in the folder, as a table
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="book_command", required=True)
    b = sub.add_parser("build", help="solve every position within N moves of the start and write the book")
    b.add_argument("variant", help="variant name (file stem in configs/) or path to a variant file")
    b.add_argument("--depth", type=int, required=True, help="moves from the start (N)")
    b.add_argument("--time-limit", type=float, default=60.0, help="seconds the solver may take per position")
    b.add_argument("--dir", default=None, help="the books' folder (MANCALA_BOOK_DIR, default the cache folder's books/)")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    lst = sub.add_parser("list", help="the books in the folder")
    lst.add_argument("--dir", default=None, help="the books' folder")


class Bar:
    """`book [#####.....] 41%  120/290 solved  35s, 50s left` on stderr: redrawn in place on
    a terminal, a line every 5 % elsewhere."""

    def __init__(self, out: TextIO, width: int = 30) -> None:
        self.out, self.width, self.tty = out, width, out.isatty()
        self.t0 = time.perf_counter()
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        frac = done / max(total, 1)
        if not self.tty and int(frac * 20) == self.shown:
            return
        self.shown = int(frac * 20)
        secs = time.perf_counter() - self.t0
        left = secs / frac * (1 - frac) if frac > 0 else 0.0
        fill = int(self.width * frac)
        text = (f"book [{'#' * fill}{'.' * (self.width - fill)}] {frac:4.0%}  {done}/{total} solved  "
                f"{secs:.0f}s, {left:.0f}s left")
        self.out.write(("\r" + text) if self.tty else text + "\n")
        self.out.flush()


def main(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    from mancala.ai import books
    from mancala.engine.game import Game
    from mancala.rules.errors import VariantError
    from mancala.rules.loading import load_variant

    out_s: TextIO = out if out is not None else sys.stdout
    err_s: TextIO = err if err is not None else sys.stderr
    folder = Path(args.dir) if args.dir else books.book_dir()
    if args.book_command == "list":
        rows = []
        for path in sorted(folder.glob(f"*{books.SUFFIX}")) if folder is not None and folder.is_dir() else []:
            try:
                book = books.Book.load(path)
            except (OSError, ValueError, KeyError) as exc:
                rows.append(f"{path.name}  unreadable: {exc}")
                continue
            rows.append(f"{path.name}  {book.variant}  depth {book.depth}  {len(book.values):,} positions"
                        f"  {book.unsolved} unsolved")
        print("\n".join(rows) if rows else f"no books in {folder}", file=out_s)
        return 0
    try:
        variant = load_variant(args.variant)
        path = books.default_path(variant, folder)
    except (VariantError, OSError, ValueError) as exc:
        print(f"mancala book: {exc}", file=err_s)
        return 2
    if not 0 <= args.depth <= 12:
        print("mancala book: --depth is 0..12", file=err_s)
        return 2
    started = time.perf_counter()
    book = books.build(Game(variant), args.depth, time_limit=args.time_limit,
                       progress=None if args.quiet else Bar(err_s))
    if not args.quiet and err_s.isatty():
        err_s.write("\n")
    book.save(path)
    books.forget()
    print(f"{path}: {len(book.values):,} positions, {book.unsolved} unsolved, "
          f"{time.perf_counter() - started:.1f} s", file=out_s)
    return 0
