"""The hub's requests of competitive play: identity, draw and takeback offers, chat, mute,
challenges, and the terms of new rooms (time control, rated) and of quick pairing.

`Competition` belongs to a hub and adds its handlers to the hub's table. Room requests
(offers, chat, mute) go to the room, which in a cluster is on its owner node: those
types are routed like moves (cluster_hub.ROOM_REQUESTS). Challenges reach players through
the hub (`reach`): a single server's own connections, or in a cluster the player's
sockets on every node (cluster_players.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, Protocol

from mancala.protocol.client_messages import PuzzleAnswer
from mancala.protocol.messages import (
    Ack,
    AnswerChallenge,
    AnswerDraw,
    AnswerTakeback,
    Challenge,
    ChallengeInfo,
    ChallengeUpdate,
    Chat,
    CreateRoom,
    ErrorCode,
    Identify,
    Identity,
    Mute,
    OfferDraw,
    OfferTakeback,
    QuickPair,
    RatingInfo,
    RedeemTransfer,
    Rename,
    TimeControl,
    TransferCode,
    TransferCodeReply,
)
from mancala.protocol.server_messages import PuzzleResult, Refuted
from mancala.rules.vari_params import settled_id, settled_title
from mancala_server import fair_start
from mancala_server.bots import is_bot
from mancala_server.clock import Clock, Timer
from mancala_server.compete_store import ChallengeRow, PlayerRow
from mancala_server.config import Settings
from mancala_server.connection import Client
from mancala_server.names import NameRefused, clean_name, problem_in_chat
from mancala_server.players import NameTaken, SecretIdentity
from mancala_server.puzzle_rows import PUZZLE_POOL
from mancala_server.rate_limits import (
    LimitRules,
    Limits,
    address_of,
    person_and_address,
)
from mancala_server.room import Room
from mancala_server.room_chat import MaskWords
from mancala_server.room_ports import Member, RoomError
from mancala_server.storage import Storage
from mancala_server.variant_settings import built_in

log = logging.getLogger("mancala_server")
ROOM_TYPES = frozenset({"offer_draw", "answer_draw", "offer_takeback", "answer_takeback", "chat", "mute"})
# quick pairing in rated mode: the rating gap accepted at first, how fast it widens
# while a room waits, and the most it ever reaches
PAIR_RANGE, PAIR_WIDEN_PER_S, PAIR_RANGE_MAX = 100.0, 20.0, 1000.0
# a guest who says hello with a known player's name is shown with this after it, and no
# player may take a name that ends so: names are unique, and a guest cannot pass for one
GUEST_MARK = " (guest)"


class CompeteVenue(Protocol):
    """What competitive play asks of the hub (a Hub, or a cluster node's, is one): its
    public calls only, so the hub and this layer read, and test, apart."""

    settings: Settings
    clock: Clock
    rooms: dict[str, Room]
    clients: set[Client]
    variants: dict[str, Any]
    configs: dict[str, Path]  # the built-in variants' files (catalogue.py)
    limits: Limits  # per person and per address (rate_limits.py)

    def room(self, code: str) -> Room: ...

    def new_room(self, code: str, name: str, variant_json: dict[str, Any], variant: Any,
                 public: bool) -> Room: ...

    async def fresh_code(self, public: bool, variant: str, variant_json: dict[str, Any]) -> str: ...

    def take_seat(self, client: Member, room: Room, seat: Any, request_id: Any) -> None: ...

    def players_storage(self) -> Storage: ...

    async def reach(self, player: str) -> list[Any]: ...

    async def identified(self, client: Client, before: str | None) -> None: ...

    async def unidentified(self, client: Client, player: str) -> None: ...

    def adopt(self, member: Any) -> Any: ...

    def seated_for(self, member: Any, code: str) -> None: ...


class Competition:
    def __init__(self, hub: CompeteVenue) -> None:
        self.hub = hub
        self.expiry: dict[str, Timer] = {}  # challenge id -> its expiry timer
        self.waiting_since: dict[str, float] = {}  # quick room code -> when it began to wait
        self.words = MaskWords(hub.settings.chat_blocklist.split(","))
        s = hub.settings
        # chat, challenges and new players (a flood of identities is a flood of ratings): per
        # person and per address, across rooms, sockets and nodes (rate_limits.py, hub.limits)
        self.rules = LimitRules.of(s)
        self.tasks: set[asyncio.Task[None]] = set()

    @property
    def storage(self) -> Storage:
        """Players, ratings, challenges: the hub's storage (the cluster's PostgreSQL, or the
        single server's SQLite), asked each time: a cluster node connects it in start()."""
        return self.hub.players_storage()

    @property
    def identity(self) -> SecretIdentity:
        return SecretIdentity(self.storage)

    def handlers(self) -> dict[str, Callable[[Any, Any], Awaitable[None] | None]]:
        return {
            "identify": self.on_identify, "rename": self.on_rename, "transfer_code": self.on_transfer_code,
            "redeem_transfer": self.on_redeem, "offer_draw": self.on_offer_draw, "answer_draw": self.on_answer_draw,
            "offer_takeback": self.on_offer_takeback, "answer_takeback": self.on_answer_takeback,
            "chat": self.on_chat, "mute": self.on_mute, "challenge": self.on_challenge,
            "answer_challenge": self.on_answer_challenge, "puzzle_answer": self.on_puzzle_answer,
        }

    async def on_puzzle_answer(self, client: Member, msg: PuzzleAnswer) -> None:
        """Judge a puzzle's answer (docs/puzzles.md): a legal move of the position, right
        when it is the one that keeps the value; a known player's first try is rated."""
        puzzle = await self.storage.puzzle(msg.puzzle)
        if puzzle is None:
            raise RoomError(ErrorCode.BAD_MESSAGE, f"puzzle: there is no puzzle {msg.puzzle}")
        move = _wire(msg.move)
        if move not in [_wire(m) for m in puzzle.state.get("legal", [])]:
            raise RoomError(ErrorCode.ILLEGAL_MOVE, f"puzzle {puzzle.id}: {msg.move!r} is not a legal move there")
        correct = move == _wire(puzzle.solution)
        answered = await self.storage.answer_puzzle(client.player, puzzle.id, correct)
        if answered is not None:
            client.ratings[puzzle.variant + PUZZLE_POOL] = (answered.player_after.shown(),
                                                            answered.player_after.provisional)
        refuted = next((r for r in puzzle.refutations if _wire(r["move"]) == move), None)
        client.send(PuzzleResult(
            id=msg.id, puzzle=puzzle.id, correct=correct, solution=puzzle.solution, value=puzzle.value,
            refutation=None if correct or refuted is None else Refuted(**refuted),
            rating_before=answered.player_before.shown() if answered else None,
            rating_after=answered.player_after.shown() if answered else None))

    def prepare(self, room: Room) -> None:
        """A new room (made or restored): the server's chat settings (its limit is checked
        here, in on_chat, before the room hears the line)."""
        room.chat.limit, room.chat.filter = None, self.words

    # ---- identity -----------------------------------------------------------------------

    async def _become(self, client: Client, who: PlayerRow, request_id: Any, secret: str | None) -> None:
        ratings = await self.storage.ratings_of(who.id)
        before = client.player
        client.player, client.name = who.id, who.name
        client.ratings = {v: (r.shown(), r.provisional) for v, r in ratings.items()}
        await self.hub.identified(client, before)  # found on any node from now on
        # the challenges waiting for them, read before the reply and told after it: one made
        # after the reply reaches them live only. (One made while this runs may reach them
        # both ways; clients key challenges by id and say each once.)
        waiting = await self.storage.open_challenges(who.id)
        client.send(Identity(id=request_id, player=who.id, name=who.name, secret=secret, ratings=[
            RatingInfo(variant=v, rating=r.shown(), rd=round(r.rd), provisional=r.provisional, games=r.games)
            for v, r in sorted(ratings.items())], bot=is_bot(who.id)))
        for row in waiting:
            if await self._expired(row):
                continue
            await self._tell_challenge(row, [client])

    async def guest_name(self, name: str) -> str:
        """The name a guest's hello gets: as asked (NFKC, without look-alike tricks: names.py),
        marked when a known player has it."""
        name = self._clean(name)
        return name if await self.storage.player_by_name(name) is None else name + GUEST_MARK

    @staticmethod
    def _clean(name: str) -> str:
        try:
            return clean_name(name)
        except NameRefused as exc:
            raise RoomError(ErrorCode.BAD_MESSAGE, f"name: {exc}") from None

    @classmethod
    def _check_name(cls, name: str | None) -> str | None:
        """The name to keep (NFKC), or a refusal: look-alike tricks, the guests' mark."""
        if name is None:
            return None
        name = cls._clean(name)
        if name.casefold().endswith(GUEST_MARK.strip()):
            raise RoomError(ErrorCode.NAME_TAKEN, f"names ending in {GUEST_MARK.strip()!r} are kept for guests")
        return name

    async def on_identify(self, client: Client, msg: Identify) -> None:
        if msg.player is not None or msg.secret is not None:
            if msg.player is None or msg.secret is None:
                raise RoomError(ErrorCode.BAD_SECRET, "identify with both player and secret, or neither")
            who = await self.identity.sign_in(msg.player, msg.secret)
            if who is None:
                raise RoomError(ErrorCode.BAD_SECRET, "no player with that id and secret")
            await self._become(client, who, msg.id, None)
            return
        name = self._check_name(msg.name)
        if not await self.hub.limits.take([(self.rules.register_address, address_of(client))]):
            raise RoomError(ErrorCode.RATE_LIMITED,
                            f"more than {self.hub.settings.register_burst} new players from one address; "
                            "sign in as one you made (identify with player and secret)")
        try:
            who, secret = await self.identity.register(name, msg.bot)
        except NameTaken:
            raise RoomError(ErrorCode.NAME_TAKEN, f"another player is called {name!r}") from None
        log.info("%s: new player %s", client.peer, who.id)
        await self._become(client, who, msg.id, secret)

    def _player(self, client: Member) -> str:
        player = client.player
        if player is None:
            raise RoomError(ErrorCode.NOT_IDENTIFIED, "identify first: this needs a known player")
        return str(player)

    async def on_rename(self, client: Client, msg: Rename) -> None:
        player = self._player(client)
        name = self._check_name(msg.name)
        assert name is not None
        try:
            await self.identity.rename(player, name)
        except NameTaken:
            raise RoomError(ErrorCode.NAME_TAKEN, f"another player is called {name!r}") from None
        who = await self.storage.player(player)
        assert who is not None
        await self._become(client, who, msg.id, None)

    async def on_transfer_code(self, client: Client, msg: TransferCode) -> None:
        player = self._player(client)
        ttl = self.hub.settings.transfer_ttl
        code = await self.identity.transfer_code(player, ttl)
        client.send(TransferCodeReply(id=msg.id, code=code, expires_in=round(ttl)))

    async def on_redeem(self, client: Client, msg: RedeemTransfer) -> None:
        got = await self.identity.redeem(msg.code)
        if got is None:
            raise RoomError(ErrorCode.BAD_TRANSFER, "no such transfer code (they work once, for a few minutes)")
        who, secret = got
        await self._become(client, who, msg.id, secret)

    # ---- terms of new rooms, quick pairing --------------------------------------------------

    def check_terms(self, client: Member, clock: TimeControl | None, rated: bool) -> None:
        if rated:
            self._player(client)

    def terms_pie(self, variant: str, msg: CreateRoom | QuickPair, computer: bool) -> bool:
        """The swap rule of a new room: as asked, forced on where rated play needs it
        (fair_start.py; raises NOT_RATED_HERE where it cannot help)."""
        return fair_start.terms_pie(variant, variant in self.hub.variants, msg.rated, msg.pie, computer)

    def configure(self, room: Room, clock: TimeControl | None, rated: bool, pie: bool = False) -> None:
        room.match.configure(clock, rated, pie)

    def pairs_with(self, room: Room, client: Member, msg: QuickPair) -> bool:
        """A waiting quick room fits this request: same time control and rated or not;
        rated: the ratings within a range that widens while the room waits."""
        if room.match.control != msg.clock or room.match.rated != msg.rated \
                or room.match.pie != self.terms_pie(room.variant_name, msg, computer=False):
            return False
        if not msg.rated:
            return True
        waiting = next((s for s in room.seats if s.taken), None)
        if waiting is None or waiting.player == client.player:
            return False
        theirs = waiting.rating[0] if waiting.rating else 1500
        mine = client.ratings.get(room.variant_name, (1500, True))[0]
        waited = self.hub.clock.now() - self.waiting_since.get(room.code, self.hub.clock.now())
        return abs(theirs - mine) <= min(PAIR_RANGE_MAX, PAIR_RANGE + PAIR_WIDEN_PER_S * waited)

    def quick_room_made(self, room: Room) -> None:
        self.waiting_since[room.code] = self.hub.clock.now()
        if len(self.waiting_since) > 10_000:  # forget rooms long gone
            self.waiting_since = {c: t for c, t in self.waiting_since.items() if c in self.hub.rooms}

    # ---- offers and chat (room requests) ----------------------------------------------------

    def _in_room(self, client: Member, msg: Any, act: Callable[[Room], object]) -> None:
        """A room request: done in the room (which raises when it is refused), then acked."""
        room = self.hub.room(msg.room)
        act(room)
        room.tell(client, Ack(id=msg.id))

    def on_offer_draw(self, client: Member, msg: OfferDraw) -> None:
        self._in_room(client, msg, lambda room: room.offer_draw(room.seat_of(client)))

    def on_answer_draw(self, client: Member, msg: AnswerDraw) -> None:
        self._in_room(client, msg, lambda room: room.answer_draw(room.seat_of(client), msg.accept))

    def on_offer_takeback(self, client: Member, msg: OfferTakeback) -> None:
        self._in_room(client, msg, lambda room: room.offer_takeback(room.seat_of(client)))

    def on_answer_takeback(self, client: Member, msg: AnswerTakeback) -> None:
        self._in_room(client, msg, lambda room: room.answer_takeback(room.seat_of(client), msg.accept))

    async def on_chat(self, client: Member, msg: Chat) -> None:
        problem = problem_in_chat(msg.text)
        if problem is not None:
            raise RoomError(ErrorCode.BAD_MESSAGE, problem)
        self.hub.room(msg.room).chat.check_in_room(client)  # before a line is charged
        rules = self.rules
        if not await self.hub.limits.take(person_and_address(rules.chat, rules.chat_address, client)):
            raise RoomError(ErrorCode.RATE_LIMITED, f"at most {rules.chat.burst:g} chat lines at once, then one every "
                                                    f"{1 / rules.chat.rate:g} s (for you, and for your address)")
        self._in_room(client, msg, lambda room: room.chat.say(client, msg.text))

    def on_mute(self, client: Member, msg: Mute) -> None:
        self._in_room(client, msg, lambda room: room.chat.mute(client, msg.name, msg.muted))

    def recent_chat(self, room: Room, client: Member) -> None:
        """After a room_state: the recent chat lines this client may see."""
        for line in room.chat.lines_for(client):
            room.tell(client, line)

    # ---- challenges -----------------------------------------------------------------------

    def connections_of(self, player: str) -> list[Member]:
        return [c for c in self.hub.clients if c.player == player and not c.closed]

    async def on_challenge(self, client: Member, msg: Challenge) -> None:
        me = self._player(client)
        if msg.variant not in self.hub.variants:
            raise RoomError(ErrorCode.UNKNOWN_VARIANT, f"no variant named {msg.variant!r}")
        # the settings are checked (off the loop) before anything is stored or told
        settings = (await built_in(self.hub.configs, self.hub.variants, msg.variant, msg.settings))[1].get("settings")
        s = self.hub.settings
        rules = self.rules
        if not await self.hub.limits.take(person_and_address(rules.challenge, rules.challenge_address, client)):
            raise RoomError(ErrorCode.RATE_LIMITED, f"at most {rules.challenge.burst:g} challenges at once, then one "
                                                    f"every {1 / rules.challenge.rate:g} s (for you, and for your "
                                                    "address)")
        target = await self.storage.player_by_name(msg.to)
        if target is None or target.id == me:
            raise RoomError(ErrorCode.NO_SUCH_PLAYER, f"no other player is called {msg.to!r}")
        # a flood from many identities still waits for one person: what is open to them is capped
        if len(await self.storage.open_challenges_by(me)) >= s.challenges_open_by:
            raise RoomError(ErrorCode.RATE_LIMITED, f"you have {s.challenges_open_by} challenges open: "
                                                    "wait for answers, or withdraw one")
        if len(await self.storage.open_challenges(target.id)) >= s.challenges_open_to:
            raise RoomError(ErrorCode.RATE_LIMITED, f"{target.name} has {s.challenges_open_to} challenges "
                                                    "waiting already: try again later")
        if not await self.hub.reach(target.id):
            raise RoomError(ErrorCode.NO_SUCH_PLAYER, f"{target.name} is not connected now")
        row = ChallengeRow("c" + secrets.token_urlsafe(12), me, target.id, msg.variant,
                           msg.clock.model_dump() if msg.clock else None, msg.rated, "open", time.time(), settings)
        await self.storage.add_challenge(row)  # stored before it is told
        self.expiry[row.id] = self.hub.clock.call_later(self.hub.settings.challenge_ttl,
                                                        lambda: self._expire(row.id))
        info = await self._info(row)
        client.send(info.model_copy(update={"id": msg.id}))
        for c in await self.hub.reach(target.id):  # wherever they are connected now
            c.send(info)

    async def _info(self, row: ChallengeRow) -> ChallengeInfo:
        by = await self.storage.player(row.by_player)
        to = await self.storage.player(row.to_player)
        # the challenger's rating on the ladder the game would move (the settled variant's;
        # the bots' where one is a bot)
        ladder = settled_id(row.variant, row.settings) if row.settings else row.variant
        pool = fair_start.rating_pool(ladder, False, is_bot(row.by_player) or is_bot(row.to_player))
        rating = (await self.storage.ratings_of(row.by_player)).get(pool)
        title = self.hub.variants[row.variant].title if row.variant in self.hub.variants else row.variant
        return ChallengeInfo(challenge=row.id, by=by.name if by else "?", to=to.name if to else "?",
                             variant=row.variant, clock=TimeControl(**row.clock) if row.clock else None,
                             rated=row.rated, rating=rating.shown() if rating else None,
                             bot=is_bot(row.by_player), settings=row.settings,
                             title=settled_title(title, row.settings) if row.settings else title)

    async def _tell_challenge(self, row: ChallengeRow, clients: list[Member]) -> None:
        info = await self._info(row)
        for c in clients:
            c.send(info)

    async def _expired(self, row: ChallengeRow) -> bool:
        """An open challenge past its time whose timer did not run (the challenger's node
        went away): settled as expired now, and said."""
        if time.time() - row.created <= self.hub.settings.challenge_ttl:
            return False
        self._cancel_expiry(row.id)
        await self._settle_quietly(row.id, "expired")
        return True

    def _expire(self, challenge_id: str) -> None:
        self.expiry.pop(challenge_id, None)
        self._background(self._settle_quietly(challenge_id, "expired"))

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _settle_quietly(self, challenge_id: str, status: str) -> None:
        row = await self.storage.settle_challenge(challenge_id, status)
        if row is not None:
            await self._tell_update(row, ChallengeUpdate(challenge=row.id, status=status))  # type: ignore[arg-type]

    async def _tell_update(self, row: ChallengeRow, update: ChallengeUpdate) -> None:
        for c in await self.hub.reach(row.by_player) + await self.hub.reach(row.to_player):
            c.send(update)

    async def on_answer_challenge(self, client: Member, msg: AnswerChallenge) -> None:
        me = self._player(client)
        row = await self.storage.challenge(msg.challenge)
        if row is None or row.status != "open" or me not in (row.by_player, row.to_player) \
                or await self._expired(row):
            raise RoomError(ErrorCode.NO_SUCH_CHALLENGE, "that challenge is no longer open")
        if me == row.by_player or not msg.accept:
            status = "withdrawn" if me == row.by_player else "declined"
            settled = await self.storage.settle_challenge(row.id, status)
            if settled is None:
                raise RoomError(ErrorCode.NO_SUCH_CHALLENGE, "that challenge is no longer open")
            self._cancel_expiry(row.id)
            client.send(Ack(id=msg.id))
            await self._tell_update(row, ChallengeUpdate(challenge=row.id, status=status))  # type: ignore[arg-type]
            return
        # the challenger's socket to seat: one here if there is one, else one on another node
        challengers = await self.hub.reach(row.by_player)
        if not challengers:
            raise RoomError(ErrorCode.NO_SUCH_PLAYER, "the challenger is no longer connected")
        if await self.storage.settle_challenge(row.id, "accepted") is None:
            raise RoomError(ErrorCode.NO_SUCH_CHALLENGE, "that challenge is no longer open")
        self._cancel_expiry(row.id)
        ratings = await self.storage.ratings_of(row.by_player)
        room = await self._challenge_room(row, client)
        by = self.hub.adopt(challengers[0])
        by.ratings = {v: (r.shown(), r.provisional) for v, r in ratings.items()}  # as they are now
        seat, token = room.claim(by, None)
        self.hub.seated_for(by, room.code)
        room.tell(by, ChallengeUpdate(challenge=row.id, status="accepted", room=room.code, seat=seat, token=token))
        room.tell(by, room.room_state(seat))
        self.hub.take_seat(client, room, None, msg.id)

    def _cancel_expiry(self, challenge_id: str) -> None:
        timer = self.expiry.pop(challenge_id, None)
        if timer is not None:
            timer.cancel()

    async def _challenge_room(self, row: ChallengeRow, accepter: Member) -> Room:
        hub = self.hub
        name, raw, variant = await built_in(hub.configs, hub.variants, row.variant, row.settings)
        room = hub.new_room(await hub.fresh_code(True, name, raw), name, raw, variant, True)
        room.creator = accepter.address
        # a challenge's swap rule is the one fair rated play needs (challenges carry no choice)
        pie = fair_start.terms_pie(name, name in hub.variants, row.rated, False, computer=False)
        self.configure(room, TimeControl(**row.clock) if row.clock else None, row.rated, pie)
        starter = secrets.randbelow(2)
        room.begin(starter, await room.first_position(starter))
        log.info("room %s: made for challenge %s", room.code, row.id)
        return room

    def withdraw_all(self, client: Client) -> None:
        """A known player's connection closed: when it was their last one (on any node),
        their open challenges are withdrawn."""
        player = client.player
        if player is not None:
            self._background(self._withdraw_all(client, player))

    async def _withdraw_all(self, client: Client, player: str) -> None:
        try:
            await self.hub.unidentified(client, player)
            if await self.hub.reach(player):
                return
            for row in await self.storage.open_challenges_by(player):
                self._cancel_expiry(row.id)
                await self._settle_quietly(row.id, "withdrawn")
        except Exception:  # PostgreSQL out of reach: they expire instead
            log.exception("withdrawing the challenges of player %s failed", player)


def _wire(move: Any) -> str:
    """A move in one comparable form (a list and a tuple alike; directions in capitals)."""
    if isinstance(move, list | tuple):
        return json.dumps([m.upper() if isinstance(m, str) else m for m in move])
    return json.dumps(move)
