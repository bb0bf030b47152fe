"""Lobby pushes are batched: a room's changes within lobby_interval make one update."""

from __future__ import annotations

import asyncio
import time

import pytest

from mancala.client.api import MancalaClient


async def test_a_burst_of_room_changes_reaches_the_lobby_as_one_update(start_server) -> None:
    server = await start_server(lobby_interval=1.5)
    url = f"ws://127.0.0.1:{server.port}/ws"
    clients = [await MancalaClient.connect(url, name=n) for n in ("lurker", "ann", "bob")]
    clients += [await MancalaClient.connect(url, name=f"fan{i}") for i in range(5)]
    lurker, ann, bob, *fans = clients
    try:
        await lurker.subscribe_lobby()
        started = time.monotonic()
        granted = await ann.create_room("kalah_4")  # seat taken: the first change
        await bob.join(granted.room)  # the second seat
        await asyncio.gather(*(f.spectate(granted.room) for f in fans))  # five more changes
        assert time.monotonic() - started < 1.4, "the burst took longer than the interval"

        update = await lurker.next_event("lobby_update", timeout=5)
        assert time.monotonic() - started >= 1.4  # held back until the interval was over
        assert update.room.room == granted.room
        assert update.room.status == "playing" and update.room.spectators == 5  # all of it at once
        with pytest.raises(TimeoutError):  # and nothing more: the burst was one update
            await lurker.next_event("lobby_update", timeout=1.5)
    finally:
        for c in clients:
            await c.close()


async def test_rooms_changed_in_one_interval_come_in_one_frame(start_server) -> None:
    server = await start_server(lobby_interval=1.5)
    url = f"ws://127.0.0.1:{server.port}/ws"
    lurker, ann, bob = [await MancalaClient.connect(url, name=n) for n in ("lurker", "ann", "bob")]
    try:
        await lurker.subscribe_lobby()
        first = await ann.create_room("kalah_4")
        second = await bob.create_room("oware_abapa")
        update = await lurker.next_event("lobby_update", timeout=5)
        assert update.room is None and sorted(r.room for r in update.rooms) == sorted([first.room, second.room])
        assert {r.room: r.variant for r in update.changed()} == {first.room: "kalah_4", second.room: "oware_abapa"}
        with pytest.raises(TimeoutError):
            await lurker.next_event("lobby_update", timeout=1.5)
    finally:
        for c in (lurker, ann, bob):
            await c.close()
