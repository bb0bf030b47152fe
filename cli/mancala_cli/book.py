"""`mancala book`: opening books (mancala.ai.books).

    mancala book build kalah_4_pits_3 --depth 3     # every position within 3 moves, solved
    mancala book build kalah_standard --depth 0 --egtb --threads 0   # database leaves, every core
    mancala book list                               # the books in the folder, as a table
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TextIO

from mancala_cli.progress_line import ProgressLine
from mancala_cli.solve import leaves, threads_arg


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="book_command", required=True)
    b = sub.add_parser("build", help="solve every position within N moves of the start and write the book")
    b.add_argument("variant", help="variant name (file stem in configs/) or path to a variant file")
    b.add_argument("--depth", type=int, required=True, help="moves from the start (N)")
    b.add_argument("--time-limit", type=float, default=60.0,
                   help="seconds the solver may take per position (0: no limit, as for mancala solve)")
    b.add_argument("--dir", default=None, help="the books' folder (MANCALA_BOOK_DIR, default the cache folder's books/)")
    b.add_argument("--egtb", nargs="?", const="find", default=None, metavar="PATH",
                   help="the solver takes an endgame database's values as leaves (as `mancala solve "
                        "--egtb`): the file PATH, or the variant's biggest in the database folder")
    b.add_argument("--threads", type=threads_arg, default=1, metavar="N",
                   help="threads of each solve (0: one a core)")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    lst = sub.add_parser("list", help="the books in the folder")
    lst.add_argument("--dir", default=None, help="the books' folder")


class Bar:
    """`book [#####.....] 41%  120/290 solved  35s, 50s left` on stderr (progress_line.py)."""

    def __init__(self, out: TextIO) -> None:
        self.line = ProgressLine("book", out)

    def __call__(self, done: int, total: int) -> None:
        self.line.show(done / max(total, 1), f"{done}/{total} solved")


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
    try:
        db = leaves(variant, args.egtb, args.variant)
    except ValueError as exc:
        print(f"mancala book: no database leaves: {exc}", file=err_s)
        return 2
    started = time.perf_counter()
    bar = None if args.quiet else Bar(err_s)
    limit = args.time_limit if args.time_limit > 0 else None
    book = books.build(Game(variant), args.depth, time_limit=limit,
                       progress=bar, egtb=db, threads=args.threads)
    if bar is not None:
        bar.line.finish()
    book.save(path)
    books.forget()
    print(f"{path}: {len(book.values):,} positions, {book.unsolved} unsolved, "
          f"{time.perf_counter() - started:.1f} s", file=out_s)
    return 0
