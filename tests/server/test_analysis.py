"""The computer's view of a stored game's position over HTTP (issue 13):
/api/games/{id}/analysis?ply=N, searched in a worker process, kept per (game, ply), paid
for from a quota per address, refused (typed) where it does not apply."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from mancala.ai.solver import POSITION_TT_BITS, solve
from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from mancala_server.rate_limits import Rule
from tests.server.helpers import ann_and_bob, http_get, play_moves

# the first answer waits for a worker process to start (spawn, imports)
SLOW = 90.0


async def analysis(port: int, game_id: int, ply: Any) -> tuple[int, Any]:
    status, _, body = await asyncio.to_thread(http_get, port, f"/api/games/{game_id}/analysis?ply={ply}", SLOW)
    return status, json.loads(body)


async def a_played_game(connect: Any, variant: str, count: int, seed: int = 7) -> tuple[int, list[Any]]:
    """Ann and Bob play up to `count` random moves of `variant`; (game id, moves)."""
    a, b, room, state = await ann_and_bob(connect, variant)
    await a.next_event("room_state")
    moves: list[Any] = []
    rng = random.Random(seed)
    real_choice = rng.choice

    def choice(seq: Any) -> Any:
        moves.append(real_choice(seq))
        return moves[-1]

    rng.choice = choice  # type: ignore[method-assign]
    await play_moves(room, [a, b], state.state, rng=rng, count=count)
    return state.game_id, moves


async def test_an_endgame_position_is_solved_exactly(server, connect):
    game_id, moves = await a_played_game(connect, "kalah_4_pits_3", 200)
    game = Game(load_variant(config_paths()["kalah_4_pits_3"]))
    pos = game.start(0)
    positions = [pos]
    for move in moves:
        pos = game.play(pos, move)
        positions.append(pos)
    assert pos.outcome is not None  # played to the end
    ply = len(moves) - 3
    status, got = await analysis(server.port, game_id, ply)
    assert status == 200, got
    sol = solve(game, positions[ply], time_limit=30, tt_bits=POSITION_TT_BITS)
    assert sol is not None
    assert got["exact"] is True and got["over"] is False
    assert got["value"] == sol.value and got["turn"] == positions[ply].turn and got["ply"] == ply
    assert got["best_move"] in [Game.move_json(m) for m in sol.best_moves]
    # the end of the game: nothing to search, and nothing paid
    status, over = await analysis(server.port, game_id, len(moves))
    assert status == 200 and over["over"] is True
    # asked again: from memory
    computed = server.hub.analyses.computed
    assert await analysis(server.port, game_id, ply) == (200, got)
    assert server.hub.analyses.computed == computed


async def test_a_mid_game_position_has_a_legal_best_move_and_a_quota(server, connect):
    game_id, moves = await a_played_game(connect, "kalah_4", 6)
    game = Game(load_variant(config_paths()["kalah_4"]))
    pos = game.start(0)
    for move in moves[:4]:
        pos = game.play(pos, move)
    status, got = await analysis(server.port, game_id, 4)
    assert status == 200, got
    assert got["best_move"] in [Game.move_json(m) for m in game.legal_moves(pos)]
    assert got["turn"] == pos.turn and isinstance(got["value"], float)
    assert got["exact"] or got["depth"] >= 1

    # over the quota: a typed 429 (answers from memory stay free)
    server.hub.analyses.rule = Rule("analysis-address-tight", 0.001, 1)  # buckets of its own
    assert (await analysis(server.port, game_id, 5))[0] == 200
    status, refused = await analysis(server.port, game_id, 6)
    assert status == 429 and refused["error"] == "analysis_quota"
    assert (await analysis(server.port, game_id, 4)) == (200, got)


async def test_refusals_are_typed(server, connect):
    game_id, moves = await a_played_game(connect, "kalah_4", 2)
    for ply, code, want in (("x", 400, "bad_request"), ("", 400, "bad_request"), (99, 404, "no_such_ply")):
        status, got = await analysis(server.port, game_id, ply)
        assert (status, got["error"]) == (code, want)
    status, got = await analysis(server.port, 999_999, 0)
    assert (status, got["error"]) == (404, "not_found")
    a = await connect("cat")
    custom = {"game_class": "Mancala", "game_constants": {"holes": 3, "nbr_start": 2},
              "game_info": {"name": "Tiny", "stores": True, "sow_own_store": True}}
    await a.create_room(custom, seat=0, public=False)
    state = await a.next_event("room_state")
    status, got = await analysis(server.port, state.game_id, 0)
    assert (status, got["error"]) == (404, "not_found")


async def test_an_endgame_database_gives_every_moves_value(server, connect, tmp_path, monkeypatch):
    """Where a database of the variant's rules holds the position (built by the operator
    into the folder MANCALA_EGTB_DIR names), the answer lists each move's exact final
    margin as a book's would, read by the search process."""
    from mancala.ai import egtb

    game = Game(load_variant(config_paths()["kalah_standard"]))
    egtb.build(game.variant, 10, tmp_path / "kalah-10.egtb")
    monkeypatch.setenv("MANCALA_EGTB_DIR", str(tmp_path))  # the search processes start after this
    game_id, moves = await a_played_game(connect, "kalah_standard", 300, seed=3)
    pos, positions = game.start(0), []
    for move in moves:
        positions.append(pos)
        pos = game.play(pos, move)
    assert pos.outcome is not None  # played to the end
    ply = next(i for i, p in enumerate(positions) if sum(p.board) <= 10 and len(game.legal_moves(p)) > 1)
    status, got = await analysis(server.port, game_id, ply)
    assert status == 200, got
    at = positions[ply]
    expected = []
    for move in game.legal_moves(at):
        child = game.play(at, move)
        me = at.turn
        if child.outcome is not None:
            expected.append((Game.move_json(move), child.stores[me] - child.stores[1 - me]))
        else:
            sol = solve(game, child, time_limit=30, tt_bits=POSITION_TT_BITS)
            assert sol is not None
            expected.append((Game.move_json(move), sol.value if child.turn == me else -sol.value))
    assert [(m["move"], m["value"]) for m in got["moves"]] == expected
    assert got["exact"] is True and got["value"] == max(v for _, v in expected)
    assert got["algorithm"] == "solver"
