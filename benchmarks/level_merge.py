"""Merge the levels that a rechecked level table shows not to be stronger than the one below.

Issue 26 asks that each level beat the one below by at least 65 %, or be merged with it.
This reads the records of a recheck (`level_table --recheck 10 --games 40`, which plays
again the pairs 10 games put under the bar) and, for each variant, merges a pair still
under the bar by giving **the lower level the upper level's settings**: the two become one
player, as strong as the upper one was. Merging that way round keeps the strongest play
of every variant as it was (the expert is what `mancala ai` plays and what the matches
against other programs measure), and the lower level was not shown to be weaker anyway.

The pairs are taken from the top: expert over hard first. A pair whose lower level was
changed by the merge above it (hard now plays as expert) no longer has a measurement (its
record is of the old hard), so it is listed to be measured again, not merged; so is a
pair whose record's digest (`level_table.plays_digest`: both levels' settings and how the
search scores a round's end) is not today's. Medium over
easy is never merged: easy is the beginner's level, whose noise (`easy_rand`) is what
should change there, so those pairs are listed. Variants whose computer ratings the server
keeps (`COMPUTER_RATINGS_BY_VARIANT`, measured level by level) are listed, not changed,
and so are pairs the lower level won beyond doubt (the whole 95 % interval of the upper
level's score under half): there the deeper search plays worse, which says the variant's
evaluation misjudges its rules (Mangala's did), a thing no merge mends. A score under
half whose interval still holds half is a tie, merged as any other. Last, a pair whose
upper level the table's cap stops short of its own depth or node count (`cap_cuts`, a
few opening positions searched under the cap) was measured as two players of the same
time, not as the server plays them with its longer cap: listed, not merged.

    python -m benchmarks.level_merge --from benchmarks/results/level_table_40.json          # what it would do
    python -m benchmarks.level_merge --from benchmarks/results/level_table_40.json --write  # and do it
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchmarks.level_table import (
    CONFIGS,
    DEFAULT_OUT,
    LEVELS,
    THRESHOLD,
    Setting,
    catalogue,
    current,
    load_results,
    plays_digest,
    record_key,
    same_players,
)
from mancala.ai.arena import wilson

if TYPE_CHECKING:
    from mancala.engine.game import Game

MERGED_FROM_THE_TOP = [("expert", "hard"), ("hard", "medium")]


@dataclass
class Plan:
    """What a recheck's records ask of each variant's `player` settings."""

    merges: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # variant -> (upper, lower)
    remeasure: list[tuple[str, str, str]] = field(default_factory=list)
    easy: list[tuple[str, float]] = field(default_factory=list)
    kept_rated: list[tuple[str, str, str]] = field(default_factory=list)
    inverted: list[tuple[str, str, str, float]] = field(default_factory=list)
    cut: list[tuple[str, str, str]] = field(default_factory=list)  # the upper level cut by the cap


def plan(records: dict[str, dict[str, Any]], variants: list[str], s: Setting, rated: set[str],
         cut: Callable[[str, str], bool] | None = None) -> Plan:
    """`cut(variant, level)`: whether the table's cap stops that level's search short
    (`cap_cuts`); None: never asked."""
    out = Plan()
    for v in variants:
        changed: set[str] = set()
        one_player = set(same_players(v))
        for upper, lower in MERGED_FROM_THE_TOP:
            r = records.get(record_key(v, upper, lower, s))
            if r is None or r["score"] >= THRESHOLD or (upper, lower) in one_player:
                continue
            if upper in changed or current(r, plays_digest(v, upper, lower)) is None:
                # its upper level was just merged, or the record is of levels since changed
                out.remeasure.append((v, upper, lower))
            elif wilson(r["score"] * s.games, s.games)[1] < 0.5:
                out.inverted.append((v, upper, lower, r["score"]))
            elif cut is not None and cut(v, upper):
                out.cut.append((v, upper, lower))
            elif v in rated:
                out.kept_rated.append((v, upper, lower))
            else:
                out.merges.setdefault(v, []).append((upper, lower))
                changed.add(lower)
        r = current(records.get(record_key(v, "medium", "easy", s)), plays_digest(v, "medium", "easy"))
        if r is not None and r["score"] < THRESHOLD and ("medium", "easy") not in one_player:
            out.easy.append((v, r["score"]))
    return out


def status(first: dict[str, dict[str, Any]], recheck: dict[str, dict[str, Any]], variants: list[str],
           s10: Setting, s40: Setting) -> dict[str, list[tuple[str, str, str]]]:
    """Every pair of every variant by where it stands now: one player by the settings
    ("merged"), over the bar at the recheck's game count ("passed_recheck") or at the first
    run's ("passed"), under it at the recheck's ("under_recheck") or only at the first
    run's, not rechecked ("under_unchecked"), measured only as the levels were before they
    changed ("stale": its records' digest is not today's), or never measured ("unmeasured")."""
    out: dict[str, list[tuple[str, str, str]]] = {k: [] for k in (
        "merged", "passed", "passed_recheck", "under_recheck", "under_unchecked", "stale", "unmeasured")}
    for v in variants:
        one_player = set(same_players(v))
        for upper, lower in [("medium", "easy"), *reversed(MERGED_FROM_THE_TOP)]:
            digest = plays_digest(v, upper, lower)
            again = recheck.get(record_key(v, upper, lower, s40))
            before = first.get(record_key(v, upper, lower, s10))
            if (upper, lower) in one_player:
                kind = "merged"
            elif current(again, digest) is not None:
                kind = "passed_recheck" if again["score"] >= THRESHOLD else "under_recheck"
            elif current(before, digest) is not None:
                kind = "passed" if before["score"] >= THRESHOLD else "under_unchecked"
            else:  # never measured, or only as the levels were before they changed
                kind = "stale" if (again or before) is not None else "unmeasured"
            out[kind].append((v, upper, lower))
    return out


PROBE_PLIES = (6, 10, 14)  # plies of the random opening before each probed position


def cap_cuts(game: Game, level: str, cap_ms: int, seed: int = 15) -> bool:
    """Whether `cap_ms` stops the level's search short of its settings (the depth or node
    count its `ai_params` give) in most of a few positions along a random opening (the
    arena's, as the table's games open): the search runs to the cap and ends shallower or
    with fewer nodes."""
    from mancala.ai.arena import opening_moves
    from mancala.ai.player import choose_move, level_lists

    lists = level_lists(game)
    index = LEVELS.index(level)
    by_nodes = "mcts_nodes" in lists
    wanted = lists["mcts_nodes" if by_nodes else "mm_depth"][index]
    opening = opening_moves(game, max(PROBE_PLIES), seed)
    cut = probed = 0
    for plies in PROBE_PLIES:
        pos = game.start(0, seed=seed)
        for move in opening[:plies]:
            game.apply(pos, move)
        if pos.outcome is not None or len(opening) < plies:
            continue
        answer = choose_move(game, pos, difficulty=index, cap_ms=cap_ms)
        probed += 1
        reached = answer.nodes if by_nodes else answer.depth
        cut += answer.ms >= 0.9 * cap_ms and reached < wanted
    return 2 * cut > probed


def merged_params(game: Game, pairs: list[tuple[str, str]]) -> dict[str, list[int]]:
    """The `ai_params` lists that make each pair's lower level play as its upper one,
    written out in full (the defaults the variant leaves out included)."""
    from mancala.ai.player import level_lists

    lists = {name: list(values) for name, values in level_lists(game).items()}
    for upper, lower in pairs:
        for values in lists.values():
            values[LEVELS.index(lower)] = values[LEVELS.index(upper)]
    return lists


def write(variant: str, lists: dict[str, list[int]]) -> None:
    path = CONFIGS / f"{variant}.json"
    data = json.loads(path.read_text())
    data.setdefault("player", {}).setdefault("ai_params", {}).update(lists)
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def main() -> None:
    from mancala.engine.game import Game
    from mancala.rules.loading import load_variant
    from mancala_server.ratings import COMPUTER_RATINGS_BY_VARIANT

    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--from", dest="source", type=Path, required=True, help="the recheck's records")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--cap-ms", type=int, default=100)
    p.add_argument("--plies", type=int, default=400)
    p.add_argument("--seed", type=int, default=15)
    p.add_argument("--write", action="store_true", help="write the merges into configs/")
    p.add_argument("--status", action="store_true",
                   help="only count every pair by where it stands (with the 10-game results file)")
    args = p.parse_args()

    s = Setting(args.games, args.cap_ms, args.plies, args.seed)
    rated = {str(v) for v in COMPUTER_RATINGS_BY_VARIANT}
    if args.status:
        first = Setting(10, args.cap_ms, args.plies, args.seed)
        counts = status(load_results(DEFAULT_OUT), load_results(args.source), catalogue(), first, s)
        for kind, found in counts.items():
            print(f"{kind}: {len(found)}" + (f" ({', '.join(f'{v} {u}>{lo}' for v, u, lo in found)})"
                                             if kind.startswith("under") or kind in ("stale", "unmeasured") else ""))
        return
    games: dict[str, Game] = {}

    def cut(variant: str, level: str) -> bool:
        game = games.setdefault(variant, Game(load_variant(variant)))
        return cap_cuts(game, level, args.cap_ms, args.seed)

    todo = plan(load_results(args.source), catalogue(), s, rated, cut)
    print("| variant | merged (the lower level now plays as the upper) | ai_params |\n| --- | --- | --- |")
    for v, pairs in todo.merges.items():
        lists = merged_params(Game(load_variant(v)), pairs)
        shown = "; ".join(f"{k} {', '.join(map(str, vals))}" for k, vals in lists.items())
        print(f"| `{v}` | {', '.join(f'{lo} = {up}' for up, lo in pairs)} | {shown} |")
        if args.write:
            write(v, lists)
    print(f"\n{sum(len(x) for x in todo.merges.values())} pairs merged in {len(todo.merges)} variants"
          + (" (written to configs/)" if args.write else " (not written: --write)"))
    print("to measure again (the lower level changed above them): "
          + (", ".join(f"{v} {u}>{lo}" for v, u, lo in todo.remeasure) or "none"))
    print("the lower level plays better beyond doubt (its evaluation wants a look, not a merge): "
          + (", ".join(f"{v} {u}>{lo} {sc:.0%}" for v, u, lo, sc in todo.inverted) or "none"))
    print(f"cut by the {args.cap_ms} ms cap (the upper level stops short of its settings: "
          "measured as the cap plays, not as the server's cap does; not merged): "
          + (", ".join(f"{v} {u}>{lo}" for v, u, lo in todo.cut) or "none"))
    print("kept (the server's measured computer ratings): "
          + (", ".join(f"{v} {u}>{lo}" for v, u, lo in todo.kept_rated) or "none"))
    print("medium over easy under the bar (easy's noise to change, not merged): "
          + (", ".join(f"{v} {sc:.0%}" for v, sc in todo.easy) or "none"))


if __name__ == "__main__":
    main()
