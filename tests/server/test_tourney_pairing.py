"""The tournament core (issue 27 point 1): arena scoring and pairing, Swiss pairing,
micro-matches and standings. Hand-built cases assert the exact pairings; random fields
(fixed seeds) check the rules that must hold for any field, the fewest rematches against
a brute-force count over every pairing of a small field."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

from mancala_server import tourney_swiss
from mancala_server.tourney_arena import arena_pairs, arena_points, on_fire
from mancala_server.tourney_matching import Matching, best_pairing
from mancala_server.tourney_model import Entrant, MatchRecord, Result
from mancala_server.tourney_swiss import (
    Standing,
    SwissRound,
    micro_match_games,
    micro_match_result,
    standings,
    swiss_pairs,
)

W: Result = "win"
D: Result = "draw"
L: Result = "loss"


def field(count: int, **scores: float) -> list[Entrant]:
    """p0..p{count-1}, p0 the highest-rated; `scores` by name (0 otherwise)."""
    return [Entrant(f"p{i}", 2000 - 10 * i, scores.get(f"p{i}", 0.0)) for i in range(count)]


def met(entrants: list[Entrant], *pairs: tuple[str, str]) -> list[Entrant]:
    """The field with each pair's players having met each other."""
    seen: dict[str, list[str]] = {e.name: list(e.opponents) for e in entrants}
    for a, b in pairs:
        seen[a].append(b)
        seen[b].append(a)
    return [Entrant(e.name, e.rating, e.score, tuple(seen[e.name]), e.souths, e.withdrawn,
                    e.byes) for e in entrants]


# arena scoring

@pytest.mark.parametrize(("results", "points"), [
    ([], 0),
    ([W], 2),
    ([D], 1),
    ([L], 0),
    ([W, W], 4),
    ([W, W, W], 8),              # the third win in a row counts double
    ([W, W, W, W], 12),
    ([W, W, D], 6),              # the draw that ends the streak still counts double
    ([W, W, L, W], 6),           # a loss is 0 either way; the streak starts again
    ([W, W, W, D, W, W, W], 18),  # 2+2+4+2, then 2+2+4
    ([W, D, W, W, W], 11),       # a draw breaks a streak as a loss does
    ([D, D, D], 3),
])
def test_arena_points_double_while_on_fire(results: list[Result], points: int) -> None:
    assert arena_points(results) == points


def test_on_fire_after_two_wins_in_a_row_until_a_result_that_is_not_a_win() -> None:
    assert not on_fire([])
    assert not on_fire([W])
    assert on_fire([W, W])
    assert on_fire([L, W, W, W])
    assert not on_fire([W, W, D])
    assert not on_fire([W, W, L, W])


# arena pairing

def test_arena_pairs_neighbours_by_score_then_rating() -> None:
    waiting = [Entrant("low", 1900, 2), Entrant("top", 1400, 9), Entrant("mid", 1500, 4),
               Entrant("second", 1300, 9), Entrant("rated", 2000, 4), Entrant("last", 2100, 0)]
    assert arena_pairs(waiting, {}) == [("top", "second"), ("rated", "mid"), ("low", "last")]


def test_arena_never_pairs_the_last_opponents_again_unless_they_are_alone() -> None:
    waiting = field(4, p0=6, p1=6, p2=2, p3=2)
    last = {"p0": "p1", "p1": "p0"}
    assert arena_pairs(waiting, last) == [("p0", "p2"), ("p1", "p3")]
    # one record is enough: p1 has played someone since, p0 has not
    assert arena_pairs(waiting, {"p0": "p1", "p1": "p9"}) == [("p0", "p2"), ("p1", "p3")]
    assert arena_pairs(waiting[:2], last) == [("p0", "p1")]
    assert arena_pairs(waiting[:3], last) == [("p0", "p2")]


def test_arena_makes_as_many_pairs_as_the_last_opponents_allow() -> None:
    # neighbours would leave p2 and p3, who just met, both waiting
    waiting = field(4)
    assert arena_pairs(waiting, {"p2": "p3", "p3": "p2"}) == [("p0", "p2"), ("p1", "p3")]
    # p0 just met all three others: p0 waits, and so does one of them
    assert arena_pairs(waiting, {"p1": "p0", "p2": "p0", "p3": "p0"}) == [("p1", "p2")]


def most_pairs(names: list[str], apart: set[frozenset[str]]) -> int:
    """The most pairs any pairing of `names` has with no pair in `apart`, by brute force."""
    if len(names) < 2:
        return 0
    head, rest = names[0], names[1:]
    return max([most_pairs(rest, apart)] + [
        1 + most_pairs(rest[:k] + rest[k + 1:], apart)
        for k, other in enumerate(rest) if frozenset((head, other)) not in apart])


def test_arena_pairs_random_waves_as_fully_as_possible() -> None:
    rng = random.Random(2027)
    for _ in range(300):
        names = [f"x{i}" for i in range(rng.randint(0, 10))]
        waiting = [Entrant(name, rng.choice([1400, 1500]), rng.choice([0, 2, 4])) for name in names]
        last = {name: rng.choice(names) for name in names if rng.random() < 0.8}
        pairs = arena_pairs(waiting, last)
        seated = [name for pair in pairs for name in pair]
        assert len(seated) == len(set(seated))
        apart = {frozenset(item) for item in last.items()} if len(names) > 2 else set()
        assert not any(frozenset(pair) in apart for pair in pairs)
        assert len(pairs) == most_pairs(names, apart)


def test_arena_leaves_the_lowest_odd_player_waiting_and_skips_the_withdrawn() -> None:
    waiting = field(5)
    assert arena_pairs(waiting, {}) == [("p0", "p1"), ("p2", "p3")]
    gone = [*waiting[:1], Entrant("p1", 1990, withdrawn=True), *waiting[2:]]
    assert arena_pairs(gone, {}) == [("p0", "p2"), ("p3", "p4")]
    assert arena_pairs(waiting[:1], {}) == []


def test_arena_gives_south_to_the_player_with_fewer_souths() -> None:
    waiting = [Entrant("a", 1600, souths=1), Entrant("b", 1500, souths=0),
               Entrant("c", 1400, souths=-1), Entrant("d", 1300, souths=-1)]
    assert arena_pairs(waiting, {}) == [("b", "a"), ("c", "d")]


def test_arena_pairing_depends_only_on_the_field() -> None:
    rng = random.Random(27)
    waiting = [Entrant(f"p{i}", rng.choice([1400, 1500, 1600]), rng.choice([0, 2, 4]),
                       souths=rng.randint(-2, 2)) for i in range(41)]
    last = {f"p{i}": f"p{i + 1}" for i in range(0, 40, 2)}
    first = arena_pairs(waiting, last)
    for _ in range(5):
        rng.shuffle(waiting)
        assert arena_pairs(waiting, dict(reversed(last.items()))) == first
    names = [name for pair in first for name in pair]
    assert len(names) == len(set(names)) == 40
    assert not any(last.get(a) == b or last.get(b) == a for a, b in first)


# Swiss pairing

def test_swiss_top_half_meets_bottom_half() -> None:
    assert swiss_pairs(field(8)) == SwissRound(
        (("p0", "p4"), ("p1", "p5"), ("p2", "p6"), ("p3", "p7")), None)


def test_swiss_pairs_within_score_groups_and_floats_the_odd_one_down() -> None:
    two = field(8, p0=1, p1=1, p2=1, p3=1)
    assert swiss_pairs(two).pairs == (("p0", "p2"), ("p1", "p3"), ("p4", "p6"), ("p5", "p7"))
    # of three leaders, the lowest meets the best of the group below
    three = field(6, p0=1, p1=1, p2=1)
    assert swiss_pairs(three).pairs == (("p0", "p1"), ("p2", "p3"), ("p4", "p5"))
    # a lower-rated player with more points ranks first
    mixed = field(4, p3=1)
    assert swiss_pairs(mixed).pairs == (("p3", "p0"), ("p1", "p2"))


def test_swiss_avoids_a_rematch_by_the_next_opponent_in_the_bottom_half() -> None:
    entrants = met(field(6), ("p0", "p3"))
    assert swiss_pairs(entrants).pairs == (("p0", "p4"), ("p1", "p3"), ("p2", "p5"))
    # both of p0's bottom-half choices taken: the bottom of the top half
    entrants = met(field(4), ("p0", "p2"), ("p0", "p3"))
    assert swiss_pairs(entrants).pairs == (("p0", "p1"), ("p2", "p3"))


def test_swiss_counts_a_meeting_that_one_record_names() -> None:
    # p2 and p3 have no record of meeting p0 and p1: p0's and p1's records are enough
    entrants = [Entrant("p0", 2000, opponents=("p2",)), Entrant("p1", 1990, opponents=("p3",)),
                Entrant("p2", 1980), Entrant("p3", 1970)]
    assert swiss_pairs(entrants).pairs == (("p0", "p3"), ("p1", "p2"))
    # and either side's record, in any order
    entrants = [Entrant("p0", 2000), Entrant("p1", 1990, opponents=("p3",)),
                Entrant("p2", 1980, opponents=("p0", "gone")), Entrant("p3", 1970)]
    assert swiss_pairs(entrants).pairs == (("p0", "p3"), ("p1", "p2"))


def test_swiss_floats_a_player_who_met_all_of_their_group() -> None:
    entrants = met(field(6, p0=2, p1=2), ("p0", "p1"))
    assert swiss_pairs(entrants).pairs == (("p0", "p2"), ("p1", "p3"), ("p4", "p5"))


def test_swiss_pairs_the_top_otherwise_when_the_bottom_could_not_be_paired() -> None:
    # p2-p3 is the natural pair below p0-p1, but p2 and p3 met, and so did p1 and p3
    entrants = met(field(4, p0=1, p1=1), ("p2", "p3"), ("p1", "p3"))
    assert swiss_pairs(entrants).pairs == (("p0", "p3"), ("p1", "p2"))


def test_swiss_bye_to_the_lowest_ranked_of_those_with_fewest_byes() -> None:
    entrants = field(5)
    assert swiss_pairs(entrants) == SwissRound((("p0", "p2"), ("p1", "p3")), "p4")
    had = [*entrants[:4], Entrant("p4", 1960, byes=1)]
    assert swiss_pairs(had) == SwissRound((("p0", "p2"), ("p1", "p4")), "p3")


def test_swiss_leaves_out_the_withdrawn() -> None:
    entrants = [*field(4), Entrant("gone", 2500, 3, withdrawn=True)]
    assert swiss_pairs(entrants) == SwissRound((("p0", "p2"), ("p1", "p3")), None)
    assert swiss_pairs(entrants[4:]) == SwissRound((), None)
    assert swiss_pairs(entrants[:1]) == SwissRound((), "p0")


def test_swiss_first_in_a_pair_has_the_fewer_souths() -> None:
    entrants = [Entrant("a", 1600, souths=1), Entrant("b", 1500),
                Entrant("c", 1400), Entrant("d", 1300, souths=-1)]
    assert swiss_pairs(entrants).pairs == (("c", "a"), ("d", "b"))


def fewest_rematches(names: list[str], opponents: dict[str, set[str]]) -> int:
    """The fewest rematches of any pairing of `names` (an even count), by brute force."""
    if not names:
        return 0
    head, rest = names[0], names[1:]
    return min((head in opponents[other]) + fewest_rematches(rest[:k] + rest[k + 1:], opponents)
               for k, other in enumerate(rest))


def random_fields(seed: int, count: int, largest: int) -> Iterator[list[Entrant]]:
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(1, largest)
        names = [f"x{i}" for i in range(n)]
        history: dict[str, set[str]] = {name: set() for name in names}
        density = rng.random()
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if rng.random() < density:
                    history[a].add(b)
                    history[b].add(a)
        yield [Entrant(name, rng.choice([1400, 1500, 1600]), rng.choice([0, 0.5, 1, 2]),
                       tuple(sorted(history[name])), rng.randint(-1, 1),
                       rng.random() < 0.1, rng.randint(0, 1)) for name in names]


def check_round(entrants: list[Entrant], pairing: SwissRound) -> None:
    playing = sorted(e.name for e in entrants if not e.withdrawn)
    seated = [name for pair in pairing.pairs for name in pair]
    if pairing.bye is not None:
        seated.append(pairing.bye)
        fewest = min(e.byes for e in entrants if not e.withdrawn)
        assert next(e for e in entrants if e.name == pairing.bye).byes == fewest
    assert sorted(seated) == playing
    assert (pairing.bye is not None) == (len(playing) % 2 == 1)
    opponents = {e.name: set(e.opponents) for e in entrants}
    for e in entrants:
        for other in e.opponents:
            opponents[other].add(e.name)
    rematches = sum(1 for a, b in pairing.pairs if b in opponents[a])
    rest = [name for name in playing if name != pairing.bye]
    assert rematches == fewest_rematches(rest, opponents)


@pytest.mark.parametrize("budget", [tourney_swiss.WORK_BUDGET, 3, 0])
def test_swiss_seats_everyone_once_with_the_fewest_rematches(
        budget: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # budgets 3 and 0: the searches stop at once, the matching pairs the field
    monkeypatch.setattr(tourney_swiss, "WORK_BUDGET", budget)
    for entrants in random_fields(1027, 300, 11):
        check_round(entrants, swiss_pairs(entrants))


def test_swiss_pairing_depends_only_on_the_field() -> None:
    rng = random.Random(5)
    for entrants in random_fields(2027, 20, 40):
        first = swiss_pairs(entrants)
        rng.shuffle(entrants)
        assert swiss_pairs(entrants) == first


def test_swiss_pairs_a_large_crowded_field() -> None:
    # 200 players who met most of the field: far past what a real event reaches
    rng = random.Random(3)
    names = [f"p{i}" for i in range(200)]
    history: dict[str, set[str]] = {name: set() for name in names}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if rng.random() < 0.95:
                history[a].add(b)
                history[b].add(a)
    entrants = [Entrant(name, rng.gauss(1500, 200), rng.choice([0, 1, 2, 3]),
                        tuple(sorted(history[name]))) for name in names]
    pairing = swiss_pairs(entrants)
    assert sorted(name for pair in pairing.pairs for name in pair) == sorted(names)
    assert not any(b in history[a] for a, b in pairing.pairs)


def largest_matching(vertices: list[int], allowed: list[int]) -> int:
    if len(vertices) < 2:
        return 0
    head, rest = vertices[0], vertices[1:]
    return max([largest_matching(rest, allowed)] + [
        1 + largest_matching(rest[:k] + rest[k + 1:], allowed)
        for k, other in enumerate(rest) if allowed[head] >> other & 1])


def test_the_matching_grows_any_start_to_a_maximum_one() -> None:
    # sparse random graphs from random starts: augmenting paths through odd cycles
    rng = random.Random(42)
    for _ in range(400):
        n = rng.randint(2, 12)
        allowed = [0] * n
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < 0.3:
                    allowed[a] |= 1 << b
                    allowed[b] |= 1 << a
        mate = [-1] * n
        for a in rng.sample(range(n), n):
            options = [b for b in range(n) if allowed[a] >> b & 1 and mate[b] < 0 and mate[a] < 0]
            if options:
                b = rng.choice(options)
                mate[a], mate[b] = b, a
        single = sum(1 << v for v in range(n) if mate[v] < 0)
        single = Matching(allowed, 10**9).complete(mate, (1 << n) - 1, single)
        assert single == sum(1 << v for v in range(n) if mate[v] < 0)
        assert all(mate[b] == a and allowed[a] >> b & 1 for a, b in enumerate(mate) if b >= 0)
        assert sum(1 for b in mate if b >= 0) // 2 == largest_matching(list(range(n)), allowed)


def in_rank_order(allowed: list[int]) -> Callable[[int, int, bool], Iterator[int]]:
    def candidates(p: int, free: int, others: bool) -> Iterator[int]:
        later = [q for q in range(p + 1, len(allowed)) if free >> q & 1]
        yield from (q for q in later if allowed[p] >> q & 1)
        if others:
            yield from (q for q in later if not allowed[p] >> q & 1)
    return candidates


def first_best(rest: list[int], allowed: list[int], pair_all: bool) -> list[tuple[int, int]]:
    """By brute force: the pairing best_pairing promises, from its definition."""
    def best(group: list[int]) -> int:  # the most allowed pairs
        if len(group) < 2:
            return 0
        head, tail = group[0], group[1:]
        return max([best(tail)] + [1 + best(tail[:k] + tail[k + 1:])
                                   for k, q in enumerate(tail) if allowed[head] >> q & 1])
    if len(rest) < 2:
        return []
    head, tail = rest[0], rest[1:]
    for k, q in sorted(enumerate(tail), key=lambda kq: not allowed[head] >> kq[1] & 1):
        fits = allowed[head] >> q & 1
        if (fits or pair_all) and fits + best(tail[:k] + tail[k + 1:]) == best(rest):
            return [(head, q), *first_best(tail[:k] + tail[k + 1:], allowed, pair_all)]
    return first_best(tail, allowed, pair_all)  # head waits


@pytest.mark.parametrize("pair_all", [True, False])
def test_best_pairing_is_the_first_with_the_most_allowed_pairs(pair_all: bool) -> None:
    rng = random.Random(99)
    for _ in range(300):
        n = rng.randint(0, 10)
        allowed = [0] * n
        density = rng.random()
        for a in range(n):
            for b in range(a + 1, n):
                if rng.random() < density:
                    allowed[a] |= 1 << b
                    allowed[b] |= 1 << a
        pairs, waiting = best_pairing(allowed, in_rank_order(allowed), pair_all, 10**9)
        assert pairs == first_best(list(range(n)), allowed, pair_all)
        seated = sorted([v for pair in pairs for v in pair] + waiting)
        assert seated == list(range(n))
        assert len(waiting) == (n % 2 if pair_all else n - 2 * len(pairs))


# micro-matches

def test_micro_match_sides_alternate() -> None:
    assert micro_match_games("a", "b", 3) == [("a", "b"), ("b", "a"), ("a", "b")]
    assert micro_match_games("a", "b", 2) == [("a", "b"), ("b", "a")]
    with pytest.raises(ValueError):
        micro_match_games("a", "b", 0)


@pytest.mark.parametrize(("results", "mode", "n", "outcome"), [
    ([], "best_of", 3, None),
    ([W], "best_of", 3, None),
    ([W, W], "best_of", 3, "win"),
    ([L, L], "best_of", 3, "loss"),
    ([W, L], "best_of", 3, None),
    ([W, D], "best_of", 3, None),
    ([W, D, L], "best_of", 3, "draw"),
    ([D, D, W], "best_of", 3, "win"),
    ([W], "best_of", 1, "win"),
    ([W], "best_of", 2, None),
    ([W, D], "best_of", 2, "win"),
    ([W, W], "play", 3, None),
    ([W], "play", 2, None),
    ([W, W], "play", 2, "win"),
    ([W, L], "play", 2, "draw"),
    ([D, L], "play", 2, "loss"),
])
def test_micro_match_result(results: list[Result], mode: str, n: int, outcome: Result | None) -> None:
    assert mode in ("best_of", "play")
    assert micro_match_result(results, "best_of" if mode == "best_of" else "play", n) == outcome


def test_micro_match_result_refuses_more_games_than_the_match_has() -> None:
    with pytest.raises(ValueError):
        micro_match_result([W, W, W], "play", 2)


# standings

def test_standings_with_buchholz_sonneborn_and_byes() -> None:
    entrants = [Entrant("A", 1600), Entrant("B", 1500), Entrant("C", 1550),
                Entrant("D", 1500), Entrant("E", 1400)]
    records = [MatchRecord(1, "A", "B", "win"), MatchRecord(1, "C", "D", "draw"),
               MatchRecord(1, "E", None, "win"),
               MatchRecord(2, "A", "C", "draw"), MatchRecord(2, "B", "E", "loss"),
               MatchRecord(2, "D", None, "win")]
    assert standings(entrants, records) == [
        Standing(1, "E", 2.0, 0.0, 0.0, 1400),
        Standing(2, "A", 1.5, 1.0, 0.5, 1600),
        Standing(2, "D", 1.5, 1.0, 0.5, 1500),
        Standing(4, "C", 1.0, 3.0, 1.5, 1550),
        Standing(5, "B", 0.0, 3.5, 0.0, 1500),
    ]
