"""The server offers the reference's 1.10 catalogue (issue 25, point 2): the lobby lists
it with the kept 1.8 definitions marked, a game only 1.10 has is played through the
server, and an Oware game stored under the 1.8 file replays unchanged once `oware`
follows 1.10 (docs/variants.md, "Release 1.10 of the reference program")."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.rules.loading import config_paths, load_variant, parse_variant, read_json
from mancala_client.api import MancalaClient
from mancala_server.app import running
from tests.conformance.test_conformance_110 import EXPECTED_FAILURES
from tests.server.helpers import http_get, state_dict
from tests.variants.test_catalogue_110 import UNRECORDED

SLOW = 60.0  # a rules worker's replay: a process's start, seconds on a loaded machine


def _oware_18() -> dict[str, Any]:
    """Oware as a game stored before the upgrade has it: the 1.8 file, which named no
    rules version (configs/oware_1_8.json without its marks)."""
    raw = read_json(config_paths()["oware_1_8"])
    del raw["rules_version"]
    raw["game_info"] = {**raw["game_info"], "name": "Oware"}
    return raw


def _diverging(old: Game, new: Game) -> list[int]:
    """Moves legal under both definitions after which their positions differ (1.8 Oware
    takes single seeds, 1.10 Oware does not), found by a seeded walk."""
    rng = random.Random(7)
    for _ in range(200):
        a, b, moves = old.start(0), new.start(0), []
        for _ in range(120):
            legal = old.state_json(a)["legal"]
            if not legal:
                break
            move = rng.choice(legal)
            a, b = old.play(a, move), new.play(b, move)
            moves.append(move)
            if old.state_json(a) != new.state_json(b):
                return moves
    raise AssertionError("no game tells 1.8 Oware from 1.10 Oware")


async def _get(port: int, path: str) -> tuple[int, Any]:
    status, _, body = await asyncio.to_thread(http_get, port, path, SLOW)
    return status, json.loads(body)


async def test_the_lobby_lists_the_110_catalogue_and_marks_what_is_kept(make_settings):
    async with running(make_settings()) as server:
        client = await MancalaClient.connect(f"ws://127.0.0.1:{server.port}/ws", name="ann")
        listed = {v.name: v for v in await client.variants()}
        await client.close()
    assert len(listed) == len(config_paths())
    assert sum(v.rules_version == "1.10" for v in listed.values()) == 199 - len(EXPECTED_FAILURES) + len(UNRECORDED)
    oware, kept = listed["oware"], listed["oware_1_8"]
    assert (oware.rules_version, oware.kept, oware.title) == ("1.10", False, "Oware")
    assert (kept.rules_version, kept.kept, kept.title) == ("1.8", True, "Oware (1.8 rules)")
    assert kept.family == oware.family and kept.region == oware.region
    ours = listed["kalah_standard"]  # our own variant, written in 1.8 terms: current, not kept
    assert (ours.rules_version, ours.kept) == ("1.8", False)
    assert sum(v.kept for v in listed.values()) == sum(
        json.loads(p.read_text(encoding="utf-8")).get("rules_version") == "1.8" for p in config_paths().values())


async def test_a_game_only_110_has_is_played_through_the_server(make_settings):
    game = Game(load_variant("cross_wari"))  # new in 1.10: sows by odd and even counts
    async with running(make_settings()) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        ann = await MancalaClient.connect(url, name="ann")
        bob = await MancalaClient.connect(url, name="bob")
        granted = await ann.create_room("cross_wari", seat=0)
        await bob.join(granted.room)
        state = (await bob.next_event("room_state")).state
        position: Position = game.start(0)
        assert state_dict(state) == game.state_json(position)
        for ply in range(8):
            move = state.legal[-1]
            await (ann, bob)[state.turn].move(granted.room, move, ply)
            state = (await bob.next_event("move_made")).state
            position = game.play(position, move)
            assert state_dict(state) == game.state_json(position), ply
        await ann.close()
        await bob.close()


async def test_a_stored_18_oware_game_replays_unchanged(make_settings, tmp_path):
    old_json = _oware_18()
    old, new = Game(parse_variant(old_json)), Game(load_variant("oware"))
    moves = _diverging(old, new)
    played = [old.start(0)]
    for move in moves:
        played.append(old.play(played[-1], move))
    configs = tmp_path / "configs"
    configs.mkdir()
    (configs / "oware.json").write_text(json.dumps(old_json), encoding="utf-8")

    # before the upgrade: `oware` is the 1.8 file
    async with running(make_settings(configs_dir=str(configs))) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        ann = await MancalaClient.connect(url, name="ann")
        bob = await MancalaClient.connect(url, name="bob")
        granted = await ann.create_room("oware", seat=0)
        await bob.join(granted.room)
        first = await bob.next_event("room_state")
        state, game_id = first.state, first.game_id
        for ply, move in enumerate(moves):
            await (ann, bob)[state.turn].move(granted.room, move, ply)
            state = (await bob.next_event("move_made")).state
        assert state_dict(state) == old.state_json(played[-1])
        await ann.close()
        await bob.close()

    # after: the package's catalogue, where `oware` follows 1.10; the same database
    async with running(make_settings()) as server:
        status, record = await _get(server.port, f"/api/games/{game_id}/record.json")
        assert status == 200 and record["config"] == old_json
        status, got = await _get(server.port, f"/api/games/{game_id}/positions")
        assert status == 200 and got["total"] == len(moves) + 1
        assert got["states"] == [old.state_json(p) for p in played]
        assert got["states"][-1] != new.state_json(_replayed(new, moves))  # the test means something


def _replayed(game: Game, moves: list[int]) -> Position:
    position = game.start(0)
    for move in moves:
        position = game.play(position, move)
    return position
