"""A room big enough for the fan-out writer's threads (server/mancala_server/fanout.py), on a real server
with real clients: every spectator hears every move, in order, the same state as the
players, in both wire formats."""

from __future__ import annotations

import asyncio
import random

from mancala_server import connection
from tests.server.helpers import ann_and_bob, play_moves

SPECTATORS = 150  # over fanout.PARALLEL_MIN (128) in the JSON group


async def test_a_crowded_room_written_by_the_writer_threads(start_server, connect) -> None:
    server = await start_server(fanout_threads=2)
    assert connection.writer.threads == 2
    url = f"ws://127.0.0.1:{server.port}/ws"

    async def make(name: str, fmt: str = "json"):
        return await connect(name, fmt=fmt, to=url)

    south, north, room, joined = await ann_and_bob(make, "kalah_4")
    watchers = await asyncio.gather(*(make(f"w{i}", "msgpack" if i % 10 == 0 else "json")
                                      for i in range(SPECTATORS)))
    for w in watchers:
        await w.spectate(room)
    before = connection.writer.parallel_frames
    state = await play_moves(room, [south, north], joined.state, rng=random.Random(7), count=12,
                             watchers=tuple(watchers))
    assert state is not None
    # every move (at least) went out through the threads: the test shows the threaded path
    assert connection.writer.parallel_frames - before >= 12
