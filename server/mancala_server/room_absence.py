"""When a player is away: the grace period, the claimable win, the forfeit (or, before
both players moved, the abort), as rules of the room's (docs/rules-decisions.md).

A part of `Room` (room.py) kept in a file of its own: the methods are the room's, typed
by `AbsentRoom`, what they need of it, so this module does not import the room.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Protocol

from pydantic import BaseModel

from mancala.engine.position import Outcome, OutcomeKind
from mancala.protocol.messages import EndReason, ErrorCode, PlayerStatus, RoomStatus
from mancala_server.clock import Clock, Timer
from mancala_server.match import Ending, Match
from mancala_server.room_ports import Member, RoomError
from mancala_server.seat import SEAT_NAMES, Seat, hash_token

log = logging.getLogger("mancala_server")


class AbsentRoom(Protocol):
    """What the absence rules read and call of the room."""

    code: str
    seats: list[Seat]
    match: Match
    clock: Clock
    abandon_timeout: float
    finished: bool
    _count_timer: Timer | None
    on_change: Callable[..., None]

    @property
    def status(self) -> RoomStatus: ...
    def broadcast(self, message: BaseModel) -> None: ...
    def end(self, ending: Ending) -> None: ...
    def seat_of(self, client: Member) -> int: ...
    def _finish(self, outcome: Outcome, reason: EndReason, result: str) -> None: ...
    def _start_abandon_timer(self, seat: int) -> None: ...
    def _abandoned(self, seat: int) -> None: ...
    def _forfeit(self, seat: int) -> None: ...
    def save(self) -> None: ...


class AbsenceRules:
    _count_timer: Timer | None  # the room's (room.py); cancelled with the seats' timers
    def cancel_timers(self: AbsentRoom) -> None:
        self.match.cancel_timers()
        if self._count_timer is not None:
            self._count_timer.cancel()
            self._count_timer = None
        for s in self.seats:
            if s.abandon_timer:
                s.abandon_timer.cancel()
                s.abandon_timer = None
            s.claimable = False

    def start_abandon_timers(self: AbsentRoom) -> None:
        """After a restart nobody is connected yet: every seated player gets the grace period."""
        if self.finished or self.status != "playing":
            return
        for i, s in enumerate(self.seats):
            if not s.connected and s.abandon_timer is None:
                s.away_since = self.clock.now()
                self._start_abandon_timer(i)

    def reissue(self: AbsentRoom, seat: int) -> str:
        """A new token for a player's seat, the old one void: for a player the server seated
        itself (a tournament) whose news of it was lost with the socket it went to."""
        s = self.seats[seat]
        if s.token_hash is None or s.computer:
            raise RoomError(ErrorCode.BAD_TOKEN, f"room {self.code}: seat {seat} holds no player")
        token = secrets.token_urlsafe(24)
        s.token_hash = hash_token(token)
        self.save()
        return token

    def _start_abandon_timer(self: AbsentRoom, seat: int) -> None:
        s = self.seats[seat]
        if s.abandon_timer is not None:
            s.abandon_timer.cancel()
            s.abandon_timer = None
        s.claimable = False  # a new grace period (a rematch, a restart): nothing to claim yet
        control = self.match.control
        if control is not None and control.days:
            # correspondence: players come and go between moves for days; their clock is
            # the limit (a flag), not two minutes away from the page
            return
        s.abandon_timer = self.clock.call_later(self.abandon_timeout, lambda: self._abandoned(seat))
        s.forfeit_at = self.clock.now() + self.abandon_timeout

    def _abandoned(self: AbsentRoom, seat: int) -> None:
        """The grace period is over for a seat still empty. A human opponent who is there
        chooses: claim the win, or wait for the absent player to come back. Where nobody
        can choose, the game ends now as it always did (docs/rules-decisions.md)."""
        s = self.seats[seat]
        s.abandon_timer = None
        s.forfeit_at = None
        if s.connected or self.finished:
            return
        if self.match.aborts:  # before both players moved: nothing to claim, the game is off
            self._forfeit(seat)
            return
        other = self.seats[1 - seat]
        if other.computer:  # it never claims: it wins at the deadline
            self._forfeit(seat)
        elif other.connected:
            s.claimable = True
            log.info("room %s: seat %d away past its grace period; the win is claimable", self.code, seat)
            self.broadcast(PlayerStatus(room=self.code, seat=seat, status="claimable", name=s.name))
            self.on_change(self)
        elif other.claimable:
            # both away: the one whose deadline passed first (the other) loses, the claim
            # its opponent could have made, made for them now that they are gone too
            self._forfeit(1 - seat)
        else:  # both away, this deadline the first to pass: this seat left first
            self._forfeit(seat)

    def _forfeit(self: AbsentRoom, seat: int) -> None:
        if self.match.aborts:  # a game one side never played has no loser (match.py)
            self.end(self.match.abort(seat, "left before both players had moved"))
            return
        s = self.seats[seat]
        log.info("room %s: seat %d abandoned; forfeit", self.code, seat)
        self.broadcast(PlayerStatus(room=self.code, seat=seat, status="forfeited", name=s.name))
        self._finish(Outcome(OutcomeKind.WIN, 1 - seat), "forfeit",
                     f"{SEAT_NAMES[1 - seat]} wins: {SEAT_NAMES[seat]} abandoned the game")

    def settle_unclaimed(self: AbsentRoom) -> None:
        """The room is being closed while a win waits to be claimed: the player who waited
        gets it, as the claim would have given it, rather than a game left unended."""
        for seat, s in enumerate(self.seats):
            if s.claimable and not s.connected and not self.finished:
                self._forfeit(seat)

    def claim_win(self: AbsentRoom, client: Member) -> None:
        """The player who stayed takes the win from an opponent away past the grace period."""
        seat = self.seat_of(client)
        if self.finished:
            raise RoomError(ErrorCode.GAME_OVER, f"room {self.code}: the game is over")
        other = self.seats[1 - seat]
        if not other.claimable or other.connected:
            left = other.grace_ms(self.clock.now())
            if left is not None:
                why = f"{SEAT_NAMES[1 - seat]} has {left / 1000:.0f} s left to come back"
            elif other.connected:
                why = f"{SEAT_NAMES[1 - seat]} is here"
            else:
                why = f"{SEAT_NAMES[1 - seat]} is not away past a grace period"
            raise RoomError(ErrorCode.NOT_CLAIMABLE, f"room {self.code}: nothing to claim: {why}")
        self._forfeit(1 - seat)
