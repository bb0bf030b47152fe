"""Every message of protocol mancala.v1 as a pydantic model with a `type` tag.

Client messages may carry an `id`; the server echoes it in the reply (or the
error) so a client can match answers to requests. Pushed messages carry no id.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict, TypeAdapter

from mancala.protocol import PROTOCOL
from mancala.protocol.text import printable_name

RoomCode = Annotated[str, Field(min_length=4, max_length=16, pattern=r"^[A-Za-z0-9]+$")]
Seat = Literal[0, 1]
SEATS: tuple[Seat, Seat] = (0, 1)
RoomStatus = Literal["waiting", "playing", "finished"]
EndReason = Literal["rules", "resign", "forfeit"]  # how a game ended
# shown to other people (seats, lobby): printable characters only, no controls or
# direction overrides (a name must not be able to rewrite someone's terminal)
Name = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(printable_name)]
# an integer exactly representable in JavaScript and in msgpack: a client's request id
# is echoed back, so it must survive both encodings
SafeInt = Annotated[int, Strict(), Field(ge=-(2**53), le=2**53)]
RequestId = SafeInt | Annotated[str, Field(max_length=64)] | None
Hole = Annotated[int, Strict(), Field(ge=0, le=255)]
JsonMove = Hole | tuple[Hole, Literal["CW", "CCW"]]
# a computer opponent's difficulty: the variant's 0..3, or "perfect" (the exact solver
# where it finishes within the move's time cap, else the strongest search)
ComputerLevel = Annotated[int, Field(ge=0, le=3)] | Literal["perfect"]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class _Request(_Msg):
    # strict: "move": true or "2", "public": "yes" are type errors, not coerced; the hub
    # validates JSON text (validate_client), where arrays still read as tuples
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    id: RequestId = None


# ---- client -> server ---------------------------------------------------------------


class Hello(_Request):
    type: Literal["hello"] = "hello"
    protocol: str = PROTOCOL
    name: Name = "guest"


class ListVariants(_Request):
    type: Literal["list_variants"] = "list_variants"


class SubscribeLobby(_Request):
    type: Literal["subscribe_lobby"] = "subscribe_lobby"


class UnsubscribeLobby(_Request):
    type: Literal["unsubscribe_lobby"] = "unsubscribe_lobby"


class CreateRoom(_Request):
    type: Literal["create_room"] = "create_room"
    variant: str | dict[str, Any]
    public: bool | None = None  # None: public, except a game against the computer
    seat: Seat | None = None  # None: any seat
    starter: Seat | Literal["random"] = 0
    computer: ComputerLevel | None = None  # a computer opponent's difficulty


class JoinRoom(_Request):
    type: Literal["join_room"] = "join_room"
    room: RoomCode
    seat: Seat | None = None


class Spectate(_Request):
    type: Literal["spectate"] = "spectate"
    room: RoomCode


class Reconnect(_Request):
    type: Literal["reconnect"] = "reconnect"
    room: RoomCode
    token: Annotated[str, Field(min_length=16, max_length=128)]


class QuickPair(_Request):
    type: Literal["quick_pair"] = "quick_pair"
    variant: str


class MakeMove(_Request):
    type: Literal["move"] = "move"
    room: RoomCode
    move: JsonMove
    ply: SafeInt | None = None  # the ply the client saw; a stale one is refused


class Resign(_Request):
    type: Literal["resign"] = "resign"
    room: RoomCode


class Rematch(_Request):
    type: Literal["rematch"] = "rematch"
    room: RoomCode


class Leave(_Request):
    type: Literal["leave"] = "leave"
    room: RoomCode


class Ping(_Request):
    type: Literal["ping"] = "ping"


ClientMessage = Annotated[
    Hello | ListVariants | SubscribeLobby | UnsubscribeLobby | CreateRoom | JoinRoom | Spectate
    | Reconnect | QuickPair | MakeMove | Resign | Rematch | Leave | Ping,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def validate_client(data: dict[str, Any]) -> Any:
    """A decoded client message as its model, strictly typed (raises ValidationError).

    Validated from JSON text whatever the frame's encoding: strict mode then refuses
    coercions (bool or "2" for an int) while arrays still read as tuples."""
    try:
        text = json.dumps(data, allow_nan=False)
    except TypeError as exc:  # msgpack bytes or extension types
        raise ValueError(str(exc)) from None
    return CLIENT_MESSAGE.validate_json(text, strict=True)
CLIENT_TYPES = frozenset(
    m.model_fields["type"].default
    for m in (Hello, ListVariants, SubscribeLobby, UnsubscribeLobby, CreateRoom, JoinRoom, Spectate,
              Reconnect, QuickPair, MakeMove, Resign, Rematch, Leave, Ping)
)


# ---- server -> client -----------------------------------------------------------------


class ErrorCode(StrEnum):
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    TOO_LARGE = "too_large"
    RATE_LIMITED = "rate_limited"
    ILLEGAL_MOVE = "illegal_move"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_A_PLAYER = "not_a_player"
    STALE_PLY = "stale_ply"
    GAME_OVER = "game_over"
    ROOM_FULL = "room_full"
    SEAT_TAKEN = "seat_taken"
    NO_SUCH_ROOM = "no_such_room"
    BAD_TOKEN = "bad_token"
    UNKNOWN_VARIANT = "unknown_variant"
    INVALID_VARIANT = "invalid_variant"
    PROTOCOL_VERSION = "protocol_version"
    SHUTTING_DOWN = "shutting_down"
    RULES_TIMEOUT = "rules_timeout"  # a custom variant's rules overran their time limit
    QUOTA = "quota"  # too many open rooms (or computer rooms) for this connection or address
    INTERNAL_ERROR = "internal_error"  # a server bug: logged; the connection stays open


class Error(_Msg):
    type: Literal["error"] = "error"
    id: RequestId = None
    code: ErrorCode
    message: str
    params: list[str] = []  # for invalid_variant: the parameters involved


class Welcome(_Msg):
    type: Literal["welcome"] = "welcome"
    id: int | str | None = None
    protocol: str = PROTOCOL
    server: str = "mancala"


class VariantInfo(_Msg):
    name: str  # file stem: what create_room takes
    title: str
    about: str
    holes: int
    rules: str = ""
    family: str = ""  # added: for grouping in the variant picker
    region: str = ""  # added


class Variants(_Msg):
    type: Literal["variants"] = "variants"
    id: int | str | None = None
    variants: list[VariantInfo]


class SeatInfo(_Msg):
    name: str | None  # None: free
    connected: bool = False
    computer: bool = False


class RoomSummary(_Msg):
    room: str
    variant: str
    title: str
    public: bool
    seats: list[SeatInfo]
    spectators: int
    status: RoomStatus


class Lobby(_Msg):
    type: Literal["lobby"] = "lobby"
    id: int | str | None = None
    rooms: list[RoomSummary]


class LobbyUpdate(_Msg):
    type: Literal["lobby_update"] = "lobby_update"
    room: RoomSummary | None = None
    removed: str | None = None
    # several rooms that changed within one lobby_interval, in one frame
    rooms: list[RoomSummary] | None = None

    def changed(self) -> list[RoomSummary]:
        """The rooms this update brings, in either form."""
        return [self.room] if self.room is not None else list(self.rooms or [])


class State(_Msg):
    """A position as the replay contract prints it."""

    board: list[int]
    stores: list[int]
    turn: int | None  # None only on a game end that names nobody (a tie of the RND_* tallies)
    legal: list[Any]
    children: list[int | None]
    blocked: list[bool]
    owners: list[int | None]
    unlocked: list[bool]
    outcome: dict[str, Any] | None


class SeatGranted(_Msg):
    type: Literal["seat_granted"] = "seat_granted"
    id: int | str | None = None
    room: str
    seat: Seat
    token: str


# ---- what a move did (move_made.events, room_state.moves[i].events) ----------------
# Places: a hole index (0 .. 2*holes-1, as `board`), or a store: -1 South's, -2 North's.
Place = int


class SowEvent(_Msg):
    """One lap: its seeds were taken from `hole` and dropped one by one on `path`."""

    kind: Literal["sow"] = "sow"
    hole: int
    path: list[Place]


class CaptureEvent(_Msg):
    """`seeds` moved at once from `src` to `dst` (a capture into a store, mostly), after
    `at` of the move's seeds were sown."""

    kind: Literal["capture"] = "capture"
    src: Place
    seeds: int
    dst: Place
    at: int


class ChildEvent(_Msg):
    kind: Literal["child"] = "child"
    hole: int
    seat: int


class SettleEvent(_Msg):
    """The end of the game or round changed `place` by `seeds` (negative: taken away)."""

    kind: Literal["settle"] = "settle"
    place: Place
    seeds: int


class ExtraTurnEvent(_Msg):
    kind: Literal["extra_turn"] = "extra_turn"


class PassEvent(_Msg):
    """`seat` had no move and passed: the mover moves again."""

    kind: Literal["pass"] = "pass"
    seat: int


class RoundEndEvent(_Msg):
    kind: Literal["round_end"] = "round_end"


class InexactEvent(_Msg):
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


class MoveRecord(_Msg):
    ply: int
    seat: int
    move: Any
    # what the move did (docs/protocol.md, "What a move did"); None: no record
    events: list[MoveEvent] | None = None


class RoomState(_Msg):
    """The whole room: sent on join, spectate, reconnect and rematch."""

    type: Literal["room_state"] = "room_state"
    id: int | str | None = None
    room: str
    variant: str
    title: str
    holes: int
    public: bool
    seats: list[SeatInfo]
    spectators: int
    status: RoomStatus
    you: int | None  # your seat, None for a spectator
    ply: int
    moves: list[MoveRecord]
    state: State
    result: str | None = None  # words: how the game ended
    game_id: int | None = None  # the stored game: GET /api/games/{game_id}


class MoveMade(_Msg):
    type: Literal["move_made"] = "move_made"
    room: str
    ply: int
    seat: int
    move: Any
    state: State
    events: list[MoveEvent] | None = None  # what the move did (docs/protocol.md)


class RoundStarted(_Msg):
    """A round ended (the move_made before this carried its ROUND_* outcome); here is the next."""

    type: Literal["round_started"] = "round_started"
    room: str
    ply: int
    state: State


class PlayerStatus(_Msg):
    type: Literal["player_status"] = "player_status"
    room: str
    seat: int
    status: Literal["joined", "disconnected", "back", "left", "forfeited"]
    name: str | None = None


class Spectators(_Msg):
    type: Literal["spectators"] = "spectators"
    room: str
    count: int


class GameOver(_Msg):
    type: Literal["game_over"] = "game_over"
    room: str
    outcome: dict[str, Any]
    reason: EndReason
    result: str
    game_id: int | None = None  # GET /api/games/{game_id} reads it back


class RematchOffer(_Msg):
    type: Literal["rematch_offer"] = "rematch_offer"
    room: str
    seat: int


class Ack(_Msg):
    type: Literal["ack"] = "ack"
    id: int | str | None = None


class Pong(_Msg):
    type: Literal["pong"] = "pong"
    id: int | str | None = None


class RoomClosed(_Msg):
    """The room is gone (idle too long); its game, if it had moves, stays readable."""

    type: Literal["room_closed"] = "room_closed"
    room: str
    reason: str


class ServerClosing(_Msg):
    type: Literal["server_closing"] = "server_closing"
    message: str = "the server is restarting; reconnect with your token"


ServerMessage = Annotated[
    Error | Welcome | Variants | Lobby | LobbyUpdate | SeatGranted | RoomState | MoveMade | RoundStarted
    | PlayerStatus | Spectators | GameOver | RematchOffer | Ack | Pong | RoomClosed | ServerClosing,
    Field(discriminator="type"),
]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)
