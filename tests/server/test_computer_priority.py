"""The computer's searches run in processes below the server's priority (computer_niceness)."""

from __future__ import annotations

import os

from mancala.client.api import MancalaClient


async def test_search_processes_run_at_the_configured_niceness(start_server) -> None:
    server = await start_server(computer_niceness=7, computer_workers=1)
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with await MancalaClient.connect(url, name="ann") as human:
        # the computer starts, so its first move proves a search process ran
        await human.create_room("kalah_4", seat=0, starter=1, computer=0, public=False)
        made = await human.next_event("move_made", timeout=60)
        assert made.seat == 1
    pids = list(server.hub.computers.pool._processes)  # the executor's own table of its processes
    assert pids
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert [os.getpriority(os.PRIO_PROCESS, pid) - ours for pid in pids] == [7] * len(pids)
