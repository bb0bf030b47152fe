"""Puzzles on a real server (docs/puzzles.md): a finished public game between two known
players is mined in the on-demand search processes; its puzzles are served without their
solution; an answer over the socket is judged, refuted when wrong, and a known player's
first try moves their puzzle rating, a second none."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from mancala_client.api import MancalaClient, ServerError
from mancala_server.app import MancalaServer
from tests.server.helpers import get_json

VARIANT = "kalah_4"


async def known(connect: Any, name: str) -> MancalaClient:
    client = await connect(name)
    await client.request({"type": "identify", "name": name})
    return client


async def played_to_the_end(ann: MancalaClient, bob: MancalaClient, rng: random.Random) -> None:
    granted = await ann.create_room(VARIANT, seat=0)
    await bob.join(granted.room)
    state = (await bob.next_event("room_state")).state
    ply = 0
    while state.outcome is None:
        await (ann, bob)[state.turn].move(granted.room, rng.choice(state.legal), ply)
        state = (await ann.next_event("move_made")).state
        await bob.next_event("move_made")
        ply += 1
    await ann.next_event("game_over")


async def first_puzzle(server: MancalaServer) -> dict[str, Any]:
    for _ in range(600):
        status, body = await get_json(server.port, f"/api/puzzles/{VARIANT}")
        if status == 200:
            return body
        assert body["error"] == "no_puzzles"
        await asyncio.sleep(0.1)
    raise AssertionError("no puzzle was found in the finished games")


async def test_a_finished_game_gives_puzzles_answered_over_the_socket(server: MancalaServer, connect) -> None:
    ann, bob = await known(connect, "ann"), await known(connect, "bob")
    rng = random.Random(5)
    for _ in range(2):
        await played_to_the_end(ann, bob, rng)
    puzzle = await first_puzzle(server)
    assert "solution" not in puzzle and "refutations" not in puzzle, "the answer is not given away"
    legal = puzzle["state"]["legal"]
    row = await server.hub.storage.puzzle(puzzle["id"])
    assert row is not None and row.solution in legal and len(legal) >= 2
    wrong = next(m for m in legal if m != row.solution)
    result = await bob.request({"type": "puzzle_answer", "puzzle": puzzle["id"], "move": wrong})
    assert not result.correct and result.solution == row.solution
    assert result.refutation is not None and result.refutation.value < result.value
    assert result.rating_after < result.rating_before, "a known player's first try moves their rating"
    again = await bob.request({"type": "puzzle_answer", "puzzle": puzzle["id"], "move": row.solution})
    assert again.correct and again.rating_after is None, "a second try moves no rating"
    right = await ann.request({"type": "puzzle_answer", "puzzle": puzzle["id"], "move": row.solution})
    assert right.correct and right.rating_after > right.rating_before and right.refutation is None


async def test_bad_answers_get_typed_errors_and_move_nothing(server: MancalaServer, connect) -> None:
    guest = await connect("guest")
    for message, code in (({"type": "puzzle_answer", "puzzle": 999999, "move": 1}, "bad_message"),
                          ({"type": "puzzle_answer", "puzzle": "x", "move": 1}, "bad_message")):
        try:
            await guest.request(message)
        except ServerError as exc:
            assert exc.code == code
        else:
            raise AssertionError(f"{message} was taken")
    status, body = await get_json(server.port, f"/api/puzzles/{VARIANT}?difficulty=impossible")
    assert status == 400 and body["error"] == "bad_request"
    status, body = await get_json(server.port, "/api/puzzles/no_such_game")
    assert status == 404
