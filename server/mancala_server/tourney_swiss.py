"""Swiss events of micro-matches (issue 27 point 1): a round's pairing, the games of a
micro-match and its result, and the standings. Pure functions, no I/O.

A round of a Swiss event pairs every player still in it with one opponent for a
micro-match: N games with the sides alternating, so that each player has both sides.
Its result (win, draw or loss) scores 1, 1/2 or 0 match points, the Entrant's `score`.

Pairing (`swiss_pairs`), a simplified Dutch system, described in our own words:

1. Withdrawn entrants are not paired. The others are ranked by score, then rating
   (higher first), then name.
2. With an odd count, the bye goes to the lowest-ranked player among those who have had
   the fewest byes. It is worth one match point (recorded as a "win" with no opponent).
3. Players with the same score form a score group. Within a group the top half meets
   the bottom half in order (of eight: 1-5, 2-6, 3-7, 4-8). When that would be a rematch,
   the higher-ranked player takes the next player of the bottom half instead, then the
   bottom of the top half, the nearest to the middle first; the choices of better-ranked
   players come first (they keep their preferred opponent when the lower ones can be
   paired otherwise).
4. A player left over in a group (odd size, or no allowed partner) floats down: they
   meet the best-ranked player of the groups below whom they have not met, and the rest
   of that group is paired as in 3.
5. No two players meet twice while a pairing without a rematch exists. When none does,
   the pairing has as few rematches as possible.

How 3-5 are found, within a bound: a depth-first search over the choices of 3-4 (the
best-ranked unpaired player's candidates in order) tries at most SEARCH_BUDGET
candidates. Should it run out, a maximum matching over the pairs that are not
rematches (Edmonds' blossom algorithm, polynomial; started from the search's deepest
partial pairing, so it keeps most of it) tells whether a rematch-free pairing exists and
else how few rematches are needed; the search runs again allowing exactly that many, and
should it run out too, the matching itself is the pairing, its leftover players paired
in rank order. Every step is polynomial: a round of 200 players pairs in milliseconds
(benchmarks/pairing.py).

Sides: in each pair the first name plays South in the micro-match's first game: the
player with the fewer `souths`, the higher-ranked on a tie.

Standings (`standings`): score, then the tiebreaks Buchholz (the sum of the opponents'
scores) and Sonneborn-Berger (the sum of the scores of the opponents beaten, and half
those drawn with), then rating, then name. Byes count in the score, never in the
tiebreaks. Players equal in score and both tiebreaks share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from mancala_server.tourney_model import POINTS, Entrant, MatchRecord, Result

# candidate partners a search may try before the matching takes over (see above)
SEARCH_BUDGET = 4_000


@dataclass(frozen=True, slots=True)
class SwissRound:
    """A round's pairing: the pairs (South in the first game first), and the bye."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    name: str
    score: float
    buchholz: float
    sonneborn: float
    rating: float


def _rank_key(entrant: Entrant) -> tuple[float, float, str]:
    return (-entrant.score, -entrant.rating, entrant.name)


def swiss_pairs(entrants: Sequence[Entrant]) -> SwissRound:
    """The next round's pairing of `entrants` (see the module docstring)."""
    ranked: list[Entrant] = []
    seen: set[str] = set()
    for entrant in sorted(entrants, key=_rank_key):
        if not entrant.withdrawn and entrant.name not in seen:
            seen.add(entrant.name)
            ranked.append(entrant)
    bye: str | None = None
    if len(ranked) % 2:
        fewest = min(e.byes for e in ranked)
        bye = next(e for e in reversed(ranked) if e.byes == fewest).name
        ranked = [e for e in ranked if e.name != bye]
    pairs = _pair(ranked)
    return SwissRound(tuple(_south_first(ranked[a], ranked[b]) for a, b in sorted(pairs)), bye)


def _south_first(higher: Entrant, lower: Entrant) -> tuple[str, str]:
    if lower.souths < higher.souths:
        return lower.name, higher.name
    return higher.name, lower.name


def _pair(ranked: list[Entrant]) -> list[tuple[int, int]]:
    """Pairs of ranks (the better rank first) covering all of `ranked`, an even count."""
    n = len(ranked)
    if n == 0:
        return []
    index = {e.name: i for i, e in enumerate(ranked)}
    everyone = (1 << n) - 1
    allowed = [everyone & ~(1 << i) for i in range(n)]
    # a pair is a rematch when either player's record names the other
    for i, entrant in enumerate(ranked):
        for name in entrant.opponents:
            j = index.get(name)
            if j is not None:
                allowed[i] &= ~(1 << j)
                allowed[j] &= ~(1 << i)
    group_end = [0] * n
    end = n
    for i in range(n - 1, -1, -1):
        if i < n - 1 and ranked[i].score != ranked[i + 1].score:
            end = i + 1
        group_end[i] = end
    found, deepest = _search(n, allowed, group_end, 0)
    if found is not None:
        return found
    matching = _max_matching(n, allowed, deepest)
    needed = (n - 2 * len(matching)) // 2
    if needed == 0:
        return matching
    found, _ = _search(n, allowed, group_end, needed)
    if found is not None:
        return found
    paired = {i for pair in matching for i in pair}
    rest = [i for i in range(n) if i not in paired]
    return matching + [(rest[k], rest[k + 1]) for k in range(0, len(rest), 2)]


def _candidates(p: int, free: int, allowed: int, group_end: list[int], n: int,
                rematches: bool) -> Iterator[int]:
    """p's partners in the order of preference (module docstring, 3-4): first those not
    met before, then, when `rematches`, the others in the same order."""
    group = [i for i in range(p + 1, group_end[p]) if free >> i & 1]
    ideal = (len(group) + 1) // 2 - 1
    order = group[ideal:] + group[:ideal][::-1] if group else []
    for q in order:
        if allowed >> q & 1:
            yield q
    for q in range(group_end[p], n):
        if free >> q & 1 and allowed >> q & 1:
            yield q
    if rematches:
        for q in order:
            if not allowed >> q & 1:
                yield q
        for q in range(group_end[p], n):
            if free >> q & 1 and not allowed >> q & 1:
                yield q


def _search(n: int, allowed: list[int], group_end: list[int],
            rematches: int) -> tuple[list[tuple[int, int]] | None, list[tuple[int, int]]]:
    """A complete pairing with at most `rematches` rematches, or None when the search
    found none within SEARCH_BUDGET candidates; and the deepest partial pairing of
    rematch-free pairs it reached (the matching's start when it found none)."""
    most_met = max((n - 1 - allowed[i].bit_count() for i in range(n)), default=0)
    free = (1 << n) - 1
    pairs: list[tuple[int, int]] = []
    deepest: list[tuple[int, int]] = []
    left = rematches
    budget = SEARCH_BUDGET
    stack: list[tuple[int, Iterator[int]]] = [
        (0, _candidates(0, free, allowed[0], group_end, n, left > 0))]
    while stack:
        p, options = stack[-1]
        if not free >> p & 1:
            # undo this frame's previous choice before taking its next one
            _, q = pairs.pop()
            free |= (1 << p) | (1 << q)
            if not allowed[p] >> q & 1:
                left += 1
        q = next(options, -1)
        budget -= 1
        if budget < 0:
            return None, deepest
        if q < 0:
            stack.pop()
            continue
        rematch = not allowed[p] >> q & 1
        if rematch and left == 0:
            continue
        free &= ~((1 << p) | (1 << q))
        pairs.append((p, q))
        left -= rematch
        if not free:
            return pairs, deepest
        if not rematches and len(pairs) > len(deepest):
            deepest = list(pairs)
        if _hopeless(free, allowed, most_met, left):
            continue
        nxt = (free & -free).bit_length() - 1
        stack.append((nxt, _candidates(nxt, free, allowed[nxt], group_end, n, left > 0)))
    return None, deepest


def _hopeless(free: int, allowed: list[int], most_met: int, rematches: int) -> bool:
    """Whether the unpaired players `free` surely need more than `rematches` rematches:
    each one who has met all the others needs one, and one rematch serves two of them.
    Nobody can have met all of more than most_met + 1 players, so the check is skipped
    (free of cost) until the field's end."""
    count = free.bit_count()
    if count > most_met + 1:
        return False
    stuck = 0
    rest = free
    while rest:
        low = rest & -rest
        rest ^= low
        if not allowed[low.bit_length() - 1] & free:
            stuck += 1
    return (stuck + 1) // 2 > rematches


def _max_matching(n: int, allowed: list[int], start: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A maximum matching of the graph whose edges are `allowed` (bit masks), grown from
    `start` by augmenting paths found with Edmonds' blossom contraction; pairs sorted."""
    mate = [-1] * n
    for a, b in start:
        mate[a], mate[b] = b, a
    neighbours: list[list[int] | None] = [None] * n

    def around(v: int) -> list[int]:
        cached = neighbours[v]
        if cached is None:
            cached = []
            rest = allowed[v]
            while rest:
                low = rest & -rest
                rest ^= low
                cached.append(low.bit_length() - 1)
            neighbours[v] = cached
        return cached

    for root in range(n):
        if mate[root] < 0:
            end, parent = _augmenting_path(n, root, mate, around)
            while end >= 0:
                # flip the path's edges back to the root
                up = parent[end]
                after = mate[up]
                mate[end], mate[up] = up, end
                end = after
    return sorted((a, b) for a, b in enumerate(mate) if a < b)


def _augmenting_path(n: int, root: int, mate: list[int],
                     around: Callable[[int], list[int]]) -> tuple[int, list[int]]:
    """A free vertex reached from the free `root` by an alternating path, or -1, and the
    tree's parent links. Vertices of an odd cycle (a blossom) share a base and are
    searched as one."""
    base = list(range(n))
    parent = [-1] * n
    outer = [False] * n
    outer[root] = True
    queue = deque([root])

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] < 0:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, top: int, child: int, inside: list[bool]) -> None:
        while base[v] != top:
            inside[base[v]] = inside[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for u in around(v):
            if base[v] == base[u] or mate[v] == u:
                continue
            if u == root or (mate[u] >= 0 and parent[mate[u]] >= 0):
                # an odd cycle: contract it into its base
                top = common_base(v, u)
                inside = [False] * n
                mark(v, top, u, inside)
                mark(u, top, v, inside)
                for i in range(n):
                    if inside[base[i]]:
                        base[i] = top
                        if not outer[i]:
                            outer[i] = True
                            queue.append(i)
            elif parent[u] < 0:
                parent[u] = v
                if mate[u] < 0:
                    return u, parent
                outer[mate[u]] = True
                queue.append(mate[u])
    return -1, parent


def micro_match_games(first: str, second: str, n: int) -> list[tuple[str, str]]:
    """The n games of a micro-match as (South, North): `first` is South in game 1, and
    the sides alternate."""
    if n < 1:
        raise ValueError(f"a micro-match has at least one game, not {n}")
    return [(first, second) if k % 2 == 0 else (second, first) for k in range(n)]


def micro_match_result(results_for_first: Sequence[Result], mode: Literal["best_of", "play"],
                       n: int) -> Result | None:
    """The micro-match's result for its first player, or None while it is undecided.

    Games score 1 for a win and 1/2 for a draw. Best-of-N is decided as soon as one
    player is ahead by more than the games left can make up (best-of-3: after two wins;
    level after all N games, a draw). Play-N is decided after all N games, by the points.
    """
    if n < 1:
        raise ValueError(f"a micro-match has at least one game, not {n}")
    if len(results_for_first) > n:
        raise ValueError(f"{len(results_for_first)} results for a micro-match of {n} games")
    mine = sum(POINTS[r] for r in results_for_first)
    theirs = len(results_for_first) - mine
    left = n - len(results_for_first)
    if mode == "best_of":
        if mine > theirs + left:
            return "win"
        if theirs > mine + left:
            return "loss"
    elif mode != "play":
        raise ValueError(f"unknown micro-match mode {mode!r}")
    if left:
        return None
    return "win" if mine > theirs else "loss" if theirs > mine else "draw"


def standings(entrants: Sequence[Entrant], results: Sequence[MatchRecord]) -> list[Standing]:
    """The event's table from its matches (see the module docstring); every entrant is
    listed, withdrawn ones too. Scores are the records' (a bye by its recorded result)."""
    score: dict[str, float] = {e.name: 0.0 for e in entrants}
    # per player: (opponent, the player's points in the match), byes left out
    played: dict[str, list[tuple[str, float]]] = {e.name: [] for e in entrants}
    for record in results:
        points = POINTS[record.result_for_first]
        score[record.first] = score.get(record.first, 0.0) + points
        if record.second is None:
            continue
        score[record.second] = score.get(record.second, 0.0) + 1.0 - points
        played.setdefault(record.first, []).append((record.second, points))
        played.setdefault(record.second, []).append((record.first, 1.0 - points))
    rows = []
    for entrant in {e.name: e for e in entrants}.values():
        games = played[entrant.name]
        buchholz = sum(score[other] for other, _ in games)
        sonneborn = sum(score[other] * got for other, got in games)
        rows.append((entrant.name, score[entrant.name], buchholz, sonneborn, entrant.rating))
    rows.sort(key=lambda row: (-row[1], -row[2], -row[3], -row[4], row[0]))
    table: list[Standing] = []
    for position, (name, points, buchholz, sonneborn, rating) in enumerate(rows, 1):
        rank = position
        if table and (table[-1].score, table[-1].buchholz, table[-1].sonneborn) == (
                points, buchholz, sonneborn):
            rank = table[-1].rank
        table.append(Standing(rank, name, points, buchholz, sonneborn, rating))
    return table
