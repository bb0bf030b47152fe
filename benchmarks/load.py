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
import contextlib
import json
import multiprocessing
import os
import random
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.sharedctypes import SynchronizedArray
from multiprocessing.synchronize import Event
from pathlib import Path
from typing import Any

from benchmarks.load_clients import Clock, Player, RawReader, RawWatcher, Samples, Tracker, Watcher
from benchmarks.load_report import (
    Result,
    fanout_quantiles,
    latencies,
    latency_plot,
    percentiles,
    signed_percentiles,
    table,
)
from benchmarks.server_process import ClusterServer, ServerProcess, rss_mb
from mancala_client.api import MancalaClient, ServerError

VARIANT = "kalah_4"
CONNECT_AT_ONCE = 20  # handshakes in flight per generator during set-up
LAG_TICK = 0.05  # seconds between the event-loop lag probes
# shared counters per generator process: connections open, human moves, computer moves
CONNS, MOVES, CMOVES = range(3)
COUNTERS = 3
TICK = os.sysconf("SC_CLK_TCK")
MOVE_HEAD = re.compile(r'\{"type":"move_made","room":"[A-Z0-9]+","ply":(\d+),')


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

def progress(text: str) -> None:
    print(f"\r\033[K{text}", end="", file=sys.stderr, flush=True)


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
