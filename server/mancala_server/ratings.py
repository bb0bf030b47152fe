"""Ratings per variant: Glicko-2, computed by the `glicko2-py` library, never by hand.

Each rated game is its own rating period (as online servers do: ratings move after
every game). A rating whose deviation is above PROVISIONAL_RD is shown as provisional.

Farming limits (docs/competitive.md, "Farming limits"): a game moves a player's rating by
a `weight` of what Glicko-2 says, the product of two rules decided here once:
`new_opponent_weight` (a player's first NEW_PLAYER_GAMES rated games move their opponents
little: a fresh identity is free to make, so its results vouch for nothing) and
`pair_weight` (the same two players' games within PAIR_WINDOW count less and less). Which
games are rated at all (moves by each side, aborts) is the match's rule (match.py).
Computer opponents have fixed ratings (COMPUTER_RATINGS, measured with `mancala arena`,
docs/competitive.md): a rated game against one moves only the human's rating.

Why this library and not `glicko2` (the older package of that name): that one gives
1441.5 / 193.2 for the worked example of Glickman's paper, whose answer is
1464.06 / 151.52; `glicko2-py` gives the paper's numbers, ships type hints, and depends
on nothing (tests/server/test_ratings.py checks the example, so an update that breaks
it fails the tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from glicko2.math.algorithm import update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi

START = 1500.0
START_RD = 350.0
START_VOL = 0.06
PROVISIONAL_RD = 110.0  # above it a rating is "provisional" (a "?" next to it)
MIN_RD = 45.0  # never more certain than this: a rating keeps moving a little
COMPUTER_RD = 60.0  # the computers' fixed ratings count as fairly certain opponents
# A player's first NEW_PLAYER_GAMES rated games in a ladder move their opponent by
# games / NEW_PLAYER_GAMES of the full change (0 for a fresh identity): farming a rating
# off throwaway identities then needs each of them to have played that many rated games
# first. Counted in games, not deviation: a deviation also falls by playing the farmer.
NEW_PLAYER_GAMES = 10
# The same two players' rated games in one ladder within PAIR_WINDOW seconds: the first
# PAIR_FULL count fully, each one after counts half the one before (1, 1, 1/2, 1/4, ...),
# so a pair repeating games moves either rating by at most about three games' worth a day.
PAIR_WINDOW = 86_400.0
PAIR_FULL = 2

# measured with `mancala arena` (benchmarks/computer_ratings.py; the matches in
# docs/competitive.md, "Computer ratings"), anchored at medium = 1500, per variant: a level
# is stronger in one game than in another (in Kalah expert is less far above hard than in
# Oware). Variants not measured use Oware Abapa's.
COMPUTER_RATINGS: dict[int | str, float] = {0: 737.0, 1: 1500.0, 2: 1790.0, 3: 2236.0, "perfect": 2557.0}
COMPUTER_RATINGS_BY_VARIANT: dict[str, dict[int | str, float]] = {
    "oware_abapa": COMPUTER_RATINGS,
    "kalah_4": {0: 1144.0, 1: 1500.0, 2: 1717.0, 3: 1971.0, "perfect": 2089.0},
    "awari": {0: 946.0, 1: 1500.0, 2: 1817.0, 3: 2157.0, "perfect": 2802.0},
    "bohnenspiel": {0: 1035.0, 1: 1500.0, 2: 1722.0, 3: 2032.0, "perfect": 2552.0},
    "bao": {0: 1311.0, 1: 1500.0, 2: 1712.0, 3: 1874.0, "perfect": 2100.0},
    # the rest of the 20 most played, 40 games a pair at the server's 2,000 ms cap: perfect
    # was not measured and takes expert's rating (it is at least as strong), and a level
    # that did not beat the one below is given that one's rating
    "kalah": {0: 1267.0, 1: 1500.0, 2: 1624.0, 3: 1710.0, "perfect": 1710.0},
    "toguz_kumalak": {0: 737.0, 1: 1500.0, 2: 1596.0, 3: 1792.0, "perfect": 1792.0},
    "ayoayo": {0: 1292.0, 1: 1500.0, 2: 1578.0, 3: 1763.0, "perfect": 1763.0},
    "wari": {0: 932.0, 1: 1500.0, 2: 1806.0, 3: 2053.0, "perfect": 2053.0},
    "dakon": {0: 1088.0, 1: 1500.0, 2: 1569.0, 3: 1586.0, "perfect": 1586.0},
    "congklak": {0: 1088.0, 1: 1500.0, 2: 1569.0, 3: 1586.0, "perfect": 1586.0},
    "sungka": {0: 1088.0, 1: 1500.0, 2: 1569.0, 3: 1586.0, "perfect": 1586.0},
    "chongka": {0: 1088.0, 1: 1500.0, 2: 1569.0, 3: 1586.0, "perfect": 1586.0},
    "pallanguli": {0: 1210.0, 1: 1500.0, 2: 1733.0, 3: 1811.0, "perfect": 1811.0},
    "enkeshui": {0: 1457.0, 1: 1500.0, 2: 1697.0, 3: 1697.0, "perfect": 1697.0},
    "gabata": {0: 737.0, 1: 1500.0, 2: 1864.0, 3: 2250.0, "perfect": 2250.0},
    "songo": {0: 932.0, 1: 1500.0, 2: 1864.0, 3: 2276.0, "perfect": 2276.0},
    "mangala": {0: 1292.0, 1: 1500.0, 2: 1643.0, 3: 1767.0, "perfect": 1767.0},
    "tchuka_ruma": {0: 1315.0, 1: 1500.0, 2: 1685.0, 3: 1685.0, "perfect": 1685.0},
}


@dataclass(frozen=True)
class Rating:
    rating: float = START
    rd: float = START_RD
    vol: float = START_VOL
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD

    def shown(self) -> int:
        return round(self.rating)


@dataclass(frozen=True)
class RatedSide:
    """A seat of a rated game: a known player (whose rating moves), or a computer at a
    fixed rating."""

    seat: int
    player: str | None
    name: str
    fixed: Rating | None = None


@dataclass(frozen=True)
class Settled:
    """One side's rating before and after a rated game, and the share of Glicko-2's change
    it was given (1: a full game; the farming limits give less)."""

    side: RatedSide
    before: Rating
    after: Rating
    weight: float = 1.0


def computer_ratings(variant: str | None) -> dict[int | str, float]:
    """The computer levels' ratings in a variant (Oware Abapa's where it was not measured)."""
    return COMPUTER_RATINGS_BY_VARIANT.get(variant or "", COMPUTER_RATINGS)


def computer_rating(level: Any, variant: str | None = None) -> Rating:
    key = "perfect" if level == "perfect" else int(level)
    return Rating(computer_ratings(variant).get(key, START), COMPUTER_RD, START_VOL, 0)


def rate(me: Rating, opponent: Rating, score: float) -> Rating:
    """`me` after one game against `opponent` (score 1 win, 0.5 draw, 0 loss)."""
    new = update_rating(rating_to_mu(me.rating), rd_to_phi(me.rd), me.vol,
                        [(rating_to_mu(opponent.rating), rd_to_phi(opponent.rd), score)])
    return Rating(mu_to_rating(new.mu), max(MIN_RD, phi_to_rd(new.phi)), new.sigma, me.games + 1)


def new_opponent_weight(opponent: RatedSide, theirs: Rating) -> float:
    """Rule: how much a game against `opponent` (rated `theirs` before it) counts: a person
    in their first NEW_PLAYER_GAMES rated games counts games / NEW_PLAYER_GAMES; a computer
    (its rating fixed and measured) and an established player count fully."""
    if opponent.player is None:
        return 1.0
    return min(1.0, theirs.games / NEW_PLAYER_GAMES)


def pair_weight(pair_games: int) -> float:
    """Rule: how much the same two players' next game counts, after `pair_games` rated games
    between them in the ladder within PAIR_WINDOW: 1, 1, then halving with each game."""
    return 1.0 if pair_games < PAIR_FULL else 0.5 ** (pair_games - PAIR_FULL + 1)


def weighted(before: Rating, full: Rating, weight: float) -> Rating:
    """`before` moved `weight` of the way to the library's result `full` (rating, deviation
    and volatility alike): Glicko-2 has no weighted game, and its numbers stay the library's.
    The game is counted (games + 1) whatever its weight."""
    if weight >= 1.0:
        return full

    def part(a: float, b: float) -> float:
        return a + weight * (b - a)

    return Rating(part(before.rating, full.rating), max(MIN_RD, part(before.rd, full.rd)),
                  part(before.vol, full.vol), full.games)


def score_of(outcome: dict[str, Any], seat: int) -> float:
    winner = outcome.get("winner")
    if outcome.get("kind") == "TIE" or winner is None:
        return 0.5
    return 1.0 if winner == seat else 0.0


def settle(sides: list[tuple[RatedSide, Rating]], outcome: dict[str, Any], pair_games: int = 0) -> list[Settled]:
    """Both sides' new ratings from their ratings now (read in the same transaction that
    stores them), each given the farming limits' weight; a computer side keeps its fixed
    rating. `pair_games`: the two players' rated games in the ladder within PAIR_WINDOW
    before this one (a computer is nobody to collude with: its games pass 0)."""
    (a, ra), (b, rb) = sides
    out = []
    for side, mine, (other, theirs) in ((a, ra, (b, rb)), (b, rb, (a, ra))):
        if side.player is None:
            out.append(Settled(side, mine, mine))
        else:
            weight = new_opponent_weight(other, theirs) * pair_weight(pair_games)
            full = rate(mine, theirs, score_of(outcome, side.seat))
            out.append(Settled(side, mine, weighted(mine, full, weight), weight))
    return out


def current(side: RatedSide, stored: Rating | None) -> Rating:
    """A side's rating before the game: the computer's fixed one, the stored one, or a
    new player's start."""
    if side.player is None:
        return side.fixed or Rating()
    return stored or Rating()
