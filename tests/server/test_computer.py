"""Computer opponents in rooms: created from the lobby, moving from a process pool."""

from __future__ import annotations

import asyncio
import random
import time

from mancala.client.api import MancalaClient
from mancala.engine import Game
from mancala.rules.loading import load_variant


async def test_a_computer_opponent_answers_every_move_until_the_game_ends(url: str) -> None:
    human = await MancalaClient.connect(url, name="ann")
    try:
        granted = await human.request({"type": "create_room", "variant": "kalah_4", "seat": 0,
                                       "computer": 1, "public": False})
        state = (await human.next_event("room_state")).state
        assert granted.seat == 0
        game = Game(load_variant("kalah_4"))
        pos = game.start(0)
        rng = random.Random(4)
        ply = 0
        computer_moves = 0
        while state.outcome is None:
            if state.turn == 0:
                await human.move(granted.room, rng.choice(state.legal), ply)
            event = await human.next_event("move_made", timeout=30)
            assert event.ply == ply
            pos = game.play(pos, event.move)  # every move, the computer's too, replays legally
            assert event.state.board == pos.board
            computer_moves += event.seat == 1
            state, ply = event.state, ply + 1
        assert computer_moves > 0
        over = await human.next_event("game_over", timeout=10)
        assert over.reason == "rules"
    finally:
        await human.close()


async def test_computer_searches_do_not_stall_other_rooms(url: str) -> None:
    """Several rooms with a computer thinking at the top level; two humans' moves still flow."""
    bots = []
    for _ in range(3):
        c = await MancalaClient.connect(url)
        await c.request({"type": "create_room", "variant": "oware_abapa", "seat": 1, "starter": 1,
                         "computer": 3, "public": False})
        bots.append(c)
    a = await MancalaClient.connect(url)
    b = await MancalaClient.connect(url)
    try:
        granted = await a.create_room("kalah_4", public=False)
        state = (await a.next_event("room_state")).state
        await b.join(granted.room)
        players = {0: a, 1: b}
        rng = random.Random(2)
        worst = 0.0
        for ply in range(20):
            if state.outcome is not None:
                break
            mover = players[state.turn]
            t = time.perf_counter()
            await mover.move(granted.room, rng.choice(state.legal), ply)
            state = (await a.next_event("move_made")).state
            worst = max(worst, time.perf_counter() - t)
        # a move round trip stays far below one computer search (up to 2 s each)
        assert worst < 1.0, worst
    finally:
        for c in (a, b, *bots):
            await c.close()
        await asyncio.sleep(0)
