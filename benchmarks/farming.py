"""Rating farming, before and after the farming limits: the numbers in docs/competitive.md
("Farming limits"), from the server's own rating rules (mancala_server.ratings.settle).

    .venv/bin/python -m benchmarks.farming

Each scenario is played twice: as the rules were (every rated game a full Glicko-2 game,
a game resigned at move 0 rated) and as they are. Games resigned or drawn before each
player made MIN_MOVES_EACH moves are not rated at all now, so the scenarios below give the
farmers their two moves each: the cheapest games that still count.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala_server.ratings import RatedSide, Rating, Settled, settle

WIN_SOUTH = {"kind": "WIN", "winner": 0}
DRAW = {"kind": "TIE", "winner": None}
Settle = Callable[[list[tuple[RatedSide, Rating]], dict[str, object], int], list[Settled]]


def before(sides: list[tuple[RatedSide, Rating]], outcome: dict[str, object], pair_games: int) -> list[Settled]:
    """The rules as they were: no limits (every opponent established, no pair counted)."""
    grown = [(side, Rating(r.rating, r.rd, r.vol, max(r.games, 10**6))) for side, r in sides]
    return [Settled(s.side, r, Rating(s.after.rating, s.after.rd, s.after.vol, r.games + 1))
            for s, (_, r) in zip(settle(grown, outcome, 0), sides, strict=True)]


def fresh_identities(games: int, rules: Settle) -> float:
    """One player beats a new throwaway identity `games` times (each resigns)."""
    farmer = Rating()
    for n in range(games):
        me, them = RatedSide(0, "farmer", "farmer"), RatedSide(1, f"sybil-{n}", "sybil")
        farmer = rules([(me, farmer), (them, Rating())], WIN_SOUTH, 0)[0].after
    return farmer.rating


def one_pair(games: int, rules: Settle, start: Rating) -> tuple[float, float]:
    """The same two players, the one always resigning to the other, `games` times in a day."""
    a, b = start, start
    for n in range(games):
        sa, sb = rules([(RatedSide(0, "a", "a"), a), (RatedSide(1, "b", "b"), b)], WIN_SOUTH, n)
        a, b = sa.after, sb.after
    return a.rating, b.rating


def main() -> None:
    now: Settle = settle
    print("fresh identities resigning to one player: the player's rating after N games")
    for n in (1, 5, 10, 30):
        print(f"  {n:>2}: before {fresh_identities(n, before):.0f}, now {fresh_identities(n, now):.0f}")
    print("one pair, 30 games in a day, one resigning each time")
    for label, start in (("two new players", Rating()), ("two established players (10 games, RD 80)",
                                                          Rating(1500, 80, 0.06, 10))):
        was, is_ = one_pair(30, before, start), one_pair(30, now, start)
        print(f"  {label}: before {was[0]:.0f} vs {was[1]:.0f}, now {is_[0]:.0f} vs {is_[1]:.0f}")


if __name__ == "__main__":
    main()
