"""Whole games between real clients, spectators, and the two wire formats."""

from __future__ import annotations

import random

import pytest

from tests.server.helpers import engine, next_move, play_moves, replay, state_dict


async def seated_pair(connect, variant: str, fmt=("json", "json")):
    south = await connect("ann", fmt=fmt[0])
    north = await connect("bob", fmt=fmt[1])
    granted = await south.create_room(variant, seat=0)
    start = await south.next_event("room_state")
    assert start.you == 0 and start.status == "waiting"
    await north.join(granted.room)
    joined = await north.next_event("room_state")
    assert joined.you == 1 and joined.status == "playing"
    return granted.room, [south, north], joined.state


@pytest.mark.parametrize(("variant", "seed"), [("kalah_4", 1), ("oware_abapa", 3)])
async def test_whole_game_to_the_end(connect, server, variant, seed):
    room, players, state = await seated_pair(connect, variant)
    rng = random.Random(seed)
    moves = []
    ply = 0
    while state.outcome is None:
        assert ply < 300, "the seeded game should end well before 300 plies"
        move = rng.choice(state.legal)
        ack = await players[state.turn].move(room, move, ply)
        assert ack.type == "ack"
        south_ev = await next_move(players[0], ply)
        north_ev = await next_move(players[1], ply)
        assert south_ev == north_ev
        moves.append(move)
        state = south_ev.state
        ply += 1
    game = engine(variant)
    assert state_dict(state) == replay(game, moves)
    for p in players:
        over = await p.next_event("game_over")
        assert over.reason == "rules" and over.outcome == state.outcome
    # the finished game is stored with every move
    row = await server.hub.storage.game(server.hub.rooms[room].game_id)  # type: ignore[arg-type]
    assert [m for _, m in row.moves] == moves and row.reason == "rules"


async def test_spectator_sees_every_state_in_order(connect):
    room, players, state = await seated_pair(connect, "kalah_4")
    watcher = await connect("eve")
    first = await watcher.spectate(room)
    assert first.you is None and first.ply == 0
    game = engine("kalah_4")
    rng = random.Random(7)
    moves = []
    ply = 0
    while state.outcome is None:
        move = rng.choice(state.legal)
        await players[state.turn].move(room, move, ply)
        event = await next_move(watcher, ply)  # consecutive plies, nothing skipped
        moves.append(move)
        assert state_dict(event.state) == replay(game, moves)
        await next_move(players[0], ply)
        state = (await next_move(players[1], ply)).state
        ply += 1
    over = await watcher.next_event("game_over")
    assert over.outcome == state.outcome


async def test_late_spectator_gets_full_state_and_moves(connect):
    room, players, state = await seated_pair(connect, "oware_abapa")
    state = await play_moves(room, players, state, rng=random.Random(2), count=9)
    late = await connect("late")
    seen = await late.spectate(room)
    assert seen.ply == 9 and [m.ply for m in seen.moves] == list(range(9))
    assert [m.seat for m in seen.moves][0] == 0
    assert seen.state == state
    assert state_dict(seen.state) == replay(engine("oware_abapa"), [m.move for m in seen.moves])
    assert seen.seats[0].name == "ann" and seen.seats[1].name == "bob"
    assert seen.status == "playing" and seen.you is None
    # and it goes on hearing the game from there
    await play_moves(room, players, state, rng=random.Random(3), count=3, start_ply=9, watchers=(late,))


async def test_msgpack_and_json_clients_see_the_same_states(connect):
    room, players, state = await seated_pair(connect, "kalah_4", fmt=("msgpack", "json"))
    assert players[0].ws.subprotocol == "mancala.v1.msgpack"
    assert players[1].ws.subprotocol == "mancala.v1.json"
    watcher = await connect("mp", fmt="msgpack")
    await watcher.spectate(room)
    # play_moves checks that both players and the watcher got equal move_made messages
    state = await play_moves(room, players, state, rng=random.Random(5), count=12, watchers=(watcher,))
    a = await (await connect("late_mp", fmt="msgpack")).spectate(room)
    b = await (await connect("late_json")).spectate(room)
    assert a.state == b.state == state and a.moves == b.moves
