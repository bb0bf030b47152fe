"""An owner node SIGKILLed or restarted mid-game: another node takes the room over from
PostgreSQL, the clients come back through any node and play on; no acknowledged move
is lost."""

from __future__ import annotations

import json
import random
import signal

from tests.cluster.players import Person, play, seat_two, watch
from tests.cluster.services import Cluster
from tests.server.helpers import engine, replay, state_dict

MOVED = 1012


def stored_moves(cluster: Cluster, game_id: int) -> list[object]:
    node = next(n for n in cluster.nodes if n.alive)
    status, body = node.http(f"/api/games/{game_id}")
    assert status == 200, body
    return list(json.loads(body)["moves"])


async def finish(room: str, seats: list[Person], watchers: list[Person], state: object, ply: int,
                 rng: random.Random, acked: list[tuple[int, object]]) -> object:
    state, ply = await play(room, seats, watchers, state, ply, rng, acked, count=1000)
    assert state.outcome is not None  # type: ignore[attr-defined]
    return state


async def test_owner_sigkill_mid_game_loses_no_acknowledged_move(cluster: Cluster) -> None:
    a, b, c = cluster.urls()
    room, seats, state = await seat_two(a, b)  # node 0 owns the room
    spectator = await watch(c, room)
    rng, acked = random.Random(11), []
    try:
        state, ply = await play(room, seats, [spectator], state, 0, rng, acked, count=9)
        game_id = (await spectator.come_back(c)).game_id

        cluster.nodes[0].proc.send_signal(signal.SIGKILL)
        cluster.nodes[0].proc.wait(5)
        # South's socket died with its node; the others are told to come back (1012) once
        # the dead node's lease has run out
        await seats[0].closed_by_server()
        assert await seats[1].closed_by_server() == MOVED
        assert await spectator.closed_by_server() == MOVED

        back = [await seats[0].come_back(b), await seats[1].come_back(c), await spectator.come_back(b)]
        assert [s.you for s in back] == [0, 1, None]
        assert all(s.ply == ply and s.state == state and s.game_id == game_id for s in back)
        state = await finish(room, seats, [spectator], state, ply, rng, acked)
        moves = stored_moves(cluster, game_id)
        assert all(moves[p] == m for p, m in acked) and len(moves) == len(acked)
        assert state_dict(state) == replay(engine("kalah_4"), moves)  # type: ignore[arg-type]
    finally:
        for p in (*seats, spectator):
            await p.close()
        cluster.restart(0)


async def test_a_node_restart_carries_on_its_games(cluster: Cluster) -> None:
    a, b, c = cluster.urls()
    room, seats, state = await seat_two(b, c)  # node 1 owns it
    spectator = await watch(a, room)
    rng, acked = random.Random(12), []
    try:
        state, ply = await play(room, seats, [spectator], state, 0, rng, acked, count=6)
        cluster.nodes[1].proc.send_signal(signal.SIGTERM)  # a deploy: stop, start again
        closing = await seats[0].client.next_event("server_closing", timeout=10)
        assert "reconnect" in closing.message
        assert await seats[0].closed_by_server() == 1001
        assert cluster.nodes[1].proc.wait(15) == 0
        assert await seats[1].closed_by_server() == MOVED
        assert await spectator.closed_by_server() == MOVED
        cluster.restart(1)
        back = [await seats[0].come_back(b), await seats[1].come_back(b), await spectator.come_back(c)]
        assert all(s.ply == ply and s.state == state for s in back)
        state = await finish(room, seats, [spectator], state, ply, rng, acked)
        moves = stored_moves(cluster, back[0].game_id)
        assert all(moves[p] == m for p, m in acked) and len(moves) == len(acked)
    finally:
        for p in (*seats, spectator):
            await p.close()
        if not cluster.nodes[1].alive:
            cluster.restart(1)
