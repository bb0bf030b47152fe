"""A seat of a room: who holds it (a token's hash, a computer), their connections, and the
grace period of a player who went away."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from mancala.protocol.messages import SeatInfo
from mancala_server.bots import is_bot
from mancala_server.clock import Timer
from mancala_server.room_ports import Member

SEAT_NAMES = ("South", "North")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    name: str | None = None
    token_hash: str | None = None
    clients: set[Member] = field(default_factory=set)
    computer: bool = False
    abandon_timer: Timer | None = None
    forfeit_at: float | None = None  # when the abandon timer fires (the room's clock)
    away_since: float | None = None  # when its last connection went (the room's clock)
    # away past the grace period while the other seat's player was there: they may claim
    # the win or wait; coming back clears it (memory only: a restart gives a new grace period)
    claimable: bool = False
    wants_rematch: bool = False
    player: str | None = None  # a known player's id (rated games, their record)
    rating: tuple[int, bool] | None = None  # shown: (rating in the room's variant, provisional)

    @property
    def taken(self) -> bool:
        return self.token_hash is not None or self.computer

    @property
    def connected(self) -> bool:
        return self.computer or bool(self.clients)

    def info(self, now: float | None = None) -> SeatInfo:
        """The seat as others see it; with `now`, the time it has left to come back."""
        rating, provisional = self.rating if self.rating is not None else (None, False)
        return SeatInfo(name=self.name, connected=self.connected, computer=self.computer, rating=rating,
                        provisional=provisional, grace_ms=self.grace_ms(now),
                        claimable=self.claimable and now is not None, bot=is_bot(self.player))

    def grace_ms(self, now: float | None) -> int | None:
        if now is None or self.abandon_timer is None or self.forfeit_at is None:
            return None
        return max(0, round((self.forfeit_at - now) * 1000))
