"""What the tournament core works on (issue 27 point 1): an entrant as the pairing sees
it, a game's or a micro-match's result, and one played (or bye) match of a Swiss event.

Plain frozen values, no I/O: the server keeps them, the pairing modules
(tourney_arena.py, tourney_swiss.py) read them and return new decisions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Result = Literal["win", "draw", "loss"]

# a result's points for the side it is written for: a game's (and a Swiss match's) score
POINTS: dict[Result, float] = {"win": 1.0, "draw": 0.5, "loss": 0.0}
# the same result seen from the other side
FLIPPED: dict[Result, Result] = {"win": "loss", "draw": "draw", "loss": "win"}


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in an event, as the pairing needs them."""

    name: str
    rating: float            # the entrant's rating in the event's variant at entry
    score: float = 0.0       # tournament points so far (arena points or Swiss match points)
    opponents: tuple[str, ...] = ()   # names faced, in order (for rematch avoidance)
    souths: int = 0          # games played as the first (South) player minus games as North
    withdrawn: bool = False
    byes: int = 0            # Swiss byes received


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One Swiss micro-match as played: `result_for_first` is its result for `first`.

    `second` None is a bye: `first` was not paired that round. A bye is recorded as
    "win" (one match point; a half-point bye would be "draw") and never counts in the
    tiebreaks.
    """

    round: int
    first: str
    second: str | None
    result_for_first: Result
