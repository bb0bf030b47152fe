"""Catch-up room_states with cached move encodings (room_states.py) are RoomState's own
bytes, in both wire formats, however the room's moves changed since the last one."""

from __future__ import annotations

import random
from pathlib import Path

from mancala.protocol.codec import JSON_SUBPROTOCOL, MSGPACK_SUBPROTOCOL, Codec
from mancala.protocol.server_messages import RoomState
from mancala_server.room import Room
from mancala_server.room_states import RoomStates
from tests.server.fakes import FakeMember
from tests.server.test_room_unit import seated

CODECS = (Codec(JSON_SUBPROTOCOL), Codec(MSGPACK_SUBPROTOCOL))


async def play(room: Room, people: tuple[FakeMember, FakeMember], moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        if room.finished:
            return
        pos = room.position
        await room.move(people[pos.turn], rng.choice(room.game.legal_moves(pos)), len(room.moves))


def same_frames(states: RoomStates, room: Room, you: int | None, request_id: object = None) -> None:
    cached = states.of(room, you, request_id)
    plain = room.room_state(you, request_id)
    assert dict(cached) == dict(plain)  # what a test's deliver (or anything reading fields) sees
    for codec in CODECS:
        assert codec.encode(cached) == codec.encode(plain), codec.binary


async def test_cached_room_states_are_room_states_own_frames(tmp_path: Path) -> None:
    room, _, ann, bob = await seated(tmp_path)
    states, rng = RoomStates(), random.Random(5)
    same_frames(states, room, None)  # no moves yet
    for _ in range(6):
        await play(room, (ann, bob), 3, rng)
        same_frames(states, room, 0, 7)
        same_frames(states, room, None, "spectate-1")
    assert room.moves and states.rooms[room].records == room.moves


async def test_a_takeback_and_a_new_game_are_not_served_from_the_old_moves(tmp_path: Path) -> None:
    room, _, ann, bob = await seated(tmp_path)
    states, rng = RoomStates(), random.Random(11)
    await play(room, (ann, bob), 8, rng)
    same_frames(states, room, None)
    before = len(room.moves)
    mover = room.moves[-1].seat
    room.offer_takeback(mover)
    room.answer_takeback(1 - mover, True)
    assert len(room.moves) < before
    same_frames(states, room, None)
    await play(room, (ann, bob), 2, rng)  # new records after the kept ones
    same_frames(states, room, 1)
    room.begin(1, room.game.start(1))  # a new game: a new list, new records, unseen until
    await play(room, (ann, bob), 3, rng)  # it has moves again
    assert room.moves
    same_frames(states, room, 0)


async def test_a_name_without_utf8_falls_back_to_the_codecs_own_way(tmp_path: Path) -> None:
    room, _, ann, bob = await seated(tmp_path)
    await play(room, (ann, bob), 4, random.Random(2))
    room.seats[0].name = "ann\ud800"  # JSON can spell a lone surrogate; pydantic cannot write it
    states = RoomStates()
    cached = states.of(room, None)
    assert isinstance(cached, RoomState)
    assert CODECS[0].encode(cached) == CODECS[0].encode(room.room_state(None))
