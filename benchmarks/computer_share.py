"""Someone else's computer opponent while one address asks for as many as it can.

    python -m benchmarks.computer_share                # level 3, 10 moves each way
    python -m benchmarks.computer_share --attackers 8 --level 3

A server subprocess with the default quotas and `computer_workers` (cores - 1). The
victim (its own loopback address) plays a computer room at --level: after each of its
moves it times the computer's reply. Measured twice: alone, then while the attacker
(another address, --attackers connections) creates computer rooms at level 3 as fast
as the server lets it and keeps them busy (each move answered at once). The table:
reply time p50/p90/max for both runs, and how many computer rooms the attacker got
(the rest were refused with `quota`).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter
from typing import Any

from benchmarks.server_process import ServerProcess, connect_from
from mancala_client.api import MancalaClient, ServerError


async def victim(url: str, level: int | str, moves: int) -> list[float]:
    client = await connect_from(url, "127.0.0.2", "victim")
    times: list[float] = []
    try:
        granted = await client.create_room("kalah_4", seat=0, computer=level, public=False)
        state = (await client.next_event("room_state")).state
        while len(times) < moves and state.outcome is None:
            if state.turn == 0:
                await client.move(granted.room, state.legal[0])
                sent = time.perf_counter()
            made = await client.next_event("move_made", timeout=120)
            state = made.state
            if made.seat == 1:
                times.append(time.perf_counter() - sent)
                sent = time.perf_counter()
    finally:
        await client.close()
    return times


async def attacker(url: str, connections: int, stop: asyncio.Event, seen: Counter[str]) -> None:
    clients = [await connect_from(url, "127.0.0.20", f"a{n}") for n in range(connections)]

    async def keep_busy(client: MancalaClient) -> None:
        for _ in range(15):
            try:
                granted = await client.create_room("kalah_4", seat=0, computer=3, public=False)
                seen["rooms"] += 1
                asyncio.create_task(play(client, granted.room))
            except ServerError as exc:
                seen[exc.code] += 1
        await stop.wait()

    async def play(client: MancalaClient, room: str) -> None:
        while not stop.is_set():
            event = await client.next_event(timeout=300)
            if getattr(event, "room", None) == room and event.type in ("room_state", "move_made"):
                state = event.state
                if state.outcome is None and state.turn == 0:
                    await client.move(room, state.legal[-1])

    try:
        await asyncio.gather(*(keep_busy(c) for c in clients))
    finally:
        for client in clients:
            await client.close()


async def measure(args: argparse.Namespace, attack: bool) -> dict[str, Any]:
    server = ServerProcess(quotas=True)
    seen: Counter[str] = Counter()
    stop = asyncio.Event()
    try:
        task = asyncio.create_task(attacker(server.url, args.attackers, stop, seen)) if attack else None
        if task:
            await asyncio.sleep(1.0)
        times = await victim(server.url, args.level, args.moves)
        stop.set()
        if task:
            task.cancel()
    finally:
        server.stop()
    return {"p50": statistics.median(times), "p90": sorted(times)[int(0.9 * (len(times) - 1))],
            "max": max(times), "seen": dict(seen)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attackers", type=int, default=8, help="attacker connections (one address)")
    parser.add_argument("--level", default="3")
    parser.add_argument("--moves", type=int, default=10)
    args = parser.parse_args()
    args.level = int(args.level) if args.level.isdigit() else args.level
    alone = asyncio.run(measure(args, False))
    crowded = asyncio.run(measure(args, True))
    print(f"the victim's computer at level {args.level}: reply time over {args.moves} moves")
    print("| run | p50 | p90 | max | attacker's rooms |")
    print("| --- | ---: | ---: | ---: | --- |")
    for name, r in (("alone", alone), ("with the attacker", crowded)):
        extra = ", ".join(f"{k} {v}" for k, v in sorted(r["seen"].items())) or "-"
        print(f"| {name} | {r['p50']:.2f} s | {r['p90']:.2f} s | {r['max']:.2f} s | {extra} |")


if __name__ == "__main__":
    main()
