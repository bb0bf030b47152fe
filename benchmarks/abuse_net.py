"""What benchmarks/abuse.py's replays stand on: the server and Caddy in front of it
(Processes), clients that each come from an address of their own through it (Net), the
verdict's record (Point), the run's sizes, and the server's limits the verdicts use."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from websockets.asyncio.client import connect as ws_connect
from websockets.typing import Subprotocol

from mancala.protocol.codec import JSON_SUBPROTOCOL
from mancala_client.api import MancalaClient, ServerError

ROOT = Path(__file__).resolve().parents[1]
CADDY = "/usr/bin/caddy"
# the server's defaults (server/mancala_server/config.py): the bounds the verdicts use
REGISTER_BURST, REGISTER_RATE = 10, 1 / 60
CHAT_BURST, CHAT_RATE = 5, 0.5
CHAT_ADDRESS_BURST, CHAT_ADDRESS_RATE = 20, 2.0
CHALLENGES_OPEN_BY, CHALLENGES_OPEN_TO = 5, 10
CHALLENGE_BURST, CHALLENGE_RATE = 5, 0.2
ROOMS_PER_ADDRESS, ROOMS_PER_CLIENT = 20, 5
POSITIONS_PAGE = 500
FRAMES_PER_SECOND = 15.0  # under the server's 20 frames a second a connection
# one-turn searches that run to the server's time limit: put first, they hold the one
# on-demand search process while the others queue behind (tests/server/test_search_share.py)
HARD_ONE_TURN = ["dakon_mg", "multilap_jackman_a", "ohvulhu"]
LATE_MS = 1000.0  # point 2: a computer move may be charged at most its budget plus this
PING_P99_MS = 50.0  # point 3: the bar for a bystander
CREDIT_MS = 50.0  # point 8: the most credit a held-back pong may buy (the cap is 500 ms)
HELD_PONG, THINK = 0.45, 1.0
FARM_MARGIN = 100  # point 5: "near 1500"


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def get_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


# ---- the server and the proxy -------------------------------------------------------------


class Processes:
    """The server and Caddy in front of it, each logging to a file of the scratch folder."""

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        self.server_port, self.port, admin = free_port(), free_port(), free_port()
        # the defaults are what is replayed: a developer's MANCALA_* settings are left out
        env = {k: v for k, v in os.environ.items() if not k.startswith("MANCALA_")}
        self.procs: list[subprocess.Popen[bytes]] = []
        self.start(self.server_port, [sys.executable, "-m", "mancala_cli", "serve", "--port",
                                      str(self.server_port), "--data-dir", str(scratch / "data"),
                                      "--trusted-proxies", "127.0.0.1"], env, "server.log")
        # as tests/server/test_trusted_proxy.py runs it: plain HTTP on a free port
        caddy_env = {**env, "XDG_DATA_HOME": str(scratch), "XDG_CONFIG_HOME": str(scratch),
                     "MANCALA_SITE": f"http://127.0.0.1:{self.port}", "CADDY_HTTP_PORT": str(self.port),
                     "CADDY_HTTPS_PORT": str(free_port()), "CADDY_ADMIN": f"127.0.0.1:{admin}",
                     "MANCALA_NODES": f"127.0.0.1:{self.server_port}"}
        self.start(self.port, [CADDY, "run", "--config", str(ROOT / "deploy" / "Caddyfile"),
                               "--adapter", "caddyfile"], caddy_env, "caddy.log")

    def start(self, port: int, argv: list[str], env: dict[str, str], log_name: str) -> None:
        with (self.scratch / log_name).open("ab") as log:
            proc = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.procs.append(proc)
        deadline = time.monotonic() + 60
        while not get_ok(f"http://127.0.0.1:{port}/healthz"):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{argv[0]} did not start; see {self.scratch / log_name}")
            time.sleep(0.1)

    def stop(self) -> None:
        # the server first (SIGTERM: its clean stop, which ends its searches): Caddy's own
        # clean stop waits for the requests it still proxies, such as a one-turn search
        for proc in self.procs:
            # its search processes, noted before it goes (a killed server leaves them behind)
            workers = children(proc.pid)
            proc.terminate()
            try:
                # nothing is measured past here: a server whose clean stop waits out its
                # shutdown timeout for one-turn answers nobody reads any more (point 2's
                # backlog) is killed after 3 s, with its search processes
                proc.wait(3)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
                for pid in workers:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)


class Net:
    """Clients on addresses of their own, through Caddy (or, `direct`, to the server)."""

    def __init__(self, procs: Processes) -> None:
        self.procs = procs
        self._numbers = itertools.count()
        self.clients: list[MancalaClient] = []
        self.sessions: dict[str, aiohttp.ClientSession] = {}
        self.reader = self.fresh()  # one address reads ratings, chat and pages for the checks

    def fresh(self) -> str:
        """A loopback address nobody has used (never 127.0.0.1: that is the trusted proxy)."""
        n = next(self._numbers)
        return f"127.23.{n // 250}.{n % 250 + 1}"

    def ws_url(self, direct: bool = False) -> str:
        return f"ws://127.0.0.1:{self.procs.server_port if direct else self.procs.port}/ws"

    async def client(self, name: str = "guest", address: str | None = None, *, direct: bool = False,
                     headers: dict[str, str] | None = None) -> MancalaClient:
        ws = await ws_connect(self.ws_url(direct), subprotocols=[Subprotocol(JSON_SUBPROTOCOL)],
                              local_addr=(address or self.fresh(), 0), additional_headers=headers,
                              max_size=2**24, open_timeout=30)
        client = MancalaClient(ws)
        self.clients.append(client)
        await client.request({"type": "hello", "name": name}, timeout=30)
        return client

    async def player(self, name: str, address: str | None = None) -> MancalaClient:
        """A known player (identify without a secret: a new one), on a fresh address unless
        told: new players are capped per address."""
        client = await self.client(name, address)
        await client.request({"type": "identify", "name": name}, timeout=30)
        return client

    def session(self, address: str) -> aiohttp.ClientSession:
        if address not in self.sessions:
            self.sessions[address] = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(local_addr=(address, 0), limit=8),
                timeout=aiohttp.ClientTimeout(total=120))
        return self.sessions[address]

    async def get(self, path: str, address: str) -> tuple[int, Any, int]:
        """(status, JSON body or None, bytes) of a GET through Caddy from `address`."""
        async with self.session(address).get(f"http://127.0.0.1:{self.procs.port}{path}") as response:
            body = await response.read()
        try:
            data = json.loads(body)
        except ValueError:
            data = None
        return response.status, data, len(body)

    async def close_clients(self) -> None:
        clients, self.clients = self.clients, []
        for client in clients:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), 5)

    async def close(self) -> None:
        await self.close_clients()
        for session in self.sessions.values():
            await session.close()


async def code_of(request: Awaitable[Any]) -> str:
    """"ok", or the typed error the request got."""
    try:
        await request
    except ServerError as exc:
        return exc.code
    return "ok"


async def drain(client: MancalaClient) -> list[Any]:
    """Every push the client has now (its reply came after the pushes its request caused)."""
    pushed = []
    while not client.events.empty():
        pushed.append(client.events.get_nowait())
    return pushed


async def wait_for(client: MancalaClient, kind: str, room: str, timeout: float = 60.0) -> Any:
    while True:
        event = await client.next_event(kind, timeout=timeout)
        if getattr(event, "room", room) == room:
            return event


async def moves_each(room: str, seats: dict[int, MancalaClient], state: Any, count: int) -> None:
    """Play on from `state` until every seat has made `count` moves: the people in `seats`
    play the first legal move, a computer the other seat's (a rated game counts only
    after two moves each: docs/competitive.md, "Farming limits")."""
    made = [0, 0]
    watcher = next(iter(seats.values()))
    while min(made) < count and state.outcome is None:
        seat = state.turn
        if seat in seats:
            await seats[seat].move(room, state.legal[0], sum(made))
        state = (await wait_for(watcher, "move_made", room)).state
        made[seat] += 1


async def rating_of(net: Net, name: str, variant: str) -> int | None:
    status, profile, _ = await net.get(f"/api/players/{name}", net.reader)
    if status != 200:
        return None
    found = [r["rating"] for r in profile["ratings"] if r["variant"] == variant]
    return int(found[0]) if found else None


def value(reason: Any) -> str:
    return str(getattr(reason, "value", reason))


@dataclass
class Point:
    number: int
    title: str
    verdict: str = "error"
    measured: str = ""
    numbers: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


@dataclass
class Sizes:
    computer_moves: int  # point 2
    hammer_addresses: int
    clock_base: int
    plies: int  # point 3
    position_requests: int
    spectators: int
    games: int  # point 5
    challenges_one: int  # point 9: from one socket, at 20 a second
    identities: int  # and from this many identities...
    challenges_each: int  # ... this many each
    chat_rooms: int
    chat_sockets: int


FULL = Sizes(12, 6, 20, 2000, 100, 4, 10, 100, 20, 20, 10, 30)
QUICK = Sizes(2, 5, 10, 300, 40, 2, 5, 40, 10, 10, 5, 30)
