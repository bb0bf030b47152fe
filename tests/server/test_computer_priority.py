"""Computer searches and custom variants' rules run in processes below the server's priority
(computer_niceness, rules_niceness)."""

from __future__ import annotations

import os

from mancala_client.api import MancalaClient


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


async def test_rules_workers_run_at_the_configured_niceness(start_server) -> None:
    """Custom variants' rules too: workers busy with costly variants give way to the loop."""
    server = await start_server(rules_niceness=6, rules_workers=2)
    url = f"ws://127.0.0.1:{server.port}/ws"
    custom = {"game_constants": {"holes": 3, "nbr_start": 2}, "game_info": {"stores": True}}
    async with await MancalaClient.connect(url, name="ann") as ann:
        await ann.create_room(custom, public=False)  # a worker answered: it has started
    # the one that answered (the other may still be starting: it lowers itself first thing)
    pids = [worker.process.pid for worker in server.hub.rules._all if worker.ready]
    assert len(pids) == 1
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, pids[0]) - ours == 6
