"""The opening explorer on a real server (docs/explorer.md): finished games between two
known players in public rooms are counted as they end; games that say nothing about how
people play are not; the API answers a position with its moves and refuses bad paths with
a typed error. Real sockets, a real SQLite file, the server's own feed."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from mancala.ai import books
from mancala.engine.game import Game
from mancala.rules.loading import load_variant
from mancala_client.api import MancalaClient
from mancala_server.app import MancalaServer
from mancala_server.explorer_rows import DEPTH, MAX_PATH_TEXT
from tests.server.helpers import engine, get_json, http_get, replay

VARIANT = "kalah_4"


async def known(connect: Any, name: str) -> MancalaClient:
    client = await connect(name)
    await client.request({"type": "identify", "name": name})
    return client


async def finished(connect: Any, south: MancalaClient, north: MancalaClient, *, public: bool = True,
                   each: int = 2, variant: str = VARIANT) -> tuple[int, list[Any]]:
    """A game of South and North that North resigns after each made `each` moves: its id and moves."""
    granted = await south.create_room(variant, seat=0, public=public)
    await north.join(granted.room)
    state = (await north.next_event("room_state")).state
    moves: list[Any] = []
    made = [0, 0]
    ply = 0
    while min(made) < each:
        seat = state.turn
        move = state.legal[0]
        await (south, north)[seat].move(granted.room, move, ply)
        state = (await south.next_event("move_made")).state
        await north.next_event("move_made")
        moves.append(move)
        made[seat] += 1
        ply += 1
    await north.resign(granted.room)
    over = await south.next_event("game_over")
    return int(over.game_id), moves


async def judged(server: MancalaServer, game_id: int) -> tuple[bool, str | None]:
    deadline = time.monotonic() + 30  # a limit against a hang, not a claim about speed
    while time.monotonic() < deadline:
        verdict = await server.hub.storage.explorer_judged(game_id)
        if verdict is not None:
            return verdict
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game_id} was never judged by the explorer")


def explorer_path(moves: list[Any], **query: str) -> str:
    params = {"moves": json.dumps(moves), **query}
    return f"/api/explorer/{VARIANT}?{urllib.parse.urlencode(params)}"


async def test_a_finished_public_game_of_two_players_is_counted_as_it_ends(server: MancalaServer, connect) -> None:
    ann, bob = await known(connect, "ann"), await known(connect, "bob")
    game_id, moves = await finished(connect, ann, bob)
    assert await judged(server, game_id) == (True, None)
    status, root = await get_json(server.port, explorer_path([]))
    assert status == 200 and root["games"] == 1 and root["starter"] == 0 and root["depth"] == DEPTH
    (first,) = root["next"]
    assert (first["move"], first["mover"], first["games"], first["wins"], first["draws"], first["losses"]) == (
        moves[0], 0, 1, 1, 0, 0), "South made the first move and won (North resigned)"
    assert first["average_rating"] is None and first["value"] is None  # a casual game; no book yet
    status, after = await get_json(server.port, explorer_path(moves[:1]))
    assert status == 200 and after["moves"] == moves[:1]
    game = engine(VARIANT)
    assert after["state"]["board"] == replay(game, moves[:1])["board"], "the board after the path, by the engine"
    assert [n["move"] for n in after["next"]] == [moves[1]]


async def test_games_that_say_nothing_about_how_people_play_are_not_counted(server: MancalaServer,
                                                                            connect) -> None:
    ann, bob = await known(connect, "ann"), await known(connect, "bob")
    guest = await connect("guest")
    private, _ = await finished(connect, ann, bob, public=False)
    short, _ = await finished(connect, ann, bob, each=1)
    with_guest, _ = await finished(connect, ann, guest)
    assert await judged(server, private) == (False, "a private game")
    assert await judged(server, short) == (False, "too short")
    assert await judged(server, with_guest) == (False, "a seat without a known player")
    status, root = await get_json(server.port, explorer_path([]))
    assert status == 200 and root["games"] == 0 and root["next"] == []


async def test_one_pair_cannot_push_a_line_by_replaying_it(server: MancalaServer, connect) -> None:
    """Spam by two accounts: the same pair's games past three a day add nothing."""
    ann, bob = await known(connect, "ann"), await known(connect, "bob")
    ids = [(await finished(connect, ann, bob))[0] for _ in range(5)]
    verdicts = [await judged(server, game_id) for game_id in ids]
    assert [counted for counted, _ in verdicts] == [True, True, True, False, False]
    status, root = await get_json(server.port, explorer_path([]))
    assert root["games"] == 3


async def test_bad_paths_get_a_typed_error_naming_what_was_wrong(server: MancalaServer) -> None:
    port = server.port
    cases = {
        explorer_path([]).replace("moves=%5B%5D", "moves=nope"): (400, "bad_request", "not a JSON list"),
        explorer_path([1] * (DEPTH + 1)): (400, "bad_request", f"first {DEPTH} moves"),
        explorer_path([True]): (400, "bad_request", "moves[0]"),
        explorer_path([99]): (400, "illegal_move", "moves[0]"),
        explorer_path([], starter="2"): (400, "bad_request", "starter"),
        "/api/explorer/no_such_game": (404, "not_found", "no_such_game"),
        f"/api/explorer/{VARIANT}?moves=" + "1" * (MAX_PATH_TEXT + 1): (400, "bad_request", "characters"),
    }
    for path, (want_status, code, words) in cases.items():
        status, body = await get_json(port, path)
        assert (status, body["error"]) == (want_status, code), path
        assert words in body["message"], (path, body)


async def test_a_moves_value_is_shown_where_an_opening_book_holds_it(start_server: Any, tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    small = "kalah_4_pits_3"
    game = Game(load_variant(small))
    book = books.build(game, depth=1)
    book.save(books.default_path(game.variant, tmp_path / "books"))
    monkeypatch.setenv("MANCALA_BOOK_DIR", str(tmp_path / "books"))  # before the search processes start
    books.forget()
    server = await start_server()
    opened = []
    try:
        for name in ("ann", "bob"):
            client = await MancalaClient.connect(f"ws://127.0.0.1:{server.port}/ws", name=name)
            await client.request({"type": "identify", "name": name})
            opened.append(client)
        game_id, moves = await finished(None, *opened, variant=small)
        assert await judged(server, game_id) == (True, None)
        status, root = await get_json(server.port, f"/api/explorer/{small}?moves=[]")
        expected = dict(book.move_values(game, game.start(0)) or [])
        assert status == 200 and root["book"] is True
        (first,) = root["next"]
        assert first["value"] == expected[moves[0]], "the book's exact value of the move played"
        status, deep = await get_json(server.port, f"/api/explorer/{small}?moves=" + json.dumps(moves[:3]).replace(" ", ""))
        assert status == 200 and deep["book"] is False and all(n["value"] is None for n in deep["next"])
        # the analysis shows every move's value at a position the book holds
        # (the search processes start on first use: a loaded machine takes seconds)
        status, _, body = await asyncio.to_thread(http_get, server.port, f"/api/games/{game_id}/analysis?ply=0", 60.0)
        analysis = json.loads(body)
        assert status == 200, analysis
        assert {json.dumps(m["move"]): m["value"] for m in analysis["moves"]} == {
            json.dumps(m): v for m, v in expected.items()}
        assert analysis["value"] == max(expected.values()) and analysis["exact"] is True
    finally:
        for client in opened:
            await client.close()
