"""A ram (1.10 child_type RAM: a child that belongs to nobody) in a live room: the state
line names it "NO_CH_OWNER", the room's pushes carry it, the terminal draws it and the
computer plays on past it. Before, the first ram of a CrossCapt_Six room broke the
room_state model (children were integers only) and the computer's scoring (it added the
ram's seeds to a third player)."""

from __future__ import annotations

import random
from typing import Any

from mancala.ai.player import choose_move
from mancala.engine.game import Game
from mancala.rules.loading import load_variant
from mancala_client.board_view import BoardView, render_board
from mancala_server.app import MancalaServer

VARIANT = "crosscapt_six"


def moves_to_a_ram() -> list[Any]:
    """Moves from South's start that make a ram (found by seeded random play)."""
    game = Game(load_variant(VARIANT))
    for seed in range(200):
        rng, pos, moves = random.Random(seed), game.start(0), []
        while pos.outcome is None and len(moves) < 200:
            move = game.move_json(rng.choice(game.legal_moves(pos)))
            pos = game.play(pos, move)
            moves.append(move)
            if "NO_CH_OWNER" in game.state_json(pos)["children"]:
                return moves
    raise AssertionError("no ram in 200 random games")


async def test_a_ram_is_carried_by_the_room_and_the_computer_plays_past_it(server: MancalaServer, connect) -> None:
    moves = moves_to_a_ram()
    game = Game(load_variant(VARIANT))
    south, north, watcher = await connect("south"), await connect("north"), await connect("watcher")
    granted = await south.create_room(VARIANT, seat=0, starter=0)
    await north.join(granted.room)
    pos = game.start(0)
    for ply, move in enumerate(moves):
        await (south, north)[pos.turn].move(granted.room, move, ply)
        pos = game.play(pos, move)
    watched = await watcher.spectate(granted.room)
    assert "NO_CH_OWNER" in watched.state.children and len(watched.moves) == len(moves)
    # the terminal draws it (r: a ram, nobody's child)
    drawn = render_board(BoardView(holes=game.variant.holes, state=watched.state.model_dump()))
    assert "r]" in drawn or "r}" in drawn, drawn
    if pos.outcome is None:  # the computer's scoring counts the ram's seeds for nobody
        answer = choose_move(game, pos, difficulty=3, budget_ms=50)
        assert answer.move in [game.move_json(m) for m in game.legal_moves(pos)]
