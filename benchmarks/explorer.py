"""The opening explorer's cost per counted game and per answered position (issue 27 point 3).

    python -m benchmarks.explorer [--games 5000] [--variant kalah_4]

Fills a fresh SQLite file (WAL, synchronous=NORMAL, as the server's) with finished public
games of random legal moves between 200 known players, then counts them into the explorer
one by one as the feed does (explorer_feed.py): the game read back, judged
(explorer.py), its first DEPTH moves added in one transaction. Prints, per slice of
games, the mean and 99th percentile of each step as the tree grows, and the cost of
answering a position (`explorer_moves`, one indexed read) at the root and deeper.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from mancala.engine.game import Game
from mancala.engine.position import Outcome, OutcomeKind
from mancala.rules.loading import config_paths
from mancala_server.compete_store import Terms
from mancala_server.explorer import book_key, judge, path_key
from mancala_server.explorer_rows import DEPTH
from mancala_server.fencing import Fence, new_game_id
from mancala_server.storage import SqliteStorage
from mancala_server.store import RoomRow
from mancala_server.stored_rules import Definitions


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


async def fill(storage: SqliteStorage, variant: str, raw: dict[str, Any], game: Game, games: int,
               rng: random.Random) -> list[int]:
    ids = []
    for n in range(games):
        code = f"R{n:07d}"
        await storage.reserve_room(RoomRow(code, variant, raw, True, "waiting", None, [(None, None)] * 2, None))
        fence = Fence(code, 1)
        gid = new_game_id()
        pos = game.start(0)
        south, north = rng.sample(range(200), 2)
        await storage.new_game(gid, code, variant, raw, 0, [f"n{south}", f"n{north}"],
                               {"board": list(pos.board), "stores": list(pos.stores)}, fence)
        await storage.set_terms(gid, Terms(players=(f"p{south}", f"p{north}")), fence)
        ply = 0
        while pos.outcome is None and ply < 200:
            move = rng.choice(game.legal_moves(pos))
            await storage.add_move(gid, ply, pos.turn, game.move_json(move), fence)
            pos = game.play(pos, game.move_json(move))
            ply += 1
        outcome = pos.outcome or Outcome(OutcomeKind.TIE, None)
        await storage.end_game(gid, outcome, "rules", "over", fence)
        ids.append(gid)
    return ids


async def main(games: int, variant: str, slices: int) -> None:
    definitions = Definitions(config_paths())
    raw = definitions.raw[variant]
    game = definitions.game(raw)
    start = game.start(0)
    standard = {"board": list(start.board), "stores": list(start.stores)}
    with tempfile.TemporaryDirectory() as tmp:
        storage = SqliteStorage(Path(tmp) / "bench.sqlite3")
        rng = random.Random(1)
        t0 = time.perf_counter()
        ids = await fill(storage, variant, raw, game, games, rng)
        print(f"{games} games of {variant} stored in {time.perf_counter() - t0:.1f} s; counting them:")
        print(f"{'games':>12}  {'read mean':>10}  {'judge mean':>10}  {'add mean':>9}  {'add p99':>8}  (us)")
        size = max(1, games // slices)
        counted = 0
        for first in range(0, games, size):
            reads, judges, adds = [], [], []
            for gid in ids[first:first + size]:
                t = time.perf_counter()
                row = await storage.game(gid)
                t1 = time.perf_counter()
                assert row is not None
                judged = judge(row, True, standard, (None, None))
                t2 = time.perf_counter()
                await storage.explorer_add(gid, time.time(), judged)
                t3 = time.perf_counter()
                reads.append(t1 - t)
                judges.append(t2 - t1)
                adds.append(t3 - t2)
                counted += judged.counts
            print(f"{first + 1:>5}-{first + len(reads):<6}  {statistics.fmean(reads) * 1e6:>10.0f}  "
                  f"{statistics.fmean(judges) * 1e6:>10.0f}  {statistics.fmean(adds) * 1e6:>9.0f}  "
                  f"{pct(adds, 0.99) * 1e6:>8.0f}")
        nodes = storage.store.db.execute("SELECT COUNT(*) FROM explorer_nodes").fetchone()[0]
        print(f"{counted} games counted, {nodes} nodes (a game adds at most {DEPTH})")
        book = book_key(variant, raw, 0)
        path: list[Any] = []
        print(f"{'position':>12}  {'moves':>5}  {'answer mean':>11}  (us, explorer_moves)")
        for depth in range(0, 7, 2):
            times = []
            for _ in range(200):
                t = time.perf_counter()
                found = await storage.explorer_moves(book, path_key(path))
                times.append(time.perf_counter() - t)
            print(f"{'depth ' + str(depth):>12}  {len(found):>5}  {statistics.fmean(times) * 1e6:>11.0f}")
            for _ in range(2):
                found = await storage.explorer_moves(book, path_key(path))
                if found:
                    path.append(json.loads(found[0].move))
        await storage.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--variant", default="kalah_4")
    parser.add_argument("--slices", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.variant, args.slices))
