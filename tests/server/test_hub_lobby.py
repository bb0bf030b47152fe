"""The lobby (what its subscribers are told, and what they are not) and quick pairing (the
listed room it makes on its terms, and who is seated in it).

Fake members and a fake clock (tests/server/fakes.py); the `hub` and `clock` fixtures are
in tests/server/conftest.py. Written from docs/mutation.md's survivors of hub.py."""

from __future__ import annotations

import re

from mancala_server.hub import Hub
from tests.server.fakes import FakeClock, FakeMember
from tests.server.hub_rules_helpers import create, identified, send


async def test_the_lobby_lists_open_public_rooms_and_batches_their_changes(hub: Hub, clock: FakeClock) -> None:
    ann, bob, lobby = FakeMember("ann"), FakeMember("bob"), FakeMember("lobby")
    listed = await create(hub, ann)
    await create(hub, ann, public=False)
    first = await send(hub, lobby, type="subscribe_lobby", id=1)
    assert first.type == "lobby" and first.id == 1 and [r.room for r in first.rooms] == [listed]
    other = await create(hub, bob)
    await send(hub, bob, type="join_room", room=listed)
    assert not lobby.of_type("lobby_update")  # held until the interval ends
    clock.advance(0.25)
    updates = lobby.of_type("lobby_update")
    assert len(updates) == 1 and {r.room for r in updates[0].rooms} == {listed, other}
    await send(hub, bob, type="resign", room=listed)
    clock.advance(0.25)
    assert lobby.of_type("lobby_update")[-1].removed == listed
    assert [r.room for r in hub.public_rooms()] == [other]
    await send(hub, ann, type="spectate", room=other)
    clock.advance(0.25)
    single = lobby.of_type("lobby_update")[-1]
    assert single.room is not None and single.room.room == other and single.rooms is None
    reply = await send(hub, lobby, type="unsubscribe_lobby", id=9)
    assert (reply.type, reply.id) == ("ack", 9)
    await send(hub, ann, type="leave", room=other)
    clock.advance(0.25)
    assert lobby.got[-1] is reply  # no longer subscribed: nothing more


async def test_quick_pairing_makes_a_listed_room_on_its_terms_and_seats_the_next_pairer_in_it(
        hub: Hub) -> None:
    ann, bob = FakeMember("ann"), FakeMember("bob", address="10.0.0.2")
    clock = {"base": 300, "increment": 2, "days": 0}
    state = await send(hub, ann, type="quick_pair", variant="oware_abapa", clock=clock, id=1)
    code = state.room
    room = hub.rooms[code]
    assert len(code) == 6 and room.public and room.quick and room.creator == "10.0.0.1"
    assert ann.created == {code} and room.starter == 0 and room.position.turn == 0
    assert room.match.control is not None and room.match.control.base == 300 and not room.match.rated
    again = await send(hub, ann, type="quick_pair", variant="oware_abapa", clock=clock)  # not with herself
    assert again.room != code and len(hub.rooms) == 2
    del hub.rooms[again.room]
    joined = await send(hub, bob, type="quick_pair", variant="oware_abapa", clock=clock, id=2)
    assert (joined.room, joined.you) == (code, 1) and set(hub.rooms) == {code} and bob.created == set()


async def test_quick_pairing_never_seats_anyone_in_a_room_made_to_be_joined_by_choice(hub: Hub) -> None:
    """A room someone made and listed waits for whoever picks it in the lobby, on its own
    terms: only a quick pairing's own offer is taken by the next pairer."""
    cy = FakeMember("cy", address="10.0.0.3")
    listed = await create(hub, cy, public=True)
    assert not hub.rooms[listed].quick
    bob = FakeMember("bob", address="10.0.0.2")
    state = await send(hub, bob, type="quick_pair", variant="oware_abapa")
    assert state.room != listed and hub.rooms[state.room].quick
    assert hub.rooms[listed].seats[1].name is None


async def test_a_rated_quick_pairing_of_a_decisive_variant_gets_the_swap_rule_and_needs_an_identity(
        hub: Hub) -> None:
    reply = await send(hub, FakeMember("guest"), type="quick_pair", variant="multilap_jackman", rated=True)
    assert reply.code == "not_identified" and not hub.rooms
    ann = await identified(hub, "Ann")
    state = await send(hub, ann, type="quick_pair", variant="multilap_jackman", rated=True)
    assert state.type == "room_state", state
    assert hub.rooms[state.room].match.rated and hub.rooms[state.room].match.pie


async def test_quick_pairing_counts_against_the_room_quota_not_the_computer_one(hub: Hub) -> None:
    ann = FakeMember("ann")
    await create(hub, ann, computer=1)  # the connection's one computer room (its limit)
    state = await send(hub, ann, type="quick_pair", variant="oware_abapa")
    assert state.type == "room_state" and len(ann.created) == 2
    reply = await send(hub, ann, type="quick_pair", variant="kalah_4")
    assert reply.code == "quota"


async def test_leaving_the_lobby_is_remembered_on_the_connection(hub: Hub) -> None:
    ann = FakeMember("ann")
    await send(hub, ann, type="subscribe_lobby")
    assert ann.lobby is True  # type: ignore[attr-defined]
    await send(hub, ann, type="unsubscribe_lobby")
    assert ann.lobby is False  # type: ignore[attr-defined]


async def test_quick_pairing_with_settings_pairs_only_the_same_settled_variant(hub: Hub) -> None:
    ann, bob = FakeMember("ann"), FakeMember("bob", address="10.0.0.2")
    cy = FakeMember("cy", address="10.0.0.3")
    first = await send(hub, ann, type="quick_pair", variant="oware",
                       settings={"capt_on": [2, 3, 4], "mustpass": True})
    assert re.fullmatch(r"oware__s[0-9a-f]{10}", first.variant), first.variant
    plain = await send(hub, bob, type="quick_pair", variant="oware")  # the file's rules: another queue
    assert plain.room != first.room and plain.variant == "oware"
    same = await send(hub, cy, type="quick_pair", variant="oware",
                      settings={"mustpass": True, "capt_on": [4, 3, 2]})  # the same, in another order
    assert (same.room, same.you, same.variant) == (first.room, 1, first.variant)


async def test_a_lobby_subscriber_who_disconnects_is_no_longer_told(hub: Hub) -> None:
    ann = FakeMember("ann")
    await send(hub, ann, type="subscribe_lobby")
    assert ann in hub.lobby_clients  # type: ignore[comparison-overlap]
    hub.disconnected(ann)  # type: ignore[arg-type]
    assert ann not in hub.lobby_clients  # type: ignore[comparison-overlap]


async def test_a_private_rooms_changes_never_reach_the_lobby(hub: Hub, clock: FakeClock) -> None:
    """A private room is found by its link only: its seats filling, its game going on and
    ending are nobody else's business (the lobby's subscribers included)."""
    ann, bob, lobby = FakeMember("ann"), FakeMember("bob"), FakeMember("lobby")
    await send(hub, lobby, type="subscribe_lobby")
    private = await create(hub, ann, public=False, seat=0, starter=0)
    await send(hub, bob, type="join_room", room=private)
    await send(hub, ann, type="move", room=private, move=2, ply=0)
    await send(hub, bob, type="resign", room=private)
    clock.advance(1)
    told = [u for u in lobby.of_type("lobby_update")
            if u.removed == private or (u.room is not None and u.room.room == private)
            or any(r.room == private for r in u.rooms or [])]
    assert told == [] and hub.public_rooms() == []
