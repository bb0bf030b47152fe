"""Making rooms through the hub: the options a room is made with (seat, starter, privacy,
clock, settings, a custom definition, the computer) and the quotas of open rooms per
connection and per address.

Fake members and a fake clock (tests/server/fakes.py); the `hub` and `clock` fixtures are
in tests/server/conftest.py. Written from docs/mutation.md's survivors of hub.py."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from mancala.rules.loading import configs_dir
from mancala_server.hub import CODE_ALPHABET, Hub
from tests.server.fakes import FakeClock, FakeMember
from tests.server.hub_rules_helpers import create, identified, send
from tests.server.room_setup import make_hub


async def test_a_connection_may_hold_its_quota_of_open_rooms_and_no_more(hub: Hub) -> None:
    ann = FakeMember("ann")
    for _ in range(2):
        assert (await send(hub, ann, type="create_room", variant="kalah_4")).type == "room_state"
    reply = await send(hub, ann, type="create_room", variant="kalah_4", id=9)
    assert (reply.code, reply.id) == ("quota", 9)
    assert reply.message == ("this connection already has 2 open rooms (the limit is 2); "
                             "finish or leave one first")
    assert len(hub.rooms) == 2


async def test_a_rated_room_is_refused_to_a_guest_and_none_is_left_behind(hub: Hub) -> None:
    reply = await send(hub, FakeMember("ann"), type="create_room", variant="oware_abapa", rated=True)
    assert reply.code == "not_identified" and not hub.rooms


async def test_the_starter_is_the_one_asked_for_or_drawn_from_the_two_seats(tmp_path: Path) -> None:
    hub = make_hub(tmp_path, FakeClock(), rooms_per_client=50, rooms_per_address=50)
    ann = FakeMember("ann")
    try:
        for _ in range(4):
            code = await create(hub, ann, starter=1)
            assert hub.rooms[code].starter == 1 and hub.rooms[code].position.turn == 1
        drawn = {hub.rooms[await create(hub, ann, starter="random")].starter for _ in range(12)}
        assert drawn <= {0, 1} and not ann.of_type("error")
    finally:
        hub.rules.close()


async def test_a_game_against_the_computer_is_private_unless_asked_and_has_its_own_quota(hub: Hub) -> None:
    ann, bob = FakeMember("ann", address="10.0.0.1"), FakeMember("bob", address="10.0.0.2")
    private = await create(hub, ann, computer=1)
    assert not hub.rooms[private].public and hub.rooms[private].seats[1].computer
    reply = await send(hub, ann, type="create_room", variant="oware_abapa", computer=2)
    assert reply.code == "quota" and reply.message.startswith(
        "this connection (computer opponents) already has 1 open rooms (the limit is 1)")
    assert (await send(hub, ann, type="create_room", variant="oware_abapa")).type == "room_state"
    listed = await create(hub, bob, computer=1, public=True, seat=1)
    assert hub.rooms[listed].public and hub.rooms[listed].seats[0].computer


async def test_an_address_may_hold_its_quota_of_computer_rooms_and_is_told_which(hub: Hub) -> None:
    """computer_rooms_per_address 2: a third connection of the address is refused by the
    address's computer limit, in its own words, while its room quota still has room."""
    for name in ("ann", "bob"):
        await create(hub, FakeMember(name, address="10.4.0.1"), computer=1)
    reply = await send(hub, FakeMember("cy", address="10.4.0.1"), type="create_room", variant="oware_abapa",
                       computer=1)
    assert (reply.code, reply.message) == ("quota", "your address (computer opponents) already has 2 open "
                                                    "rooms (the limit is 2); finish or leave one first")
    assert len(hub.rooms) == 2


async def test_an_address_may_hold_its_quota_of_rooms_over_several_connections(hub: Hub) -> None:
    for name in ("ann", "bob"):
        member = FakeMember(name)
        for _ in range(2 if name == "ann" else 1):
            await create(hub, member)
    reply = await send(hub, FakeMember("cy"), type="create_room", variant="oware_abapa")
    assert reply.code == "quota" and reply.message.startswith("your address already has 3 open rooms")


async def test_a_room_made_with_settings_plays_the_settled_variant(hub: Hub) -> None:
    ann = FakeMember("ann")
    await send(hub, ann, type="create_room", variant="oware", settings={"mustpass": True})
    code = str(ann.of_type("seat_granted")[-1].room)
    room = hub.rooms[code]
    assert room.rules is None  # a built-in file's rules (settled or not) play in the server
    assert re.fullmatch(r"oware__s[0-9a-f]{10}", room.variant_name), room.variant_name
    assert room.variant_json["settings"] == {"mustpass": True}


# a definition of one's own that offers the settings Oware's file does
_OWARE = json.loads((configs_dir() / "oware.json").read_text())
OWN = {**_OWARE, "game_info": {**_OWARE["game_info"], "name": "My Oware"}}


async def test_a_custom_room_is_started_in_the_rules_workers_with_its_settings(tmp_path: Path) -> None:
    clock = FakeClock()
    hub = make_hub(tmp_path, clock, rules_time_limit=30.0)  # real worker processes, a loaded box
    try:
        ann = FakeMember("ann")
        await send(hub, ann, type="create_room", variant=OWN, settings={"mustpass": True})
        granted = ann.of_type("seat_granted")
        assert granted, ann.got[-1]
        room = hub.rooms[str(granted[-1].room)]
        assert room.variant_name == "custom" and room.rules is not None
        assert room.variant_json == {**OWN, "settings": {"mustpass": True}}
        assert room.variant.game_info.mustpass and list(room.position.board) == [4] * 12
        assert ann.created == {room.code}
    finally:
        hub.rules.close()


async def test_a_room_made_with_a_clock_is_timed_and_its_making_is_logged(
        hub: Hub, caplog: pytest.LogCaptureFixture) -> None:
    ann = FakeMember("ann")
    with caplog.at_level("INFO", logger="mancala_server"):
        code = await create(hub, ann, clock={"base": 120, "increment": 1, "days": 0}, public=False)
    room = hub.rooms[code]
    assert room.match.control is not None and (room.match.control.base, room.match.control.increment) == (120, 1)
    assert f"room {code}: created by {ann.peer} (oware_abapa, private)" in caplog.messages
    with caplog.at_level("INFO", logger="mancala_server"):
        listed = await create(hub, ann, public=True)
    assert f"room {listed}: created by {ann.peer} (oware_abapa, public)" in caplog.messages


async def test_a_private_rooms_code_is_twelve_characters_a_listed_ones_six(hub: Hub) -> None:
    """A private room is found by its link only: its code is 60 bits, not to be guessed."""
    ann = FakeMember("ann")
    private = await create(hub, ann, public=False)
    listed = await create(hub, ann, public=True)
    assert len(private) == 12 and len(listed) == 6
    assert set(private + listed) <= set(CODE_ALPHABET)


async def test_the_quotas_count_only_ones_own_open_rooms_and_computer_rooms_as_such(hub: Hub) -> None:
    """rooms_per_client 2, rooms_per_address 3, computer rooms 1 a connection, 2 an address."""
    ann = FakeMember("ann")
    others = [FakeMember(f"x{i}", address=f"10.9.0.{i}") for i in range(4)]
    for other in others:  # rooms of other addresses count against nobody here
        await create(hub, other)
    first = await create(hub, ann)
    await create(hub, ann)
    reply = await send(hub, ann, type="create_room", variant="oware_abapa", computer=1)
    assert (reply.type, reply.code) == ("error", "quota")  # the connection's 2 rooms, computer or not
    assert reply.message.startswith("this connection already has 2 open rooms")
    bea = FakeMember("bea")  # ann's address: 2 of its 3 rooms, none of them against the computer
    state = await send(hub, bea, type="create_room", variant="oware_abapa", computer=1)
    assert state.type == "room_state", state
    hub.close_room(hub.rooms[first], "test")  # a room closed no longer counts, and is not looked up
    assert (await send(hub, ann, type="create_room", variant="oware_abapa", computer=1)).type == "room_state"
    cy = FakeMember("cy")  # the address's 3 rooms are open now
    reply = await send(hub, cy, type="create_room", variant="oware_abapa", computer=1)
    assert (reply.type, reply.code) == ("error", "quota")


async def test_settings_a_variant_cannot_take_are_refused_by_name(hub: Hub) -> None:
    reply = await send(hub, FakeMember("ann"), type="create_room", variant="oware",
                       settings={"mustpass": "often"}, id=9)
    assert (reply.type, reply.code, reply.id) == ("error", "invalid_setting", 9)
    assert reply.params == ["mustpass"] and "mustpass" in reply.message and reply.rules
    assert not hub.rooms


async def test_a_rated_room_against_the_computer_of_a_decisive_variant_is_refused(hub: Hub) -> None:
    """The computer never swaps, so the swap rule cannot make Jackman's first move fair
    against it: refused by name; against a person the same terms get the swap rule."""
    ann = await identified(hub, "Ann")
    reply = await send(hub, ann, type="create_room", variant="multilap_jackman", rated=True, computer=1, id=5)
    assert (reply.code, reply.id) == ("not_rated_here", 5)
    assert reply.message.startswith("multilap_jackman is not rated against the computer: its first move decides")
    assert not hub.rooms
    code = await create(hub, ann, variant="multilap_jackman", rated=True)
    assert hub.rooms[code].match.rated and hub.rooms[code].match.pie


async def test_the_creator_sits_in_the_seat_asked_for(hub: Hub) -> None:
    ann = FakeMember("ann")
    code = await create(hub, ann, seat=1)
    assert ann.of_type("seat_granted")[-1].seat == 1
    assert hub.rooms[code].seats[1].taken and not hub.rooms[code].seats[0].taken


async def test_a_custom_variant_whose_start_overruns_the_rules_limit_is_refused_as_such(tmp_path: Path) -> None:
    """The worker counts its own time: with a limit no start can meet, the refusal is the
    rules' timeout, said as such, and no room is left behind."""
    hub = make_hub(tmp_path, FakeClock(), rules_time_limit=1e-9)
    try:
        reply = await send(hub, FakeMember("ann"), type="create_room", variant=OWN, id=7)
        assert (reply.code, reply.id) == ("rules_timeout", 7)
        assert reply.message == "starting a game of this variant: the rules took over 1e-09 s"
        assert not hub.rooms
    finally:
        hub.rules.close()


async def test_two_custom_rooms_asked_at_once_at_the_quota_edge_make_one(tmp_path: Path) -> None:
    """A custom start waits for the rules workers, and the quota is checked again after
    it: of two such requests sent together by a connection one room short of its quota
    (2), one room is made and the other is refused, whichever answer comes first."""
    hub = make_hub(tmp_path, FakeClock(), rooms_per_client=2, rules_time_limit=30.0)
    try:
        ann = FakeMember("ann")
        await create(hub, ann)
        await asyncio.gather(*(hub.handle(ann, json.dumps({"type": "create_room", "variant": OWN, "id": n}))
                               for n in (1, 2)))  # type: ignore[arg-type]
        refused = ann.of_type("error")
        assert [e.code for e in refused] == ["quota"] and len(hub.rooms) == 2
        assert refused[0].message.startswith("this connection already has 2 open rooms")
    finally:
        hub.rules.close()


async def test_a_room_takes_the_servers_first_move_limit_and_count_interval(tmp_path: Path) -> None:
    hub = make_hub(tmp_path, FakeClock(), first_move_timeout=77.0, lobby_interval=0.75)
    try:
        room = hub.rooms[await create(hub, FakeMember("ann"))]
        assert (room.first_move_timeout, room.count_interval) == (77.0, 0.75)
    finally:
        hub.rules.close()
