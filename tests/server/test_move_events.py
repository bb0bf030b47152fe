"""move_made says what the move did (`events`, docs/protocol.md "What a move did"): the
engine's own record, the same for players and spectators in both wire formats, in the
room's move list for a late spectator, and after a restart."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mancala_client.api import MancalaClient
from mancala_server.app import running
from tests.server.helpers import apply_events, engine, next_move


def dumped(message: Any) -> list[dict[str, Any]]:
    return message.model_dump(mode="json")["events"]


async def seated(connect, variant: str, fmt: tuple[str, str] = ("json", "json")):
    south = await connect("ann", fmt=fmt[0])
    north = await connect("bob", fmt=fmt[1])
    granted = await south.create_room(variant, seat=0)
    await south.next_event("room_state")
    await north.join(granted.room)
    joined = await north.next_event("room_state")
    return granted.room, [south, north], joined.state


@pytest.mark.parametrize(("variant", "seed", "fmt"), [
    ("kalah_4", 1, ("json", "msgpack")),
    ("oware_abapa", 3, ("msgpack", "json")),
])
async def test_every_move_made_carries_the_engines_record(connect, variant, seed, fmt):
    room, players, state = await seated(connect, variant, fmt)
    watcher = await connect("eve", fmt="msgpack")
    await watcher.spectate(room)
    game = engine(variant)
    pos = game.start(0)
    rng = random.Random(seed)
    kinds: set[str] = set()
    ply = 0
    while state.outcome is None and ply < 300:
        move = rng.choice(state.legal)
        await players[state.turn].move(room, move, ply)
        heard = [await next_move(c, ply) for c in (*players, watcher)]
        events = dumped(heard[0])
        assert all(dumped(h) == events for h in heard[1:]), "everyone hears the same record"
        pos, expected = game.play_events(pos, move)
        assert events == expected
        assert events[0]["kind"] == "sow" and events[0]["hole"] == move
        board, stores = apply_events(events, state.board, state.stores)
        if not any(e["kind"] == "inexact" for e in events):
            assert (board, stores) == (heard[0].state.board, heard[0].state.stores), events
        kinds |= {e["kind"] for e in events}
        state = heard[0].state
        ply += 1
    assert state.outcome is not None
    # a whole game shows more than sowing; Kalah's ends with the seeds left settled
    assert {"sow", "capture"} <= kinds, kinds
    if variant == "kalah_4":
        assert {"extra_turn", "settle"} <= kinds, kinds


async def test_a_late_spectator_gets_the_records_of_earlier_moves(connect):
    room, players, state = await seated(connect, "kalah_4")
    heard = []
    rng = random.Random(5)
    for ply in range(8):
        move = rng.choice(state.legal)
        await players[state.turn].move(room, move, ply)
        made = await next_move(players[0], ply)
        await next_move(players[1], ply)
        heard.append(dumped(made))
        state = made.state
    late = await connect("late")
    seen = await late.spectate(room)
    assert [m.model_dump(mode="json")["events"] for m in seen.moves] == heard


async def test_a_custom_variants_moves_carry_records(connect):
    tiny = {"game_constants": {"holes": 3, "nbr_start": 2},
            "game_info": {"name": "Tiny", "stores": True, "sow_own_store": True}}
    south = await connect("ann")
    north = await connect("bob")
    granted = await south.create_room(tiny, seat=0)
    await south.next_event("room_state")
    await north.join(granted.room)
    state = (await north.next_event("room_state")).state
    await south.move(granted.room, 2, 0)  # 2 seeds: into North's first hole and... the store first
    made = await next_move(south, 0)
    events = dumped(made)
    assert events[0] == {"kind": "sow", "hole": 2, "path": [-1, 3]}
    assert apply_events(events, state.board, state.stores) == (made.state.board, made.state.stores)


async def test_records_survive_a_restart(make_settings):
    settings = make_settings()
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        south = await MancalaClient.connect(url, name="ann")
        north = await MancalaClient.connect(url, name="bob")
        granted = await south.create_room("kalah_4", seat=0)
        await north.join(granted.room)
        state = (await north.next_event("room_state")).state
        heard = []
        rng = random.Random(11)
        for ply in range(6):
            move = rng.choice(state.legal)
            await (south if state.turn == 0 else north).move(granted.room, move, ply)
            made = await next_move(south, ply)
            heard.append(dumped(made))
            state = made.state
        await south.close()
        await north.close()
    async with running(settings) as server:  # the room comes back from the stored moves
        watcher = await MancalaClient.connect(f"ws://127.0.0.1:{server.port}/ws")
        seen = await watcher.spectate(granted.room)
        assert [m.model_dump(mode="json")["events"] for m in seen.moves] == heard
        await watcher.close()
