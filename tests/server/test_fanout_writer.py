"""The fan-out writer's threads (server/mancala_server/fanout.py) on real TCP sockets: every socket gets
every frame whole and in order, also when its buffer fills part way through a frame (the
rest then goes through its transport, ahead of the next frame), and a socket that is
closing or was reset by its peer changes nothing for the others."""

from __future__ import annotations

import asyncio
import socket
import struct
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from mancala_server.fanout import FanoutWriter, default_threads


@asynccontextmanager
async def tcp_pairs(n: int, small_buffers: bool = False
                    ) -> AsyncIterator[tuple[list[asyncio.WriteTransport], list[socket.socket]]]:
    """n loopback TCP connections: the server ends as asyncio transports, the client ends
    as plain non-blocking sockets to read from."""
    loop = asyncio.get_running_loop()
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    transports: list[asyncio.WriteTransport] = []
    peers: list[socket.socket] = []
    for _ in range(n):
        peer = socket.socket()
        if small_buffers:
            peer.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        peer.connect(("127.0.0.1", port))
        peer.setblocking(False)
        mine, _ = listener.accept()
        if small_buffers:
            mine.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        transport, _ = await loop.create_connection(asyncio.Protocol, sock=mine)
        transports.append(transport)  # type: ignore[arg-type]
        peers.append(peer)
    listener.close()
    try:
        yield transports, peers
    finally:
        for t in transports:
            if not t.is_closing():
                t.abort()
        for p in peers:
            p.close()


async def read_all(peer: socket.socket) -> bytes:
    """Everything the peer receives until the other end closes."""
    loop = asyncio.get_running_loop()
    got = bytearray()
    while chunk := await asyncio.wait_for(loop.sock_recv(peer, 1 << 16), 10):
        got += chunk
    return bytes(got)


def frames() -> list[bytes]:
    # sizes a socket takes at once, and sizes far over a 4 KB send buffer (partial writes)
    return [bytes([k]) * size for k, size in enumerate([10, 70_000, 5, 300_000, 126])]


async def test_threads_deliver_every_frame_whole_and_in_order_through_partial_writes() -> None:
    writer = FanoutWriter(threads=2, parallel_min=1)
    async with tcp_pairs(24, small_buffers=True) as (transports, peers):
        readers = [asyncio.create_task(read_all(p)) for p in peers]
        buffered = 0
        for data in frames():
            # as deliver_frame: a transport still holding bytes takes the frame after them
            empty = [t for t in transports if not t.get_write_buffer_size()]
            for t in transports:
                if t.get_write_buffer_size():
                    t.write(data)
            writer.write(empty, data)
            buffered = max(buffered, sum(bool(t.get_write_buffer_size()) for t in transports))
        assert buffered > 0, "no socket took a frame only in part: the test shows nothing"
        for t in transports:
            t.close()  # after the buffered bytes are written
        got = await asyncio.gather(*readers)
    assert all(g == b"".join(frames()) for g in got)


async def test_a_closing_or_reset_socket_changes_nothing_for_the_others() -> None:
    writer = FanoutWriter(threads=2, parallel_min=1)
    async with tcp_pairs(12) as (transports, peers):
        transports[0].close()  # closing: gets nothing more
        # reset by its peer (SO_LINGER 0), unnoticed by the loop (not reading): the write
        # fails and its transport must close
        transports[1].pause_reading()  # type: ignore[attr-defined]
        peers[1].setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        peers[1].close()
        await asyncio.sleep(0.05)
        for data in frames()[:3]:
            writer.write(transports, data)
        await asyncio.sleep(0.05)
        assert transports[1].is_closing()
        for t in transports[2:]:
            t.close()
        got = await asyncio.gather(*(read_all(p) for p in [peers[0], *peers[2:]]))
    assert got[0] == b""
    assert all(g == b"".join(frames()[:3]) for g in got[1:])


def test_no_threads_on_one_cpu() -> None:
    import os
    import threading

    seen: list[int] = []

    def on_one_cpu() -> None:  # affinity is per thread: the test's own thread keeps its CPUs
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        seen.append(default_threads())

    t = threading.Thread(target=on_one_cpu)
    t.start()
    t.join()
    assert seen == [0]
    assert default_threads() == min(4, len(os.sched_getaffinity(0))) - 1
