"""A room: two seats, spectators, and the engine as the only judge of moves.

Every rejection is a typed error; every accepted move is committed to the store
before anyone hears of it. The room knows no socket: its people are `Member`s,
messages go out through the `deliver` function it is given (the hub encodes them
once per wire format), and time comes from an injected `Clock`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any, cast

from pydantic import BaseModel

from mancala.ai.player import plays_as
from mancala.engine.game import ROUND_KINDS, Game, IllegalMove
from mancala.engine.outcome import game_end
from mancala.engine.position import Outcome, OutcomeKind, Position
from mancala.protocol.messages import (
    SEATS,
    ArrangeOffer,
    ComputerLevel,
    EndReason,
    ErrorCode,
    GameOver,
    MoveMade,
    MoveRecord,
    PlayerStatus,
    RematchOffer,
    RoomState,
    RoomStatus,
    RoomSummary,
    RoundStarted,
    Spectators,
    State,
    move_events,
)
from mancala.protocol.messages import Seat as SeatNumber
from mancala.rules.errors import VariantError
from mancala.rules.variant import Variant
from mancala_server.clock import Clock, Timer
from mancala_server.game_access import share_key
from mancala_server.game_clock import FIRST_MOVE_TIMEOUT
from mancala_server.match import Ending, Match, Rerated
from mancala_server.next_round import next_round_or_none
from mancala_server.ratings import Rating, Settled, computer_rating
from mancala_server.room_absence import AbsenceRules
from mancala_server.room_chat import RoomChat
from mancala_server.room_choice import ROUND_CHOICE_TIMEOUT, RoundChoosing
from mancala_server.room_offers import OfferActions
from mancala_server.room_ports import Deliver, Member, RoomError, RoomStore, layout
from mancala_server.rules_worker import RulesTimeout, RulesWorkers, playable_start
from mancala_server.seat import SEAT_NAMES, Seat, hash_token
from mancala_server.store import GameRow, RoomRow
from mancala_server.stored_replay import Restored, restored
from mancala_server.stored_rules import CUSTOM
from mancala_server.variant_settings import room_title

log = logging.getLogger("mancala_server")
COUNT_FRAMES = 250  # spectator-count pushes to a room's people per count_interval, at most


class Room(AbsenceRules, OfferActions, RoundChoosing):
    def __init__(self, code: str, variant_name: str, variant_json: dict[str, Any], variant: Variant,
                 *, public: bool, store: RoomStore, on_change: Callable[[Room], None],
                 abandon_timeout: float, clock: Clock, deliver: Deliver,
                 rules: RulesWorkers | None = None, count_interval: float = 0.0,
                 first_move_timeout: float = FIRST_MOVE_TIMEOUT) -> None:
        self.code = code
        self.variant_name = variant_name
        self.variant_json = variant_json
        self.variant = variant
        # a custom variant's moves are computed by `rules` (other processes, a time limit);
        # positions come back with their legal moves, which the pure-Python engine reads
        self.rules = rules
        self.game = Game(variant, c_core=rules is None)
        self.lock = asyncio.Lock()  # one custom move in the workers at a time
        self.public = public
        self.store = store
        self.on_change = on_change
        self.abandon_timeout = abandon_timeout
        self.first_move_timeout = first_move_timeout  # seconds for a first move (match.py)
        self.clock = clock
        self.deliver = deliver
        self.seats = [Seat(), Seat()]
        self.spectators: set[Member] = set()
        # spectators come and go in crowds: their count is pushed at most once per
        # count_interval (0: at every change). Pushed at each change, 10,000 spectators
        # arriving made 50 million frames (each arrival told to everyone already there)
        self.count_interval = count_interval
        self._count_timer: Timer | None = None
        self.starter = 0
        self.position: Position = self.game.start(0)
        self.moves: list[MoveRecord] = []
        self.game_id: int | None = None
        self.result: str | None = None
        self.ending: tuple[Outcome, EndReason] | None = None  # how the game ended (room_state)
        self.creator: str | None = None  # the creating client's address (quotas)
        self.last_activity = clock.now()  # the last seat taken, move or new game
        self.finished = False
        self.quick = False  # made by quick pairing
        self.empty_since: float | None = None
        self.computer_level: ComputerLevel | None = None
        # called when it is a computer seat's turn (the hub schedules its search)
        self.turn_hook: Callable[[Room], None] | None = None
        # called after each move is committed and told (the hub counts them)
        self.on_move: Callable[[Room], None] | None = None
        self.first = self.position  # the game's first position (takebacks replay from it)
        self.match = Match(self, self.end)  # clocks, rated, offers (match.py)
        # inside _finish: ratings settled at once, told after the game_over (None: at once)
        self._ratings_wait: list[Rerated] | None = None
        self.chat = RoomChat(self)  # players' and spectators' chat (room_chat.py)
        self.round_choice_timeout = ROUND_CHOICE_TIMEOUT  # the hub's setting (room_choice.py)

    # ---- views --------------------------------------------------------------------

    @property
    def status(self) -> RoomStatus:
        if self.finished:
            return "finished"
        return "playing" if all(s.taken for s in self.seats) else "waiting"

    @property
    def title(self) -> str:
        # a custom variant names itself: marked, so that it cannot pass for a built-in one
        name = room_title(self.variant.name, self.variant_json)  # with its settings, if any
        return f"{name} (custom)" if self.variant_name == CUSTOM else name

    def summary(self) -> RoomSummary:
        return RoomSummary(room=self.code, variant=self.variant_name, title=self.title, public=self.public,
                           seats=[s.info() for s in self.seats], spectators=len(self.spectators),
                           status=self.status, clock=self.match.control, rated=self.match.rated,
                           pie=self.match.pie)

    def state(self) -> State:
        return State(**self.game.state_json(self.position))

    def arrange_offer(self) -> ArrangeOffer | None:
        """ARNGE_LIMIT: the game's first move may be an arrangement (protocol.md)."""
        offer = self.game.arrange_offer(self.position) if not self.moves else None
        return None if offer is None else ArrangeOffer(**offer)

    def room_state(self, you: int | None, request_id: Any = None,
                   moves: list[MoveRecord] | None = None) -> RoomState:
        """`moves`: in place of the room's own (room_states.py gives none to validate)."""
        return RoomState(id=request_id, room=self.code, variant=self.variant_name, title=self.title,
                         holes=self.variant.holes, public=self.public,
                         seats=[s.info(self.clock.now()) for s in self.seats],
                         spectators=len(self.spectators), status=self.status,
                         you=you, ply=len(self.moves), moves=self.moves if moves is None else moves,
                         state=self.state(),
                         result=self.result, game_id=self.game_id, clock=self.match.control,
                         clocks=self.match.snapshot(), rated=self.match.rated, offer=self.match.offer,
                         pie=self.match.pie, swapped=self.match.swapped,
                         share_key=None if self.public or self.game_id is None else share_key(self.code, self.game_id),
                         outcome=self.ending[0].to_json() if self.ending else None,
                         reason=self.ending[1] if self.ending else None, round_choice=self.round_choice_push(),
                         arrange=self.arrange_offer())

    def clients(self) -> set[Member]:
        out = set(self.spectators)
        for seat in self.seats:
            out |= seat.clients
        return out

    def broadcast(self, message: BaseModel) -> None:
        """Send to everyone in the room."""
        self.deliver(self.clients(), message)

    def tell(self, member: Member, message: BaseModel) -> None:
        """Send to one member, in order with what the room broadcasts."""
        self.deliver((member,), message)

    # ---- persistence ----------------------------------------------------------------

    def row(self) -> RoomRow:
        return RoomRow(self.code, self.variant_name, self.variant_json, self.public, self.status,
                       self.game_id, [(s.name, s.token_hash) for s in self.seats],
                       next((i for i, s in enumerate(self.seats) if s.computer), None), self.computer_level)

    def save(self) -> None:
        self.store.save_room(self.row())

    def store_terms(self) -> None:
        terms = self.match.terms_to_store()
        if self.game_id is not None and terms is not None:
            self.store.set_terms(self.game_id, terms)

    async def first_position(self, starter: int) -> Position:
        """A new game's first position (RANDOM layouts drawn here, once, then stored)."""
        seed = secrets.randbits(64)
        if self.rules is None:
            try:  # a built-in RANDOM layout is drawn again, as a custom one, when nobody could move
                return playable_start(self.variant, self.game, starter, None, seed)
            except VariantError as exc:
                raise RoomError(ErrorCode.INVALID_VARIANT, str(exc)) from None
        try:
            return (await self.rules.start(self.variant_json, starter, seed=seed)).position
        except RulesTimeout as exc:
            raise RoomError(ErrorCode.RULES_TIMEOUT, f"starting a game of this variant: {exc}") from None

    def begin(self, starter: int, position: Position) -> None:
        """A new game from `position`, stored with its layout before anyone sees it."""
        self.starter = starter
        self.position = position
        self.moves = []
        self.result = None
        self.ending = None
        self.finished = False
        self.forget_choice()  # one left from a game that ended while it waited
        self.game_id = self.store.new_game(self.code, self.variant_name, self.variant_json, starter,
                                           [s.name for s in self.seats], layout(position))
        self.first = position
        self.match.begin()
        self.store_terms()
        self.touch()
        self.save()

    def restore(self, row: RoomRow, game: GameRow, replayed: Restored | None = None) -> None:
        """Rebuild from the store: the stored first layout, then every committed move
        through the engine (IllegalMove when they no longer replay), or as `replayed`."""
        self.game_id = row.game_id
        for s, (name, token_hash) in zip(self.seats, row.seats, strict=True):
            s.name, s.token_hash = name, token_hash
        if row.computer is not None:
            self.seats[row.computer].computer = True
            level = row.computer_level
            self.computer_level = "perfect" if level == "perfect" else int(level) if level is not None else 1
            self.seats[row.computer].rating = (self.computer_rating().shown(), False)
        self.starter = game.starter
        # a definition the rules workers play was replayed there (stored_rules.py)
        replayed = replayed or restored(self.game, game)
        self.first, self.moves, self.position = replayed.first, replayed.moves, replayed.position
        self.finished = game.outcome is not None  # an end the store missed: end_if_over
        self.result = game.result
        if game.outcome is not None and game.reason is not None:
            self.ending = (game.outcome, cast(EndReason, game.reason))
        if game.match is not None:
            for held, player in zip(self.seats, game.match.terms.players, strict=True):
                held.player = player
        self.match.restore(game.match)
        self.resume_choice()  # stored between a round's end and its choice: it waits again

    # ---- seats ----------------------------------------------------------------------

    def claim(self, client: Member, seat: SeatNumber | None) -> tuple[SeatNumber, str]:
        """Give a free seat to the client: returns (seat, token)."""
        if self.finished:
            raise RoomError(ErrorCode.GAME_OVER, f"room {self.code}: the game is over")
        held = client.seats.get(self.code)
        if held is not None:  # one connection, one seat: the other is for the opponent
            raise RoomError(ErrorCode.SEAT_TAKEN, f"you already sit {SEAT_NAMES[held]} in room {self.code}")
        free: list[SeatNumber] = [i for i in SEATS if not self.seats[i].taken]
        if not free:
            raise RoomError(ErrorCode.ROOM_FULL, f"room {self.code} has no free seat")
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise RoomError(ErrorCode.SEAT_TAKEN, f"seat {seat} ({SEAT_NAMES[seat]}) is taken")
        player = client.player
        if self.match.rated:
            if player is None:
                raise RoomError(ErrorCode.NOT_IDENTIFIED, "a rated game is for known players: identify first")
            if any(x.player == player for x in self.seats):
                raise RoomError(ErrorCode.SEAT_TAKEN, "you already sit in this rated game")
        token = secrets.token_urlsafe(24)
        s = self.seats[seat]
        s.name, s.token_hash = client.name, hash_token(token)
        s.player = player  # first: a bot sitting down moves the game to the bots' ladder,
        s.rating = client.ratings.get(self.match.rating_pool)  # its own rating included
        for other in self.seats:  # and the other seat's person is shown on that ladder too
            member = next(iter(other.clients), None)
            if other is not s and member is not None and other.player is not None and member.player == other.player:
                other.rating = member.ratings.get(self.match.rating_pool)
        s.clients.add(client)
        client.seats[self.code] = seat
        self.empty_since = None
        self.touch()
        self._unwatch(client)
        if self.game_id is not None:
            self.store.set_players(self.game_id, [x.name for x in self.seats])
            self.store_terms()
        self.save()
        self.match.seated()
        log.info("room %s: %s takes seat %d (%s)", self.code, client.peer, seat, SEAT_NAMES[seat])
        self.broadcast(PlayerStatus(room=self.code, seat=seat, status="joined", name=client.name,
                                    clocks=self.match.snapshot()))
        self.on_change(self)
        return seat, token

    def reconnect(self, client: Member, token: str) -> int:
        h = hash_token(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, h):
                held = client.seats.get(self.code)
                if held is not None and held != i:
                    raise RoomError(ErrorCode.SEAT_TAKEN,
                                    f"this connection already sits {SEAT_NAMES[held]} in room {self.code}")
                was_absent = not s.clients
                s.clients.add(client)
                s.away_since = None
                mine = client.ratings.get(self.match.rating_pool)
                if mine is not None and client.player == s.player:
                    s.rating = mine
                client.seats[self.code] = i
                self._unwatch(client)
                if s.abandon_timer:
                    s.abandon_timer.cancel()
                    s.abandon_timer = None
                    s.forfeit_at = None
                s.claimable = False  # back before anyone claimed: play goes on
                self.empty_since = None
                log.info("room %s: %s back in seat %d", self.code, client.peer, i)
                if was_absent:
                    self.broadcast(PlayerStatus(room=self.code, seat=i, status="back", name=s.name))
                    self.on_change(self)
                return i
        raise RoomError(ErrorCode.BAD_TOKEN, f"room {self.code}: that token holds no seat")

    def watch(self, client: Member) -> None:
        self.spectators.add(client)
        client.watching.add(self.code)
        self.empty_since = None
        log.info("room %s: %s spectates (%d watching)", self.code, client.peer, len(self.spectators))
        self._count_changed()
        self.on_change(self)

    def _unwatch(self, client: Member) -> None:
        """A spectator stops watching (it left, or it took a seat)."""
        client.watching.discard(self.code)
        if client in self.spectators:
            self.spectators.discard(client)
            self._count_changed()

    def _count_changed(self) -> None:
        if self.count_interval <= 0:
            self._tell_count()
        elif self._count_timer is None:
            # the bigger the audience the rarer the count: at most about COUNT_FRAMES frames a
            # second per count_interval (250 people: every interval; 10,000: every 40)
            delay = self.count_interval * max(1.0, len(self.spectators) / COUNT_FRAMES)
            self._count_timer = self.clock.call_later(delay, self._tell_count)

    def _tell_count(self) -> None:
        """The spectator count as it is now (someone came or went since it was told)."""
        self._count_timer = None
        self.broadcast(Spectators(room=self.code, count=len(self.spectators)))

    def detach(self, client: Member, *, leaving: bool = False) -> None:
        """A client goes away (closed socket, or `leave`)."""
        self._unwatch(client)
        self.chat.forget(client)
        seat = client.seats.pop(self.code, None)
        if seat is not None:
            s = self.seats[seat]
            s.clients.discard(client)
            if not s.clients:
                s.away_since = self.clock.now()
                log.info("room %s: seat %d %s", self.code, seat, "left" if leaving else "disconnected")
                if leaving and not self.finished and self.status == "playing" and self.seats[1 - seat].computer:
                    # nobody waits on the other side: leaving a game against the computer
                    # ends it, as the page warns, and frees the player's quota at once
                    self._forfeit(seat)
                elif not self.finished and self.status == "playing":
                    self._start_abandon_timer(seat)
                # the grace left goes with the news, so that pages can count down to the forfeit
                self.broadcast(PlayerStatus(room=self.code, seat=seat,
                                            status="left" if leaving else "disconnected", name=s.name,
                                            grace_ms=s.grace_ms(self.clock.now())))
        if not self.clients():
            self.empty_since = self.clock.now()
        self.on_change(self)

    # ---- play -------------------------------------------------------------------------

    def seat_of(self, client: Member) -> int:
        seat = client.seats.get(self.code)
        if seat is None:
            raise RoomError(ErrorCode.NOT_A_PLAYER, f"you have no seat in room {self.code}")
        return seat

    def check_can_move(self, seat: int, ply: int | None) -> None:
        if self.finished:
            raise RoomError(ErrorCode.GAME_OVER, f"room {self.code}: the game is over")
        if self.status != "playing":
            raise RoomError(ErrorCode.NOT_YOUR_TURN, f"room {self.code}: waiting for an opponent")
        if self.choosing is not None:
            raise RoomError(ErrorCode.NOT_YOUR_TURN, f"{SEAT_NAMES[self.choosing.needed['player']]} "
                                                     "is choosing the next round's layout")
        if self.position.turn != seat:
            raise RoomError(ErrorCode.NOT_YOUR_TURN,
                            f"it is {SEAT_NAMES[self.position.turn]}'s turn, you are {SEAT_NAMES[seat]}")
        if ply is not None and ply != len(self.moves):
            raise RoomError(ErrorCode.STALE_PLY, f"the game is at ply {len(self.moves)}, not {ply}")

    def swap(self, client: Member, ply: int | None) -> None:
        """The swap rule: the second player takes over the side that made the first move;
        the first player now sits the other side, whose turn it is. The stored moves stay
        as they are (a move belongs to a side); who sits where is stored with the terms."""
        seat = self.seat_of(client)
        self.match.check_swap(seat, ply)
        self._exchange_seats()
        for i, s in enumerate(self.seats):
            if s.abandon_timer is not None:  # its deadline named the seat by number: armed again
                self._start_abandon_timer(i)
        self.match.swap_made()
        assert self.game_id is not None
        self.store.set_players(self.game_id, [s.name for s in self.seats])
        self.store_terms()
        self.save()
        self.touch()
        log.info("room %s: %s swaps to %s", self.code, client.peer, SEAT_NAMES[1 - seat])
        self._tell_states()
        self.on_change(self)
        self.computer_turn()

    def _exchange_seats(self) -> None:
        """The two seats' occupants change sides (a rematch, a swap)."""
        self.seats.reverse()
        for i, s in enumerate(self.seats):
            for c in s.clients:
                c.seats[self.code] = i

    def _tell_states(self) -> None:
        """Everyone gets the whole room again: who sits where changed."""
        for i, s in enumerate(self.seats):
            self.deliver(s.clients, self.room_state(i))
        self.deliver(self.spectators, self.room_state(None))

    async def move(self, client: Member, move: Any, ply: int | None) -> None:
        seat = self.seat_of(client)
        # the network's share of the move's time, given back up to a cap (game_clock.py);
        # asked only where there is a clock to give it back to (a system call each time)
        lag = client.latency if self.match.clocks is not None else 0.0
        await self.play_for(seat, move, ply, lag=lag)

    async def play_for(self, seat: int, move: Any, ply: int | None, lag: float = 0.0) -> None:
        """The one way a move enters the game: check, commit, broadcast."""
        arrived = self.clock.now()  # the mover's clock stops here, whatever the rules then take
        self.check_can_move(seat, ply)
        late = self.match.check_time(seat, arrived)
        if late is not None:
            self.end(late)
            raise RoomError(ErrorCode.GAME_OVER, f"room {self.code}: your time ran out ({late.words})")
        if self.rules is None:
            try:
                new, events = self.game.play_events(self.position, move)
            except IllegalMove as exc:
                raise RoomError(ErrorCode.ILLEGAL_MOVE, str(exc)) from None
            self._commit(seat, move, new, next_round_or_none(self.game, new), arrived, lag, events)
            return
        async with self.lock:
            self.check_can_move(seat, ply)  # again: another move may have gone in meanwhile
            number = len(self.moves)
            try:
                played = await self.rules.play(self.variant_json, self.position, move)
            except IllegalMove as exc:
                raise RoomError(ErrorCode.ILLEGAL_MOVE, str(exc)) from None
            except RulesTimeout as exc:
                raise RoomError(ErrorCode.RULES_TIMEOUT,
                                f"this variant's move took too long ({exc}); the position is unchanged") from None
            if self.finished or len(self.moves) != number:  # resigned or forfeited meanwhile
                raise RoomError(ErrorCode.GAME_OVER, f"room {self.code}: the game is over")
            self._commit(seat, move, played.position, played.next_round, arrived, lag, played.events)

    def _commit(self, seat: int, move: Any, new: Position, next_round: Position | None,
                arrived: float, lag: float, events: list[dict[str, Any]] | None) -> None:
        wire_move = list(move) if isinstance(move, tuple) else move
        number = len(self.moves)
        assert self.game_id is not None
        self.store.add_move(self.game_id, number, seat, wire_move)  # committed before anyone hears
        marks = self.match.moved(seat, arrived, lag)
        if marks is not None:
            self.store.add_move_clock(self.game_id, number, marks)
        self.position = new
        self.touch()
        record = MoveRecord(ply=number, seat=seat, move=wire_move, events=move_events(events))
        self.moves.append(record)
        self.broadcast(MoveMade(room=self.code, ply=number, seat=seat, move=wire_move, state=self.state(),
                                clocks=self.match.started(), events=record.events))
        if self.on_move is not None:
            self.on_move(self)
        if new.outcome is not None and new.outcome.kind in ROUND_KINDS:
            self._next_round(next_round)
        else:
            self.end_if_over()
        self.computer_turn()

    def end_if_over(self) -> None:
        """End the game where its position is over, as the move that got there does. After a
        restore too: a server killed between a move's commit and the game end's came back
        with a room nobody could ever move in again, and a game never recorded as ended."""
        pos = self.position
        if self.finished or self.choosing is not None:
            return
        if pos.outcome is None:
            if not self.game.legal_moves(pos):
                # stuck: no legal move and no end in the rules (the reference waits for
                # ever); online the game ends there as a draw (docs/rules-decisions.md)
                self._finish(Outcome(OutcomeKind.TIE, None), "rules",
                             f"draw: {SEAT_NAMES[pos.turn]} has no legal move and the rules name no end")
        else:  # a game's end, or a round's whose next round could not start
            self._finish(game_end(pos.outcome), "rules", self._describe(pos))

    def _next_round(self, nxt: Position | None) -> None:
        """A round ended: the next one starts at once (its layout follows from the rules),
        or once a player chose its layout (room_choice.py)."""
        if nxt is None:  # the next round cannot start: the round's result ends the game
            outcome = self.position.outcome
            assert outcome is not None
            self._finish(game_end(outcome), "rules", self._describe(self.position))
        elif not self.wait_for_choice(nxt):
            self._start_round(nxt, None)

    def _start_round(self, nxt: Position, choice: dict[str, Any] | None) -> None:
        """The next round starts from `nxt`, stored first (with the player's choice, if any)."""
        assert self.game_id is not None
        self.store.add_round(self.game_id, len(self.moves), layout(nxt) | ({} if choice is None else {"choice": choice}))
        self.position = nxt
        self.match.turn_changed()
        log.info("room %s: a new round starts", self.code)
        self.broadcast(RoundStarted(room=self.code, ply=len(self.moves), state=self.state(),
                                    clocks=self.match.snapshot()))
        if nxt.outcome is not None:  # a round its starter cannot play: the game ends there
            self._finish(nxt.outcome, "rules", self._describe(nxt))

    def touch(self) -> None:
        self.last_activity = self.clock.now()

    def add_computer(self, seat: int, level: ComputerLevel) -> None:
        s = self.seats[seat]
        s.computer, s.name = True, "Computer (perfect)" if level == "perfect" else f"Computer (level {level})"
        self.computer_level = level
        s.rating = (self.computer_rating().shown(), False)

    def computer_rating(self) -> Rating:
        """The computer's fixed rating, by the level it plays as in this variant (plays_as)."""
        level = self.computer_level if self.computer_level is not None else 1
        return computer_rating("perfect" if level == "perfect" else plays_as(self.game, int(level)),
                               self.variant_name)

    def computer_turn(self) -> None:
        """Hand the turn to the computer when its seat is to move."""
        if self.turn_hook is not None and not self.finished and self.status == "playing" \
                and self.choosing is None and self.seats[self.position.turn].computer:
            self.turn_hook(self)

    def _describe(self, pos: Position) -> str:
        s0, s1 = pos.stores
        if pos.outcome is None:
            return ""
        if pos.outcome.winner is None:
            return f"draw, {s0}-{s1}"
        w = pos.outcome.winner
        # the winner's count first, as results are read ("North wins, 37-11")
        return f"{SEAT_NAMES[w]} wins, {pos.stores[w]}-{pos.stores[1 - w]}"

    def resign(self, client: Member) -> None:
        seat = self.seat_of(client)
        if self.finished:
            raise RoomError(ErrorCode.GAME_OVER, f"room {self.code}: the game is over")
        if self.status != "playing":
            raise RoomError(ErrorCode.NOT_YOUR_TURN, f"room {self.code}: the game has not started")
        self._finish(Outcome(OutcomeKind.WIN, 1 - seat), "resign",
                     f"{SEAT_NAMES[1 - seat]} wins: {SEAT_NAMES[seat]} resigned")

    def end(self, ending: Ending) -> None:
        """End the game as the match decided (on time, by agreement)."""
        self._finish(ending.outcome, ending.reason, ending.words)

    def _take_back(self, ply: int) -> None:
        if self.choosing is not None:  # the round's end stands once its choice is asked for
            raise RoomError(ErrorCode.NO_TAKEBACK, "moves cannot be taken back while the next round is chosen")
        super()._take_back(ply)

    def computer_budget(self, cap_ms: int) -> int:
        return self.match.computer_budget(cap_ms)

    def pause(self) -> None:
        """The server is stopping: store what a restart needs that moves do not say."""
        mark = self.match.pause()
        if mark is not None and self.game_id is not None:
            self.store.pause_clock(self.game_id, mark)

    def _finish(self, outcome: Outcome, reason: EndReason, result: str) -> None:
        self.finished = True
        self.result = result
        self.ending = (outcome, reason)
        rated = self.match.finish(reason)
        # a store that commits at once settles the ratings inside finish_rated: their news
        # waits for the game_over they come from (a store that commits later tells them then)
        self._ratings_wait = []
        if self.game_id is not None:
            if rated is None:
                self.store.end_game(self.game_id, outcome, reason, result)
            else:
                self.store.finish_rated(self.game_id, outcome, reason, result, rated.pool, list(rated.sides),
                                        self._rated)
        self.save()
        for s in self.seats:
            s.wants_rematch = False
        self.cancel_timers()
        log.info("room %s: game over (%s): %s", self.code, reason, result)
        self.broadcast(GameOver(room=self.code, outcome=outcome.to_json(), reason=reason,
                                result=result, game_id=self.game_id, unrated=self.match.unrated(reason)))
        waiting, self._ratings_wait = self._ratings_wait, None
        for rerated in waiting or ():
            self.broadcast(rerated.news)
        self.chat.game_ended()
        self.on_change(self)

    def _rated(self, settled: list[Settled]) -> None:
        """The new ratings are stored: the seats and their people show them, the room hears."""
        rerated = self.match.rerated(settled)
        for seat, shown in rerated.shown:
            s = self.seats[seat]
            s.rating = shown
            for member in s.clients:
                member.ratings[rerated.pool] = shown
        if self._ratings_wait is not None:
            self._ratings_wait.append(rerated)
        else:
            self.broadcast(rerated.news)

    async def rematch(self, client: Member) -> bool:
        """Ask for a rematch; when both players asked, start it with seats swapped."""
        seat = self.seat_of(client)
        if not self.finished:
            raise RoomError(ErrorCode.NOT_YOUR_TURN, f"room {self.code}: the game is still going")
        self.seats[seat].wants_rematch = True
        if not all(s.wants_rematch or s.computer for s in self.seats):
            self.broadcast(RematchOffer(room=self.code, seat=seat))
            return False
        first = await self.first_position(self.starter)
        if not self.finished or not all(s.wants_rematch or s.computer for s in self.seats):
            return False  # a rematch started meanwhile (both asked at once)
        self._exchange_seats()
        for s in self.seats:
            s.wants_rematch = False
        self.begin(self.starter, first)
        self.start_abandon_timers()  # a player who asked and then went away still has to come back
        log.info("room %s: rematch, seats swapped", self.code)
        self._tell_states()
        self.on_change(self)
        self.computer_turn()
        return True
