"""Players and spectators that come back after their node goes away: a new socket to
another node, then `reconnect` with the seat's token (or `spectate`)."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

from mancala_client.api import MancalaClient, ServerError
from tests.server.helpers import next_move


class Person:
    """A client in one room: a seat (with its token) or a spectator."""

    def __init__(self, client: MancalaClient, url: str, name: str, fmt: str = "json") -> None:
        self.client = client
        self.url = url
        self.name = name
        self.fmt = fmt
        self.room = ""
        self.token: str | None = None
        self.old: list[MancalaClient] = []

    async def closed_by_server(self, timeout: float = 20.0) -> int | None:
        """Wait until the server closes this socket; its close code."""
        await asyncio.wait_for(self.client.closed.wait(), timeout)
        return self.client.ws.close_code

    async def come_back(self, url: str) -> Any:
        """A new socket to `url`; back in the seat (or watching): the room's whole state."""
        self.old.append(self.client)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.client.close(), 2)
        self.url = url
        self.client = await MancalaClient.connect(url, fmt=self.fmt, name=self.name)
        for attempt in range(10):
            try:
                if self.token is not None:
                    return await self.client.reconnect(self.room, self.token)
                return await self.client.spectate(self.room)
            except ServerError as exc:
                # a room changing owner says so (typed, nothing changed): a client retries
                if exc.code != "try_again" or attempt == 9:
                    raise
                await asyncio.sleep(0.5)
        raise AssertionError("unreachable")

    async def close(self) -> None:
        for c in (self.client, *self.old):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(c.close(), 2)


async def seat_two(south_url: str, north_url: str, variant: str = "kalah_4") -> tuple[str, list[Person], Any]:
    """South creates a room on its node (which owns it), North joins from its own."""
    south = Person(await MancalaClient.connect(south_url, name="ann"), south_url, "ann")
    north = Person(await MancalaClient.connect(north_url, name="bob", fmt="msgpack"), north_url, "bob", "msgpack")
    granted = await south.client.create_room(variant, seat=0)
    await south.client.next_event("room_state")
    joined = await north.client.join(granted.room)
    state = (await north.client.next_event("room_state")).state
    for p, g in ((south, granted), (north, joined)):
        p.room, p.token = g.room, g.token
    return granted.room, [south, north], state


async def watch(url: str, room: str) -> Person:
    spectator = Person(await MancalaClient.connect(url, name="cy"), url, "cy")
    spectator.room = room
    await spectator.client.spectate(room)
    return spectator


async def play(room: str, seats: list[Person], watchers: list[Person], state: Any, ply: int,
               rng: random.Random, acked: list[tuple[int, Any]], count: int) -> tuple[Any, int]:
    """Up to `count` random legal moves; each acknowledged one is noted in `acked`, and
    everyone must hear each move, in order."""
    for _ in range(count):
        if state.outcome is not None:
            break
        move = rng.choice(state.legal)
        await seats[state.turn].client.move(room, move, ply)
        acked.append((ply, move))
        events = [await next_move(p.client, ply, timeout=10) for p in (*seats, *watchers)]
        assert all(e.state == events[0].state for e in events)
        state, ply = events[0].state, ply + 1
    return state, ply
