"""Load benchmark: N rooms x (2 players + S spectators) playing random legal moves.

    python benchmarks/load.py --rooms 100 --spectators 10 --seconds 30

Starts a server subprocess on a free port with a scratch data directory (or uses
--server URL), plays Kalah games with rematches until the time is up, and prints:
connections held, moves/s, latency from a move sent to the LAST spectator of the
room receiving it (p50/p90/p99/max), and the server's resident memory. The
clients run in this one process; on a small machine they compete with the server
for CPU, so the numbers are a floor for the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from mancala.client.api import MancalaClient, ServerError


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


class Stats:
    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.last_seen: dict[tuple[str, int], float] = {}
        self.moves = 0
        self.games = 0
        self.errors = 0


async def spectator(url: str, room: str, stats: Stats, stop: asyncio.Event) -> MancalaClient:
    c = await MancalaClient.connect(url, name="watcher")
    await c.spectate(room)

    async def watch() -> None:
        while not stop.is_set():
            try:
                ev = await c.next_event("move_made", timeout=1.0)
            except TimeoutError:
                continue
            key = (room, ev.ply)
            stats.last_seen[key] = time.perf_counter()

    asyncio.create_task(watch())
    return c


async def player(c: MancalaClient, room: str, seat: int, stats: Stats, stop: asyncio.Event,
                 rng: random.Random, state) -> None:  # noqa: ANN001
    """Play random legal moves from pushed states until the time is up."""
    ply = 0
    while not stop.is_set():
        if state.outcome is None and state.turn == seat:
            move = rng.choice(state.legal)
            stats.sent[(room, ply)] = time.perf_counter()
            try:
                await c.move(room, move, ply)
            except ServerError:
                stats.errors += 1
        try:
            ev = await c.next_event(timeout=1.0)
        except TimeoutError:
            continue
        if ev.type == "move_made":
            state, ply = ev.state, ev.ply + 1
            if seat == 0:
                stats.moves += 1
        elif ev.type == "game_over":
            if seat == 0:
                stats.games += 1
            with contextlib.suppress(ServerError):
                await c.rematch(room)
        elif ev.type == "room_state":
            # rematch started: seats swapped
            state, ply = ev.state, ev.ply
            seat = ev.you if ev.you is not None else seat


async def run(url: str, rooms: int, spectators: int, seconds: float, server_pid: int | None) -> None:
    stats = Stats()
    stop = asyncio.Event()
    clients: list[MancalaClient] = []
    tasks = []
    t0 = time.perf_counter()
    for r in range(rooms):
        a = await MancalaClient.connect(url, name=f"a{r}")
        b = await MancalaClient.connect(url, name=f"b{r}")
        granted = await a.create_room("kalah_4", public=False)
        first = await a.next_event("room_state")
        await b.join(granted.room)
        second = await b.next_event("room_state")
        clients += [a, b]
        for _ in range(spectators):
            clients.append(await spectator(url, granted.room, stats, stop))
        rng = random.Random(r)
        tasks.append(asyncio.create_task(player(a, granted.room, 0, stats, stop, rng, first.state)))
        tasks.append(asyncio.create_task(player(b, granted.room, 1, stats, stop, rng, second.state)))
        print(f"\rconnecting: {len(clients)} connections", end="", file=sys.stderr, flush=True)
    setup = time.perf_counter() - t0
    print(file=sys.stderr)
    m0, start = stats.moves, time.perf_counter()
    rss_peak = 0.0
    while time.perf_counter() - start < seconds:
        await asyncio.sleep(1)
        if server_pid:
            rss_peak = max(rss_peak, rss_mb(server_pid))
        done = stats.moves - m0
        print(f"\r{time.perf_counter() - start:5.0f} s  {done} moves", end="", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    moves = stats.moves - m0
    stop.set()
    print(file=sys.stderr)
    latencies = sorted((stats.last_seen[k] - t) * 1000 for k, t in stats.sent.items() if k in stats.last_seen
                       and stats.last_seen[k] >= t)
    await asyncio.gather(*tasks, return_exceptions=True)
    for c in clients:
        with contextlib.suppress(Exception):
            await c.close()

    def pct(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")

    rows = [
        ("rooms x (players + spectators)", f"{rooms} x (2 + {spectators})"),
        ("connections held", f"{len(clients)}"),
        ("set-up time", f"{setup:.1f} s"),
        ("moves", f"{moves} in {elapsed:.1f} s"),
        ("moves/s", f"{moves / elapsed:,.0f}"),
        ("games finished", f"{stats.games}"),
        ("latency p50 (move sent -> last spectator)", f"{pct(0.50):.1f} ms"),
        ("latency p90", f"{pct(0.90):.1f} ms"),
        ("latency p99", f"{pct(0.99):.1f} ms"),
        ("latency max", f"{latencies[-1]:.1f} ms" if latencies else "-"),
        ("mean latency", f"{statistics.fmean(latencies):.1f} ms" if latencies else "-"),
        ("server RSS (peak)", f"{rss_peak:.0f} MB" if server_pid else "n/a (external server)"),
        ("errors", f"{stats.errors}"),
    ]
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k.ljust(width)}  {v}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--spectators", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--server", default=None, help="ws://HOST:PORT/ws of a running server")
    args = parser.parse_args()
    proc = None
    url = args.server
    if url is None:
        port = free_port()
        data = tempfile.mkdtemp(prefix="mancala-load-")
        env = dict(os.environ, MANCALA_RATE_PER_SECOND="1000", MANCALA_RATE_BURST="1000")
        proc = subprocess.Popen([sys.executable, "-m", "mancala", "serve", "--port", str(port), "--data-dir", data],
                                env=env, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.1)
        url = f"ws://127.0.0.1:{port}/ws"
    try:
        asyncio.run(run(url, args.rooms, args.spectators, args.seconds, proc.pid if proc else None))
    finally:
        if proc:
            proc.terminate()
            proc.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
