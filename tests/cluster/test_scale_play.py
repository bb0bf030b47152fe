"""Three nodes on one Redis and one PostgreSQL: clients on different nodes play, watch,
pair and see one lobby, as they would on one server."""

from __future__ import annotations

import asyncio
import json
import random

from tests.cluster.conftest import Connect
from tests.cluster.services import Cluster
from tests.server.helpers import engine, play_moves, replay, state_dict


async def test_players_on_two_nodes_and_a_spectator_on_a_third_play_to_the_end(cluster: Cluster,
                                                                                 connect: Connect) -> None:
    a, b, c = cluster.urls()
    south = await connect(a, "ann")
    north = await connect(b, "bob", fmt="msgpack")
    granted = await south.create_room("kalah_4", seat=0)
    await south.next_event("room_state")
    joined = await north.join(granted.room)
    assert joined.seat == 1
    state = (await north.next_event("room_state")).state
    watcher = await connect(c, "cy")
    seen = await watcher.spectate(granted.room)
    assert seen.you is None and seen.status == "playing"
    state = await play_moves(granted.room, [south, north], state, rng=random.Random(3), count=500,
                             watchers=(watcher,))
    assert state.outcome is not None
    over = await watcher.next_event("game_over")
    stored = json.loads(cluster.nodes[2].http(f"/api/games/{over.game_id}")[1])
    assert stored["outcome"] == over.outcome
    assert state_dict(state) == replay(engine("kalah_4"), stored["moves"])
