"""Variant settings online (issue 25, point 4): create_room's `settings`, checked by the
server against the variant's vari_params, and the settled variant the room plays, shows,
stores and rates apart (docs/variants.md, "Variant settings")."""

from __future__ import annotations

import json
import re
from typing import Any

import aiohttp
import pytest

from mancala.engine.game import Game
from mancala.rules.loading import parse_variant, read_json, variant_path
from mancala_client.api import MancalaClient, ServerError
from mancala_server.app import running
from tests.server.helpers import get_json, moves_each

SETTLED = {"grandslam": "LEGAL", "mustpass": True, "capt_on": [2, 3, 4]}


def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def settled_game() -> Game:
    return Game(parse_variant({**read_json(variant_path("oware")), "settings": SETTLED}))


async def test_the_lobby_lists_what_a_variant_lets_its_players_set(connect: Any) -> None:
    client = await connect()
    variants = {v.name: v for v in await client.variants()}
    oware = {c.param: c for c in variants["oware"].settings}
    assert list(oware) == ["capt_on", "grandslam", "mustshare", "mustpass"]
    assert oware["grandslam"].kind == "choice" and "LEGAL" in oware["grandslam"].values
    assert oware["grandslam"].default == "NO_CAPT" and oware["mustpass"].kind == "bool"
    assert oware["capt_on"].kind == "set" and oware["capt_on"].default == [2, 3]
    assert variants["kalah_4"].settings == []


async def test_a_room_plays_shows_and_names_its_settled_variant(connect: Any) -> None:
    ann, bob = await connect("ann"), await connect("bob")
    await bob.subscribe_lobby()
    granted = await ann.create_room("oware", seat=0, settings={**SETTLED, "mustshare": True})
    await bob.join(granted.room)
    seen = await bob.next_event("room_state")
    state = seen.state
    assert re.fullmatch(r"oware__s[0-9a-f]{10}", seen.variant)
    assert seen.title == "Oware · captures on: 2, 3, 4 · grand slam: legal · must pass: yes"
    rooms = {r.room: r for r in await bob.subscribe_lobby()}
    assert rooms[granted.room].title == seen.title and rooms[granted.room].variant == seen.variant
    # the moves are the settled variant's
    game = settled_game()
    assert state.model_dump(mode="json") == game.state_json(game.start(0))


async def test_the_files_own_settings_are_the_plain_variant(connect: Any) -> None:
    ann = await connect("ann")
    await ann.create_room("oware", settings={"grandslam": "no_capt", "mustshare": True})
    seen = await ann.next_event("room_state")
    assert (seen.variant, seen.title) == ("oware", "Oware")


@pytest.mark.parametrize(("settings", "code", "param", "rule"), [
    ({"nosuch": 1}, "invalid_setting", "nosuch", "not_offered"),
    ({"holes": 8}, "invalid_setting", "holes", "not_offered"),
    ({"mustpass": 1}, "invalid_setting", "mustpass", "not_allowed"),
    ({"capt_on": [7, 8]}, "invalid_setting", "capt_on", "not_allowed"),
    ({"capt_on": list(range(2_000))}, "invalid_setting", "capt_on", "not_allowed"),
    ({"grandslam": 10**30}, "invalid_setting", "grandslam", "not_allowed"),
    ({"grandslam": "x" * 10_000}, "invalid_setting", "grandslam", "not_allowed"),
    ({"grandslam": {"a": [1, 2, 3]}}, "invalid_setting", "grandslam", "not_allowed"),
    ({"mustpass": None}, "invalid_setting", "mustpass", "not_allowed"),
    ({"capt_on": "2,3"}, "invalid_setting", "capt_on", "not_allowed"),
    ({"capt_on": [2.5, 3]}, "invalid_setting", "capt_on", "not_allowed"),
    ({f"p{i}": i for i in range(30)}, "invalid_setting", "settings", "too_many"),
    ({f"p{i}": i for i in range(1_000)}, "bad_message", None, None),
    ({"x" * 500: 1}, "bad_message", None, None),
    ([1, 2, 3], "bad_message", None, None),
])
async def test_a_strangers_settings_get_typed_errors(connect: Any, settings: Any, code: str,
                                                    param: str | None, rule: str | None) -> None:
    client = await connect()
    with pytest.raises(ServerError) as caught:
        await client.request({"type": "create_room", "variant": "oware", "settings": settings})
    assert caught.value.code == code
    if param is not None:
        assert caught.value.params == [param] and caught.value.rules == [rule]
        assert len(caught.value.message) < 1_000
    assert (await client.request({"type": "ping"})).type == "pong"  # the connection goes on


async def test_thousands_of_settings_or_deep_ones_are_not_read(connect: Any) -> None:
    client = await connect()
    for settings in ({f"p{i}": i for i in range(5_000)}, {"grandslam": "x" * 50_000}):
        await client.send_raw(json.dumps({"type": "create_room", "variant": "oware", "settings": settings}))
        assert (await client.next_event("error")).code == "too_large"
    # nested deeper than the codec reads: refused before the request is looked at
    await client.send_raw(json.dumps({"type": "create_room", "variant": "oware", "settings": {"capt_on": nested(100)}}))
    assert (await client.next_event("error")).code == "bad_message"
    assert (await client.request({"type": "ping"})).type == "pong"


async def test_a_settled_variant_must_pass_the_named_rules(connect: Any) -> None:
    client = await connect()
    with pytest.raises(ServerError) as caught:
        await client.create_room("adi", settings={"holes": 10})
    assert caught.value.code == "invalid_setting" and "terr_goal_param" in caught.value.rules
    assert "holes" in caught.value.params


async def test_a_variant_without_settings_takes_none(connect: Any) -> None:
    client = await connect()
    with pytest.raises(ServerError) as caught:
        await client.create_room("kalah_4", settings={"holes": 4})
    assert (caught.value.code, caught.value.rules) == ("invalid_setting", ["too_many"])


async def test_a_custom_variants_settings_are_checked_where_it_is_played(connect: Any) -> None:
    client = await connect()
    raw = read_json(variant_path("oware"))
    await client.create_room(raw, settings={"mustpass": True})
    seen = await client.next_event("room_state")
    assert seen.title == "Oware · must pass: yes (custom)"
    with pytest.raises(ServerError) as caught:
        await client.create_room(raw, settings={"mustpass": "maybe"})
    assert (caught.value.code, caught.value.params) == ("invalid_setting", ["mustpass"])


async def test_ratings_of_a_settled_variant_are_its_own(connect: Any, server: Any) -> None:
    """A rated game of a settled Oware moves the settled variant's ladder, not Oware's."""
    ann, bob = await connect("ann"), await connect("bob")
    for who, name in ((ann, "ann"), (bob, "bob")):
        await who.request({"type": "identify", "name": name})
    granted = await ann.create_room("oware", seat=0, rated=True, settings={"mustpass": True})
    await bob.join(granted.room)
    seen = await bob.next_event("room_state")
    assert seen.variant.startswith("oware__s") and seen.pie  # unmeasured: the swap rule is on
    await moves_each(granted.room, [ann, bob], seen.state, 2)
    await bob.resign(granted.room)
    changed = await ann.next_event("ratings_changed")
    assert changed.variant == seen.variant
    board = (await get_json(server.port, f"/api/leaderboard/{seen.variant}"))[1]["players"]
    assert sorted(p["name"] for p in board) == ["ann", "bob"]
    assert (await get_json(server.port, "/api/leaderboard/oware"))[1]["players"] == []


async def test_the_computer_plays_the_settled_board(connect: Any) -> None:
    """Anywoli is 12 holes a side; settled on 4 holes of 3 seeds, the computer's moves are
    those of the small board (it searches the room's stored definition)."""
    ann = await connect("ann")
    await ann.create_room("anywoli", computer=1, seat=0, settings={"holes": 4, "nbr_start": 3})
    seen = await ann.next_event("room_state")
    assert seen.holes == 4 and seen.title == "Anywoli · holes: 4 · seeds a hole: 3"
    game = Game(parse_variant({**read_json(variant_path("anywoli")), "settings": {"holes": 4, "nbr_start": 3}}))
    pos = game.start(0)
    assert seen.state.model_dump(mode="json") == game.state_json(pos)
    for ply in range(4):
        if pos.outcome is not None:
            break
        if pos.turn == 0:
            await ann.move(seen.room, game.move_json(game.legal_moves(pos)[0]), ply)
        made = await ann.next_event("move_made", timeout=20)
        move = tuple(made.move) if isinstance(made.move, list) else made.move
        pos = game.play(pos, move)
        assert made.state.model_dump(mode="json") == game.state_json(pos)


async def test_a_settled_game_resumes_after_a_restart_with_its_settings(make_settings: Any) -> None:
    settings = make_settings()
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        ann, bob = await MancalaClient.connect(url, name="ann"), await MancalaClient.connect(url, name="bob")
        granted = await ann.create_room("oware", seat=0, settings=SETTLED)
        joined = await bob.join(granted.room)
        state = (await bob.next_event("room_state")).state
        moves = []
        for ply in range(6):
            move = state.legal[0]
            await (ann if state.turn == 0 else bob).move(granted.room, move, ply)
            state = (await bob.next_event("move_made")).state
            moves.append(move)
        before = await ann.request({"type": "spectate", "room": granted.room})
        await ann.close()
        await bob.close()
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        bob = await MancalaClient.connect(url, name="bob")
        back = await bob.reconnect(granted.room, joined.token)
        assert (back.variant, back.title, back.ply) == (before.variant, before.title, 6)
        game = settled_game()
        pos = game.start(0)
        for move in moves:
            pos = game.play(pos, tuple(move) if isinstance(move, list) else move)
        assert back.state.model_dump(mode="json") == game.state_json(pos)
        # the stored definition is the file and its settings
        stored = json.loads(json.dumps(server.hub.rooms[granted.room].variant_json))
        assert stored["settings"] == dict(sorted(SETTLED.items()))
        assert server.hub.rooms[granted.room].rules is None  # played here: a file of the server's
        # the stored game replays by its settled rules, and its record names them
        async with aiohttp.ClientSession() as http:
            base = f"http://127.0.0.1:{server.port}/api/games/{back.game_id}"
            pages = await (await http.get(f"{base}/positions")).json()
            assert pages["states"][-1] == back.state.model_dump(mode="json") and pages["total"] == 7
            record = await (await http.get(f"{base}/record.txt")).text()
            assert before.title in record
        await bob.close()
