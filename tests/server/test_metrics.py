"""/metrics in the Prometheus text format, /readyz, and JSON log lines."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal

from mancala_client.api import MancalaClient
from tests.server.helpers import ServerProcess, free_port, http_get, next_move


def sample(text: str, name: str) -> float:
    match = re.search(rf"^{name} ([0-9.e+]+)$", text, re.M)
    assert match, f"{name} not in:\n{text}"
    return float(match.group(1))


async def test_metrics_count_sockets_rooms_moves_and_commits(server, connect) -> None:
    ann, bob = await connect("ann"), await connect("bob")
    granted = await ann.create_room("kalah_4", seat=0)
    await bob.join(granted.room)
    await ann.move(granted.room, 1, 0)
    status, kind, body = await asyncio.to_thread(http_get, server.port, "/metrics")
    text = body.decode()
    assert status == 200 and kind.startswith("text/plain")
    assert sample(text, "mancala_sockets") == 2 and sample(text, "mancala_rooms") == 1
    assert sample(text, "mancala_moves_total") == 1
    assert sample(text, "mancala_move_fanout_seconds_count") == 1
    assert sample(text, "mancala_store_commit_seconds_count") >= 4  # room, game, seats, the move
    assert sample(text, "mancala_search_queue") == 0
    assert (await asyncio.to_thread(http_get, server.port, "/readyz"))[::2] == (200, b"ready\n")


async def metrics(port: int) -> str:
    status, _, body = await asyncio.to_thread(http_get, port, "/metrics")
    assert status == 200
    return body.decode()


async def test_the_search_queue_counts_searches_waiting_for_a_worker(start_server) -> None:
    """One search process, stopped (SIGSTOP: as if busy) while it holds one computer
    room's search: the next computer room's search waits, and /metrics counts it; let go,
    both computers move and the queue is empty again."""
    server = await start_server(computer_workers=1)
    async with await MancalaClient.connect(f"ws://127.0.0.1:{server.port}/ws", name="ann") as ann:
        first = (await ann.create_room("kalah_4", seat=0, starter=0, computer=0, public=False)).room
        await ann.move(first, 0, 0)  # a: four seeds, the turn passes
        state, ply = (await next_move(ann, 0)).state, 1
        while state.turn == 1:  # the computer answers (and moves again, if it may): its process runs
            state, ply = (await next_move(ann, ply, timeout=60)).state, ply + 1
        pids = list(server.hub.computers.pool._processes)  # the executor's own table of its processes
        assert len(pids) == 1
        os.kill(pids[0], signal.SIGSTOP)
        try:
            while state.turn == 0:  # a move that hands the turn to the computer: its search starts
                await ann.move(first, state.legal[0], ply)
                state = (await next_move(ann, ply)).state
                ply += 1
            second = (await ann.create_room("kalah_4", seat=0, starter=1, computer=0, public=False)).room
            await ann.ping()  # the second room's search was asked for as the room was made
            text = await metrics(server.port)
            assert sample(text, "mancala_searches_running") == 1
            assert sample(text, "mancala_search_queue") == 1
        finally:
            os.kill(pids[0], signal.SIGCONT)
        to_move = {first: 1, second: 1}
        while any(to_move.values()):  # both computers move, one search after the other, until it is ann's turn
            event = await ann.next_event("move_made", timeout=60)
            assert event.seat == 1 and event.room in to_move
            to_move[event.room] = 0 if event.state.outcome is not None else event.state.turn
        text = await metrics(server.port)
        assert sample(text, "mancala_search_queue") == 0 and sample(text, "mancala_searches_running") == 0


async def test_json_logs_are_one_object_a_line(tmp_path) -> None:
    proc = ServerProcess(free_port(), tmp_path / "data", tmp_path / "server.log", MANCALA_LOG_FORMAT="json",
                         MANCALA_NODE_ID="n1")
    try:
        await proc.ready()
    finally:
        proc.kill()
    lines = [json.loads(line) for line in proc.log.read_text().splitlines() if line.strip()]
    assert lines and all({"ts", "level", "logger", "node", "msg"} <= set(line) for line in lines)
    assert any("listening on" in line["msg"] and line["node"] == "n1" for line in lines)
