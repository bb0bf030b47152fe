"""The hub's answers to each request: acknowledged with its id, or refused by code and in
words (a frame too large or malformed, an unknown type, another protocol, the rate limit,
a handler's own failure).

Fake members and a fake clock (tests/server/fakes.py); the `hub` and `clock` fixtures are
in tests/server/conftest.py. Written from docs/mutation.md's survivors of hub.py."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from mancala.protocol.codec import MSGPACK_SUBPROTOCOL, Codec, pack
from mancala_server.connection import TokenBucket
from mancala_server.hub import Hub
from tests.server.fakes import FakeClock, FakeMember
from tests.server.hub_rules_helpers import create, first_move_played, send, until
from tests.server.room_setup import make_hub


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


async def test_a_client_speaking_another_protocol_is_refused_by_version(hub: Hub) -> None:
    reply = await send(hub, FakeMember("ann"), type="hello", protocol="mancala.v0", id=1)
    assert (reply.code, reply.message) == ("protocol_version", "this server speaks mancala.v1, not mancala.v0")


async def test_a_swap_request_is_made_and_acknowledged(hub: Hub) -> None:
    ann, bob, code = await first_move_played(hub, pie=True)
    reply = await send(hub, bob, type="swap", room=code, ply=1, id=5)
    assert (reply.type, reply.id) == ("ack", 5) and bob.seats == {code: 0} and ann.seats == {code: 1}


async def test_a_swap_request_naming_an_old_ply_is_refused_through_the_hub(hub: Hub) -> None:
    ann, bob, code = await first_move_played(hub, pie=True)
    reply = await send(hub, bob, type="swap", room=code, ply=0, id=6)
    assert (reply.type, reply.code, reply.message) == ("error", "stale_ply", "the game is at ply 1, not 0")
    assert bob.seats == {code: 1} and ann.seats == {code: 0}


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


async def test_a_frame_of_exactly_the_size_limit_is_served(tmp_path: Path, clock: FakeClock) -> None:
    hub = make_hub(tmp_path, clock, max_message=100)
    try:
        ann = FakeMember("ann")
        bare = json.dumps({"type": "ping", "id": 1, "x": ""})
        frame = json.dumps({"type": "ping", "id": 1, "x": "y" * (100 - len(bare))})
        assert len(frame) == 100  # read, not refused as too large
        await hub.handle(ann, frame)  # type: ignore[arg-type]
        (reply,) = ann.got
        assert (reply.type, reply.code, reply.id) == ("error", "bad_message", 1)  # read: "x" is no field
        assert reply.message == "ping: x: Extra inputs are not permitted"
    finally:
        hub.rules.close()


async def test_msgpack_frames_are_read_and_bytes_in_them_are_refused_as_no_json_value(hub: Hub) -> None:
    """A binary connection's frame is validated from its decoded values (its text is no
    JSON): a valid one is served like a JSON one; bytes, which msgpack carries and JSON
    has no word for, are refused by name with the request's id."""
    ann = FakeMember("ann")
    ann.codec = Codec(MSGPACK_SUBPROTOCOL)
    await hub.handle(ann, pack({"type": "ping", "id": 2}))  # type: ignore[arg-type]
    assert (ann.got[-1].type, ann.got[-1].id) == ("pong", 2)
    await hub.handle(ann, pack({"type": "join_room", "id": 3, "room": b"ABCDEF"}))  # type: ignore[arg-type]
    reply = ann.got[-1]
    assert (reply.type, reply.code, reply.id) == ("error", "bad_message", 3)
    assert reply.message.startswith("join_room: values must be JSON values (") and "bytes" in reply.message
    assert not hub.rooms and len(ann.got) == 2


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
