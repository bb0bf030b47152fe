"""Tournaments' requests on the socket (docs/tournaments.md): make, join, leave, watch and
start one; and the push of its standings to the connections here that watch it.

The document each request changes lives in the store every node shares
(tourney_rows.py); a request reads it, changes it and writes it back on its version, and
tries again when another write came first. Pairing and results are the director's
(tourney_director.py), which runs on one node at a time per tournament.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from mancala.protocol.fields import TimeControl
from mancala.protocol.server_messages import ErrorCode
from mancala.protocol.tourney_messages import (
    CreateTournament,
    JoinTournament,
    LeaveTournament,
    StartTournament,
    TournamentState,
    WatchTournament,
)
from mancala_server import fair_start
from mancala_server.bots import is_bot
from mancala_server.clock import Timer
from mancala_server.names import problem_in_chat
from mancala_server.rate_limits import LimitRules, person_and_address
from mancala_server.room_ports import Member, RoomError
from mancala_server.storage import Storage
from mancala_server.tourney_director import Director
from mancala_server.tourney_doc import Tourney, TPlayer, address_digest, view
from mancala_server.tourney_schedule import SITE, SITE_NAME, parse_schedule
from mancala_server.tourney_venue import TourneyVenue

log = logging.getLogger("mancala_server")

DEFAULT_CLOCK = TimeControl(base=180, increment=2)  # a tournament's games always have a clock
MAX_PLAYERS = 500
OWN_ACTIVE = 3  # tournaments one player may have open or running at once
ACTIVE_CAP = 200  # open or running tournaments on the whole site (the directors' work is bounded)
TICK = 1.0  # the directors look at least this often
NUDGE_DELAY = 0.05
PUSH_EVERY = 0.25  # a tournament's watchers hear its changes together, this often at most
WRITE_TRIES = 20


async def always(_tid: str) -> bool:
    return True


class Tournaments:
    def __init__(self, hub: TourneyVenue) -> None:
        self.hub = hub
        self.rules = LimitRules.of(hub.settings)
        # whether this node directs a tournament now: always on a single server; a cluster
        # node holds a lease in Redis for it (tourney_lease.py)
        self.lease: Callable[[str], Awaitable[bool]] = always
        self.watchers: dict[str, set[Member]] = {}  # tournament id -> connections here watching it
        self.watching: dict[int, str] = {}  # id(connection) -> the one tournament it watches
        self.shown: dict[str, int] = {}  # tournament id -> the latest version its watchers here heard of
        self.latest: dict[str, tuple[Tourney, int]] = {}  # what the next flush tells
        self.flushes: dict[str, Timer] = {}
        self.director = Director(hub, self.update)
        self._wake = asyncio.Event()
        # the site's own, announced ahead of their start (raises at start-up when unreadable)
        self.schedule = parse_schedule(hub.settings.tourney_schedule, set(hub.variants))

    @property
    def storage(self) -> Storage:
        return self.hub.players_storage()

    def handlers(self) -> dict[str, Callable[[Any, Any], Awaitable[None] | None]]:
        return {"create_tournament": self.on_create, "join_tournament": self.on_join,
                "leave_tournament": self.on_leave, "watch_tournament": self.on_watch,
                "start_tournament": self.on_start}

    def nudge(self) -> None:
        """A game ended here (perhaps a tournament's): the directors look now."""
        self._wake.set()

    # ---- the document -----------------------------------------------------------------------

    async def read(self, tid: str) -> tuple[Tourney, int]:
        row = await self.storage.tournament(tid)
        if row is None:
            raise RoomError(ErrorCode.NO_SUCH_TOURNAMENT, f"no tournament {tid}")
        return Tourney.model_validate(row.doc), row.version

    async def update(self, tid: str, change: Callable[[Tourney], None]) -> tuple[Tourney, int]:
        """Apply `change` to the stored document and write it back on its version; on a
        lost race, read again and apply it again. `change` raises RoomError to refuse."""
        for _ in range(WRITE_TRIES):
            t, version = await self.read(tid)
            change(t)
            if await self.storage.save_tournament(tid, t.status, t.model_dump(mode="json"), version):
                self.push(t, version + 1)
                return t, version + 1
            await asyncio.sleep(0.005 + secrets.randbelow(20) / 1000)
        raise RoomError(ErrorCode.TRY_AGAIN, f"tournament {tid} is changing fast: try again")

    # ---- requests -----------------------------------------------------------------------------

    def _player(self, client: Member) -> str:
        if client.player is None:
            raise RoomError(ErrorCode.NOT_IDENTIFIED, "identify first: tournaments are for known players")
        return str(client.player)

    async def on_create(self, client: Member, msg: CreateTournament) -> None:
        me = self._player(client)
        if msg.variant not in self.hub.variants:
            raise RoomError(ErrorCode.UNKNOWN_VARIANT, f"no variant named {msg.variant!r}")
        problem = problem_in_chat(msg.name)
        if problem is not None:
            raise RoomError(ErrorCode.BAD_MESSAGE, f"name: {problem}")
        clock = msg.clock or DEFAULT_CLOCK
        if clock.days:
            raise RoomError(ErrorCode.BAD_MESSAGE, "clock: a tournament's games are played live (no days per move)")
        fair_start.terms_pie(msg.variant, True, msg.rated, False, computer=False)  # raises where rated play is unfair
        rules = self.rules
        if not await self.hub.limits.take(person_and_address(rules.challenge, rules.challenge_address, client)):
            raise RoomError(ErrorCode.RATE_LIMITED, "too many invitations at once (tournaments count as challenges): "
                                                    "wait a moment")
        if await self.storage.tournaments_by(me, ["open", "running"]) >= OWN_ACTIVE:
            raise RoomError(ErrorCode.QUOTA, f"you have {OWN_ACTIVE} tournaments open or running: let one end first")
        if len(await self.storage.tournaments(["open", "running"], ACTIVE_CAP)) >= ACTIVE_CAP:
            raise RoomError(ErrorCode.QUOTA, f"the site has {ACTIVE_CAP} tournaments open or running: try later")
        now = time.time()
        tid = "t" + secrets.token_urlsafe(9)
        t = Tourney(id=tid, name=msg.name, kind=msg.kind, variant=msg.variant,
                    title=str(self.hub.variants[msg.variant].title), clock=clock.model_dump(), rated=msg.rated,
                    created_by=me, created_by_name=client.name, created=now, starts_at=now + msg.starts_in,
                    minutes=msg.minutes if msg.kind == "arena" else 0.0, rounds=msg.rounds if msg.kind == "swiss" else 0,
                    games_per_match=msg.games if msg.kind == "swiss" else 0, mode=msg.mode)
        await self.storage.add_tournament(tid, me, t.starts_at, t.model_dump(mode="json"))
        log.info("tournament %s (%s, %s) made by %s", tid, msg.kind, msg.variant, me)
        self._watch(client, tid)
        client.send(view(t, 1, msg.id))
        self.nudge()

    async def on_join(self, client: Member, msg: JoinTournament) -> None:
        me = self._player(client)
        t, _ = await self.read(msg.tournament)
        pool = fair_start.rating_pool(t.variant, False, is_bot(me))
        rating = (await self.storage.ratings_of(me)).get(pool)
        digest = address_digest(msg.tournament, client.address)
        per_address = self.hub.settings.tourney_entries_per_address

        def enter(t: Tourney) -> None:
            if t.status == "finished":
                raise RoomError(ErrorCode.TOURNAMENT_CLOSED, f"tournament {t.id} is over")
            if me in t.players:
                t.players[me].withdrawn = False  # back after leaving
                return
            if len(t.players) >= MAX_PLAYERS:
                raise RoomError(ErrorCode.TOURNAMENT_CLOSED, f"tournament {t.id} is full ({MAX_PLAYERS} players)")
            if sum(p.address == digest for p in t.players.values()) >= per_address:
                raise RoomError(ErrorCode.QUOTA, f"{per_address} players from your address are in "
                                                 "this tournament already")
            t.players[me] = TPlayer(id=me, name=client.name, rating=rating.shown() if rating else 1500.0,
                                    bot=is_bot(me), joined=time.time(), address=digest)

        t, version = await self.update(msg.tournament, enter)
        self._watch(client, t.id)
        client.send(view(t, version, msg.id))
        self.nudge()

    async def on_leave(self, client: Member, msg: LeaveTournament) -> None:
        me = self._player(client)

        def leave(t: Tourney) -> None:
            if me not in t.players:
                raise RoomError(ErrorCode.NOT_A_PLAYER, f"you are not in tournament {t.id}")
            t.players[me].withdrawn = True

        t, version = await self.update(msg.tournament, leave)
        client.send(view(t, version, msg.id))

    async def on_start(self, client: Member, msg: StartTournament) -> None:
        me = self._player(client)

        def start(t: Tourney) -> None:
            if t.created_by != me:
                raise RoomError(ErrorCode.NOT_A_PLAYER, "only the tournament's maker starts it early")
            if t.status != "open":
                raise RoomError(ErrorCode.TOURNAMENT_CLOSED, f"tournament {t.id} has started already")
            if len(t.active()) < 2:
                raise RoomError(ErrorCode.TOURNAMENT_CLOSED, "a tournament needs two players to start")
            t.starts_at = min(t.starts_at, time.time())

        t, version = await self.update(msg.tournament, start)
        client.send(view(t, version, msg.id))
        self.nudge()

    async def on_watch(self, client: Member, msg: WatchTournament) -> None:
        t, version = await self.read(msg.tournament)
        self._watch(client, t.id)
        client.send(view(t, version, msg.id))

    # ---- watchers -------------------------------------------------------------------------------

    def _watch(self, client: Member, tid: str) -> None:
        """A connection watches one tournament at a time (what it costs is bounded)."""
        before = self.watching.get(id(client))
        if before is not None and before != tid:
            self.watchers.get(before, set()).discard(client)
        self.watching[id(client)] = tid
        self.watchers.setdefault(tid, set()).add(client)

    def push(self, t: Tourney, version: int) -> None:
        """The tournament changed: its watchers here hear it, at most once a PUSH_EVERY
        with the latest (200 joins at once are one frame to each watcher, not 200)."""
        if self.shown.get(t.id, 0) >= version:
            return
        self.shown[t.id] = version
        if not self.watchers.get(t.id):
            return
        self.latest[t.id] = (t, version)
        if t.id not in self.flushes:
            self.flushes[t.id] = self.hub.clock.call_later(PUSH_EVERY, lambda: self._flush(t.id))

    def _flush(self, tid: str) -> None:
        self.flushes.pop(tid, None)
        t, version = self.latest.pop(tid)
        watchers = self.watchers.get(tid, set())
        state: TournamentState = view(t, version)
        for c in list(watchers):
            if c.closed or self.watching.get(id(c)) != tid:
                watchers.discard(c)
                self.watching.pop(id(c), None)
            else:
                c.send(state)
        if not watchers:
            self.watchers.pop(tid, None)

    # ---- the loop -------------------------------------------------------------------------------

    async def run(self) -> None:
        """Direct the tournaments this node holds, and bring watchers here the changes
        other nodes made (they come from the store: nothing is kept per node)."""
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), TICK)
                # the games of a round end together: one look for all their nudges
                await asyncio.sleep(NUDGE_DELAY)
            self._wake.clear()
            try:
                await self.tick()
            except Exception:  # the store away a moment: the next tick tries again
                log.exception("tournaments: a tick failed")

    async def announce(self, now: float) -> None:
        """The site's next tournaments, each made once whichever node gets there first."""
        for entry in self.schedule:
            start = entry.due(now)
            if start is None:
                continue
            tid = entry.tid(start)
            title = str(self.hub.variants[entry.variant].title)
            t = Tourney(id=tid, name=entry.title(title), kind=entry.kind, variant=entry.variant, title=title,
                        clock=entry.clock.model_dump(), rated=True, created_by=SITE, created_by_name=SITE_NAME,
                        created=now, starts_at=start, mode="play", **entry.terms())
            if await self.storage.add_tournament(tid, SITE, start, t.model_dump(mode="json")):
                log.info("tournament %s scheduled: %s at %s", tid, t.name, time.strftime("%H:%M", time.gmtime(start)))

    async def tick(self) -> None:
        if self.schedule:
            await self.announce(time.time())
        active = await self.storage.tourney_versions(["open", "running"], ACTIVE_CAP)
        seen = {tid for tid, _ in active}
        for tid, version in active:
            if await self.lease(tid):
                try:
                    await self.director.advance(tid)
                except RoomError as exc:
                    log.warning("tournament %s: %s", tid, exc)
            elif self.watchers.get(tid) and self.shown.get(tid, 0) < version:
                await self._tell_stored(tid)
        # watched ones that just ended (on another node, perhaps): their last state, once
        for tid in [tid for tid, ws in self.watchers.items() if ws and tid not in seen]:
            await self._tell_stored(tid)

    async def _tell_stored(self, tid: str) -> None:
        row = await self.storage.tournament(tid)
        if row is not None and self.shown.get(tid, 0) < row.version:
            self.push(Tourney.model_validate(row.doc), row.version)
