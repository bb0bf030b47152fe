"""Bad input gets a typed error and nothing else: the room's game goes on."""

from __future__ import annotations

import json
import random

import pytest

from mancala_client.api import ServerError
from tests.server.helpers import play_moves

TINY = {"game_constants": {"holes": 3, "nbr_start": 2},
        "game_info": {"name": "Tiny", "stores": True, "sow_own_store": True}}


async def pair(connect):
    south = await connect("ann")
    north = await connect("bob")
    granted = await south.create_room("kalah_4", seat=0)
    await south.next_event("room_state")
    await north.join(granted.room)
    state = (await north.next_event("room_state")).state
    return granted.room, [south, north], state


async def raw_error(client, frame: str | bytes):
    await client.send_raw(frame)
    return await client.next_event("error", timeout=5)


async def test_bad_frames_get_typed_errors_while_the_game_goes_on(connect, server):
    room, players, state = await pair(connect)
    rng = random.Random(11)
    south, north = players
    limit = server.settings.max_message

    err = await raw_error(north, '{"type": "move", "room": ')  # malformed JSON
    assert err.code == "bad_message" and err.id is None
    state = await play_moves(room, players, state, rng=rng, count=2)

    err = await raw_error(north, json.dumps({"type": "ping", "id": "big", "pad": "x" * limit}))
    assert err.code == "too_large" and str(limit) in err.message
    state = await play_moves(room, players, state, rng=rng, count=2, start_ply=2)

    err = await raw_error(north, json.dumps({"type": "teleport", "id": "t1"}))
    assert err.code == "unknown_type" and err.id == "t1" and "teleport" in err.message
    err = await raw_error(north, json.dumps({"id": "t2"}))
    assert err.code == "unknown_type" and err.id == "t2"
    state = await play_moves(room, players, state, rng=rng, count=2, start_ply=4)

    err = await raw_error(north, json.dumps({"type": "move", "id": "f1", "room": room, "move": "left"}))
    assert err.code == "bad_message" and err.id == "f1" and "move" in err.message
    err = await raw_error(north, json.dumps({"type": "create_room", "id": "f2"}))
    assert err.code == "bad_message" and "variant" in err.message
    err = await raw_error(north, json.dumps({"type": "join_room", "id": "f3", "room": "no spaces!"}))
    assert err.code == "bad_message" and "room" in err.message
    err = await raw_error(north, json.dumps({"type": "ping", "id": "f4", "extra": 1}))
    assert err.code == "bad_message" and "extra" in err.message
    err = await raw_error(north, '{"type": "move", "id": "f5", "room": ' + json.dumps(room) + ', "move": NaN}')
    assert err.code == "bad_message" and err.id == "f5" and "NaN is not a JSON value" in err.message
    err = await raw_error(north, "[1, 2, 3]")  # JSON, but not an object
    assert err.code == "bad_message"
    err = await raw_error(north, "[" * 5000 + "]" * 5000)  # too deep for the parser
    assert err.code == "bad_message"
    err = await raw_error(north, b"\xc1\xff garbage")  # a binary frame that is no msgpack
    assert err.code == "bad_message"

    # after all that, both players and the game are still fine
    state = await play_moves(room, players, state, rng=rng, count=4, start_ply=6)
    assert (await north.request({"type": "ping"})).type == "pong"


async def test_msgpack_client_gets_typed_errors_too(connect):
    client = await connect("mp", fmt="msgpack")
    err = await raw_error(client, b"\x93\x01\x02\x03")  # a msgpack array, not a map
    assert err.code == "bad_message"
    err = await raw_error(client, b"\xc1")  # never used in msgpack
    assert err.code == "bad_message"
    with pytest.raises(ServerError) as info:
        await client.request({"type": "warp"})
    assert info.value.code == "unknown_type"


async def test_hello_with_another_protocol_is_refused(connect):
    client = await connect()
    with pytest.raises(ServerError) as info:
        await client.request({"type": "hello", "protocol": "mancala.v0"})
    assert info.value.code == "protocol_version"
    assert (await client.request({"type": "hello", "name": "ann"})).protocol == "mancala.v1"


async def test_variant_names_and_custom_variants(connect):
    client = await connect("ann")
    names = [v.name for v in await client.variants()]
    assert "kalah_4" in names and "oware_abapa" in names

    with pytest.raises(ServerError) as info:
        await client.create_room("no_such_game")
    assert info.value.code == "unknown_variant" and "no_such_game" in info.value.message

    bad = {"game_constants": {"holes": 0, "nbr_start": 4}, "game_info": {"stores": True}}
    with pytest.raises(ServerError) as info:
        # the first custom variant waits for the rules workers to start (many seconds on
        # a machine busy with the suite), hence the longer wait
        await client.request({"type": "create_room", "variant": bad, "public": True, "seat": None,
                              "starter": 0}, timeout=30)
    assert info.value.code == "invalid_variant" and info.value.params == ["holes"]
    assert "holes" in info.value.message

    with pytest.raises(ServerError) as info:
        await client.create_room({**TINY, "game_info": {**TINY["game_info"], "sow_speed": 3}})
    assert info.value.code == "invalid_variant" and "sow_speed" in info.value.params

    granted = await client.create_room(TINY)
    state = await client.next_event("room_state")
    assert state.variant == "custom" and state.title == "Tiny (custom)" and state.holes == 3
    assert state.state.board == [2] * 6
    other = await connect("bob")
    await other.join(granted.room)
    await client.move(granted.room, 1, 0)
    moved = await other.next_event("move_made")
    assert moved.state.board == [2, 0, 3, 2, 2, 2] and moved.state.stores == [1, 0]
