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


async def test_the_lobby_shows_every_nodes_rooms(cluster: Cluster, connect: Connect) -> None:
    a, b, c = cluster.urls()
    watcher = await connect(c, "lou")
    await watcher.subscribe_lobby()
    creator = await connect(a, "ann")
    granted = await creator.create_room("oware_abapa", public=True)
    while True:  # batched: other rooms' news may come first
        update = await watcher.next_event("lobby_update", timeout=5)
        if any(r.room == granted.room for r in update.changed()):
            break
    listed = await (await connect(b, "lee")).subscribe_lobby()
    assert granted.room in [r.room for r in listed]
    assert granted.room in [r["room"] for r in json.loads(cluster.nodes[1].http("/api/rooms")[1])]
    private = await creator.create_room("kalah_4", public=False)
    await asyncio.sleep(0.5)
    assert private.room not in [r.room for r in await (await connect(c, "liv")).subscribe_lobby()]


async def test_quick_pairing_pairs_clients_of_different_nodes(cluster: Cluster, connect: Connect) -> None:
    a, b, _ = cluster.urls()
    first = await connect(a, "ann")
    second = await connect(b, "bob")
    one = await first.quick_pair("kalah_6")
    two = await second.quick_pair("kalah_6")
    assert one.room == two.room and {one.seat, two.seat} == {0, 1}
    state = (await second.next_event("room_state")).state
    assert state.turn == 0 and (await first.next_event("room_state")).status == "waiting"
    joined = await first.next_event("player_status")
    assert (joined.seat, joined.status, joined.name) == (two.seat, "joined", "bob")
    third = await connect(b, "cy")
    assert (await third.quick_pair("kalah_6")).room != one.room  # a full room is not offered again


async def test_a_computer_opponent_plays_on_the_owner_node(cluster: Cluster, connect: Connect) -> None:
    a, b, _ = cluster.urls()
    human = await connect(b, "ann")
    granted = await human.create_room("kalah_4", seat=0, computer=1)
    assert (await human.next_event("room_state")).state.turn == 0
    watcher = await connect(a, "cy")  # the computer's moves reach another node's spectator
    await watcher.spectate(granted.room)
    await human.move(granted.room, 1, 0)  # kalah 4: hole 1 does not end in the store
    mine = await human.next_event("move_made", timeout=15)
    theirs = await human.next_event("move_made", timeout=15)
    assert (mine.ply, mine.seat, theirs.ply, theirs.seat) == (0, 0, 1, 1)
    seen = [await watcher.next_event("move_made", timeout=15) for _ in range(2)]
    assert [m.seat for m in seen] == [0, 1] and seen[1].state == theirs.state


async def test_every_node_serves_metrics_and_readiness(cluster: Cluster, connect: Connect) -> None:
    for node in cluster.nodes:
        assert node.http("/readyz") == (200, b"ready\n")
        status, body = node.http("/metrics")
        text = body.decode()
        assert status == 200
        for name in ("mancala_sockets", "mancala_rooms", "mancala_moves_total",
                     "mancala_move_fanout_seconds_bucket", "mancala_store_commit_seconds_bucket",
                     "mancala_search_queue", "mancala_node_info"):
            assert name in text, name
