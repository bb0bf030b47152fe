"""`mancala egtb`: endgame databases (mancala.ai.egtb).

    mancala egtb build oware_abapa --seeds 16     # every board with up to 16 seeds
    mancala egtb list                             # the databases in the folder, as a table
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from mancala_cli.progress_line import ProgressLine


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="egtb_command", required=True)
    b = sub.add_parser("build", help="solve every board with up to N seeds and write the database")
    b.add_argument("variant", help="variant name (file stem in configs/) or path to a variant file")
    b.add_argument("--seeds", type=int, required=True, help="the most seeds on the board (N)")
    b.add_argument("--out", default=None, help="the file to write (default: in the folder)")
    b.add_argument("--dir", default=None,
                   help="the databases' folder (MANCALA_EGTB_DIR, default the cache folder's egtb/)")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    lst = sub.add_parser("list", help="the databases in the folder")
    lst.add_argument("--dir", default=None, help="the databases' folder")


class BuildBar:
    """`egtb [#####.....] 41%  level 12/16  predecessors  35s, 50s left` on stderr
    (progress_line.py). Work is counted in positions: the two passes over a level's moves
    take each about half of its time."""

    PHASES = ("moves", "predecessors", "values")

    def __init__(self, holes: int, seeds: int, out: TextIO) -> None:
        from mancala.ai.egtb import positions

        self.seeds = seeds
        self.before = [positions(holes, k - 1) if k else 0 for k in range(seeds + 2)]
        self.total = self.before[-1]
        self.line = ProgressLine("egtb", out)

    def __call__(self, level: int, done: int, of: int, phase: int) -> None:
        size = self.before[level + 1] - self.before[level]
        part = (phase + done / max(of, 1)) / 2 if phase < 2 else 1.0
        work = self.before[level] + size * min(part, 1.0)
        self.line.show(work / max(self.total, 1), f"level {level}/{self.seeds}  {self.PHASES[phase]:<12}")

    def finish(self) -> None:
        self.line.finish()


def _table(rows: list[tuple[str, ...]], head: tuple[str, ...]) -> str:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    for r in rows:
        lines.append("  ".join(c.rjust(w) if c[:1].isdigit() else c.ljust(w)
                               for c, w in zip(r, widths, strict=True)))
    return "\n".join(lines)


def main(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    out_s: TextIO = out if out is not None else sys.stdout
    err_s: TextIO = err if err is not None else sys.stderr
    return _run(args, out_s, err_s)


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from mancala.ai import egtb
    from mancala.rules.errors import VariantError
    from mancala.rules.loading import load_variant

    folder = Path(args.dir) if args.dir else egtb.egtb_dir()
    if not egtb.available():
        print("mancala egtb: the C module is not built (a C compiler at install)", file=err)
        return 2
    if args.egtb_command == "list":
        if folder is None or not folder.is_dir():
            print(f"no databases in {folder}", file=out)
            return 0
        rows: list[tuple[str, ...]] = []
        for path in sorted(folder.glob("*.egtb")):
            try:
                db = egtb.Database.open(path)
            except (OSError, ValueError, TypeError) as exc:
                rows.append((path.name, "-", "-", "-", "-", f"unreadable: {exc}"))
                continue
            h = db.header
            rows.append((path.name, h.variant, str(h.seeds), f"{h.positions:,}",
                         f"{path.stat().st_size / 2**20:,.1f}", f"{h.seconds:,.1f}"))
            db.close()
        print(_table(rows, ("file", "variant", "seeds", "positions", "MiB", "build s")), file=out)
        return 0
    try:
        variant = load_variant(args.variant)
    except (VariantError, OSError) as exc:
        print(f"mancala egtb: {exc}", file=err)
        return 2
    reasons = egtb.why_not_egtb(variant)
    if reasons:
        print(f"mancala egtb: no database for {args.variant}: " + "; ".join(reasons), file=err)
        return 2
    if not 0 <= args.seeds <= egtb.MAX_SEEDS:
        print(f"mancala egtb: --seeds is 0..{egtb.MAX_SEEDS}", file=err)
        return 2
    try:
        path = Path(args.out) if args.out else egtb.default_path(variant, args.seeds, folder)
    except ValueError as exc:
        print(f"mancala egtb: {exc}", file=err)
        return 2
    count = egtb.positions(variant.holes, args.seeds)
    print(f"{variant.name}: {count:,} positions (up to {args.seeds} seeds), "
          f"{(egtb.HEADER + 2 * count) / 2**20:,.1f} MiB", file=err)
    bar = None if args.quiet else BuildBar(variant.holes, args.seeds, err)
    try:
        egtb.build(variant, args.seeds, path, progress=bar)
    except ValueError as exc:
        print(f"mancala egtb: {exc}", file=err)
        return 2
    finally:
        if bar is not None:
            bar.finish()
    db = egtb.Database.open(path)
    print(f"wrote {path} ({count:,} positions, {db.header.seconds:,.1f} s)", file=out)
    db.close()
    egtb.forget()
    return 0
