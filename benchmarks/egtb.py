"""Endgame database builds: seeds against positions, build time, file size, lookups.

For each variant and each seed count N, every board with up to N seeds is solved
(mancala.ai.egtb.build, one core) into a file in a temporary folder, then random
boards of the database are looked up through `Database.values` (the mapped file,
from Python). A Markdown table on stdout: N, positions, wall and CPU seconds of the
build, the file's size, the share of positions whose value does not depend on how
endless play is scored, and lookups a second. The machine's load average is printed
with the times: the machine is shared.

    python -m benchmarks.egtb                                  # oware_abapa and kalah_standard, 8..14
    python -m benchmarks.egtb --variants oware_abapa --seeds 16 18 20 --keep /data/egtb
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from mancala.ai import egtb
from mancala.rules.loading import load_variant


def cpu_seconds() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def lookups_per_second(db: egtb.Database, holes: int, seeds: int, n: int = 200_000) -> float:
    rng = random.Random(5)
    boards = []
    for _ in range(2000):
        b = [0] * (2 * holes)
        for _ in range(rng.randint(0, seeds)):
            b[rng.randrange(2 * holes)] += 1
        boards.append(b)
    t = time.perf_counter()
    for i in range(n):
        db.values(boards[i % 2000])
    return n / (time.perf_counter() - t)


def exact_share(db: egtb.Database) -> float:
    raw = db.raw()
    lo, hi = raw[0::2], raw[1::2]
    step = max(1, len(lo) // 1_000_000)  # a sample of a million boards at most
    sample = range(0, len(lo), step)
    same = sum(1 for i in sample if lo[i] == hi[i])
    return same / len(sample)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variants", nargs="+", default=["oware_abapa", "kalah_standard"])
    ap.add_argument("--seeds", nargs="+", type=int, default=[8, 10, 12, 14])
    ap.add_argument("--keep", default=None, help="build into this folder and keep the files")
    args = ap.parse_args(argv)
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="egtb-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f} at start")
    print()
    print("| variant | N | positions | build s | CPU s | MiB | exact | lookups/s | load |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.variants:
        variant = load_variant(name)
        for seeds in args.seeds:
            path = folder / f"{name}-{seeds}.egtb"
            cpu, wall = cpu_seconds(), time.perf_counter()
            egtb.build(variant, seeds, path)
            wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
            db = egtb.Database.open(path)
            rate = lookups_per_second(db, variant.holes, seeds)
            share = exact_share(db)
            size = path.stat().st_size / 2**20
            print(f"| {name} | {seeds} | {db.header.positions:,} | {wall:,.1f} | {cpu:,.1f} | "
                  f"{size:,.1f} | {share:.1%} | {rate:,.0f} | {os.getloadavg()[0]:.1f} |", flush=True)
            db.close()
            if not args.keep:
                path.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
