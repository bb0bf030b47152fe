"""Ratings per variant: Glicko-2, computed by the `glicko2-py` library, never by hand.

Each rated game is its own rating period (as online servers do: ratings move after
every game). A rating whose deviation is above PROVISIONAL_RD is shown as provisional.
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
    """One side's rating before and after a rated game."""

    side: RatedSide
    before: Rating
    after: Rating


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


def score_of(outcome: dict[str, Any], seat: int) -> float:
    winner = outcome.get("winner")
    if outcome.get("kind") == "TIE" or winner is None:
        return 0.5
    return 1.0 if winner == seat else 0.0


def settle(sides: list[tuple[RatedSide, Rating]], outcome: dict[str, Any]) -> list[Settled]:
    """Both sides' new ratings from their ratings now (read in the same transaction that
    stores them); a computer side keeps its fixed rating."""
    (a, ra), (b, rb) = sides
    out = []
    for side, mine, theirs in ((a, ra, rb), (b, rb, ra)):
        if side.player is None:
            out.append(Settled(side, mine, mine))
        else:
            out.append(Settled(side, mine, rate(mine, theirs, score_of(outcome, side.seat))))
    return out


def current(side: RatedSide, stored: Rating | None) -> Rating:
    """A side's rating before the game: the computer's fixed one, the stored one, or a
    new player's start."""
    if side.player is None:
        return side.fixed or Rating()
    return stored or Rating()
