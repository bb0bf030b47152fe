"""Failover benchmark: SIGKILL the node that owns a game, time until a move is accepted again.

    python -m benchmarks.failover --kills 20            # 3 nodes, lease 3 s (the default)
    python -m benchmarks.failover --kills 20 --lease 1.5

Starts a real redis-server and PostgreSQL and three nodes (as load.py --nodes does).
Each round: South creates a Kalah room on one node (which owns it), North joins from
the next node, they play a few random moves; then the owner is SIGKILLed. The clients
do what the terminal and web clients do: a socket that closes (South's at once, North's
with 1012 once the dead node's lease has run out) reconnects to a live node and sends
`reconnect` with its token; the player to move then moves. "Failover" is from the kill
to that move's `ack`. Every acknowledged move of the game, before and after the kill,
must be in the stored game (read over HTTP from a live node): the table counts the ones
that are not. The killed node is started again before the next round.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import signal
import sys
import time
import urllib.request
from typing import Any

from benchmarks.load_report import percentiles
from benchmarks.server_process import ClusterServer
from mancala_client.api import MancalaClient, ServerError

VARIANT = "kalah_4"


class Seat:
    def __init__(self, name: str, fmt: str) -> None:
        self.name, self.fmt = name, fmt
        self.client: MancalaClient | None = None
        self.room = self.token = ""

    async def open(self, url: str) -> None:
        self.client = await MancalaClient.connect(url, fmt=self.fmt, name=self.name, open_timeout=5)

    async def back(self, url: str) -> Any:
        if self.client is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.client.close(), 1)
        await self.open(url)
        assert self.client is not None
        return await self.client.reconnect(self.room, self.token)

    async def close(self) -> None:
        if self.client is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.client.close(), 1)


def stored_moves(port: int, game_id: int) -> list[Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{game_id}", timeout=5) as resp:
        return list(json.loads(resp.read())["moves"])


async def one_round(server: ClusterServer, owner: int, rng: random.Random) -> tuple[float, int, int]:
    """(seconds from the kill to a move accepted again, moves acknowledged, moves lost)."""
    urls = server.cluster.urls()
    live = [u for i, u in enumerate(urls) if i != owner]
    south, north = Seat("ann", "json"), Seat("bob", "msgpack")
    await south.open(urls[owner])
    await north.open(urls[(owner + 1) % 3])
    assert south.client is not None and north.client is not None
    granted = await south.client.create_room(VARIANT, seat=0)
    joined = await north.client.join(granted.room)
    first = await north.client.next_event("room_state")
    for s, g in ((south, granted), (north, joined)):
        s.room, s.token = g.room, g.token
    seats = [south, north]
    state, game_id = first.state, first.game_id
    acked: list[tuple[int, Any]] = []
    for ply in range(rng.randint(3, 8)):
        if state.outcome is not None:
            break
        move = rng.choice(state.legal)
        mover = seats[state.turn].client
        assert mover is not None
        await mover.move(granted.room, move, ply)
        acked.append((ply, move))
        # both hear it (each one's queue holds every move: read them in step)
        made = [await s.client.next_event("move_made") for s in seats if s.client is not None]
        assert all(m.ply == ply for m in made)
        state = made[0].state
    ply = len(acked)

    node = server.cluster.nodes[owner]
    killed = time.perf_counter()
    node.proc.send_signal(signal.SIGKILL)
    node.proc.wait(5)
    failover = None
    deadline = killed + 60
    while failover is None and state.outcome is None:
        if time.perf_counter() > deadline:
            raise RuntimeError("no move accepted within 60 s of the kill")
        seat = seats[state.turn]
        try:
            if seat.client is None or seat.client.closed.is_set():
                seen = await seat.back(rng.choice(live))
                state, ply = seen.state, seen.ply
                continue
            move = rng.choice(state.legal)
            await seat.client.move(granted.room, move, ply)
            failover = time.perf_counter() - killed
            acked.append((ply, move))
        except (ConnectionError, OSError, TimeoutError):
            await asyncio.sleep(0.02)  # the socket is closing: the next turn of the loop comes back
        except ServerError as exc:  # the room moved meanwhile, or the state we had is stale
            if exc.code not in ("stale_ply", "not_your_turn", "internal_error", "no_such_room", "not_a_player"):
                raise
            await asyncio.sleep(0.02)
            seen = await seat.back(rng.choice(live))
            state, ply = seen.state, seen.ply
    stored = stored_moves(server.cluster.ports[(owner + 1) % 3], game_id)
    lost = sum(1 for p, m in acked if p >= len(stored) or stored[p] != m)
    for s in seats:
        await s.close()
    server.cluster.restart(owner)
    server.pids[owner] = server.cluster.nodes[owner].proc.pid
    return failover if failover is not None else float("nan"), len(acked), lost


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--lease", type=float, default=3.0, help="MANCALA_NODE_LEASE of the nodes (seconds)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    server = ClusterServer(3, MANCALA_NODE_LEASE=str(args.lease))
    rng = random.Random(args.seed)
    times, acked, lost = [], 0, 0
    try:
        for k in range(args.kills):
            seconds, n, missing = await one_round(server, k % 3, rng)
            times.append(seconds * 1000)
            acked += n
            lost += missing
            print(f"\rkill {k + 1}/{args.kills}: {seconds * 1000:,.0f} ms, {missing} lost", end="", file=sys.stderr)
    finally:
        print(file=sys.stderr)
        server.stop()
    stats = percentiles(times)
    result = {"kills": args.kills, "lease_s": args.lease, "failover_ms": stats, "acknowledged_moves": acked,
              "lost_moves": lost, "all_ms": [round(t) for t in times]}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"owner kills (SIGKILL)                {args.kills}")
        print(f"node lease                           {args.lease:g} s")
        print(f"kill -> first move accepted: p50     {stats['p50']:,.0f} ms")
        print(f"                             p90     {stats['p90']:,.0f} ms")
        print(f"                             max     {stats['max']:,.0f} ms")
        print(f"                             min     {min(times):,.0f} ms")
        print(f"acknowledged moves                   {acked}")
        print(f"acknowledged moves lost              {lost}")
    return 1 if lost else 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
