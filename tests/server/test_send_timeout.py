"""A client whose socket stays full longer than send_timeout is dropped (the queue is not full)."""

from __future__ import annotations

import asyncio
import random
import time

from tests.server.helpers import closed_on_server, next_move, two_players_and_a_slow_spectator


async def test_a_send_stuck_longer_than_the_timeout_drops_the_client(start_server):
    # a queue far bigger than what is sent here: only the send timeout can drop the client
    server = await start_server(send_queue=100_000, send_timeout=0.5)
    south, north, room, state, slow, on_server = await two_players_and_a_slow_spectator(server)
    deadline = time.monotonic() + 5
    while on_server.sending_since is None:
        assert time.monotonic() < deadline, "the server never had to wait for this client"
        await asyncio.sleep(0.02)
    assert not on_server.queue.full()
    room_obj = server.hub.rooms[room]
    assert on_server in room_obj.spectators

    await asyncio.sleep(0.6)  # past send_timeout; the next frame for it drops it
    rng = random.Random(3)
    await [south, north][state.turn].move(room, rng.choice(state.legal), 0)
    await next_move(south, 0, timeout=3)
    await next_move(north, 0, timeout=3)
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and (on_server in room_obj.spectators
                                           or not closed_on_server(on_server)):
        await asyncio.sleep(0.05)
    assert on_server not in room_obj.spectators
    assert closed_on_server(on_server)
    assert len(server.hub.clients) == 2
    for c in (south, north):
        await c.close()
    slow.transport.abort()


async def test_a_stuck_client_is_dropped_even_when_nothing_more_is_sent_to_it(start_server):
    """No frame follows for it (nobody moves): the hub's watch_senders still drops it."""
    server = await start_server(send_queue=100_000, send_timeout=0.5)
    south, north, room, _, slow, on_server = await two_players_and_a_slow_spectator(server)
    room_obj = server.hub.rooms[room]
    deadline = time.monotonic() + 5
    while on_server.sending_since is None:
        assert time.monotonic() < deadline, "the server never had to wait for this client"
        await asyncio.sleep(0.02)
    # dropped: its socket closed, then (its handler ending) out of the room
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and (on_server in room_obj.spectators
                                           or not closed_on_server(on_server)):
        await asyncio.sleep(0.05)
    assert closed_on_server(on_server) and on_server not in room_obj.spectators
    assert len(server.hub.clients) == 2  # the players stay
    for c in (south, north):
        await c.close()
    slow.transport.abort()
