"""Computer opponents in rooms: created from the lobby, moving from a process pool."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from mancala.ai.player import choose_move
from mancala.ai.solver import solve
from mancala.engine import Game, Position
from mancala.rules.loading import config_paths, load_variant, parse_variant
from mancala_client.api import MancalaClient


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


def endless_oware() -> dict:
    """Oware whose hardest computer searches 40 moves deep: no machine gets there, so
    every search runs to the room's time cap however fast the machine is."""
    raw = json.loads(config_paths()["oware_abapa"].read_text())
    raw["player"] = {**raw["player"], "ai_params": {"mm_depth": [1, 3, 6, 40]}}
    return raw


async def test_computer_searches_do_not_stall_other_rooms(server: Any, url: str) -> None:
    """Rooms with a computer thinking at the top level; two humans' moves still flow: each
    is answered while one same search is running (none waits for a search to end)."""
    bots = []
    keepers = []

    async def keep_it_thinking(bot: MancalaClient, room: str) -> None:
        """Answer every computer move at once, so that its searches go on and on."""
        while True:
            event = await bot.next_event(timeout=60)
            state = getattr(event, "state", None)
            if getattr(event, "room", None) == room and state is not None and state.outcome is None \
                    and state.turn == 1:
                await bot.move(room, state.legal[0])

    for _ in range(2):
        c = await MancalaClient.connect(url)
        granted = await c.request({"type": "create_room", "variant": endless_oware(), "seat": 1, "starter": 0,
                                   "computer": 3, "public": False})
        bots.append(c)
        keepers.append(asyncio.create_task(keep_it_thinking(c, granted.room)))
    a = await MancalaClient.connect(url)
    b = await MancalaClient.connect(url)
    pending = server.hub.computers.pending
    try:
        while not pending:  # the first search is handed to the pool as its room is made
            await asyncio.sleep(0)
        granted = await a.create_room("kalah_4", public=False)
        state = (await a.next_event("room_state")).state
        await b.join(granted.room)
        players = {0: a, 1: b}
        rng = random.Random(2)
        moves = during_search = 0
        for ply in range(20):
            if state.outcome is not None:
                break
            mover = players[state.turn]
            searching = set(pending.values())
            await mover.move(granted.room, rng.choice(state.legal), ply)
            state = (await a.next_event("move_made")).state
            moves += 1
            during_search += bool(searching & set(pending.values()))
        # a search lasts the room's cap (2 s); the moves around the moment one search
        # hands over to the next are the only ones that may not count
        assert moves >= 10 and during_search >= moves - 2, (during_search, moves)
    finally:
        for task in keepers:
            task.cancel()
        for c in (a, b, *bots):
            await c.close()
        await asyncio.sleep(0)


def small_kalah() -> dict:
    """Kalah with 4 holes a side and 3 seeds a hole: solved in milliseconds."""
    raw = json.loads(config_paths()["kalah_4"].read_text())
    raw["game_constants"] = {"holes": 4, "nbr_start": 3}
    return raw


def value_after(game: Game, pos: Position, move: int) -> int:
    """The exact final margin, from the mover's view, that a move leaves with best play."""
    me = pos.turn
    child = game.play(pos, move)
    if child.outcome is not None:
        return child.stores[me] - child.stores[1 - me]
    sol = solve(game, child)
    assert sol is not None
    return sol.value if child.turn == me else -sol.value


@pytest.mark.parametrize("starter", [1, 0])
async def test_a_perfect_computer_keeps_the_exact_value_and_never_loses_to_difficulty_0(
        url: str, starter: int) -> None:
    """Every move of the "perfect" computer keeps the position's game-theoretic value (an
    imperfect move would lower it), so it ends at least as well as best play promises:
    Kalah 4 x 3 is a win by 8 for the starter (the game ends when a store passes half),
    and difficulty 0 does not play perfectly."""
    raw = small_kalah()
    game = Game(parse_variant(raw))
    human = await MancalaClient.connect(url, name="ann")
    try:
        granted = await human.request({"type": "create_room", "variant": raw, "seat": 0, "starter": starter,
                                       "computer": "perfect", "public": False})
        room_state = await human.next_event("room_state")
        assert room_state.seats[1].computer and room_state.seats[1].name == "Computer (perfect)"
        pos = game.start(starter)
        promised = solve(game, pos)
        assert promised is not None and promised.value == 8  # the starter's margin
        computer_promise = promised.value if starter == 1 else -promised.value
        state, ply, computer_moves = room_state.state, 0, 0
        while state.outcome is None:
            if state.turn == 0:
                answer = choose_move(game, pos, difficulty=0, seed=ply)
                await human.move(granted.room, answer.move, ply)
                event = await human.next_event("move_made", timeout=30)
            else:
                event = await human.next_event("move_made", timeout=30)
                assert event.seat == 1 and event.move in game.legal_moves(pos)
                best = solve(game, pos)
                assert best is not None and value_after(game, pos, event.move) == best.value, (ply, event.move)
                computer_moves += 1
            assert event.ply == ply
            pos = game.play(pos, event.move)
            assert event.state.board == pos.board
            state, ply = event.state, ply + 1
        assert computer_moves > 0
        margin = pos.stores[1] - pos.stores[0]
        assert margin >= computer_promise
        assert pos.outcome.winner != 0  # never beaten by difficulty 0
        if starter == 1:
            assert pos.outcome.winner == 1
    finally:
        await human.close()
