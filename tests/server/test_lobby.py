"""The lobby: public rooms are pushed to subscribers, private ones never are."""

from __future__ import annotations

from tests.server.fakes import FakeClock
from tests.server.helpers import get_json, pushed_so_far


async def updates_until(client, room: str) -> list:
    """lobby_update messages up to and including the first about `room`."""
    seen = []
    while True:
        update = await client.next_event("lobby_update", timeout=5)
        seen.append(update)
        if any(r.room == room for r in update.changed()):
            return seen


async def test_public_rooms_are_pushed_and_private_ones_are_not(connect, server):
    watcher = await connect("lurker")
    assert await watcher.subscribe_lobby() == []
    host = await connect("ann")

    secret = await host.create_room("kalah_4", public=False)
    public = await host.create_room("oware_abapa")
    seen = await updates_until(watcher, public.room)
    assert all(r.room != secret.room for u in seen for r in u.changed())
    summary = next(r for r in seen[-1].changed() if r.room == public.room)
    assert summary.public and summary.variant == "oware_abapa" and summary.status == "waiting"
    assert summary.seats[0].name == "ann" and summary.seats[1].name is None

    # the second player's arrival is pushed too
    guest = await connect("bob")
    await guest.join(public.room)
    playing = next(r for r in (await updates_until(watcher, public.room))[-1].changed()
                   if r.room == public.room)
    assert playing.status == "playing" and playing.seats[1].name == "bob"

    # a new subscriber gets the public rooms only; so does the HTTP list
    late = await connect("late")
    assert [r.room for r in await late.subscribe_lobby()] == [public.room]
    status, rooms = await get_json(server.port, "/api/rooms")
    assert status == 200 and [r["room"] for r in rooms] == [public.room]

    # joining the private room by code is never pushed either
    await guest.join(secret.room)
    await guest.leave(secret.room)
    other = await host.create_room("kalah_4")
    seen = await updates_until(watcher, other.room)
    assert all(r.room != secret.room for u in seen for r in u.changed())


async def test_unsubscribe_stops_updates(start_server, connect):
    clock = FakeClock()
    server = await start_server(clock=clock)
    url = f"ws://127.0.0.1:{server.port}/ws"
    watcher = await connect("lurker", to=url)
    listener = await connect("lee", to=url)  # still subscribed: the update does go out
    await watcher.subscribe_lobby()
    await listener.subscribe_lobby()
    assert (await watcher.request({"type": "unsubscribe_lobby"})).type == "ack"
    host = await connect("ann", to=url)
    granted = await host.create_room("kalah_4")
    clock.advance(server.settings.lobby_interval)
    await updates_until(listener, granted.room)
    assert not await pushed_so_far(watcher)


async def test_empty_rooms_are_removed_from_the_lobby(start_server, connect):
    server = await start_server(empty_room_ttl=0.2)
    url = f"ws://127.0.0.1:{server.port}/ws"
    watcher = await connect("lurker", to=url)
    await watcher.subscribe_lobby()
    host = await connect("ann", to=url)
    granted = await host.create_room("kalah_4")
    await updates_until(watcher, granted.room)
    await host.close()
    while True:
        update = await watcher.next_event("lobby_update", timeout=5)
        if update.removed == granted.room:
            break
    assert granted.room not in server.hub.rooms
