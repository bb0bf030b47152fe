"""A room's seats, spectators, refusals and endings, through its public methods and the
messages its members get. Written from docs/mutation.md's survivors of room.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from mancala.protocol.messages import ErrorCode
from mancala_server.room_ports import RoomError
from tests.server.fakes import FakeClock, FakeMember
from tests.server.room_setup import ABANDON, make_room, seat_both


def refused(code: ErrorCode, call: object, *args: object) -> str:
    with pytest.raises(RoomError) as err:
        call(*args)  # type: ignore[operator]
    assert err.value.code == code
    return err.value.message


async def test_a_seat_is_refused_to_a_second_seat_a_full_room_a_taken_seat_and_a_finished_game(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, cy = FakeMember("ann"), FakeMember("cy")
    assert room.claim(ann, 1)[0] == 1
    assert refused(ErrorCode.SEAT_TAKEN, room.claim, ann, None) == "you already sit North in room RULES1"
    assert refused(ErrorCode.SEAT_TAKEN, room.claim, cy, 1) == "seat 1 (North) is taken"
    bob = FakeMember("bob")
    assert room.claim(bob, None)[0] == 0  # the free one
    assert refused(ErrorCode.ROOM_FULL, room.claim, cy, None) == "room RULES1 has no free seat"
    room.resign(ann)
    assert refused(ErrorCode.GAME_OVER, room.claim, cy, None) == "room RULES1: the game is over"
    assert cy.seats == {} and [s.name for s in room.seats] == ["bob", "ann"]


async def test_a_rated_seat_is_for_an_identified_player_once(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True)
    guest = FakeMember("guest")
    assert refused(ErrorCode.NOT_IDENTIFIED, room.claim, guest, None) \
        == "a rated game is for known players: identify first"
    ann, again = FakeMember("ann", player="p-ann"), FakeMember("ann too", player="p-ann")
    room.claim(ann, 0)
    assert refused(ErrorCode.SEAT_TAKEN, room.claim, again, None) == "you already sit in this rated game"
    assert not room.seats[1].taken and guest.seats == {} == again.seats


async def test_taking_a_seat_tells_everyone_who_sat_where_and_stops_watching(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, cy = FakeMember("ann", ratings={"oware_abapa": (1610, True)}), FakeMember("cy")
    room.watch(cy)
    room.watch(ann)
    room.claim(ann, 1)
    joined = cy.of_type("player_status")
    assert [(j.seat, j.status, j.name) for j in joined] == [(1, "joined", "ann")]
    assert room.spectators == {cy} and ann.watching == set() and cy.of_type("spectators")[-1].count == 1
    assert room.room_state(None).seats[1].rating == 1610 and room.room_state(None).seats[1].provisional


async def test_a_wrong_token_or_a_second_seat_on_reconnect_is_refused(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = FakeMember("ann"), FakeMember("bob")
    _, ann_token = room.claim(ann, 0)
    _, bob_token = room.claim(bob, 1)
    assert refused(ErrorCode.BAD_TOKEN, room.reconnect, FakeMember("eve"), "nope") \
        == "room RULES1: that token holds no seat"
    assert refused(ErrorCode.SEAT_TAKEN, room.reconnect, ann, bob_token) \
        == "this connection already sits South in room RULES1"
    assert room.reconnect(ann, ann_token) == 0  # its own seat again: fine
    assert not bob.of_type("player_status")[1:]  # ann never left: nobody is told she is back


async def test_coming_back_tells_the_room_once_and_brings_the_players_rating(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = FakeMember("ann", player="p-ann"), FakeMember("bob")
    room.claim(ann, 0)
    _, token = room.claim(bob, 1)
    room.detach(bob)
    clock.advance(10)
    bob2 = FakeMember("bob", ratings={"oware_abapa": (1400, False)})
    assert room.reconnect(bob2, token) == 1
    back = [(s.seat, s.status, s.name) for s in ann.of_type("player_status") if s.status == "back"]
    assert back == [(1, "back", "bob")] and room.seats[1].rating == (1400, False)
    assert room.room_state(0).seats[1].grace_ms is None and room.seats[1].forfeit_at is None
    clock.advance(ABANDON)
    assert not room.finished  # the cancelled grace period no longer ends the game
    third = FakeMember("bob", player="p-other", ratings={"oware_abapa": (2000, False)})
    room.reconnect(third, token)  # a second connection: no news, and not another player's rating
    assert len([s for s in ann.of_type("player_status") if s.status == "back"]) == 1
    assert room.seats[1].rating == (1400, False)


async def test_resigning_is_refused_before_the_game_starts_and_after_it_ends(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann = FakeMember("ann")
    room.claim(ann, 0)
    assert refused(ErrorCode.NOT_YOUR_TURN, room.resign, ann) == "room RULES1: the game has not started"
    bob = FakeMember("bob")
    room.claim(bob, 1)
    room.resign(bob)
    over = ann.of_type("game_over")[0]
    assert (over.reason, over.outcome, over.result) == ("resign", {"kind": "WIN", "winner": 0},
                                                         "South wins: North resigned")
    assert refused(ErrorCode.GAME_OVER, room.resign, ann) == "room RULES1: the game is over"
    assert refused(ErrorCode.NOT_A_PLAYER, room.resign, FakeMember("eve")) == "you have no seat in room RULES1"


async def test_a_move_before_the_opponent_sits_is_refused_as_waiting(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann = FakeMember("ann")
    room.claim(ann, 0)
    with pytest.raises(RoomError) as err:
        await room.move(ann, 2, 0)
    assert err.value.code == ErrorCode.NOT_YOUR_TURN and err.value.message == "room RULES1: waiting for an opponent"
    assert not room.moves


async def test_refusals_of_a_move_say_whose_turn_and_which_ply(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    with pytest.raises(RoomError) as err:
        await room.move(bob, 8, 0)
    assert err.value.message == "it is South's turn, you are North"
    with pytest.raises(RoomError) as err:
        await room.move(ann, 2, 1)
    assert err.value.code == ErrorCode.STALE_PLY and err.value.message == "the game is at ply 0, not 1"
    await room.move(ann, 2, 0)  # the ply given and right: accepted
    await room.move(bob, 8, None)  # no ply given: accepted
    assert [m.move for m in room.moves] == [2, 8]
