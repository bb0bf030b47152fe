"""Store moves online (1.10 play_locs BRD_OWN_STR_CHS, Azigo): `["STORE", k]` sows k of the
mover's store seeds. The server takes the typed move, the engine judges it, everyone
hears it with its `sow` event starting from the store; a stranger's store move gets a
typed error and changes nothing."""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any

import pytest

from mancala import replay
from mancala_client.api import ServerError
from mancala_client.moves import legal_text, move_text, parse_move
from tests.server.helpers import apply_events, get_json, http_get


async def azigo_room(connect: Any) -> tuple[Any, Any, Any, Any]:
    ann, bob = await connect("ann"), await connect("bob")
    granted = await ann.create_room("azigo", seat=0)
    await bob.join(granted.room)
    state = (await ann.next_event("room_state")).state
    return ann, bob, granted.room, state


async def test_a_store_move_is_played_and_heard_from_the_store(connect: Any) -> None:
    ann, bob, room, state = await azigo_room(connect)
    watcher = await connect("eve")
    await watcher.spectate(room)
    store = [m for m in state.legal if isinstance(m, list) and m[0] == "STORE"]
    assert store and [m[1] for m in store] == list(range(1, state.stores[0] + 1))
    await ann.move(room, ["STORE", 2], 0)
    for who in (bob, watcher):
        made = await who.next_event("move_made")
        assert made.move == ["STORE", 2] and made.events[0].kind == "sow" and made.events[0].hole == -1
        events = [e.model_dump() for e in made.events]
        assert apply_events(events, state.board, state.stores) == (made.state.board, made.state.stores)


@pytest.mark.parametrize(("move", "code"), [
    (["STORE", 0], "bad_message"), (["STORE", -3], "bad_message"), (["STORE", "2"], "bad_message"),
    (["STORE", 10**9], "bad_message"), (["SHOP", 2], "bad_message"), (["STORE", 500], "illegal_move"),
])
async def test_a_strangers_store_moves_get_typed_errors(connect: Any, move: Any, code: str) -> None:
    ann, bob, room, state = await azigo_room(connect)
    with pytest.raises(ServerError) as caught:
        await ann.request({"type": "move", "room": room, "move": move, "ply": 0})
    assert caught.value.code == code
    await ann.move(room, 0, 0)  # the position was unchanged: the first move is still ply 0
    assert (await bob.next_event("move_made")).ply == 0


async def test_store_moves_only_where_the_variant_has_them(connect: Any) -> None:
    ann, bob = await connect("ann"), await connect("bob")
    granted = await ann.create_room("kalah_4", seat=0)
    await bob.join(granted.room)
    with pytest.raises(ServerError) as caught:
        await ann.move(granted.room, ["STORE", 1], 0)
    assert caught.value.code == "illegal_move" and "board only" in caught.value.message


def test_the_terminal_names_and_reads_store_moves() -> None:
    assert parse_move("store 3", 8, 0).move == ["STORE", 3]
    assert move_text(["STORE", 3], 8) == "store 3"
    assert legal_text([0, 1, ["STORE", 1], ["STORE", 2], ["STORE", 3]], 8, 0) == "a b store 1..3"


async def test_the_games_record_replays_a_store_move(server: Any, connect: Any) -> None:
    ann, bob, room, _ = await azigo_room(connect)
    await ann.move(room, ["STORE", 2], 0)
    made = await bob.next_event("move_made")
    joined = await (await connect("late")).spectate(room)
    status, record = await get_json(server.port, f"/api/games/{joined.game_id}/record.json")
    assert status == 200 and record["moves"] == [["STORE", 2]]
    out, err = io.StringIO(), io.StringIO()
    replay._GAMES.clear()
    assert replay.run_request(record, out, err) == 0, err.getvalue()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[-2]["board"] == made.state.board and lines[-2]["stores"] == made.state.stores
    status, _, text = await asyncio.to_thread(http_get, server.port, f"/api/games/{joined.game_id}/record.txt")
    assert status == 200 and "1. South store 2" in text.decode(), text.decode()
