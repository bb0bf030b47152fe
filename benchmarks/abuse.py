"""Issue 23's nine attacks, replayed against a real server behind a real Caddy.

    python -m benchmarks.abuse            # the full replay, a minute or two
    python -m benchmarks.abuse --quick    # smaller numbers, about half a minute (the test's)
    python -m benchmarks.abuse --only 3 5 --keep   # some points; keep the logs
    python -m benchmarks.abuse --json

Starts `mancala serve --trusted-proxies 127.0.0.1` (a subprocess on a free port, a
scratch data directory, every limit at its default: MANCALA_* settings of the caller's
environment are dropped) and the project's own proxy, deploy/Caddyfile run by
/usr/bin/caddy on another free port. Every client reaches the server through Caddy from
a loopback address of its own (127.23.x.y; Caddy writes the address it saw into
X-Forwarded-For and the server, trusting only 127.0.0.1, counts every quota by it), so
the per-address limits meet many addresses as they would on the internet. Only point
4's forger bypasses Caddy, to check that its X-Forwarded-For is not believed.

Each point replays the attack the issue describes and says "held" when the defence
stood, "broken" when it did not, with what was measured (the bound each verdict is
judged by is printed on its line):

1. first-move wins: a rated Jackman room without the swap rule; rated quick pairing
   in it; rated against the computer there; the computer's ladder apart from people's.
2. others' requests starve the rated computer: addresses hammer one-turn searches
   while a rated, timed game against the computer is played (its search process is
   started by a casual game first: a process's own start is not the attack).
3. one endless game: a long bule_perga game, then its positions at 20 a second and
   spectators catching up, while a bystander (its own process) pings.
4. behind the proxy one user's quota is everyone's: room quotas per client address.
5. rating farming: fresh identities resigning at move 0, and one pair's rematches.
6. identity flood and look-alike names; invisible characters in chat.
7. spectators whisper, private games leak: the stored chat and private game ids.
8. lag credit claimed: pongs held back 0.45 s, a move thought over 1 s.
9. spam: challenges from one socket and from many identities, chat over many rooms
   and from many sockets, a muted guest who says hello again.

Progress (one line a point) goes to stderr; the table (or --json) to stdout. The exit
status is 0 whatever the verdicts: this is a report, not a gate (a server or Caddy
that does not start is an error, status 1).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import aiohttp
from websockets.asyncio.client import connect as ws_connect
from websockets.typing import Subprotocol

from mancala.protocol.codec import JSON_SUBPROTOCOL
from mancala.rules.enums import LapSower
from mancala.rules.loading import config_paths, load_variant
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


# ---- 1. first-move wins -------------------------------------------------------------------


async def first_move_wins(net: Net, sizes: Sizes, point: Point) -> None:
    # rated quick pairing in Jackman's game: both ask without the swap rule
    r, s = await net.player("quick1"), await net.player("quick2")
    first = await r.quick_pair("multilap_jackman", rated=True)
    second = await s.quick_pair("multilap_jackman", rated=True)
    paired = first.room == second.room
    pair_pie = (await wait_for(s, "room_state", second.room)).pie
    # a rated room made by hand, without `pie`
    p, q = await net.player("pat1"), await net.player("quin1")
    made = await p.create_room("multilap_jackman", rated=True, seat=0)
    room_pie = (await wait_for(p, "room_state", made.room)).pie
    refused = await code_of(p.create_room("multilap_jackman", rated=True, computer=1))
    # the computer's ladder: Pat wins a rated game against a person, then loses to the computer
    human = await p.create_room("oware_abapa", rated=True, seat=0, starter=0)
    await q.join(human.room)
    await moves_each(human.room, {0: p, 1: q}, (await wait_for(q, "room_state", human.room)).state, 2)
    await q.resign(human.room)
    await wait_for(p, "game_over", human.room)
    before = await rating_of(net, "pat1", "oware_abapa")
    # the computer starts, so that its first search (the process's first) is warmed here
    computer = await p.create_room("oware_abapa", rated=True, seat=0, starter=1, computer=1)
    await moves_each(computer.room, {0: p}, (await wait_for(p, "room_state", computer.room)).state, 2)
    await p.resign(computer.room)
    await wait_for(p, "game_over", computer.room)
    after = await rating_of(net, "pat1", "oware_abapa")
    ladder = await rating_of(net, "pat1", "oware_abapa@computer")
    held = paired and pair_pie and room_pie and refused == "not_rated_here" and before == after \
        and ladder is not None
    point.verdict = "held" if held else "broken"
    point.measured = (f"rated Jackman room without pie: pie {'on' if room_pie else 'OFF'}; rated quick pair: "
                      f"{'paired' if paired else 'NOT paired'}, pie {'on' if pair_pie else 'OFF'}; rated vs "
                      f"computer: {refused}; a loss to the computer: human rating {before} -> {after}, "
                      f"oware_abapa@computer {ladder}")
    point.numbers = {"room_pie": room_pie, "pair_pie": pair_pie, "paired": paired, "computer_rated": refused,
                     "human_before": before, "human_after": after, "computer_ladder": ladder}


# ---- 2. others' requests starve the rated computer ------------------------------------------


def one_turn_variants() -> list[str]:
    return [name for name, path in sorted(config_paths().items())
            if load_variant(path).game_info.mlaps is not LapSower.OFF]


async def starved_computer(net: Net, sizes: Sizes, point: Point) -> None:
    # the computer's search process is started first: its own start-up (a second or two on
    # a busy machine) is not what the attack is about
    warm = await net.client("warm")
    warmed = await warm.create_room("kalah_4", seat=0, starter=1, computer=0)
    await wait_for(warm, "move_made", warmed.room)
    await warm.leave(warmed.room)
    variants = one_turn_variants()
    answers: Counter[str] = Counter()
    stop = asyncio.Event()

    async def hammer(number: int) -> None:
        address = net.fresh()
        rng = random.Random(number)
        rest = [v for v in variants if v not in HARD_ONE_TURN]
        rng.shuffle(rest)
        order = HARD_ONE_TURN + rest

        async def ask(name: str) -> None:
            try:
                status, body, _ = await net.get(f"/api/variants/{name}/one-turn", address)
                error = body.get("error", "?") if isinstance(body, dict) else "untyped"
                answers["200" if status == 200 else f"{status} {error}"] += 1
            except (TimeoutError, aiohttp.ClientError) as exc:
                answers[f"failed {type(exc).__name__}"] += 1

        asking: set[asyncio.Task[None]] = set()
        for name in itertools.cycle(order):  # 5 a second from each address, far under its HTTP rate
            if stop.is_set():
                break
            task = asyncio.create_task(ask(name))
            asking.add(task)
            task.add_done_callback(asking.discard)
            await asyncio.sleep(0.2)
        answers["still waiting at the end"] += len(asking)
        for task in list(asking):  # searches still waiting are the server's; the client gives up
            task.cancel()

    hammers = [asyncio.create_task(hammer(i)) for i in range(sizes.hammer_addresses)]
    await asyncio.sleep(2.0)  # the backlog builds up first
    player = await net.player("clocked")
    base_ms, increment_ms = sizes.clock_base * 1000, 1000
    granted = await player.create_room("oware_abapa", rated=True, seat=0, starter=1, computer=3,
                                       clock={"base": sizes.clock_base, "increment": 1})
    room = granted.room
    await wait_for(player, "room_state", room)
    left, sent = base_ms, time.monotonic()  # the computer's clock at the start of its move
    charged: list[float] = []
    over_budget: list[float] = []
    waited: list[float] = []
    flagged = False
    while len(charged) < sizes.computer_moves:
        event = await player.next_event(timeout=120)
        if event.type == "game_over" and event.room == room:
            flagged = value(event.reason) == "timeout" and event.outcome.get("winner") == 0
            break
        if event.type != "move_made" or event.room != room:
            continue
        if event.seat == 1:
            now_left = event.clocks.remaining[1]
            charged.append(left - now_left + increment_ms)
            budget = max(20.0, min(2000.0, left / 25 + 0.8 * increment_ms))
            over_budget.append(charged[-1] - budget)
            waited.append((time.monotonic() - sent) * 1000)
            left, sent = now_left, time.monotonic()  # if it moves again (an extra turn)
        if event.state.outcome is not None:
            break
        if event.state.turn == 0:
            await player.move(room, random.choice(event.state.legal))
            made = await wait_for(player, "move_made", room)
            while made.seat != 0:
                made = await wait_for(player, "move_made", room)
            left, sent = made.clocks.remaining[1], time.monotonic()
            if made.state.outcome is not None:
                break
    with contextlib.suppress(ServerError):
        await player.resign(room)
    stop.set()
    await asyncio.gather(*hammers)
    busy = answers.get("503 search_busy", 0)
    untyped = sum(n for k, n in answers.items() if k.startswith("failed") or "untyped" in k or " ?" in k)
    late = max(over_budget, default=0.0)
    held = not flagged and bool(charged) and late <= LATE_MS and busy > 0 and untyped == 0
    point.verdict = "held" if held else "broken"
    answered = ", ".join(f"{n} {k}" for k, n in sorted(answers.items()))
    point.measured = (f"{sizes.hammer_addresses} addresses asked one-turn lines ({answered}); the expert "
                      f"computer ({sizes.clock_base}+1 clock) moved {len(charged)} times, charged "
                      f"{min(charged, default=0):.0f}-{max(charged, default=0):.0f} ms (wall "
                      f"{min(waited, default=0):.0f}-{max(waited, default=0):.0f} ms), at most "
                      f"{late:+.0f} ms over its budget (bound +{LATE_MS:.0f}); "
                      f"{'LOST ON TIME' if flagged else 'no flag'}")
    point.numbers = {"answers": dict(answers), "charged_ms": charged, "wall_ms": waited,
                     "over_budget_ms": over_budget, "flagged": flagged, "search_busy": busy}


# ---- 3. one endless game ------------------------------------------------------------------


def bystander_main(url: str, address: str, out: Connection) -> None:
    out.send(asyncio.run(bystander(url, address, out)))


async def bystander(url: str, address: str, out: Connection) -> list[tuple[float, float]]:
    """Pings every 60 ms (under the frame rate) until told to stop: its own process, so
    that the attackers' work in the benchmark's process does not delay its clock."""
    ws = await ws_connect(url, subprotocols=[Subprotocol(JSON_SUBPROTOCOL)], local_addr=(address, 0),
                          open_timeout=30)
    client = MancalaClient(ws)
    pings: list[tuple[float, float]] = []  # (when it was sent, on the machine's monotonic clock; ms)
    try:
        await client.request({"type": "hello", "name": "bystander"}, timeout=30)
        out.send("ready")
        while not out.poll():
            at, sent = time.monotonic(), time.perf_counter()
            await client.ping()
            pings.append((at, (time.perf_counter() - sent) * 1000))
            await asyncio.sleep(0.06)
    finally:
        await client.close()
    return pings


async def receive(conn: Connection, timeout: float) -> Any:
    """The next object from the bystander, or TimeoutError: a process that hangs must not
    hang the benchmark."""
    if not await asyncio.to_thread(conn.poll, timeout):
        raise TimeoutError("the bystander did not answer")
    return conn.recv()


class Pacer:
    """Connections used in turn, none faster than FRAMES_PER_SECOND (the server's frame
    rate would refuse the rest)."""

    def __init__(self, clients: list[MancalaClient]) -> None:
        self.free_at = {id(c): 0.0 for c in clients}
        self.clients = clients

    async def next(self) -> MancalaClient:
        client = min(self.clients, key=lambda c: self.free_at[id(c)])
        wait = self.free_at[id(client)] - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self.free_at[id(client)] = time.monotonic() + 1 / FRAMES_PER_SECOND
        return client


async def endless_game(net: Net, sizes: Sizes, point: Point) -> None:
    south, north = net.fresh(), net.fresh()
    ann = await net.client("ann3", south)
    granted = await ann.create_room("bule_perga", seat=0)
    room = granted.room
    game_id = (await wait_for(ann, "room_state", room)).game_id
    bob = await net.client("bob3", north)
    bob_seat = await bob.join(room)
    # more sockets in each seat (a second tab: reconnect with the token), so that the game
    # grows faster than one socket's frame rate allows
    seats: list[list[MancalaClient]] = [[ann], [bob]]
    for side, address, token in ((0, south, granted.token), (1, north, bob_seat.token)):
        for _ in range(3):
            extra = await net.client(f"tab{side}", address)
            await extra.reconnect(room, token)
            seats[side].append(extra)
    pacers = [Pacer(seats[0]), Pacer(seats[1])]
    state = (await wait_for(bob, "room_state", room)).state
    rng = random.Random(3)
    plies, ended = 0, ""
    began = time.monotonic()
    while plies < sizes.plies and state.outcome is None:
        mover = await pacers[state.turn].next()
        await mover.move(room, rng.choice(state.legal))
        plies += 1
        for event in await drain(mover):
            if event.type in ("move_made", "round_started") and event.room == room:
                state = event.state
            elif event.type == "game_over" and event.room == room:
                ended = f", ended ({value(event.reason)})"
        for tabs in seats:  # the others' pushes are dropped unread
            for client in tabs:
                if client is not mover:
                    await drain(client)
    built = time.monotonic() - began
    progress(f"  3: {plies} plies in {built:.0f} s{ended}; positions and spectators next")

    ctx = multiprocessing.get_context("spawn")
    mine, theirs = ctx.Pipe()
    watcher = ctx.Process(target=bystander_main, args=(net.ws_url(), net.fresh(), theirs), daemon=True)
    watcher.start()
    if await receive(mine, 60) != "ready":
        raise RuntimeError("the bystander did not start")

    pages: list[tuple[int, int, int]] = []  # (states, bytes, from) of each 200
    statuses: Counter[int] = Counter()
    unbounded = 0
    reader = net.fresh()

    async def positions(i: int) -> None:
        nonlocal unbounded
        start = rng.randrange(plies + 1)
        status, body, size = await net.get(f"/api/games/{game_id}/positions?from={start}", reader)
        statuses[status] += 1
        if status == 200:
            pages.append((len(body["states"]), size, start))
            whole = start + len(body["states"]) >= body["total"]
            if len(body["states"]) > POSITIONS_PAGE or (body["next"] is None) != whole:
                unbounded += 1

    spectates: Counter[str] = Counter()

    async def spectator(client: MancalaClient, until: float) -> None:
        while time.monotonic() < until:  # twice a second: past the burst, the catch-up rate refuses some
            spectates[await code_of(client.spectate(room))] += 1
            await drain(client)
            await asyncio.sleep(0.5)

    watchers = [await net.client(f"fan{i}") for i in range(sizes.spectators)]
    storm = sizes.position_requests / 20
    # three phases, so that a slow bystander can be put down to its cause: the machine
    # alone (other work shares it), the positions requests, the spectators' catch-ups
    phases = [time.monotonic()]
    await asyncio.sleep(storm / 2)
    phases.append(time.monotonic())
    asking = []
    for i in range(sizes.position_requests):  # ~20 a second
        asking.append(asyncio.create_task(positions(i)))
        await asyncio.sleep(0.05)
    await asyncio.gather(*asking)
    phases.append(time.monotonic())
    await asyncio.gather(*(spectator(w, time.monotonic() + storm) for w in watchers))
    phases.append(time.monotonic())
    mine.send("stop")
    pings: list[tuple[float, float]] = await receive(mine, 60)
    watcher.join(10)

    def during(phase: int) -> dict[str, float]:
        ms = [m for at, m in pings if phases[phase] <= at < phases[phase + 1]]
        return {"n": len(ms), "p50": percentile(ms, 0.5), "p99": percentile(ms, 0.99), "max": max(ms, default=0.0)}

    quiet, paging, catching = during(0), during(1), during(2)
    biggest = max((size for _, size, _ in pages), default=0)
    most = max((n for n, _, _ in pages), default=0)
    held = paging["n"] > 0 and catching["n"] > 0 and max(paging["p99"], catching["p99"]) < PING_P99_MS \
        and unbounded == 0 and statuses.get(200, 0) > 0 and not any(s >= 500 for s in statuses)
    point.verdict = "held" if held else "broken"
    got = ", ".join(f"{n}x {s}" for s, n in sorted(statuses.items()))
    spec = ", ".join(f"{n} {k}" for k, n in sorted(spectates.items()))

    def said(ping: dict[str, float]) -> str:
        return f"p50 {ping['p50']:.1f} / p99 {ping['p99']:.1f} ms"

    point.measured = (f"bule_perga, {plies} plies{ended}; {sizes.position_requests} positions requests at 20/s "
                      f"({got}), pages of at most {most} states / {biggest / 1000:.0f} KB, {unbounded} unbounded; "
                      f"then {sizes.spectators} sockets spectating for {storm:.0f} s ({spec}); bystander ping "
                      f"{said(quiet)} before, {said(paging)} during the pages, {said(catching)} during the "
                      f"spectates (bar p99 < {PING_P99_MS:.0f})")
    point.numbers = {"plies": plies, "built_s": built, "statuses": dict(statuses), "page_states_max": most,
                     "page_bytes_max": biggest, "unbounded": unbounded, "spectates": dict(spectates),
                     "ping_ms": {"before": quiet, "pages": paging, "spectates": catching}}


# ---- 4. behind the proxy one user's quota is everyone's -------------------------------------


async def fill(clients: list[MancalaClient], attempts: int) -> Counter[str]:
    codes: Counter[str] = Counter()
    for client in clients:
        for _ in range(attempts):
            codes[await code_of(client.create_room("kalah_4", public=False))] += 1
    return codes


async def proxy_quota(net: Net, sizes: Sizes, point: Point) -> None:
    crowd = net.fresh()  # one address: a household, or one abuser
    filled = await fill([await net.client(f"home{i}", crowd) for i in range(5)], ROOMS_PER_CLIENT)
    # the same address again, claiming another in its own X-Forwarded-For (Caddy overwrites it)
    claim = await net.client("claims", crowd, headers={"X-Forwarded-For": "203.0.113.50"})
    claimed = await code_of(claim.create_room("kalah_4", public=False))
    others = [await code_of((await net.client(f"other{i}")).create_room("kalah_4", public=False))
              for i in range(3)]
    # a client that is no proxy, straight to the server: its own address full, it names another
    forger = net.fresh()
    forged_fill = await fill([await net.client(f"forge{i}", forger, direct=True) for i in range(5)],
                             ROOMS_PER_CLIENT)
    liar = await net.client("liar", forger, direct=True, headers={"X-Forwarded-For": "203.0.113.51"})
    forged = await code_of(liar.create_room("kalah_4", public=False))
    held = filled["ok"] == ROOMS_PER_ADDRESS and claimed == "quota" and others == ["ok"] * 3 \
        and forged_fill["ok"] == ROOMS_PER_ADDRESS and forged == "quota"
    point.verdict = "held" if held else "broken"
    point.measured = (f"one address through Caddy: {filled['ok']} of 25 rooms (quota {ROOMS_PER_ADDRESS}), "
                      f"then with its own X-Forwarded-For: {claimed}; 3 other addresses: {', '.join(others)}; "
                      f"a non-proxy client with a forged X-Forwarded-For, its own address full: {forged}")
    point.numbers = {"filled": dict(filled), "claimed": claimed, "others": others,
                     "forged_fill": dict(forged_fill), "forged": forged}


# ---- 5. rating farming ----------------------------------------------------------------------


async def rating_farming(net: Net, sizes: Sizes, point: Point) -> None:
    checkpoints = sorted({1, min(5, sizes.games), sizes.games})
    farmer = await net.player("farmer5")
    farmed: list[int | None] = []
    for game in range(1, sizes.games + 1):
        fresh = await net.player(f"fresh5x{game}")  # a new identity, a new address
        made = await fresh.create_room("oware_abapa", rated=True, seat=1)
        await farmer.join(made.room, seat=0)
        await fresh.resign(made.room)  # at move 0
        await wait_for(farmer, "game_over", made.room)
        await farmer.leave(made.room)
        await drain(farmer)
        await asyncio.sleep(0.15)  # the farmer's socket stays under the server's frame rate
        if game in checkpoints:
            farmed.append(await rating_of(net, "farmer5", "oware_abapa"))
    # one pair, again and again (rematches: the seats swap; the same player always resigns
    # after a few moves, so that a rule on move-0 resignations alone does not hide it)
    winner, loser = await net.player("pair5a"), await net.player("pair5b")
    made = await winner.create_room("kalah_4", rated=True, seat=0)
    await loser.join(made.room)
    room, rng = made.room, random.Random(5)
    paired: list[int | None] = []
    for game in range(1, sizes.games + 1):
        begun = await wait_for(loser, "room_state", room)
        state = begun.state
        who = {begun.you: loser, 1 - begun.you: winner}  # a rematch swaps the seats
        for _ in range(4):
            if state.outcome is not None:
                break
            await who[state.turn].move(room, rng.choice(state.legal))
            state = (await wait_for(loser, "move_made", room)).state
        if state.outcome is None:
            await loser.resign(room)
        await wait_for(winner, "game_over", room)
        if game in checkpoints:
            paired.append(await rating_of(net, "pair5a", "kalah_4"))
        if game < sizes.games:
            await drain(winner)
            await drain(loser)
            await asyncio.sleep(0.15)  # under the frame rate, as above
            await winner.rematch(room)
            await loser.rematch(room)
    worst = max(abs((r or 1500) - 1500) for r in farmed + paired)
    point.verdict = "held" if worst <= FARM_MARGIN else "broken"
    after = "/".join(str(c) for c in checkpoints)
    point.measured = (f"farmer beating fresh identities that resign at move 0, rating after {after} games: "
                      f"{' / '.join(str(r) for r in farmed)}; one pair's rematches (4 moves, then a resignation): "
                      f"{' / '.join(str(r) for r in paired)} (near 1500: within {FARM_MARGIN})")
    point.numbers = {"after_games": checkpoints, "farmer": farmed, "pair": paired}


# ---- 6. identity flood and look-alike names -------------------------------------------------


async def identity_flood(net: Net, sizes: Sizes, point: Point) -> None:
    flood = net.fresh()
    sockets = [await net.client(f"flood{i}", flood) for i in range(10)]
    made: Counter[str] = Counter()
    began = time.monotonic()

    async def register(client: MancalaClient) -> None:
        for _ in range(20):  # 10 sockets x 20: 200 from one address, at the frame rate
            made[await code_of(client.request({"type": "identify"}))] += 1
            await asyncio.sleep(1 / FRAMES_PER_SECOND)

    await asyncio.gather(*(register(s) for s in sockets))
    allowed = REGISTER_BURST + (time.monotonic() - began) * REGISTER_RATE + 1
    await net.player("ann")
    look_alikes = {"Cyrillic a": "\u0430nn", "fullwidth": "\uff41\uff4e\uff4e", "U+3164": "ann\u3164"}
    refused = {label: await code_of((await net.client("guest")).request({"type": "identify", "name": name}))
               for label, name in look_alikes.items()}
    talker = await net.client("talker")
    talk = await talker.create_room("kalah_4", public=False)
    lines = {"zero width space": "hi\u200b there", "U+3164 x 300": "\u3164" * 300}
    chat = {label: await code_of(talker.request({"type": "chat", "room": talk.room, "text": text}))
            for label, text in lines.items()}
    plain = await code_of(talker.request({"type": "chat", "room": talk.room, "text": "good game"}))
    held = made["ok"] <= allowed and all(code != "ok" for code in refused.values()) \
        and all(code != "ok" for code in chat.values()) and plain == "ok"
    point.verdict = "held" if held else "broken"
    point.measured = (f"{made['ok']} of 200 registrations from one address (burst {REGISTER_BURST}, then 1 a "
                      f"minute); beside \"ann\": " + ", ".join(f"{k} {v}" for k, v in refused.items())
                      + "; chat: " + ", ".join(f"{k} {v}" for k, v in chat.items()) + f", plain line {plain}")
    point.numbers = {"registrations": dict(made), "look_alikes": refused, "chat": chat, "plain": plain}


# ---- 7. spectators whisper / private games leak --------------------------------------------


async def whispers_and_leaks(net: Net, sizes: Sizes, point: Point) -> None:
    ann, bob, cy = await net.client("ann7"), await net.client("bob7"), await net.client("cy7")
    granted = await ann.create_room("kalah_4", seat=0)
    game = (await wait_for(ann, "room_state", granted.room)).game_id
    await bob.join(granted.room)
    await cy.spectate(granted.room)
    await ann.request({"type": "chat", "room": granted.room, "text": "good luck"})
    await cy.request({"type": "chat", "room": granted.room, "text": "play hole c"})
    _, during, _ = await net.get(f"/api/games/{game}/chat", net.reader)
    await bob.ping()  # whatever was said to Bob has come before this answer
    heard_by_bob = [e.text for e in await drain(bob) if e.type == "chat_message"]
    await bob.resign(granted.room)
    await wait_for(ann, "game_over", granted.room)
    _, after, _ = await net.get(f"/api/games/{game}/chat", net.reader)
    whispered = "play hole c" in [line["text"] for line in during["chat"]] or "play hole c" in heard_by_bob
    told_after = "play hole c" in [line["text"] for line in after["chat"]]
    # a private game: its player's page and its id alone
    pat = await net.player("pat7")
    private = await pat.create_room("kalah_4", computer=0, seat=0, public=False)
    state = await wait_for(pat, "room_state", private.room)
    await pat.resign(private.room)
    await wait_for(pat, "game_over", private.room)
    _, profile, _ = await net.get("/api/players/pat7", net.reader)
    listed = [g for g in profile["games"] if g["id"] == state.game_id]
    linked = bool(listed) and ("url" in listed[0] or not listed[0].get("private"))
    by_id = {tail or "/": (await net.get(f"/api/games/{state.game_id}{tail}", net.reader))[0]
             for tail in ("", "/positions", "/chat", "/record.txt")}
    with_key = (await net.get(f"/api/games/{state.game_id}?key={state.share_key}", net.reader))[0]
    held = not whispered and told_after and not linked and set(by_id.values()) == {404} and with_key == 200
    point.verdict = "held" if held else "broken"
    point.measured = (f"spectator's line in the stored chat during the game: {'YES' if whispered else 'no'}, "
                      f"after it: {'yes' if told_after else 'NO'}; private game on its player's page: "
                      f"{'with a link' if linked else 'no link' if listed else 'not listed'}; by id without "
                      f"the key: " + ", ".join(f"{k} {v}" for k, v in by_id.items()) + f"; with it: {with_key}")
    point.numbers = {"whispered": whispered, "told_after": told_after, "listed": bool(listed),
                     "linked": linked, "by_id": by_id, "with_key": with_key}


# ---- 8. lag credit claimed -----------------------------------------------------------------


async def lag_credit(net: Net, sizes: Sizes, point: Point) -> None:
    """A client that sits on every websocket ping HELD_PONG seconds (aiohttp, autoping off)
    thinks THINK seconds: the server must charge all of it (tests/server/test_lag_credit.py)."""
    cheat_address = net.fresh()
    url = f"http://127.0.0.1:{net.procs.port}/ws"
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(cheat_address, 0))) as http, \
            http.ws_connect(url, protocols=(JSON_SUBPROTOCOL,), autoping=False) as cheat:

        async def next_of(kind: str) -> dict[str, Any]:
            while True:
                frame = await asyncio.wait_for(cheat.receive(), 30)
                if frame.type == aiohttp.WSMsgType.PING:
                    await asyncio.sleep(HELD_PONG)
                    await cheat.pong(frame.data)
                    continue
                if frame.type != aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"the cheat's socket got {frame.type}")
                message = json.loads(frame.data)
                if message.get("type") in (kind, "error"):
                    return dict(message)

        await cheat.send_str(json.dumps({"type": "hello", "name": "cheat", "id": 1}))
        await next_of("welcome")
        await cheat.send_str(json.dumps({"type": "create_room", "variant": "kalah_4", "seat": 1, "id": 2,
                                         "clock": {"base": 60, "increment": 0}}))
        granted = await next_of("seat_granted")
        honest = await net.client("honest")
        await honest.join(granted["room"], seat=0)
        await honest.move(granted["room"], 0, 0)  # four seeds from the first hole: North's turn
        await next_of("move_made")
        # no clock runs until both players have moved (docs/competitive.md, "Early games"):
        # the cheat's first move is quick, its second is the one timed
        await cheat.send_str(json.dumps({"type": "move", "room": granted["room"], "move": 7, "ply": 1, "id": 3}))
        await next_of("move_made")
        await honest.move(granted["room"], 5, 2)  # ends in North's holes: North's turn
        moved = await next_of("move_made")
        before = moved["clocks"]["remaining"][1]
        await asyncio.sleep(THINK)
        await cheat.send_str(json.dumps({"type": "move", "room": granted["room"], "move": 6, "ply": 3, "id": 4}))
        mine = await next_of("move_made")
        charged = before - mine["clocks"]["remaining"][1]
    credit = THINK * 1000 - charged
    point.verdict = "held" if credit <= CREDIT_MS else "broken"
    point.measured = (f"pongs held {HELD_PONG * 1000:.0f} ms, thought {THINK * 1000:.0f} ms (from the client's "
                      f"side): charged {charged} ms, credit {credit:.0f} ms (bound {CREDIT_MS:.0f})")
    point.numbers = {"held_ms": HELD_PONG * 1000, "thought_ms": THINK * 1000, "charged_ms": charged,
                     "credit_ms": credit}


# ---- 9. spam --------------------------------------------------------------------------------


async def spam(net: Net, sizes: Sizes, point: Point) -> None:
    # challenges from one socket, round the targets, at 20 a second
    targets = [f"target9x{i}" for i in range(8)]
    for name in targets:
        await net.player(name)
    sender = await net.player("sender9")
    one: Counter[str] = Counter()
    for i in range(sizes.challenges_one):
        one[await code_of(sender.request({"type": "challenge", "to": targets[i % len(targets)],
                                          "variant": "kalah_4"}))] += 1
        await asyncio.sleep(0.05)
    # many identities, each from an address of its own, at one victim
    victim = await net.player("victim9")
    crowd = [await net.player(f"crowd9x{i}") for i in range(sizes.identities)]
    many: Counter[str] = Counter()

    async def flood(client: MancalaClient) -> None:
        for _ in range(sizes.challenges_each):
            many[await code_of(client.request({"type": "challenge", "to": "victim9", "variant": "kalah_4"}))] += 1
            await asyncio.sleep(1 / FRAMES_PER_SECOND)

    await asyncio.gather(*(flood(c) for c in crowd))
    await victim.ping()
    told = sum(1 for e in await drain(victim) if e.type == "challenge")

    # chat over many rooms from one socket
    hosts = [await net.client(f"host9x{i}") for i in range((sizes.chat_rooms + 4) // 5)]
    rooms = [(await hosts[i // 5].create_room("kalah_4")).room for i in range(sizes.chat_rooms)]
    talker = await net.client("talker9")
    for room in rooms:
        await talker.spectate(room)
    began = time.monotonic()
    over_rooms: Counter[str] = Counter()
    for _ in range(5):
        for room in rooms:
            over_rooms[await code_of(talker.request({"type": "chat", "room": room, "text": "buy now"}))] += 1
            await asyncio.sleep(1 / FRAMES_PER_SECOND)
    rooms_bound = CHAT_BURST + (time.monotonic() - began) * CHAT_RATE + 1
    # chat from many sockets of one address, all in one room
    household = net.fresh()
    sockets = [await net.client(f"sock9x{i}", household) for i in range(sizes.chat_sockets)]
    for client in sockets:
        await client.spectate(rooms[0])
    began = time.monotonic()
    over_sockets: Counter[str] = Counter()

    async def say_three(client: MancalaClient) -> None:
        for _ in range(3):  # under one person's burst: only the address's allowance can stop them
            over_sockets[await code_of(client.request({"type": "chat", "room": rooms[0], "text": "spam"}))] += 1

    await asyncio.gather(*(say_three(c) for c in sockets))
    sockets_bound = CHAT_ADDRESS_BURST + (time.monotonic() - began) * CHAT_ADDRESS_RATE + 1
    # a muted guest who says hello under another name
    host, ann, troll = await net.client("host9"), await net.client("ann9"), await net.client("troll")
    muted_room = (await host.create_room("kalah_4", seat=0)).room
    await ann.spectate(muted_room)
    await troll.spectate(muted_room)
    await troll.request({"type": "chat", "room": muted_room, "text": "first"})
    await ann.request({"type": "mute", "room": muted_room, "name": "troll"})
    await troll.request({"type": "hello", "name": "nice person"})
    await troll.request({"type": "chat", "room": muted_room, "text": "still me"})
    await ann.request({"type": "chat", "room": muted_room, "text": "hello all"})
    heard = [e.text for e in await drain(ann) if e.type == "chat_message"]
    muted = "still me" not in heard and "hello all" in heard
    held = one["ok"] <= CHALLENGES_OPEN_BY + 1 and many["ok"] <= CHALLENGES_OPEN_TO \
        and told <= CHALLENGES_OPEN_TO and over_rooms["ok"] <= rooms_bound \
        and over_sockets["ok"] <= sockets_bound and muted
    point.verdict = "held" if held else "broken"
    total_many = sizes.identities * sizes.challenges_each
    point.measured = (f"challenges: {one['ok']} of {sizes.challenges_one} from one socket in "
                      f"{sizes.challenges_one / 20:.0f} s (bound {CHALLENGES_OPEN_BY + 1}), {many['ok']} of "
                      f"{total_many} from {sizes.identities} identities at one player, who heard {told} (bound "
                      f"{CHALLENGES_OPEN_TO}); chat: {over_rooms['ok']} of {5 * len(rooms)} lines over "
                      f"{len(rooms)} rooms from one socket (bound {rooms_bound:.0f}), {over_sockets['ok']} of "
                      f"{3 * len(sockets)} from {len(sockets)} sockets of one address (bound "
                      f"{sockets_bound:.0f}); muted guest after a new hello: "
                      f"{'still muted' if muted else 'HEARD'}")
    point.numbers = {"one_socket": dict(one), "many_identities": dict(many), "victim_told": told,
                     "chat_over_rooms": dict(over_rooms), "chat_over_sockets": dict(over_sockets),
                     "still_muted": muted}


# ---- the run --------------------------------------------------------------------------------

POINTS: list[tuple[str, Callable[[Net, Sizes, Point], Awaitable[None]]]] = [
    ("first-move wins", first_move_wins),
    ("others' requests starve the computer", starved_computer),
    ("one endless game", endless_game),
    ("behind the proxy one quota for all", proxy_quota),
    ("rating farming", rating_farming),
    ("identity flood, look-alike names", identity_flood),
    ("spectators whisper, private games leak", whispers_and_leaks),
    ("lag credit claimed", lag_credit),
    ("spam", spam),
]


async def run(sizes: Sizes, only: set[int], keep: bool) -> list[Point]:
    scratch = Path(tempfile.mkdtemp(prefix="mancala-abuse-"))
    began = time.monotonic()
    procs = await asyncio.to_thread(Processes, scratch)
    progress(f"abuse: server on {procs.server_port}, Caddy on {procs.port} ({time.monotonic() - began:.0f} s), "
             f"scratch {scratch}")
    net = Net(procs)
    results = []
    try:
        for number, (title, attack) in enumerate(POINTS, 1):
            point = Point(number, title)
            results.append(point)
            if only and number not in only:
                point.verdict, point.measured = "skipped", ""
                continue
            began = time.monotonic()
            try:
                await asyncio.wait_for(attack(net, sizes, point), 300)
            except Exception as exc:  # the replay failed, not the defence: said as such
                point.verdict, point.measured = "error", f"{type(exc).__name__}: {exc}"
            point.seconds = time.monotonic() - began
            await net.close_clients()
            progress(f"abuse: {number}. {title}: {point.verdict} ({point.seconds:.0f} s)")
    finally:
        await net.close()
        began = time.monotonic()
        await asyncio.to_thread(procs.stop)
        progress(f"abuse: stopped in {time.monotonic() - began:.0f} s")
        if keep:
            progress(f"abuse: the logs are in {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return results


def table(points: list[Point]) -> str:
    lines = ["| point | verdict | measured |", "| --- | --- | --- |"]
    lines += [f"| {p.number}. {p.title} | {p.verdict} | {p.measured} |" for p in points]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller numbers (the test's run)")
    parser.add_argument("--only", type=int, nargs="*", default=[], help="replay only these points")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (server and Caddy logs)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not os.access(CADDY, os.X_OK):
        sys.exit(f"{CADDY} is missing: apt-get install -y caddy")
    began = time.monotonic()
    points = asyncio.run(run(QUICK if args.quick else FULL, set(args.only), args.keep))
    progress(f"abuse: done in {time.monotonic() - began:.0f} s")
    if args.json:
        print(json.dumps([{"point": p.number, "title": p.title, "verdict": p.verdict, "measured": p.measured,
                           "numbers": p.numbers, "seconds": round(p.seconds, 1)} for p in points]))
    else:
        print(table(points))


if __name__ == "__main__":
    main()
