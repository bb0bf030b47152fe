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
   bottom of the top half, the nearest to the middle first. Better-ranked players
   choose first: each takes the first candidate in that order who still leaves the
   rest of the field a pairing with as few rematches as 5 allows.
4. A player left over in a group (odd size, or no allowed partner) floats down: they
   meet the best-ranked player of the groups below they may meet (by the same rule),
   and the rest of that group is paired as in 3.
5. No two players meet twice while a pairing without a rematch exists. When none does,
   the pairing has as few rematches as possible.

How 3-5 are found, in polynomial time and without backtracking (tourney_matching.py):
the best-ranked unpaired player takes the first of their candidates in the order of
3-4 after whom the rest of the field can still be paired with the fewest rematches
possible, which a maximum matching over the pairs not played yet tells (Edmonds'
blossom algorithm). The result is the first pairing in that order among those with the
fewest rematches. A round of 200 players pairs in milliseconds (benchmarks/pairing.py).

Sides: in each pair the first name plays South in the micro-match's first game: the
player with the fewer `souths`, the higher-ranked on a tie.

Standings (`standings`): score, then the tiebreaks Buchholz (the sum of the opponents'
scores) and Sonneborn-Berger (the sum of the scores of the opponents beaten, and half
those drawn with), then rating, then name. Byes count in the score, never in the
tiebreaks. Players equal in score and both tiebreaks share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from mancala_server.tourney_matching import best_pairing, bits
from mancala_server.tourney_model import POINTS, Entrant, MatchRecord, Result

# steps the matching's searches may take in one round (tourney_matching.py)
WORK_BUDGET = 1_000_000
ZERO = ord("0")


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
    # who may meet whom as bit masks, built from rows of binary digits (player j the
    # digit n - 1 - j), the quickest way to long masks in Python. A pair is a rematch
    # when either player's record names the other: a "0" in both rows
    rows = [bytearray(b"1") * n for _ in range(n)]
    for i, entrant in enumerate(ranked):
        row = rows[i]
        row[n - 1 - i] = ZERO
        for j in [index[name] for name in entrant.opponents if name in index]:
            row[n - 1 - j] = rows[j][n - 1 - i] = ZERO
    allowed = [int(row, 2) for row in rows]
    group_end = [0] * n
    end = n
    for i in range(n - 1, -1, -1):
        if i < n - 1 and ranked[i].score != ranked[i + 1].score:
            end = i + 1
        group_end[i] = end

    def candidates(p: int, free: int, rematches: bool) -> Iterator[int]:
        return _candidates(p, free, allowed[p], group_end[p], rematches)

    pairs, alone = best_pairing(allowed, candidates, True, WORK_BUDGET)
    assert not alone, "an even count pairs everyone"
    return pairs


def _candidates(p: int, free: int, allowed: int, group_end: int,
                rematches: bool) -> Iterator[int]:
    """p's partners (of `free`) in the order of preference (module docstring, 3-4): first
    those not met before, then, when `rematches`, the others in the same order."""
    group = free & ((1 << group_end) - 1) & ~((1 << (p + 1)) - 1)
    lower = free & ~((1 << group_end) - 1)
    # the ideal partner: the first of the bottom half of what is left of p's group
    ideal = _nth_bit(group, (group.bit_count() + 1) // 2 - 1) if group else 0
    bottom = group >> ideal << ideal
    top = group & ~bottom
    for wanted in (allowed, ~allowed) if rematches else (allowed,):
        yield from bits(bottom & wanted)
        rest = top & wanted
        while rest:  # the top half upwards, the nearest to the middle first
            q = rest.bit_length() - 1
            rest ^= 1 << q
            yield q
        yield from bits(lower & wanted)


def _nth_bit(mask: int, nth: int) -> int:
    """The position of the mask's set bit `nth` (from 0, lowest first)."""
    low, high = 0, mask.bit_length() - 1
    while low < high:
        middle = (low + high) // 2
        if (mask & ((2 << middle) - 1)).bit_count() > nth:
            high = middle
        else:
            low = middle + 1
    return low


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
