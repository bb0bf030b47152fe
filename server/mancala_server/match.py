"""What makes a room's game competitive: its time control and clocks, whether it is rated,
which known players sit, and a draw or takeback offer waiting for an answer.

The room calls in at the moments that matter (a game begins, a seat is taken, a move is
committed, the game ends, the room is restored or paused) and the match keeps its part:
clocks charged and stored with each move, the flag timer on the injected clock, ratings
settled in the same transaction as the result. Everything is stored before it is told.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from mancala.engine.game import ROUND_KINDS, Game, IllegalMove
from mancala.engine.position import Outcome, OutcomeKind, Position
from mancala.protocol.messages import (
    Clocks,
    ComputerLevel,
    EndReason,
    ErrorCode,
    MoveRecord,
    OfferInfo,
    OfferNews,
    RatingChange,
    RatingsChanged,
    RoomStatus,
    State,
    TakenBack,
    TimeControl,
)
from mancala_server.clock import Clock, Timer
from mancala_server.compete_store import ClockMark, MatchState, Terms
from mancala_server.fair_start import rating_pool
from mancala_server.game_clock import GameClock
from mancala_server.ratings import RatedSide, Settled, computer_rating
from mancala_server.room_ports import RoomError, RoomStore
from mancala_server.rules_worker import RulesWorkers
from mancala_server.seat import SEAT_NAMES, Seat

log = logging.getLogger("mancala_server")


class MatchVenue(Protocol):
    """What a match reads and changes of its room (a Room is one): the match never
    imports the room, so the two can be read, and tested, apart."""

    code: str
    clock: Clock
    store: RoomStore
    game: Game
    rules: RulesWorkers | None
    variant_name: str
    seats: list[Seat]
    position: Position  # a takeback sets both
    moves: list[MoveRecord]
    game_id: int | None
    finished: bool
    computer_level: ComputerLevel | None

    @property
    def status(self) -> RoomStatus: ...

    def state(self) -> State: ...

    def broadcast(self, message: BaseModel) -> None: ...

    def replay_to(self, ply: int) -> Any: ...

    def touch(self) -> None: ...

    def computer_turn(self) -> None: ...


@dataclass(frozen=True)
class Ending:
    """A game's end the match decided (a flag, an agreed draw): the room ends the game
    with it, as it ends games the rules or the players end."""

    outcome: Outcome
    reason: EndReason
    words: str


class Match:
    def __init__(self, room: MatchVenue, on_ending: Callable[[Ending], None]) -> None:
        self.room = room
        # where the flag timer's decision goes: nobody asked, so nobody gets it returned
        self.on_ending = on_ending
        self.control: TimeControl | None = None
        self.rated = False
        self.pie = False  # the swap rule (fair_start.py)
        self.swapped = False  # this game's swap was made
        self.clocks: GameClock | None = None
        self.offer: OfferInfo | None = None
        self.flag_timer: Timer | None = None
        self._ending = False  # inside finish(): ratings settled at once are told after game_over
        self._ratings_news: RatingsChanged | None = None

    # ---- terms ------------------------------------------------------------------------

    def configure(self, control: TimeControl | None, rated: bool, pie: bool = False) -> None:
        """The room's terms, set when it is made (a rematch keeps them)."""
        self.control = control
        self.rated = rated
        self.pie = pie

    @property
    def rating_pool(self) -> str:
        """The ladder this game's ratings move: against the computer, a ladder apart."""
        room = self.room
        return rating_pool(room.variant_name, any(s.computer for s in room.seats))

    def check_swap(self, seat: int, ply: int | None) -> None:
        """The swap rule allows `seat` to take the first player's side now: the rule is on,
        exactly one move was played, by the other side, and nobody swapped yet."""
        room = self.room
        if not self.pie:
            raise RoomError(ErrorCode.NO_SWAP, f"room {room.code} has no swap rule")
        if room.finished:
            raise RoomError(ErrorCode.GAME_OVER, f"room {room.code}: the game is over")
        if self.swapped:
            raise RoomError(ErrorCode.NO_SWAP, "the swap was made already: it is made once, by the second player")
        if len(room.moves) != 1 or room.moves[0].seat == seat or room.position.turn != seat:
            raise RoomError(ErrorCode.NO_SWAP, "a swap is the second player's answer to the first move, "
                                               f"before their own (the game is at ply {len(room.moves)})")
        if ply is not None and ply != len(room.moves):
            raise RoomError(ErrorCode.STALE_PLY, f"the game is at ply {len(room.moves)}, not {ply}")

    def players(self) -> tuple[str | None, str | None]:
        s0, s1 = self.room.seats
        return s0.player, s1.player

    def terms(self) -> Terms:
        return Terms(self.rated, self.control.model_dump() if self.control else None, self.players(),
                     self.pie, self.swapped)

    def store_terms(self) -> None:
        room = self.room
        if room.game_id is not None and (self.rated or self.pie or self.control is not None or any(self.players())):
            room.store.set_terms(room.game_id, self.terms())

    # ---- the game's life ------------------------------------------------------------------

    def begin(self) -> None:
        """A new game: fresh clocks (running once both seats are taken), no offer."""
        self.cancel_timers()
        self.offer = None
        self.swapped = False
        self.clocks = GameClock(self.control) if self.control is not None else None
        self.store_terms()
        self.seated()

    def seated(self) -> None:
        """A seat was taken: once both are, the clock of the player to move starts."""
        room = self.room
        if self.clocks is None or room.finished or room.status != "playing" or self.clocks.running is not None:
            return
        self._start(room.position.turn)

    def _start(self, seat: int) -> None:
        assert self.clocks is not None
        self.clocks.start(seat, self.room.clock.now())
        self._arm()

    def _arm(self) -> None:
        """The flag timer: fires when the running clock reaches zero."""
        if self.flag_timer is not None:
            self.flag_timer.cancel()
            self.flag_timer = None
        c = self.clocks
        if c is None or c.running is None:
            return
        left = c.left(c.running, self.room.clock.now())
        self.flag_timer = self.room.clock.call_later(max(0.0, left / 1000), self._flag)

    def _flag(self) -> None:
        self.flag_timer = None
        c, room = self.clocks, self.room
        if c is None or c.running is None or room.finished:
            return
        if c.left(c.running, room.clock.now()) > 0:  # moved meanwhile, or the clock was reset
            self._arm()
            return
        self.on_ending(self.time_out(c.running))

    def time_out(self, seat: int) -> Ending:
        """`seat`'s time ran out: it loses, unless its opponent can no longer win (the
        flagged player's store already holds half of all seeds or more: stores only grow,
        so the opponent could at best tie): then it is a draw, as a chess flag is when the
        opponent has no mating material left."""
        room = self.room
        assert self.clocks is not None
        self.clocks.stop(room.clock.now())
        self.clocks.remaining[seat] = 0
        pos = room.position
        total = sum(pos.board) + sum(pos.stores)
        if pos.stores[seat] * 2 >= total:
            outcome = Outcome(OutcomeKind.TIE, None)
            words = f"draw: {SEAT_NAMES[seat]} ran out of time, but {SEAT_NAMES[1 - seat]} could no longer win"
        else:
            outcome = Outcome(OutcomeKind.WIN, 1 - seat)
            words = f"{SEAT_NAMES[1 - seat]} wins on time"
        log.info("room %s: %s's time ran out", room.code, SEAT_NAMES[seat])
        return Ending(outcome, "timeout", words)

    def check_time(self, seat: int, arrived: float) -> Ending | None:
        """Before a move is judged: a move that comes after its clock ran out ends the
        game on time instead (the timer may not have fired yet)."""
        c = self.clocks
        if c is not None and c.running == seat and c.left(seat, arrived) <= 0:
            return self.time_out(seat)
        return None

    def moved(self, seat: int, ply: int, arrived: float, lag: float) -> None:
        """A move was committed: charge it and store the clocks with it (they are told
        after the turn is known: see started())."""
        self.offer = None  # a move answers any offer: it stands no longer
        c, room = self.clocks, self.room
        if c is None:
            return
        if not c.charge(seat, arrived, lag):  # cannot be: check_time came first
            c.remaining[seat] = 1
        assert room.game_id is not None
        room.store.add_move_clock(room.game_id, ply, c.marks())

    def started(self) -> Clocks | None:
        """After the move: the next mover's clock runs from now (the moment the position
        goes out); the clocks as told with the move."""
        c, room = self.clocks, self.room
        if c is None:
            return None
        if not room.finished and room.status == "playing":
            self._start(room.position.turn)
        return c.snapshot(room.clock.now())

    def turn_changed(self) -> None:
        """A new round may start with the other player: their clock runs instead."""
        c, room = self.clocks, self.room
        if c is not None and c.running is not None and c.running != room.position.turn and not room.finished:
            c.stop(room.clock.now())
            self._start(room.position.turn)

    def computer_budget(self, cap_ms: int) -> int:
        """A computer's thinking time on a clock: a share of what it has left (plus most of
        its increment), never more than the server's cap."""
        c, room = self.clocks, self.room
        if c is None or self.control is None or self.control.days:
            return cap_ms
        left = c.left(room.position.turn, room.clock.now())
        return max(20, min(cap_ms, left // 25 + self.control.increment * 800))

    def snapshot(self) -> Clocks | None:
        return None if self.clocks is None else self.clocks.snapshot(self.room.clock.now())

    def finish(self, outcome: Outcome, reason: str, result: str) -> bool:
        """The game ended: clocks stop; a rated game's end is stored with both ratings
        (True: stored here; False: the room stores a plain end)."""
        self.cancel_timers()
        self.offer = None
        if self.clocks is not None:
            self.clocks.stop(self.room.clock.now())
        room = self.room
        if not self.rated or room.game_id is None or not all(s.taken for s in room.seats):
            return False
        sides = []
        for i, s in enumerate(room.seats):
            fixed = computer_rating(room.computer_level if room.computer_level is not None else 1,
                                    room.variant_name) if s.computer else None
            sides.append(RatedSide(i, None if s.computer else s.player, s.name or SEAT_NAMES[i], fixed))
        self._ending = True  # a store that commits at once settles the ratings inside this call
        try:
            room.store.finish_rated(room.game_id, outcome, reason, result, self.rating_pool, sides, self._rated)
        finally:
            self._ending = False
        return True

    def ended(self) -> None:
        """The room has told `game_over`: the ratings settled with it follow (a store that
        commits later tells them when it has: after the game_over either way)."""
        news, self._ratings_news = self._ratings_news, None
        if news is not None:
            self.room.broadcast(news)

    def _rated(self, settled: list[Settled]) -> None:
        """The new ratings are stored: the room hears them, the seats show them."""
        room = self.room
        pool = self.rating_pool
        for s in settled:
            seat = room.seats[s.side.seat]
            seat.rating = (s.after.shown(), s.after.provisional)
            for member in seat.clients:
                member.ratings[pool] = seat.rating
        changes = [RatingChange(seat=s.side.seat, name=s.side.name, before=s.before.shown(), after=s.after.shown(),
                                rd=round(s.after.rd), provisional=s.after.provisional) for s in settled]
        news = RatingsChanged(room=room.code, game_id=room.game_id, variant=room.variant_name, changes=changes)
        if self._ending:
            self._ratings_news = news
        else:
            room.broadcast(news)

    def cancel_timers(self) -> None:
        if self.flag_timer is not None:
            self.flag_timer.cancel()
            self.flag_timer = None

    def pause(self) -> None:
        """The server stops: the clocks as they are now are stored, so that a restart
        gives the player to move exactly the time they had."""
        room = self.room
        if self.clocks is None or room.finished or room.game_id is None or self.clocks.running is None:
            return
        now = room.clock.now()
        mark = ClockMark(len(room.moves), (max(0, self.clocks.left(0, now)), max(0, self.clocks.left(1, now))))
        room.store.pause_clock(room.game_id, mark)

    def restore(self, state: MatchState | None) -> None:
        """After a restart: the terms, and the clocks from the latest stored mark (a
        graceful stop's pause, else the last move's); they run again from now."""
        if state is None:
            return
        terms = state.terms
        self.rated = terms.rated
        self.pie, self.swapped = terms.pie, terms.swapped
        self.control = TimeControl(**terms.clock) if terms.clock else None
        room = self.room
        for seat, player in zip(room.seats, terms.players, strict=True):
            seat.player = player
        if self.control is None:
            return
        plies = len(room.moves)
        marks = [m for m in (state.pause, state.last) if m is not None]
        best = next((m for m in marks if m is state.pause and m.ply == plies), None) \
            or next((m for m in marks if m is state.last and m.ply == plies - 1), None) \
            or max(marks, key=lambda m: m.ply, default=None)
        self.clocks = GameClock(self.control, best.remaining if best is not None else None)
        self.seated()

    # ---- offers -----------------------------------------------------------------------------

    def _playing(self) -> None:
        room = self.room
        if room.finished:
            raise RoomError(ErrorCode.GAME_OVER, f"room {room.code}: the game is over")
        if room.status != "playing":
            raise RoomError(ErrorCode.NOT_YOUR_TURN, f"room {room.code}: the game has not started")

    def offer_draw(self, seat: int) -> Ending | None:
        self._playing()
        if self.offer is not None and self.offer.kind == "draw" and self.offer.seat != seat:
            return self.answer_draw(seat, True)  # both offered: that is agreement
        self._offer("draw", seat)
        return None

    def _offer(self, kind: str, seat: int) -> None:
        if self.offer is not None and self.offer.seat == seat:
            raise RoomError(ErrorCode.NO_OFFER, f"you have offered a {self.offer.kind} already")
        room = self.room
        if room.seats[1 - seat].computer:  # it never answers: say so at once
            raise RoomError(ErrorCode.NO_OFFER, f"the computer does not take {kind} offers")
        standing = self.offer
        if standing is not None:
            # the opponent's offer (of the other kind: two draw offers agree above) gets an
            # offer back instead of an answer: it is declined, and said so, before the new
            # one replaces it; clients showed it standing otherwise
            room.broadcast(OfferNews(room=room.code, kind=standing.kind, seat=standing.seat, status="declined"))
        self.offer = OfferInfo(kind=kind, seat=seat)  # type: ignore[arg-type]
        room.broadcast(OfferNews(room=room.code, kind=kind, seat=seat, status="offered"))  # type: ignore[arg-type]

    def _answer(self, kind: str, seat: int, accept: bool) -> OfferInfo | None:
        """`seat` answers the opponent's open offer of `kind`, which closes it: the offer
        when accepted; when declined, the room is told and None returned."""
        self._playing()
        offer = self.offer
        if offer is None or offer.kind != kind or offer.seat == seat:
            raise RoomError(ErrorCode.NO_OFFER, f"your opponent has not offered a {kind}")
        self.offer = None
        if not accept:
            room = self.room
            room.broadcast(OfferNews(room=room.code, kind=offer.kind, seat=offer.seat, status="declined"))
            return None
        return offer

    def answer_draw(self, seat: int, accept: bool) -> Ending | None:
        if self._answer("draw", seat, accept) is None:
            return None
        return Ending(Outcome(OutcomeKind.TIE, None), "agreement", "draw by agreement")

    def offer_takeback(self, seat: int) -> None:
        self._playing()
        self._takeback_target(seat)
        self._offer("takeback", seat)

    def _takeback_target(self, seat: int) -> int:
        """The ply to go back to: the offerer's last move (and the reply after it)."""
        room = self.room
        if self.rated:
            raise RoomError(ErrorCode.NO_TAKEBACK, "no takebacks in a rated game")
        if room.rules is not None:
            raise RoomError(ErrorCode.NO_TAKEBACK, "no takebacks in a custom variant")
        mine = [m.ply for m in room.moves if m.seat == seat]
        if not mine:
            raise RoomError(ErrorCode.NO_TAKEBACK, "you have no move to take back")
        return mine[-1]

    def answer_takeback(self, seat: int, accept: bool) -> None:
        offer = self._answer("takeback", seat, accept)
        if offer is None:
            return
        room = self.room
        ply = self._takeback_target(offer.seat)
        pos = room.replay_to(ply)
        if pos is None:
            raise RoomError(ErrorCode.NO_TAKEBACK, "moves cannot be taken back across a new round")
        assert room.game_id is not None
        room.store.take_back(room.game_id, ply)
        room.moves = room.moves[:ply]
        room.position = pos
        room.touch()
        clocks = None
        if self.clocks is not None:  # the time used stays used; the clock of the new mover runs
            self.clocks.stop(room.clock.now())
            self._start(pos.turn)
            clocks = self.clocks.snapshot(room.clock.now())
        log.info("room %s: moves from ply %d taken back", room.code, ply)
        room.broadcast(TakenBack(room=room.code, ply=ply, moves=list(room.moves), state=room.state(), clocks=clocks))
        room.computer_turn()


def replay(game: Game, first: Any, moves: list[MoveRecord], upto: int) -> Any:
    """The position after the first `upto` moves from `first` (None: a round ended on the
    way, whose next layout is not replayed here)."""
    pos = first.copy()
    for m in moves[:upto]:
        try:
            pos = game.play(pos, tuple(m.move) if isinstance(m.move, list) else m.move)
        except IllegalMove:
            return None
        if pos.outcome is not None and pos.outcome.kind in ROUND_KINDS:
            return None
    return pos

