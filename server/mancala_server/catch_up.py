"""A connection's budget for catching up with rooms (`spectate`, `reconnect`).

Each catch-up sends the room's whole move list (room_state), work proportional to the
game's length: 20 `spectate` messages of a 6,000-ply game on one socket held the event
loop 2.6 s (issue 23). Each connection may catch up on `rate` moves a second (and
`burst` at once); past that the request is refused `rate_limited`. With the move limit
(move_cap.py) no single catch-up is longer than a few thousand moves.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from mancala.protocol.messages import ErrorCode
from mancala_server.room_ports import RoomError


class CatchUpBudget:
    def __init__(self, rate: float, burst: int, now: Callable[[], float]) -> None:
        self.rate, self.burst, self.now = rate, burst, now
        # per connection: tokens left and when they were counted; gone with the connection
        self.left: weakref.WeakKeyDictionary[object, tuple[float, float]] = weakref.WeakKeyDictionary()

    def charge(self, client: object, moves: int) -> None:
        """Take a catch-up of `moves` moves (one at least) from the connection's budget, or
        raise RoomError(RATE_LIMITED)."""
        now = self.now()
        tokens, stamp = self.left.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - stamp) * self.rate)
        cost = max(1, moves)
        if cost > tokens:
            self.left[client] = (tokens, now)
            raise RoomError(ErrorCode.RATE_LIMITED,
                            f"catching up on {moves} moves: more than {self.rate:g} moves a second of "
                            "catch-ups on one connection; try again shortly")
        self.left[client] = (tokens - cost, now)
