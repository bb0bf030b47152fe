"""What a move did (move_made.events, room_state.moves[i].events): sowing laps,
captures, children, extra turns, passes, round ends."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from mancala.protocol.fields import WireModel

# Places: a hole index (0 .. 2*holes-1, as `board`), or a store: -1 South's, -2 North's.
Place = int


class SowEvent(WireModel):
    """One lap: its seeds were taken from `hole` and dropped one by one on `path`."""

    kind: Literal["sow"] = "sow"
    hole: int
    path: list[Place]


class CaptureEvent(WireModel):
    """`seeds` moved at once from `src` to `dst` (a capture into a store, mostly), after
    `at` of the move's seeds were sown."""

    kind: Literal["capture"] = "capture"
    src: Place
    seeds: int
    dst: Place
    at: int


class ChildEvent(WireModel):
    kind: Literal["child"] = "child"
    hole: int
    seat: int


class SettleEvent(WireModel):
    """The end of the game or round changed `place` by `seeds` (negative: taken away)."""

    kind: Literal["settle"] = "settle"
    place: Place
    seeds: int


class ExtraTurnEvent(WireModel):
    kind: Literal["extra_turn"] = "extra_turn"


class PassEvent(WireModel):
    """`seat` had no move and passed: the mover moves again."""

    kind: Literal["pass"] = "pass"
    seat: int


class RoundEndEvent(WireModel):
    kind: Literal["round_end"] = "round_end"


class InexactEvent(WireModel):
    """Some seeds moved in a way the events do not spell out: trust `state`."""

    kind: Literal["inexact"] = "inexact"


MoveEvent = Annotated[
    SowEvent | CaptureEvent | ChildEvent | SettleEvent | ExtraTurnEvent | PassEvent
    | RoundEndEvent | InexactEvent,
    Field(discriminator="kind"),
]


_EVENTS: TypeAdapter[list[MoveEvent]] = TypeAdapter(list[MoveEvent])


def move_events(raw: list[dict[str, Any]] | None) -> list[MoveEvent] | None:
    """The engine's record of a move (Game.play_events) as the protocol's events."""
    return None if raw is None else _EVENTS.validate_python(raw)
