"""What a seat shows others (SeatInfo) and how a refusal reads: the parts of seat.py and
room_ports.py a page relies on. Written from docs/mutation.md's survivors."""

from __future__ import annotations

from mancala.protocol.messages import ErrorCode
from mancala_server.room_ports import RoomError
from mancala_server.seat import Seat
from tests.server.fakes import FakeMember, FakeTimer


def test_a_free_seat_shows_no_rating_and_is_not_provisional() -> None:
    shown = Seat().info()
    assert shown.name is None and shown.rating is None and shown.provisional is False
    assert shown.connected is False and shown.computer is False


def test_a_seat_shows_its_player_its_computer_and_its_provisional_rating() -> None:
    seat = Seat(name="ann", rating=(1620, True))
    seat.clients.add(FakeMember("ann"))
    shown = seat.info()
    assert (shown.connected, shown.computer, shown.rating, shown.provisional) == (True, False, 1620, True)
    computer = Seat(name="Computer (level 2)", computer=True, rating=(1790, False)).info()
    assert (computer.connected, computer.computer, computer.provisional) == (True, True, False)


def test_only_a_seat_marked_claimable_is_claimable_and_only_in_a_room_state() -> None:
    assert Seat(name="bob").info(5.0).claimable is False
    assert Seat(name="bob", claimable=True).info(5.0).claimable is True
    assert Seat(name="bob", claimable=True).info().claimable is False  # a lobby summary: no clock


def test_the_grace_left_is_counted_down_and_never_below_zero() -> None:
    away = Seat(name="bob", abandon_timer=FakeTimer(), forfeit_at=70.0)
    assert away.grace_ms(10.0) == 60_000 and away.info(10.0).grace_ms == 60_000
    assert away.grace_ms(70.25) == 0  # the timer is late: the deadline has passed all the same
    assert away.grace_ms(None) is None


def test_a_deadline_without_a_running_timer_shows_no_grace() -> None:
    """A finished game cancels the timers but keeps the deadline it had: no countdown."""
    assert Seat(name="bob", abandon_timer=None, forfeit_at=70.0).grace_ms(10.0) is None
    assert Seat(name="bob", abandon_timer=FakeTimer(), forfeit_at=None).grace_ms(10.0) is None


def test_a_refusal_reads_as_its_message_and_carries_its_code() -> None:
    err = RoomError(ErrorCode.STALE_PLY, "the game is at ply 3, not 2")
    assert str(err) == err.message == "the game is at ply 3, not 2" and err.code == ErrorCode.STALE_PLY
