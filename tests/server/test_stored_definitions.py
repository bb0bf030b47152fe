"""Stored games replay as they were played (issue 25, point 3): a game keeps the variant
definition it was stored with when the variant's file changes, through its positions
pages, its record, its analysis and a restart; a new game takes the new file."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.record import GameInfo, record_text
from mancala.rules.loading import config_paths, parse_variant, read_json
from mancala_client.api import MancalaClient
from mancala_server.app import running
from mancala_server.stored_rules import KEEP_GAMES, Definitions, NotBuiltIn, digest
from tests.server.helpers import http_get, state_dict

SLOW = 60.0  # an analysis, a rules worker's replay: a process's start, seconds on a loaded machine


async def _get(port: int, path: str) -> tuple[int, Any]:
    status, _, body = await asyncio.to_thread(http_get, port, path, SLOW)
    return status, json.loads(body)


def _owari(version: str | None, capt_on: list[int]) -> dict[str, Any]:
    """Oware (Abapa) on a board of 4 holes a side, 3 seeds a hole, taking on `capt_on`."""
    raw = read_json(config_paths()["oware_abapa"])
    raw["game_constants"] = {"holes": 4, "nbr_start": 3}
    raw["game_info"] = {**raw["game_info"], "name": "Owari (test)", "capt_on": capt_on}
    if version is not None:
        raw["rules_version"] = version
    return raw


OLD = _owari(None, [2, 3])  # a 1.8 definition (no rules_version)
NEW = _owari("1.10", [4])  # the file as changed: the 1.10 rules, taking on 4 only
MOVES = [1, 6, 3, 5]  # South's 3 takes 2 seeds under OLD; under NEW the first move already takes
RESUME = 2  # South's next move: under OLD it takes nothing, under NEW it takes 4


def _write(configs: Path, definition: dict[str, Any]) -> None:
    configs.mkdir(exist_ok=True)
    (configs / "owari.json").write_text(json.dumps(definition, indent=2))


def _positions(game: Game, moves: list[int]) -> list[Position]:
    out = [game.start(0)]
    for move in moves:
        out.append(game.play(out[-1], move))
    return out


def _record(game: Game, game_id: int, moves: list[int]) -> str:
    start = {"board": [3] * 8, "stores": [0, 0]}
    info = GameInfo(variant="owari", title="Owari (test)", starter=0, players=["ann", "bob"], moves=moves,
                    game_id=game_id, start=start, seats=[i % 2 for i in range(len(moves))])
    return record_text(game, info)


async def test_a_game_stored_under_an_earlier_definition_replays_and_resumes_by_it(make_settings, tmp_path):
    configs = tmp_path / "configs"
    _write(configs, OLD)
    settings = make_settings(configs_dir=str(configs), analysis_budget_ms=50)
    old, new = Game(parse_variant(OLD)), Game(parse_variant(NEW))
    played = _positions(old, MOVES)
    assert old.state_json(played[-1]) != new.state_json(_positions(new, MOVES)[-1])  # the test means something

    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        ann = await MancalaClient.connect(url, name="ann")
        bob = await MancalaClient.connect(url, name="bob")
        granted = await ann.create_room("owari", seat=0)
        joined = await bob.join(granted.room)
        game_id = (await bob.next_event("room_state")).game_id
        for ply, move in enumerate(MOVES):
            await (ann, bob)[ply % 2].move(granted.room, move, ply)
        status, before = await _get(server.port, f"/api/games/{game_id}/analysis?ply=4")
        assert status == 200 and before["turn"] == 0  # today's definition: analysed
        await ann.close()
        await bob.close()

    _write(configs, NEW)  # the catalogue moves on; the database stays
    async with running(settings) as server:
        port = server.port
        _, record = await _get(port, f"/api/games/{game_id}/record.json")
        assert record["config"] == OLD
        # the positions pages: the stored definition's replay, not the file's
        status, got = await _get(port, f"/api/games/{game_id}/positions")
        assert status == 200 and got["title"] == "Owari (test)" and got["total"] == 5
        assert got["states"] == [old.state_json(p) for p in played]
        # the text record: the moves named and marked as OLD played them
        status, _, text = await asyncio.to_thread(http_get, port, f"/api/games/{game_id}/record.txt", SLOW)
        assert status == 200 and text.decode() == _record(old, game_id, MOVES)
        assert text.decode() != _record(new, game_id, MOVES)
        # analysis: the search processes run only today's definitions; refused, typed
        status, refused = await _get(port, f"/api/games/{game_id}/analysis?ply=4")
        assert (status, refused["error"]) == (409, "rules_changed")

        # the live room came back by OLD, and goes on by OLD
        url = f"ws://127.0.0.1:{port}/ws"
        ann = await MancalaClient.connect(url, name="ann")
        bob = await MancalaClient.connect(url, name="bob")
        back = await bob.reconnect(granted.room, joined.token)
        assert back.ply == 4 and state_dict(back.state) == old.state_json(played[-1])
        await ann.reconnect(granted.room, granted.token)
        await ann.move(granted.room, RESUME, 4)
        made = await bob.next_event("move_made")
        assert state_dict(made.state) == old.state_json(old.play(played[-1], RESUME))
        assert state_dict(made.state) != new.state_json(new.play(played[-1], RESUME))

        # a new game of the variant is played by the file as it is now
        cy = await MancalaClient.connect(url, name="cy")
        dee = await MancalaClient.connect(url, name="dee")
        fresh = await cy.create_room("owari", seat=0)
        await dee.join(fresh.room)
        fresh_id = (await dee.next_event("room_state")).game_id
        await cy.move(fresh.room, MOVES[0], 0)
        made = await dee.next_event("move_made")
        assert state_dict(made.state) == new.state_json(new.play(new.start(0), MOVES[0]))
        _, record = await _get(port, f"/api/games/{fresh_id}/record.json")
        assert record["config"] == NEW
        status, got = await _get(port, f"/api/games/{fresh_id}/positions")
        assert status == 200 and got["states"][1] == state_dict(made.state)
        for client in (ann, bob, cy, dee):
            await client.close()


def test_a_definition_is_built_in_only_as_a_file_has_it(tmp_path):
    """Key order does not count; any other change makes it another definition, which this
    server does not play itself; the Games kept are bounded."""
    _write(tmp_path, OLD)
    definitions = Definitions({"owari": tmp_path / "owari.json"})
    reordered = dict(reversed(list(OLD.items())))
    assert definitions.trusted(reordered) and digest(reordered) == digest(OLD)
    assert not definitions.trusted(NEW)
    try:
        definitions.game(NEW)
    except NotBuiltIn:
        pass
    else:
        raise AssertionError("an earlier or custom definition was played in the server")
    assert definitions.game(reordered) is definitions.game(OLD)
    assert KEEP_GAMES >= 1


async def test_a_custom_room_is_played_again_in_the_rules_workers_after_a_restart(make_settings):
    """Its definition is nobody's file: restored by the workers (as its moves are played),
    and its game goes on there."""
    tiny = {"game_class": "Mancala", "game_constants": {"holes": 3, "nbr_start": 2},
            "game_info": {"name": "Tiny", "stores": True, "sow_own_store": True}}
    game = Game(parse_variant(tiny))
    settings = make_settings()
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        ann = await MancalaClient.connect(url, name="ann")
        bob = await MancalaClient.connect(url, name="bob")
        granted = await ann.create_room(tiny, seat=0)
        joined = await bob.join(granted.room)
        state = (await bob.next_event("room_state")).state
        pos, ply = game.start(0), 0
        while ply < 3 and state.outcome is None:
            move = state.legal[0]
            await (ann, bob)[state.turn].move(granted.room, move, ply)
            state = (await bob.next_event("move_made")).state
            pos, ply = game.play(pos, move), ply + 1
        await ann.close()
        await bob.close()
    async with running(settings) as server:
        room = server.hub.rooms[granted.room]
        assert room.rules is not None and room.title == "Tiny (custom)"
        assert room.game.state_json(room.position) == game.state_json(pos) == state_dict(state)
        bob = await MancalaClient.connect(f"ws://127.0.0.1:{server.port}/ws", name="bob")
        back = await bob.reconnect(granted.room, joined.token)
        assert back.ply == ply and state_dict(back.state) == game.state_json(pos)
        await bob.close()
