"""Bao's arrangement online (configs/bao_mg, prescribed ARNGE_LIMIT): offered in the state
to the first mover, played as `move: {"arrange": [...]}`, told to everyone, stored, and
refused with a typed error (the position unchanged) wherever the rules do not allow it."""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any

import pytest

from mancala import replay
from mancala_client.api import MancalaClient, ServerError
from mancala_server.app import running
from tests.server.helpers import get_json, http_get

LAYOUT = [7, 0, 5, 4, 4, 4, 4]  # 28 seeds from South's left
START = [4] * 14


async def bao_room(connect: Any, variant: str = "bao_mg") -> tuple[MancalaClient, MancalaClient,
                                                                    MancalaClient, str, Any]:
    a = await connect("ann")
    b = await connect("bob")
    w = await connect("watcher")
    granted = await a.create_room(variant, seat=0)
    await b.join(granted.room)
    state = await b.next_event("room_state")
    watched = await w.spectate(granted.room)
    assert watched.arrange == state.arrange  # the spectator is told of the offer too
    return a, b, w, granted.room, state


async def refused(client: MancalaClient, room: str, move: Any, ply: int | None = 0) -> ServerError:
    with pytest.raises(ServerError) as caught:
        await client.move(room, move, ply)
    return caught.value


async def test_the_first_mover_is_offered_the_arrangement_and_everyone_sees_it(connect: Any) -> None:
    a, b, w, room, state = await bao_room(connect)
    assert state.arrange is not None and state.you == 1
    assert (state.arrange.seat, state.arrange.holes, state.arrange.seeds, state.arrange.min_move) == (0, 7, 28, 1)
    assert state.arrange.current == [4] * 7
    await a.move(room, {"arrange": LAYOUT}, 0)
    for client in (a, b, w):
        made = await client.next_event("move_made")
        assert made.move == {"arrange": LAYOUT} and made.seat == 0 and made.ply == 0
        # North's row from North's own left (hole 7) mirrors South's
        assert made.state.board == LAYOUT + LAYOUT
        assert made.state.turn == 1
        assert made.events == []
    # the game goes on from the arranged board: North sows
    await b.move(room, 7, 1)
    made = await w.next_event("move_made")
    assert made.ply == 1


@pytest.mark.parametrize(("move", "code", "words"), [
    ({"arrange": [4, 4, 4, 4, 4, 4]}, "illegal_move", "all 7 holes"),
    ({"arrange": [5, 4, 4, 4, 4, 4, 4]}, "illegal_move", "all 28 seeds"),
    ({"arrange": [4, 4, 4, 4, 4, 4, 4]}, "illegal_move", "to keep it"),
    ({"arrange": [-1, 5, 4, 4, 4, 4, 8]}, "bad_message", ""),
    ({"arrange": [1.5, 4, 4, 4, 4, 4, 6.5]}, "bad_message", ""),
    ({"arrange": []}, "bad_message", ""),
    ({"arrange": [0] * 129}, "bad_message", ""),
    ({"arrange": LAYOUT, "hole": 3}, "bad_message", ""),
])
async def test_a_wrong_arrangement_is_refused_and_nothing_changes(connect: Any, move: Any, code: str,
                                                                  words: str) -> None:
    a, _b, w, room, _state = await bao_room(connect)
    error = await refused(a, room, move)
    assert error.code == code and words in error.message
    back = await w.spectate(room)
    assert back.ply == 0 and back.state.board == START and back.arrange is not None


async def test_only_the_first_mover_arranges_and_only_at_the_first_move(connect: Any) -> None:
    a, b, w, room, _state = await bao_room(connect)
    assert (await refused(b, room, {"arrange": LAYOUT})).code == "not_your_turn"
    assert (await refused(w, room, {"arrange": LAYOUT})).code == "not_a_player"
    await a.move(room, 3, 0)  # South sows instead
    made = await w.next_event("move_made")
    board = made.state.board
    assert (await w.spectate(room)).arrange is None
    error = await refused(b, room, {"arrange": LAYOUT}, 1)
    assert error.code == "illegal_move" and "first move" in error.message
    assert (await w.spectate(room)).state.board == board


async def test_no_arrangement_in_a_game_without_it(connect: Any) -> None:
    a, _b, w, room, state = await bao_room(connect, "bao")
    assert state.arrange is None
    error = await refused(a, room, {"arrange": [1, 3, 2, 2, 2, 2, 2, 2]})
    assert error.code == "illegal_move" and "no arrangement move" in error.message
    assert (await w.spectate(room)).ply == 0


async def test_an_arranged_game_comes_back_after_a_restart(make_settings: Any) -> None:
    settings = make_settings()
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        a = await MancalaClient.connect(url, name="ann")
        b = await MancalaClient.connect(url, name="bob")
        granted = await a.create_room("bao_mg", seat=0)
        joined = await b.join(granted.room)
        await a.move(granted.room, {"arrange": LAYOUT}, 0)
        await b.next_event("move_made")
        await b.move(granted.room, 9, 1)
        made = await b.next_event("move_made")
        for c in (a, b):
            await c.close()
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        b = await MancalaClient.connect(url, name="bob")
        back = await b.reconnect(granted.room, joined.token)
        assert back.ply == 2 and back.state == made.state
        assert back.moves[0].move == {"arrange": LAYOUT}
        await b.close()


async def test_the_games_record_replays_the_arrangement(server: Any, connect: Any) -> None:
    a, b, _w, room, _state = await bao_room(connect)
    await a.move(room, {"arrange": LAYOUT}, 0)
    await b.next_event("move_made")
    await b.move(room, 7, 1)
    made = await b.next_event("move_made")
    joined = await (await connect("late")).spectate(room)
    status, record = await get_json(server.port, f"/api/games/{joined.game_id}/record.json")
    assert status == 200 and record["moves"] == [{"arrange": LAYOUT}, 7]
    out, err = io.StringIO(), io.StringIO()
    replay._GAMES.clear()
    assert replay.run_request(record, out, err) == 0, err.getvalue()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[1]["board"] == LAYOUT + LAYOUT and lines[-1] == {"end": True, "moves": 2}
    assert lines[-2]["board"] == made.state.board
    status, _, text = await asyncio.to_thread(http_get, server.port, f"/api/games/{joined.game_id}/record.txt")
    assert status == 200 and "1. South arrange 7 0 5 4 4 4 4" in text.decode()


async def test_a_takeback_to_the_start_offers_the_arrangement_again(connect: Any) -> None:
    a, b, _w, room, _state = await bao_room(connect)
    await a.move(room, {"arrange": LAYOUT}, 0)
    await b.next_event("move_made")
    await a.request({"type": "offer_takeback", "room": room})
    await b.request({"type": "answer_takeback", "room": room, "accept": True})
    back = await b.next_event("taken_back")
    assert back.ply == 0 and back.state.board == START
    assert back.arrange is not None and back.arrange.seat == 0
    await a.move(room, {"arrange": list(reversed(LAYOUT))}, 0)
    made = await b.next_event("move_made")
    assert made.state.board == list(reversed(LAYOUT)) * 2


async def test_a_computer_starter_sows(connect: Any) -> None:
    """The computer never arranges: `legal` lists sowings only; its first sowing holds it back."""
    a = await connect("ann")
    await a.create_room("bao_mg", seat=1, computer=0, starter=0)
    made = await a.next_event("move_made", timeout=30)
    assert made.ply == 0 and made.seat == 0 and isinstance(made.move, int)
