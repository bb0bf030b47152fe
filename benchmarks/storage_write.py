"""A move's write cost through the async storage port on SQLite (issue 22 point 3).

    python -m benchmarks.storage_write [--moves 2000]

Stores a room and a game in a fresh data directory, then writes `--moves` moves through
`SqliteStorage.add_move` with the room's fence, as a room's writes go: each call is one
transaction (BEGIN IMMEDIATE, the epoch checked, the insert, the commit) in WAL mode with
synchronous=NORMAL. Prints the median, 99th percentile and worst of the calls, and for
comparison what handing one trivial call to a thread costs (asyncio.to_thread), the
alternative for a blocking call inside an async method.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from mancala_server.fencing import Fence, new_game_id
from mancala_server.storage import SqliteStorage
from mancala_server.store import RoomRow

ROOT = Path(__file__).resolve().parents[1]

def summary(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    return (f"{name:<28} mean {statistics.fmean(ordered) * 1e6:6.1f} us   "
            f"median {statistics.median(ordered) * 1e6:7.1f} us   p99 {p99 * 1e6:7.1f} us   "
            f"worst {ordered[-1] * 1e6:8.1f} us   ({len(ordered)} calls)")


async def main(moves: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        storage = SqliteStorage(Path(tmp) / "mancala.sqlite3")
        code = "BENCH1"
        await storage.reserve_room(RoomRow(code, "oware_abapa", {}, True, "waiting", None,
                                           [(None, None), (None, None)], None))
        fence = Fence(code, 1)
        game_id = new_game_id()
        await storage.new_game(game_id, code, "oware_abapa", {}, 0, ["ann", "bob"], {}, fence)
        writes = []
        for ply in range(moves):
            started = time.perf_counter()
            await storage.add_move(game_id, ply, ply % 2, ply % 6, fence)
            writes.append(time.perf_counter() - started)
        await storage.close()
    hops = []
    for _ in range(moves):
        started = time.perf_counter()
        await asyncio.to_thread(int)
        hops.append(time.perf_counter() - started)
    print(summary("add_move (fenced, SQLite)", writes))
    print(summary("asyncio.to_thread(int)", hops))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    asyncio.run(main(parser.parse_args().moves))
