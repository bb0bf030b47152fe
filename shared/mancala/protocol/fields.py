"""The value types of protocol mancala.v1's messages, shared by both directions: the
base model, seats, names, room codes, request ids, moves, time controls and clocks."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict, model_validator

from mancala.protocol.text import printable_name, printable_text

RoomCode = Annotated[str, Field(min_length=4, max_length=16, pattern=r"^[A-Za-z0-9]+$")]
Seat = Literal[0, 1]
SEATS: tuple[Seat, Seat] = (0, 1)
RoomStatus = Literal["waiting", "playing", "finished"]
# how a game ended (timeout: a clock ran out; agreement: a draw both players agreed to;
# added "aborted": a rated or timed game that ended before both players had made a move,
# by a first-move timeout or a player leaving: no winner, no rating)
EndReason = Literal["rules", "resign", "forfeit", "timeout", "agreement", "aborted"]
# added: why a rated room's game moved no rating (docs/competitive.md, "Farming limits"):
# "aborted" (ended before both players moved), "short" (a player made fewer than two moves)
UnratedReason = Literal["aborted", "short"]
# shown to other people (seats, lobby): printable characters only, no controls or
# direction overrides (a name must not be able to rewrite someone's terminal)
Name = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(printable_name)]
# an integer exactly representable in JavaScript and in msgpack: a client's request id
# is echoed back, so it must survive both encodings
SafeInt = Annotated[int, Strict(), Field(ge=-(2**53), le=2**53)]
RequestId = SafeInt | Annotated[str, Field(max_length=64)] | None
Hole = Annotated[int, Strict(), Field(ge=0, le=255)]
# a store move (1.10 play_locs BRD_OWN_STR_CHS, Azigo): ["STORE", seeds] sows that many of
# the mover's store seeds; the engine says how many it allows
StoreSeeds = Annotated[int, Strict(), Field(ge=1, le=4096)]
JsonMove = Hole | tuple[Hole, Literal["CW", "CCW"]] | tuple[Literal["STORE"], StoreSeeds]
# the seeds of one hole in an arrangement; far above any board's, far below a DoS
ArrangeSeeds = Annotated[int, Strict(), Field(ge=0, le=4096)]
# a computer opponent's difficulty: the variant's 0..3, or "perfect" (the exact solver
# where it finishes within the move's time cap, else the strongest search)
ComputerLevel = Annotated[int, Field(ge=0, le=3)] | Literal["perfect"]


class WireModel(BaseModel):
    """Every message, and what messages hold: no unknown fields, never changed once made."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ArrangeMove(BaseModel):
    """added: an ARNGE_LIMIT game's first move may lay out the mover's side instead of
    sowing: the seeds of each hole from the mover's own left (docs/protocol.md, "The
    arrangement move"). The bounds are the wire's; the rules judge the rest."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    arrange: Annotated[list[ArrangeSeeds], Field(min_length=1, max_length=128)]


# what a `move` request carries: a sowing (from a hole, or a store), or (added) an arrangement
PlayMove = JsonMove | ArrangeMove


def engine_move(move: PlayMove) -> int | tuple[int, str] | tuple[str, int] | dict[str, list[int]]:
    """The move as the engine and the game's record take it (an arrangement as its JSON; a
    store move as the engine's ("STORE", seeds))."""
    if isinstance(move, ArrangeMove):
        return {"arrange": list(move.arrange)}
    return move


# ---- time controls (used by requests and replies alike) ------------------------------


class TimeControl(BaseModel):
    """A room's clock: `base` seconds each plus `increment` seconds after every move
    (Fischer), or `days` per move (correspondence). None anywhere: no clock."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    base: Annotated[int, Field(ge=0, le=3 * 3600)] = 0
    increment: Annotated[int, Field(ge=0, le=180)] = 0
    days: Annotated[int, Field(ge=0, le=14)] = 0

    @model_validator(mode="after")
    def _one_kind(self) -> TimeControl:
        if (self.base > 0) == (self.days > 0):
            raise ValueError("a time control has either base seconds (and an increment) or days per move")
        if self.days and self.increment:
            raise ValueError("days per move take no increment")
        return self

    def label(self) -> str:
        """Short words: "5+3" (minutes + seconds), "2 days"."""
        if self.days:
            return f"{self.days} day{'s' if self.days > 1 else ''} a move"
        minutes = self.base / 60
        return f"{minutes:g}+{self.increment}"


class Clocks(BaseModel):
    """Both clocks as the server holds them when the message is made: `remaining`
    milliseconds per seat, and the seat whose clock runs (None: stopped)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    remaining: list[int]
    running: int | None = None
    # added: before both players have made a move no clock runs; the player to move has
    # this many milliseconds to make their first move, else the game is aborted
    first_move_ms: int | None = None


# ---- competitive play: known players, offers, chat, challenges --------------------------

PlayerId = Annotated[str, Field(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
Secret = Annotated[str, Field(min_length=16, max_length=128)]
ChatText = Annotated[str, Field(min_length=1, max_length=300), AfterValidator(printable_text)]
ChallengeId = Annotated[str, Field(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
