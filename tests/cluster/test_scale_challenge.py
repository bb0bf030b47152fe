"""Challenges across nodes: the challenger on one node, the challenged player on another.
The challenge is told wherever the challenged player is connected; accepting on their
node makes the room there and seats the challenger on theirs (challenge_update with room,
seat and token, then room_state); both play in it. A decline, a withdrawal (the
challenger's last connection closing, on any node) and a challenge seen at a later
`identify` on a third node reach the other side; after Redis restarts empty, the nodes
note again where their players are."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mancala_client.api import MancalaClient, ServerError
from tests.cluster.conftest import Connect
from tests.cluster.services import Cluster, RedisServer


async def known(connect: Connect, url: str, name: str, fmt: str = "json") -> tuple[MancalaClient, object]:
    client = await connect(url, name, fmt=fmt)
    identity = await client.request({"type": "identify", "name": name})
    return client, identity


async def test_a_challenge_from_node_a_accepted_on_node_b_seats_both_in_one_room(
        cluster: Cluster, connect: Connect) -> None:
    a, b, _ = cluster.urls()
    ann, _ = await known(connect, a, "ann-x")
    bob, _ = await known(connect, b, "bob-x", fmt="msgpack")

    sent = await ann.request({"type": "challenge", "to": "BOB-X", "variant": "kalah_4",
                              "clock": {"base": 120, "increment": 1}, "rated": True})
    told = await bob.next_event("challenge")
    assert (told.challenge, told.by, told.to, told.variant, told.clock.base, told.rated) == \
        (sent.challenge, "ann-x", "bob-x", "kalah_4", 120, True)

    granted = await bob.request({"type": "answer_challenge", "challenge": sent.challenge, "accept": True})
    assert granted.type == "seat_granted"
    bob_state = await bob.next_event("room_state")
    update = await ann.next_event("challenge_update")
    assert (update.challenge, update.status, update.room) == (sent.challenge, "accepted", granted.room)
    assert update.seat == 1 - granted.seat and update.token
    ann_state = await ann.next_event("room_state")
    assert ann_state.room == granted.room and ann_state.you == update.seat
    assert ann_state.rated and ann_state.clock.base == 120  # (told as seated: before the accepter sits)
    assert (await ann.next_event("player_status")).name == "bob-x"
    assert bob_state.status == "playing" and bob_state.rated and bob_state.clock.base == 120
    assert {s.name for s in bob_state.seats} == {"ann-x", "bob-x"}

    # both play until the challenger has moved too: their move goes from node a to the room's node
    seats = {update.seat: ann, granted.seat: bob}
    state, ply, movers = bob_state.state, bob_state.ply, set()
    while update.seat not in movers or granted.seat not in movers:
        assert state.outcome is None
        movers.add(state.turn)
        await seats[state.turn].move(granted.room, state.legal[0], ply)
        made = [await who.next_event("move_made") for who in (ann, bob)]
        assert made[0].ply == made[1].ply == ply and made[0].state == made[1].state
        state, ply = made[0].state, ply + 1

    # the token the challenger got works from a third node too
    _, _, c = cluster.urls()
    again = await connect(c, "ann-x")
    back = await again.reconnect(granted.room, update.token)
    assert back.you == update.seat


async def test_a_decline_and_a_later_identify_on_a_third_node(cluster: Cluster, connect: Connect) -> None:
    a, b, c = cluster.urls()
    cy, cy_id = await known(connect, a, "cy-x")
    dee, dee_id = await known(connect, b, "dee-x")

    sent = await cy.request({"type": "challenge", "to": "dee-x", "variant": "oware_abapa"})
    assert (await dee.next_event("challenge")).challenge == sent.challenge
    await dee.request({"type": "answer_challenge", "challenge": sent.challenge, "accept": False})
    declined = await cy.next_event("challenge_update")
    assert (declined.challenge, declined.status) == (sent.challenge, "declined")

    # the challenged player identifies again on a third node: the open challenge is told there
    second = await cy.request({"type": "challenge", "to": "dee-x", "variant": "kalah_4"})
    assert (await dee.next_event("challenge")).challenge == second.challenge
    phone = await connect(c, "dee-x")
    await phone.request({"type": "identify", "player": dee_id.player, "secret": dee_id.secret})  # type: ignore[attr-defined]
    assert (await phone.next_event("challenge")).challenge == second.challenge

    # the challenger is connected on node c too: closing the socket on node a withdraws nothing
    laptop = await connect(c, "cy-x")
    await laptop.request({"type": "identify", "player": cy_id.player, "secret": cy_id.secret})  # type: ignore[attr-defined]
    await cy.close()
    with pytest.raises(TimeoutError):
        await dee.next_event("challenge_update", timeout=1.5)
    # ... the last one, on node c, does: both of the challenged player's sockets hear it
    await laptop.close()
    for who in (dee, phone):
        withdrawn = await who.next_event("challenge_update")
        assert (withdrawn.challenge, withdrawn.status) == (second.challenge, "withdrawn")


async def test_the_last_connection_of_the_challenger_closing_withdraws_across_nodes(
        cluster: Cluster, connect: Connect) -> None:
    a, b, _ = cluster.urls()
    eve, _ = await known(connect, a, "eve-x")
    fay, _ = await known(connect, b, "fay-x")
    sent = await eve.request({"type": "challenge", "to": "fay-x", "variant": "kalah_4"})
    assert (await fay.next_event("challenge")).challenge == sent.challenge
    await eve.close()
    withdrawn = await fay.next_event("challenge_update")
    assert (withdrawn.challenge, withdrawn.status) == (sent.challenge, "withdrawn")
    with pytest.raises(ServerError) as refused:
        await fay.request({"type": "challenge", "to": "eve-x", "variant": "kalah_4"})
    assert refused.value.code == "no_such_player"  # known, but connected to no node
    with pytest.raises(ServerError) as nobody:
        await fay.request({"type": "challenge", "to": "nobody-x", "variant": "kalah_4"})
    assert nobody.value.code == "no_such_player"


async def test_after_a_redis_restart_the_nodes_say_again_where_their_players_are(
        new_cluster: Callable[..., Cluster], connect: Connect, tmp_path: Path) -> None:
    redis = RedisServer(tmp_path / "own-redis")  # restarting the shared one would disturb other tests
    try:
        a, b, _ = new_cluster(redis=redis).urls()
        gil, _ = await known(connect, a, "gil")
        hal, _ = await known(connect, b, "hal")
        redis.restart()  # empty: every player's entry is gone
        # until node b has noted hal again (with its lease, once it hears its channel again:
        # a challenge that finds hal must reach him, never be published to nobody)
        deadline = time.monotonic() + 30
        while True:
            try:
                sent = await gil.request({"type": "challenge", "to": "hal", "variant": "kalah_4"})
                break
            except ServerError as exc:
                assert exc.code in ("no_such_player", "internal_error", "try_again")
                assert time.monotonic() < deadline, "hal was not found again after the Redis restart"
                await asyncio.sleep(0.1)
        assert (await hal.next_event("challenge")).challenge == sent.challenge
    finally:
        redis.stop()
