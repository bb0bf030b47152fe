"""What a room needs from outside and what it says back: the people in it (`Member`), the
function that sends them messages (`Deliver`), where it writes (`RoomStore`), and its
refusals (`RoomError`, each with the protocol's error code)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, Protocol

from pydantic import BaseModel

from mancala.engine.position import Outcome, Position
from mancala.protocol.messages import ErrorCode
from mancala_server.compete_store import ChatRow, ClockMark, Terms
from mancala_server.ratings import RatedSide, Settled
from mancala_server.store import RoomRow


class Member(Protocol):
    """Someone in a room, or the hub's: a connection of this server (connection.Client), a
    connection of another node (remote_member.RemoteMember), or a test's stand-in."""

    name: str
    seats: dict[str, int]  # room code -> seat, kept by the rooms
    watching: set[str]  # codes of the rooms watched
    created: set[str]  # codes of the rooms it made (quotas)
    player: str | None  # a known player's id, once identified (compete_hub.py)
    ratings: dict[str, tuple[int, bool]]  # a known player's ratings by variant, as shown

    @property
    def peer(self) -> str: ...

    @property
    def address(self) -> str: ...

    @property
    def closed(self) -> bool: ...

    @property
    def latency(self) -> float:
        """The connection's last measured round trip, in seconds (0: not measured)."""
        ...

    def send(self, message: BaseModel) -> None: ...


# sends one message to several members (the hub's: encoded once per wire format)
Deliver = Callable[[Collection[Member], BaseModel], None]


class RoomStore(Protocol):
    """Where a room writes: its `Journal` over the hub's storage port (committed in
    order, and the room's messages held back until the writes before them are committed:
    at once on SQLite, queued on PostgreSQL); in unit tests, the SQLite `Store` itself
    (each call committed when it returns)."""

    def save_room(self, row: RoomRow) -> None: ...

    def set_room_status(self, code: str, status: str) -> None: ...

    def new_game(self, room: str, variant: str, variant_json: dict[str, Any], starter: int,
                 players: list[str | None], start: dict[str, Any]) -> int: ...

    def add_round(self, game_id: int, ply: int, start: dict[str, Any]) -> None: ...

    def set_players(self, game_id: int, players: list[str | None]) -> None: ...

    def add_move(self, game_id: int, ply: int, seat: int, move: Any) -> None: ...

    def end_game(self, game_id: int, outcome: Outcome, reason: str, result: str) -> None: ...

    # competitive play (match.py, room_chat.py)
    def finish_rated(self, game_id: int, outcome: Outcome, reason: str, result: str, variant: str,
                     sides: list[RatedSide], then: Callable[[list[Settled]], None]) -> None: ...

    def set_terms(self, game_id: int, terms: Terms) -> None: ...

    def add_move_clock(self, game_id: int, ply: int, remaining: tuple[int, int]) -> None: ...

    def pause_clock(self, game_id: int, mark: ClockMark) -> None: ...

    def take_back(self, game_id: int, ply: int, mark: ClockMark | None) -> None: ...

    def add_chat(self, game_id: int, row: ChatRow) -> None: ...


def layout(pos: Position) -> dict[str, Any]:
    """A round's first board and stores, as stored with the game."""
    return {"board": list(pos.board), "stores": list(pos.stores)}


class RoomError(Exception):
    """A request the room refuses: carries the protocol's error code."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
