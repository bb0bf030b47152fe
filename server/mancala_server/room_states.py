"""room_state messages whose move list is encoded once per move, not once per catch-up.

A `spectate` or `reconnect` of a long game sends its whole move list. Built and encoded
from scratch each time, a 2,000-move bule_perga game cost the event loop 7 to 10 ms a
catch-up (pydantic validates and serialises every MoveRecord again; 20 to 30 ms at 6,000
moves), and a few spectators catching up at once pushed a bystander's ping p99 to 74 ms
(benchmarks/abuse.py, point 3). A game's moves only grow (a takeback or a new game
replaces the list, MoveRecords are frozen), so each room keeps its moves' encodings and
extends them with the new moves only: a catch-up then costs the room's head fields plus
one join of cached text or bytes, 0.1 to 0.4 ms at any length
(benchmarks/catch_up_frames.py). The price is memory: each encoding kept twice (each move
and the joined list), about 0.2 KB a move for each wire format a spectator of the room
used, until the room closes.

The frames are the same bytes as RoomState's own (tests/server/test_room_states.py
compares them): `CachedRoomState` is a RoomState that gives the codec its own frame
(codec.OwnFrames), the head fields encoded as usual and the cached moves spliced in.
"""

from __future__ import annotations

import weakref
from typing import Any

from pydantic import PrivateAttr
from pydantic_core import PydanticSerializationError

from mancala.protocol import server_messages
from mancala.protocol.codec import OwnFrames, pack
from mancala.protocol.server_messages import MoveRecord, RoomState
from mancala_server.room import Room


class EncodedMoves:
    """One room's moves as encoded so far: the records (to notice a replaced list), and,
    once a client of each kind asked, each one's JSON text and msgpack bytes."""

    def __init__(self) -> None:
        self.records: list[MoveRecord] = []
        self.texts: list[str] = []
        self.packed: list[bytes] = []
        self._joined: dict[bool, tuple[int, str | bytes]] = {}  # binary -> (moves, joined)

    def follow(self, moves: list[MoveRecord]) -> int:
        """Catch up with the room's list; the number of moves it has."""
        kept = min(len(self.records), len(moves))
        # a takeback keeps the records before it, a new game or a restore makes new ones:
        # the first and the last shared record tell which (records are never changed)
        if kept and (moves[0] is not self.records[0] or moves[kept - 1] is not self.records[kept - 1]):
            kept = 0
        if kept < len(self.records):
            del self.records[kept:], self.texts[kept:], self.packed[kept:]
            self._joined.clear()
        self.records += moves[kept:]
        return len(moves)

    def json(self, count: int) -> str:
        """The moves' JSON array, without its brackets."""
        done, text = self._joined.get(False, (-1, ""))
        if done != count:
            self.texts += [r.model_dump_json() for r in self.records[len(self.texts):count]]
            text = ",".join(self.texts[:count])
            self._joined[False] = (count, text)
        assert isinstance(text, str)
        return text

    def msgpack(self, count: int) -> bytes:
        """The moves' msgpack array, with its header."""
        done, data = self._joined.get(True, (-1, b""))
        if done != count:
            self.packed += [pack(r.model_dump(mode="json")) for r in self.records[len(self.packed):count]]
            data = _array_head(count) + b"".join(self.packed[:count])
            self._joined[True] = (count, data)
        assert isinstance(data, bytes)
        return data


class CachedRoomState(RoomState, OwnFrames):
    """A RoomState that encodes itself with its room's cached moves."""

    _encoded: EncodedMoves = PrivateAttr()

    def frame(self, binary: bool) -> str | bytes | None:
        head = RoomState.model_construct(**{**dict(self), "moves": []})
        if binary:
            data = head.model_dump(mode="json")
            moves = self._encoded.msgpack(self.ply)
            return _map_head(len(data)) + b"".join(
                pack(key) + (moves if key == "moves" else pack(value)) for key, value in data.items())
        try:
            text = head.model_dump_json()
        except PydanticSerializationError:
            return None  # a lone surrogate in a name: the codec's own way (json.dumps)
        # the field order is RoomState's: "ply" then "moves"; outside a string a quote
        # follows no backslash, so this spot is the field itself, never text in a name
        empty = f'"ply":{self.ply},"moves":[]'
        at = text.index(empty) + len(empty) - 1
        return text[:at] + self._encoded.json(self.ply) + text[at:]


# RoomState's annotations name the protocol's models, which this module does not import
CachedRoomState.model_rebuild(_types_namespace=vars(server_messages))


def _array_head(n: int) -> bytes:
    """msgpack's header of an array of n items (the spec's fixarray, array 16, array 32)."""
    if n < 16:
        return bytes((0x90 | n,))
    return b"\xdc" + n.to_bytes(2, "big") if n < 1 << 16 else b"\xdd" + n.to_bytes(4, "big")


def _map_head(n: int) -> bytes:
    if n < 16:
        return bytes((0x80 | n,))
    return b"\xde" + n.to_bytes(2, "big") if n < 1 << 16 else b"\xdf" + n.to_bytes(4, "big")


class RoomStates:
    """The hub's room_states for catch-ups, each room's moves encoded once (weakly held:
    a closed room's encodings go with it)."""

    def __init__(self) -> None:
        self.rooms: weakref.WeakKeyDictionary[Room, EncodedMoves] = weakref.WeakKeyDictionary()

    def of(self, room: Room, you: int | None, request_id: Any = None) -> RoomState:
        encoded = self.rooms.get(room)
        if encoded is None:
            encoded = self.rooms[room] = EncodedMoves()
        count = encoded.follow(room.moves)
        # validated without its moves (validating 2,000 records is part of the cost this
        # saves), then given the room's own records: what RoomState would hold
        head = room.room_state(you, request_id, moves=[])
        state = CachedRoomState.model_construct(**{**dict(head), "moves": room.moves[:count]})
        state._encoded = encoded
        return state
