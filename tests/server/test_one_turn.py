"""Jackman's challenge over HTTP (issue 16): /api/variants/{name}/one-turn, searched in a
worker process, kept per variant, and refused (typed) where it does not apply."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from tests.server.helpers import get_json, http_get

# the first answer waits for a worker process to start (spawn, imports): a busy machine
# can take a while
SLOW = 90.0


async def get_line(port: int, name: str) -> tuple[int, Any]:
    status, _, body = await asyncio.to_thread(http_get, port, f"/api/variants/{name}/one-turn", SLOW)
    return status, json.loads(body)


async def test_the_best_first_turn_of_jackmans_game_is_searched_once(server):
    # several ask at once: one search; the answers are the same line
    answers = await asyncio.gather(*(get_line(server.port, "multilap_jackman") for _ in range(3)))
    assert [status for status, _ in answers] == [200, 200, 200]
    line = answers[0][1]
    assert all(got == line for _, got in answers)
    assert server.hub.one_turn.computed == 1
    # the count docs/variants.md states under the reference's rules (a majority ends the game)
    assert line["captured"] == 39 and line["total"] == 48 and line["player"] == 0
    assert len(line["steps"]) == 15
    # the line replays with the engine: each step's position and events are what the move did
    game = Game(load_variant(config_paths()["multilap_jackman"]))
    pos = game.start(0)
    assert line["start"] == game.state_json(pos)
    for step in line["steps"]:
        assert pos.turn == 0 and pos.outcome is None  # South keeps the turn until the end
        pos, events = game.play_events(pos, step["move"])
        assert step["state"] == game.state_json(pos) and step["events"] == events
    assert pos.stores[0] == 39 and (pos.turn != 0 or pos.outcome is not None)
    # asked again: from memory
    status, again = await get_line(server.port, "multilap_jackman")
    assert status == 200 and again == line and server.hub.one_turn.computed == 1


async def test_a_variant_without_laps_has_no_one_turn_line(server):
    status, got = await get_json(server.port, "/api/variants/oware_abapa/one-turn")
    assert status == 404 and got["error"] == "no_one_turn"
    status, got = await get_json(server.port, "/api/variants/no_such_game/one-turn")
    assert status == 404 and got["error"] == "not_found"
    assert server.hub.one_turn.computed == 0
    # the rules panel knows where to offer it
    _, rules = await get_json(server.port, "/api/variants/oware_abapa")
    assert rules["one_turn"] is False
    _, rules = await get_json(server.port, "/api/variants/multilap_jackman")
    assert rules["one_turn"] is True


async def test_a_search_over_the_time_limit_is_a_typed_error(start_server):
    # no time at all: the search stops at its first check, long before the 9,447 moves
    server = await start_server(one_turn_time_limit=0.0)
    status, got = await get_line(server.port, "multilap_jackman")
    assert status == 503 and got["error"] == "one_turn_timeout"
    # not searched again at once
    status, got = await get_line(server.port, "multilap_jackman")
    assert status == 503 and server.hub.one_turn.computed == 1
