"""HTTP of the replay viewer and the rules panel: a stored game's positions, one
variant's rules in words, the viewer's page."""

from __future__ import annotations

import asyncio
import json

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from mancala.rules.summary import summary
from tests.server.helpers import ann_and_bob, get_json, http_get


async def test_a_stored_game_replays_into_every_position(server, connect):
    a, b, room, start = await ann_and_bob(connect)
    await a.move(room, 2, 0)  # another turn for South
    await a.move(room, 5, 1)
    await b.move(room, 7, 2)
    status, got = await get_json(server.port, f"/api/games/{start.game_id}/positions")
    assert status == 200
    game = Game(load_variant(config_paths()["kalah_4"]))
    pos = game.start(0)
    want = [game.state_json(pos)]
    for move in (2, 5, 7):
        pos = game.play(pos, move)
        want.append(game.state_json(pos))
    assert got["states"] == want and got["holes"] == 6 and got["title"] == "Kalah 4"
    assert got["round_starts"] == {}

    status, kind, body = await asyncio.to_thread(http_get, server.port, f"/games/{start.game_id}")
    assert (status, kind) == (200, "text/html") and b'src="/replay.js"' in body
    for path in ("/api/games/999/positions", "/games/abc", "/api/variants/nope", "/api/variants/../x"):
        status, _, body = await asyncio.to_thread(http_get, server.port, path)
        assert status == 404 and json.loads(body)["error"] == "not_found", path


async def test_a_custom_variants_game_is_not_replayed_on_the_event_loop(server, connect):
    a = await connect("ann")
    custom = {"game_class": "Mancala", "game_constants": {"holes": 3, "nbr_start": 2},
              "game_info": {"name": "Tiny", "stores": True, "sow_own_store": True}}
    await a.create_room(custom, seat=0, public=False)
    state = await a.next_event("room_state")
    status, _, _ = await asyncio.to_thread(http_get, server.port, f"/api/games/{state.game_id}/positions")
    assert status == 404


async def test_a_variant_with_its_rules_in_words(server):
    status, got = await get_json(server.port, "/api/variants/oware_abapa")
    assert status == 200
    assert got["name"] == "oware_abapa" and got["holes"] == 6 and got["about"]
    assert got["summary"] == summary(load_variant(config_paths()["oware_abapa"]))
    assert len(got["summary"]) >= 3 and all(isinstance(line, str) for line in got["summary"])
