"""A game's record to download (/api/games/{id}/record.json and .txt): the JSON is a
`mancala replay` request that reproduces the game's final position, the text is
docs/notation.md's. Games played through a real server; replay run as a process."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from mancala_server.game_access import share_key
from tests.server.helpers import http_get, next_move, state_dict


async def play_to_the_end(connect, variant: str, seed: int, *, public: bool = True,
                          limit: int = 400) -> tuple[Any, Any, list[Any]]:
    """Two clients play random legal moves to the game's end: (last state, game_over, moves)."""
    south = await connect("ann")
    north = await connect("bob")
    granted = await south.create_room(variant, seat=0, public=public)
    await south.next_event("room_state")
    await north.join(granted.room)
    state = (await north.next_event("room_state")).state
    rng = random.Random(seed)
    moves: list[Any] = []
    while state.outcome is None:
        assert len(moves) < limit, "the seeded game should end sooner"
        move = rng.choice(state.legal)
        await (south if state.turn == 0 else north).move(granted.room, move, len(moves))
        state = (await next_move(south, len(moves))).state
        moves.append(move)
    over = await south.next_event("game_over")
    return state, over, moves


def replay_final(request: dict[str, Any]) -> dict[str, Any]:
    """`mancala replay` on the downloaded record, as a user would run it."""
    done = subprocess.run([sys.executable, "-m", "mancala", "replay"], input=json.dumps(request),
                          capture_output=True, text=True, timeout=120, check=True)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return [line for line in lines if "board" in line][-1]  # (an end line follows the states)


@pytest.mark.parametrize(("variant", "seed"), [("kalah_4", 4), ("oware_abapa", 2), ("mangala_i", 1)])
async def test_a_downloaded_record_replays_to_the_final_position(server, connect, variant, seed):
    state, over, moves = await play_to_the_end(connect, variant, seed)
    status, kind, body = await asyncio.to_thread(http_get, server.port, f"/api/games/{over.game_id}/record.json")
    assert status == 200 and kind == "application/json"
    request = json.loads(body)
    assert set(request) <= {"config", "starter", "moves", "position"} and request["moves"] == moves
    final = replay_final(request)
    expected = state_dict(state)
    assert {k: final[k] for k in expected} == expected


async def test_the_text_record_names_moves_as_the_clients_do(server, connect):
    state, over, moves = await play_to_the_end(connect, "kalah_4", 4, public=False)
    path = f"/api/games/{over.game_id}/record.txt"
    status, _, _ = await asyncio.to_thread(http_get, server.port, path)
    assert status == 404  # a private room's game: only with its share key
    key = share_key(over.room, over.game_id)  # the room_state's share_key, made the same way
    status, kind, body = await asyncio.to_thread(http_get, server.port, f"{path}?key={key}")
    assert status == 200 and kind.startswith("text/plain")
    text = body.decode()
    head, _, listing = text.partition("\n\n")
    assert '[Variant "kalah_4"]' in head and '[Title "Kalah 4"]' in head
    assert '[South "ann"]' in head and '[North "bob"]' in head and '[Starter "South"]' in head
    assert f'[Result "{over.result}"]' in head and '[Reason "rules"]' in head
    lines = listing.splitlines()
    assert len(lines) == len(moves)
    letters = "abcdef"
    for ply, (line, move) in enumerate(zip(lines, moves, strict=True)):
        number, seat, hole, *marks = line.split()
        assert number == f"{ply + 1}." and seat in ("South", "North")
        assert hole == (letters[move] if move < 6 else letters[move - 6].upper())
        assert all(m == "+" or m == "c" or m == "*" or (m[0] == "x" and m[1:].isdigit()) for m in marks)
    assert any("+" in line.split()[3:] for line in lines) and any(" x" in line for line in lines)
    # the winner's count comes first in the result, wherever it is worded
    winner = over.outcome["winner"]
    if winner is not None:
        stores = state.stores
        assert over.result.endswith(f"{stores[winner]}-{stores[1 - winner]}")


async def test_a_custom_variants_record_replays_too(server, connect):
    tiny = {"game_constants": {"holes": 3, "nbr_start": 2},
            "game_info": {"name": "Tiny", "stores": True, "sow_own_store": True}}
    state, over, moves = await play_to_the_end(connect, tiny, 3)  # type: ignore[arg-type]
    _, _, body = await asyncio.to_thread(http_get, server.port, f"/api/games/{over.game_id}/record.json")
    final = replay_final(json.loads(body))
    assert final["board"] == state.board and final["stores"] == state.stores
    _, _, body = await asyncio.to_thread(http_get, server.port, f"/api/games/{over.game_id}/record.txt")
    assert '[Title "Tiny (custom)"]' in body.decode()
    listing = body.decode().partition("\n\n")[2].splitlines()
    assert len(listing) == len(moves)
    for ply, (line, move) in enumerate(zip(listing, moves, strict=True)):
        # lettered as the clients letter them (3 holes a side), no marks: not played here
        assert line == f"{ply + 1}. {line.split()[1]} {'abc'[move] if move < 3 else 'ABC'[move - 3]}"


@pytest.mark.parametrize("path", ["/api/games/999/record.json", "/api/games/999/record.txt",
                                  "/api/games/1/record.pdf", "/api/games/x/record.json"])
async def test_records_of_no_game_are_not_found(server, path):
    status, kind, body = await asyncio.to_thread(http_get, server.port, path)
    assert status == 404 and json.loads(body)["error"] == "not_found"
