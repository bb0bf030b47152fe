"""A tournament round's pairing cost (issue 27 point 1: "a tournament of 200 players pairs
a round in under a second").

    python -m benchmarks.pairing [--players 50 200 1000] [--rounds 9] [--waves 20]
                                 [--repeat 5] [--seed 27]

Swiss: a field of `--players` entrants (ratings drawn around 1500) plays `--rounds`
rounds of two-game micro-matches with random results (the higher-rated more likely to
win, some draws), and one player in fifty withdraws after each round. Each round's
pairing (mancala_server.tourney_swiss.swiss_pairs) is timed `--repeat` times.

Arena: the same field plays `--waves` pairing waves; before each, a random two thirds to
all of the players are waiting (the others still playing), and every game's result moves
the arena points (mancala_server.tourney_arena). Each wave's arena_pairs is timed too.

Prints per round (or wave): the players paired, the median and worst time of the
repeats, and the rematches in the pairing (Swiss: pairs who met before; arena: pairs
who met in their latest games). Exits 1 if any round or wave of 200 players took a second
or more.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TypeVar

from mancala_server.tourney_arena import arena_pairs, arena_points
from mancala_server.tourney_model import FLIPPED, POINTS, Entrant, Result
from mancala_server.tourney_swiss import micro_match_result, swiss_pairs

ROOT = Path(__file__).resolve().parents[1]
T = TypeVar("T")
LIMIT = 1.0   # seconds for one round of the 200-player field


def timed(call: Callable[[], T], repeat: int) -> tuple[T, list[float]]:
    seconds = []
    result = call()
    for _ in range(repeat):
        started = time.perf_counter()
        result = call()
        seconds.append(time.perf_counter() - started)
    return result, seconds


def game(rng: random.Random, south: Entrant, north: Entrant) -> Result:
    """A game's result for South: Elo's expectation, one game in eight drawn."""
    expected = 1 / (1 + 10 ** ((north.rating - south.rating) / 400))
    if rng.random() < 0.125:
        return "draw"
    return "win" if rng.random() < expected else "loss"


def field(rng: random.Random, players: int) -> list[Entrant]:
    return [Entrant(f"p{i:04d}", round(rng.gauss(1500, 250))) for i in range(players)]


def row(kind: str, players: int, step: int, paired: int, seconds: list[float], rematches: int) -> str:
    return (f"{kind:<6} {players:>7} {step:>5} {paired:>6} {statistics.median(seconds) * 1e3:>10.2f} "
            f"{max(seconds) * 1e3:>8.2f} {rematches:>9}")


def swiss(rng: random.Random, players: int, rounds: int, repeat: int) -> float:
    """Plays the Swiss event, printing a row per round; the worst round's seconds."""
    people = {e.name: e for e in field(rng, players)}
    worst = 0.0
    for number in range(1, rounds + 1):
        entrants = list(people.values())
        pairing, seconds = timed(partial(swiss_pairs, entrants), repeat)
        worst = max(worst, max(seconds))
        met = sum(1 for a, b in pairing.pairs if b in people[a].opponents)
        paired = 2 * len(pairing.pairs) + (pairing.bye is not None)
        print(row("swiss", players, number, paired, seconds, met))
        for a, b in pairing.pairs:
            first, second = people[a], people[b]
            results = []
            for k in range(2):
                south_won = game(rng, first, second) if k == 0 else game(rng, second, first)
                results.append(south_won if k == 0 else FLIPPED[south_won])
            outcome = micro_match_result(results, "play", 2)
            assert outcome is not None
            points = POINTS[outcome]
            people[a] = replace(first, score=first.score + points, opponents=(*first.opponents, b))
            people[b] = replace(second, score=second.score + 1 - points,
                                opponents=(*second.opponents, a))
        if pairing.bye is not None:
            lucky = people[pairing.bye]
            people[pairing.bye] = replace(lucky, score=lucky.score + 1, byes=lucky.byes + 1)
        active = [name for name, e in people.items() if not e.withdrawn]
        for name in rng.sample(active, len(active) // 50):
            people[name] = replace(people[name], withdrawn=True)
    return worst


def arena(rng: random.Random, players: int, waves: int, repeat: int) -> float:
    """Plays the arena's waves, printing a row per wave; the worst wave's seconds."""
    worst = 0.0
    people = {e.name: e for e in field(rng, players)}
    results: dict[str, list[Result]] = {name: [] for name in people}
    last: dict[str, str] = {}
    for number in range(1, waves + 1):
        waiting = rng.sample(list(people.values()), rng.randint(math.ceil(players * 2 / 3), players))
        pairs, seconds = timed(partial(arena_pairs, waiting, last), repeat)
        worst = max(worst, max(seconds))
        again = sum(1 for a, b in pairs if last.get(a) == b or last.get(b) == a)
        print(row("arena", players, number, 2 * len(pairs), seconds, again))
        for a, b in pairs:
            outcome = game(rng, people[a], people[b])
            results[a].append(outcome)
            results[b].append(FLIPPED[outcome])
            last[a], last[b] = b, a
            for name, south in ((a, 1), (b, -1)):
                people[name] = replace(people[name], score=arena_points(results[name]),
                                       souths=people[name].souths + south)
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--waves", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5, help="timed pairings per round")
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    args.repeat = max(1, args.repeat)
    print(f"{'kind':<6} {'players':>7} {'round':>5} {'paired':>6} {'median ms':>10} "
          f"{'max ms':>8} {'rematches':>9}")
    slow = []
    for players in args.players:
        worst = swiss(random.Random(args.seed), players, args.rounds, args.repeat)
        if players == 200 and worst >= LIMIT:
            slow.append(worst)
    for players in args.players:
        worst = arena(random.Random(args.seed), players, args.waves, args.repeat)
        if players == 200 and worst >= LIMIT:
            slow.append(worst)
    if slow:
        print(f"FAIL: a pairing of 200 players took {max(slow):.3f} s (limit {LIMIT:.0f} s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
