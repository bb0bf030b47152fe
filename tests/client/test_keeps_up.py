"""Issue 24 point 5 in the terminal: the client neither animates moves nor holds them
back (screen.py draws a move's board as the move is handled), so a player or spectator
there is never behind the game, however fast the moves come. Pinned here so that an
animation added later has to keep the rule the web page keeps (sowing.js: never more
than one move behind)."""

from __future__ import annotations

import random

from mancala.engine.position import Position
from mancala.protocol.messages import MoveMade
from mancala_client.board_view import render_board
from tests.client.test_bell import watching


def test_every_move_of_a_burst_is_drawn_as_it_is_handled() -> None:
    screen, text, game = watching(False)
    pos: Position = game.start(0)
    ply, rng = 0, random.Random(24)
    while pos.outcome is None:  # a whole game handed over at once, as a burst arrives
        move = rng.choice(game.legal_moves(pos))
        seat = pos.turn
        pos, events = game.play_events(pos, move)
        screen.handle(MoveMade.model_validate({"type": "move_made", "room": "ABC123", "ply": ply, "seat": seat,
                                               "move": move, "state": game.state_json(pos), "events": events}))
        ply += 1
        view = screen.view
        assert view is not None and view.ply == ply
        assert view.state["board"] == list(pos.board)
        # the last thing printed is this move's board: nothing waits to be shown
        assert text.getvalue().rstrip("\n").endswith(render_board(view).rstrip("\n")), ply
    assert ply >= 20
