"""A tournament's director: reads its document, records the games that ended, starts it,
pairs (arena: whoever waits; Swiss: a round at a time, then each micro-match's next game),
seats the players in new rooms, and ends it. One node directs a tournament at a time
(the lease: tourney_lease.py); what it decides is written on the document's version
(tourneys.Tournaments.update), so a join on another node meanwhile is never lost.

A room is made and its players seated before the document records it; a director that
dies in between leaves that game unrecorded (it is played, and rated, but scores nothing).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from mancala.protocol.fields import TimeControl
from mancala.protocol.tourney_messages import TournamentGame
from mancala.rules.loading import load_variant
from mancala_server import fair_start
from mancala_server.match import aborted_by
from mancala_server.room import Room
from mancala_server.store import GameRow
from mancala_server.tourney_arena import arena_pairs
from mancala_server.tourney_doc import (
    GameResult,
    TGame,
    TMatch,
    Tourney,
    entrants,
    games_by_match,
    match_result,
)
from mancala_server.tourney_swiss import micro_match_games, swiss_pairs
from mancala_server.tourney_venue import TourneyVenue

log = logging.getLogger("mancala_server")

Change = Callable[[Tourney], None]
START_GRACE = 600.0  # an event short of two players at its time waits this long for them
STALE_GAME = 6 * 3600.0  # a game neither stored as ended nor live after this long counts as aborted


def _sides(row: GameRow, game: TGame) -> Sequence[str | None]:
    """The players by seat as they sit at the end (a swap moves them: the terms say so)."""
    return row.match.terms.players if row.match is not None else (game.south, game.north)


def stored_result(row: GameRow, game: TGame) -> GameResult | None:
    """How a stored game ended for the tournament, None while it is still played."""
    if row.reason is None and row.outcome is None:
        return None
    if row.outcome is None or row.reason == "aborted":
        return "none"
    if row.outcome.winner is None or not row.outcome.kind.value.endswith("WIN"):
        return "draw"
    winner = _sides(row, game)[row.outcome.winner]
    return "south" if winner == game.south else "north" if winner == game.north else "none"


def idle_player(row: GameRow, game: TGame) -> str | None:
    """The player whose absence aborted a stored game (no first move, or gone before both
    had moved), if it was one of the tournament game's two."""
    seat = aborted_by(row.result) if row.reason == "aborted" else None
    player = None if seat is None else _sides(row, game)[seat]
    return player if player in (game.south, game.north) else None


class Director:
    def __init__(self, hub: TourneyVenue,
                 update: Callable[[str, Change], Awaitable[tuple[Tourney, int]]]) -> None:
        self.hub = hub
        self.update = update
        self._variants: dict[str, tuple[dict[str, Any], Any]] = {}  # a round's rooms share one load

    def _variant(self, name: str) -> tuple[dict[str, Any], Any]:
        if name not in self._variants:
            path = self.hub.configs[name]
            self._variants = {name: (json.loads(path.read_text(encoding="utf-8")), load_variant(path))}
        return self._variants[name]

    async def advance(self, tid: str) -> None:
        row = await self.hub.players_storage().tournament(tid)
        if row is None:
            return
        t = Tourney.model_validate(row.doc)
        changes: list[Change] = []

        def do(change: Change) -> None:
            change(t)  # decide on the document as it will be
            changes.append(change)

        await self._results(t, do)
        now = time.time()
        if t.status == "open" and now >= t.starts_at:
            do(_start(now))
        if t.status == "running":
            if t.kind == "arena":
                await self._arena(t, now, do)
            else:
                await self._swiss(t, now, do)
        if changes:
            def replay(fresh: Tourney) -> None:
                for change in changes:
                    change(fresh)

            await self.update(tid, replay)

    # ---- results ------------------------------------------------------------------------------

    async def _results(self, t: Tourney, do: Callable[[Change], None]) -> None:
        storage = self.hub.players_storage()
        for g in t.pending():
            room = self.hub.rooms.get(g.room)
            if room is not None and not room.finished:
                await self._recall(t, g, room)
                continue  # played here, still going: nothing to read
            stored = await storage.game(g.game_id) if g.game_id is not None else None
            result = stored_result(stored, g) if stored is not None else None
            if result is None and room is None and time.time() - g.started > STALE_GAME:
                result = "none"
            idle = idle_player(stored, g) if stored is not None and result == "none" else None
            if idle is not None:
                # a player at their screen but not playing would otherwise be paired again
                # and again, each time holding an opponent for the first-move limit
                do(_withdraw(idle))
                log.info("tournament %s: %s withdrawn: their game in room %s was aborted", t.id, idle, g.room)
                if t.kind == "swiss":  # as a player gone when the game was due: theirs to lose
                    result = "north" if idle == g.south else "south"
            if result is not None:
                do(_ended(g.room, result, time.time()))

    # ---- arena ----------------------------------------------------------------------------------

    async def _arena(self, t: Tourney, now: float, do: Callable[[Change], None]) -> None:
        if t.ends_at is not None and now >= t.ends_at:
            if not t.pending():
                do(_finish)
            return
        busy = t.busy()
        waiting = [e for e in entrants(t) if not e.withdrawn and e.name not in busy]
        reachable = [e for e in waiting if await self.hub.reach(e.name)]
        last: dict[str, str] = {}
        for g in t.games:
            if g.room:
                last[g.south], last[g.north] = g.north, g.south
        began = time.time()
        made = [game for south, north in arena_pairs(reachable, last)
                if (game := await self._seat(t, south, north, 0, None)) is not None]
        if made:
            do(_add_games(made))
            if len(made) > 1:  # what benchmarks/tournament_round.py reads
                log.info("tournament %s: %d waiting paired and seated: %d games, %.0f ms after it was due",
                         t.id, len(reachable), len(made), (time.time() - began) * 1000)

    # ---- swiss ----------------------------------------------------------------------------------

    async def _swiss(self, t: Tourney, now: float, do: Callable[[Change], None]) -> None:
        current = [n for n, m in enumerate(t.matches) if m.round == t.round]
        games = games_by_match(t)
        due: float | None = None  # a new round: when it was due
        if t.round == 0 or all(match_result(t, n, games.get(n, [])) is not None for n in current):
            if t.round >= t.rounds:
                do(_finish)
                return
            field = [e for e in entrants(t) if not e.withdrawn]
            present = [e for e in field if await self.hub.reach(e.name)]
            for gone in {e.name for e in field} - {e.name for e in present}:
                do(_withdraw(gone))  # not here when the round is paired: out of the event
            if len(present) < 2:
                do(_finish)
                return
            paired = swiss_pairs(present)
            due = max((g.ended or now for g in t.games), default=t.starts_at)  # the round before's last end
            first = len(t.matches)
            do(_add_round(t.round + 1, [TMatch(round=t.round + 1, first=a, second=b) for a, b in paired.pairs]
                          + ([TMatch(round=t.round + 1, first=paired.bye, second=None)] if paired.bye else [])))
            current = list(range(first, len(t.matches)))
        made: list[TGame] = []
        for n in current:
            m, played = t.matches[n], games.get(n, [])
            if m.second is None or match_result(t, n, played) is not None or any(g.result is None for g in played):
                continue
            south, north = micro_match_games(m.first, m.second, t.games_per_match)[len(played)]
            game = await self._seat(t, south, north, t.round, n)
            if game is None:  # one (or both) is gone: that game is theirs to lose
                here = [p for p in (south, north) if await self.hub.reach(p)]
                result: GameResult = "none" if not here else "south" if here == [south] else "north"
                game = TGame(room="", round=t.round, south=south, north=north, match=n, result=result,
                             started=now, ended=now)
            made.append(game)
        if made:
            do(_add_games(made))
        if due is not None:  # what benchmarks/tournament_round.py reads
            log.info("tournament %s: round %d paired and seated: %d games, %.0f ms after it was due",
                     t.id, t.round, len(made), (time.time() - due) * 1000)

    # ---- a game -------------------------------------------------------------------------------

    async def _seat(self, t: Tourney, south: str, north: str, round_: int, match: int | None) -> TGame | None:
        """A new room of the tournament's terms with both players seated and told; None
        when one of them has no connection now."""
        hub = self.hub
        souths, norths = await hub.reach(south), await hub.reach(north)
        if not souths or not norths:
            return None
        raw, variant = self._variant(t.variant)
        room = hub.new_room(await hub.fresh_code(True, t.variant, raw), t.variant, raw, variant, True)
        pie = fair_start.terms_pie(t.variant, True, t.rated, False, computer=False)
        room.match.configure(TimeControl(**t.clock), t.rated, pie)
        room.begin(0, await room.first_position(0))
        for seat, (member, opponent) in enumerate(((souths[0], north), (norths[0], south))):
            them = hub.adopt(member)
            got, token = room.claim(them, seat)  # type: ignore[arg-type]
            self._tell(t, room, them, got, token, round_, t.players[opponent].name)
        log.info("tournament %s: %s v %s in room %s", t.id, south, north, room.code)
        return TGame(room=room.code, round=round_, south=south, north=north, match=match, game_id=room.game_id,
                     started=time.time())

    def _tell(self, t: Tourney, room: Room, them: Any, seat: int, token: str, round_: int, opponent: str) -> None:
        self.hub.seated_for(them, room.code)
        room.tell(them, TournamentGame(tournament=t.id, room=room.code, seat=seat, token=token,
                                       opponent=opponent, round=round_))
        room.tell(them, room.room_state(seat))

    async def _recall(self, t: Tourney, g: TGame, room: Room) -> None:
        """Seat again, with a new token, a player who is connected but has been away from
        their game a while: the news of it can be lost with the socket it was sent to (its
        node closed it as the game was made), and nothing else tells them where to play."""
        if room.status != "playing":
            return
        since = room.clock.now() - self.hub.settings.tourney_recall_after  # away before this
        for seat, s in enumerate(room.seats):
            if s.connected or s.player is None or s.away_since is None or s.away_since > since:
                continue
            members = await self.hub.reach(s.player)
            if not members:
                continue
            token = room.reissue(seat)
            them = self.hub.adopt(members[0])
            room.reconnect(them, token)
            opponent = g.north if s.player == g.south else g.south
            self._tell(t, room, them, seat, token, g.round, t.players[opponent].name)
            log.info("tournament %s: %s told again of their game in room %s", t.id, s.player, room.code)


# ---- changes (each applies again to a newer document when a write lost its race) ----------


def _start(now: float) -> Change:
    def change(t: Tourney) -> None:
        if t.status != "open":
            return
        if len(t.active()) < 2:
            if now - t.starts_at > START_GRACE:
                t.status = "finished"  # nobody came to play: over before it began
            return  # else it waits a while for a second player
        t.status = "running"
        t.starts_at = min(t.starts_at, now)
        if t.kind == "arena":
            t.ends_at = now + t.minutes * 60
    return change


def _ended(room: str, result: GameResult, at: float) -> Change:
    def change(t: Tourney) -> None:
        for g in t.games:
            if g.room == room and g.result is None:
                g.result, g.ended = result, at
    return change


def _add_games(games: list[TGame]) -> Change:
    def change(t: Tourney) -> None:
        there = {g.room for g in t.games if g.room}
        t.games.extend(g.model_copy() for g in games if not g.room or g.room not in there)
    return change


def _add_round(number: int, matches: list[TMatch]) -> Change:
    def change(t: Tourney) -> None:
        if t.round < number:
            t.round = number
            t.matches.extend(m.model_copy() for m in matches)
    return change


def _withdraw(player: str) -> Change:
    def change(t: Tourney) -> None:
        if player in t.players:
            t.players[player].withdrawn = True
    return change


def _finish(t: Tourney) -> None:
    t.status = "finished"
