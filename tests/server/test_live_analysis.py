"""Analysis of a live room's game (issue 13, for spectators): the same
/api/games/{id}/analysis?ply=N as the replay viewer's, asked while the game is played.
The rule (docs/protocol.md "Analysis"): a rated game's positions are refused until it
is over, whoever asks; a casual game's are answered, also after a takeback changed them.
A real server and real websocket clients."""

from __future__ import annotations

from typing import Any

import pytest

from mancala.ai.solver import POSITION_TT_BITS, solve
from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from mancala_server.app import MancalaServer
from tests.server.helpers import next_move
from tests.server.test_analysis import analysis

VARIANT = "kalah_4_pits_3"  # small enough that the solver proves every position's value


@pytest.fixture
async def server(start_server: Any) -> MancalaServer:
    """... given the time: the analysis has 1 s by default for the solver and then a search,
    and on a busy machine the solver did not finish in it (an inexact answer). These tests
    are about which positions are answered: the solver gets the time it needs (it answers
    as soon as it has proved the value)."""
    return await start_server(analysis_budget_ms=30_000)


def engine() -> Game:
    return Game(load_variant(config_paths()[VARIANT]))


async def seated_pair(connect: Any, *, rated: bool) -> tuple[Any, Any, str, int]:
    """Ann (South, to move first) and Bob seated in a new room; (ann, bob, room, game id)."""
    ann, bob = await connect("ann"), await connect("bob")
    if rated:  # a rated game is for known players
        for who, name in ((ann, "Ann"), (bob, "Bob")):
            await who.request({"type": "identify", "name": name})
    granted = await ann.create_room(VARIANT, seat=0, starter=0, rated=rated)
    await bob.join(granted.room)
    state = await bob.next_event("room_state")
    return ann, bob, granted.room, state.game_id


async def play(room: str, mover: Any, players: tuple[Any, Any], move: int, ply: int) -> Any:
    await mover.move(room, move, ply)
    return [await next_move(p, ply) for p in players][0].state


async def test_a_rated_games_positions_are_refused_until_it_is_over(server, connect) -> None:
    ann, bob, room, game_id = await seated_pair(connect, rated=True)
    game = engine()
    first = game.legal_moves(game.start(0))[0]
    await play(room, ann, (ann, bob), first, 0)
    spectator = await connect("cy")  # watching changes nothing: the rule is the game's
    await spectator.spectate(room)
    for ply in (0, 1):
        status, got = await analysis(server.port, game_id, ply)
        assert (status, got["error"]) == (403, "analysis_rated_live"), got
        assert "rated" in got["message"]
    assert server.hub.analyses.computed == 0  # refused before any search was paid for
    await bob.resign(room)
    await ann.next_event("game_over")
    status, got = await analysis(server.port, game_id, 1)
    assert status == 200, got
    after = game.play(game.start(0), first)
    assert got["turn"] == after.turn and got["best_move"] in [Game.move_json(m) for m in game.legal_moves(after)]


def two_replies(game: Game) -> tuple[int, int, int]:
    """South's first move (North to move next) and two replies of North, each leaving
    South to move, whose positions have different proved values."""
    start = game.start(0)
    for first in game.legal_moves(start):
        after = game.play(start, first)
        if after.turn != 1:
            continue
        values: dict[int, int] = {}
        for reply in game.legal_moves(after):
            pos = game.play(after, reply)
            sol = solve(game, pos, time_limit=30, tt_bits=POSITION_TT_BITS)
            if pos.turn == 0 and sol is not None:
                values[reply] = sol.value
        for one in values:
            for other in values:
                if values[one] != values[other]:
                    return first, one, other
    raise AssertionError(f"{VARIANT}: no two replies of different value")


async def test_a_casual_live_game_is_analysed_as_played_and_again_after_a_takeback(server, connect) -> None:
    ann, bob, room, game_id = await seated_pair(connect, rated=False)
    game = engine()
    first, reply, other = two_replies(game)
    await play(room, ann, (ann, bob), first, 0)
    await play(room, bob, (ann, bob), reply, 1)

    def proved(moves: list[int]) -> tuple[int, list[Any]]:
        pos = game.start(0)
        for move in moves:
            pos = game.play(pos, move)
        sol = solve(game, pos, time_limit=30, tt_bits=POSITION_TT_BITS)
        assert sol is not None
        return sol.value, [Game.move_json(m) for m in sol.best_moves]

    status, got = await analysis(server.port, game_id, 2)  # the position now, as a spectator shows it
    assert status == 200 and got["exact"] is True, got
    value, best = proved([first, reply])
    assert got["value"] == value and got["best_move"] in best and got["turn"] == 0

    # Bob takes his move back and plays another: the same ply is another position
    await bob.request({"type": "offer_takeback", "room": room})
    await ann.request({"type": "answer_takeback", "room": room, "accept": True})
    await bob.next_event("taken_back")
    await play(room, bob, (ann, bob), other, 1)
    status, again = await analysis(server.port, game_id, 2)
    assert status == 200 and again["exact"] is True, again
    value, best = proved([first, other])
    assert again["value"] == value and again["best_move"] in best
