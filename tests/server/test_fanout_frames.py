"""Frames written pre-built to many sockets (connection.deliver_frame): what real
websocket clients read is exactly what was sent, at every length encoding of RFC 6455,
in both frame types, in order with queued frames, with and without compression."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest
from aiohttp import web
from websockets.asyncio.client import connect

from mancala_server import connection
from mancala_server.connection import Client, deliver_frame, wire_frame
from mancala_server.fanout import FanoutWriter

# each length encoding (7-bit, 16-bit, 64-bit) at and around its limits
SIZES = [0, 1, 125, 126, 127, 65535, 65536, 70000]


def messages() -> list[str | bytes]:
    out: list[str | bytes] = []
    for n in SIZES:
        out.append(("é" * n)[: n // 2] + "x" * (n - n // 2))  # text with two-byte characters
        out.append(bytes(i % 251 for i in range(n)))
    return out


@asynccontextmanager
async def fan(n: int, compression: str | None, send: Callable[[list[Client]], None],
              send_buffer: int | None = None) -> AsyncIterator[list[list[str | bytes]]]:
    """n real clients on a real aiohttp server; once all are in, `send` delivers to them;
    yields what each client read (after it has read as many frames as the server sent).
    `send_buffer`: the server sockets' SO_SNDBUF (small: frames are taken in part).
    `compression`: "deflate" lets the server negotiate permessage-deflate (ours never does)."""
    clients: list[Client] = []
    everyone_in = asyncio.Event()
    done = asyncio.Event()

    async def handler(request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(compress=compression is not None)
        await ws.prepare(request)
        transport = request.transport
        assert transport is not None
        if send_buffer is not None:
            transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
        clients.append(Client(ws, transport, queue_size=64, rate=100.0, burst=100, send_timeout=5.0))
        if len(clients) == n:
            everyone_in.set()
        await done.wait()
        return ws

    app = web.Application()
    app.router.add_get("/", handler)
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    port = runner.addresses[0][1]
    sockets = [await connect(f"ws://127.0.0.1:{port}", compression=compression) for _ in range(n)]
    try:
        await asyncio.wait_for(everyone_in.wait(), 10)
        send(clients)
        expected = len(messages())
        yield [[await asyncio.wait_for(s.recv(), 10) for _ in range(expected)] for s in sockets]
    finally:  # the handlers end, so the server can close even when a client failed
        done.set()
        for s in sockets:
            await s.close()
        for c in clients:
            c.writer.cancel()
        await runner.cleanup()


@pytest.mark.parametrize("compression", [None, "deflate"])
async def test_every_client_reads_every_frame_exactly(compression) -> None:
    sent = messages()

    def send(clients: list[Client]) -> None:
        assert all(c.plain for c in clients) == (compression is None)
        for message in sent:
            deliver_frame(clients, message)

    async with fan(5, compression, send) as got:
        for read in got:
            assert read == sent


async def test_the_writer_threads_deliver_through_partial_writes(monkeypatch) -> None:
    """Many sockets written by the fan-out writer's threads, each taking big frames only in
    part (a 4 KB send buffer): the rest of one frame and the next ones follow in order."""
    monkeypatch.setattr(connection, "writer", FanoutWriter(threads=2, parallel_min=2))
    sent = messages()
    partial: list[int] = []

    def send(clients: list[Client]) -> None:
        for message in sent:
            deliver_frame(clients, message)
            partial.append(sum(bool(c.transport.get_write_buffer_size()) for c in clients))

    async with fan(8, None, send, send_buffer=4096) as got:
        for read in got:
            assert read == sent
    assert max(partial) > 0


async def test_a_client_with_frames_queued_gets_the_next_one_after_them() -> None:
    sent = messages()

    def send(clients: list[Client]) -> None:
        slow = clients[0]
        slow.send_frame(sent[0])  # queued: its writer has not run yet
        assert not slow.ready_now()
        deliver_frame(clients[1:], sent[0])
        for message in sent[1:]:
            deliver_frame(clients, message)  # the slow one's must wait behind its queue

    async with fan(3, None, send) as got:
        for read in got:
            assert read == sent


def test_the_wire_frame_heads() -> None:
    assert wire_frame("") == b"\x81\x00"
    assert wire_frame(b"ab") == b"\x82\x02ab"
    assert wire_frame("x" * 126)[:4] == b"\x81\x7e\x00\x7e"
    assert wire_frame(b"y" * 65536)[:10] == b"\x82\x7f" + (65536).to_bytes(8, "big")
