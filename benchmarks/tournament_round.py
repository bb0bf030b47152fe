"""A tournament round on a real server, end to end (issue 27 point 1: "a tournament of 200
players pairs a round in under a second").

    python -m benchmarks.tournament_round [--players 200] [--rounds 3] [--kind swiss]

Starts the server in a process of its own (`mancala serve`, SQLite in a temporary
folder), connects the players over real websockets from this one (loopback), enters them, starts the event and measures, for
each round, the server's own figure (its log: from the last result of the round before,
as the director recorded it, to the last seat taken: the document read, the pairing, a
room made and both seats taken per pairing, the document written back) and, beside it,
the time the clients saw (from their resignations to the last `tournament_game` in hand,
which also counts this process's own work reading 200 sockets). Every player resigns its game at once, so the
next round follows. Also prints the size of the stored document and how long reading it
and working out its table take (what each look of the director costs, every second).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mancala_client.api import MancalaClient
from mancala_server.tourney_doc import Tourney, view

VARIANT = "kalah_4"


async def one_player(url: str, n: int) -> MancalaClient:
    client = await MancalaClient.connect(url, name=f"p{n}")
    await client.request({"type": "identify", "name": f"entrant{n:04d}"})
    return client


async def paired(client: MancalaClient, timeout: float) -> tuple[float, str]:
    """When this player's next game was told, and its room."""
    event = await client.next_event("tournament_game", timeout=timeout)
    return time.perf_counter(), event.room


def serve(data: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {**os.environ, "MANCALA_PORT": str(port), "MANCALA_DATA_DIR": str(data),
           "MANCALA_REGISTER_BURST": "100000", "MANCALA_REGISTER_RATE": "1000",
           "MANCALA_TOURNEY_ENTRIES_PER_ADDRESS": "100000", "MANCALA_RATE_PER_SECOND": "1000",
           "MANCALA_RATE_BURST": "1000", "MANCALA_HTTP_RATE": "1000000", "MANCALA_HTTP_BURST": "1000000"}
    proc = subprocess.Popen([sys.executable, "-m", "mancala_cli", "serve"], env=env,
                            stdout=subprocess.DEVNULL, stderr=(data / "server.log").open("wb"))
    for _ in range(200):
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return proc, port
        time.sleep(0.05)
    raise RuntimeError("the server did not start")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def main(args: argparse.Namespace) -> int:
    data = Path(tempfile.mkdtemp(prefix="tourney-bench-"))
    proc, port = serve(data)
    try:
        return await measure(args, f"ws://127.0.0.1:{port}/ws", data)
    finally:
        proc.terminate()
        proc.wait(10)


async def measure(args: argparse.Namespace, url: str, data: Path) -> int:
    clients: list[MancalaClient] = []
    for start in range(0, args.players, 50):
        clients += await asyncio.gather(*(one_player(url, n) for n in range(start, min(args.players, start + 50))))
    made = await clients[0].request({"type": "create_tournament", "kind": args.kind, "variant": VARIANT,
                                     "name": "Benchmark", "starts_in": 3600, "rounds": args.rounds,
                                     "games": 1, "minutes": 60.0, "rated": False})
    tid = made.tournament
    await asyncio.gather(*(c.request({"type": "join_tournament", "tournament": tid}, timeout=60) for c in clients))
    rows = []
    due = time.perf_counter()
    await clients[0].request({"type": "start_tournament", "tournament": tid})
    for round_no in range(1, args.rounds + 1):
        waits = {c: asyncio.create_task(paired(c, 60)) for c in clients}
        await asyncio.wait(waits.values(), timeout=60)
        told = {c: t.result() for c, t in waits.items() if t.done() and not t.cancelled() and not t.exception()}
        for t in waits.values():
            t.cancel()
        last = max(at for at, _ in told.values())
        rows.append((round_no, len(told), (last - due) * 1000))
        # one player of each room resigns: the round is over once every room has ended
        resigners = {room: c for c, (_, room) in told.items()}
        due = time.perf_counter()
        await asyncio.gather(*(c.resign(room) for room, c in resigners.items()))
    for c in clients:
        await c.close()
    with sqlite3.connect(data / "mancala.sqlite3") as db:
        (doc,) = db.execute("SELECT doc FROM tournaments WHERE id = ?", (tid,)).fetchone()
    looks = []
    for _ in range(20):
        t0 = time.perf_counter()
        view(Tourney.model_validate(json.loads(doc)), 1)
        looks.append((time.perf_counter() - t0) * 1000)
    # the server's own measure: from the last result of the round before to the last seat taken
    server_ms = [float(m.group(1)) for m in re.finditer(r"paired and seated: \d+ games, (\d+) ms after",
                                                         (data / "server.log").read_text())]
    print(f"{args.kind}, {args.players} players, {VARIANT}, one game a pairing; server in its own process")
    print(f"{'round':>5} {'paired':>7} {'server: due -> seated (ms)':>27} {'clients: resigned -> all told (ms)':>35}")
    for (round_no, count, ms), at_server in zip(rows, server_ms + [float("nan")] * len(rows), strict=False):
        print(f"{round_no:>5} {count:>7} {at_server:>27.0f} {ms:>35.0f}")
    print(f"document: {len(doc) / 1024:.0f} KiB; read and tabled: median {statistics.median(looks):.1f} ms, "
          f"max {max(looks):.1f} ms")
    return 0 if server_ms and max(server_ms) < 1000 else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kind", choices=["swiss", "arena"], default="swiss")
    sys.exit(asyncio.run(main(parser.parse_args())))
