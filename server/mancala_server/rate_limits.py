"""Rate limits that belong to a person and to an address, not to a socket or a room.

A limit kept per socket is reset by opening another; one kept per room by leaving it (a
chat bucket forgotten on leave let one socket say 13 lines a second against a limit of
0.5). So each limited act here is counted twice: against the identity (a known player's
id; for a guest, their connection: a new `hello` on it changes the name, not who it is)
and against the address (several people may share one: a household, a school), and it is allowed only
while both have room. The buckets of the many addresses that come and go are kept in a
bounded map: the least recently used full ones are forgotten first (a forgotten bucket is
a full one, so forgetting never lets anyone say more than a full bucket allows).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from mancala_server.connection import TokenBucket
from mancala_server.room_ports import Member

KEYS = 50_000  # buckets kept per kind of act, at most


def identity_of(member: Member) -> str:
    """Whom a limit (or a mute) counts: the known player, or a guest's connection."""
    return f"player:{member.player}" if member.player else f"guest:{member.peer}"


class KeyedBuckets:
    """One token bucket per key (rate a second, burst at once), at most `keys` of them."""

    def __init__(self, rate: float, burst: int, now: Callable[[], float], keys: int = KEYS) -> None:
        self.rate, self.burst, self.now, self.keys = rate, burst, now, keys
        self.buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def _bucket(self, key: str) -> TokenBucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.keys:
                self.buckets.popitem(last=False)
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst, self.now)
        else:
            self.buckets.move_to_end(key)
        return bucket

    def has(self, key: str) -> bool:
        """A token is there now (nothing taken)."""
        bucket = self._bucket(key)
        now = self.now()
        return min(bucket.burst, bucket.tokens + (now - bucket.stamp) * bucket.rate) >= 1

    def take(self, key: str) -> bool:
        return self._bucket(key).take()


@dataclass
class PersonLimit:
    """An act allowed while both the person's and the address's buckets have a token."""

    person: KeyedBuckets
    address: KeyedBuckets

    def take(self, member: Member) -> bool:
        who, where = identity_of(member), f"address:{member.address}"
        if not (self.person.has(who) and self.address.has(where)):
            return False  # neither is charged for an act refused
        return self.person.take(who) and self.address.take(where)


def person_limit(rate: float, burst: int, address_rate: float, address_burst: int,
                 now: Callable[[], float]) -> PersonLimit:
    return PersonLimit(KeyedBuckets(rate, burst, now), KeyedBuckets(address_rate, address_burst, now))
