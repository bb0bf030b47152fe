"""The keepalive (server/mancala_server/keepalive.py): the server's pings time each
socket's round trip (a timed game's lag credit), and a peer that stops answering them
is closed with 1011."""

from __future__ import annotations

import asyncio
import json
import time

from websockets.asyncio.client import connect as ws_connect

from mancala_server.keepalive import ping_due

HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


async def until(check, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "never happened"
        await asyncio.sleep(0.02)


async def read_frames_until_close(reader: asyncio.StreamReader) -> tuple[list[int], int]:
    """The opcodes of the server's frames up to its close frame, and the close code."""
    opcodes = []
    while True:
        head = await asyncio.wait_for(reader.readexactly(2), 5)
        size = head[1] & 0x7F
        if size == 126:
            size = int.from_bytes(await reader.readexactly(2), "big")
        body = await reader.readexactly(size)
        opcodes.append(head[0] & 0x0F)
        if head[0] & 0x0F == 0x8:
            return opcodes, int.from_bytes(body[:2], "big")


async def test_pings_time_the_round_trip_and_a_silent_peer_is_closed_1011(server) -> None:
    async with ws_connect(f"ws://127.0.0.1:{server.port}/ws") as answering:
        await answering.send(json.dumps({"type": "hello", "name": "ann"}))
        await answering.recv()
        ann = next(c for c in server.hub.clients if c.name == "ann")
        # the ping sent as the socket opened came back: its round trip is the latency
        await until(lambda: ann.latency > 0 and ann.ping_sent is None)
        assert ann.latency < 5

        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(HANDSHAKE)
        assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
        await until(lambda: len(server.hub.clients) == 2)
        silent = next(c for c in server.hub.clients if c is not ann)
        assert silent.ping_sent is not None  # it never answers

        ping_due(server.hub.clients, interval=20.0, timeout=0.0)
        opcodes, code = await read_frames_until_close(reader)
        assert opcodes == [0x9, 0x8] and code == 1011  # the opening ping, then the close
        await until(lambda: silent not in server.hub.clients)
        assert ann in server.hub.clients and not ann.closed  # it answered; not due again yet
        writer.close()
