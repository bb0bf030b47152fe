"""What a room leaves behind: the server log of each turn of its life, and the stored game
a restart brings back (ended as stored, its players and its computer's level).

Through the room's public methods and the messages its (fake) members get. Written from
docs/mutation.md's survivors of room.py."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from mancala.protocol.messages import ErrorCode
from mancala_server.config import Settings
from mancala_server.store import Store
from tests.server.fakes import FakeClock, FakeMember
from tests.server.room_rules_helpers import refused, with_swap_rule
from tests.server.room_setup import (
    ABANDON,
    against_computer,
    make_hub,
    make_room,
    seat_both,
)


def logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "mancala_server"]


async def test_the_server_log_tells_each_turn_of_a_rooms_life_by_room_seat_and_who(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The log is how an operator follows a room after the fact (who sat, left, came
    back, took back, forfeited): each line names the room, the seat and the connection."""
    caplog.set_level(logging.INFO, logger="mancala_server")
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob, cy = FakeMember("ann"), FakeMember("bob"), FakeMember("cy")
    room.claim(ann, 0)
    room.watch(cy)
    _, token = room.claim(bob, 1)
    room.detach(bob)
    bob = FakeMember("bob")
    room.reconnect(bob, token)
    await room.move(ann, 2, 0)
    await room.move(bob, 8, 1)
    room.offer_takeback(0)
    room.answer_takeback(1, True)
    room.detach(bob, leaving=True)
    clock.advance(ABANDON)
    room.claim_win(ann)
    await room.rematch(ann)
    bob = FakeMember("bob")
    room.reconnect(bob, token)
    await room.rematch(bob)
    wanted = ["room RULES1: fake ann takes seat 0 (South)", "room RULES1: fake cy spectates (1 watching)",
              "room RULES1: fake bob takes seat 1 (North)", "room RULES1: seat 1 disconnected",
              "room RULES1: fake bob back in seat 1", "room RULES1: moves from ply 0 taken back",
              "room RULES1: seat 1 left",
              "room RULES1: seat 1 away past its grace period; the win is claimable",
              "room RULES1: seat 1 abandoned; forfeit",
              "room RULES1: game over (forfeit): South wins: North abandoned the game",
              "room RULES1: fake bob back in seat 1", "room RULES1: rematch, seats swapped"]
    lines = logged(caplog)
    assert [line for line in lines if line in wanted] == wanted, lines


async def test_the_server_log_tells_a_swap_by_who_and_the_side_taken(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="mancala_server")
    room = with_swap_rule(make_room(tmp_path, FakeClock()))
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    room.swap(bob, 1)
    assert "room RULES1: fake bob swaps to South" in logged(caplog)


async def test_a_game_whose_end_was_stored_comes_back_ended_as_stored(tmp_path: Path) -> None:
    """Killed between the game's end and the room's status: the room comes back, its game
    over with the stored outcome, reason and result; nobody can sit or move."""
    settings = Settings(data_dir=tmp_path / "data")
    store = Store(settings.db_path)
    room = make_room(tmp_path, FakeClock(), store=store)
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    room.resign(bob)
    store.set_room_status(room.code, "playing")  # the status write never happened
    store.close()
    hub = make_hub(tmp_path, FakeClock())
    try:
        await hub.restore()
        back = hub.rooms[room.code]
        assert back.finished and back.result == "South wins: North resigned"
        late = back.room_state(None)
        assert (late.outcome, late.reason, late.result) == ({"kind": "WIN", "winner": 0}, "resign",
                                                            "South wins: North resigned")
        assert refused(ErrorCode.GAME_OVER, back.claim, FakeMember("cy"), None) == "room RULES1: the game is over"
    finally:
        hub.rules.close()
        await hub.storage.close()


async def test_a_restored_rated_game_keeps_its_players_and_an_old_computer_seat_plays_medium(
        tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    store = Store(settings.db_path)
    rated = make_room(tmp_path, FakeClock(), rated=True, store=store)
    rated.claim(FakeMember("ann", player="p-ann"), 0)
    rated.claim(FakeMember("bob", player="p-bob"), 1)
    computer = make_room(tmp_path, FakeClock(), code="RULES2", store=store)
    against_computer(computer, level=3)
    with store.db:  # a room stored before the computer's level was
        store.db.execute("UPDATE rooms SET computer_level=NULL WHERE code='RULES2'")
    store.close()
    hub = make_hub(tmp_path, FakeClock())
    try:
        await hub.restore()
        assert [s.player for s in hub.rooms["RULES1"].seats] == ["p-ann", "p-bob"]  # whose ratings move
        assert hub.rooms["RULES2"].computer_level == 1
    finally:
        hub.rules.close()
        await hub.storage.close()
