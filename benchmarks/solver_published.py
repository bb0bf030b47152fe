"""The exact solver against the published solved values of Kalah (mancala.ai.published).

For every published value (both capture rules, end_rule ROW_EMPTY), the start position
is solved by the C solver on one core (--threads: more) with a fresh table (--tt-mb), at
most --limit seconds a solve, smallest boards first. A table on stdout (Markdown): the
size, the rule, the published value and its source, ours, the best first moves, nodes,
our time, and the publishing solver's own time where the source gives one. The machine's load
(`os.getloadavg`) is printed beside the times, and the process's CPU seconds: the machine
is shared, and under load the CPU time says more than the wall time.

    python -m benchmarks.solver_published                     # every value, 900 s each
    python -m benchmarks.solver_published --limit 60          # what finishes in a minute
    python -m benchmarks.solver_published --only 6x4 --json out.json
    python -m benchmarks.solver_published --only 6x4 --egtb 16   # database leaves
    python -m benchmarks.solver_published --only 6x4 --egtb 18 --threads 2

With --egtb N the solver reads every position with at most N seeds on the board from an
endgame database (`mancala.ai.egtb`) of the size's rules: the largest one in --egtb-dir
(default `mancala.ai.egtb.egtb_dir()`) with at least N seeds, else one built there first
(its build time is its own column: a database serves every later solve of the rules, 6 x 4
and 6 x 5 alike).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

from mancala.ai import egtb
from mancala.ai.published import VALUES, Published, kalah_variant
from mancala.ai.solver import solve
from mancala.engine import Game
from mancala.rules.loading import parse_variant
from mancala_cli.solve import threads_arg, tt_bits_for


def shown(value: int | None, outcome: str, at_least: bool = False) -> str:
    if value is None:
        return {"W": "win", "D": "draw", "L": "loss"}[outcome]
    return ("at least " if at_least else "") + f"{value:+d}"


def agrees(pub: Published, value: int) -> bool:
    outcome = "W" if value > 0 else "L" if value < 0 else "D"
    if pub.margin is None:
        return outcome == pub.outcome
    return value >= pub.margin if pub.at_least else value == pub.margin


def database(game: Game, seeds: int, folder: Path | None) -> tuple[egtb.Database | None, float]:
    """A database of the game's rules with at least `seeds` seeds (fewer if the game has
    fewer), found or built in `folder`; the seconds a build took (0 when found)."""
    seeds = min(seeds, sum(game.start(0).board))
    if seeds <= 0 or egtb.why_not_egtb(game.variant):
        return None, 0.0
    found = egtb.find(game.variant, folder)
    if found is not None and found.header.seeds >= seeds:
        return found, 0.0
    started = time.perf_counter()
    path = egtb.build(game.variant, seeds, None if folder is None
                      else egtb.default_path(game.variant, seeds, folder))
    seconds = time.perf_counter() - started
    egtb.forget()
    return egtb.Database.open(path), seconds


def run_one(pub: Published, limit: float, tt_mb: float, db_seeds: int = 0,
            db_dir: Path | None = None, threads: int = 1) -> dict[str, Any]:
    game = Game(parse_variant(kalah_variant(pub.rule, pub.holes, pub.seeds)))
    db, built = database(game, db_seeds, db_dir) if db_seeds else (None, 0.0)
    load_before = os.getloadavg()[0]
    started, cpu = time.perf_counter(), time.process_time()
    sol = solve(game, game.start(0), time_limit=limit, engine="c", tt_bits=tt_bits_for(tt_mb),
                egtb=db, threads=threads)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    row: dict[str, Any] = {
        "rule": pub.rule, "holes": pub.holes, "seeds": pub.seeds,
        "published": shown(pub.margin, pub.outcome, pub.at_least), "source": pub.source,
        "published_time": pub.solver_time, "published_opening": pub.opening, "seconds": round(seconds, 2),
        "cpu_seconds": round(cpu, 2),
        "load": round(max(load_before, os.getloadavg()[0]), 2),
        "db_seeds": db.header.seeds if db is not None else 0, "db_build_seconds": round(built, 1),
        "threads": threads,
    }
    if sol is None:
        row.update(ours=None, agrees=None, best=None, nodes=None)
    else:
        row.update(ours=sol.value, agrees=agrees(pub, sol.value), best=list(sol.best_moves),
                   nodes=sol.nodes, db_hits=sol.db_hits)
    return row


def shown_db(row: dict[str, Any]) -> str:
    if not row["db_seeds"]:
        return "-"
    built = f", built in {row['db_build_seconds']:g} s" if row["db_build_seconds"] else ""
    return f"{row['db_seeds']}{built}"


def markdown(rows: list[dict[str, Any]], limit: float) -> str:
    head = ("| holes x seeds | rule | published (first player) | source | ours | agrees | "
            "best first moves (published game's) | nodes | our seconds (CPU) | load | database (seeds, build s) | "
            "published solver's time |\n"
            "| --- | --- | ---: | --- | ---: | --- | --- | ---: | ---: | ---: | --- | --- |")
    body = []
    for r in rows:
        ours = "-" if r["ours"] is None else f"{r['ours']:+d}"
        agree = f"not finished in {limit:g} s" if r["agrees"] is None else ("yes" if r["agrees"] else "**NO**")
        best = "-" if r["best"] is None else " ".join(map(str, r["best"]))
        if r["published_opening"] is not None:
            best += f" ({r['published_opening']})"
        nodes = "-" if r["nodes"] is None else f"{r['nodes']:,}"
        body.append(f"| {r['holes']} x {r['seeds']} | {r['rule']} | {r['published']} | {r['source']} | "
                    f"{ours} | {agree} | {best} | {nodes} | {r['seconds']:.2f} ({r['cpu_seconds']:.1f}) | {r['load']:.2f} | "
                    f"{shown_db(r)} | {r['published_time'] or '-'} |")
    return "\n".join([head, *body])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--limit", type=float, default=900.0, help="seconds a solve (default 900)")
    parser.add_argument("--tt-mb", type=float, default=192.0, help="table memory, MiB (default 192)")
    parser.add_argument("--only", nargs="*", default=[], help="sizes to run, as 6x4 (default: all)")
    parser.add_argument("--rule", choices=["empty capture", "standard"], help="one capture rule only")
    parser.add_argument("--json", help="also write the rows to this file")
    parser.add_argument("--egtb", type=int, default=0, metavar="N",
                        help="endgame database leaves: positions with up to N seeds on the board")
    parser.add_argument("--egtb-dir", type=Path, help="where databases are found and built")
    parser.add_argument("--threads", type=threads_arg, default=1, metavar="N",
                        help="threads a solve (0: one a core; default 1)")
    args = parser.parse_args(argv)
    chosen = [p for p in VALUES
              if (not args.only or f"{p.holes}x{p.seeds}" in args.only)
              and (args.rule is None or p.rule == args.rule)]
    # smallest first: the tree grows with holes and seeds
    chosen.sort(key=lambda p: (p.holes * p.seeds, p.holes, p.rule))
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; one solve at a time on {args.threads} thread(s), "
          f"{args.limit:g} s each", file=sys.stderr)
    rows = []
    for pub in chosen:
        row = run_one(pub, args.limit, args.tt_mb, args.egtb, args.egtb_dir, args.threads)
        rows.append(row)
        print(f"{pub.holes}x{pub.seeds} {pub.rule}: published {row['published']}, ours "
              f"{row['ours']}, best {row['best']}, {row['nodes']} nodes, {row['seconds']:.1f} s, CPU {row['cpu_seconds']:.1f} s "
              f"(load {row['load']}; database {shown_db(row)})", file=sys.stderr, flush=True)
    print(markdown(rows, args.limit))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)
    return 0 if all(r["agrees"] is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
