"""A game's two clocks, kept by the server: Fischer (base + increment) or a per-move limit
(correspondence, days a move). Pure bookkeeping over times given to it (the room's
injected clock), so its rules are tested without waiting.

No clock runs until both players have made a move (lichess's rule): until then the player
to move has a first-move limit instead (`first_move_limit`), and a game whose limit runs
out is aborted, not lost (match.py). A player who never came cannot lose on time.

What is charged: a mover's clock runs from the moment the server sent them the position
(the previous move committed, or the game started) until their move arrives, less a lag
credit of at most LAG_CREDIT (the connection's round trip as the server measured it, lag.py),
and at most GAME_LAG_CREDIT over the game: a slow network costs the player no more than
that, and a claimed one gains them no more than that. docs/competitive.md has the whole account.
"""

from __future__ import annotations

from mancala.protocol.messages import Clocks, TimeControl

LAG_CREDIT = 0.5  # seconds: the most a move's network time is given back
GAME_LAG_CREDIT = 10.0  # seconds: the most a player's moves are given back in one game
# seconds: how far a clock may be from what its player measured (the network and the
# server's own delays, less the lag credit), and how late a flag may fall; the numbers
# measured under load are in docs/performance.md ("Clocks (issue 15)")
TOLERANCE = 0.5
# seconds a player has for their first move in a Fischer game (the server's setting
# `first_move_timeout`); a correspondence game gives its days a move instead
FIRST_MOVE_TIMEOUT = 30.0


def full_time(control: TimeControl) -> int:
    """Milliseconds on each clock at the start (and per move, in correspondence)."""
    return control.base * 1000 if control.base else control.days * 86_400_000


def first_move_limit(control: TimeControl, timeout: float) -> float:
    """Seconds a player has for their first move: `timeout` (the server's setting), or the
    days a move of a correspondence game (its players come by once a day, not within 30 s)."""
    return control.days * 86_400.0 if control.days else timeout


class GameClock:
    def __init__(self, control: TimeControl, remaining: tuple[int, int] | None = None) -> None:
        self.control = control
        start = full_time(control)
        self.remaining = list(remaining) if remaining is not None else [start, start]
        self.running: int | None = None
        self.since = 0.0  # when the running clock last started
        self.credited = [0.0, 0.0]  # lag credit given back to each seat this game (memory only)

    def start(self, seat: int, now: float) -> None:
        self.running = seat
        self.since = now

    def left(self, seat: int, now: float) -> int:
        """Milliseconds the seat has now (negative: its time ran out)."""
        if self.running == seat:
            return self.remaining[seat] - round((now - self.since) * 1000)
        return self.remaining[seat]

    def stop(self, now: float) -> None:
        if self.running is not None:
            self.remaining[self.running] = max(0, self.left(self.running, now))
            self.running = None

    def charge(self, seat: int, now: float, lag: float = 0.0) -> bool:
        """The seat's move arrived at `now`: its time used (less the lag credit) comes off,
        then the increment goes on (correspondence: the next move's full time). False when
        the time had run out before the move came; the clocks then stop."""
        credit = max(0.0, min(lag, LAG_CREDIT, GAME_LAG_CREDIT - self.credited[seat]))
        self.credited[seat] += credit
        used = max(0.0, now - self.since - credit)
        left = self.remaining[seat] - round(used * 1000)
        self.running = None
        if left <= 0:
            self.remaining[seat] = 0
            return False
        self.remaining[seat] = full_time(self.control) if self.control.days else left + self.control.increment * 1000
        return True

    def snapshot(self, now: float) -> Clocks:
        return Clocks(remaining=[max(0, self.left(0, now)), max(0, self.left(1, now))], running=self.running)

    def marks(self) -> tuple[int, int]:
        return self.remaining[0], self.remaining[1]
