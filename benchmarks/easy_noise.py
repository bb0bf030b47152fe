"""Blur a variant's easy level until medium beats it by the bar, or leave it as it was.

Where medium does not beat easy by 65 % (the level table), the lever is easy's noise
(`scorer.easy_rand`: a random amount up to it added to each position's value, so easy
misjudges): merging easy into medium would take the beginner's level away. For each
variant named this writes `easy_rand` = --noise into its config, plays medium against
easy over --games (level_table's conditions), and keeps the file only if medium scored
at least the bar; otherwise the file is restored byte for byte. Each measurement is
merged into --out (kept or not: a record says what the noise did).

    python -m benchmarks.easy_noise --noise 12 --variants tihbat,valah --out /tmp/easy12.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from benchmarks.level_table import CONFIGS, ROOT, THRESHOLD, Setting, load_results, record_key


def with_noise(text: str, noise: int) -> str:
    """A config's text with easy's noise set (the file's layout kept)."""
    data = json.loads(text)
    data.setdefault("player", {}).setdefault("scorer", {})["easy_rand"] = noise
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def try_noise(variant: str, noise: int, s: Setting, out: Path) -> tuple[float | None, bool]:
    """(medium's score, kept) for `variant` with easy's noise at `noise`."""
    path = CONFIGS / f"{variant}.json"
    before = path.read_text()
    path.write_text(with_noise(before, noise))
    try:
        # a process of its own: this one may have read the variant's file before (the
        # loader keeps what it read by name)
        subprocess.run([sys.executable, "-m", "benchmarks.level_table", "--variants", variant, "--uppers",
                        "medium", "--games", str(s.games), "--cap-ms", str(s.cap_ms), "--plies", str(s.plies),
                        "--seed", str(s.seed), "--out", str(out)], check=True, capture_output=True, cwd=ROOT)
    finally:
        record = load_results(out).get(record_key(variant, "medium", "easy", s))
        keep = record is not None and record["score"] >= THRESHOLD
        if not keep:
            path.write_text(before)
    return (None if record is None else float(record["score"])), keep


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--variants", required=True, help="comma-separated")
    p.add_argument("--noise", type=int, required=True, help="easy_rand to try")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--cap-ms", type=int, default=100)
    p.add_argument("--plies", type=int, default=400)
    p.add_argument("--seed", type=int, default=15)
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args()
    s = Setting(args.games, args.cap_ms, args.plies, args.seed)
    for v in [v for v in args.variants.split(",") if v]:
        score, keep = try_noise(v, args.noise, s, args.out)
        shown = "no record" if score is None else f"{score:.0%}"
        print(f"{v}: easy_rand {args.noise}: medium {shown}, {'kept' if keep else 'restored'}", flush=True)


if __name__ == "__main__":
    main()
