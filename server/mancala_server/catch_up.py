"""A connection's and an address's budget for catching up with rooms (`spectate`,
`reconnect`).

Each catch-up sends the room's whole move list (room_state), work proportional to the
game's length: 20 `spectate` messages of a 6,000-ply game on one socket held the event
loop 2.6 s (issue 23). Each connection may catch up on `rate` moves a second (and
`burst` at once), and all the connections of one address together on `address_rate`
(and `address_burst`): a budget per socket alone is multiplied by opening sockets
(abuse.py, point 3, spectates from four). Past either the request is refused
`rate_limited`. With the move limit (move_cap.py) no single catch-up is longer than a
few thousand moves, and its moves are encoded once per room (room_states.py).

The address's budget is one of the hub's `Limits` (rate_limits.py): in a cluster it is
kept in Redis and shared by every node. A connection's own stays in the memory of the
node that serves the catch-up: a connection's catch-ups of rooms owned by several nodes
are counted by each of them, but all of them by its address's budget.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from mancala.protocol.messages import ErrorCode
from mancala_server.config import Settings
from mancala_server.rate_limits import Limits, Rule
from mancala_server.room_ports import RoomError


class CatchUpBudget:
    def __init__(self, rate: float, burst: int, now: Callable[[], float], address: Rule) -> None:
        self.rate, self.burst, self.now = rate, burst, now
        self.address = address
        # per connection: tokens left and when they were counted; gone with the connection
        self.left: weakref.WeakKeyDictionary[object, tuple[float, float]] = weakref.WeakKeyDictionary()

    @classmethod
    def of(cls, s: Settings, now: Callable[[], float]) -> CatchUpBudget:
        return cls(s.catch_up_rate, s.catch_up_burst, now,
                   Rule("catch-up-address", s.catch_up_address_rate, s.catch_up_address_burst))

    async def charge(self, client: Any, moves: int, limits: Limits) -> None:
        """Take a catch-up of `moves` moves (one at least) from the connection's budget and
        its address's, or raise RoomError(RATE_LIMITED) and take nothing."""
        cost = max(1, moves)
        if cost > _refilled(self.left.get(client), self.now(), self.rate, self.burst):
            self._refuse(moves, "one connection", self.rate)
        if not await limits.take([(self.address, f"address:{client.address}")], cost):
            self._refuse(moves, "one address", self.address.rate)
        now = self.now()  # counted again: the address's answer may have taken a moment
        self.left[client] = (_refilled(self.left.get(client), now, self.rate, self.burst) - cost, now)

    @staticmethod
    def _refuse(moves: int, who: str, rate: float) -> None:
        raise RoomError(ErrorCode.RATE_LIMITED,
                        f"catching up on {moves} moves: more than {rate:g} moves a second of "
                        f"catch-ups from {who}; try again shortly")


def _refilled(held: tuple[float, float] | None, now: float, rate: float, burst: int) -> float:
    """Tokens in a budget now: full when never used, else refilled since last counted."""
    if held is None:
        return float(burst)
    tokens, stamp = held
    return min(float(burst), tokens + (now - stamp) * rate)
