"""The hub's requests, quotas, lobby and sweeping, frame in and messages out, with fake
members and a fake clock. Written from docs/mutation.md's survivors of hub.py."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from mancala.rules.loading import configs_dir
from mancala_server.connection import TokenBucket
from mancala_server.hub import CODE_ALPHABET, Hub
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


async def create(hub: Hub, member: FakeMember, **options: Any) -> str:
    """A room made by `member` (seated): its code."""
    await send(hub, member, type="create_room", variant=options.pop("variant", "oware_abapa"), **options)
    return str(member.of_type("seat_granted")[-1].room)


async def test_the_variants_are_listed_with_the_request_id(hub: Hub) -> None:
    reply = await send(hub, FakeMember("ann"), type="list_variants", id=3)
    assert reply.type == "variants" and reply.id == 3
    assert {"oware_abapa", "kalah_4", "dakon_rounds"} <= {v.name for v in reply.variants}


async def test_a_move_request_is_played_and_acknowledged_and_a_refusal_is_an_error(hub: Hub) -> None:
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0, starter=0)
    await send(hub, bob, type="join_room", room=code, id=1)
    reply = await send(hub, ann, type="move", room=code, move=2, ply=0, id=7)
    assert (reply.type, reply.id) == ("ack", 7) and bob.of_type("move_made")[0].move == 2
    reply = await send(hub, ann, type="move", room=code, move=3, ply=1, id=8)
    assert (reply.type, reply.code, reply.id) == ("error", "not_your_turn", 8)
    assert len(hub.rooms[code].moves) == 1


async def test_resign_claim_and_rematch_requests_are_acknowledged(hub: Hub, clock: FakeClock) -> None:
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0)
    await send(hub, bob, type="join_room", room=code)
    reply = await send(hub, ann, type="claim_win", room=code, id=1)
    assert (reply.type, reply.code) == ("error", "not_claimable")
    assert (await send(hub, ann, type="resign", room=code, id=2)).type == "ack"
    assert bob.of_type("game_over")[0].reason == "resign"
    assert (await send(hub, ann, type="rematch", room=code, id=3)).id == 3
    assert bob.of_type("rematch_offer")[0].seat == 0
    assert (await send(hub, bob, type="rematch", room=code, id=4)).type == "ack"
    assert not hub.rooms[code].finished and ann.seats == {code: 1}


async def test_a_claim_request_takes_the_win_after_the_grace_period(hub: Hub, clock: FakeClock) -> None:
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0)
    await send(hub, bob, type="join_room", room=code)
    hub.disconnected(bob)  # type: ignore[arg-type]
    clock.advance(61)
    reply = await send(hub, ann, type="claim_win", room=code, id=5)
    assert (reply.type, reply.id) == ("ack", 5) and ann.of_type("game_over")[0].reason == "forfeit"


async def test_a_seat_is_taken_back_with_its_token_and_left_by_request(hub: Hub) -> None:
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0)
    await send(hub, bob, type="join_room", room=code)
    token = bob.of_type("seat_granted")[0].token
    hub.disconnected(bob)  # type: ignore[arg-type]
    again = FakeMember("bob")
    state = await send(hub, again, type="reconnect", room=code, token=token, id=6)
    assert (state.type, state.you, state.id, state.room) == ("room_state", 1, 6, code)
    assert [s.status for s in ann.of_type("player_status")][-2:] == ["disconnected", "back"]
    reply = await send(hub, again, type="leave", room=code, id=7)
    assert (reply.type, reply.id) == ("ack", 7) and again.seats == {}
    assert ann.of_type("player_status")[-1].status == "left"


async def test_a_spectator_gets_the_room_state_with_no_seat(hub: Hub) -> None:
    ann, cy = FakeMember("ann"), FakeMember("cy")
    code = await create(hub, ann)
    state = await send(hub, cy, type="spectate", room=code.lower(), id=2)
    assert (state.type, state.you, state.id) == ("room_state", None, 2) and cy.watching == {code}


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


async def until(condition: Any, limit: float = 30.0) -> None:
    """Let the event loop run until `condition()` holds (the hub's loops sleep for real);
    the limit only stops a broken test from hanging, it is no claim about speed."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not condition():
        assert loop.time() < end, "the condition never came to hold"
        await asyncio.sleep(0.02)


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


async def test_a_client_speaking_another_protocol_is_refused_by_version(hub: Hub) -> None:
    reply = await send(hub, FakeMember("ann"), type="hello", protocol="mancala.v0", id=1)
    assert (reply.code, reply.message) == ("protocol_version", "this server speaks mancala.v1, not mancala.v0")


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


async def a_game_one_move_in(hub: Hub) -> tuple[str, FakeMember, FakeMember]:
    """A room where ann (South, starting) and bob sit and ann has sown hole 2: its code."""
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0, starter=0)
    await send(hub, bob, type="join_room", room=code)
    await send(hub, ann, type="move", room=code, move=2, ply=0)
    return code, ann, bob


async def test_a_restart_brings_back_the_live_rooms_with_their_moves_and_grace_periods(tmp_path: Path) -> None:
    clock = FakeClock()
    first = make_hub(tmp_path, clock)
    playing, _, bob = await a_game_one_move_in(first)
    waiting = await create(first, bob)
    first.rules.close()
    clock.advance(100)
    again = make_hub(tmp_path, clock)
    try:
        assert await again.restore() == 2 and set(again.rooms) == {playing, waiting}
        room = again.rooms[playing]
        assert [m.move for m in room.moves] == [2] and room.status == "playing"
        assert room.empty_since == room.last_activity == clock.now()
        assert room.room_state(None).seats[0].grace_ms == 60_000  # nobody is back yet
        assert room.variant_json == first.rooms[playing].variant_json
    finally:
        again.rules.close()


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


async def play_to_a_new_round(hub: Hub, code: str, players: tuple[FakeMember, FakeMember]) -> None:
    """The first legal move, turn after turn, until a round ends and the next one starts."""
    room = hub.rooms[code]
    while not players[0].of_type("round_started"):
        assert not room.finished, "the first round ends before the game does"
        await send(hub, players[room.position.turn], type="move", room=code,
                   move=room.game.legal_moves(room.position)[0], ply=len(room.moves))
    await send(hub, players[room.position.turn], type="move", room=code,
               move=room.game.legal_moves(room.position)[0], ply=len(room.moves))


async def test_a_restart_replays_rounds_random_layouts_and_computer_seats_as_they_were(tmp_path: Path) -> None:
    clock = FakeClock()
    first = make_hub(tmp_path, clock, rooms_per_client=10, rooms_per_address=10)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    rounds = await create(first, ann, variant="dakon_rounds", seat=0, starter=0)
    await send(first, bob, type="join_room", room=rounds)
    await play_to_a_new_round(first, rounds, (ann, bob))
    drawn = await create(first, ann, variant="mangala_i", seat=0, starter=1)
    await send(first, bob, type="join_room", room=drawn)
    perfect = await create(first, ann, variant="awari", computer="perfect", starter=0)
    levelled = await create(first, ann, variant="kalah_4", computer=3, starter=0, seat=1)
    before = {code: first.rooms[code].room_state(None) for code in (rounds, drawn, perfect, levelled)}
    first.rules.close()
    again = make_hub(tmp_path, clock)
    try:
        assert await again.restore() == 4
        for code, state in before.items():
            after = again.rooms[code].room_state(None)
            assert after.state == state.state and after.moves == state.moves
            assert [(s.name, s.computer, s.rating) for s in after.seats] \
                == [(s.name, s.computer, s.rating) for s in state.seats]
            assert again.rooms[code].starter == first.rooms[code].starter
        assert (again.rooms[perfect].computer_level, again.rooms[levelled].computer_level) == ("perfect", 3)
        assert again.rooms[perfect].seats[1].rating == (2802, False)
        assert again.rooms[levelled].seats[0].computer and again.rooms[levelled].seats[0].rating == (1971, False)
    finally:
        again.rules.close()


async def identified(hub: Hub, name: str) -> FakeMember:
    member = FakeMember(name, address=f"10.0.1.{len(name)}")
    reply = await send(hub, member, type="identify", name=name)
    assert reply.type == "identity"
    return member


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


async def first_move_played(hub: Hub, pie: bool = False) -> tuple[FakeMember, FakeMember, str]:
    """Ann (South, starting) and Bob in a room where Ann has made the first move."""
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0, starter=0, pie=pie)
    await send(hub, bob, type="join_room", room=code)
    await send(hub, ann, type="move", room=code, move=2, ply=0)
    return ann, bob, code


async def test_a_swap_request_is_made_and_acknowledged(hub: Hub) -> None:
    ann, bob, code = await first_move_played(hub, pie=True)
    reply = await send(hub, bob, type="swap", room=code, ply=1, id=5)
    assert (reply.type, reply.id) == ("ack", 5) and bob.seats == {code: 0} and ann.seats == {code: 1}


async def test_leaving_the_lobby_is_remembered_on_the_connection(hub: Hub) -> None:
    ann = FakeMember("ann")
    await send(hub, ann, type="subscribe_lobby")
    assert ann.lobby is True  # type: ignore[attr-defined]
    await send(hub, ann, type="unsubscribe_lobby")
    assert ann.lobby is False  # type: ignore[attr-defined]


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


async def test_a_swap_request_naming_an_old_ply_is_refused_through_the_hub(hub: Hub) -> None:
    ann, bob, code = await first_move_played(hub, pie=True)
    reply = await send(hub, bob, type="swap", room=code, ply=0, id=6)
    assert (reply.type, reply.code, reply.message) == ("error", "stale_ply", "the game is at ply 1, not 0")
    assert bob.seats == {code: 1} and ann.seats == {code: 0}


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


async def test_a_room_whose_stored_moves_no_longer_replay_is_left_out_and_says_why(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    first = make_hub(tmp_path, clock)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(first, ann, seat=0, starter=0, variant="kalah_4")
    await send(first, bob, type="join_room", room=code)
    await send(first, ann, type="move", room=code, move=0, ply=0)
    game_id = first.rooms[code].game_id
    broken = await create(first, bob)
    lost = await create(first, FakeMember("cy", address="10.0.0.3"))
    lost_game = first.rooms[lost].game_id
    await first.stop()
    first.rules.close()
    with sqlite3.connect(first.settings.db_path) as db:  # a move today's rules refuse
        db.execute("UPDATE moves SET move='12' WHERE game_id=? AND ply=0", (game_id,))
        # and a definition no longer valid (refused before the room is made)
        db.execute("UPDATE rooms SET variant_json='{\"game_constants\": {\"holes\": 0}}' WHERE code=?",
                   (broken,))
        db.execute("DELETE FROM games WHERE id=?", (lost_game,))  # and a game gone from the store
    again = make_hub(tmp_path, clock)
    try:
        with caplog.at_level("INFO", logger="mancala_server"):
            assert await again.restore() == 0
        assert not again.rooms
        said = [m for m in caplog.messages if f"room {code}: cannot be restored" in m]
        assert said == [f"room {code}: cannot be restored (hole 12 is not on the board (0..11)); "
                        "marked unrestorable"]
        assert f"room {lost}: no stored game; marked unrestorable" in caplog.messages
        assert "restored 0 rooms" in caplog.messages
        gone = await again.storage.room(lost)
        assert gone is not None and gone.status == "unrestorable"
        row = await again.storage.room(code)
        assert row is not None and row.status == "unrestorable"
        game = await again.storage.game(game_id)
        assert game is not None and game.reason == "unrestorable"  # its game is ended too
        assert game.result == "hole 12 is not on the board (0..11)"  # and says why
        assert not again._epochs  # a room made later under either code starts afresh
    finally:
        again.rules.close()


async def test_a_join_asks_for_its_seat_and_a_taken_one_is_refused(hub: Hub) -> None:
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0)
    reply = await send(hub, bob, type="join_room", room=code, seat=0, id=3)
    assert (reply.type, reply.id) == ("error", 3) and bob.seats == {}, reply
    await send(hub, bob, type="join_room", room=code, seat=1)
    assert bob.of_type("seat_granted")[-1].seat == 1 and bob.seats == {code: 1}


async def test_a_move_naming_an_old_ply_is_refused_through_the_hub(hub: Hub) -> None:
    _, bob, code = await first_move_played(hub)
    reply = await send(hub, bob, type="move", room=code, move=7, ply=0, id=8)
    assert (reply.type, reply.code, reply.id) == ("error", "stale_ply", 8)
    assert len(hub.rooms[code].moves) == 1


async def test_a_room_everyone_left_before_it_began_is_closed_saying_so(
        hub: Hub, caplog: pytest.LogCaptureFixture) -> None:
    ann = FakeMember("ann")
    code = await create(hub, ann)
    with caplog.at_level("INFO", logger="mancala_server"):
        await send(hub, ann, type="leave", room=code)
    assert code not in hub.rooms
    assert f"room {code}: closed: everyone left before the game began" in caplog.messages


async def test_a_lobby_subscriber_who_disconnects_is_no_longer_told(hub: Hub) -> None:
    ann = FakeMember("ann")
    await send(hub, ann, type="subscribe_lobby")
    assert ann in hub.lobby_clients  # type: ignore[comparison-overlap]
    hub.disconnected(ann)  # type: ignore[arg-type]
    assert ann not in hub.lobby_clients  # type: ignore[comparison-overlap]


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


async def test_a_moves_fanout_time_is_measured_for_the_operator(hub: Hub) -> None:
    await first_move_played(hub)
    text = hub.metrics.text().decode()
    count = float(re.search(r"^mancala_move_fanout_seconds_count (\S+)$", text, re.M).group(1))  # type: ignore[union-attr]
    total = float(re.search(r"^mancala_move_fanout_seconds_sum (\S+)$", text, re.M).group(1))  # type: ignore[union-attr]
    assert count == 1 and 0 <= total < 5
    commits = float(re.search(r"^mancala_store_commit_seconds_count (\S+)$", text, re.M).group(1))  # type: ignore[union-attr]
    assert commits >= 3  # the room, the game, the move: each write's commit is timed


async def test_settings_a_variant_cannot_take_are_refused_by_name(hub: Hub) -> None:
    reply = await send(hub, FakeMember("ann"), type="create_room", variant="oware",
                       settings={"mustpass": "often"}, id=9)
    assert (reply.type, reply.code, reply.id) == ("error", "invalid_setting", 9)
    assert reply.params == ["mustpass"] and "mustpass" in reply.message and reply.rules
    assert not hub.rooms


async def test_a_frame_over_the_size_limit_is_refused_with_its_size(tmp_path: Path, clock: FakeClock) -> None:
    hub = make_hub(tmp_path, clock, max_message=100)
    try:
        ann = FakeMember("ann")
        frame = json.dumps({"type": "ping", "id": 1, "pad": "x" * 200})
        await hub.handle(ann, frame)  # type: ignore[arg-type]
        (reply,) = ann.got  # not decoded: no id to echo
        assert (reply.type, reply.code, reply.id) == ("error", "too_large", None)
        assert reply.message == f"message of {len(frame)} bytes; the limit is 100"
    finally:
        hub.rules.close()


async def test_a_frame_that_does_not_fit_its_type_is_refused_with_its_id(hub: Hub) -> None:
    ann = FakeMember("ann")
    reply = await send(hub, ann, type="move", id=4, room=5, move="north")
    assert (reply.type, reply.code, reply.id) == ("error", "bad_message", 4)
    assert reply.message.startswith("move: room: Input should be a valid string; move.")
    await hub.handle(ann, '{"type": "ping", "id": 7, "x": NaN}')  # type: ignore[arg-type]
    reply = ann.got[-1]  # not JSON (NaN), but its id could still be read
    assert (reply.type, reply.code, reply.id) == ("error", "bad_message", 7) and "NaN" in reply.message
    assert len(ann.got) == 2
    for frame, words in (({"type": "ping", "id": 5, "extra": 1}, "ping: extra: Extra inputs are not permitted"),
                         ({"type": "join_room", "id": 6}, "join_room: room: Field required")):
        reply = await send(hub, ann, **frame)
        assert (reply.type, reply.code, reply.id, reply.message) == ("error", "bad_message", frame["id"], words)


async def test_an_unknown_message_type_is_named_in_the_refusal(hub: Hub) -> None:
    ann = FakeMember("ann")
    for kind, shown in (("fly", "'fly'"), (5, "'int'"), ("x" * 60, repr("x" * 40))):
        reply = await send(hub, ann, type=kind, id=3)
        assert (reply.type, reply.code, reply.id) == ("error", "unknown_type", 3)
        assert reply.message == f"unknown message type {shown}"


async def test_a_request_past_the_rate_limit_is_refused_with_its_id(hub: Hub, clock: FakeClock) -> None:
    ann = FakeMember("ann")
    ann.bucket = TokenBucket(1.0, 1, now=clock.now)  # one message now, the next a second later
    assert (await send(hub, ann, type="ping", id=1)).type == "pong"
    reply = await send(hub, ann, type="ping", id=2)
    assert (reply.type, reply.code, reply.id) == ("error", "rate_limited", 2)
    assert reply.message == f"more than {hub.settings.rate_per_second:g} messages a second"
    clock.advance(1)
    assert (await send(hub, ann, type="ping", id=3)).type == "pong"


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


async def test_a_restored_room_whose_stored_definition_is_no_file_today_plays_in_the_workers(
        tmp_path: Path) -> None:
    """A stored game keeps the definition it was played by; where that is no longer any
    built-in file (the file changed since, or the store was edited), it is nobody's trusted
    rules: the room plays in the rules workers, as a custom room does."""
    clock = FakeClock()
    first = make_hub(tmp_path, clock)
    ann = FakeMember("ann")
    code = await create(first, ann)
    assert first.rooms[code].rules is None
    await first.stop()
    first.rules.close()
    with sqlite3.connect(first.settings.db_path) as db:
        raw = json.loads(db.execute("SELECT variant_json FROM rooms WHERE code=?", (code,)).fetchone()[0])
        raw["game_info"]["name"] = "Oware (as it was)"
        db.execute("UPDATE rooms SET variant_json=? WHERE code=?", (json.dumps(raw), code))
    again = make_hub(tmp_path, clock, rules_time_limit=30.0)
    try:
        assert await again.restore() == 1
        assert again.rooms[code].rules is not None
    finally:
        again.rules.close()


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


async def test_a_room_restored_twice_writes_with_the_epoch_it_was_last_taken_with(tmp_path: Path) -> None:
    """Each start takes the live rooms over with a new epoch (the fence of their writes):
    the room's writes after the second restart carry the third epoch, and are stored."""
    clock = FakeClock()
    first = make_hub(tmp_path, clock)
    code, _, _ = await a_game_one_move_in(first)
    first.rules.close()
    hubs = []
    for _ in range(2):
        hubs.append(make_hub(tmp_path, clock))
        assert await hubs[-1].restore() == 1
    last = hubs[-1]
    try:
        assert last.journals[code].fence.epoch == 3
        room = last.rooms[code]
        await room.play_for(room.position.turn, room.game.legal_moves(room.position)[0], 1)
        await last.journals.settle([code])
        stored = await last.storage.game(room.game_id)
        assert stored is not None and len(stored.moves) == 2
    finally:
        for hub in hubs:
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


async def test_a_handler_that_fails_is_answered_as_an_internal_error_and_logged(
        hub: Hub, caplog: pytest.LogCaptureFixture) -> None:
    """The error boundary for a bug of ours: no request fails this way on purpose, so
    a handler is made to raise; the client hears which request failed, with its id,
    the log has the trace, and the next request is served."""
    def broken(client: Any, message: Any) -> None:
        raise RuntimeError("a bug")

    ann = FakeMember("ann")
    hub.handlers["ping"] = broken
    with caplog.at_level("INFO", logger="mancala_server"):
        reply = await send(hub, ann, type="ping", id="p-9")
    assert (reply.type, reply.id, reply.code, reply.message) == (
        "error", "p-9", "internal_error", "ping failed on the server; the error is logged")
    failed = [r for r in caplog.records if r.getMessage() == f"{ann.peer}: ping failed"]
    assert len(failed) == 1 and failed[0].exc_info is not None
    assert (await send(hub, ann, type="list_variants", id=2)).id == 2


async def test_a_computer_still_searching_when_its_game_ends_opens_the_rematch(tmp_path: Path) -> None:
    """The player resigns and asks for the rematch while the computer's search for the
    old game is still out (the search pool's first start alone takes a while): the
    stale answer is dropped, and the computer, South now, still makes the new game's
    first move (it once waited for ever: its room counted as searching)."""
    hub = make_hub(tmp_path, FakeClock())
    try:
        ann = FakeMember("ann")
        code = await create(hub, ann, variant="kalah_4", computer=0, seat=0, starter=0)
        await send(hub, ann, type="move", room=code, move=0, ply=0)  # 4 seeds, no store: North's turn
        await asyncio.sleep(0)
        assert code in hub.computers.pending  # North's search is out
        await send(hub, ann, type="resign", room=code)
        await send(hub, ann, type="rematch", room=code)
        room = hub.rooms[code]
        assert room.seats[0].computer and not room.moves and room.position.turn == 0
        await until(lambda: len(room.moves) >= 1)  # (a move into its store plays again)
        assert room.moves[0].seat == 0 and not room.finished
    finally:
        hub.computers.close()
        hub.rules.close()
