"""The hub's upkeep: sweeping idle and empty rooms, closing rooms and saying why, the
sender watch, readiness and the operator's metrics.

Fake members and a fake clock (tests/server/fakes.py); the `hub` and `clock` fixtures are
in tests/server/conftest.py. Written from docs/mutation.md's survivors of hub.py."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from mancala_server.hub import Hub
from tests.server.fakes import FakeClock, FakeMember
from tests.server.hub_rules_helpers import create, first_move_played, send, until
from tests.server.room_setup import make_hub


async def a_room_left_empty(tmp_path: Path, clock: FakeClock, **settings: Any) -> tuple[Hub, str]:
    """A hub with these settings and a room its maker made and then disconnected from."""
    hub = make_hub(tmp_path, clock, **settings)
    ann = FakeMember("ann")
    code = await create(hub, ann)
    hub.disconnected(ann)  # type: ignore[arg-type]
    return hub, code


async def test_the_sweeping_loop_closes_a_room_left_empty(tmp_path: Path) -> None:
    clock = FakeClock()
    hub, code = await a_room_left_empty(tmp_path, clock, empty_room_ttl=1.0, idle_room_ttl=1.0)
    clock.advance(2)
    task = asyncio.create_task(hub.sweep())
    try:
        await until(lambda: code not in hub.rooms or task.done())
        assert not task.done() and code not in hub.rooms  # closed, and the loop goes on
    finally:
        task.cancel()
        hub.rules.close()


class StuckMember(FakeMember):
    """A connection the hub keeps asking whether its socket is stuck."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.asked: list[float] = []

    def drop_if_stuck(self, now: float) -> bool:
        self.asked.append(now)
        return False


async def test_the_sender_watch_asks_every_connection_whether_it_is_stuck(tmp_path: Path) -> None:
    hub = make_hub(tmp_path, FakeClock(), send_timeout=0.2)
    ann, bob = StuckMember("ann"), StuckMember("bob")
    hub.connected(ann)  # type: ignore[arg-type]
    hub.connected(bob)  # type: ignore[arg-type]
    task = asyncio.create_task(hub.watch_senders())
    try:
        await until(lambda: len(ann.asked) >= 2 and bob.asked or task.done())
        assert not task.done() and ann.asked == sorted(ann.asked) and ann.asked[1] > ann.asked[0]
    finally:
        task.cancel()
        hub.rules.close()


async def test_closing_an_idle_room_tells_its_people_and_the_lobby_and_it_is_not_restored(
        tmp_path: Path) -> None:
    clock = FakeClock()
    hub = make_hub(tmp_path, clock, idle_room_ttl=100.0, empty_room_ttl=50.0, lobby_interval=0.25)
    ann, cy, lobby = FakeMember("ann"), FakeMember("cy"), FakeMember("lobby")
    code = await create(hub, ann)
    await send(hub, cy, type="spectate", room=code)
    await send(hub, lobby, type="subscribe_lobby")
    await send(hub, cy, type="leave", room=code)
    await send(hub, cy, type="spectate", room=code)  # a change waiting to be pushed
    clock.advance(100.1)
    hub.sweep_once()
    closed = cy.of_type("room_closed")
    assert [(c.room, c.reason) for c in closed] == [(code, "closed after 100 s without a move")]
    assert cy.watching == set() and ann.seats == {} and code not in hub.rooms
    assert lobby.got[-1].type == "lobby_update" and lobby.got[-1].removed == code
    clock.advance(1)
    assert lobby.got[-1].removed == code  # the change held back is dropped with the room
    await hub.stop()  # as a server stops: the closed room's status committed
    hub.rules.close()
    assert await make_hub(tmp_path, clock).restore() == 0


async def test_a_room_empty_too_long_is_closed_only_when_it_is_waiting_or_over(tmp_path: Path) -> None:
    clock = FakeClock()
    hub = make_hub(tmp_path, clock, idle_room_ttl=1000.0, empty_room_ttl=50.0)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    waiting = await create(hub, ann)
    playing = await create(hub, bob)
    await send(hub, ann, type="join_room", room=playing)
    for member in (ann, bob):
        hub.disconnected(member)  # type: ignore[arg-type]
    clock.advance(50)
    hub.sweep_once()
    assert {waiting, playing} <= set(hub.rooms)  # not past the limit yet
    clock.advance(0.5)
    hub.sweep_once()
    assert waiting not in hub.rooms and playing in hub.rooms  # a game on: its players may come back
    hub.rules.close()


async def test_a_single_server_is_always_ready(hub: Hub) -> None:
    assert hub.unready() == ""


async def test_a_room_whose_write_fails_is_closed_and_its_people_are_told(hub: Hub) -> None:
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0, starter=0)
    await send(hub, bob, type="join_room", room=code)
    other = await create(hub, bob)
    hub.storage.store.db.close()  # type: ignore[attr-defined]  # as a disk gone: every write fails
    await send(hub, ann, type="move", room=code, move=2, ply=0)
    closed = bob.of_type("room_closed")
    assert [(c.room, c.reason) for c in closed] == [(code, "this server could not store its game")]
    assert code not in hub.rooms and other in hub.rooms


async def test_a_room_its_maker_left_before_anyone_came_is_closed_and_frees_the_quota(hub: Hub) -> None:
    ann, cy, lobby = FakeMember("ann"), FakeMember("cy"), FakeMember("lobby")
    await send(hub, lobby, type="subscribe_lobby")
    alone = await create(hub, ann)
    watched = await create(hub, ann)
    await send(hub, cy, type="spectate", room=watched)
    assert (await send(hub, ann, type="leave", room=alone)).type == "ack"
    assert alone not in hub.rooms and lobby.of_type("lobby_update")[-1].removed == alone
    await send(hub, ann, type="leave", room=watched)
    assert watched in hub.rooms  # someone is still there
    code = await create(hub, ann)  # the quota has room again (2 a connection)
    bob = FakeMember("bob")
    await send(hub, bob, type="join_room", room=code)
    await send(hub, bob, type="leave", room=code)
    await send(hub, ann, type="leave", room=code)
    assert code in hub.rooms  # a game on, though nobody moved: its grace periods decide


async def test_a_room_closed_for_being_empty_says_so_and_is_stored_closed(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    hub, code = await a_room_left_empty(tmp_path, clock, idle_room_ttl=1000.0, empty_room_ttl=50.0)
    clock.advance(51)
    with caplog.at_level("INFO", logger="mancala_server"):
        hub.sweep_once()
    assert code not in hub.rooms and code not in hub.journals  # its journal retired too
    assert f"room {code}: closed after 51 s empty" in caplog.messages
    await hub.stop()
    hub.rules.close()
    row = await hub.storage.room(code)
    assert row is not None and row.status == "closed"


async def test_a_room_is_idle_only_past_its_limit(hub: Hub, clock: FakeClock) -> None:
    ann = FakeMember("ann")
    code = await create(hub, ann)
    clock.advance(100)  # exactly idle_room_ttl without a move: not yet
    hub.sweep_once()
    assert code in hub.rooms
    clock.advance(0.001)
    hub.sweep_once()
    assert code not in hub.rooms


async def test_a_room_everyone_left_before_it_began_is_closed_saying_so(
        hub: Hub, caplog: pytest.LogCaptureFixture) -> None:
    ann = FakeMember("ann")
    code = await create(hub, ann)
    with caplog.at_level("INFO", logger="mancala_server"):
        await send(hub, ann, type="leave", room=code)
    assert code not in hub.rooms
    assert f"room {code}: closed: everyone left before the game began" in caplog.messages


async def test_a_moves_fanout_time_is_measured_for_the_operator(hub: Hub) -> None:
    await first_move_played(hub)
    text = hub.metrics.text().decode()
    count = float(re.search(r"^mancala_move_fanout_seconds_count (\S+)$", text, re.M).group(1))  # type: ignore[union-attr]
    total = float(re.search(r"^mancala_move_fanout_seconds_sum (\S+)$", text, re.M).group(1))  # type: ignore[union-attr]
    assert count == 1 and 0 <= total < 5
    commits = float(re.search(r"^mancala_store_commit_seconds_count (\S+)$", text, re.M).group(1))  # type: ignore[union-attr]
    assert commits >= 3  # the room, the game, the move: each write's commit is timed
