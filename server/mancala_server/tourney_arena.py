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
first), then name; the first unpaired player meets the nearest one below them who was not
their last opponent (in either player's record), and so on down, so neighbours in the
ranking meet. When the count is odd, one player is left waiting for the next wave (the
lowest-ranked one, unless the rematch rule forces another). Two players who just met meet
again only when they are the only two waiting. Withdrawn entrants are never paired. In a
pair, the first name plays South: the one with the fewer `souths`, the higher-ranked on a
tie. The result depends on nothing but the arguments.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from mancala_server.tourney_model import Entrant, Result

WIN, DRAW, LOSS = 2, 1, 0
# how many wins in a row make a player on fire
FIRE_AFTER = 2
# candidate partners tried before a wave gives up the rematch rule's preferred pairing
# (see `_pair_ranked`): the search is bounded, never exponential
SEARCH_BUDGET = 20_000


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


def arena_pairs(waiting: Sequence[Entrant], last_opponent: Mapping[str, str]) -> list[tuple[str, str]]:
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
    forbidden: list[set[int]] = [set() for _ in ranked]
    if n > 2:
        for name, other in last_opponent.items():
            a, b = index.get(name), index.get(other)
            if a is not None and b is not None and a != b:
                forbidden[a].add(b)
                forbidden[b].add(a)
    pairs = _pair_ranked(n, forbidden)
    return [_south_first(ranked[a], ranked[b]) for a, b in pairs]


def _south_first(higher: Entrant, lower: Entrant) -> tuple[str, str]:
    """The pair with its South player first: fewer souths, else the higher-ranked."""
    if lower.souths < higher.souths:
        return lower.name, higher.name
    return higher.name, lower.name


def _pair_ranked(n: int, forbidden: list[set[int]]) -> list[tuple[int, int]]:
    """Pairs of ranks 0..n-1, neighbours first, no forbidden pair, fewest left waiting.

    A depth-first search: the best-ranked unpaired player takes the nearest allowed
    player below them, or (while the wave may still leave someone out) waits. It allows
    first n % 2 players to wait, then n % 2 + 2, then n % 2 + 4. Each search tries at
    most SEARCH_BUDGET candidates; should they all fail (the few forbidden pairs of an
    arena make that rare; the bound keeps a wave's cost linear), a greedy pass pairs
    each player with the nearest allowed one below.
    """
    for waits in range(n % 2, min(n, n % 2 + 4) + 1, 2):
        found = _search(n, forbidden, waits)
        if found is not None:
            return found
    return _greedy(n, forbidden)


def _search(n: int, forbidden: list[set[int]], waits: int) -> list[tuple[int, int]] | None:
    paired = [False] * n
    pairs: list[tuple[int, int]] = []
    # a frame: the player deciding, their remaining choices (a partner, or -1 to wait)
    stack: list[tuple[int, Iterator[int]]] = []
    budget = SEARCH_BUDGET
    left = waits

    def choices(p: int, may_wait: bool) -> Iterator[int]:
        for q in range(p + 1, n):
            if not paired[q] and q not in forbidden[p]:
                yield q
        if may_wait:
            yield -1

    def first_unpaired(start: int) -> int:
        while start < n and paired[start]:
            start += 1
        return start

    p = first_unpaired(0)
    if p == n:
        return pairs
    stack.append((p, choices(p, left > 0)))
    while stack:
        p, options = stack[-1]
        # undo this frame's previous choice before taking its next one
        if paired[p]:
            if pairs and pairs[-1][0] == p:
                paired[pairs.pop()[1]] = False
            else:
                left += 1
            paired[p] = False
        choice = next(options, None)
        budget -= 1
        if choice is None or budget < 0:
            stack.pop()
            if budget < 0:
                return None
            continue
        paired[p] = True
        if choice >= 0:
            paired[choice] = True
            pairs.append((p, choice))
        else:
            left -= 1
        nxt = first_unpaired(p + 1)
        if nxt == n:
            return pairs
        stack.append((nxt, choices(nxt, left > 0)))
    return None


def _greedy(n: int, forbidden: list[set[int]]) -> list[tuple[int, int]]:
    paired = [False] * n
    pairs = []
    for p in range(n):
        if paired[p]:
            continue
        for q in range(p + 1, n):
            if not paired[q] and q not in forbidden[p]:
                paired[p] = paired[q] = True
                pairs.append((p, q))
                break
    return pairs
