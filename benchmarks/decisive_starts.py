"""Which built-in variants have a decisive first move: the table rated play reads.

    .venv/bin/python -m benchmarks.decisive_starts            # print the table
    .venv/bin/python -m benchmarks.decisive_starts --write    # and write it for the server

A variant's start is decisive (docs/competitive.md, "Fair rated play") when either
- the starter's best first turn (Jackman's one-turn search, mancala.ai.oneturn) banks
  more than half of all the seeds before the opponent ever moves, or a search that ran
  out of nodes already found such a turn; or
- the variant is one whose solved value (mancala.ai.published) is a first-player win.
The server then rates a game of it only under the swap rule. The search is capped per
variant (NODES, SECONDS): a capped search that found no decisive turn is recorded as
`complete: false`, so the table says where it is a lower bound.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from mancala.ai.oneturn import one_turn
from mancala.ai.published import VALUES, kalah_variant
from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant, parse_variant
from mancala.rules.variant import Variant

TABLE = Path(__file__).resolve().parents[1] / "server" / "mancala_server" / "data" / "decisive_starts.json"
NODES, SECONDS = 2_000_000, 20.0


def rules_of(variant: Variant) -> tuple[Any, ...]:
    """What decides play: the board and every rule, not the name or the texts."""
    texts = ("name", "about", "help_file", "rules", "family", "region")
    info = {k: v for k, v in vars(variant.game_info).items() if k not in texts}
    return (variant.game_class, variant.game_constants, tuple(sorted(info.items(), key=str)))


def solved_first_wins() -> dict[tuple[Any, ...], str]:
    out = {}
    for p in VALUES:
        if p.outcome == "W":
            out[rules_of(parse_variant(kalah_variant(p.rule, p.holes, p.seeds)))] = \
                f"solved: a first-player win ({p.source}; Kalah({p.holes},{p.seeds}), {p.rule})"
    return out


def scan() -> dict[str, dict[str, Any]]:
    solved = solved_first_wins()
    rows: dict[str, dict[str, Any]] = {}
    names = sorted(config_paths())
    for i, name in enumerate(names, 1):
        variant = load_variant(config_paths()[name])
        game = Game(variant)
        pos = game.start(0)
        seeds = sum(pos.board) + sum(pos.stores)
        started = time.perf_counter()
        turn = one_turn(game, pos, node_limit=NODES, time_limit=SECONDS)
        why = solved.get(rules_of(variant))
        if turn.banked * 2 > seeds:
            why = f"one turn banks {turn.banked} of {seeds} seeds"
        rows[name] = {"seeds": seeds, "one_turn": turn.banked, "complete": turn.complete,
                      "decisive": why is not None, "why": why or ""}
        print(f"\r{i}/{len(names)} {name:<32} {time.perf_counter() - started:6.2f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {TABLE.name} for the server")
    args = parser.parse_args()
    rows = scan()
    print(f"{'variant':<32} {'seeds':>5} {'one turn':>8}  decisive")
    for name, r in rows.items():
        mark = "" if r["complete"] else " (search capped)"
        print(f"{name:<32} {r['seeds']:>5} {r['one_turn']:>8}  {r['why'] or '-'}{mark}")
    if args.write:
        TABLE.write_text(json.dumps({"made_by": "benchmarks/decisive_starts.py", "nodes": NODES,
                                     "seconds": SECONDS, "variants": rows}, indent=1) + "\n")
        print(f"written: {TABLE}")


if __name__ == "__main__":
    main()
