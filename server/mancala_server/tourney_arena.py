"""Arena tournaments (issue 27 point 1): points with win streaks, and pairing the players
who are waiting for a game. Pure functions, no I/O: the server calls `arena_pairs` on
every pairing wave and `arena_points` on a player's results so far.

Scoring, in the manner of lichess's arenas, described in our own words:

- a win is 2 points, a draw 1, a loss 0;
- two wins in a row set a player "on fire": from the next game on, each result counts
  double (a win 4, a draw 2) for as long as the player keeps winning;
- the first result that is not a win ends the streak. A draw that ends it still counts
  double (2), a loss is 0 either way; the game after it is worth the plain points again,
  and it takes two new wins in a row to be on fire again;
- a draw breaks a streak of wins as a loss does: win, draw, win, win, win scores
  2 + 1 + 2 + 2 + 4 = 11;
- the streak runs over the results in the order they were played, across pairing waves;
  nothing else (early draws, berserk, the opponent's strength) changes a game's points.

Pairing (`arena_pairs`): the waiting players are ranked by points, then rating (higher
first), then name. Two players meet only if neither one's last opponent was the other,
unless they are the only two waiting. As many pairs as that allows are made, and among
those pairings the first in ranking order: the best-ranked player meets the nearest one
below them they may meet, then the best-ranked player left, and so on (tourney_matching.py
finds it without backtracking). So neighbours in the ranking meet, and with an odd count
the lowest-ranked player waits for the next wave (another one, or more, only when the
last-opponent rule leaves no other way). Withdrawn entrants are never paired. In a pair
the first name plays South: the one with the fewer `souths`, the higher-ranked on a
tie. The result depends on nothing but the arguments.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from mancala_server.tourney_matching import best_pairing, bits
from mancala_server.tourney_model import Entrant, Result

WIN, DRAW, LOSS = 2, 1, 0
# how many wins in a row make a player on fire
FIRE_AFTER = 2
# steps the matching's searches may take in one wave (tourney_matching.py)
WORK_BUDGET = 1_000_000


def arena_points(results: Sequence[Result]) -> int:
    """A player's arena points for their results in order (see the module docstring)."""
    total = 0
    streak = 0
    for result in results:
        factor = 2 if streak >= FIRE_AFTER else 1
        if result == "win":
            total += WIN * factor
            streak += 1
        else:
            total += (DRAW if result == "draw" else LOSS) * factor
            streak = 0
    return total


def on_fire(results: Sequence[Result]) -> bool:
    """Whether the player's next game counts double: their last two results were wins."""
    return len(results) >= FIRE_AFTER and all(r == "win" for r in results[-FIRE_AFTER:])


def _rank_key(entrant: Entrant) -> tuple[float, float, str]:
    return (-entrant.score, -entrant.rating, entrant.name)


def arena_pairs(waiting: Sequence[Entrant],
                last_opponent: Mapping[str, str]) -> list[tuple[str, str]]:
    """Pairs for the players waiting now, the South player first, best-ranked pairs first.

    `last_opponent` maps a name to the opponent of that player's latest game. Players
    left out wait for the next wave.
    """
    ranked = sorted((e for e in waiting if not e.withdrawn), key=_rank_key)
    seen: set[str] = set()
    unique = []
    for entrant in ranked:
        if entrant.name not in seen:
            seen.add(entrant.name)
            unique.append(entrant)
    ranked = unique
    n = len(ranked)
    if n < 2:
        return []
    index = {e.name: i for i, e in enumerate(ranked)}
    everyone = (1 << n) - 1
    allowed = [everyone & ~(1 << i) for i in range(n)]
    if n > 2:
        for name, other in last_opponent.items():
            a, b = index.get(name), index.get(other)
            if a is not None and b is not None:
                allowed[a] &= ~(1 << b)
                allowed[b] &= ~(1 << a)

    def below(p: int, free: int, _others: bool) -> Iterator[int]:
        return bits(free & allowed[p] & ~((2 << p) - 1))

    pairs, _ = best_pairing(allowed, below, False, WORK_BUDGET)
    return [_south_first(ranked[a], ranked[b]) for a, b in pairs]


def _south_first(higher: Entrant, lower: Entrant) -> tuple[str, str]:
    """The pair with its South player first: fewer souths, else the higher-ranked."""
    if lower.souths < higher.souths:
        return lower.name, higher.name
    return higher.name, lower.name
