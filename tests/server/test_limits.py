"""Limits: the rate limit, and a client that stops reading."""

from __future__ import annotations

import asyncio
import json
import random
import time

import msgpack

from mancala_client.api import MancalaClient, ServerError
from tests.server.fakes import FakeClock
from tests.server.helpers import closed_on_server, next_move, two_players_and_a_slow_spectator


async def test_rate_limit_answers_with_the_request_id_and_the_connection_stays(start_server):
    clock = FakeClock()  # the bucket refills only when the test moves time
    server = await start_server(clock=clock, rate_per_second=10.0, rate_burst=10)
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with await MancalaClient.connect(url, name="spammer") as client:  # hello took one token
        replies = await asyncio.gather(*(client.request({"type": "ping"}, timeout=5) for _ in range(40)),
                                       return_exceptions=True)
        pongs = [r for r in replies if not isinstance(r, Exception)]
        limited = [r for r in replies if isinstance(r, ServerError)]
        assert len(pongs) == 9 and len(limited) == 31  # every request got its own answer, matched by id
        assert all(e.code == "rate_limited" for e in limited)
        raw = await _raw_reply(client, {"type": "ping", "id": "after"})
        assert raw.id == "after" and raw.code == "rate_limited"  # still served, still limited
        clock.advance(0.1)  # one token back: the connection is served as before
        raw = await _raw_reply(client, {"type": "ping", "id": "after"})
        assert raw.id == "after" and raw.type == "pong"


async def _raw_reply(client, message):
    await client.send_raw(json.dumps(message))
    return await client.next_event(timeout=5)


async def test_slow_client_is_dropped_without_stalling_the_room(start_server):
    server = await start_server(send_queue=16)
    url = f"ws://127.0.0.1:{server.port}/ws"
    # a spectator that reads almost nothing asks for big answers ...
    south, north, room, state, slow, on_server = await two_players_and_a_slow_spectator(server)
    # ... while a crowd of spectators comes and goes (each one is broadcast to the room)
    crowd = [await MancalaClient.connect(url, name=f"fan{i}") for i in range(15)]
    await asyncio.gather(*(c.spectate(room) for c in crowd))
    room_obj = server.hub.rooms[room]

    rng = random.Random(9)
    players = [south, north]
    for ply in range(12):  # every move reaches everyone while the slow one lags
        if state.outcome is not None:
            break
        await players[state.turn].move(room, rng.choice(state.legal), ply)
        await next_move(south, ply, timeout=3)
        state = (await next_move(north, ply, timeout=3)).state
        for c in crowd:
            await next_move(c, ply, timeout=3)

    # the slow one was dropped: it is gone from the room and from the server
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and len(room_obj.spectators) != len(crowd):
        await asyncio.sleep(0.05)
    assert len(room_obj.spectators) == len(crowd)
    assert len(server.hub.clients) == 2 + len(crowd)
    # and its socket is closed on the server's side even though it never read the close frame
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and not closed_on_server(on_server):
        await asyncio.sleep(0.05)
    assert closed_on_server(on_server)
    for c in (*crowd, south, north):
        await c.close()
    slow.transport.abort()  # it never reads, so a closing handshake would only time out


async def test_rate_limit_counts_frames_that_do_not_decode(start_server):
    server = await start_server(clock=FakeClock(), rate_per_second=5.0, rate_burst=5)
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with await MancalaClient.connect(url) as client:  # hello took one token
        for _ in range(20):
            await client.send_raw("{not json")
        codes = [(await client.next_event("error", timeout=5)).code for _ in range(20)]
        assert codes == ["bad_message"] * 4 + ["rate_limited"] * 16


ATTEMPTS = 12


async def test_a_frame_over_the_hard_limit_closes_with_1009_every_time(url):
    """The server stops reading a frame over `hard_max_frame` at its head; the client, still
    writing the rest, must read the close code (1009) rather than a reset connection."""
    from websockets.asyncio.client import connect as ws_connect
    from websockets.exceptions import ConnectionClosed

    codes = []
    for attempt in range(ATTEMPTS):
        binary = attempt % 2 == 1
        protocol = "mancala.v1.msgpack" if binary else "mancala.v1.json"
        async with ws_connect(url, subprotocols=[protocol], max_size=None) as ws:  # type: ignore[list-item]
            # just over the limit, then a request behind it, as a client pipelining would
            size = 1024 * 1024 + (100 if attempt < 6 else 3 * 1024 * 1024)
            body = b"\x00" * size if binary else "x" * size
            try:
                await ws.send(body)
                await ws.send(msgpack.packb({"type": "ping"}) if binary else '{"type":"ping"}')
                await asyncio.wait_for(ws.recv(), 10)
            except ConnectionClosed:
                pass
            codes.append(ws.close_code)
    assert codes == [1009] * ATTEMPTS

