"""The hub's requests, quotas, lobby and sweeping, frame in and messages out, with fake
members and a fake clock. Written from docs/mutation.md's survivors of hub.py."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from mancala_server.hub import Hub
from tests.server.fakes import FakeClock, FakeMember
from tests.server.room_setup import make_hub


@pytest.fixture
async def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def hub(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Hub]:
    h = make_hub(tmp_path, clock, rooms_per_client=2, rooms_per_address=3, computer_rooms_per_client=1,
                 computer_rooms_per_address=2, lobby_interval=0.25, idle_room_ttl=100.0, empty_room_ttl=50.0)
    yield h
    h.rules.close()


async def send(hub: Hub, member: FakeMember, **message: Any) -> Any:
    """Hand the hub one request; the last message the member got."""
    await hub.handle(member, json.dumps(message))  # type: ignore[arg-type]
    return member.got[-1]


async def test_a_ping_is_answered_with_its_id(hub: Hub) -> None:
    ann = FakeMember("ann")
    reply = await send(hub, ann, type="ping", id="p-1")
    assert reply.type == "pong" and reply.id == "p-1"


async def test_a_request_for_a_room_that_is_not_there_is_refused_by_name(hub: Hub) -> None:
    ann = FakeMember("ann")
    reply = await send(hub, ann, type="join_room", room="ZZZZZZ", id=4)
    assert (reply.type, reply.code, reply.id, reply.message) == ("error", "no_such_room", 4, "no room 'ZZZZZZ'")


async def test_an_unknown_variant_is_refused_for_a_room_and_for_quick_pairing(hub: Hub) -> None:
    ann = FakeMember("ann")
    for kind in ("create_room", "quick_pair"):
        reply = await send(hub, ann, type=kind, variant="no_such_game", id=1)
        assert (reply.code, reply.message) == ("unknown_variant", "no variant named 'no_such_game'")
    assert not hub.rooms


async def test_a_connection_may_hold_its_quota_of_open_rooms_and_no_more(hub: Hub) -> None:
    ann = FakeMember("ann")
    for _ in range(2):
        assert (await send(hub, ann, type="create_room", variant="kalah_4")).type == "room_state"
    reply = await send(hub, ann, type="create_room", variant="kalah_4", id=9)
    assert (reply.code, reply.id) == ("quota", 9)
    assert reply.message == ("this connection already has 2 open rooms (the limit is 2); "
                             "finish or leave one first")
    assert len(hub.rooms) == 2
