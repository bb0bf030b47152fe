"""What makes a room's game competitive: its time control and clocks, whether it is rated,
which known players sit, and a draw or takeback offer waiting for an answer.

The room calls in at the moments that matter (a game begins, a seat is taken, a move is
committed, an offer is made or answered, the game ends, the room is restored or paused)
and the match decides by its rules: it keeps the clocks, the flag timer on the injected
clock and the open offer, and returns what happened (an `Ending`, an `OfferDecision`,
`Rerated`, what to store) for the room to carry out. The match reads its room and never
changes it, stores nothing and tells nobody: the room stores before it tells.

When a game counts (docs/competitive.md, "Early games" and "Farming limits"): no clock runs
until both players have made a move (a first-move limit instead, whose end aborts the
game); a rated or timed game that ends before both have moved is aborted (no winner, no
rating); a rated game in which a player made fewer than MIN_MOVES_EACH moves keeps its
result but moves no rating. How much a counted game moves ratings is ratings.py's rule.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

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
    TimeControl,
    UnratedReason,
)
from mancala_server.bots import is_bot
from mancala_server.clock import Clock, Timer
from mancala_server.compete_store import ClockMark, MatchState, Terms
from mancala_server.fair_start import rating_pool
from mancala_server.game_clock import GameClock, first_move_limit
from mancala_server.ratings import RatedSide, Rating, Settled
from mancala_server.room_ports import RoomError
from mancala_server.rules_worker import RulesWorkers
from mancala_server.seat import SEAT_NAMES, Seat

log = logging.getLogger("mancala_server")
# a rated game is rated only once each player has made this many moves: a game resigned,
# agreed drawn or flagged before that says nothing of the players' strength, and such games
# were how ratings were farmed (one identity resigning to another at move 0, again and again)
MIN_MOVES_EACH = 2


def moves_by_player(moves: list[MoveRecord], swapped: bool) -> tuple[int, int]:
    """The moves each seat's present player made. A move belongs to a side; after a swap
    the first move was made by the player who now sits the other side (the one who swapped
    has made none until they sow)."""
    counts = [0, 0]
    for m in moves:
        counts[1 - m.seat if swapped and m.ply == 0 else m.seat] += 1
    return counts[0], counts[1]


def aborted_by(result: str | None) -> int | None:
    """The seat whose absence aborted a game, from its stored result text (`Match.abort`
    writes it); None for any other result."""
    for seat, name in enumerate(SEAT_NAMES):
        if result is not None and result.startswith(f"aborted: {name} "):
            return seat
    return None


class MatchVenue(Protocol):
    """What a match reads of its room (a Room is one): the match never imports the room
    and changes nothing in it, so the two can be read, and tested, apart."""

    @property
    def code(self) -> str: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def rules(self) -> RulesWorkers | None: ...

    @property
    def variant_name(self) -> str: ...

    @property
    def seats(self) -> list[Seat]: ...

    @property
    def position(self) -> Position: ...

    @property
    def moves(self) -> list[MoveRecord]: ...

    @property
    def game_id(self) -> int | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def computer_level(self) -> ComputerLevel | None: ...

    def computer_rating(self) -> Rating: ...

    @property
    def status(self) -> RoomStatus: ...

    @property
    def first_move_timeout(self) -> float: ...


@dataclass(frozen=True)
class Ending:
    """A game's end the match decided (a flag, an agreed draw): the room ends the game
    with it, as it ends games the rules or the players end."""

    outcome: Outcome
    reason: EndReason
    words: str


@dataclass(frozen=True)
class OfferDecision:
    """What an offer or its answer decided, for the room to carry out: the offer news to
    tell, in order; the game's end when both agreed to a draw; the ply to go back to
    when a takeback was agreed."""

    news: tuple[OfferNews, ...] = ()
    ending: Ending | None = None
    take_back_to: int | None = None


@dataclass(frozen=True)
class RatedEnd:
    """A rated game's end, to be stored with both sides' new ratings in one transaction."""

    pool: str
    sides: tuple[RatedSide, ...]


@dataclass(frozen=True)
class Rerated:
    """New ratings are stored: what each seat shows now, in the ladder `pool`, and the news
    the room tells."""

    pool: str
    shown: tuple[tuple[int, tuple[int, bool]], ...]  # (seat, (rating shown, provisional))
    news: RatingsChanged


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
        # before both players have moved no clock runs: the player to move has until
        # first_move_by (the room's clock) to move, and this timer aborts the game then
        self.first_move_timer: Timer | None = None
        self.first_move_by: float | None = None

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
        return rating_pool(room.variant_name, any(s.computer for s in room.seats),
                           any(is_bot(s.player) for s in room.seats))

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

    def swap_made(self) -> None:
        """The second player swapped (the room exchanged the seats): the game has both
        players' first moves now, so the clock of the player to move starts."""
        self.swapped = True
        c, room = self.clocks, self.room
        if c is not None and not room.finished and room.status == "playing":
            c.stop(room.clock.now())
            self._start(room.position.turn)

    def players(self) -> tuple[str | None, str | None]:
        s0, s1 = self.room.seats
        return s0.player, s1.player

    def terms(self) -> Terms:
        return Terms(self.rated, self.control.model_dump() if self.control else None, self.players(),
                     self.pie, self.swapped)

    def terms_to_store(self) -> Terms | None:
        """The terms the room stores with its game: None where there is nothing to say (a
        casual game of anonymous players, no clock)."""
        if self.rated or self.pie or self.control is not None or any(self.players()):
            return self.terms()
        return None

    # ---- when a game counts --------------------------------------------------------------

    @property
    def both_moved(self) -> bool:
        """Both players have made a move: from now on clocks run and leaving loses. A swap
        is the second player's answer to the first move, so it counts as their first here
        (not towards MIN_MOVES_EACH: it sows nothing)."""
        return self.swapped or min(moves_by_player(self.room.moves, self.swapped)) >= 1

    @property
    def aborts(self) -> bool:
        """Rule: a rated or timed game that ends before both players have moved (a player
        leaves, is away past the grace period, or lets the first-move limit pass) is
        aborted: no winner, no rating. Nobody was beaten at a game one side never played;
        and as it was, a rated game both players left after a move or two cost one of them
        162 points. A casual game without a clock keeps its forfeit: it costs nothing."""
        return (self.rated or self.control is not None) and not self.both_moved

    def abort(self, seat: int, why: str) -> Ending:
        """The game ends with no result: `seat` left or made no first move (`why`, words).
        The result text names the seat first (`aborted_by` reads it back)."""
        log.info("room %s: aborted: %s %s", self.room.code, SEAT_NAMES[seat], why)
        return Ending(Outcome(OutcomeKind.TIE, None), "aborted", f"aborted: {SEAT_NAMES[seat]} {why}")

    def unrated(self, reason: EndReason) -> UnratedReason | None:
        """Rule: why a rated room's game that ended (by `reason`) moves no rating: aborted,
        or a player made fewer than MIN_MOVES_EACH moves (the result stands, unrated).
        None: it counts (or the room is not rated: nothing to say)."""
        if not self.rated:
            return None
        if reason == "aborted":
            return "aborted"
        if min(moves_by_player(self.room.moves, self.swapped)) < MIN_MOVES_EACH:
            return "short"
        return None

    # ---- the game's life ------------------------------------------------------------------

    def begin(self) -> None:
        """A new game: fresh clocks (running once both seats are taken), no offer. The
        room stores the terms (terms_to_store) after."""
        self.cancel_timers()
        self.offer = None
        self.swapped = False
        self.clocks = GameClock(self.control) if self.control is not None else None
        self.seated()

    def seated(self) -> None:
        """A seat was taken: once both are, the clock (or first-move limit) of the player to
        move starts."""
        room = self.room
        if self.clocks is None or room.finished or room.status != "playing" or self.clocks.running is not None \
                or self.first_move_timer is not None:
            return
        self._start(room.position.turn)

    def _start(self, seat: int) -> None:
        """`seat` is to move from now: its clock runs, or, before both players have moved,
        its first-move limit (nothing is charged)."""
        assert self.clocks is not None and self.control is not None
        self._cancel_first_move()
        now = self.room.clock.now()
        if self.both_moved:
            self.clocks.start(seat, now)
            self._arm()
            return
        limit = first_move_limit(self.control, self.room.first_move_timeout)
        self.first_move_by = now + limit
        self.first_move_timer = self.room.clock.call_later(limit, lambda: self._no_first_move(seat))

    def _cancel_first_move(self) -> None:
        if self.first_move_timer is not None:
            self.first_move_timer.cancel()
            self.first_move_timer = None
        self.first_move_by = None

    def _no_first_move(self, seat: int) -> None:
        self.first_move_timer = None
        if self.room.finished or self.both_moved:
            return
        self.first_move_by = None
        self.on_ending(self.abort(seat, "made no first move in time"))

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
        game on time instead, and a first move after its limit aborts it (the timer may not
        have fired yet)."""
        c = self.clocks
        if c is not None and c.running == seat and c.left(seat, arrived) <= 0:
            return self.time_out(seat)
        if self.first_move_by is not None and arrived >= self.first_move_by and not self.room.finished:
            self._cancel_first_move()
            return self.abort(seat, "made no first move in time")
        return None

    def moved(self, seat: int, arrived: float, lag: float) -> tuple[int, int] | None:
        """A move was committed: charge it; the clocks to store with it (None: untimed).
        They are told after the turn is known: see started()."""
        self.offer = None  # a move answers any offer: it stands no longer
        c = self.clocks
        if c is None:
            return None
        if c.running != seat:  # before both players moved: a first move, charged nothing
            self._cancel_first_move()
            return c.marks()
        if not c.charge(seat, arrived, lag):  # cannot be: check_time came first
            c.remaining[seat] = 1
        return c.marks()

    def started(self) -> Clocks | None:
        """After the move: the next mover's clock runs from now (the moment the position
        goes out); the clocks as told with the move."""
        c, room = self.clocks, self.room
        if c is None:
            return None
        if not room.finished and room.status == "playing":
            self._start(room.position.turn)
        return self._clocks_now()

    def choosing(self, seat: int) -> None:
        """A player chooses the next round's layout (room_choice.py): theirs is the thinking
        now, so their clock runs (and flags, as for a move) until the round starts."""
        c, room = self.clocks, self.room
        if c is None or room.finished:
            return
        if c.running is not None and c.running != seat:
            c.stop(room.clock.now())
            self._start(seat)

    def turn_changed(self) -> None:
        """A new round may start with the other player: their clock runs instead."""
        c, room = self.clocks, self.room
        if c is None or room.finished:
            return
        if c.running is not None and c.running != room.position.turn:
            c.stop(room.clock.now())
            self._start(room.position.turn)
        elif self.first_move_timer is not None:  # the first-move limit is the new starter's now
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
        return None if self.clocks is None else self._clocks_now()

    def _clocks_now(self) -> Clocks:
        """The clocks as told, with the first-move limit's time left while it runs."""
        assert self.clocks is not None
        now = self.room.clock.now()
        shown = self.clocks.snapshot(now)
        if self.first_move_by is None:
            return shown
        return shown.model_copy(update={"first_move_ms": max(0, round((self.first_move_by - now) * 1000))})

    def finish(self, reason: EndReason) -> RatedEnd | None:
        """The game ended (by `reason`): clocks stop, any offer goes; a rated game with both
        seats taken that counts (`unrated`) is stored with both sides' new ratings (None: the
        room stores a plain end)."""
        self.cancel_timers()
        self.offer = None
        if self.clocks is not None:
            self.clocks.stop(self.room.clock.now())
        room = self.room
        if not self.rated or room.game_id is None or not all(s.taken for s in room.seats) \
                or self.unrated(reason) is not None:
            return None
        sides = []
        for i, s in enumerate(room.seats):
            fixed = room.computer_rating() if s.computer else None
            sides.append(RatedSide(i, None if s.computer else s.player, s.name or SEAT_NAMES[i], fixed))
        return RatedEnd(self.rating_pool, tuple(sides))

    def rerated(self, settled: list[Settled]) -> Rerated:
        """The new ratings are stored: what the seats show now and what the room hears."""
        room = self.room
        shown = tuple((s.side.seat, (s.after.shown(), s.after.provisional)) for s in settled)
        changes = [RatingChange(seat=s.side.seat, name=s.side.name, before=s.before.shown(), after=s.after.shown(),
                                rd=round(s.after.rd), provisional=s.after.provisional, weight=round(s.weight, 4))
                   for s in settled]
        news = RatingsChanged(room=room.code, game_id=room.game_id, variant=room.variant_name, changes=changes)
        return Rerated(self.rating_pool, shown, news)

    def cancel_timers(self) -> None:
        if self.flag_timer is not None:
            self.flag_timer.cancel()
            self.flag_timer = None
        self._cancel_first_move()

    def pause(self) -> ClockMark | None:
        """The server stops: the clocks as they are now, for the room to store, so that a
        restart gives the player to move exactly the time they had (None: nothing runs)."""
        if self.clocks is None or self.clocks.running is None:
            return None
        return self.clock_mark()

    def clock_mark(self) -> ClockMark | None:
        """The clocks as they stand at this ply count, running or not (after a takeback,
        which may leave neither running: back at the start). None: untimed or finished."""
        room = self.room
        if self.clocks is None or room.finished or room.game_id is None:
            return None
        now = room.clock.now()
        return ClockMark(len(room.moves), (max(0, self.clocks.left(0, now)), max(0, self.clocks.left(1, now))))

    def restore(self, state: MatchState | None) -> None:
        """After a restart (the room has set the seats' players from the terms): the terms,
        and the clocks from the latest stored mark (a graceful stop's pause, else the last
        move's); they run again from now."""
        if state is None:
            return
        terms = state.terms
        self.rated = terms.rated
        self.pie, self.swapped = terms.pie, terms.swapped
        self.control = TimeControl(**terms.clock) if terms.clock else None
        room = self.room
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

    def offer_draw(self, seat: int) -> OfferDecision:
        """Rule: a draw offered over the opponent's standing draw offer is agreement."""
        self._playing()
        if self.offer is not None and self.offer.kind == "draw" and self.offer.seat != seat:
            return self.answer_draw(seat, True)
        return self._offer("draw", seat)

    def _news(self, offer: OfferInfo, status: str) -> OfferNews:
        return OfferNews(room=self.room.code, kind=offer.kind, seat=offer.seat, status=status)  # type: ignore[arg-type]

    def _offer(self, kind: str, seat: int) -> OfferDecision:
        if self.offer is not None and self.offer.seat == seat:
            raise RoomError(ErrorCode.NO_OFFER, f"you have offered a {self.offer.kind} already")
        if self.room.seats[1 - seat].computer:  # it never answers: say so at once
            raise RoomError(ErrorCode.NO_OFFER, f"the computer does not take {kind} offers")
        news: list[OfferNews] = []
        if self.offer is not None:
            # the opponent's offer (of the other kind: two draw offers agree above) gets an
            # offer back instead of an answer: it is declined, and said so, before the new
            # one replaces it; clients showed it standing otherwise
            news.append(self._news(self.offer, "declined"))
        self.offer = OfferInfo(kind=kind, seat=seat)  # type: ignore[arg-type]
        news.append(self._news(self.offer, "offered"))
        return OfferDecision(news=tuple(news))

    def _answer(self, kind: str, seat: int, accept: bool) -> tuple[OfferInfo, OfferDecision | None]:
        """`seat` answers the opponent's open offer of `kind`, which closes it: the offer,
        and the decision when it was declined (None when accepted)."""
        self._playing()
        offer = self.offer
        if offer is None or offer.kind != kind or offer.seat == seat:
            raise RoomError(ErrorCode.NO_OFFER, f"your opponent has not offered a {kind}")
        self.offer = None
        return offer, None if accept else OfferDecision(news=(self._news(offer, "declined"),))

    def answer_draw(self, seat: int, accept: bool) -> OfferDecision:
        _, declined = self._answer("draw", seat, accept)
        return declined or OfferDecision(ending=Ending(Outcome(OutcomeKind.TIE, None), "agreement",
                                                       "draw by agreement"))

    def offer_takeback(self, seat: int) -> OfferDecision:
        self._playing()
        self._takeback_target(seat)
        return self._offer("takeback", seat)

    def _takeback_target(self, seat: int) -> int:
        """Rule: a takeback goes back to the offerer's last move (and the reply after it);
        never in a rated game, nor where the rules run in the rules workers (a custom
        variant, or a restored room's earlier definition: its moves are not replayed here)."""
        room = self.room
        if self.rated:
            raise RoomError(ErrorCode.NO_TAKEBACK, "no takebacks in a rated game")
        if room.rules is not None:
            raise RoomError(ErrorCode.NO_TAKEBACK, "no takebacks in a custom variant, or under a variant's "
                            "earlier definition")
        mine = [m.ply for m in room.moves if m.seat == seat]
        if not mine:
            raise RoomError(ErrorCode.NO_TAKEBACK, "you have no move to take back")
        return mine[-1]

    def answer_takeback(self, seat: int, accept: bool) -> OfferDecision:
        offer, declined = self._answer("takeback", seat, accept)
        return declined or OfferDecision(take_back_to=self._takeback_target(offer.seat))

    def taken_back(self) -> Clocks | None:
        """The room went back to an earlier position: the time used stays used; the clock
        of the player now to move runs. The clocks as told with the takeback."""
        c, room = self.clocks, self.room
        if c is None:
            return None
        c.stop(room.clock.now())
        self._start(room.position.turn)
        return self._clocks_now()


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

