"""Helpers shared by the room rules tests (test_room_*.py): a refusal's message, a room
begun again with the swap rule."""

from __future__ import annotations

import pytest

from mancala.protocol.messages import ErrorCode
from mancala_server.room import Room
from mancala_server.room_ports import RoomError


def refused(code: ErrorCode, call: object, *args: object) -> str:
    with pytest.raises(RoomError) as err:
        call(*args)  # type: ignore[operator]
    assert err.value.code == code
    return err.value.message


def with_swap_rule(room: Room) -> Room:
    """The room's game begun again with the swap rule on (a room's terms are set before
    its first game: make_room's is replaced)."""
    room.match.configure(room.match.control, room.match.rated, pie=True)
    room.begin(0, room.game.start(0))
    return room
