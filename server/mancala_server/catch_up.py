"""A connection's and an address's budget for catching up with rooms (`spectate`,
`reconnect`).

Each catch-up sends the room's whole move list (room_state), work proportional to the
game's length: 20 `spectate` messages of a 6,000-ply game on one socket held the event
loop 2.6 s (issue 23). Each connection may catch up on `rate` moves a second (and
`burst` at once), and all the connections of one address together on `address_rate`
(and `address_burst`): a budget per socket alone is multiplied by opening sockets
(abuse.py, point 3, spectates from four). Past either the request is refused
`rate_limited`. With the move limit (move_cap.py) no single catch-up is longer than a
few thousand moves.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from mancala.protocol.messages import ErrorCode
from mancala_server.config import Settings
from mancala_server.room_ports import RoomError

ADDRESSES = 50_000  # addresses' budgets kept at most; the least recently used forgotten (a
# forgotten budget is a full one: forgetting never allows more than a full budget)


class CatchUpBudget:
    def __init__(self, rate: float, burst: int, now: Callable[[], float],
                 address_rate: float | None = None, address_burst: int | None = None) -> None:
        self.rate, self.burst, self.now = rate, burst, now
        self.address_rate = rate if address_rate is None else address_rate
        self.address_burst = burst if address_burst is None else address_burst
        # per connection: tokens left and when they were counted; gone with the connection
        self.left: weakref.WeakKeyDictionary[object, tuple[float, float]] = weakref.WeakKeyDictionary()
        self.by_address: OrderedDict[str, tuple[float, float]] = OrderedDict()

    @classmethod
    def of(cls, s: Settings, now: Callable[[], float]) -> CatchUpBudget:
        return cls(s.catch_up_rate, s.catch_up_burst, now, s.catch_up_address_rate, s.catch_up_address_burst)

    def charge(self, client: Any, moves: int) -> None:
        """Take a catch-up of `moves` moves (one at least) from the connection's budget and
        its address's, or raise RoomError(RATE_LIMITED) and take nothing."""
        now, cost = self.now(), max(1, moves)
        mine = _refilled(self.left.get(client), now, self.rate, self.burst)
        address = str(client.address)
        ours = _refilled(self.by_address.get(address), now, self.address_rate, self.address_burst)
        if cost > mine or cost > ours:
            who = "one connection" if cost > mine else "one address"
            rate = self.rate if cost > mine else self.address_rate
            raise RoomError(ErrorCode.RATE_LIMITED,
                            f"catching up on {moves} moves: more than {rate:g} moves a second of "
                            f"catch-ups from {who}; try again shortly")
        self.left[client] = (mine - cost, now)
        self.by_address[address] = (ours - cost, now)
        self.by_address.move_to_end(address)
        if len(self.by_address) > ADDRESSES:
            self.by_address.popitem(last=False)


def _refilled(held: tuple[float, float] | None, now: float, rate: float, burst: int) -> float:
    """Tokens in a budget now: full when never used, else refilled since last counted."""
    if held is None:
        return float(burst)
    tokens, stamp = held
    return min(float(burst), tokens + (now - stamp) * rate)
