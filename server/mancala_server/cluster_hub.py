"""The hub of one node in a cluster (scale-out mode: MANCALA_REDIS_URL and
MANCALA_DATABASE_URL set). Clients see the same protocol as from a single server.

Ownership: each room lives on one node, its owner, recorded in Redis and valid while
that node's lease lives (cluster.py). Its game is in PostgreSQL, every write fenced
by the epoch the owner took the room with (storage.py), and its messages wait for
their writes (journal.py).

Routing: a request about a room another node owns is forwarded to the owner through
Redis; the owner handles it for a `RemoteMember` (the client as it sees it) with the
same handlers as for its own sockets, and sends what the client must hear back to the
client's node, once per node per message (`Push`), then `Done`. The client's node
writes the frames to its sockets and reads the client's next frame.

Failover: when a node's lease is gone, the nodes that served its rooms' people close
those sockets with code 1012 (the clients reconnect, to any node, with their tokens),
and the first node asked for one of its rooms, or the periodic scan, takes the room
over from the database (its epoch bumped: the dead owner could not write any more).
A request for a room whose owner stopped listening waits for the lease to run out.

Lobby: each owner keeps its public rooms in a Redis hash and announces changes on the
lobby channel; every node answers from its own rooms plus what it heard.

Players: where each known player is connected is in Redis (cluster_players.py), so that
a challenge is told, accepted, declined or withdrawn across nodes.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import secrets
import time
from collections.abc import Collection
from typing import Any

from pydantic import BaseModel

from mancala.protocol.codec import JSON_SUBPROTOCOL, MSGPACK_SUBPROTOCOL, Codec
from mancala.protocol.messages import (
    Error,
    ErrorCode,
    MoveMade,
    QuickPair,
    RoomSummary,
    Seat,
    validate_client,
)
from mancala_server.clock import Clock
from mancala_server.cluster import ERRORS, ClusterLink
from mancala_server.cluster_limits import SharedLimits
from mancala_server.cluster_lobby import SharedLobby
from mancala_server.cluster_players import PlayerPresence
from mancala_server.cluster_upkeep import NodeUpkeep
from mancala_server.compete_hub import ROOM_TYPES
from mancala_server.config import Settings
from mancala_server.connection import Client, deliver_frame
from mancala_server.fencing import LIVE
from mancala_server.journal import Journal, RoomGone
from mancala_server.node_messages import (
    ClientRef,
    Done,
    Forward,
    Gone,
    Kick,
    LobbyNews,
    NodeMessage,
    Push,
    Seated,
    pack,
)
from mancala_server.protocol_codes import MOVED
from mancala_server.rate_limits import LocalLimits
from mancala_server.remote_member import RemoteMember
from mancala_server.room import Room
from mancala_server.room_ports import Member, RoomError
from mancala_server.storage import SqliteStorage, Storage
from mancala_server.tourney_lease import TourneyLeases

log = logging.getLogger("mancala_server")
ROOM_REQUESTS = frozenset({"join_room", "spectate", "reconnect", "move", "swap", "resign", "claim_win", "rematch",
                           "leave", "choose_round"}) | ROOM_TYPES
FORWARD_TRIES = 4


class ClusterHub(PlayerPresence, NodeUpkeep, SharedLobby):
    def __init__(self, settings: Settings, clock: Clock | None = None) -> None:
        self.node = f"{settings.node_id or 'node'}-{secrets.token_hex(3)}"
        super().__init__(settings, clock=clock, deliver=self.cluster_deliver)
        self.inline_fanout = False  # moves are told after their commit: timed in cluster_deliver
        self.link = ClusterLink(settings.redis_url, settings.cluster_name, self.node, settings.node_lease,
                                self.on_node_message, self.on_resubscribed)
        # limits per person and per address, counted by all the nodes together
        self.shared_limits = SharedLimits(settings.redis_url, settings.cluster_name, LocalLimits(self.clock.now),
                                          settings.limits_redis_timeout)
        self.limits = self.shared_limits
        # one node directs each tournament: the one holding its lease (tourney_lease.py)
        self.tournaments.lease = TourneyLeases(self.link.redis, settings.cluster_name, self.node,
                                               settings.node_lease).hold
        self.remote: dict[tuple[str, int], RemoteMember] = {}
        self.by_id: dict[int, Client] = {}
        self.routes: dict[int, dict[str, str]] = {}  # local client id -> {room code: owner node}
        self.pending: dict[int, tuple[str, asyncio.Future[Done | str]]] = {}
        self._refs = itertools.count(1)
        self.taking: dict[str, asyncio.Future[Room | str | None]] = {}
        self.remote_lobby: dict[str, tuple[str, RoomSummary]] = {}  # code -> (owner, summary)
        self.move_received: dict[str, float] = {}  # room -> when its move in progress arrived
        self._unowned: set[str] = set()  # live rooms nobody owned at the last database scan
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def db(self) -> Storage:
        return self.storage

    def _open_storage(self) -> Storage:
        # the cluster's games are in PostgreSQL, connected in start(); until then an empty
        # in-memory SQLite stands in (nothing is served before start)
        return SqliteStorage(None)

    # ---- lifecycle ------------------------------------------------------------------------

    async def start(self) -> None:
        from mancala_server.pg_storage import PostgresStorage

        stand_in = self.storage
        self.storage = await PostgresStorage.connect(self.settings.database_url)
        await stand_in.close()
        await self.link.start()
        await self.load_lobby()
        self._tasks = [asyncio.get_running_loop().create_task(self.keep_lease(), name="cluster-lease")]
        log.info("node %s in cluster %r (lease %g s)", self.node, self.settings.cluster_name,
                 self.settings.node_lease)

    def unready(self) -> str:
        if not self.link.subscribed.is_set():
            return "not subscribed to Redis"
        if time.monotonic() - self.link.lease_renewed > self.settings.node_lease:
            return "lease not renewed"
        return ""

    async def restore(self) -> int:
        return 0  # rooms are taken over when asked for, and by the scans (keep_lease)

    async def stop(self) -> None:
        """Commit what is queued, let the others take the rooms over at once, disconnect."""
        for task in self._tasks:
            task.cancel()
        await self.journals.settle_all(5)
        with contextlib.suppress(*ERRORS):
            await asyncio.wait_for(asyncio.gather(*(self.link.release(c) for c in list(self.rooms))), 5)
        await self.link.stop()
        await self.shared_limits.close()

    # ---- rooms ----------------------------------------------------------------------------

    async def fresh_code(self, public: bool, variant: str, variant_json: dict[str, Any]) -> str:
        """A code no room in the database has, reserved there, and owned here."""
        from mancala_server.store import RoomRow

        while True:
            code = self.new_code(public)
            row = RoomRow(code, variant, variant_json, public, "waiting", None, [(None, None), (None, None)], None)
            if await self.db.reserve_room(row):
                await self.link.acquire(code)
                return code

    def _journal_failed(self, code: str, journal: Journal, exc: Exception) -> None:
        room = self.rooms.get(code)
        if room is not None and self.journals.get(code) is journal:
            self.give_up(room, "this server could not store its game")

    def give_up(self, room: Room, why: str) -> None:
        """Stop serving a room (another node owns it now, or its writes fail): its people are
        closed with 1012 and come back through whoever owns it next."""
        code = room.code
        if self.rooms.get(code) is not room:
            return
        log.warning("room %s: given up (%s)", code, why)
        del self.rooms[code]
        self.journals.pop(code, None)
        room.cancel_timers()
        room.finished = True  # a search in flight must not play into it
        self._lobby_dirty.pop(code, None)
        kicks: dict[str, list[int]] = {}
        for member in room.clients():
            member.seats.pop(code, None)
            member.watching.discard(code)
            if isinstance(member, RemoteMember):
                kicks.setdefault(member.node, []).append(member.id)
            else:
                member.close(MOVED, "the room moved to another server; reconnect")  # type: ignore[attr-defined]
        for node, ids in kicks.items():
            self.send_node(node, Kick(clients=ids, reason="the room moved to another server; reconnect"))
        self._background(self.link.release(code))

    def close_room(self, room: Room, why: str) -> None:
        journal = self.journals.pop(room.code, None)
        super().close_room(room, why)

        async def release() -> None:
            if journal is not None:
                with contextlib.suppress(RoomGone):
                    await journal.settled()
            await self.link.release(room.code)

        self._background(release())

    def _background(self, work: Any) -> None:
        async def run() -> None:
            try:
                await work
            except ERRORS as exc:
                log.warning("cluster: %s", exc)

        asyncio.get_running_loop().create_task(run())

    # ---- taking rooms over ----------------------------------------------------------------

    async def take_over(self, code: str) -> Room | str | None:
        """The room, owned here now (restored from the database); or the live node that
        owns it; or None when the database has no such live room."""
        if code in self.rooms:
            return self.rooms[code]
        pending = self.taking.get(code)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[Room | str | None] = asyncio.get_running_loop().create_future()
        self.taking[code] = future
        try:
            result = await self._take_over(code)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: whoever waits on it gets it too
            raise
        finally:
            del self.taking[code]
        future.set_result(result)
        return result

    async def _take_over(self, code: str) -> Room | str | None:
        row = await self.db.room(code)
        if row is None or row.status not in LIVE:
            return None
        wait = await self.link.settling()
        if wait > 0:  # Redis just started empty: the owner may be about to claim it back
            await asyncio.sleep(wait)
            owner = await self.link.owner(code)
            if owner is not None and owner != self.node:
                return owner
        owner = await self.link.acquire(code)
        if owner != self.node:
            return owner
        taken = await self.db.take_room(code)
        if taken is None:
            await self.link.release(code)
            return None
        row, epoch = taken
        game = await self.db.game(row.game_id) if row.game_id is not None else None
        self._epochs[code] = epoch
        problem = await self._restore_room(row, game)
        if problem is not None:
            await self.db.mark_unrestorable(code, row.game_id, problem)
            await self.link.release(code)
            return None
        room = self.rooms[code]
        self.metrics.takeovers.inc()
        log.info("room %s: taken over from the database at ply %d (epoch %d)", code, len(room.moves), epoch)
        self.room_changed(room)
        return room

    # ---- requests -------------------------------------------------------------------------

    async def dispatch(self, client: Client, kind: str, message: Any, request_id: Any) -> None:
        code: str | None = message.room.upper() if kind in ROOM_REQUESTS else None
        if code is not None and code not in self.rooms and not isinstance(client, RemoteMember):
            try:
                if await self.route(client, code, message.model_dump(mode="json")):
                    return
            except RoomError as exc:
                client.send(Error(id=request_id, code=exc.code, message=exc.message))
                return
            except Exception as exc:  # Redis or PostgreSQL out of reach: said, nothing changed
                log.warning("%s: %s for room %s failed: %s: %s", client.peer, kind, code, type(exc).__name__, exc)
                client.send(Error(id=request_id, code=ErrorCode.TRY_AGAIN,
                                  message=f"{kind}: the servers cannot reach each other just now; try again"))
                return
        if kind == "move" and code is not None and not isinstance(client, RemoteMember):
            self.move_received[code] = time.time()  # (a forwarded move's arrival is set by serve_forward)
        await super().dispatch(client, kind, message, request_id)  # settles the rooms touched

    async def route(self, client: Client, code: str, request: dict[str, Any], *,
                    quick: QuickPair | None = None) -> bool:
        """Send a request about a room this node does not have to its owner: True when the
        owner handled it, False when the room is here now (taken over) and the caller
        handles it. `quick`: the quick_pair request of a quick-pairing join, refused
        (RoomError) unless the room is still open and fits its terms."""
        for _ in range(FORWARD_TRIES):
            if code in self.rooms:
                return False
            owner = await self.link.owner(code)
            if owner is None or owner == self.node:
                got = await self.take_over(code)
                if got is None:
                    raise RoomError(ErrorCode.NO_SUCH_ROOM, f"no room {code!r}")
                if isinstance(got, Room):
                    return False
                owner = got
            answer = await self.forward(owner, client, request, quick)
            if isinstance(answer, Done):
                if answer.refused:
                    raise RoomError(ErrorCode.ROOM_FULL, f"room {code} is no longer waiting")
                if not answer.moved:
                    self.routes.setdefault(client.id, {})[code] = owner
                    return True
            elif answer == "dead":
                await self.lease_gone(owner)
            elif answer == "timeout":
                raise RoomError(ErrorCode.TRY_AGAIN,
                                f"the server that has room {code} did not answer; try again")
        raise RoomError(ErrorCode.TRY_AGAIN, f"room {code} is moving between servers; try again")

    async def lease_gone(self, node: str) -> None:
        """Wait (at most a lease) until a node that no longer listens loses its lease."""
        deadline = time.monotonic() + self.settings.node_lease + 1
        while time.monotonic() < deadline and await self.link.alive({node}):
            await asyncio.sleep(0.1)

    def ref_of(self, client: Client) -> ClientRef:
        return ClientRef(node=self.node, id=client.id, name=client.name, peer=client.peer,
                         address=client.address, binary=client.codec.binary, player=client.player,
                         ratings=dict(client.ratings), latency=client.latency)

    async def forward(self, node: str, client: Client, request: dict[str, Any],
                      quick: QuickPair | None) -> Done | str:
        ref = next(self._refs)
        future: asyncio.Future[Done | str] = asyncio.get_running_loop().create_future()
        self.pending[ref] = (node, future)
        message = Forward(ref=ref, client=self.ref_of(client), request=request, received=time.time(),
                          quick=quick is not None,
                          terms=None if quick is None else quick.model_dump(mode="json", exclude={"id"}))
        heard = self.link.publish(self.link.channel(node), pack(message), want_result=True)
        assert heard is not None
        self.metrics.forwarded.inc()
        try:
            if await heard == 0:
                return "dead"
            return await asyncio.wait_for(asyncio.shield(future), self.settings.forward_timeout)
        except TimeoutError:
            return "timeout"
        finally:
            self.pending.pop(ref, None)

    async def serve_forward(self, fwd: Forward) -> None:
        """A request from a client of another node, about a room here."""
        key = (fwd.client.node, fwd.client.id)
        member = self.remote.get(key)
        if member is None:
            member = self.remote[key] = RemoteMember(self.cluster_deliver, fwd.client)
        else:
            member.update(fwd.client)
        done = Done(ref=fwd.ref)
        try:
            message = validate_client(fwd.request)
            kind = message.type
            code = message.room.upper()
            room = self.rooms.get(code)
            if room is None:
                done = Done(ref=fwd.ref, moved=True)
            elif fwd.quick and not self.pairable(room, member, room.variant_name):  # type: ignore[arg-type]
                done = Done(ref=fwd.ref, refused=True)
            elif fwd.terms is not None and not self.competition.pairs_with(room, member, validate_client(fwd.terms)):
                self.journals[code].offer_quick(code)  # open, but not for these terms: still open to others
                # open again before the pairer hears no: whoever asks after it must find it
                await self.journals.settle([code])
                done = Done(ref=fwd.ref, refused=True)
            else:
                if kind == "move":
                    self.move_received[code] = fwd.received
                await self.dispatch(member, kind, message, message.id)  # type: ignore[arg-type]
        except Exception:
            log.exception("cluster: a forwarded request failed: %r", fwd.request)
        self.send_node(fwd.client.node, done)

    # ---- quick pairing ----------------------------------------------------------------------

    async def pair_waiting(self, client: Client, msg: QuickPair) -> bool:
        """The oldest open quick-pairing room of the variant in the database, on any node,
        whose terms fit (time control, rated, rating range: compete_hub.pairs_with)."""
        skip: list[str] = []  # rooms found not to fit: offered again, for others
        for _ in range(5):
            code = await self.db.take_quick(msg.variant, skip)
            if code is None:
                return False
            skip.append(code)
            room = self.rooms.get(code)
            if room is not None:
                open_here = self.pairable(room, client, msg.variant)
                if open_here and self.competition.pairs_with(room, client, msg):
                    self.take_seat(client, room, None, msg.id)
                    return True
                if room.status == "waiting" and (open_here or client.seats.get(code) is not None):
                    self.journals[code].offer_quick(code)  # still open to others
                    await self.journals.settle([code])  # before this pairer is answered
                continue
            request = {"type": "join_room", "room": code, "seat": None, "id": msg.id}
            try:
                if await self.route(client, code, request, quick=msg):
                    return True
            except RoomError:
                continue
            # taken over here meanwhile: it is local now
            room = self.rooms.get(code)
            if room is not None and self.pairable(room, client, msg.variant) \
                    and self.competition.pairs_with(room, client, msg):
                self.take_seat(client, room, None, msg.id)
                return True
        return False

    def take_seat(self, client: Member, room: Room, seat: Seat | None, request_id: Any) -> None:
        if room.quick and not any(s.taken for s in room.seats):
            # a new quick-pairing room: offered to other pairers (in the database) before its
            # creator hears of the seat, so that a pairer asking next finds it
            self.journals[room.code].offer_quick(room.code)
        super().take_seat(client, room, seat, request_id)

    # ---- connections ------------------------------------------------------------------------

    def connected(self, client: Client) -> None:
        super().connected(client)
        self.by_id[client.id] = client

    def disconnected(self, client: Client) -> None:
        super().disconnected(client)
        self.by_id.pop(client.id, None)
        for node in set(self.routes.pop(client.id, {}).values()):
            self.send_node(node, Gone(node=self.node, client=client.id))

    # ---- messages between nodes -------------------------------------------------------------

    def send_node(self, node: str, message: BaseModel) -> None:
        self.link.publish(self.link.channel(node), pack(message))

    def on_node_message(self, message: NodeMessage) -> None:
        if isinstance(message, Push):
            self._on_push(message)
        elif isinstance(message, Forward):
            asyncio.get_running_loop().create_task(self.serve_forward(message))
        elif isinstance(message, Done):
            waiting = self.pending.get(message.ref)
            if waiting is not None and not waiting[1].done():
                waiting[1].set_result(message)
        elif isinstance(message, Gone):
            self._on_gone(message.node, message.client)
        elif isinstance(message, Kick):
            for cid in message.clients:
                client = self.by_id.get(cid)
                if client is not None:
                    client.close(MOVED, message.reason)
        elif isinstance(message, Seated):
            self._on_seated(message)
        elif isinstance(message, LobbyNews) and message.node != self.node:
            self._on_lobby_news(message)

    def _on_push(self, push: Push) -> None:
        for frame, ids in ((push.text, push.text_to), (push.binary, push.binary_to)):
            if frame is not None:
                deliver_frame([c for c in map(self.by_id.get, ids) if c is not None], frame)
        if push.received is not None:
            self.metrics.fanout.observe(max(0.0, time.time() - push.received))

    def _on_gone(self, node: str, cid: int) -> None:
        member = self.remote.pop((node, cid), None)
        if member is None:
            return
        for code in list(member.seats) + list(member.watching):
            room = self.rooms.get(code)
            if room is not None:
                room.detach(member)

    def cluster_deliver(self, members: Collection[Any], message: BaseModel) -> None:
        """Send to members here and on other nodes: each wire format encoded once, one Push
        per other node."""
        local: list[Client] = []
        remote: dict[str, list[RemoteMember]] = {}
        for m in members:
            if m.__class__ is RemoteMember:
                remote.setdefault(m.node, []).append(m)
            else:
                local.append(m)
        received = self.move_received.pop(message.room, None) if isinstance(message, MoveMade) else None
        frames: dict[bool, Any] = {}

        def frame(binary: bool) -> Any:
            if binary not in frames:
                frames[binary] = Codec(MSGPACK_SUBPROTOCOL if binary else JSON_SUBPROTOCOL).encode(message)
            return frames[binary]

        for binary in (False, True):
            group = [c for c in local if c.codec.binary is binary]
            if group:
                deliver_frame(group, frame(binary))
        if local and received is not None:
            self.metrics.fanout.observe(max(0.0, time.time() - received))
        for node, ms in remote.items():
            text_to = [m.id for m in ms if not m.binary]
            binary_to = [m.id for m in ms if m.binary]
            self.send_node(node, Push(text=frame(False) if text_to else None, text_to=text_to,
                                      binary=frame(True) if binary_to else None, binary_to=binary_to,
                                      received=received))

    def on_resubscribed(self) -> None:
        """Our subscription broke: messages for our clients in other nodes' rooms may be
        lost, so those clients reconnect and get their rooms whole (1012)."""
        for cid, routes in list(self.routes.items()):
            client = self.by_id.get(cid)
            if routes and client is not None:
                client.close(MOVED, "lost touch with the room's server; reconnect")
        self._background(self.load_lobby())
        self._background(self.renew_now())

    async def claim_back(self) -> None:
        """Our lease was gone (Redis restarted empty?): our rooms, and where our players are.

        Players are noted only while we are subscribed: noted before, another node would
        find them here and send them something (a challenge) to a channel nobody hears yet,
        and it would be lost. The lease upkeep can see the new Redis before the subscriber
        does; then on_resubscribed notes them once it is back."""
        await super().claim_back()
        if self.link.subscribed.is_set():
            await self.present_all()

    async def renew_now(self) -> None:
        """Redis is back: our lease and rooms at once, not at the next renewal."""
        if not await self.link.renew():
            log.warning("node %s: lease was gone (Redis restarted?); claiming rooms back", self.node)
            await self.claim_back()
        else:
            # the lease upkeep claimed back first, before we were subscribed (claim_back),
            # and so did not note our players: now that what is sent to them reaches us.
            # After the renewal: a player noted on a node without a lease is dropped as stale
            await self.present_all()

    # ---- metrics ----------------------------------------------------------------------------

    def count_move(self, room: Room) -> None:
        self.metrics.moves.inc()
        self.end_at_move_cap(room)
