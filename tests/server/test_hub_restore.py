"""A restart: the live rooms the hub restores from the store (moves, rounds, grace periods,
computer seats, epochs), and those it leaves out, saying why.

Fake members and a fake clock (tests/server/fakes.py); the `hub` and `clock` fixtures are
in tests/server/conftest.py. Written from docs/mutation.md's survivors of hub.py."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from mancala_server.hub import Hub
from tests.server.fakes import FakeClock, FakeMember
from tests.server.hub_rules_helpers import create, send
from tests.server.room_setup import make_hub


async def a_game_one_move_in(hub: Hub) -> tuple[str, FakeMember, FakeMember]:
    """A room where ann (South, starting) and bob sit and ann has sown hole 2: its code."""
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0, starter=0)
    await send(hub, bob, type="join_room", room=code)
    await send(hub, ann, type="move", room=code, move=2, ply=0)
    return code, ann, bob


async def test_a_restart_brings_back_the_live_rooms_with_their_moves_and_grace_periods(tmp_path: Path) -> None:
    clock = FakeClock()
    first = make_hub(tmp_path, clock)
    playing, _, bob = await a_game_one_move_in(first)
    waiting = await create(first, bob)
    first.rules.close()
    clock.advance(100)
    again = make_hub(tmp_path, clock)
    try:
        assert await again.restore() == 2 and set(again.rooms) == {playing, waiting}
        room = again.rooms[playing]
        assert [m.move for m in room.moves] == [2] and room.status == "playing"
        assert room.empty_since == room.last_activity == clock.now()
        assert room.room_state(None).seats[0].grace_ms == 60_000  # nobody is back yet
        assert room.variant_json == first.rooms[playing].variant_json
    finally:
        again.rules.close()


async def play_to_a_new_round(hub: Hub, code: str, players: tuple[FakeMember, FakeMember]) -> None:
    """The first legal move, turn after turn, until a round ends and the next one starts."""
    room = hub.rooms[code]
    while not players[0].of_type("round_started"):
        assert not room.finished, "the first round ends before the game does"
        await send(hub, players[room.position.turn], type="move", room=code,
                   move=room.game.legal_moves(room.position)[0], ply=len(room.moves))
    await send(hub, players[room.position.turn], type="move", room=code,
               move=room.game.legal_moves(room.position)[0], ply=len(room.moves))


async def test_a_restart_replays_rounds_random_layouts_and_computer_seats_as_they_were(tmp_path: Path) -> None:
    clock = FakeClock()
    first = make_hub(tmp_path, clock, rooms_per_client=10, rooms_per_address=10)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    rounds = await create(first, ann, variant="dakon_rounds", seat=0, starter=0)
    await send(first, bob, type="join_room", room=rounds)
    await play_to_a_new_round(first, rounds, (ann, bob))
    drawn = await create(first, ann, variant="mangala_i", seat=0, starter=1)
    await send(first, bob, type="join_room", room=drawn)
    perfect = await create(first, ann, variant="awari", computer="perfect", starter=0)
    levelled = await create(first, ann, variant="kalah_4", computer=3, starter=0, seat=1)
    before = {code: first.rooms[code].room_state(None) for code in (rounds, drawn, perfect, levelled)}
    first.rules.close()
    again = make_hub(tmp_path, clock)
    try:
        assert await again.restore() == 4
        for code, state in before.items():
            after = again.rooms[code].room_state(None)
            assert after.state == state.state and after.moves == state.moves
            assert [(s.name, s.computer, s.rating) for s in after.seats] \
                == [(s.name, s.computer, s.rating) for s in state.seats]
            assert again.rooms[code].starter == first.rooms[code].starter
        assert (again.rooms[perfect].computer_level, again.rooms[levelled].computer_level) == ("perfect", 3)
        assert again.rooms[perfect].seats[1].rating == (2802, False)
        assert again.rooms[levelled].seats[0].computer and again.rooms[levelled].seats[0].rating == (1971, False)
    finally:
        again.rules.close()


async def test_a_room_whose_stored_moves_no_longer_replay_is_left_out_and_says_why(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    clock = FakeClock()
    first = make_hub(tmp_path, clock)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(first, ann, seat=0, starter=0, variant="kalah_4")
    await send(first, bob, type="join_room", room=code)
    await send(first, ann, type="move", room=code, move=0, ply=0)
    game_id = first.rooms[code].game_id
    broken = await create(first, bob)
    lost = await create(first, FakeMember("cy", address="10.0.0.3"))
    lost_game = first.rooms[lost].game_id
    await first.stop()
    first.rules.close()
    with sqlite3.connect(first.settings.db_path) as db:  # a move today's rules refuse
        db.execute("UPDATE moves SET move='12' WHERE game_id=? AND ply=0", (game_id,))
        # and a definition no longer valid (refused before the room is made)
        db.execute("UPDATE rooms SET variant_json='{\"game_constants\": {\"holes\": 0}}' WHERE code=?",
                   (broken,))
        db.execute("DELETE FROM games WHERE id=?", (lost_game,))  # and a game gone from the store
    again = make_hub(tmp_path, clock)
    try:
        with caplog.at_level("INFO", logger="mancala_server"):
            assert await again.restore() == 0
        assert not again.rooms
        said = [m for m in caplog.messages if f"room {code}: cannot be restored" in m]
        assert said == [f"room {code}: cannot be restored (hole 12 is not on the board (0..11)); "
                        "marked unrestorable"]
        assert f"room {lost}: no stored game; marked unrestorable" in caplog.messages
        assert "restored 0 rooms" in caplog.messages
        gone = await again.storage.room(lost)
        assert gone is not None and gone.status == "unrestorable"
        row = await again.storage.room(code)
        assert row is not None and row.status == "unrestorable"
        game = await again.storage.game(game_id)
        assert game is not None and game.reason == "unrestorable"  # its game is ended too
        assert game.result == "hole 12 is not on the board (0..11)"  # and says why
        assert not again._epochs  # a room made later under either code starts afresh
    finally:
        again.rules.close()


async def test_a_restored_room_whose_stored_definition_is_no_file_today_plays_in_the_workers(
        tmp_path: Path) -> None:
    """A stored game keeps the definition it was played by; where that is no longer any
    built-in file (the file changed since, or the store was edited), it is nobody's trusted
    rules: the room plays in the rules workers, as a custom room does."""
    clock = FakeClock()
    first = make_hub(tmp_path, clock)
    ann = FakeMember("ann")
    code = await create(first, ann)
    assert first.rooms[code].rules is None
    await first.stop()
    first.rules.close()
    with sqlite3.connect(first.settings.db_path) as db:
        raw = json.loads(db.execute("SELECT variant_json FROM rooms WHERE code=?", (code,)).fetchone()[0])
        raw["game_info"]["name"] = "Oware (as it was)"
        db.execute("UPDATE rooms SET variant_json=? WHERE code=?", (json.dumps(raw), code))
    again = make_hub(tmp_path, clock, rules_time_limit=30.0)
    try:
        assert await again.restore() == 1
        assert again.rooms[code].rules is not None
    finally:
        again.rules.close()


async def test_a_room_restored_twice_writes_with_the_epoch_it_was_last_taken_with(tmp_path: Path) -> None:
    """Each start takes the live rooms over with a new epoch (the fence of their writes):
    the room's writes after the second restart carry the third epoch, and are stored."""
    clock = FakeClock()
    first = make_hub(tmp_path, clock)
    code, _, _ = await a_game_one_move_in(first)
    first.rules.close()
    hubs = []
    for _ in range(2):
        hubs.append(make_hub(tmp_path, clock))
        assert await hubs[-1].restore() == 1
    last = hubs[-1]
    try:
        assert last.journals[code].fence.epoch == 3
        room = last.rooms[code]
        await room.play_for(room.position.turn, room.game.legal_moves(room.position)[0], 1)
        await last.journals.settle([code])
        stored = await last.storage.game(room.game_id)
        assert stored is not None and len(stored.moves) == 2
    finally:
        for hub in hubs:
            hub.rules.close()
