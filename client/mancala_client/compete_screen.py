"""What the terminal shows of competitive play: the clocks (under the board, and with
`clock`), offers, chat lines, challenges, rating changes, who you are.

Every line goes through `Output.say`, which shows control characters and direction
overrides escaped: a name or a chat line cannot rewrite the terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any, Protocol

from mancala.protocol.messages import RatingInfo
from mancala_client.board_view import BoardView
from mancala_client.console import Output
from mancala_client.moves import SEAT_NAMES, events_of
from mancala_client.session import Notice, Session


class BoardScreen(Protocol):
    """What the competitive lines need of the terminal's screen (screen.py, which owns
    this one: a protocol rather than an import back up)."""

    view: BoardView | None
    history: list[tuple[int, Any, list[dict[str, Any]] | None]]

    def draw(self) -> None: ...

LOW_MS = 10_000


def clock_text(ms: int) -> str:
    """
    >>> clock_text(299_000), clock_text(9_400), clock_text(90_061_000)
    ('4:59', '0:09.4', '1 d 01:01:01')
    """
    ms = max(0, ms)
    if ms < 10_000:
        return f"0:0{ms // 100 / 10:.1f}"
    s = ms // 1000
    d, h, m = s // 86_400, s % 86_400 // 3600, s % 3600 // 60
    if d:
        return f"{d} d {h:02}:{m:02}:{s % 60:02}"
    return f"{h}:{m:02}:{s % 60:02}" if h else f"{m}:{s % 60:02}"


def control_text(clock: Any) -> str:
    if clock is None:
        return "no clock"
    if clock.days:
        return f"{clock.days} day{'s' if clock.days > 1 else ''} a move"
    return f"{clock.base / 60:g}+{clock.increment}"


class CompeteScreen:
    def __init__(self, screen: BoardScreen, session: Session, out: Output) -> None:
        self.screen = screen
        self.session = session
        self.out = out
        self.clock: Any = None  # the room's time control
        self.clocks: Any = None
        self.at = 0.0  # when the clocks were told (monotonic)
        self.offer: Any = None
        self.challenges: dict[str, Any] = {}  # open ones, by id
        self.low_timer: asyncio.TimerHandle | None = None  # the warning when one's clock gets low

    def handlers(self) -> dict[str, Callable[[Any], None]]:
        return {"offer": self.on_offer, "taken_back": self.on_taken_back, "chat_message": self.on_chat,
                "challenge": self.on_challenge, "challenge_update": self.on_challenge_update,
                "ratings_changed": self.on_ratings, "identity": self.on_identity, "low_time": self.on_low_time}

    def after(self, msg: Any) -> None:
        """Clocks and offers follow the room's own messages (the Screen handled them first)."""
        here = self.screen.view.room if self.screen.view else self.session.room
        if getattr(msg, "room", None) != here and not (msg.type == "room_state" and self.session.room is None):
            return
        if msg.type == "room_state":
            self.clock, self.clocks, self.at, self.offer = msg.clock, msg.clocks, time.monotonic(), msg.offer
        elif msg.type in ("player_status", "round_choice", "round_started") and msg.clocks is not None:
            # a round choice runs the chooser's clock; a new round, its first mover's
            self.clocks, self.at = msg.clocks, time.monotonic()
        elif msg.type == "move_made":
            self.offer = None
            if msg.clocks is not None:
                self.clocks, self.at = msg.clocks, time.monotonic()
        elif msg.type == "game_over" and self.clocks is not None:
            self.clocks = type(self.clocks)(remaining=[self.left(0), self.left(1)], running=None)

    def arm_low(self) -> None:
        """When one's own clock runs, say so once it gets low (the page turns it red): a
        player at a terminal sees the clock only when the board is drawn or they ask."""
        if self.low_timer is not None:
            self.low_timer.cancel()
            self.low_timer = None
        v, c = self.screen.view, self.clocks
        if v is None or c is None or v.you is None or c.running != v.you or v.status == "finished":
            return
        ms = self.left(v.you)
        if ms < LOW_MS:  # low already: the clock line under the board says so
            return
        with contextlib.suppress(RuntimeError):  # (no event loop: nothing to warn in)
            self.low_timer = asyncio.get_running_loop().call_later((ms - LOW_MS) / 1000 + 0.05, self._low_due)

    def _low_due(self) -> None:
        """The warning goes through the inbox, as a push does: shown in turn, prompt redrawn."""
        self.low_timer = None
        self.session.events.put_nowait(Notice("low_time"))

    def on_low_time(self, msg: Any) -> None:
        v, c = self.screen.view, self.clocks
        if v is not None and v.you is not None and c is not None and c.running == v.you \
                and v.status != "finished" and self.left(v.you) < LOW_MS:
            self.out.say(self.clock_line())

    def left(self, seat: int) -> int:
        c = self.clocks
        ms = int(c.remaining[seat])
        if c.running == seat:
            ms -= round((time.monotonic() - self.at) * 1000)
        return max(0, ms)

    def clock_line(self) -> str:
        """Both clocks now, yours marked when low: "Clock 5+3: South 4:51  North 5:00 (running)"."""
        v = self.screen.view
        if self.clock is None or self.clocks is None or v is None:
            return ""
        parts = []
        for seat in (0, 1):
            ms = self.left(seat)
            flag = " (running)" if self.clocks.running == seat else ""
            low = " LOW ON TIME" if seat == v.you and self.clocks.running == seat and ms < LOW_MS else ""
            parts.append(f"{SEAT_NAMES[seat]} {clock_text(ms)}{flag}{low}")
        first = self.clocks.first_move_ms
        if first is not None and v.status != "finished":
            # no clock runs until both players have moved: the first-move limit does instead
            first_left = max(0, first - round((time.monotonic() - self.at) * 1000))
            turn = v.state.get("turn")
            who = SEAT_NAMES[turn] if turn in (0, 1) else "the player to move"
            parts.append(f"(first move: {who} has {clock_text(first_left)}, else the game is aborted)")
        return f"Clock {control_text(self.clock)}: " + "  ".join(parts)

    # ---- pushes -------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        v = self.screen.view
        if v is not None and seat == v.you:
            return "You"
        name = v.seats[seat].name if v is not None else None
        return f"{SEAT_NAMES[seat]} ({name or '?'})"

    def on_offer(self, msg: Any) -> None:
        v = self.screen.view
        if v is None or msg.room != v.room:
            return
        self.offer = msg if msg.status == "offered" else None
        what = "a draw" if msg.kind == "draw" else "to take back their last move"
        if msg.status == "offered" and msg.seat != v.you:
            answer = "`draw` to accept" if msg.kind == "draw" else "`takeback` to accept"
            self.out.say(f"{self._name(msg.seat)} offers {what}: {answer}, `decline` to refuse.")
        elif msg.status == "offered":
            self.out.say("Offer sent; waiting for the answer.")
        else:
            self.out.say(f"The offer of {'a draw' if msg.kind == 'draw' else 'a takeback'} was {msg.status}.")

    def on_taken_back(self, msg: Any) -> None:
        v = self.screen.view
        if v is None or msg.room != v.room:
            return
        v.state = msg.state.model_dump()
        v.ply = msg.ply
        v.last_move = (msg.moves[-1].seat, msg.moves[-1].move) if msg.moves else None
        self.screen.history = [(m.seat, m.move, events_of(m)) for m in msg.moves]
        self.offer = None
        if msg.clocks is not None:
            self.clocks, self.at = msg.clocks, time.monotonic()
        self.out.say("Moves taken back by agreement.")
        self.screen.draw()

    def on_chat(self, msg: Any) -> None:
        v = self.screen.view
        if v is None or msg.room != v.room:
            return
        who = msg.name if msg.seat is not None else f"{msg.name} (watching)"
        self.out.say(f"{who}: {msg.text}")

    def on_challenge(self, msg: Any) -> None:
        if msg.challenge in self.challenges:  # told twice when made while we identified
            return
        self.challenges[msg.challenge] = msg
        me = self.session.identity.name if self.session.identity else None
        shown = f"{msg.variant} ({msg.title})" if msg.settings else msg.variant
        terms = f"{shown}, {control_text(msg.clock)}, {'rated' if msg.rated else 'casual'}"
        if msg.by == me:
            self.out.say(f"Challenge sent to {msg.to} ({terms}).")
        else:
            rating = f" ({msg.rating})" if msg.rating else ""
            self.out.say(f"{msg.by}{rating} challenges you: {terms}. `accept {msg.challenge}` or "
                         f"`decline {msg.challenge}`.")

    def on_challenge_update(self, msg: Any) -> None:
        c = self.challenges.pop(msg.challenge, None)
        if msg.status == "accepted" and msg.room is not None and msg.token is not None:
            self.session.seated_by_challenge(msg, c.variant if c is not None else "")
            self.screen.view = None
            self.out.say(f"Challenge accepted: room {msg.room}, you are {SEAT_NAMES[msg.seat or 0]}.")
        elif msg.status != "accepted":
            self.out.say(f"Challenge {msg.status}.")

    def on_ratings(self, msg: Any) -> None:
        v = self.screen.view
        for c in msg.changes:
            mark = "?" if c.provisional else ""
            # the farming limits: a game against a new player, or the same pair again, counts less
            share = f" (counted {c.weight:.0%})" if c.weight < 1 else ""
            self.out.say(f"Rating ({msg.variant}): {self._name(c.seat)} {c.before} -> {c.after}{mark}{share}")
            if v is not None and c.seat == v.you and msg.room == v.room:
                self._note_rating(msg.variant, c)

    def _note_rating(self, variant: str, change: Any) -> None:
        """One's own new rating, so that `me` shows it (as the identity would after the next
        `identify`)."""
        who = self.session.identity
        if who is None:
            return
        old = next((r for r in who.ratings if r.variant == variant), None)
        games = old.games + 1 if old is not None else 1
        fresh = RatingInfo(variant=variant, rating=change.after, rd=change.rd, provisional=change.provisional,
                           games=games)
        ratings = [r for r in who.ratings if r.variant != variant] + [fresh]
        self.session.identity = who.model_copy(update={"ratings": ratings})

    def on_identity(self, msg: Any) -> None:
        self.session.remember(msg)
        ratings = ", ".join(f"{r.variant} {r.rating}{'?' if r.provisional else ''}" for r in msg.ratings)
        self.out.say(f"You are {msg.name}." + (f" Ratings: {ratings}." if ratings else ""))
