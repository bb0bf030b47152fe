"""The load generator's clients (benchmarks/load.py): what a generator process reports
(Samples), the measuring window, each room's move tracker, and the spectators: Watcher on
a websocket client, RawWatcher and RawReader on bare sockets read by one epoll thread, for
the runs with thousands of spectators a process."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import select
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.protocol import State as WsState
from websockets.typing import Subprotocol

from mancala.protocol.codec import JSON_SUBPROTOCOL
from mancala_client.api import MancalaClient, ServerError

MOVE_HEAD = re.compile(r'\{"type":"move_made","room":"[A-Z0-9]+","ply":(\d+),')


@dataclass
class Samples:
    """What a generator reports back once the time is up."""

    # human rooms' moves, keyed "room:game:ply": when sent (by the mover's process), and
    # when the last of this process's receivers got it (the parent takes the latest)
    sent: dict[str, float] = field(default_factory=dict)
    done: dict[str, float] = field(default_factory=dict)
    replies: list[float] = field(default_factory=list)  # ms, computer rooms: bot's move -> computer's move
    # ms, timed rooms: what the server charged a move less what its player measured
    overcharge: list[float] = field(default_factory=list)
    timeouts: int = 0  # games that ended on time in the window
    moves: int = 0
    computer_moves: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)  # ms
    lobby_updates: int = 0  # lobby_update frames the lobby subscribers received in the window
    lost: int = 0  # connections closed (by the server) before the end
    cpu: float = 0.0  # seconds of this process's CPU during the run
    elapsed: float = 0.0


class Clock:
    """The measuring window: moves count only between `go` and `stop`."""

    def __init__(self) -> None:
        self.running = False
        self.stopped = False


class Tracker:
    """One human room's moves in this process: when each was sent (if this process runs the
    room's players) and when the last of this process's receivers got it (wall clock: the
    parent compares times of several processes)."""

    def __init__(self, room: int, receivers: int, samples: Samples, clock: Clock) -> None:
        self.room = room
        self.receivers = receivers
        self.samples = samples
        self.clock = clock
        self.pending: dict[tuple[int | None, int], int] = {}

    def sent(self, game: int | None, ply: int) -> None:
        if self.clock.running:
            self.samples.sent[f"{self.room}:{game}:{ply}"] = time.time()

    def received(self, game: int | None, ply: int) -> None:
        key = (game, ply)
        left = self.pending.get(key, self.receivers) - 1
        if left > 0:
            self.pending[key] = left
            return
        self.pending.pop(key, None)
        if self.clock.running:
            self.samples.done[f"{self.room}:{game}:{ply}"] = time.time()


class Player:
    """A player's MancalaClient as the end-of-run count sees it."""

    def __init__(self, c: MancalaClient) -> None:
        self.c = c

    @property
    def alive(self) -> bool:
        return not self.c.closed.is_set()

    async def close(self) -> None:
        await self.c.close()


class Watcher:
    """A spectator that only notes when each move reaches it.

    Deliberately leaner than MancalaClient (no reply matching, no event queue, no typed
    models): a thousand of these share a generator's loop, and what they cost there
    would show up as the server's latency."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    @classmethod
    async def connect(cls, url: str, name: str) -> Watcher:
        ws = await ws_connect(url, subprotocols=[Subprotocol(JSON_SUBPROTOCOL)], open_timeout=60,
                              compression=None)
        await ws.send(json.dumps({"type": "hello", "name": name, "id": 1}))
        reply = json.loads(await ws.recv())
        if reply.get("type") != "welcome":
            raise ServerError(reply.get("code", "?"), reply.get("message", str(reply)))
        return cls(ws)

    async def spectate(self, room: str) -> int | None:
        """Watch the room: returns the game id of its current game."""
        await self.ws.send(json.dumps({"type": "spectate", "room": room, "id": 2}))
        while True:
            reply = json.loads(await self.ws.recv())
            if reply.get("id") == 2:
                if reply["type"] != "room_state":
                    raise ServerError(reply.get("code", "?"), reply.get("message", str(reply)))
                return reply["game_id"]

    async def subscribe_lobby(self) -> None:
        await self.ws.send(json.dumps({"type": "subscribe_lobby", "id": 3}))
        while json.loads(await self.ws.recv()).get("id") != 3:
            pass

    async def count_lobby(self, samples: Samples, clock: Clock) -> None:
        async for frame in self.ws:
            if clock.stopped:
                return
            if clock.running and json.loads(frame)["type"] == "lobby_update":
                samples.lobby_updates += 1

    async def watch(self, tracker: Tracker, game: int | None) -> None:
        async for frame in self.ws:
            if tracker.clock.stopped:
                return
            # only the ply of a move_made is needed: read from the frame's head (the server
            # writes type, room, ply first) instead of decoding the whole position, which
            # for 10,000 spectators was most of the generators' CPU
            head = MOVE_HEAD.match(frame) if isinstance(frame, str) else None
            if head is not None:
                tracker.received(game, int(head.group(1)))
            elif '"type":"room_state"' in frame[:30]:  # a rematch: a new game
                game = json.loads(frame)["game_id"]

    @property
    def alive(self) -> bool:
        return self.ws.state is WsState.OPEN

    async def close(self) -> None:
        await self.ws.close()


MOVE_HEAD_BYTES = re.compile(rb'\{"type":"move_made","room":"[A-Z0-9]+","ply":(\d+),')


def masked(opcode: int, payload: bytes) -> bytes:
    """A client's frame (RFC 6455 5.2-5.3: final, masked; our requests are short)."""
    key = os.urandom(4)
    n = len(payload)
    head = bytes((0x80 | opcode, 0x80 | n)) if n < 126 else bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    body = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return head + key + body


class RawWatcher(asyncio.Protocol):
    """A spectator on a bare socket (--raw-spectators): the websocket handshake and frame
    heads read here, no websockets client, no decoding of the text but a move's ply.

    A websockets client costs its generator some 40 us a frame in Python; a thousand
    spectators of one room then take the generators longer to read a move than the server
    to write it, and that is in the latency. Once it watches, its socket is read by the
    process's RawReader thread (asyncio's path for a readable socket alone cost ~50 us a
    frame here, a plain epoll loop ~9 us), so the figure is mostly the server's delivery.
    Pings are answered (the server would close)."""

    reader: RawReader | None = None  # the thread that reads it once it watches

    def __init__(self) -> None:
        self.buf = bytearray()
        self.transport: asyncio.Transport | None = None
        self.fd: int | None = None  # its socket, once the reader thread has it
        self.upgraded = asyncio.get_running_loop().create_future()
        self.replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.tracker: Tracker | None = None
        self.game: int | None = None
        self.open = False

    @classmethod
    async def connect(cls, url: str, name: str) -> RawWatcher:
        host, _, rest = url.removeprefix("ws://").partition(":")
        port, _, path = rest.partition("/")
        loop = asyncio.get_running_loop()
        _, w = await loop.create_connection(cls, host, int(port))
        key = base64.b64encode(os.urandom(16)).decode()
        assert w.transport is not None
        w.transport.write((f"GET /{path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           f"Sec-WebSocket-Protocol: {JSON_SUBPROTOCOL}\r\n\r\n").encode())
        await asyncio.wait_for(w.upgraded, 60)
        w.send({"type": "hello", "name": name, "id": 1})
        reply = await w.reply(1)
        if reply.get("type") != "welcome":
            raise ServerError(reply.get("code", "?"), reply.get("message", str(reply)))
        return w

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        self.open = False
        if not self.upgraded.done():
            self.upgraded.set_exception(ConnectionError("closed during the handshake"))

    def write(self, data: bytes) -> None:
        """Through the transport in the loop; straight to the socket once the reader
        thread reads it (the transport writes nothing more until the close)."""
        if self.fd is not None:
            os.write(self.fd, data)
        else:
            assert self.transport is not None
            self.transport.write(data)

    def send(self, message: dict[str, Any]) -> None:
        self.write(masked(0x1, json.dumps(message).encode()))

    async def reply(self, request_id: int) -> dict[str, Any]:
        while True:
            reply = await asyncio.wait_for(self.replies.get(), 60)
            if reply.get("id") == request_id:
                return reply

    async def spectate(self, room: str) -> int | None:
        self.send({"type": "spectate", "room": room, "id": 2})
        reply = await self.reply(2)
        if reply["type"] != "room_state":
            raise ServerError(reply.get("code", "?"), reply.get("message", str(reply)))
        self.game = reply["game_id"]
        return self.game

    async def watch(self, tracker: Tracker, game: int | None) -> None:
        self.tracker, self.game = tracker, game
        if self.reader is not None and self.transport is not None:
            self.reader.add(self, self.transport)

    def data_received(self, data: bytes) -> None:
        self.feed(data)

    def feed(self, data: bytes) -> None:
        """Bytes read from the socket (by the loop, or by the reader thread once it watches)."""
        buf = self.buf
        buf += data
        if not self.open:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(buf[:end]).split(b"\r\n", 1)[0]
            del buf[:end + 4]
            if b" 101 " not in status:
                self.upgraded.set_exception(ConnectionError(status.decode(errors="replace")))
                return
            self.open = True
            self.upgraded.set_result(None)
        while len(buf) >= 2:
            opcode, size, at = buf[0] & 0x0F, buf[1] & 0x7F, 2
            if size == 126:
                if len(buf) < 4:
                    return
                size, at = int.from_bytes(buf[2:4], "big"), 4
            elif size == 127:
                if len(buf) < 10:
                    return
                size, at = int.from_bytes(buf[2:10], "big"), 10
            if len(buf) < at + size:
                return
            payload = bytes(buf[at:at + size])
            del buf[:at + size]
            if opcode == 0x1:
                self.text(payload)
            elif opcode == 0x9:  # ping: pong with its data
                self.write(masked(0xA, payload))

    def text(self, payload: bytes) -> None:
        if self.tracker is not None:
            head = MOVE_HEAD_BYTES.match(payload)
            if head is not None:
                if not self.tracker.clock.stopped:
                    self.tracker.received(self.game, int(head.group(1)))
                return
            if payload.startswith(b'{"type":"room_state"'):  # a rematch: a new game
                self.game = json.loads(payload)["game_id"]
                return
        if b'"id":' in payload:
            self.replies.put_nowait(json.loads(payload))

    @property
    def alive(self) -> bool:
        return self.open

    async def close(self) -> None:
        if self.transport is not None:
            self.transport.write(masked(0x8, (1000).to_bytes(2, "big")))
            self.transport.close()


class RawReader:
    """One thread per generator reading the raw spectators' sockets with epoll: per frame
    one os.read and a few lines of parsing, where asyncio's callbacks cost several times
    that and would make the generators, not the server, the slow part of a move's trip.

    A watcher's transport stops reading when it is handed over (pause_reading), so the
    thread alone reads that socket; its pongs are written from the thread straight to the
    socket (the transport writes nothing more until the close, after stop())."""

    def __init__(self) -> None:
        self.epoll = select.epoll()
        self.watchers: dict[int, RawWatcher] = {}
        self.stopping = False
        self.thread = threading.Thread(target=self._run, name="raw-reader", daemon=True)
        self.thread.start()

    def add(self, w: RawWatcher, transport: asyncio.Transport) -> None:
        transport.pause_reading()
        fd = w.fd = transport.get_extra_info("socket").fileno()
        self.watchers[fd] = w
        self.epoll.register(fd, select.EPOLLIN)  # level-triggered

    def _run(self) -> None:
        while not self.stopping:
            for fd, _ in self.epoll.poll(0.1):
                w = self.watchers.get(fd)
                if w is None:
                    continue
                try:
                    data = os.read(fd, 1 << 16)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:  # closed by the server
                    w.open = False
                    self.epoll.unregister(fd)
                    continue
                w.feed(data)  # the trackers of raw spectators' rooms: only this thread counts

    def stop(self) -> None:
        self.stopping = True
        self.thread.join()
        self.epoll.close()
