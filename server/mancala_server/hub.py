"""The server's state: rooms by code, the lobby and its subscribers, request handlers.

Handlers are a table from message type to method; each returns nothing and
answers through the client. A RoomError becomes a typed error reply.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from mancala.engine.game import IllegalMove
from mancala.protocol import PROTOCOL
from mancala.protocol.codec import FrameError
from mancala.protocol.messages import (
    CLIENT_TYPES,
    Ack,
    ClaimWin,
    CreateRoom,
    Error,
    ErrorCode,
    Hello,
    JoinRoom,
    Leave,
    ListVariants,
    Lobby,
    LobbyUpdate,
    MakeMove,
    Ping,
    Pong,
    QuickPair,
    Reconnect,
    Rematch,
    Resign,
    RoomClosed,
    Seat,
    SeatGranted,
    Spectate,
    SubscribeLobby,
    Swap,
    UnsubscribeLobby,
    Variants,
    Welcome,
    validate_client,
)
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from mancala_server.analysis import Analyses
from mancala_server.catalogue import configs, variant_infos
from mancala_server.catch_up import CatchUpBudget
from mancala_server.clock import Clock, LoopClock, Timer
from mancala_server.compete_hub import Competition
from mancala_server.computer import ComputerPlayers
from mancala_server.config import Settings
from mancala_server.connection import Client, deliver
from mancala_server.explorer_feed import ExplorerFeed
from mancala_server.fencing import Fence
from mancala_server.journal import Journal
from mancala_server.metrics import Metrics
from mancala_server.move_cap import ending_at_cap, move_cap
from mancala_server.on_demand import OnDemandSearches
from mancala_server.one_turn import OneTurnLines
from mancala_server.position_pages import PositionPages
from mancala_server.puzzle_mining import PuzzleMiner
from mancala_server.rate_limits import Limits, LocalLimits
from mancala_server.request_ids import echoable_id
from mancala_server.room import Room
from mancala_server.room_choice import choice_handlers
from mancala_server.room_journals import RoomJournals
from mancala_server.room_ports import Deliver, Member, RoomError
from mancala_server.room_states import RoomStates
from mancala_server.rules_worker import RulesTimeout, RulesWorkers
from mancala_server.storage import SqliteStorage, Storage
from mancala_server.store import GameRow, RoomRow
from mancala_server.stored_rules import CUSTOM, Definitions, StoredGames
from mancala_server.tourneys import Tournaments
from mancala_server.variant_settings import built_in, custom, variant_error

log = logging.getLogger("mancala_server")
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: codes are read aloud


class Hub:
    node = ""  # a cluster node's name (cluster_hub.py); a single server has none

    def __init__(self, settings: Settings, clock: Clock | None = None, deliver: Deliver = deliver) -> None:
        self.settings = settings
        self.clock: Clock = clock or LoopClock()
        self.deliver = deliver  # what the rooms send goes out through this (sockets, or a test's list)
        self.storage: Storage = self._open_storage()  # rooms write to it through journals
        self.journals = RoomJournals()
        self._epochs: dict[str, int] = {}  # for new_room: the epoch a room was taken with
        self.rooms: dict[str, Room] = {}
        self.lobby_clients: set[Client] = set()
        # public rooms changed since the lobby last heard, pushed together (see room_changed)
        self._lobby_dirty: dict[str, Room] = {}
        self._lobby_flush: Timer | None = None
        self.clients: set[Client] = set()
        self.configs = configs(settings.configs_dir)  # the built-in variants' files (catalogue.py)
        self.variants = variant_infos(self.configs)
        self.computers = ComputerPlayers(settings.computer_workers, settings.computer_cap_ms,
                                         settings.computer_niceness)
        self.rules = RulesWorkers(settings.rules_workers, settings.rules_time_limit, settings.rules_niceness)
        # stored games by the definition they were stored with, not today's files (stored_rules.py)
        self.stored = StoredGames(Definitions(self.configs), self.rules)
        # searches asked for over HTTP: a pool of their own, so a room's computer never waits behind them
        self.searches = OnDemandSearches(settings.search_workers, settings.search_queue, settings.search_niceness)
        self.one_turn = OneTurnLines(self.searches, settings.one_turn_time_limit)
        self.analyses = Analyses(self.searches, self.stored.definitions, settings.analysis_budget_ms,
                                 settings.analysis_rate, settings.analysis_burst, lambda: self.limits)
        # stored games' positions for HTTP, a page at a time, finished games' kept
        self.position_pages = PositionPages(self.stored)
        # finished games into the explorer, the counted ones looked at for puzzles
        self.explorer = ExplorerFeed(lambda: self.storage, self.stored.definitions,
                                     PuzzleMiner(lambda: self.storage, self.searches).consider)
        # the room_states a connection may ask for, by the moves they carry (catch_up.py)
        self.catch_up = CatchUpBudget.of(settings, self.clock.now)
        # the limits per person and per address (rate_limits.py); a cluster's are in Redis
        self.limits: Limits = LocalLimits(self.clock.now)
        self.room_states = RoomStates()  # and their moves encoded once (room_states.py)
        self.metrics = Metrics(self.node or settings.node_id or "single")
        self.metrics.watch(lambda: len(self.clients), lambda: len(self.rooms), lambda: len(self.lobby_clients),
                           lambda: len(self.computers.queued), lambda: len(self.computers.pending))
        # the time from a move's arrival to its move_made handed to the sockets, measured
        # around the handler (a cluster tells moves after their commit and measures there)
        self.inline_fanout = True
        self.handlers: dict[str, Callable[[Client, Any], Awaitable[None] | None]] = {
            "hello": self.on_hello, "list_variants": self.on_list_variants,
            "subscribe_lobby": self.on_subscribe, "unsubscribe_lobby": self.on_unsubscribe,
            "create_room": self.on_create, "join_room": self.on_join,
            "spectate": self.on_spectate, "reconnect": self.on_reconnect,
            "quick_pair": self.on_quick_pair, "move": self.on_move,
            "swap": self.on_swap, "resign": self.on_resign,
            "claim_win": self.on_claim_win, "rematch": self.on_rematch,
            "leave": self.on_leave, "ping": self.on_ping,
        }
        # identity, offers, chat, challenges (compete_hub.py); tournaments (tourneys.py)
        self.competition, self.tournaments = Competition(self), Tournaments(self)
        self.handlers.update(self.competition.handlers() | self.tournaments.handlers() | choice_handlers(self))
        assert set(self.handlers) == CLIENT_TYPES

    def unready(self) -> str:
        """Why this server should not get new clients now ("" when it should): /readyz."""
        return ""

    def _open_storage(self) -> Storage:
        return SqliteStorage(self.settings.db_path)

    # ---- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Before serving: the rooms of the last run back from the store."""
        await self.restore()

    async def stop(self) -> None:
        """After the sockets are closed: the rooms' queued writes committed (then closed)."""
        await self.journals.settle_all(5)

    async def restore(self) -> int:
        """Load live rooms from the store after a (re)start.

        A room whose game no longer replays (its variant refused, or its moves illegal
        under its stored definition) is marked unrestorable in the store, said once in the log,
        and not loaded: it is never shown as playing."""
        count = 0
        for row in await self.storage.live_rooms():
            taken = await self.storage.take_room(row.code)  # this run's epoch: its writes' fence
            if taken is None:
                continue
            row, self._epochs[row.code] = taken
            game = await self.storage.game(row.game_id) if row.game_id is not None else None
            problem = await self._restore_room(row, game)
            if problem is None:
                count += 1
            else:
                self._epochs.pop(row.code, None)
                await self.storage.mark_unrestorable(row.code, row.game_id, problem)
        await self.journals.settle(list(self.rooms))  # what restoring wrote (a game found over) is stored
        if any(room.rules is not None for room in self.rooms.values()):
            self.rules.warm()
        log.info("restored %d rooms", count)
        return count

    async def _restore_room(self, row: RoomRow, game: GameRow | None) -> str | None:
        """Rebuild one room from its stored row and game, by the definition stored with it
        (played again in the rules workers unless it is a built-in file today): None, or
        why it cannot be (the caller marks it unrestorable)."""
        if game is None:
            log.error("room %s: no stored game; marked unrestorable", row.code)
            return "no stored game"
        try:
            replayed = await self.stored.restored(row.variant_json, game)
            variant = replayed.variant if replayed is not None else parse_variant(row.variant_json)
            room = self.new_room(row.code, row.variant, row.variant_json, variant, row.public)
            room.restore(row, game, replayed)
            room.end_if_over()
        except (VariantError, IllegalMove, RulesTimeout, RuntimeError) as exc:
            self.rooms.pop(row.code, None)
            log.error("room %s: cannot be restored (%s); marked unrestorable", row.code, exc)
            return str(exc)
        room.start_abandon_timers()
        room.empty_since = room.last_activity = self.clock.now()
        room.computer_turn()
        return None

    def new_room(self, code: str, name: str, variant_json: dict[str, Any], variant: Any,
                 public: bool) -> Room:
        # a definition that is not a built-in file today (a custom variant, or a restored
        # game's earlier one) is played only in the rules workers
        here = name != CUSTOM and self.stored.definitions.trusted(variant_json)
        # its writes commit in order, and what it tells waits behind them (journal.py)
        journal = Journal(self.storage, Fence(code, self._epochs.pop(code, 1)), self.deliver,
                          lambda exc: self._journal_failed(code, journal, exc), self.metrics.commit.observe)
        room = Room(code, name, variant_json, variant, public=public, store=journal,
                    on_change=self.room_changed, abandon_timeout=self.settings.abandon_timeout,
                    clock=self.clock, deliver=journal.deliver, rules=None if here else self.rules,
                    count_interval=self.settings.lobby_interval, first_move_timeout=self.settings.first_move_timeout)
        room.turn_hook, room.round_choice_timeout = self.computers.schedule, self.settings.round_choice_timeout
        room.on_move = self.count_move
        self.competition.prepare(room)
        self.rooms[code] = room
        self.journals[code] = journal
        return room

    def _journal_failed(self, code: str, journal: Journal, exc: Exception) -> None:
        """A room's write failed (the disk?): closed, its people told directly (the journal no more)."""
        room = self.rooms.get(code)
        if room is not None and self.journals.get(code) is journal:
            why = "this server could not store its game"
            self.deliver(room.clients(), RoomClosed(room=code, reason=why))
            self.close_room(room, why)

    def count_move(self, room: Room) -> None:
        self.metrics.moves.inc()
        self.end_at_move_cap(room)

    def move_limit(self, seeds: int) -> int:
        """The most moves a game with this many seeds may have (move_cap.py)."""
        return move_cap(seeds, self.settings.move_cap_per_seed, self.settings.move_cap_minimum)

    def end_at_move_cap(self, room: Room) -> None:
        """After each move: a game the rules have not ended by the move limit ends there."""
        pos = room.position
        ending = ending_at_cap(pos, len(room.moves), self.move_limit(pos.total or sum(pos.board) + sum(pos.stores)))
        if ending is not None and not room.finished:
            room.end(ending)

    async def fresh_code(self, public: bool, variant: str, variant_json: dict[str, Any]) -> str:
        """A code no stored room has, reserved in the database for a new room of this variant."""
        while True:
            code = self.new_code(public)
            row = RoomRow(code, variant, variant_json, public, "waiting", None, [(None, None), (None, None)], None)
            if await self.storage.reserve_room(row):
                return code

    def new_code(self, public: bool = True) -> str:
        """6 characters for a listed room (read aloud); 12 (60 bits) for a private one (not guessable)."""
        length = 6 if public else 12
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))
            if code not in self.rooms:  # the database's rooms: reserve_room refuses a taken code
                return code

    async def sweep(self) -> None:
        """Drop rooms nobody has been connected to for a while, and rooms idle too long even with
        someone connected (a creator who never leaves must not hold rooms); games stay stored."""
        s = self.settings
        while True:
            await asyncio.sleep(max(0.5, min(30.0, s.empty_room_ttl / 4, s.idle_room_ttl / 4)))
            self.sweep_once()

    def sweep_once(self) -> None:
        s = self.settings
        now = self.clock.now()
        for room in list(self.rooms.values()):
            if room.empty_since is not None and now - room.empty_since > s.empty_room_ttl \
                    and not room.clients() and (room.finished or room.status == "waiting"):
                self.close_room(room, f"closed after {now - room.empty_since:.0f} s empty")
            elif now - room.last_activity > s.idle_room_ttl:
                room.settle_unclaimed()
                self.close_room(room, f"closed after {now - room.last_activity:.0f} s without a move")

    def close_room(self, room: Room, why: str) -> None:
        """Take a room out of service: its people hear why, the lobby loses it."""
        if room.clients():
            room.broadcast(RoomClosed(room=room.code, reason=why))
            for client in room.clients():
                client.seats.pop(room.code, None)
                client.watching.discard(room.code)
        room.cancel_timers()
        del self.rooms[room.code]
        room.store.set_room_status(room.code, "closed")
        self.journals.retire(room.code)  # its queued writes still commit, in order
        log.info("room %s: %s", room.code, why)
        self._lobby_dirty.pop(room.code, None)
        if room.public:
            self.push_lobby(LobbyUpdate(removed=room.code))

    async def watch_senders(self) -> None:
        """Drop clients whose socket has taken no frame for send_timeout even when nothing
        more is sent to them (send_frame catches the others): one timer for the server."""
        period = max(0.05, min(1.0, self.settings.send_timeout / 2))
        while True:
            await asyncio.sleep(period)
            now = time.monotonic()
            for client in list(self.clients):
                client.drop_if_stuck(now)

    # ---- lobby --------------------------------------------------------------------------

    def public_rooms(self) -> list[Any]:
        """The lobby's list: public rooms still waiting or playing (a finished room stays
        reachable by its code, but is no longer on offer)."""
        return [r.summary() for r in self.rooms.values() if r.public and not r.finished]

    def room_changed(self, room: Room) -> None:
        """Note the change; the lobby hears of it at the next flush, at most lobby_interval later.

        Pushing every change at once sends each subscriber a frame per seat taken, spectator
        in, game over and rematch; with 1,000 subscribers those bursts tripled the p99 move
        latency of 100 busy rooms (docs/performance.md). Batched, a room changing ten times
        within an interval costs one update."""
        if room.finished:
            self.explorer.nudge()
            self.tournaments.nudge()
        if not room.public or not self.lobby_clients:
            return  # a later subscriber gets the whole list when it subscribes
        self._lobby_dirty[room.code] = room
        if self._lobby_flush is None:
            self._lobby_flush = self.clock.call_later(self.settings.lobby_interval, self._flush_lobby)

    def _flush_lobby(self) -> None:
        self._lobby_flush = None
        dirty, self._lobby_dirty = self._lobby_dirty, {}
        live = [room for code, room in dirty.items() if self.rooms.get(code) is room]  # not closed meanwhile
        for room in live:
            if room.finished:  # off the list at once (a rematch brings it back)
                self.push_lobby(LobbyUpdate(removed=room.code))
        changed = [room.summary() for room in live if not room.finished]
        # one frame for the interval: a frame per room made 1,000 subscribers x 100 rooms
        # 100,000 frames an interval
        if len(changed) == 1:
            self.push_lobby(LobbyUpdate(room=changed[0]))
        elif changed:
            self.push_lobby(LobbyUpdate(rooms=changed))

    def push_lobby(self, message: BaseModel) -> None:
        self.deliver(self.lobby_clients, message)

    # ---- dispatch -----------------------------------------------------------------------

    async def handle(self, client: Client, frame: str | bytes) -> None:
        """One frame from a client: every failure is answered, never raised.

        Every frame takes a rate token, even one that is too large or does not decode; the
        request id is read first (when the frame decodes) so a rate_limited error carries it.
        """
        size = len(frame.encode() if isinstance(frame, str) else frame)
        too_large = size > self.settings.max_message
        data: dict[str, Any] = {}
        problem = ""
        if not too_large:
            try:
                data = client.codec.decode(frame)
            except FrameError as exc:
                problem = str(exc)
                data = {"id": exc.request_id}
        request_id = echoable_id(data.get("id"))
        if not client.bucket.take():
            client.send(Error(id=request_id, code=ErrorCode.RATE_LIMITED,
                              message=f"more than {self.settings.rate_per_second:g} messages a second"))
            return
        if too_large:
            client.send(Error(code=ErrorCode.TOO_LARGE,
                              message=f"message of {size} bytes; the limit is {self.settings.max_message}"))
            return
        if problem:
            client.send(Error(id=request_id, code=ErrorCode.BAD_MESSAGE, message=problem))
            return
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in CLIENT_TYPES:
            shown = kind if isinstance(kind, str | None) else type(kind).__name__
            client.send(Error(id=request_id, code=ErrorCode.UNKNOWN_TYPE,
                              message=f"unknown message type {str(shown)[:40]!r}"))
            return
        try:
            message = validate_client(data, frame if isinstance(frame, str) else None)
        except (ValidationError, ValueError) as exc:
            if not isinstance(exc, ValidationError):  # NaN, or msgpack bytes: not JSON values
                client.send(Error(id=request_id, code=ErrorCode.BAD_MESSAGE,
                                  message=f"{kind}: values must be JSON values ({exc})"))
                return
            problems = "; ".join(f"{'.'.join(str(p) for p in e['loc'][1:]) or 'message'}: {e['msg']}"
                                 for e in exc.errors())
            client.send(Error(id=request_id, code=ErrorCode.BAD_MESSAGE, message=f"{kind}: {problems}"))
            return
        await self.dispatch(client, kind, message, request_id)

    async def dispatch(self, client: Client, kind: str, message: Any, request_id: Any) -> None:
        """Run a valid request's handler; refusals and our own failures become error replies.
        The client's next request waits until what this one wrote is committed and told."""
        await self._run_handler(client, kind, message, request_id)
        code = getattr(message, "room", None)
        touched = set(client.seats) | client.watching | ({code.upper()} if isinstance(code, str) else set())
        await self.journals.settle(touched)

    async def _run_handler(self, client: Client, kind: str, message: Any, request_id: Any) -> None:
        try:
            result = self.handlers[kind](client, message)
            if result is not None:
                await result
        except RoomError as exc:
            client.send(Error(id=request_id, code=exc.code, message=exc.message))
        except VariantError as exc:
            client.send(variant_error(request_id, exc))
        except Exception:
            # a bug of ours: say so, keep the connection (and everyone else's game) going
            log.exception("%s: %s failed", client.peer, kind)
            client.send(Error(id=request_id, code=ErrorCode.INTERNAL_ERROR,
                              message=f"{kind} failed on the server; the error is logged"))

    def room(self, code: str) -> Room:
        room = self.rooms.get(code.upper())
        if room is None:
            raise RoomError(ErrorCode.NO_SUCH_ROOM, f"no room {code!r}")
        return room

    # ---- handlers -----------------------------------------------------------------------

    async def on_hello(self, client: Client, msg: Hello) -> None:
        if msg.protocol != PROTOCOL:
            raise RoomError(ErrorCode.PROTOCOL_VERSION, f"this server speaks {PROTOCOL}, not {msg.protocol}")
        if client.player is None:  # a known player keeps their unique name
            client.name = await self.competition.guest_name(msg.name)
        client.send(Welcome(id=msg.id))

    def on_list_variants(self, client: Client, msg: ListVariants) -> None:
        client.send(Variants(id=msg.id, variants=list(self.variants.values())))

    def on_subscribe(self, client: Client, msg: SubscribeLobby) -> None:
        self.lobby_clients.add(client)
        client.lobby = True
        client.send(Lobby(id=msg.id, rooms=self.public_rooms()))

    def on_unsubscribe(self, client: Client, msg: UnsubscribeLobby) -> None:
        self.lobby_clients.discard(client)
        client.lobby = False
        client.send(Ack(id=msg.id))

    async def on_create(self, client: Client, msg: CreateRoom) -> None:
        self._check_quota(client, msg.computer is not None)
        self.competition.check_terms(client, msg.clock, msg.rated)
        starter = secrets.randbelow(2) if msg.starter == "random" else msg.starter
        # a game against the computer is nobody else's business unless asked for
        public = msg.public if msg.public is not None else msg.computer is None
        if isinstance(msg.variant, str):  # settled by the room's settings (variant_settings.py)
            (name, raw, variant), first = await built_in(self.configs, self.variants, msg.variant, msg.settings), None
        else:
            # a custom variant is checked and started in the rules workers: within the
            # model's limits it may still be slow, and the loop serves everyone else
            try:
                started = await self.rules.start(custom(msg.variant, msg.settings), starter)
            except RulesTimeout as exc:
                raise RoomError(ErrorCode.RULES_TIMEOUT, f"starting a game of this variant: {exc}") from None
            name, raw, variant, first = "custom", custom(msg.variant, msg.settings), started.variant, started.position
            self._check_quota(client, msg.computer is not None)  # again: others may have come meanwhile
        pie = self.competition.terms_pie(name, msg, computer=msg.computer is not None)
        room = self.new_room(await self.fresh_code(public, name, raw), name, raw, variant, public)
        room.creator = client.address
        client.created.add(room.code)
        if msg.computer is not None:
            human = msg.seat if msg.seat is not None else 0
            room.add_computer(1 - human, msg.computer)
        self.competition.configure(room, msg.clock, msg.rated, pie)
        await self._begin(room, starter, first)
        log.info("room %s: created by %s (%s, %s)", room.code, client.peer, name,
                 "public" if public else "private")
        self.take_seat(client, room, msg.seat, msg.id)

    async def _begin(self, room: Room, starter: int, first: Any) -> None:
        """A new room's first game; a room whose game cannot start is dropped unseen."""
        try:
            room.begin(starter, first if first is not None else await room.first_position(starter))
        except RoomError:
            del self.rooms[room.code]
            raise

    def _check_quota(self, client: Client, computer: bool) -> None:
        """Open rooms a connection, and an address, may have made (and computer rooms)."""
        s = self.settings
        mine = [self.rooms[c] for c in client.created if c in self.rooms and not self.rooms[c].finished]
        here = [r for r in self.rooms.values() if r.creator == client.address and not r.finished]
        limits = [(len(mine), s.rooms_per_client, "this connection"),
                  (len(here), s.rooms_per_address, "your address")]
        if computer:
            limits += [(sum(r.computer_level is not None for r in mine), s.computer_rooms_per_client,
                        "this connection (computer opponents)"),
                       (sum(r.computer_level is not None for r in here), s.computer_rooms_per_address,
                        "your address (computer opponents)")]
        for count, limit, whose in limits:
            if count >= limit:
                raise RoomError(ErrorCode.QUOTA, f"{whose} already has {count} open rooms (the limit is {limit}); "
                                                 "finish or leave one first")

    def take_seat(self, client: Member, room: Room, seat: Seat | None, request_id: Any) -> None:
        seat, token = room.claim(client, seat)
        room.tell(client, SeatGranted(id=request_id, room=room.code, seat=seat, token=token))
        room.tell(client, self.room_states.of(room, seat))
        self.competition.recent_chat(room, client)
        room.computer_turn()

    def on_join(self, client: Client, msg: JoinRoom) -> None:
        self.take_seat(client, self.room(msg.room), msg.seat, msg.id)

    async def on_spectate(self, client: Client, msg: Spectate) -> None:
        await self.catch_up.charge(client, len(self.room(msg.room).moves), self.limits)
        room = self.room(msg.room)  # again: in a cluster the budget's answer takes a moment
        room.watch(client)
        room.tell(client, self.room_states.of(room, None, msg.id))
        self.competition.recent_chat(room, client)

    async def on_reconnect(self, client: Client, msg: Reconnect) -> None:
        await self.catch_up.charge(client, len(self.room(msg.room).moves), self.limits)
        room = self.room(msg.room)  # again: in a cluster the budget's answer takes a moment
        seat = room.reconnect(client, msg.token)
        room.tell(client, self.room_states.of(room, seat, msg.id))
        self.competition.recent_chat(room, client)

    async def on_quick_pair(self, client: Client, msg: QuickPair) -> None:
        name, raw, variant = await built_in(self.configs, self.variants, msg.variant, msg.settings)
        if name != msg.variant:  # settled: rooms of the same settings pair (their variant is the settled id)
            msg = msg.model_copy(update={"variant": name, "settings": None})
        self.competition.check_terms(client, msg.clock, msg.rated)
        pie = self.competition.terms_pie(msg.variant, msg, computer=False)
        if await self.pair_waiting(client, msg):
            return
        self._check_quota(client, False)
        room = self.new_room(await self.fresh_code(True, name, raw), name, raw, variant, True)
        room.quick = True
        room.creator = client.address
        client.created.add(room.code)
        self.competition.configure(room, msg.clock, msg.rated, pie)
        self.competition.quick_room_made(room)
        await self._begin(room, 0, None)
        self.take_seat(client, room, None, msg.id)

    async def pair_waiting(self, client: Client, msg: QuickPair) -> bool:
        """Seat the client in a waiting quick-pairing room of the variant, if there is one."""
        for room in self.rooms.values():
            if self.pairable(room, client, msg.variant) and self.competition.pairs_with(room, client, msg):
                self.take_seat(client, room, None, msg.id)
                return True
        return False

    @staticmethod
    def pairable(room: Room, client: Client, variant: str) -> bool:
        """A quick-pairing room of the variant waiting for an opponent whose creator is still
        there (and is not this client)."""
        return room.quick and room.variant_name == variant and room.status == "waiting" \
            and any(s.clients for s in room.seats) and client.seats.get(room.code) is None

    # replies about a room go out through it (room.tell): in a cluster they wait, as its
    # pushes do, until what the room wrote before them is committed

    async def on_move(self, client: Client, msg: MakeMove) -> None:
        started = time.perf_counter()
        room = self.room(msg.room)
        await room.move(client, msg.played(), msg.ply)
        if self.inline_fanout:
            self.metrics.fanout.observe(time.perf_counter() - started)
        room.tell(client, Ack(id=msg.id))

    def on_swap(self, client: Client, msg: Swap) -> None:
        room = self.room(msg.room)
        room.swap(client, msg.ply)
        room.tell(client, Ack(id=msg.id))

    def on_resign(self, client: Client, msg: Resign) -> None:
        room = self.room(msg.room)
        room.resign(client)
        room.tell(client, Ack(id=msg.id))

    def on_claim_win(self, client: Client, msg: ClaimWin) -> None:
        room = self.room(msg.room)
        room.claim_win(client)
        room.tell(client, Ack(id=msg.id))

    async def on_rematch(self, client: Client, msg: Rematch) -> None:
        room = self.room(msg.room)
        await room.rematch(client)
        room.tell(client, Ack(id=msg.id))

    def on_leave(self, client: Client, msg: Leave) -> None:
        room = self.room(msg.room)
        room.detach(client, leaving=True)
        room.tell(client, Ack(id=msg.id))
        if room.status == "waiting" and not room.moves and not room.clients():
            # nobody came and its maker went: it takes no place in the lobby or the
            # maker's quota (a game against the computer ended as they left: room.detach)
            self.close_room(room, "closed: everyone left before the game began")

    def on_ping(self, client: Client, msg: Ping) -> None:
        client.send(Pong(id=msg.id))

    # ---- known players wherever they are connected (a cluster: on any node) -----------------

    def players_storage(self) -> Storage:
        """Players, ratings, challenges: this SQLite store (a cluster's PostgreSQL)."""
        return self.storage

    async def reach(self, player: str) -> list[Any]:
        """The open connections of a known player, to tell them something (a challenge):
        a single server's own; a cluster node's and, as RemoteMembers, other nodes'."""
        return self.competition.connections_of(player)

    async def identified(self, client: Client, before: str | None) -> None:
        """A connection became a known player (`before`: the player it was until now)."""

    async def unidentified(self, client: Client, player: str) -> None:
        """A known player's connection closed."""

    def adopt(self, member: Any) -> Any:
        """The member to seat for one of `reach`'s connections (a cluster's: a RemoteMember)."""
        return member

    def seated_for(self, member: Any, code: str) -> None:
        """The server seated `member` here unasked (a challenger, a tournament's player)."""

    def connected(self, client: Client) -> None:
        self.clients.add(client)

    def disconnected(self, client: Client) -> None:
        self.lobby_clients.discard(client)
        self.competition.withdraw_all(client)
        for code in list(client.seats) + list(client.watching):
            room = self.rooms.get(code)
            if room is not None:
                room.detach(client)
