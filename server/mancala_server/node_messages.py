"""Messages between the nodes of a cluster (over Redis pub/sub), as typed models.

Each node listens on its own channel; a message is msgpack of the model's fields. The
owner of a room sends one `Push` per node with people in the room (the frame encoded
once per wire format, and which of that node's clients get it), so a room's spectators
may be spread over nodes and no node writes to all of them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgpack
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from mancala.protocol import codec
from mancala.protocol.messages import RoomSummary


class _NodeMsg(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClientRef(_NodeMsg):
    """A client connected to another node, as the owner of a room sees it."""

    node: str
    id: int
    name: str
    peer: str
    address: str
    binary: bool  # msgpack frames (else JSON)
    # competitive play: a known player's id, their ratings shown by variant, the socket's round trip
    player: str | None = None
    ratings: dict[str, tuple[int, bool]] = {}
    latency: float = 0.0


class Forward(_NodeMsg):
    """A client's request about a room the receiving node owns."""

    kind: Literal["forward"] = "forward"
    ref: int  # the sender's number for the answer (Done)
    client: ClientRef
    request: dict[str, Any]  # the validated client message
    received: float  # wall-clock time the frame arrived (the fan-out latency metric)
    quick: bool = False  # a quick-pairing join: only into a room still open for pairing
    # the quick_pair request of a quick join: the room must fit its terms (clock, rated, rating)
    terms: dict[str, Any] | None = None


class Done(_NodeMsg):
    """The owner has handled a forwarded request (its replies went out before this)."""

    kind: Literal["done"] = "done"
    ref: int
    moved: bool = False  # the room is not on this node (any more): ask who owns it, try again
    refused: bool = False  # a quick-pairing join into a room no longer open: nothing was sent


class Push(_NodeMsg):
    """Frames for clients of the receiving node: the same message, once per wire format."""

    kind: Literal["push"] = "push"
    text: str | None = None
    binary: bytes | None = None
    text_to: list[int] = []
    binary_to: list[int] = []
    received: float | None = None  # for a move: when it arrived (the fan-out latency metric)


class Gone(_NodeMsg):
    """A client of the sending node closed its socket: it leaves the rooms it was in."""

    kind: Literal["gone"] = "gone"
    node: str
    client: int


class Kick(_NodeMsg):
    """Close these clients (code 1012): their room is no longer on the sending node; they
    reconnect and find it where it went."""

    kind: Literal["kick"] = "kick"
    clients: list[int]
    reason: str


class Seated(_NodeMsg):
    """A client of the receiving node was given a seat in a room of the sending node
    without a request of its own (an accepted challenge seats the challenger): the
    receiving node notes the route, as after a forwarded join, or answers Gone when that
    client has closed meanwhile."""

    kind: Literal["seated"] = "seated"
    node: str  # the room's owner
    client: int
    room: str


class LobbyNews(_NodeMsg):
    """Public rooms of the sending node that changed, or were removed from the lobby."""

    kind: Literal["lobby"] = "lobby"
    node: str
    rooms: list[RoomSummary] = []
    removed: list[str] = []


NodeMessage = Annotated[Forward | Done | Push | Gone | Kick | Seated | LobbyNews, Field(discriminator="kind")]
_ADAPTER: TypeAdapter[NodeMessage] = TypeAdapter(NodeMessage)


def pack(message: BaseModel) -> bytes:
    return codec.pack(message.model_dump(mode="python"))


def unpack(data: bytes) -> NodeMessage:
    """A node message from the wire (ValueError or ValidationError when it is not one)."""
    return _ADAPTER.validate_python(msgpack.unpackb(data, raw=False))
