"""Playing in a room: moves and their refusals, resigning, the flag falling, rematches,
and a custom room's moves played in the rules workers.

Through the room's public methods and the messages its (fake) members get. Written from
docs/mutation.md's survivors of room.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mancala.protocol.messages import ErrorCode, TimeControl
from mancala.rules.loading import config_paths, parse_variant
from mancala_server.room import Room
from mancala_server.room_ports import RoomError
from mancala_server.rules_worker import RulesWorkers
from mancala_server.store import Store
from tests.server.fakes import FakeClock, FakeMember, deliver
from tests.server.room_rules_helpers import refused
from tests.server.room_setup import (
    ABANDON,
    make_room,
    moves_each,
    seat_both,
)


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


async def test_a_rematch_is_refused_during_the_game_and_offered_by_the_first_to_ask(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    with pytest.raises(RoomError) as err:
        await room.rematch(ann)
    assert (err.value.code, err.value.message) == (ErrorCode.NOT_YOUR_TURN, "room RULES1: the game is still going")
    room.resign(bob)
    assert await room.rematch(bob) is False
    assert [(o.room, o.seat) for o in ann.of_type("rematch_offer")] == [("RULES1", 1)]
    first_game = room.game_id
    assert await room.rematch(ann) is True
    assert room.game_id != first_game and not room.finished and room.status == "playing"
    fresh = room.room_state(None)  # the last game's end is not the new one's
    assert (fresh.result, fresh.outcome, fresh.reason) == (None, None, None)
    assert ann.seats == {"RULES1": 1} and bob.seats == {"RULES1": 0}
    assert ann.of_type("room_state")[-1].you == 1 and bob.of_type("room_state")[-1].you == 0
    assert not any(s.wants_rematch for s in room.seats)


async def test_a_rematch_against_the_computer_starts_when_the_player_asks(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    room.add_computer(1, 1)
    ann, cy = FakeMember("ann"), FakeMember("cy")
    room.claim(ann, 0)
    room.watch(cy)
    room.resign(ann)
    assert await room.rematch(ann) is True
    assert ann.seats == {"RULES1": 1} and room.seats[0].computer and not room.seats[1].computer
    assert cy.of_type("room_state")[-1].you is None and not ann.of_type("rematch_offer")


async def test_a_rated_game_resigned_at_once_is_a_result_that_moves_no_rating(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True)
    ann, bob = FakeMember("ann", player="p-ann"), FakeMember("bob", player="p-bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    await room.move(ann, 2, 0)
    room.resign(bob)
    over = bob.of_type("game_over")[0]
    assert (over.reason, over.result, over.unrated, over.game_id) == (
        "resign", "South wins: North resigned", "short", room.game_id)
    assert not bob.of_type("ratings_changed")
    assert refused(ErrorCode.GAME_OVER, room.check_can_move, 1, 1) == "room RULES1: the game is over"


async def test_a_move_carries_what_the_sowing_did(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    made = bob.of_type("move_made")[0]
    assert made.events and made.events == room.moves[0].events  # the page animates from them
    assert (made.events[0].kind, made.events[0].hole) == ("sow", 2)  # type: ignore[union-attr]


async def test_a_new_rounds_first_layout_is_stored_at_the_ply_it_starts(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), variant="dakon_rounds")
    ann, _ = seat_both(room)
    while not ann.of_type("round_started"):
        assert not room.finished
        await room.play_for(room.position.turn, room.game.legal_moves(room.position)[0], None)
    started = ann.of_type("round_started")[0]
    assert room.game_id is not None
    stored = room.store.game(room.game_id)  # type: ignore[attr-defined]
    assert stored.rounds == {started.ply: {"board": started.state.board, "stores": started.state.stores}}


async def test_an_illegal_move_is_refused_in_the_engines_words(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, _ = seat_both(room)
    with pytest.raises(RoomError) as err:
        await room.move(ann, 9, 0)  # North's hole
    assert (err.value.code, err.value.message) == (
        ErrorCode.ILLEGAL_MOVE, "hole 9 is not allowed by the rules here (legal: [0, 1, 2, 3, 4, 5])")
    assert room.moves == []


async def test_a_move_after_the_flag_fell_ends_the_game_on_time_and_says_so(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=TimeControl(base=60, increment=0))
    ann, _ = seat_both(room)
    await moves_each(room, 1)  # the clocks run once both have moved
    mover = room.position.turn
    clock.time += 61  # past the mover's minute, before its flag timer fired
    with pytest.raises(RoomError) as err:
        await room.play_for(mover, room.game.legal_moves(room.position)[0], None)
    over = ann.of_type("game_over")[-1]
    assert (err.value.code, over.reason) == (ErrorCode.GAME_OVER, "timeout")
    assert err.value.message == f"room RULES1: your time ran out ({over.result})"


async def test_a_move_that_came_without_a_network_is_charged_in_full(tmp_path: Path) -> None:
    """The computer's moves (and a restart's) come through play_for with no lag: nothing is
    credited, as the computer is on the server (docs/competitive.md)."""
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=TimeControl(base=60, increment=0))
    seat_both(room)
    await moves_each(room, 1)
    mover = room.position.turn
    before = room.match.snapshot().remaining[mover]
    clock.advance(3)
    await room.play_for(mover, room.game.legal_moves(room.position)[0], None)
    assert room.match.snapshot().remaining[mover] == before - 3000


async def test_a_custom_rooms_moves_are_played_in_the_rules_workers_as_any_room_plays_them(
        tmp_path: Path) -> None:
    """A definition that is not a built-in file is played in the worker processes (the
    second half of Room.play_for): the same checks, the same commit, the same words."""
    definition = json.loads(config_paths()["oware_abapa"].read_text())
    workers = RulesWorkers(1, 30.0)
    clock = FakeClock()
    room = Room("CUSTOM", "custom", definition, parse_variant(definition), public=False,
                store=Store(tmp_path / "custom.sqlite3"), on_change=lambda _r: None, abandon_timeout=ABANDON,
                clock=clock, deliver=deliver, rules=workers)
    room.match.configure(TimeControl(base=60, increment=0), False)  # a timed one: moves are charged
    room.begin(0, room.game.start(0))
    ann, bob = seat_both(room)
    try:
        expected = room.game.play(room.position, 2)
        await room.move(ann, 2, 0)
        made = bob.of_type("move_made")[0]
        assert (made.ply, made.seat, made.move) == (0, 0, 2)
        assert room.position == expected and made.state == room.state()
        assert made.events and made.events[0].kind == "sow"  # type: ignore[union-attr]
        assert room.store.game(room.game_id).moves == [(0, 2)]  # type: ignore[arg-type, attr-defined, union-attr]
        with pytest.raises(RoomError) as err:
            await room.move(bob, 1, 1)  # South's hole
        assert (err.value.code, err.value.message) == (
            ErrorCode.ILLEGAL_MOVE, "hole 1 is not allowed by the rules here (legal: [6, 7, 8, 9, 10, 11])")
        with pytest.raises(RoomError) as err:
            await room.move(bob, 7, 0)
        assert (err.value.code, err.value.message) == (ErrorCode.STALE_PLY, "the game is at ply 1, not 0")
        workers.time_limit = 1e-6  # far less than a move takes
        with pytest.raises(RoomError) as err:
            await room.move(bob, 7, 1)
        assert err.value.code == ErrorCode.RULES_TIMEOUT
        assert err.value.message == "this variant's move took too long (the rules took over 1e-06 s); " \
                                    "the position is unchanged"
        assert room.position == expected and len(room.moves) == 1
        workers.time_limit = 30.0
        await room.move(bob, 7, 1)  # each side's first move is charged nothing
        clock.advance(2)
        await room.move(ann, room.game.legal_moves(room.position)[0], 2)
        assert room.match.snapshot().remaining == [58_000, 60_000]
    finally:
        workers.close()
