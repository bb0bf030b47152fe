"""Competitive play across nodes: known players on two nodes play a timed, rated game in a
room that lives on one of them; chat, a draw offer and its answer from the other node are
forwarded to the room's owner and their pushes come back; ratings and chat are in
PostgreSQL, readable from a third node."""

from __future__ import annotations

import json

from tests.cluster.conftest import Connect
from tests.cluster.services import Cluster


async def test_a_rated_timed_game_with_chat_and_a_draw_across_nodes(cluster: Cluster, connect: Connect) -> None:
    a, b, c = cluster.urls()
    ann = await connect(a, "ann")
    bob = await connect(b, "bob", fmt="msgpack")
    assert (await ann.request({"type": "identify", "name": "ann"})).secret
    assert (await bob.request({"type": "identify", "name": "bob"})).secret
    granted = await ann.create_room("oware_abapa", seat=0, clock={"base": 300, "increment": 2}, rated=True)
    await ann.next_event("room_state")
    await bob.join(granted.room)  # forwarded to node a, the room's owner
    state = await bob.next_event("room_state")
    assert state.rated and state.clock.base == 300
    assert state.clocks.running is None and state.clocks.first_move_ms  # no clock before both have moved
    watcher = await connect(c, "cy")
    await watcher.spectate(granted.room)

    await bob.request({"type": "chat", "room": granted.room, "text": "hi from node b"})
    for who in (ann, bob, watcher):
        line = await who.next_event("chat_message")
        assert (line.name, line.channel, line.text) == ("bob", "players", "hi from node b")
    await watcher.request({"type": "chat", "room": granted.room, "text": "psst ann"})
    assert (await watcher.next_event("chat_message")).text == "psst ann"
    for who in (ann, bob):  # a room request's reply comes after every push the room made before it
        await who.request({"type": "mute", "room": granted.room, "name": "nobody"})
        heard = []
        while not who.events.empty():
            heard.append(who.events.get_nowait())
        assert [e for e in heard if e.type == "chat_message"] == []  # players do not hear spectators

    for who, move, ply in ((ann, 2, 0), (bob, 8, 1), (ann, 3, 2)):  # the clocks run from the third move
        await who.move(granted.room, move, ply)
        made = await bob.next_event("move_made")
        assert made.ply == ply
    assert made.clocks.running == 1 and made.clocks.remaining[0] <= 302_000
    await bob.move(granted.room, 9, 3)  # two moves each: the game is rated
    await bob.request({"type": "offer_draw", "room": granted.room})
    offer = await ann.next_event("offer")
    assert (offer.kind, offer.seat, offer.status) == ("draw", 1, "offered")
    await ann.request({"type": "answer_draw", "room": granted.room, "accept": True})
    over = await bob.next_event("game_over")
    assert over.reason == "agreement"
    changed = await bob.next_event("ratings_changed")
    assert [ch.name for ch in changed.changes] == ["ann", "bob"]

    board = json.loads(cluster.nodes[2].http("/api/leaderboard/oware_abapa")[1])
    assert sorted(p["name"] for p in board["players"]) == ["ann", "bob"]
    chat = json.loads(cluster.nodes[1].http(f"/api/games/{over.game_id}/chat")[1])["chat"]
    assert [(r["name"], r["channel"]) for r in chat] == [("bob", "players"), ("cy", "spectators")]


async def test_quick_pairing_across_nodes_keeps_to_the_terms(cluster: Cluster, connect: Connect) -> None:
    """A quick pairer on any node meets only a waiting room of the same variant, time
    control and rated or casual; a room that does not fit stays open for the next one."""
    a, b, c = cluster.urls()
    casual = await connect(a, "cas")
    first = await casual.quick_pair("kalah_5")
    rated = await connect(b, "rae")
    await rated.request({"type": "identify", "name": "rae"})
    second = await rated.quick_pair("kalah_5", rated=True)
    assert second.room != first.room  # rated never meets casual
    timed = await connect(c, "tim")
    third = await timed.quick_pair("kalah_5", clock={"base": 60, "increment": 0})
    assert third.room not in (first.room, second.room)  # nor untimed a timed one
    other = await connect(c, "oli")  # casual, untimed: the first room, still open after the others looked
    assert (await other.quick_pair("kalah_5")).room == first.room
    peer = await connect(a, "pia")
    await peer.request({"type": "identify", "name": "pia"})
    assert (await peer.quick_pair("kalah_5", rated=True)).room == second.room
    clocked = await connect(b, "cle")
    assert (await clocked.quick_pair("kalah_5", clock={"base": 60, "increment": 0})).room == third.room
