"""The C core against the Python engine: random-playout moves per second.

    python -m benchmarks.fastcore [--seconds S] [--seed N] [--variant NAME ...] [--repeat K] [--json]
    python -m benchmarks.fastcore --head NAME [--head NAME ...]   # conformance-head (1.10) variants
    python -m benchmarks.fastcore --head-all [--seconds S] [--cpu]  # C playouts of every one the core plays

Three ways to play the same random games (fixed seed, at most 1000 moves a game,
as `mancala bench`; one core):
- python:   Game(variant, c_core=False).legal_moves + .apply, random.Random.choice (the
            `mancala bench` loop on the pure-Python engine)
- C apply:  the same loop with Rules.legal + Rules.apply (what Game gets when wired to the core)
- C playout: Rules.playout, the whole game in C (what a tree search's playouts get)

(The game.py changes this file once measured with `--as-proposed` have landed:
`mancala bench` measures them.)
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from mancala.engine.fast import make_fast, why_not_fast
from mancala.engine.game import Game
from mancala_cli.bench import MAX_GAME_MOVES, Row, load_bench_variants, random_playouts

# the recorded variants of the reference's 1.10 release (tests/conformance/test_conformance_110)
HEAD = Path(__file__).resolve().parents[1] / "tests" / "conformance" / "data_110"


def head_variants(names: list[str] | None) -> list[tuple[str, Any]]:
    """(label, Variant) pairs of conformance-head, the named ones or (None) every one the
    engine reads."""
    from mancala.rules.errors import VariantError
    from mancala.rules.loading import parse_variant

    out = []
    for entry in json.loads((HEAD / "index.json").read_text())["variants"]:
        if names is not None and entry["name"] not in names:
            continue
        with gzip.open(HEAD / entry["file"], "rt", encoding="utf-8") as fh:
            config = json.load(fh)["config"]
        try:
            out.append((entry["name"], parse_variant(config)))
        except VariantError:
            if names is not None:
                raise
    return out


def head_all(seconds: float, seed: int, as_json: bool, cpu: bool = False) -> int:
    """C playouts of every conformance-head variant the core plays; the variants it does
    not, with the reasons. `cpu`: timed by this process's CPU time, which other
    processes on a busy machine do not stretch (the playouts run in one thread)."""
    rows, refused = [], []
    for label, variant in head_variants(None):
        rules = make_fast(variant)
        if rules is None:
            refused.append((label, ", ".join(why_not_fast(variant))))
            continue
        rows.append(c_playouts(Game(variant, c_core=False), rules, seconds, seed,
                               clock=time.process_time if cpu else time.perf_counter))
    if as_json:
        print(json.dumps({"c_playout": [r.to_json() for r in rows], "refused": dict(refused)}, indent=2))
        return 0
    for r in sorted(rows, key=lambda r: r.moves_per_s):
        print(f"{r.variant:32} {r.moves_per_s:>12,.0f} C playout moves/s")
    print(f"{len(rows)} variants played by the C core, {len(refused)} not (Python plays them)")
    return 0


def c_loop(game: Game, rules: Any) -> Any:
    """A stand-in for Game whose legal_moves and apply are the C core's."""
    return SimpleNamespace(legal_moves=rules.legal, apply=rules.apply, start=game.start,
                           variant=game.variant)


def c_playouts(game: Game, rules: Any, seconds: float, seed: int,
               clock: Any = time.perf_counter) -> Row:
    playout = rules.playout
    starts = (game.start(0), game.start(1))  # playout plays on a copy: one start each will do
    games = moves = capped = 0
    t0 = clock()
    elapsed = 0.0
    while elapsed < seconds:
        n, kind, _ = playout(starts[games & 1], seed + games, MAX_GAME_MOVES)
        capped += kind is None and n == MAX_GAME_MOVES
        games += 1
        moves += n
        if games % 64 == 0:
            elapsed = clock() - t0
    return Row(game.variant.name, games, moves, clock() - t0, capped)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per row (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", metavar="NAME_OR_PATH",
                        help="default: kalah_4, oware_abapa, multilap_jackman")
    parser.add_argument("--repeat", type=int, default=1, metavar="K",
                        help="time each row K times and keep the fastest (steadier on a busy machine)")
    parser.add_argument("--head", action="append", metavar="NAME",
                        help="a conformance-head (1.10) variant by its recorded name")
    parser.add_argument("--cpu", action="store_true",
                        help="--head-all: time by the process's CPU time (a busy machine's load "
                             "does not stretch it)")
    parser.add_argument("--head-all", action="store_true",
                        help="C playouts only, every conformance-head variant the core plays")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.head_all:
        return head_all(args.seconds, args.seed, args.json, args.cpu)

    def best(run: Any, *run_args: Any) -> Row:
        """The fastest of --repeat runs (each from the same seed)."""
        rows = [run(*run_args) for _ in range(max(1, args.repeat))]
        return max(rows, key=lambda r: r.moves_per_s)

    def loop(game: Any) -> Row:
        return random_playouts(game, args.seconds, random.Random(args.seed))

    results = []
    variants = head_variants(args.head) if args.head else []
    if args.variant or not args.head:
        variants = load_bench_variants(args.variant) + variants
    for label, variant in variants:
        game = Game(variant, c_core=False)  # the Python rows must not reach the core
        rules = make_fast(variant)
        row = {"variant": label,
               "python": best(loop, game)}
        if rules is None:
            row["why_not"] = ", ".join(why_not_fast(variant)) or "the extension is not built"
        else:
            row["c_apply"] = best(loop, c_loop(game, rules))
            row["c_playout"] = best(c_playouts, game, rules, args.seconds, args.seed)
        results.append(row)

    kinds = ("python", "c_apply", "c_playout")
    if args.json:
        print(json.dumps([{k: (v.to_json() if isinstance(v, Row) else v) for k, v in r.items()}
                          for r in results], indent=2))
        return 0
    head = ("variant", "python moves/s", "C apply moves/s", "C playout moves/s", "apply x", "playout x")
    lines = [head]
    for r in results:
        py = r["python"].moves_per_s
        cells = [r["variant"]] + [f"{r[k].moves_per_s:,.0f}" if k in r else "-" for k in kinds]
        cells += [f"{r[k].moves_per_s / py:.1f}" if k in r and py else "-" for k in kinds[1:]]
        lines.append(tuple(cells))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    for i, line in enumerate(lines):
        print("  ".join(c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in enumerate(zip(line, widths, strict=True))))
        if i == 0:
            print("  ".join("-" * w for w in widths))
    for r in results:
        if "why_not" in r:
            print(f"{r['variant']}: no C core ({r['why_not']})")
        for k in kinds:
            if k in r and r[k].capped:
                print(f"{r['variant']} {k}: {r[k].capped} game(s) stopped at {MAX_GAME_MOVES} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
