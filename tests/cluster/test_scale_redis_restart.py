"""Redis restarted (empty: no persistence) under a game: the nodes register again, claim
their rooms back and resubscribe; clients whose messages may have been lost are told to
come back (1012); no stored move is lost and the game plays to the end."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable

from tests.cluster.conftest import Services
from tests.cluster.players import play, seat_two, watch
from tests.cluster.services import Cluster, RedisServer

MOVED = 1012


async def test_a_redis_restart_loses_no_stored_move(new_cluster: Callable[..., Cluster], services: Services,
                                                     tmp_path) -> None:
    redis = RedisServer(tmp_path / "own-redis")  # restarting the shared one would disturb other tests
    try:
        cluster = new_cluster(redis=redis)
        a, b, c = cluster.urls()
        room, seats, state = await seat_two(a, b)
        spectator = await watch(c, room)
        local_watcher = await watch(a, room)  # on the owner: nothing of its room goes through Redis
        rng, acked = random.Random(13), []
        state, ply = await play(room, seats, [spectator, local_watcher], state, 0, rng, acked, count=8)

        redis.restart()
        # the owner's own sockets never depended on Redis; the others' may have missed
        # frames while the subscription was down, so they are closed (1012) and come back
        assert await seats[1].closed_by_server() == MOVED
        assert await spectator.closed_by_server() == MOVED
        assert not seats[0].client.closed.is_set() and not local_watcher.client.closed.is_set()
        for person, url in ((seats[1], c), (spectator, b)):
            back = await person.come_back(url)
            assert back.ply == ply and back.state == state
        # the owner claimed its room back: the game goes on where it was
        state, ply = await play(room, seats, [spectator, local_watcher], state, ply, rng, acked, count=1000)
        assert state.outcome is not None
        game_id = (await local_watcher.come_back(a)).game_id
        moves = json.loads(cluster.nodes[2].http(f"/api/games/{game_id}")[1])["moves"]
        assert [m for _, m in acked] == moves
        # nodes are ready again (lease renewed, subscribed)
        for node in cluster.nodes:
            deadline = time.monotonic() + 30  # a limit against a hang, not a claim about speed
            while time.monotonic() < deadline:
                if node.http("/readyz")[0] == 200:
                    break
                await asyncio.sleep(0.1)
            assert node.http("/readyz")[0] == 200
        for p in (*seats, spectator, local_watcher):
            await p.close()
    finally:
        redis.stop()
