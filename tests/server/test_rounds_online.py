"""Games in rounds online: a round's end is followed by the next round's start."""

from __future__ import annotations

import random

from mancala.engine import Game
from mancala.engine.game import ROUND_KINDS
from mancala.rules.loading import load_variant
from mancala_client.api import MancalaClient


async def test_rounds_go_on_in_a_room_until_the_game_ends(url: str) -> None:
    a = await MancalaClient.connect(url)
    b = await MancalaClient.connect(url)
    watcher = await MancalaClient.connect(url)
    try:
        granted = await a.create_room("dakon_rounds", public=False)
        state = (await a.next_event("room_state")).state
        await b.join(granted.room)
        await watcher.spectate(granted.room)
        game = Game(load_variant("dakon_rounds"))
        pos = game.start(0)
        players = {0: a, 1: b}
        rng = random.Random(1)
        rounds_seen = 0
        for ply in range(3000):
            if state.outcome is not None and state.outcome["kind"] not in ("ROUND_WIN", "ROUND_TIE"):
                break
            await players[state.turn].move(granted.room, rng.choice(state.legal), ply)
            made = await watcher.next_event("move_made")
            pos = game.play(pos, made.move)
            assert made.state.board == pos.board
            state = made.state
            if pos.outcome is not None and pos.outcome.kind in ROUND_KINDS:
                started = await watcher.next_event()
                if started.type == "round_started":
                    rounds_seen += 1
                    pos = game.next_round(pos)
                    assert started.state.board == pos.board and started.state.turn == pos.turn
                    state = started.state
                else:
                    assert started.type == "game_over"
                    break
        assert rounds_seen >= 1
    finally:
        for c in (a, b, watcher):
            await c.close()
