"""What players see of rooms: the lobby's list, computer games, results in words."""

from __future__ import annotations

from tests.server.helpers import get_json


async def test_a_finished_room_leaves_the_lobby_at_once(server, connect) -> None:
    lurker, ann, bob = await connect("lurker"), await connect("ann"), await connect("bob")
    await lurker.subscribe_lobby()
    granted = await ann.create_room("kalah_4")
    await bob.join(granted.room)
    await bob.resign(granted.room)
    while True:
        update = await lurker.next_event("lobby_update", timeout=5)
        if update.removed == granted.room:
            break
    status, rooms = await get_json(server.port, "/api/rooms")
    assert rooms == []
    assert (await lurker.spectate(granted.room)).status == "finished"  # still reachable by code
    assert [r.room for r in await lurker.subscribe_lobby()] == []


async def test_computer_games_are_private_unless_asked(server, connect) -> None:
    ann = await connect("ann")
    await ann.request({"type": "create_room", "variant": "kalah_4", "computer": 0})
    quiet = await ann.next_event("room_state")
    await ann.request({"type": "create_room", "variant": "kalah_4", "computer": 0, "public": True})
    listed = await ann.next_event("room_state")
    await ann.request({"type": "create_room", "variant": "kalah_4"})
    person = await ann.next_event("room_state")
    assert (quiet.public, listed.public, person.public) == (False, True, True)
