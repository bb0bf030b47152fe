"""An in-process restart on the same SQLite file: what comes back and what does not."""

from __future__ import annotations

import random
import sqlite3

import pytest

from mancala_client.api import MancalaClient, ServerError
from mancala_server.app import running
from tests.server.fakes import FakeClock
from tests.server.helpers import play_moves, wait_status


async def _game(url: str, moves: int, seed: int):
    south = await MancalaClient.connect(url, name="ann")
    north = await MancalaClient.connect(url, name="bob")
    granted = await south.create_room("kalah_4", seat=0)
    joined = await north.join(granted.room)
    state = (await north.next_event("room_state")).state
    state = await play_moves(granted.room, [south, north], state, rng=random.Random(seed), count=moves)
    return granted, joined, [south, north], state


async def test_abandon_timers_start_again_after_a_restart(make_settings, tmp_path):
    settings = make_settings(abandon_timeout=0.8)
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        granted, joined, players, state = await _game(url, 3, 1)
        for p in players:
            await p.close()
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        north = await MancalaClient.connect(url, name="bob")
        back = await north.reconnect(granted.room, joined.token)
        assert back.ply == 3 and back.state == state and not back.seats[0].connected
        # South never comes back: North, who is there, may claim the win
        await wait_status(north, 0, "claimable", timeout=3)
        await north.claim_win(granted.room)
        await wait_status(north, 0, "forfeited", timeout=3)
        over = await north.next_event("game_over", timeout=3)
        assert over.reason == "forfeit" and over.outcome["winner"] == 1
        await north.close()


async def test_a_win_claimable_before_a_restart_is_claimable_again_after_a_new_grace_period(make_settings):
    """Claimability lives in memory: a restart gives every seat the grace period again, and
    the win becomes claimable once more when it has passed with the other player back."""
    settings = make_settings(abandon_timeout=30)
    clock = FakeClock()
    async with running(settings, clock) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        granted, joined, (south, north), state = await _game(url, 3, 1)
        await south.close()
        await wait_status(north, 0, "disconnected")
        clock.advance(30.1)
        await wait_status(north, 0, "claimable")
        await north.close()
    clock = FakeClock()
    async with running(settings, clock) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        north = await MancalaClient.connect(url, name="bob")
        back = await north.reconnect(granted.room, joined.token)
        assert back.ply == 3 and not back.seats[0].connected and not back.seats[0].claimable
        assert back.seats[0].grace_ms == 30_000
        with pytest.raises(ServerError) as early:
            await north.claim_win(granted.room)
        assert early.value.code == "not_claimable"
        clock.advance(30.1)
        await wait_status(north, 0, "claimable")
        await north.claim_win(granted.room)
        over = await north.next_event("game_over")
        assert over.reason == "forfeit" and over.outcome["winner"] == 1
        await north.close()


async def test_a_stored_game_that_no_longer_replays_is_marked_and_the_rest_come_back(make_settings):
    settings = make_settings()
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        good, good_seat, players, state = await _game(url, 4, 2)
        bad, _, others, _ = await _game(url, 4, 3)
        bad_game = server.hub.rooms[bad.room].game_id
        for p in (*players, *others):
            await p.close()
    with sqlite3.connect(settings.db_path) as db:  # a move the rules refuse: North's hole on ply 0
        db.execute("UPDATE moves SET move='12' WHERE game_id=? AND ply=0", (bad_game,))
    async with running(settings) as server:
        assert good.room in server.hub.rooms and bad.room not in server.hub.rooms
        url = f"ws://127.0.0.1:{server.port}/ws"
        south = await MancalaClient.connect(url, name="ann")
        back = await south.reconnect(good.room, good.token)
        assert back.ply == 4 and back.state == state
        await south.close()
