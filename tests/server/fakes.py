"""Test stand-ins for the transport and for time (the rooms' and hub's seams), so their
rules can be tested without sockets and without waiting. The store stays real."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from mancala.protocol.codec import Codec
from mancala_server.connection import TokenBucket


class FakeTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """Time moves only when a test says so; due timers fire in order as it moves."""

    def __init__(self, start: float = 1000.0) -> None:
        self.time = start
        self._timers: list[tuple[float, int, FakeTimer, Callable[[], None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> FakeTimer:
        timer = FakeTimer()
        heapq.heappush(self._timers, (self.time + delay, next(self._order), timer, callback))
        return timer

    def advance(self, seconds: float) -> None:
        end = self.time + seconds
        while self._timers and self._timers[0][0] <= end:
            due, _, timer, callback = heapq.heappop(self._timers)
            self.time = due
            if not timer.cancelled:
                callback()
        self.time = end


@dataclass(eq=False)
class FakeMember:
    """Someone in a room: records every message the room sends them."""

    name: str
    seats: dict[str, int] = field(default_factory=dict)
    watching: set[str] = field(default_factory=set)
    created: set[str] = field(default_factory=set)
    got: list[BaseModel] = field(default_factory=list)
    address: str = "10.0.0.1"
    closed: bool = False
    player: str | None = None  # a known player's id (mancala_server.room_ports.Member)
    ratings: dict[str, tuple[int, bool]] = field(default_factory=dict)
    latency: float = 0.0

    def __post_init__(self) -> None:
        self.codec = Codec(None)
        self.bucket = TokenBucket(1000.0, 1000)

    @property
    def peer(self) -> str:
        return f"fake {self.name}"

    def send(self, message: BaseModel) -> None:
        self.got.append(message)

    def of_type(self, kind: str) -> list[Any]:
        return [m for m in self.got if getattr(m, "type", None) == kind]


def deliver(members: Collection[Any], message: BaseModel) -> None:
    for member in members:
        member.send(message)
