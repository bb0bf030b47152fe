"""Choices a player makes between rounds (round_fill UCHOOSE, UMOVE, UCHOWN): when a
round ends and the rules let a player change the next round's layout, the room waits.

It pushes a `round_choice` to everyone, takes the chooser's `choose_round` (checked by
the engine: an illegal one is refused and the room goes on waiting), and starts the
next round with it; at the deadline, or at once for a computer seat, the rules' own
layout is played. The choice is stored with the round (`add_round`), so that a restart
replays it, and a room restarted while waiting waits again (docs/rules-decisions.md).

A part of `Room` (room.py) kept in a file of its own: the methods are the room's, typed
by `ChoosingRoom`, what they need of it, so this module does not import the room.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import BaseModel

from mancala.engine.game import Game, IllegalMove
from mancala.engine.position import Position
from mancala.protocol.messages import Ack, ChooseRound, Clocks, ErrorCode, MoveRecord, RoundChoice
from mancala_server.clock import Clock, Timer
from mancala_server.room_ports import Member, RoomError
from mancala_server.seat import SEAT_NAMES, Seat

log = logging.getLogger("mancala_server")
ROUND_CHOICE_TIMEOUT = 60.0  # seconds to choose (Settings.round_choice_timeout)


@dataclass
class Pending:
    """The round choice a room waits for: the engine's description, the rules' own next
    round (played at the deadline), when the deadline falls and its timer."""

    needed: dict[str, Any]
    default: Position
    deadline: float | None
    timer: Timer | None = None


class ChoiceClocks(Protocol):
    """What the round choices ask of the room's match: the chooser's clock runs."""

    def choosing(self, seat: int) -> None: ...
    def snapshot(self) -> Clocks | None: ...


class ChoosingRoom(Protocol):
    """What the round choices read and call of the room."""

    code: str
    game: Game
    seats: list[Seat]
    clock: Clock
    position: Position
    finished: bool
    moves: list[MoveRecord]
    round_choice_timeout: float
    choosing: Pending | None
    @property
    def match(self) -> ChoiceClocks: ...

    def broadcast(self, message: BaseModel) -> None: ...
    def seat_of(self, client: Member) -> int: ...
    def _start_round(self, nxt: Position, choice: dict[str, Any] | None) -> None: ...
    def computer_turn(self) -> None: ...
    on_change: Callable[..., None]

    def round_choice_push(self) -> RoundChoice | None: ...
    def wait_for_choice(self, nxt: Position) -> bool: ...
    def _choice_due(self, pending: Pending) -> None: ...
    def _chosen(self, nxt: Position, choice: dict[str, Any] | None) -> None: ...
    def forget_choice(self) -> None: ...


def default_choice(needed: dict[str, Any], nxt: Position) -> list[int]:
    """What the rules' own layout `nxt` is, said in the choice's form."""
    seat, form = needed["player"], needed["form"]
    if form == "fill":
        return [loc for loc in needed["holes"] if not nxt.blocked[loc]]
    if form == "own":
        return [loc for loc in needed["holes"] if nxt.owner[loc] == seat]
    n = needed["holes"]
    return [nxt.board[loc] for loc in range(seat * n, seat * n + n)]


def as_choice(game: Game, ended: Position, needed: dict[str, Any], nxt: Position) -> dict[str, Any] | None:
    """The rules' own layout `nxt` as a choice that replays it exactly (the record then
    goes on past the round), or None where no choice says it (a UMOVE layout with an
    empty hole, say)."""
    choice = {needed["form"]: default_choice(needed, nxt)}
    try:
        again = game.next_round(ended, choice)
    except IllegalMove:
        return None
    same = (again.board, again.stores, again.turn, again.blocked, again.owner) == \
        (nxt.board, nxt.stores, nxt.turn, nxt.blocked, nxt.owner)
    return choice if same else None


class RoundChoosing:
    choosing: Pending | None = None

    def forget_choice(self: ChoosingRoom) -> None:
        pending, self.choosing = self.choosing, None
        if pending is not None and pending.timer is not None:
            pending.timer.cancel()

    def round_choice_push(self: ChoosingRoom) -> RoundChoice | None:
        """The round choice the room waits for, as pushed (room_state carries it too)."""
        pending = self.choosing
        if pending is None or self.finished:
            return None
        needed = pending.needed
        holes = needed["holes"]
        if needed["form"] == "layout":  # the chooser's row
            holes = list(range(needed["player"] * holes, needed["player"] * holes + holes))
        left = None if pending.deadline is None else max(0, round((pending.deadline - self.clock.now()) * 1000))
        return RoundChoice(room=self.code, ply=len(self.moves), seat=needed["player"], form=needed["form"],
                           holes=holes, count=needed.get("count"), seeds=needed.get("seeds"),
                           min_move=needed.get("min_move"), default=default_choice(needed, pending.default),
                           deadline_ms=left, clocks=self.match.snapshot())

    def wait_for_choice(self: ChoosingRoom, nxt: Position) -> bool:
        """A round ended and `nxt` is the rules' next round: whether the room now waits
        for a player's choice (False: start `nxt` as it is; a computer takes it at once)."""
        needed = self.game.round_choice(self.position)
        if needed is None:
            return False
        if self.seats[needed["player"]].computer:  # the rules' layout, recorded as its choice
            self._start_round(nxt, as_choice(self.game, self.position, needed, nxt))
            return True
        timeout = self.round_choice_timeout
        pending = Pending(needed, nxt, self.clock.now() + timeout if timeout > 0 else None)
        self.choosing = pending
        self.match.choosing(needed["player"])
        if timeout > 0:
            pending.timer = self.clock.call_later(timeout, lambda: self._choice_due(pending))
        log.info("room %s: %s chooses the next round (%s)", self.code, SEAT_NAMES[needed["player"]],
                 needed["form"])
        push = self.round_choice_push()
        assert push is not None
        self.broadcast(push)
        self.on_change(self)
        return True

    def _choice_due(self: ChoosingRoom, pending: Pending) -> None:
        """The deadline: the rules' own layout is played."""
        if self.choosing is not pending or self.finished:
            return
        log.info("room %s: no round choice in time, the rules' layout is played", self.code)
        self._chosen(pending.default, as_choice(self.game, self.position, pending.needed, pending.default))

    def _chosen(self: ChoosingRoom, nxt: Position, choice: dict[str, Any] | None) -> None:
        self.forget_choice()
        self._start_round(nxt, choice)
        self.on_change(self)
        self.computer_turn()

    def choose_round(self: ChoosingRoom, client: Member, choice: dict[str, Any]) -> None:
        """The chooser's `choose_round`: the next round starts with it, or a typed error
        says what was wrong and the room goes on waiting."""
        seat = self.seat_of(client)
        pending = self.choosing
        if pending is None or self.finished:
            raise RoomError(ErrorCode.NO_CHOICE, f"room {self.code}: no round choice is waiting")
        chooser = pending.needed["player"]
        if seat != chooser:
            raise RoomError(ErrorCode.NO_CHOICE,
                            f"{SEAT_NAMES[chooser]} chooses the next round, you are {SEAT_NAMES[seat]}")
        try:
            nxt = self.game.next_round(self.position, choice)
        except IllegalMove as exc:
            raise RoomError(ErrorCode.ILLEGAL_CHOICE, str(exc)) from None
        self.game.legal_moves(nxt)
        log.info("room %s: %s chose the next round: %s", self.code, SEAT_NAMES[seat], choice)
        self._chosen(nxt, choice)

    def resume_choice(self: ChoosingRoom) -> None:
        """After a restart: a room stored between a round's end and its choice waits again
        (with a new deadline); a computer chooser takes the rules' layout at once."""
        if self.finished or self.choosing is not None:
            return
        pos = self.position
        if pos.outcome is None or not pos.outcome.kind.ends_round or self.game.round_choice(pos) is None:
            return
        try:
            nxt = self.game.next_round(pos)
        except IllegalMove:
            return  # the round's result ends the game (end_if_over)
        self.game.legal_moves(nxt)
        if not self.wait_for_choice(nxt):
            self._start_round(nxt, None)  # (a round without a choice: not reached today)


class ChoiceRooms(Protocol):
    def room(self, code: str) -> Any: ...


def choice_handlers(hub: ChoiceRooms) -> dict[str, Callable[[Any, Any], None]]:
    """The hub's handler of `choose_round`."""

    def on_choose_round(client: Any, msg: ChooseRound) -> None:
        room = hub.room(msg.room)
        room.choose_round(client, dict(msg.choice))
        room.tell(client, Ack(id=msg.id))

    return {"choose_round": on_choose_round}
