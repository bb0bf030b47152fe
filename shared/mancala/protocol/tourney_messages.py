"""Tournaments on the socket (docs/tournaments.md): the requests that make, join, leave,
watch and start one, and what the server pushes: the standings, and a player's game.

An arena pairs its waiting players again and again until its time is up; a Swiss event
pairs everyone once a round and each pairing plays a micro-match (both sides, best of N
or N games). The standings are the tournament's, held once in the store, and pushed to
everyone watching whenever they change.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from mancala.protocol.fields import Name, RequestId, TimeControl, WireModel

TourneyId = Annotated[str, Field(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
TourneyKind = Literal["arena", "swiss"]
MatchMode = Literal["best_of", "play"]


class _TourneyRequest(WireModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    id: RequestId = None


class CreateTournament(_TourneyRequest):
    """A player makes a tournament; it starts `starts_in` seconds later (its maker may
    start it sooner). An arena lasts `minutes`; a Swiss event has `rounds` rounds of
    micro-matches of `games` games each (`mode` best_of: until one side cannot be caught)."""

    type: Literal["create_tournament"] = "create_tournament"
    kind: TourneyKind
    variant: str
    name: Name
    clock: TimeControl | None = None
    rated: bool = True
    starts_in: Annotated[int, Field(ge=0, le=7 * 24 * 3600)] = 300
    minutes: Annotated[float, Field(gt=0, le=24 * 60)] = 30.0
    rounds: Annotated[int, Field(ge=1, le=30)] = 5
    games: Annotated[int, Field(ge=1, le=9)] = 2
    mode: MatchMode = "play"


class JoinTournament(_TourneyRequest):
    """Enter (or, in an arena, come back after leaving)."""

    type: Literal["join_tournament"] = "join_tournament"
    tournament: TourneyId


class LeaveTournament(_TourneyRequest):
    """Withdraw: no more pairings; the points made stay."""

    type: Literal["leave_tournament"] = "leave_tournament"
    tournament: TourneyId


class WatchTournament(_TourneyRequest):
    """Follow the standings (replaces the tournament this connection watched before)."""

    type: Literal["watch_tournament"] = "watch_tournament"
    tournament: TourneyId


class StartTournament(_TourneyRequest):
    """The maker starts it now rather than at its time."""

    type: Literal["start_tournament"] = "start_tournament"
    tournament: TourneyId


TOURNEY_REQUESTS = (CreateTournament, JoinTournament, LeaveTournament, WatchTournament, StartTournament)


# ---- server -> client ---------------------------------------------------------------


class StandingRow(WireModel):
    rank: int
    name: str
    score: float
    rating: int
    bot: bool = False
    games: int = 0
    fire: bool = False  # an arena's streak: the next result counts double
    withdrawn: bool = False
    playing: bool = False
    buchholz: float | None = None  # Swiss tiebreaks
    sonneborn: float | None = None


class PairingRow(WireModel):
    """A game being played: its room (watchable), the players by name."""

    room: str
    round: int
    south: str
    north: str


class TournamentState(WireModel):
    """The whole tournament as it stands: the reply to create, join, leave, watch and
    start, and pushed to its watchers whenever it changes."""

    type: Literal["tournament_state"] = "tournament_state"
    id: RequestId = None
    tournament: str
    name: str
    kind: TourneyKind
    variant: str
    title: str
    clock: TimeControl | None = None
    rated: bool
    status: Literal["open", "running", "finished"]
    created_by: str
    starts_at: float
    ends_at: float | None = None  # an arena's end (epoch seconds)
    round: int = 0  # a Swiss event's current round
    rounds: int | None = None
    games: int | None = None  # a Swiss micro-match: games and mode
    mode: MatchMode | None = None
    standings: list[StandingRow] = []
    pairings: list[PairingRow] = []
    bye: str | None = None  # the current Swiss round's bye
    version: int = 0


class TournamentGame(WireModel):
    """A player's next game in a tournament: their seat and token in its room (a
    room_state push follows), whoever they are paired with."""

    type: Literal["tournament_game"] = "tournament_game"
    tournament: str
    room: str
    seat: int
    token: str
    opponent: str
    round: int = 0
