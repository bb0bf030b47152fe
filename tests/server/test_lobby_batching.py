"""Lobby pushes are batched: a room's changes within lobby_interval make one update."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from mancala_client.api import MancalaClient
from mancala_server.config import Settings
from mancala_server.hub import Hub
from tests.server.fakes import FakeClock, FakeMember, deliver
from tests.server.helpers import pushed_so_far


async def test_the_lobby_hears_of_a_burst_once_the_interval_is_over(tmp_path: Path) -> None:
    """By the hub's clock: nothing before lobby_interval, then one update with all of it."""
    clock = FakeClock()
    hub = Hub(Settings(data_dir=tmp_path, lobby_interval=1.5), clock=clock, deliver=deliver)
    lurker, ann, bob = FakeMember("lurker"), FakeMember("ann", address="10.0.0.2"), FakeMember("bob")
    fans = [FakeMember(f"fan{i}") for i in range(5)]
    try:
        await hub.handle(lurker, json.dumps({"type": "subscribe_lobby"}))  # type: ignore[arg-type]
        await hub.handle(ann, json.dumps({"type": "create_room", "variant": "kalah_4"}))  # type: ignore[arg-type]
        code = ann.of_type("seat_granted")[0].room
        await hub.handle(bob, json.dumps({"type": "join_room", "room": code}))  # type: ignore[arg-type]
        for fan in fans:
            await hub.handle(fan, json.dumps({"type": "spectate", "room": code}))  # type: ignore[arg-type]
        clock.advance(1.49)
        assert not lurker.of_type("lobby_update")
        clock.advance(0.02)
        updates = lurker.of_type("lobby_update")
        assert len(updates) == 1 and updates[0].room.room == code
        assert updates[0].room.status == "playing" and updates[0].room.spectators == 5
        clock.advance(10)
        assert len(lurker.of_type("lobby_update")) == 1
    finally:
        hub.rules.close()


async def test_a_burst_of_room_changes_reaches_the_lobby_as_one_update(start_server) -> None:
    """Over real sockets, by the hub's clock: a burst however slow makes one update."""
    clock = FakeClock()
    server = await start_server(clock=clock, lobby_interval=1.5)
    url = f"ws://127.0.0.1:{server.port}/ws"
    clients = [await MancalaClient.connect(url, name=n) for n in ("lurker", "ann", "bob")]
    clients += [await MancalaClient.connect(url, name=f"fan{i}") for i in range(5)]
    lurker, ann, bob, *fans = clients
    try:
        await lurker.subscribe_lobby()
        granted = await ann.create_room("kalah_4")  # seat taken: the first change
        await bob.join(granted.room)  # the second seat
        await asyncio.gather(*(f.spectate(granted.room) for f in fans))  # five more changes
        clock.advance(1.49)
        assert not await pushed_so_far(lurker)  # nothing before the interval is over
        clock.advance(0.02)
        update = await lurker.next_event("lobby_update", timeout=5)
        assert update.room.room == granted.room
        assert update.room.status == "playing" and update.room.spectators == 5  # all of it at once
        clock.advance(10)
        assert not await pushed_so_far(lurker)  # and nothing more: the burst was one update
    finally:
        for c in clients:
            await c.close()


async def test_rooms_changed_in_one_interval_come_in_one_frame(start_server) -> None:
    clock = FakeClock()
    server = await start_server(clock=clock, lobby_interval=1.5)
    url = f"ws://127.0.0.1:{server.port}/ws"
    lurker, ann, bob = [await MancalaClient.connect(url, name=n) for n in ("lurker", "ann", "bob")]
    try:
        await lurker.subscribe_lobby()
        first = await ann.create_room("kalah_4")
        second = await bob.create_room("oware_abapa")
        clock.advance(1.5)
        update = await lurker.next_event("lobby_update", timeout=5)
        assert update.room is None and sorted(r.room for r in update.rooms) == sorted([first.room, second.room])
        assert {r.room: r.variant for r in update.changed()} == {first.room: "kalah_4", second.room: "oware_abapa"}
        clock.advance(10)
        assert not await pushed_so_far(lurker)
    finally:
        for c in (lurker, ann, bob):
            await c.close()
