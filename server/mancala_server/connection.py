"""One client connection: its codec, a bounded send queue and a rate limit.

Frames go out through the queue so a client that does not read never blocks a
room: when its queue is full it is dropped instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import deque
from collections.abc import Callable, Collection
from typing import Any

from aiohttp import web
from pydantic import BaseModel

from mancala.protocol.codec import Codec
from mancala_server.fanout import FanoutWriter, default_threads
from mancala_server.lag import credited, kernel_rtt

log = logging.getLogger("mancala_server")
# bytes waiting in a socket's transport above which frames wait in the client's queue
# (the limit websockets' send() waited at when it served the sockets: kept, so a slow
# reader is queued and dropped as before)
WRITE_LIMIT = 2**15
_ids = itertools.count(1)
# the process's fan-out writer (deliver_frame); the server sets its threads (configure_fanout)
writer = FanoutWriter(default_threads())


def configure_fanout(threads: int) -> None:
    """The fan-out writer's threads besides the loop's (-1: one per other CPU)."""
    global writer
    writer = FanoutWriter(default_threads() if threads < 0 else threads)


def deliver(clients: Collection[Any], message: BaseModel) -> None:
    """Send one message to several clients, encoded once per wire format (a room's
    broadcast to many spectators would otherwise encode it for each).

    Clients whose socket takes frames now (nothing queued, nothing being written, the
    transport's buffer below the limit) get it written at once: no queue, no task switch
    per client (for a thousand spectators that was most of the cost of a move). The
    others get it through their queue, in order."""
    frames: dict[bool, str | bytes] = {}
    by_format: dict[bool, list[Any]] = {}
    for client in clients:
        binary = client.codec.binary
        if binary not in frames:
            frames[binary] = client.codec.encode(message)
        by_format.setdefault(binary, []).append(client)
    for binary, group in by_format.items():
        deliver_frame(group, frames[binary])


def deliver_frame(clients: Collection[Any], frame: str | bytes) -> None:
    """One encoded frame to several clients: written at once to those ready for it, queued
    for the others. (A client's replies to its own requests go through its queue: one
    that floods requests without reading fills it and is dropped, as before.)

    A server's frames are not masked and the server negotiates no extension, so the
    frame's bytes on the wire are the same for every socket: they are built once here and
    handed to the sockets' transports, where a send per socket would frame the message
    again for each (a third of the cost of a move watched by a thousand spectators).
    Sockets with nothing buffered take them through the fan-out writer (threads for many).
    aiohttp writes each frame whole in one synchronous call, so no frame of its own can be
    half written when these bytes go in."""
    empty: list[Any] = []
    wire: bytes | None = None
    for client in clients:
        if not client.ready_now():
            client.send_frame(frame)
        elif client.plain:
            transport = client.transport
            # a socket whose close has begun gets nothing more (its close frame is out)
            if not client.ws.closed and not transport.is_closing():
                if transport.get_write_buffer_size():
                    if wire is None:
                        wire = wire_frame(frame)
                    transport.write(wire)  # after what it holds, in order
                else:
                    empty.append(transport)
        else:
            client.send_frame(frame)  # compressed: each socket's frame differs
    if empty:
        writer.write(empty, wire if wire is not None else wire_frame(frame))


def wire_frame(frame: str | bytes) -> bytes:
    """The whole websocket frame (RFC 6455 section 5.2) a server writes for one message:
    final, unmasked, a text frame for str and a binary one for bytes."""
    data, opcode = (frame.encode(), 0x1) if isinstance(frame, str) else (frame, 0x2)
    size = len(data)
    if size < 126:
        head = bytes((0x80 | opcode, size))
    elif size < 1 << 16:
        head = bytes((0x80 | opcode, 126)) + size.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 127)) + size.to_bytes(8, "big")
    return head + data


class TokenBucket:
    def __init__(self, rate: float, burst: int, now: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.now = now
        self.tokens = float(burst)
        self.stamp = now()

    def take(self) -> bool:
        now = self.now()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class SendQueue:
    """The frames waiting for a client's writer: the part of asyncio.Queue it uses, in one
    deque and one future. asyncio.Queue keeps three deques and an Event (some 2.5 KB) for
    every socket, most of them idle; this keeps a tenth of a socket's memory free."""

    __slots__ = ("maxsize", "_items", "_waiter")

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._items: deque[str | bytes | None] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def qsize(self) -> int:
        return len(self._items)

    def empty(self) -> bool:
        return not self._items

    def full(self) -> bool:
        return len(self._items) >= self.maxsize

    def put_nowait(self, item: str | bytes | None) -> None:
        if len(self._items) >= self.maxsize:
            raise asyncio.QueueFull
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> str | bytes | None:
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.popleft()


class Client:
    """A connected socket and what it is doing: its seats and watched rooms."""

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.Transport, *, queue_size: int,
                 rate: float, burst: int, send_timeout: float,
                 now: Callable[[], float] = time.monotonic) -> None:
        """`ws`: a prepared socket; `transport`: its connection's (the request's), which the
        fan-out writes to."""
        self.id = next(_ids)
        self.ws = ws
        self.transport = transport
        self.remote_address: tuple[Any, ...] | None = transport.get_extra_info("peername")
        self.codec = Codec(ws.ws_protocol)
        # no extension (compression) negotiated: frames may be written pre-built (deliver_frame)
        self.plain = not ws.compress
        self.name = "guest"
        self.bucket = TokenBucket(rate, burst, now)  # `now`: the hub's clock, so tests can drive it
        self.queue = SendQueue(queue_size)
        self.send_timeout = send_timeout
        self.seats: dict[str, int] = {}  # room code -> seat
        self.created: set[str] = set()  # codes of the rooms it made (quotas)
        self.watching: set[str] = set()
        self.lobby = False
        self.closed = False
        self.player: str | None = None  # a known player's id, once identified (compete_hub.py)
        self.ratings: dict[str, tuple[int, bool]] = {}  # their ratings by variant, as shown
        # when the frame being written started to wait (None: not waiting); see send_frame
        self.sending_since: float | None = None
        self.closing: asyncio.Task[None] | None = None  # the close in progress
        # the keepalive's ping in flight (its payload, when sent), when the last ping went,
        # and the last round trip
        self.ping_sent: tuple[bytes, float] | None = None
        self.pinged_at = 0.0
        self._latency = 0.0
        self.writer = asyncio.create_task(self._write_loop(), name=f"writer-{self.id}")

    @property
    def address(self) -> str:
        """The remote address (quotas count per address as well as per connection)."""
        addr = self.remote_address
        return str(addr[0]) if addr else "?"

    @property
    def peer(self) -> str:
        addr = self.remote_address
        return f"#{self.id} {addr[0]}:{addr[1]}" if addr else f"#{self.id}"

    @property
    def latency(self) -> float:
        """The round trip a timed game credits (seconds; 0 before the first ping): the last
        ping's, never more than the kernel measured for the connection (lag.py: a client
        that holds back its pongs lowers only its own credit)."""
        return credited(self._latency, kernel_rtt(self.transport))

    def ping_now(self) -> None:
        """A ping whose pong measures the round trip (keepalive.py sends them, and the
        server one at once on connecting). Written straight to the transport, as the
        fan-out's frames are: a control frame may go between any two whole frames, and
        this needs no task (aiohttp's ping() is a coroutine)."""
        if self.ws.closed or self.transport.is_closing():
            return
        payload = next(_ids).to_bytes(8, "big")
        self.pinged_at = time.monotonic()
        self.ping_sent = (payload, self.pinged_at)
        self.transport.write(bytes((0x89, len(payload))) + payload)

    def pong(self, payload: bytes) -> None:
        """A pong came: the round trip, when it answers our ping in flight."""
        sent = self.ping_sent
        if sent is not None and sent[0] == payload:
            self._latency = time.monotonic() - sent[1]
            self.ping_sent = None

    def send(self, message: BaseModel) -> None:
        self.send_frame(self.codec.encode(message))

    def ready_now(self) -> bool:
        """The socket takes a frame now, in order: nothing queued or being written, and
        the transport's buffer under the limit (else the queue waits for it to drain)."""
        return self.sending_since is None and not self.closed and self.queue.empty() \
            and self.transport.get_write_buffer_size() < WRITE_LIMIT

    def send_frame(self, frame: str | bytes) -> None:
        if self.closed or self.drop_if_stuck(time.monotonic()):
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            log.warning("client %s too slow: %d frames queued; dropping it", self.peer, self.queue.qsize())
            self.close(1008, "too slow: send queue full", timeout=1.0)

    def drop_if_stuck(self, now: float) -> bool:
        """Drop the client when the frame being written has waited over send_timeout
        (checked by the next frame for it, and by the hub's watch_senders)."""
        since = self.sending_since
        if self.closed or since is None or now - since <= self.send_timeout:
            return False
        log.warning("client %s too slow: a frame took over %g s; dropping it", self.peer,
                    self.send_timeout)
        self.close(1008, "too slow: send timed out", timeout=1.0)
        return True

    def close(self, code: int = 1000, reason: str = "", *, timeout: float = 5.0) -> None:
        """Close now: queued frames are dropped. A socket that cannot take the close frame
        within `timeout` (a client that does not read) is cut."""
        if self.closed:
            return
        self.closed = True
        if asyncio.current_task() is not self.writer:
            self.writer.cancel()
        self.closing = asyncio.get_running_loop().create_task(self._close(code, reason, timeout))

    async def _close(self, code: int, reason: str, timeout: float = 5.0) -> None:
        try:
            await asyncio.wait_for(self.ws.close(code=code, message=reason.encode()), timeout)
        except (Exception, asyncio.CancelledError):
            # the close frame is stuck behind unread data: drop the TCP connection, so the
            # connection handler ends and the client leaves its rooms. (A CancelledError
            # here is most often not ours: aiohttp's writes to a full socket all wait on one
            # future of the connection, which the cancelled writer task cancelled.)
            self.transport.abort()
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise

    async def drain_and_close(self, code: int, reason: str, timeout: float = 2.0) -> None:
        """Send what is queued (best effort), then close: for shutdown."""
        if self.closed:
            return
        if not self.queue.full():
            self.queue.put_nowait(None)
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.writer), timeout)
        self.closed = True
        self.writer.cancel()
        await self._close(code, reason, timeout)

    async def _write_loop(self) -> None:
        """Write the queued frames in order.

        No timer per frame: a wait_for (a task and a timer for every frame to every client)
        was a quarter of the server's CPU with 1,200 sockets. A send only waits when the
        client stopped reading; the time it started waiting is noted, and the next frame for
        this client (send_frame) drops the client once that is over send_timeout; for a
        client that gets no more frames, the hub's watch_senders does (one timer for all).
        """
        try:
            while True:
                frame = await self.queue.get()
                if frame is None:
                    return
                self.sending_since = time.monotonic()
                if isinstance(frame, str):
                    await self.ws.send_str(frame)
                else:
                    await self.ws.send_bytes(frame)
                self.sending_since = None
        except (ConnectionError, RuntimeError):  # the connection is closing or gone
            self.closed = True

    def encode(self, message: BaseModel) -> Any:
        return self.codec.encode(message)
