"""/metrics in the Prometheus text format, /readyz, and JSON log lines."""

from __future__ import annotations

import asyncio
import json
import re

from tests.server.helpers import ServerProcess, free_port, http_get


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
