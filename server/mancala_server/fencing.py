"""What both databases agree on for a room's writes: the fence, and the two refusals.

Fencing: a node that takes a room over from the database bumps the room's epoch;
every write of an owner carries the epoch it took the room with (a `Fence`), and a
write with an older epoch changes nothing and raises `FencedOut`. A node that lost
its lease without knowing it (paused, cut off from Redis) can then never write over
the new owner's game. The moves' primary key (game_id, ply) is a second check.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

LIVE = ("waiting", "playing", "finished")


class FencedOut(Exception):
    """A write by a node that no longer owns the room (another node took it over)."""

    @classmethod
    def naming(cls, fence: Fence, epoch: int | None) -> FencedOut:
        """The refusal in the same words on every backend: the writer's epoch and the
        room's, read at the refusal (None: the room is not stored at all)."""
        return cls(f"room {fence.room}: epoch {fence.epoch} is not the room's "
                   f"({'no room' if epoch is None else epoch})")


class Conflict(Exception):
    """A write that would overwrite something stored (a ply or a game id already there)."""


@dataclass(frozen=True)
class Fence:
    """The room a write belongs to and the epoch its writer took the room with."""

    room: str
    epoch: int


def new_game_id() -> int:
    """Random, 53 bits (exact in JavaScript): games cannot be found by counting."""
    return secrets.randbits(53) or 1
