"""The server as a process: killed with SIGKILL, stopped with SIGTERM, started again on
the same data directory."""

from __future__ import annotations

import asyncio
import random
import signal
from collections.abc import AsyncIterator, Callable

import pytest

from mancala_client.api import MancalaClient
from tests.server.helpers import ServerProcess, engine, free_port, play_moves, replay, state_dict


@pytest.fixture
async def processes(tmp_path) -> AsyncIterator[Callable[[int], ServerProcess]]:
    """Start `mancala serve` processes on one data dir; any still running are killed at teardown."""
    started: list[ServerProcess] = []

    def start(port: int) -> ServerProcess:
        proc = ServerProcess(port, tmp_path / "data", tmp_path / f"server{len(started)}.log")
        started.append(proc)
        return proc

    yield start
    for proc in started:
        proc.kill()


async def start_game(url: str, count: int, seed: int):
    south = await MancalaClient.connect(url, name="ann")
    north = await MancalaClient.connect(url, name="bob", fmt="msgpack")
    granted = await south.create_room("kalah_4", seat=0)
    joined = await north.join(granted.room)
    state = (await north.next_event("room_state")).state
    state = await play_moves(granted.room, [south, north], state, rng=random.Random(seed), count=count)
    return granted, joined, [south, north], state


async def come_back(url: str, granted, joined):
    south = await MancalaClient.connect(url, name="ann")
    north = await MancalaClient.connect(url, name="bob", fmt="msgpack")
    s = await south.reconnect(granted.room, granted.token)
    n = await north.reconnect(joined.room, joined.token)
    assert (s.you, n.you) == (0, 1)
    assert s.state == n.state and s.moves == n.moves
    return s, [south, north]


async def test_sigkill_and_restart_keep_the_game(processes):
    port = free_port()
    first = processes(port)
    await first.ready()
    granted, joined, players, state = await start_game(first.url, count=7, seed=21)
    first.signal(signal.SIGKILL)
    assert await first.wait() == -signal.SIGKILL
    for p in players:
        await asyncio.wait_for(p.closed.wait(), 5)

    second = processes(port)
    await second.ready()
    seen, players = await come_back(second.url, granted, joined)
    assert seen.ply == 7 and seen.state == state and seen.status == "playing"
    moves = [m.move for m in seen.moves]
    assert state_dict(seen.state) == replay(engine("kalah_4"), moves)
    # and the game goes on from there
    state = await play_moves(granted.room, players, state, rng=random.Random(22), count=5, start_ply=7)
    for p in players:
        await p.close()


async def test_sigterm_says_goodbye_and_restart_keeps_the_game(processes):
    port = free_port()
    first = processes(port)
    await first.ready()
    granted, joined, players, state = await start_game(first.url, count=4, seed=5)
    watcher = await MancalaClient.connect(first.url, name="eve")
    await watcher.spectate(granted.room)
    first.signal(signal.SIGTERM)
    for c in (*players, watcher):
        closing = await c.next_event("server_closing", timeout=5)
        assert "reconnect" in closing.message
        await asyncio.wait_for(c.closed.wait(), 5)
        assert c.ws.close_code == 1001
    assert await first.wait() == 0

    second = processes(port)
    await second.ready()
    seen, players = await come_back(second.url, granted, joined)
    assert seen.ply == 4 and seen.state == state
    await play_moves(granted.room, players, state, rng=random.Random(6), count=3, start_ply=4)
    for p in players:
        await p.close()
