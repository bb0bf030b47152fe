"""Plain HTTP on the game port."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import InvalidStatus

from tests.server.helpers import ann_and_bob, get_json, http_get


async def test_healthz_variants_rooms_and_404s(server, connect):
    port = server.port
    status, kind, body = await asyncio.to_thread(http_get, port, "/healthz")
    assert (status, kind, body) == (200, "text/plain", b"ok\n")

    status, variants = await get_json(port, "/api/variants")
    assert status == 200
    by_name = {v["name"]: v for v in variants}
    assert by_name["kalah_4"]["holes"] == 6 and by_name["kalah_4"]["title"] == "Kalah 4"
    assert "oware_abapa" in by_name
    assert set(by_name["kalah_4"]) == {"name", "title", "about", "holes", "rules", "family", "region",
                                       "rules_version", "kept", "settings"}

    status, kind, body = await asyncio.to_thread(http_get, port, "/favicon.svg")
    assert (status, kind) == (200, "image/svg+xml") and body.startswith(b"<svg")

    status, rooms = await get_json(port, "/api/rooms")
    assert (status, rooms) == (200, [])
    client = await connect("ann")
    granted = await client.create_room("kalah_4")
    status, rooms = await get_json(port, "/api/rooms")
    assert [r["room"] for r in rooms] == [granted.room] and rooms[0]["status"] == "waiting"

    for path in ("/api/games/999", "/api/games/abc", "/nothing-here", "/api/", "/api/games/99999999999999999999", "/../../etc/passwd",
                 "/%2e%2e/%2e%2e/etc/passwd", "/ws"):
        status, kind, body = await asyncio.to_thread(http_get, port, path)
        assert status == 404, path
        assert kind == "application/json" and json.loads(body)["error"] == "not_found"


async def test_game_record(server, connect):
    a, _, room, start = await ann_and_bob(connect)
    await a.move(room, 2, 0)  # the last seed lands in the store: South again
    await a.move(room, 5, 1)
    status, game = await get_json(server.port, f"/api/games/{start.game_id}")
    assert status == 200
    assert game["moves"] == [2, 5] and game["seats"] == [0, 0] and game["outcome"] is None
    assert game["players"] == ["ann", "bob"] and game["variant"] == "kalah_4"


async def test_websocket_only_at_ws(server):
    url = f"ws://127.0.0.1:{server.port}"
    async with ws_connect(f"{url}/ws") as ws:
        await ws.send(json.dumps({"type": "ping", "id": 1}))
        assert json.loads(await ws.recv()) == {"type": "pong", "id": 1}
        assert ws.subprotocol is None  # no subprotocol asked: JSON
    try:
        async with ws_connect(f"{url}/elsewhere"):
            raise AssertionError("a websocket outside /ws was accepted")
    except InvalidStatus as exc:
        assert exc.response.status_code == 404


async def test_subprotocols(server):
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with ws_connect(url, subprotocols=["mancala.v1.msgpack", "mancala.v1.json"]) as ws:
        assert ws.subprotocol == "mancala.v1.msgpack"
    async with ws_connect(url, subprotocols=["chat", "mancala.v1.json"]) as ws:
        assert ws.subprotocol == "mancala.v1.json"
    try:
        async with ws_connect(url, subprotocols=["mancala.v2.json"]):
            raise AssertionError("an unknown subprotocol was accepted")
    except InvalidStatus as exc:
        assert exc.response.status_code == 400
