"""Rate limits that belong to a person and to an address, not to a socket, a room or a node.

A limit kept per socket is reset by opening another; one kept per room by leaving it (a
chat bucket forgotten on leave let one socket say 13 lines a second against a limit of
0.5); one kept per node is multiplied by the nodes a proxy spreads a user over (three
behind deploy/'s Caddy). So each limited act here is counted against the identity (a
known player's id; for a guest, their connection: a new `hello` on it changes the name,
not who it is) and against the address (several people may share one: a household, a
school), and it is allowed only while every bucket it is charged to has room: none is
charged for an act refused.

The buckets live behind `Limits`: a single server keeps them in memory (`LocalLimits`),
a cluster in Redis (cluster_limits.py), so that every node counts one person's acts
together. The buckets of the many addresses that come and go are kept in a bounded map:
the least recently used ones are forgotten first (a forgotten bucket is a full one, so
forgetting never lets anyone do more than a full bucket allows).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from mancala_server.config import Settings
from mancala_server.room_ports import Member

KEYS = 50_000  # buckets kept per kind of act, at most


@dataclass(frozen=True)
class Rule:
    """One kind of bucket: `rate` tokens a second up to `burst`, one bucket per key."""

    name: str  # names the buckets' kind (and their keys in Redis)
    rate: float
    burst: float


Charge = tuple[Rule, str]  # a rule and the key whose bucket pays


class Limits(Protocol):
    async def take(self, charges: Sequence[Charge], cost: float = 1.0) -> bool:
        """Take `cost` from every bucket charged, or from none and say no."""
        ...


@dataclass(frozen=True)
class LimitRules:
    """The server's limits per person and per address (settings in config.py)."""

    chat: Rule
    chat_address: Rule
    challenge: Rule
    challenge_address: Rule
    register_address: Rule
    catch_up_address: Rule
    http_address: Rule

    @classmethod
    def of(cls, s: Settings) -> LimitRules:
        return cls(Rule("chat", s.chat_rate, s.chat_burst),
                   Rule("chat-address", s.chat_address_rate, s.chat_address_burst),
                   Rule("challenge", s.challenge_rate, s.challenge_burst),
                   Rule("challenge-address", s.challenge_address_rate, s.challenge_address_burst),
                   Rule("register-address", s.register_rate, s.register_burst),
                   Rule("catch-up-address", s.catch_up_address_rate, s.catch_up_address_burst),
                   Rule("http-address", s.http_rate, s.http_burst))


def identity_of(member: Member) -> str:
    """Whom a limit (or a mute) counts: the known player, or a guest's connection."""
    return f"player:{member.player}" if member.player else f"guest:{member.peer}"


def address_of(member: Member) -> str:
    return f"address:{member.address}"


def person_and_address(person: Rule, address: Rule, member: Member) -> list[Charge]:
    return [(person, identity_of(member)), (address, address_of(member))]


class KeyedBuckets:
    """One token bucket per key (rate a second, burst at once), at most `keys` of them."""

    def __init__(self, rate: float, burst: float, now: Callable[[], float], keys: int = KEYS) -> None:
        self.rate, self.burst, self.now, self.keys = rate, burst, now, keys
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # key -> (tokens, when)

    def tokens(self, key: str) -> float:
        held = self.buckets.get(key)
        if held is None:
            return float(self.burst)
        tokens, stamp = held
        return min(float(self.burst), tokens + (self.now() - stamp) * self.rate)

    def has(self, key: str, cost: float = 1.0) -> bool:
        """The tokens are there now (nothing taken)."""
        return self.tokens(key) >= cost

    def take(self, key: str, cost: float = 1.0) -> bool:
        left = self.tokens(key)
        if left < cost:
            return False
        self.buckets[key] = (left - cost, self.now())
        self.buckets.move_to_end(key)
        if len(self.buckets) > self.keys:
            self.buckets.popitem(last=False)
        return True


class LocalLimits:
    """The buckets in this process's memory: a single server's, and a cluster node's while
    Redis cannot be reached (cluster_limits.py)."""

    def __init__(self, now: Callable[[], float], keys: int = KEYS) -> None:
        self.now, self.keys = now, keys
        self.kinds: dict[Rule, KeyedBuckets] = {}

    def buckets(self, rule: Rule) -> KeyedBuckets:
        kind = self.kinds.get(rule)
        if kind is None:
            kind = self.kinds[rule] = KeyedBuckets(rule.rate, rule.burst, self.now, self.keys)
        return kind

    def take_now(self, charges: Sequence[Charge], cost: float = 1.0) -> bool:
        paying = [(self.buckets(rule), key) for rule, key in charges]
        if not all(kind.has(key, cost) for kind, key in paying):
            return False
        for kind, key in paying:
            kind.take(key, cost)
        return True

    async def take(self, charges: Sequence[Charge], cost: float = 1.0) -> bool:
        return self.take_now(charges, cost)


@dataclass
class PersonLimit:
    """An act allowed while both the person's and the address's buckets have a token: a
    room's own chat limit where no hub checks one (unit tests of rooms)."""

    person: KeyedBuckets
    address: KeyedBuckets

    def take(self, member: Member) -> bool:
        who, where = identity_of(member), address_of(member)
        if not (self.person.has(who) and self.address.has(where)):
            return False  # neither is charged for an act refused
        return self.person.take(who) and self.address.take(where)


def person_limit(rate: float, burst: int, address_rate: float, address_burst: int,
                 now: Callable[[], float]) -> PersonLimit:
    return PersonLimit(KeyedBuckets(rate, burst, now), KeyedBuckets(address_rate, address_burst, now))
