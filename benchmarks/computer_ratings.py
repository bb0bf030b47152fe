"""The computer levels' fixed ratings, measured with `mancala arena` (mancala.ai.arena).

Each level plays the next one up (random against easy, easy against medium, medium
against hard, hard against expert; with --perfect also expert against perfect), starters
alternating, pairs of games sharing a random opening. A match's score s becomes a rating
gap by the logistic curve Glicko-2 and Elo share, 400 * log10(s / (1 - s)); a score of
0 or 1 would be an infinite gap, so half a win and half a loss are added to every match
before (the gap then says "at least this much" for a clean sweep). The gaps are chained
from medium, anchored at 1500: a new player's rating, so that a human's first rated
games against "medium" are even on paper.

Prints a Markdown table (the numbers in docs/competitive.md) and the dictionary that
server/mancala_server/ratings.py keeps (COMPUTER_RATINGS_BY_VARIANT); --json writes both to a file too.

    python -m benchmarks.computer_ratings                              # Oware, 40 games a pair
    python -m benchmarks.computer_ratings --games 40 --top-games 20 --jobs 2
    python -m benchmarks.computer_ratings --variant kalah_4 --perfect
    python -m benchmarks.computer_ratings --perfect-only --top-games 10   # expert vs perfect alone

--perfect-only plays expert against perfect and nothing else, and chains the gap onto
expert's rating as the server keeps it for the variant (COMPUTER_RATINGS_BY_VARIANT):
in Oware the hour the whole ladder with perfect takes is mostly that one match.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from collections.abc import Callable
from typing import Any

from mancala.ai.arena import (
    DEFAULT_CAP,
    DEFAULT_OPENING,
    GameResult,
    parse_spec,
    run_match,
    summarize,
)

LADDER = ["random", "easy", "medium", "hard", "expert"]
LEVEL_KEYS: dict[str, int | str] = {"easy": 0, "medium": 1, "hard": 2, "expert": 3, "perfect": "perfect"}
ANCHOR, ANCHOR_RATING = "medium", 1500.0


def gap(points: float, games: int) -> float:
    """The rating difference a score implies (points of the stronger, upper player)."""
    s = (points + 0.5) / (games + 1)
    return 400 * math.log10(s / (1 - s))


def play_pair(variant: str, upper: str, lower: str, games: int, *, seed: int, jobs: int = 1,
              cap_ms: int | None = None, plies: int = DEFAULT_CAP, opening: int = DEFAULT_OPENING,
              progress: Callable[[GameResult, int], None] | None = None) -> dict[str, Any]:
    """One level against the one below (arena's paired games, sides swapped, shared
    openings) as a JSON-ready record; the level table (level_table.py) keeps these too."""
    started = time.monotonic()
    # the upper level is player A: its score is the gap's sign
    results = run_match(variant, (parse_spec(upper), parse_spec(lower)), games, seed=seed, jobs=jobs,
                        cap=plies, cap_ms=cap_ms, opening=opening, progress=progress)
    s = summarize(results)
    points = s.wins + s.draws / 2
    return {"upper": upper, "lower": lower, "games": s.games, "wins": s.wins, "draws": s.draws,
            "losses": s.losses, "score": s.score, "ci": [s.low, s.high], "gap": gap(points, s.games),
            "ms_per_move": list(s.ms_per_move), "capped": s.capped, "avg_moves": s.avg_moves,
            # the upper level's score when it started and when the lower one did: near 1 and
            # 0 the starter wins whoever plays, and no level can show in the score
            "as_starter": [s.a_start_score, s.b_start_score], "pairs_split": pairs_split(results),
            "seconds": time.monotonic() - started}


def pairs_split(results: list[GameResult]) -> int:
    """Pairs (same opening, sides swapped) that each player won once: there the opening
    and the seat decided the game, not the level, and the pair adds nothing to the score."""
    by_pair: dict[int, list[float]] = {}
    for r in results:
        by_pair.setdefault(r.index // 2, []).append(r.score)
    return sum(1 for scores in by_pair.values() if sorted(scores) == [0.0, 1.0])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="oware_abapa")
    p.add_argument("--games", type=int, default=40, help="games a pair below expert")
    p.add_argument("--top-games", type=int, default=20,
                   help="games of hard against expert (and expert against perfect): expert thinks "
                        "about a second a move")
    p.add_argument("--perfect", action="store_true", help="also expert against perfect (slow)")
    p.add_argument("--perfect-only", action="store_true",
                   help="only expert against perfect, on expert's rating as the server keeps it")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--seed", type=int, default=15)
    p.add_argument("--opening", type=int, default=DEFAULT_OPENING,
                   help="random plies opening each pair of games (Congkak: 0, see docs/competitive.md)")
    p.add_argument("--cap-ms", type=int, default=None, help="each move's search stops here at the latest")
    p.add_argument("--json", help="also write the results to this file")
    args = p.parse_args()

    ladder = ["expert", "perfect"] if args.perfect_only else LADDER + (["perfect"] if args.perfect else [])
    matches: list[dict[str, Any]] = []
    for lower, upper in zip(ladder, ladder[1:], strict=False):
        games = args.top_games if upper in ("expert", "perfect") else args.games
        matches.append(play_pair(args.variant, upper, lower, games, seed=args.seed, jobs=args.jobs,
                                 cap_ms=args.cap_ms, opening=args.opening))
        m = matches[-1]
        print(f"{upper} vs {lower}: +{m['wins']} ={m['draws']} -{m['losses']} ({m['score']:.1%}), "
              f"gap {matches[-1]['gap']:+.0f}, {matches[-1]['seconds']:.0f} s", flush=True)

    if args.perfect_only:
        from mancala_server.ratings import computer_ratings
        ratings = {"expert": computer_ratings(args.variant)[LEVEL_KEYS["expert"]]}
        at = 0
    else:
        ratings = {ANCHOR: ANCHOR_RATING}
        at = ladder.index(ANCHOR)
    for m in matches[at:]:  # upwards from the anchor
        ratings[m["upper"]] = ratings[m["lower"]] + m["gap"]
    for m in reversed(matches[:at]):  # and downwards
        ratings[m["lower"]] = ratings[m["upper"]] - m["gap"]

    load = os.getloadavg()[0]
    print(f"\n{args.variant}, seed {args.seed}, {args.jobs} jobs, opening {args.opening} plies, "
          f"cap {args.cap_ms} ms, load {load:.1f}\n")
    print("| match | games | upper's wins / draws / losses | score (95% CI) | gap | ms a move (upper, lower) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for m in matches:
        print(f"| {m['upper']} vs {m['lower']} | {m['games']} | {m['wins']} / {m['draws']} / {m['losses']} | "
              f"{m['score']:.1%} ({m['ci'][0]:.0%}-{m['ci'][1]:.0%}) | {m['gap']:+.0f} | "
              f"{m['ms_per_move'][0]:.1f}, {m['ms_per_move'][1]:.1f} |")
    print("\n| level | rating |\n| --- | --- |")
    for level in ladder:
        print(f"| {level} | {ratings[level]:.0f} |")
    fixed = {LEVEL_KEYS[k]: round(v) for k, v in ratings.items() if k in LEVEL_KEYS}
    print("\nCOMPUTER_RATINGS =", fixed)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"variant": args.variant, "seed": args.seed, "load": load, "matches": matches,
                       "ratings": ratings}, f, indent=1)


if __name__ == "__main__":
    main()
