"""The swap rule in a room: who sits where after it, what is stored, the turn handed to
the computer, a swap refused as stale.

Through the room's public methods and the messages its (fake) members get. Written from
docs/mutation.md's survivors of room.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from mancala.protocol.messages import ErrorCode
from mancala_server.room import Room
from mancala_server.room_ports import RoomError
from tests.server.fakes import FakeClock, FakeMember
from tests.server.room_rules_helpers import refused, with_swap_rule
from tests.server.room_setup import (
    ABANDON,
    make_room,
    seat_both,
)


async def test_a_swap_seats_the_second_player_on_the_side_that_moved_and_stores_it(tmp_path: Path) -> None:
    clock = FakeClock()
    changes: list[Room] = []
    room = with_swap_rule(make_room(tmp_path, clock, changes=changes))
    ann, bob = seat_both(room)
    cy = FakeMember("cy")
    room.watch(cy)
    await room.move(ann, 2, 0)
    room.detach(ann)  # away: her grace period named seat 0, her seat until the swap
    clock.advance(10)
    changes.clear()
    room.swap(bob, 1)
    assert bob.seats == {"RULES1": 0} and ann.seats == {} and [s.name for s in room.seats] == ["bob", "ann"]
    assert bob.of_type("room_state")[-1].you == 0 and cy.of_type("room_state")[-1].you is None
    assert room.seats[1].abandon_timer is not None and room.seats[0].abandon_timer is None
    assert room.seats[1].forfeit_at == clock.now() + ABANDON  # armed again, in full, for her new seat
    assert room.position.turn == 1 and room.match.swapped and changes == [room]
    assert room.game_id is not None
    stored = room.store.game(room.game_id)  # type: ignore[attr-defined]
    assert stored.players == ["bob", "ann"] and stored.match.terms.swapped
    assert room.store.room("RULES1").seats[0][0] == "bob"  # type: ignore[attr-defined]
    assert room.last_activity == clock.now()
    clock.advance(ABANDON)
    assert [(s.seat, s.status) for s in bob.of_type("player_status")][-1] == (1, "claimable")
    room.claim_win(bob)
    assert bob.of_type("game_over")[-1].outcome == {"kind": "WIN", "winner": 0}


async def test_a_swap_against_the_computer_hands_it_the_turn(tmp_path: Path) -> None:
    room = with_swap_rule(make_room(tmp_path, FakeClock()))
    turns: list[Room] = []
    room.add_computer(0, 1)
    room.turn_hook = turns.append
    bob = FakeMember("bob")
    room.claim(bob, 1)
    await room.play_for(0, 2, 0)  # the computer's first move
    turns.clear()
    room.swap(bob, None)
    assert room.seats[1].computer and room.position.turn == 1 and turns == [room]
    with pytest.raises(RoomError) as err:
        room.swap(FakeMember("eve"), None)
    assert err.value.code == ErrorCode.NOT_A_PLAYER


async def test_the_summary_shows_the_swap_rule(tmp_path: Path) -> None:
    room = with_swap_rule(make_room(tmp_path, FakeClock()))
    assert room.summary().pie and room.room_state(None).pie
    assert not make_room(tmp_path, FakeClock(), code="RULES2").summary().pie


async def test_a_swap_after_the_first_players_grace_period_leaves_the_win_claimable(tmp_path: Path) -> None:
    clock = FakeClock()
    room = with_swap_rule(make_room(tmp_path, clock))
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    room.detach(ann)
    clock.advance(ABANDON)
    room.swap(bob, 1)  # ann's seat is North now: still away past her grace period
    assert room.seats[1].claimable and room.seats[1].abandon_timer is None
    room.claim_win(bob)
    assert bob.of_type("game_over")[-1].outcome == {"kind": "WIN", "winner": 0}


async def test_a_swap_naming_an_old_ply_is_refused_as_stale(tmp_path: Path) -> None:
    room = with_swap_rule(make_room(tmp_path, FakeClock()))
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    assert refused(ErrorCode.STALE_PLY, room.swap, bob, 0) == "the game is at ply 1, not 0"
    assert bob.seats == {"RULES1": 1} and not room.match.swapped
