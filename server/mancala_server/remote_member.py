"""A client of another node, as the owner of a room sees it (scale-out)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from pydantic import BaseModel

from mancala.protocol.codec import JSON_SUBPROTOCOL, MSGPACK_SUBPROTOCOL, Codec
from mancala_server.node_messages import ClientRef


class RemoteMember:
    """A client of another node in one of this node's rooms: what rooms and handlers need
    of a connection; what it is sent goes to its node."""

    def __init__(self, deliver: Callable[[Collection[Any], BaseModel], None], ref: ClientRef) -> None:
        self.deliver = deliver  # the hub's: to its node, with the others in the same room
        self.node = ref.node
        self.id = ref.id
        self.seats: dict[str, int] = {}
        self.watching: set[str] = set()
        self.created: set[str] = set()
        self.lobby = False
        self.closed = False
        self.update(ref)

    def update(self, ref: ClientRef) -> None:
        self.name = ref.name
        self.address = ref.address
        self._peer = f"{ref.peer} via {ref.node}"
        self.binary = ref.binary
        self.codec = Codec(MSGPACK_SUBPROTOCOL if ref.binary else JSON_SUBPROTOCOL)
        self.player = ref.player
        self.ratings = dict(ref.ratings)
        self.latency = ref.latency

    @property
    def peer(self) -> str:
        return self._peer

    def send(self, message: BaseModel) -> None:
        self.deliver((self,), message)
