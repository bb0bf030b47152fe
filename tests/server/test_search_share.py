"""Others' requests do not starve a room's computer (issue 23, point 2).

On-demand searches (one-turn lines, analyses) used to go into the computer players'
process pool: five of them made a computer's move in someone's room wait 28-30 s. They
now run in processes of their own, bounded (on_demand.py): a room's computer move is
answered while the on-demand backlog is still being searched, and requests beyond the
share are refused at once with a typed 503."""

from __future__ import annotations

import asyncio
import contextlib

import aiohttp

from mancala_client.api import MancalaClient

# one-turn searches that run to the time limit (they do not finish in 2 s: measured)
HARD = ["dakon_mg", "multilap_jackman_a", "ohvulhu"]
SLOW = 90.0  # a worker process's first start on a busy machine


async def test_a_room_computer_moves_before_the_on_demand_backlog(start_server) -> None:
    # one process for rooms, one for on-demand searches with one more waiting
    server = await start_server(computer_workers=1, search_workers=1, search_queue=1,
                                one_turn_time_limit=20.0, computer_cap_ms=300)
    base = f"http://127.0.0.1:{server.port}"
    async with aiohttp.ClientSession() as http:

        async def ask(name: str) -> tuple[int, dict[str, str], str]:
            async with http.get(f"{base}/api/variants/{name}/one-turn",
                                timeout=aiohttp.ClientTimeout(total=SLOW)) as response:
                body = await response.json()
                return response.status, dict(response.headers), body.get("error", "")

        backlog = [asyncio.create_task(ask(name)) for name in HARD]
        done, pending = await asyncio.wait(backlog, timeout=SLOW, return_when=asyncio.FIRST_COMPLETED)
        # the share is one running and one waiting: the third is refused at once, typed
        refused = [task.result() for task in done]
        assert [(status, error) for status, _, error in refused] == [(503, "search_busy")]
        assert refused[0][1]["Retry-After"] == "30"
        assert server.hub.searches.running == 1 and server.hub.searches.waiting == 1

        # meanwhile a computer must move in someone's room (the computer starts)
        async with await MancalaClient.connect(f"ws://127.0.0.1:{server.port}/ws", name="ann") as human:
            await human.create_room("kalah_4", seat=0, starter=1, computer=0, public=False)
            made = await human.next_event("move_made", timeout=SLOW)
            assert made.seat == 1
            # answered while the on-demand searches were still at it
            assert not any(task.done() for task in pending)
        for task in pending:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
