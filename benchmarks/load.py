"""Load benchmark: N rooms x (2 players + S spectators) playing random legal moves.

    python -m benchmarks.load --rooms 100 --spectators 10 --seconds 30             # flat out
    python -m benchmarks.load --rooms 100 --spectators 10 --think-ms 500           # a steady load
    python -m benchmarks.load --think-ms 500 --computer-rooms 0 20 --computer-level 3
    python -m benchmarks.load --think-ms 500 --lobby 1000
    python -m benchmarks.load --think-ms 500 --clock 600+2                        # timed rooms

Starts a server subprocess on a free port with a scratch data directory (or uses
--server URL) and drives it from --procs load-generator processes, so the
clients' work (decoding every frame for 1,200 sockets) neither shares the
server's event loop nor piles up in one client loop. Every client connects and
every room fills first; then all rooms start playing at once (a room that played
while others were still connecting would slow the set-up down without end).
Players play Kalah (4 holes) with rematches until the time is up, each move
after 0.5x to 1.5x --think-ms (0: at once, as fast as the server answers).
docs/performance.md ("Server under load") has the numbers and what they mean.

With --nodes N (N >= 1), the server is a cluster instead: N `mancala serve` nodes on a
real redis-server and PostgreSQL started for the run (tests/cluster/services.py;
Debian's redis-server and postgresql), each room's two players on two different nodes
and its spectators spread over all nodes; the server CPU is then the nodes' together.
The spectators of every room are spread over all generator processes (and the players'
rooms shared out among them), so that one room's 10,000 spectators do not all sit on one
generator's loop; a move's latency is to the last of its spectators in any process.

With --computer-rooms K, K more rooms each have one bot (random legal moves)
against the server's computer opponent at --computer-level; several values run
one after the other (a fresh server each) and the table shows them side by side.
With --lobby N, N more clients subscribe to the lobby before the rooms fill, and the
rooms are public: every room event (a seat taken, a spectator in, a game over, a
rematch) is pushed to all of them.
With --clock BASE+INC (seconds), the human rooms are timed (issue 15): each player notes
how long it thought by its own clock (the position received -> its move sent) and
compares it with what the server charged (its clock in the move_made before, plus the
increment, minus its clock in its own move_made). The difference is the clock's error as
a player feels it: the network both ways and the server's own delays, less the lag credit
(docs/competitive.md); the table shows its percentiles.
With --pin, the server gets CPU 0 to itself (sched_setaffinity) and the load generators
the other CPUs: on a small machine otherwise the generators' decoding and the server's
writing take turns on the same cores, and both show up in the latency.

The table: connections held, moves/s, latency from a move sent to the LAST
spectator of the room receiving it (p50/p90/p99/max; to both players when S is
0), the computer's reply time, the server's CPU and resident memory, and the
load generators' own CPU and event-loop lag (when their loop lags, the
latencies include the generators' delay: read them as an upper bound).
Progress goes to stderr; --json prints the results as JSON instead.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import multiprocessing
import os
import random
import re
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import SynchronizedArray
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.protocol import State as WsState
from websockets.typing import Subprotocol

from mancala.protocol.codec import JSON_SUBPROTOCOL
from mancala_client.api import MancalaClient, ServerError

VARIANT = "kalah_4"
CONNECT_AT_ONCE = 20  # handshakes in flight per generator during set-up
LAG_TICK = 0.05  # seconds between the event-loop lag probes
# shared counters per generator process: connections open, human moves, computer moves
CONNS, MOVES, CMOVES = range(3)
COUNTERS = 3
TICK = os.sysconf("SC_CLK_TCK")
MOVE_HEAD = re.compile(r'\{"type":"move_made","room":"[A-Z0-9]+","ply":(\d+),')


# ---- the server process ---------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class ServerProcess:
    """`mancala serve` on a free port with a scratch data directory; its log goes to a file.

    `data` and `port` pin both (the crash-loop benchmark restarts on the same ones);
    `start()` after `kill()` or `stop()` runs the server again. `started_in` is how long
    the last start took to answer /healthz (it restores every room first)."""

    def __init__(self, quotas: bool = False, data: Path | None = None, port: int | None = None,
                 **env_overrides: str) -> None:
        self.port = port or free_port()
        self.data = data or Path(tempfile.mkdtemp(prefix="mancala-load-"))
        self.log_path = self.data / "server.log"
        # the rate limit is per connection; a bot moving at once may send more than a human
        # and every generator connects from 127.0.0.1: the per-address quotas are lifted
        env = dict(os.environ, MANCALA_RATE_PER_SECOND="1000", MANCALA_RATE_BURST="1000",
                   MANCALA_ROOMS_PER_ADDRESS="1000000", MANCALA_COMPUTER_ROOMS_PER_ADDRESS="1000000",
                   MANCALA_ROOMS_PER_CLIENT="1000000", MANCALA_COMPUTER_ROOMS_PER_CLIENT="1000000",
                   MANCALA_HTTP_RATE="1000000", MANCALA_HTTP_BURST="1000000")
        if quotas:  # the defaults, for benchmarks of the quotas themselves
            env = {k: v for k, v in env.items() if "ROOMS_PER" not in k}
        env.update(env_overrides)
        self.env = env
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.started_in = 0.0
        self.start()

    def start(self, wait: bool = True) -> None:
        """Start the server; with `wait`, return once /healthz answers."""
        began = time.monotonic()
        with self.log_path.open("a") as log:
            self.proc = subprocess.Popen(
                # MANCALA_BENCH_PYTHON: another install's interpreter (a before/after comparison)
                [os.environ.get("MANCALA_BENCH_PYTHON", sys.executable), "-m", "mancala_cli", "serve", "--port",
                 str(self.port), "--data-dir", str(self.data)],
                env=self.env, stderr=log, stdout=log)
        if not wait:
            return
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1).read()
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start; see {self.log_path}") from None
                time.sleep(0.02)
        self.started_in = time.monotonic() - began

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def cpu(self) -> tuple[float, float]:
        """(the server's own CPU seconds, its child processes' - the search workers)."""
        return cpu_seconds(self.pid), sum(cpu_seconds(c) for c in children(self.pid))

    def kill(self) -> None:
        """SIGKILL, as a crash: no goodbye, no flush. Its worker processes are daemons of a
        dead parent; they are killed too, so that they do not pile up over many kills."""
        workers = children(self.pid)
        self.proc.kill()
        self.proc.wait()
        for pid in workers:
            with contextlib.suppress(OSError):
                os.kill(pid, 9)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


async def connect_from(url: str, address: str, name: str) -> MancalaClient:
    """A client on its own loopback address (127.x.y.z): the server's quotas and the
    computer's turn-taking count per address."""
    ws = await ws_connect(url, subprotocols=[Subprotocol("mancala.v1.json")],
                          local_addr=(address, 0), max_size=2**22)
    client = MancalaClient(ws)
    await client.request({"type": "hello", "name": name})
    return client


# ---- one load-generator process ---------------------------------------------------------

@dataclass
class Plan:
    """What one generator process does: its share of the rooms."""

    urls: list[str]  # the server, or the cluster's nodes
    rooms: list[int]  # human rooms whose players this process runs (numbers, for the random seeds)
    computer_rooms: list[int]
    spectators: int
    computer_level: int | str
    think_ms: float
    index: int
    lobby: int = 0  # lobby subscribers in this generator (the rooms are then public)
    procs: int = 1  # generator processes: this one runs spectators i with i % procs == index
    clock: dict[str, int] | None = None  # the human rooms' time control (None: untimed)
    raw_spectators: bool = False  # spectators on bare sockets (RawWatcher)

    @property
    def url(self) -> str:
        return self.urls[0]

    def node(self, k: int) -> str:
        return self.urls[k % len(self.urls)]


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


async def player(c: MancalaClient, room: str, seat: int, state: Any, game: int | None, rng: random.Random,
                 plan: Plan, tracker: Tracker | None, samples: Samples, clock: Clock,
                 count: Callable[[int], None], computer: bool = False, ply: int = 0) -> None:
    """Random legal moves from the pushed states; seat 0 counts the room's moves and games.

    In a computer room the bot times the computer's answer: from its move sent to the
    computer's move received."""
    asked_at: float | None = None
    waiting = False  # our move is sent, its move_made not yet read (other pushes may come first)
    # timed rooms: when the position that gave us the turn came, and our clock in it
    given: tuple[float, int] | None = None
    thought = 0.0
    while not clock.stopped:
        if state.outcome is None and state.turn == seat and not waiting:
            if plan.think_ms:
                await asyncio.sleep(plan.think_ms * rng.uniform(0.5, 1.5) / 1000)
            if tracker is not None:
                tracker.sent(game, ply)
            asked_at = time.perf_counter()
            if given is not None:
                thought = (asked_at - given[0]) * 1000
            waiting = True
            try:
                await c.move(room, rng.choice(state.legal), ply)
            except ServerError as exc:
                samples.errors.append(f"move: {exc}")
                waiting = False
        ev = await c.events.get()
        if ev.type == "move_made":
            state, ply, waiting = ev.state, ev.ply + 1, False
            if plan.clock is not None and ev.clocks is not None:
                mine = ev.clocks.remaining[seat]
                if ev.seat == seat and given is not None and clock.running:
                    charged = given[1] + plan.clock.get("increment", 0) * 1000 - mine
                    samples.overcharge.append(charged - thought)
                given = (time.perf_counter(), mine) if ev.seat != seat and state.turn == seat else None
            if tracker is not None and not plan.spectators:
                tracker.received(game, ev.ply)
            if computer and ev.seat != seat:
                if asked_at is not None and clock.running:
                    samples.replies.append((time.perf_counter() - asked_at) * 1000)
                asked_at = None
            if seat == 0 or computer:
                count(CMOVES if computer else MOVES)
        elif ev.type == "game_over":
            if (seat == 0 or computer) and clock.running:
                samples.games += 1
                samples.timeouts += ev.reason == "timeout"
            asked_at, given = None, None
            with contextlib.suppress(ServerError):
                await c.rematch(room)
        elif ev.type == "room_state":  # the rematch started: seats swapped
            state, ply, game, waiting, given = ev.state, ev.ply, ev.game_id, False, None
            seat = ev.you if ev.you is not None else seat


async def lag_probe(samples: Samples, clock: Clock) -> None:
    """How late the loop wakes up: a saturated generator shows it here."""
    loop = asyncio.get_running_loop()
    while not clock.stopped:
        t = loop.time()
        await asyncio.sleep(LAG_TICK)
        if clock.running:
            samples.lags.append((loop.time() - t - LAG_TICK) * 1000)


async def generate(plan: Plan, counters: SynchronizedArray[int], go: Event, stop: Event,
                   report: Connection) -> None:
    """Set-up in two steps: this process's rooms are made and their codes sent to the parent,
    which sends every process all the codes; then each connects its share of every room's
    spectators. Then "ready", and the rooms play from `go` to `stop`."""
    samples, clock = Samples(), Clock()
    slot = plan.index * COUNTERS
    raw = counters.get_obj()  # one writer per slot: no lock needed

    def count(which: int) -> None:
        if clock.running:
            raw[slot + which] += 1

    gate = asyncio.Semaphore(CONNECT_AT_ONCE)
    # spectators and lobby subscribers read from the start (what they hear before the window
    # is not counted): a socket left unread would fill up and the server would drop it
    readers: list[asyncio.Task[None]] = []
    clients: list[Any] = []  # MancalaClient and Watcher: both have alive and close()
    raw_reader = RawReader() if plan.raw_spectators else None

    async def connect(name: str, url: str | None = None) -> MancalaClient:
        async with gate:
            c = await MancalaClient.connect(url or plan.url, name=name, open_timeout=60)
        clients.append(Player(c))
        raw[slot + CONNS] += 1
        return c

    async def connect_watcher(name: str, url: str | None = None, *, spectator: bool = False) -> Any:
        kind = RawWatcher if spectator and plan.raw_spectators else Watcher
        async with gate:
            w = await kind.connect(url or plan.url, name)
        if isinstance(w, RawWatcher):
            w.reader = raw_reader
        clients.append(w)
        raw[slot + CONNS] += 1
        return w

    trackers: dict[int, Tracker] = {}

    def mine(r: int) -> list[int]:
        """This process's spectators of room r (on nodes after the players')."""
        return [i for i in range(plan.spectators) if i % plan.procs == plan.index]

    async def human_room(r: int) -> tuple[int, str, list[Any]]:
        # in a cluster the two players sit on two nodes (the room lives on the first's)
        a, b = await connect(f"a{r}", plan.node(r)), await connect(f"b{r}", plan.node(r + 1))
        granted = await a.create_room(VARIANT, public=public, clock=plan.clock)
        first = await a.next_event("room_state")
        await b.join(granted.room)
        second = await b.next_event("room_state")
        tracker = trackers[r] = Tracker(r, len(mine(r)) or 2, samples, clock)
        jobs: list[Any] = []
        rng = random.Random(r)
        jobs.append(lambda: player(a, granted.room, 0, first.state, first.game_id, rng, plan, tracker,
                                   samples, clock, count))
        jobs.append(lambda: player(b, granted.room, 1, second.state, second.game_id, rng, plan, tracker,
                                   samples, clock, count))
        return r, granted.room, jobs

    async def watch_room(r: int, code: str) -> None:
        tracker = trackers.setdefault(r, Tracker(r, len(mine(r)), samples, clock))
        async def one(i: int) -> None:
            w = await connect_watcher(f"w{r}.{i}", plan.node(r + 2 + i), spectator=True)
            async with gate:  # spectate as they connect, a few at a time (one round trip each)
                game = await w.spectate(code)
            readers.append(asyncio.create_task(w.watch(tracker, game)))

        await asyncio.gather(*(one(i) for i in mine(r)))

    async def computer_room(r: int) -> list[Any]:
        bot = await connect(f"bot{r}")
        # the computer starts: its first move, awaited here, also starts the server's search
        # processes, which would otherwise count in the measured window
        granted = await bot.create_room(VARIANT, public=False, seat=0, starter=1, computer=plan.computer_level)
        first = await bot.next_event("room_state")
        state, ply = first.state, 0
        while state.outcome is None and state.turn != 0:
            made = await bot.next_event("move_made", timeout=120)
            state, ply = made.state, made.ply + 1
        rng = random.Random(10_000 + r)
        return [lambda: player(bot, granted.room, 0, state, first.game_id, rng, plan, None, samples, clock,
                               count, computer=True, ply=ply)]

    # lobby subscribers first: they hear every public room fill up, as a full lobby would
    public = plan.lobby > 0
    lobby = await asyncio.gather(*(connect_watcher(f"l{i}") for i in range(plan.lobby)))
    for w in lobby:
        await w.subscribe_lobby()
        readers.append(asyncio.create_task(w.count_lobby(samples, clock)))
    made = await asyncio.gather(*(human_room(r) for r in plan.rooms))
    report.send({"rooms": {r: code for r, code, _ in made}})
    codes: dict[int, str] = await asyncio.to_thread(report.recv)  # every process's rooms
    await asyncio.gather(*(watch_room(r, code) for r, code in codes.items()))
    rooms = [jobs for _, _, jobs in made] + list(await asyncio.gather(*(computer_room(r)
                                                                        for r in plan.computer_rooms)))
    report.send("ready")
    while not go.is_set():
        await asyncio.sleep(0.01)
    # every room starts now, in every generator at once, and the measuring window with them
    tasks = readers + [asyncio.create_task(job()) for jobs in rooms for job in jobs]
    tasks.append(asyncio.create_task(lag_probe(samples, clock)))
    clock.running = True
    cpu0, t0 = time.process_time(), time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(0.05)
    clock.running = False
    samples.cpu, samples.elapsed = time.process_time() - cpu0, time.perf_counter() - t0
    if raw_reader is not None:
        raw_reader.stop()
    samples.moves, samples.computer_moves = raw[slot + MOVES], raw[slot + CMOVES]
    samples.lost = sum(not c.alive for c in clients)
    clock.stopped = True
    # cancel until all are done: on Python 3.11 a wait_for whose reply lands at the same
    # moment can swallow the cancellation (the loops also check clock.stopped)
    pending = set(tasks)
    while pending:
        for t in pending:
            t.cancel()
        _, pending = await asyncio.wait(pending, timeout=0.5)
    report.send(samples.__dict__)  # plain data: this module is __mp_main__ here
    await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)


def generator_main(plan: Plan, counters: SynchronizedArray[int], go: Event, stop: Event,
                   report: Connection) -> None:
    try:
        asyncio.run(generate(plan, counters, go, stop, report))
    except BaseException as exc:  # the parent must hear why, not wait for a report
        with contextlib.suppress(Exception):
            report.send(f"error: {type(exc).__name__}: {exc}")
        raise


# ---- the parent: one run per computer-room count ---------------------------------------

@dataclass
class Result:
    rooms: int
    spectators: int
    computer_rooms: int
    computer_level: int | str
    think_ms: float
    procs: int
    lobby: int
    connections: int
    lost: int
    setup_s: float
    seconds: float
    moves: int
    computer_moves: int
    games: int
    lobby_updates: int
    latency_ms: dict[str, float]
    reply_ms: dict[str, float]
    server_cpu_pct: float | None
    server_cpu_us_per_move: float | None
    workers_cpu_pct: float | None
    server_rss_mb: float | None
    generators_cpu_pct: float
    lag_ms: dict[str, float]
    errors: list[str]
    nodes: int = 0
    services_cpu_pct: float | None = None
    node_cpu_us_per_move: list[float] = field(default_factory=list)
    server_fanout_ms: list[dict[str, float]] = field(default_factory=list)  # per node, from /metrics
    clock: dict[str, int] | None = None
    overcharge_ms: dict[str, float] = field(default_factory=dict)  # timed rooms: charged - thought
    timeouts: int = 0

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def fanout_quantiles(port: int) -> dict[str, float]:
    """The server's own part of the latency, from its /metrics: the fan-out histogram (a
    move's arrival -> its move_made handed to the last of the node's sockets in the room),
    p50 and p99 interpolated within the buckets."""
    try:
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    except OSError:
        return {}
    buckets = [(float("inf") if le == "+Inf" else float(le), float(n)) for le, n in
               re.findall(r'^mancala_move_fanout_seconds_bucket\{le="([^"]+)"\} (\S+)$', text, re.M)]
    total = buckets[-1][1] if buckets else 0
    out: dict[str, float] = {}
    for name, q in (("p50", 0.5), ("p99", 0.99)):
        if not total:
            break
        rank, low, below = q * total, 0.0, 0.0
        for le, n in buckets:
            if n >= rank:
                high = le if le != float("inf") else low
                out[name] = round(1000 * (low + (high - low) * (rank - below) / max(n - below, 1e-9)), 2)
                break
            low, below = le, n
    return out


def latencies(reports: list[Samples]) -> list[float]:
    """Milliseconds from each move sent to the last of its receivers in any process (moves
    some receivers had not got by the end are left out)."""
    sent: dict[str, float] = {}
    for r in reports:
        sent.update(r.sent)
    receiving = [(r.done, {k.split(":", 1)[0] for k in r.done}) for r in reports]  # rooms each one heard
    out = []
    for key, at in sent.items():
        room = key.split(":", 1)[0]
        last = [done.get(key) for done, rooms in receiving if room in rooms]
        if last and all(t is not None for t in last):
            out.append((max(t for t in last if t is not None) - at) * 1000)
    return out


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    v = sorted(values)

    def at(p: float) -> float:
        return round(v[min(len(v) - 1, int(p * len(v)))], 2)

    return {"n": len(v), "p50": at(0.50), "p90": at(0.90), "p99": at(0.99), "max": round(v[-1], 2)}


def signed_percentiles(values: list[float]) -> dict[str, float]:
    """As percentiles, with the low end too: the clock's error can go either way."""
    if not values:
        return {}
    v = sorted(values)
    return {**percentiles(values), "min": round(v[0], 2), "p1": round(v[int(0.01 * len(v))], 2),
            "mean": round(sum(v) / len(v), 2)}


def progress(text: str) -> None:
    print(f"\r\033[K{text}", end="", file=sys.stderr, flush=True)


class ClusterServer:
    """--nodes N: a real redis-server and PostgreSQL for the run, and N nodes on them."""

    def __init__(self, nodes: int, **env: str) -> None:
        from tests.cluster.services import Cluster, PostgresServer, RedisServer

        self.root = Path(tempfile.mkdtemp(prefix="mancala-load-cluster-"))
        self.redis = RedisServer(self.root)
        self.postgres = PostgresServer(self.root)
        lifted = {k: "1000000" for k in ("MANCALA_ROOMS_PER_ADDRESS", "MANCALA_COMPUTER_ROOMS_PER_ADDRESS",
                                         "MANCALA_ROOMS_PER_CLIENT", "MANCALA_COMPUTER_ROOMS_PER_CLIENT",
                                         "MANCALA_HTTP_RATE", "MANCALA_HTTP_BURST")}
        self.cluster = Cluster(self.root / "nodes", self.redis.url, self.postgres.new_database("load"), nodes=nodes,
                               name="load", **{"MANCALA_NODE_LEASE": "3", "MANCALA_RATE_PER_SECOND": "1000",
                                                "MANCALA_RATE_BURST": "1000", **lifted, **env})
        self.urls = self.cluster.urls()
        self.pids = [n.proc.pid for n in self.cluster.nodes]

    def cpu(self) -> tuple[float, float]:
        return (sum(cpu_seconds(p) for p in self.pids),
                sum(cpu_seconds(c) for p in self.pids for c in children(p)))

    def node_cpu(self) -> list[float]:
        return [cpu_seconds(p) for p in self.pids]

    def services_cpu(self) -> float:
        """Redis' and PostgreSQL's CPU seconds (the postmaster and its backends)."""
        pids = [p.pid for p in (self.redis.proc, self.postgres.proc) if p is not None]
        return sum(cpu_seconds(p) for p in pids) + sum(cpu_seconds(c) for c in children(pids[-1]))

    def stop(self) -> None:
        self.cluster.stop()
        self.redis.stop()
        self.postgres.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def one_run(args: argparse.Namespace, computer_rooms: int) -> Result:
    server: ServerProcess | ClusterServer | None = None
    if args.server is not None:
        urls, pids = list(args.server), []
    elif args.nodes:
        server = ClusterServer(args.nodes, MANCALA_NODE_LEASE=str(args.lease))
        urls, pids = server.urls, server.pids
    else:
        server = ServerProcess()
        urls, pids = [server.url], [server.pid]
    cpus = os.sched_getaffinity(0)
    if args.pin:  # the generators are spawned below and inherit this process's CPUs
        if len(cpus) < 2:
            raise SystemExit("--pin needs at least two CPUs")
        for pid in pids:
            os.sched_setaffinity(pid, {min(cpus)})
        os.sched_setaffinity(0, cpus - {min(cpus)})
    ctx = multiprocessing.get_context("spawn")
    procs = max(1, args.procs if args.spectators else min(args.procs, args.rooms + computer_rooms))
    counters = ctx.Array("q", procs * COUNTERS)
    go, stop = ctx.Event(), ctx.Event()
    plans = [Plan(urls, list(range(args.rooms))[i::procs], list(range(computer_rooms))[i::procs], args.spectators,
                  args.computer_level, args.think_ms, i, len(range(args.lobby)[i::procs]), procs, args.clock,
                  args.raw_spectators)
             for i in range(procs)]
    connections = args.rooms * (2 + args.spectators) + computer_rooms + args.lobby
    pipes, workers = [], []
    label = f"K={computer_rooms}: " if len(args.computer_rooms) > 1 else ""
    try:
        t0 = time.perf_counter()
        for plan in plans:
            ours, theirs = ctx.Pipe()
            p = ctx.Process(target=generator_main, args=(plan, counters, go, stop, theirs), daemon=True)
            p.start()
            pipes.append(ours)
            workers.append(p)
        ready, made, codes = 0, 0, {}
        while ready < procs:
            for pipe in pipes:
                if pipe.poll():
                    message = pipe.recv()
                    if isinstance(message, dict) and "rooms" in message:
                        codes.update(message["rooms"])
                        made += 1
                        if made == procs:  # every room exists: each process watches its share
                            for each in pipes:
                                each.send(codes)
                    elif message != "ready":
                        raise RuntimeError(f"a load generator failed during set-up: {message}")
                    else:
                        ready += 1
            if any(not p.is_alive() for p in workers):
                raise RuntimeError("a load generator died during set-up")
            opened = sum(counters[i * COUNTERS + CONNS] for i in range(procs))
            progress(f"{label}setting up: {opened:,}/{connections:,} connections, {time.perf_counter() - t0:.1f} s")
            time.sleep(0.2)
        setup = time.perf_counter() - t0
        rss_peak = 0.0
        own0, kids0 = server.cpu() if server else (0.0, 0.0)
        services0 = server.services_cpu() if isinstance(server, ClusterServer) else 0.0
        nodes0 = server.node_cpu() if isinstance(server, ClusterServer) else []
        go.set()
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < args.seconds:
            time.sleep(min(0.5, args.seconds - elapsed))
            rss_peak = max([rss_peak, *(rss_mb(p) for p in pids)])
            moves = sum(counters[i * COUNTERS + MOVES] for i in range(procs))
            cmoves = sum(counters[i * COUNTERS + CMOVES] for i in range(procs))
            elapsed = time.perf_counter() - start
            extra = f" + {cmoves:,} computer-room moves" if computer_rooms else ""
            progress(f"{label}playing: {elapsed:4.1f}/{args.seconds:g} s, {moves:,} moves"
                     f" ({moves / max(elapsed, 1e-9):,.0f}/s){extra}")
        stop.set()
        wall = time.perf_counter() - start
        own1, kids1 = server.cpu() if server else (0.0, 0.0)
        fanout = [fanout_quantiles(int(u.rsplit(":", 1)[1].split("/")[0])) for u in urls]
        services1 = server.services_cpu() if isinstance(server, ClusterServer) else 0.0
        nodes1 = server.node_cpu() if isinstance(server, ClusterServer) else []
        reports: list[Samples] = []
        for pipe in pipes:
            if not pipe.poll(60):
                raise RuntimeError("a load generator sent no results")
            message = pipe.recv()
            if not isinstance(message, dict):
                raise RuntimeError(f"a load generator failed: {message}")
            reports.append(Samples(**message))
        for p in workers:
            p.join(30)
    finally:
        stop.set()
        go.set()
        for p in workers:
            if p.is_alive():
                p.terminate()
        if server is not None:
            server.stop()
        os.sched_setaffinity(0, cpus)
        progress("")
    moves = sum(r.moves for r in reports)
    seconds = max(r.elapsed for r in reports)
    return Result(
        rooms=args.rooms, spectators=args.spectators, computer_rooms=computer_rooms,
        computer_level=args.computer_level, think_ms=args.think_ms, procs=procs, lobby=args.lobby,
        connections=connections, lost=sum(r.lost for r in reports),
        setup_s=round(setup, 2), seconds=round(seconds, 2), moves=moves,
        computer_moves=sum(r.computer_moves for r in reports), games=sum(r.games for r in reports),
        lobby_updates=sum(r.lobby_updates for r in reports),
        latency_ms=percentiles(latencies(reports)),
        reply_ms=percentiles([x for r in reports for x in r.replies]),
        server_cpu_pct=round(100 * (own1 - own0) / wall, 1) if server else None,
        server_cpu_us_per_move=round(1e6 * (own1 - own0) / max(1, moves + sum(r.computer_moves for r in reports)))
        if server else None,
        workers_cpu_pct=round(100 * (kids1 - kids0) / wall, 1) if server else None,
        server_rss_mb=round(rss_peak, 1) if server else None,
        nodes=args.nodes, services_cpu_pct=round(100 * (services1 - services0) / wall, 1) if args.nodes else None,
        server_fanout_ms=fanout,
        node_cpu_us_per_move=[round(1e6 * (b - a) / max(1, moves)) for a, b in zip(nodes0, nodes1, strict=True)],
        generators_cpu_pct=round(100 * sum(r.cpu for r in reports) / seconds, 1),
        lag_ms=percentiles([x for r in reports for x in r.lags]),
        errors=[e for r in reports for e in r.errors][:20],
        clock=args.clock, overcharge_ms=signed_percentiles([x for r in reports for x in r.overcharge]),
        timeouts=sum(r.timeouts for r in reports),
    )


def table(results: list[Result]) -> str:
    def ms(d: dict[str, float], key: str) -> str:
        return f"{d[key]:,.1f} ms" if key in d else "-"

    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{x:.0f} %"

    rows: list[tuple[str, Callable[[Result], str]]] = [
        ("server", lambda r: f"{r.nodes} nodes, Redis, PostgreSQL" if r.nodes else "one process, SQLite"),
        ("human rooms x (players + spectators)", lambda r: f"{r.rooms} x (2 + {r.spectators})"),
        ("computer rooms (level)", lambda r: f"{r.computer_rooms} ({r.computer_level})" if r.computer_rooms else "0"),
        ("lobby subscribers (rooms public)", lambda r: f"{r.lobby:,}"),
        ("players' think time", lambda r: f"{r.think_ms:g} ms" if r.think_ms else "none (flat out)"),
        ("connections held", lambda r: f"{r.connections - r.lost:,}"
         + (f" ({r.lost:,} of {r.connections:,} dropped)" if r.lost else "")),
        ("load generator processes", lambda r: f"{r.procs}"),
        ("set-up time", lambda r: f"{r.setup_s:.1f} s"),
        ("human-room moves", lambda r: f"{r.moves:,} in {r.seconds:.1f} s"),
        ("human-room moves/s", lambda r: f"{r.moves / r.seconds:,.0f}"),
        ("games finished", lambda r: f"{r.games:,}"),
        ("lobby updates received/s", lambda r: f"{r.lobby_updates / r.seconds:,.0f}" if r.lobby else "-"),
        ("latency p50 (move sent -> last spectator)", lambda r: ms(r.latency_ms, "p50")),
        ("latency p90", lambda r: ms(r.latency_ms, "p90")),
        ("latency p99", lambda r: ms(r.latency_ms, "p99")),
        ("latency max", lambda r: ms(r.latency_ms, "max")),
        ("server's part p50/p99 (its /metrics, per node)", lambda r: "; ".join(
            f"{f.get('p50', 0):,.1f}/{f.get('p99', 0):,.1f} ms" for f in r.server_fanout_ms) or "-"),
        ("computer moves/s", lambda r: f"{r.computer_moves / r.seconds:,.1f}" if r.computer_rooms else "-"),
        ("computer reply p50 (bot's move -> its move)", lambda r: ms(r.reply_ms, "p50")),
        ("computer reply p99", lambda r: ms(r.reply_ms, "p99")),
        ("server CPU (its event loops, % of a core)", lambda r: pct(r.server_cpu_pct)),
        ("server CPU per move", lambda r: "n/a" if r.server_cpu_us_per_move is None
         else f"{r.server_cpu_us_per_move:,.0f} us"),
        ("  of which each node", lambda r: ", ".join(f"{x:,.0f}" for x in r.node_cpu_us_per_move) + " us"
         if r.nodes else "-"),
        ("search workers CPU (% of a core)", lambda r: pct(r.workers_cpu_pct)),
        ("server RSS (peak; of one node)", lambda r: "n/a" if r.server_rss_mb is None else f"{r.server_rss_mb:.0f} MB"),
        ("Redis + PostgreSQL CPU (% of a core)", lambda r: pct(r.services_cpu_pct) if r.nodes else "-"),
        ("load generators CPU (% of a core)", lambda r: pct(r.generators_cpu_pct)),
        ("load generator loop lag p99", lambda r: ms(r.lag_ms, "p99")),
        ("time control (human rooms)", lambda r: f"{r.clock['base']}+{r.clock.get('increment', 0)} s"
         if r.clock else "none"),
        ("clock: charged - thought, min/p1/p50", lambda r: " / ".join(
            f"{r.overcharge_ms[k]:,.1f}" for k in ("min", "p1", "p50")) + " ms" if r.overcharge_ms else "-"),
        ("clock: charged - thought, p99/max (n)", lambda r: f"{r.overcharge_ms['p99']:,.1f} / "
         f"{r.overcharge_ms['max']:,.1f} ms ({r.overcharge_ms['n']:,})" if r.overcharge_ms else "-"),
        ("games ended on time", lambda r: f"{r.timeouts:,}" if r.clock else "-"),
        ("errors", lambda r: f"{len(r.errors)}"),
    ]
    width = max(len(name) for name, _ in rows)
    cells = [[fmt(r) for r in results] for _, fmt in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(results))]
    lines = []
    if len(results) > 1:
        lines.append(" " * width + "  " + "  ".join(f"K={r.computer_rooms}".rjust(w)
                                                     for r, w in zip(results, widths, strict=True)))
    for (name, _), row in zip(rows, cells, strict=True):
        lines.append(name.ljust(width) + "  " + "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)))
    return "\n".join(lines)


def latency_plot(results: list[Result]) -> str:
    """The human rooms' latency percentiles, one bar per run (K computer rooms)."""
    from mancala_cli.svgplot import grouped_bars

    keys = ["p50", "p90", "p99", "max"]
    r0 = results[0]
    title = (f"Move sent -> last spectator: {r0.rooms} rooms x (2 + {r0.spectators}), "
             f"think {r0.think_ms:g} ms")
    series = {(f"{r.computer_rooms} computer room{'s' if r.computer_rooms > 1 else ''}"
               if r.computer_rooms else "no computer rooms")
              + (f" (run {i + 1})" if len(results) > 2 else ""): [r.latency_ms.get(k, 0.0) for k in keys]
              for i, r in enumerate(results)}
    return grouped_bars(title, keys, series, unit="ms", log=True)


def time_control(raw: str) -> dict[str, int]:
    base, _, inc = raw.partition("+")
    try:
        return {"base": int(base), "increment": int(inc or 0)}
    except ValueError:
        raise argparse.ArgumentTypeError(f"{raw!r}: BASE+INC in seconds, e.g. 600+2") from None


def level(raw: str) -> int | str:
    return raw if raw == "perfect" else int(raw)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=100, help="human rooms (2 players each)")
    parser.add_argument("--spectators", type=int, default=10, help="spectators per human room")
    parser.add_argument("--seconds", type=float, default=30, help="how long the rooms play")
    parser.add_argument("--think-ms", type=float, default=0,
                        help="players wait 0.5x to 1.5x this long before each move (0: move at once)")
    parser.add_argument("--procs", type=int, default=2, help="load-generator processes")
    parser.add_argument("--lobby", type=int, default=0, metavar="N",
                        help="N more clients subscribed to the lobby (the rooms are then public)")
    parser.add_argument("--computer-rooms", type=int, nargs="+", default=[0], metavar="K",
                        help="rooms of one bot against the server's computer; several values: one run each")
    parser.add_argument("--computer-level", type=level, default=3, help="the computer's difficulty (0..3, perfect)")
    parser.add_argument("--server", default=None, nargs="+",
                        help="ws://HOST:PORT/ws of a running server, or of several nodes (default: start one)")
    parser.add_argument("--nodes", type=int, default=0, metavar="N",
                        help="start a cluster of N nodes on a real Redis and PostgreSQL instead of one server")
    parser.add_argument("--lease", type=float, default=10.0,
                        help="the cluster nodes' lease (s); long enough that a node starved of CPU by the "
                             "benchmark's own processes is not taken for dead")
    parser.add_argument("--raw-spectators", action="store_true",
                        help="spectators on bare sockets that read only a frame's head and a move's ply "
                             "(a websockets client per spectator costs the generators more than the server)")
    parser.add_argument("--pin", action="store_true",
                        help="the server on CPU 0 alone, the load generators on the others (one node)")
    parser.add_argument("--clock", type=time_control, default=None, metavar="BASE+INC",
                        help="time the human rooms: BASE seconds each plus INC a move (e.g. 600+2); the "
                             "table then shows the clock's error as the players measure it")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--plot", metavar="FILE.svg", help="also draw the human rooms' latency percentiles")
    args = parser.parse_args(argv)
    if args.pin and (args.nodes or args.server):
        parser.error("--pin is for the one server this script starts")
    results = [one_run(args, k) for k in args.computer_rooms]
    if args.plot:
        Path(args.plot).write_text(latency_plot(results))
    if args.json:
        print(json.dumps([r.to_json() for r in results], indent=1))
    else:
        print(table(results))
    for r in results:
        for e in r.errors:
            print(f"K={r.computer_rooms}: {e}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
