"""A tournament's document (the one JSON value its store row holds: tourney_rows.py), what
is derived from it, and what viewers see of it.

What the document keeps is only what happened: who entered (and left), which games were
paired, in which round and micro-match, and how each ended. Every score, streak,
opponent list and tiebreak is worked out again from that (`tally`), so a write that
lost a race is redone by applying the same change to the newer document, and nothing
derived can drift from the games.
"""

from __future__ import annotations

import hashlib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from mancala.protocol.fields import TimeControl
from mancala.protocol.tourney_messages import (
    MatchMode,
    PairingRow,
    StandingRow,
    TournamentState,
    TourneyKind,
)
from mancala_server.tourney_arena import arena_points, on_fire
from mancala_server.tourney_model import Entrant, MatchRecord, Result
from mancala_server.tourney_rows import TourneyRow
from mancala_server.tourney_swiss import micro_match_result, standings

GameResult = Literal["south", "north", "draw", "none"]  # none: aborted, no winner, no points
MATCH_POINTS: dict[Result, float] = {"win": 1.0, "draw": 0.5, "loss": 0.0}


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TPlayer(_Doc):
    id: str
    name: str
    rating: float
    bot: bool = False
    joined: float
    withdrawn: bool = False
    address: str = ""  # a digest of the address entered from: entries per address are capped


class TGame(_Doc):
    room: str  # "" for a game forfeited before it had a room (a Swiss player gone)
    round: int
    south: str  # player ids; south moves first
    north: str
    match: int | None = None  # a Swiss game's micro-match (index into matches)
    game_id: int | None = None
    result: GameResult | None = None  # None while it is played
    started: float
    ended: float | None = None


class TMatch(_Doc):
    round: int
    first: str
    second: str | None  # None: a bye


class Tourney(_Doc):
    id: str
    name: str
    kind: TourneyKind
    variant: str
    title: str
    clock: dict[str, int]
    rated: bool
    created_by: str
    created_by_name: str
    created: float
    starts_at: float
    status: Literal["open", "running", "finished"] = "open"
    minutes: float = 0.0  # arena
    ends_at: float | None = None
    rounds: int = 0  # swiss
    games_per_match: int = 0
    mode: MatchMode = "play"
    round: int = 0
    players: dict[str, TPlayer] = {}
    games: list[TGame] = []
    matches: list[TMatch] = []

    def pending(self) -> list[TGame]:
        return [g for g in self.games if g.result is None]

    def busy(self) -> set[str]:
        return {p for g in self.pending() for p in (g.south, g.north)}

    def active(self) -> list[TPlayer]:
        return [p for p in self.players.values() if not p.withdrawn]


def address_digest(tid: str, address: str) -> str:
    """What the document keeps of an entrant's address: enough to count entries from one
    address in this tournament, not the address itself (documents are read by every node
    and kept in backups), and not the same mark from one tournament to the next."""
    return hashlib.sha256(f"{tid}:{address}".encode()).hexdigest()[:20]


def result_for(game: TGame, player: str) -> Result | None:
    """A finished game's result for one of its players (None: aborted, or still played)."""
    if game.result is None or game.result == "none":
        return None
    if game.result == "draw":
        return "draw"
    winner = game.south if game.result == "south" else game.north
    return "win" if winner == player else "loss"


def arena_results(t: Tourney) -> dict[str, list[Result]]:
    """Each player's results in the order their games ended (the order streaks count in);
    an aborted game counts as a loss for both (it scores nothing and ends a streak)."""
    out: dict[str, list[Result]] = {p: [] for p in t.players}
    for g in sorted((g for g in t.games if g.result is not None), key=lambda g: (g.ended or 0.0, g.room)):
        for p in (g.south, g.north):
            out.setdefault(p, []).append(result_for(g, p) or "loss")
    return out


def match_records(t: Tourney) -> list[MatchRecord]:
    """The Swiss micro-matches decided so far, as the pairing core reads them."""
    records = []
    games = games_by_match(t)
    for number, m in enumerate(t.matches):
        result = match_result(t, number, games.get(number, []))
        if result is not None:
            records.append(MatchRecord(m.round, m.first, m.second, result))
    return records


def games_by_match(t: Tourney) -> dict[int, list[TGame]]:
    """Each micro-match's games in the order they were paired (one pass over the games)."""
    out: dict[int, list[TGame]] = {}
    for g in t.games:
        if g.match is not None:
            out.setdefault(g.match, []).append(g)
    return out


def match_result(t: Tourney, number: int, games: list[TGame]) -> Result | None:
    """A micro-match's result for its first player once decided (a bye: a win); `games`:
    its games (games_by_match)."""
    m = t.matches[number]
    if m.second is None:
        return "win"
    if any(g.result is None for g in games):
        return None
    # an aborted game of a match counts as a draw: neither side won it
    results: list[Result] = [result_for(g, m.first) or "draw" for g in games]
    return micro_match_result(results, t.mode, t.games_per_match)


def entrants(t: Tourney, records: list[MatchRecord] | None = None) -> list[Entrant]:
    """Every entrant as the pairing core sees them: score, opponents, sides and byes
    (`records`: the Swiss match_records, when the caller has them already)."""
    if t.kind == "arena":
        results = arena_results(t)
        scores = {p: float(arena_points(rs)) for p, rs in results.items()}
    else:
        scores = {p: 0.0 for p in t.players}
        for r in match_records(t) if records is None else records:
            scores[r.first] = scores.get(r.first, 0.0) + MATCH_POINTS[r.result_for_first]
            if r.second is not None:
                flipped: Result = {"win": "loss", "loss": "win", "draw": "draw"}[r.result_for_first]  # type: ignore[assignment]
                scores[r.second] = scores.get(r.second, 0.0) + MATCH_POINTS[flipped]
    opponents: dict[str, list[str]] = {p: [] for p in t.players}
    souths: dict[str, int] = dict.fromkeys(t.players, 0)
    if t.kind == "arena":
        for g in t.games:
            if g.room:
                opponents[g.south].append(g.north)
                opponents[g.north].append(g.south)
    else:
        for m in t.matches:
            if m.second is not None:
                opponents[m.first].append(m.second)
                opponents[m.second].append(m.first)
    for g in t.games:
        if g.room:
            souths[g.south] += 1
            souths[g.north] -= 1
    byes = dict.fromkeys(t.players, 0)
    for m in t.matches:
        if m.second is None:
            byes[m.first] += 1
    return [Entrant(name=p.id, rating=p.rating, score=scores.get(p.id, 0.0), opponents=tuple(opponents[p.id]),
                    souths=souths[p.id], withdrawn=p.withdrawn, byes=byes[p.id]) for p in t.players.values()]


def standing_rows(t: Tourney) -> list[StandingRow]:
    """The table as shown: by score, then (Swiss) the tiebreaks or (arena) the rating."""
    busy = t.busy()
    played = {p: 0 for p in t.players}
    for g in t.games:
        if g.result is not None and g.room:
            played[g.south] += 1
            played[g.north] += 1
    rows = []
    if t.kind == "swiss":
        records = match_records(t)
        for s in standings(entrants(t, records), records):
            p = t.players[s.name]
            rows.append(StandingRow(rank=s.rank, name=p.name, score=s.score, rating=round(p.rating), bot=p.bot,
                                    games=played[p.id], withdrawn=p.withdrawn, playing=p.id in busy,
                                    buchholz=s.buchholz, sonneborn=s.sonneborn))
        return rows
    results = arena_results(t)
    order = sorted(entrants(t), key=lambda e: (-e.score, -e.rating, t.players[e.name].name))
    for rank, e in enumerate(order, 1):
        p = t.players[e.name]
        rows.append(StandingRow(rank=rank, name=p.name, score=e.score, rating=round(p.rating), bot=p.bot,
                                games=played[p.id], fire=on_fire(results.get(p.id, [])), withdrawn=p.withdrawn,
                                playing=p.id in busy))
    return rows


def view(t: Tourney, version: int, request_id: Any = None) -> TournamentState:
    """What a viewer sees: no player ids, no addresses."""
    names = {p.id: p.name for p in t.players.values()}
    pairings = [PairingRow(room=g.room, round=g.round, south=names.get(g.south, "?"), north=names.get(g.north, "?"))
                for g in t.pending() if g.room]
    bye = next((names.get(m.first) for m in t.matches if m.round == t.round and m.second is None), None)
    swiss = t.kind == "swiss"
    return TournamentState(
        id=request_id, tournament=t.id, name=t.name, kind=t.kind, variant=t.variant, title=t.title,
        clock=TimeControl(**t.clock) if t.clock else None, rated=t.rated, status=t.status, created_by=t.created_by_name, starts_at=t.starts_at,
        ends_at=t.ends_at, round=t.round, rounds=t.rounds if swiss else None,
        games=t.games_per_match if swiss else None, mode=t.mode if swiss else None,
        standings=standing_rows(t), pairings=pairings, bye=bye, version=version)


def tourney_summary(row: TourneyRow) -> dict[str, Any]:
    """A line of the tournaments' list (`/api/tournaments`, the lobby)."""
    t = Tourney.model_validate(row.doc)
    return {"tournament": t.id, "name": t.name, "kind": t.kind, "variant": t.variant, "title": t.title,
            "status": t.status, "starts_at": t.starts_at, "ends_at": t.ends_at, "rounds": t.rounds or None,
            "players": len(t.active()), "rated": t.rated, "clock": t.clock, "url": f"/tournaments/{t.id}"}
