"""A client whose socket stays full longer than send_timeout is dropped (the queue is not full)."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time

from websockets.asyncio.client import connect as ws_connect
from websockets.protocol import State

from mancala.client.api import MancalaClient
from tests.server.helpers import next_move


async def test_a_send_stuck_longer_than_the_timeout_drops_the_client(start_server):
    # a queue far bigger than what is sent here: only the send timeout can drop the client
    server = await start_server(send_queue=100_000, send_timeout=0.5)
    url = f"ws://127.0.0.1:{server.port}/ws"
    south = await MancalaClient.connect(url, name="ann")
    north = await MancalaClient.connect(url, name="bob")
    granted = await south.create_room("kalah_4", seat=0)
    await north.join(granted.room)
    room = granted.room
    state = (await north.next_event("room_state")).state

    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    slow = await ws_connect(url, sock=sock, subprotocols=["mancala.v1.json"], max_queue=1,
                            ping_interval=None)
    await slow.send(json.dumps({"type": "spectate", "room": room}))
    port = sock.getsockname()[1]
    deadline = time.monotonic() + 3
    while not (found := [c for c in server.hub.clients if c.ws.remote_address[1] == port]) \
            or not found[0].watching:
        assert time.monotonic() < deadline, "the slow spectator never joined"
        await asyncio.sleep(0.02)
    (on_server,) = found
    # big answers it never reads, until the server's writer waits on the full socket
    for i in range(200):
        await slow.send(json.dumps({"type": "list_variants", "id": i}))
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
                                           or on_server.ws.state is not State.CLOSED):
        await asyncio.sleep(0.05)
    assert on_server not in room_obj.spectators
    assert on_server.ws.state is State.CLOSED
    assert len(server.hub.clients) == 2
    for c in (south, north):
        await c.close()
    slow.transport.abort()
