"""Every message of protocol mancala.v1 as a pydantic model with a `type` tag.

Client messages may carry an `id`; the server echoes it in the reply (or the
error) so a client can match answers to requests. Pushed messages carry no id.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    TypeAdapter,
    model_validator,
)

from mancala.protocol import PROTOCOL
from mancala.protocol.text import printable_name, printable_text

RoomCode = Annotated[str, Field(min_length=4, max_length=16, pattern=r"^[A-Za-z0-9]+$")]
Seat = Literal[0, 1]
SEATS: tuple[Seat, Seat] = (0, 1)
RoomStatus = Literal["waiting", "playing", "finished"]
# how a game ended (timeout: a clock ran out; agreement: a draw both players agreed to)
EndReason = Literal["rules", "resign", "forfeit", "timeout", "agreement"]
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
    clock: TimeControl | None = None  # added: the room's time control (None: no clock)
    rated: bool = False  # added: the game changes both players' ratings (known players only)


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
    clock: TimeControl | None = None  # added: pairs only with the same time control
    rated: bool = False  # added: pairs rated players by rating range


class MakeMove(_Request):
    type: Literal["move"] = "move"
    room: RoomCode
    move: JsonMove
    ply: SafeInt | None = None  # the ply the client saw; a stale one is refused


class Resign(_Request):
    type: Literal["resign"] = "resign"
    room: RoomCode


class ClaimWin(_Request):
    """The player who stayed takes the win once the absent opponent's grace period is over
    (player_status "claimable"); until then they may go on waiting instead."""

    type: Literal["claim_win"] = "claim_win"
    room: RoomCode


class Rematch(_Request):
    type: Literal["rematch"] = "rematch"
    room: RoomCode


class Leave(_Request):
    type: Literal["leave"] = "leave"
    room: RoomCode


class Ping(_Request):
    type: Literal["ping"] = "ping"


# ---- competitive play: known players, offers, chat, challenges --------------------------

PlayerId = Annotated[str, Field(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]
Secret = Annotated[str, Field(min_length=16, max_length=128)]
ChatText = Annotated[str, Field(min_length=1, max_length=300), AfterValidator(printable_text)]
ChallengeId = Annotated[str, Field(min_length=8, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")]


class Identify(_Request):
    """Who this connection is: a known player (`player` and its `secret`), or a new one
    (neither: the server makes a player named `name`, or a free name)."""

    type: Literal["identify"] = "identify"
    player: PlayerId | None = None
    secret: Secret | None = None
    name: Name | None = None


class Rename(_Request):
    type: Literal["rename"] = "rename"
    name: Name


class TransferCode(_Request):
    """A short code that lets another device become this player (redeem_transfer)."""

    type: Literal["transfer_code"] = "transfer_code"


class RedeemTransfer(_Request):
    type: Literal["redeem_transfer"] = "redeem_transfer"
    code: Annotated[str, Field(min_length=6, max_length=16, pattern=r"^[A-Za-z0-9-]+$")]


class OfferDraw(_Request):
    type: Literal["offer_draw"] = "offer_draw"
    room: RoomCode


class AnswerDraw(_Request):
    type: Literal["answer_draw"] = "answer_draw"
    room: RoomCode
    accept: bool


class OfferTakeback(_Request):
    type: Literal["offer_takeback"] = "offer_takeback"
    room: RoomCode


class AnswerTakeback(_Request):
    type: Literal["answer_takeback"] = "answer_takeback"
    room: RoomCode
    accept: bool


class Chat(_Request):
    type: Literal["chat"] = "chat"
    room: RoomCode
    text: ChatText


class Mute(_Request):
    """Hear (muted false) or stop hearing (true) someone's chat in a room, by name."""

    type: Literal["mute"] = "mute"
    room: RoomCode
    name: Name
    muted: bool = True


class Challenge(_Request):
    type: Literal["challenge"] = "challenge"
    to: Name
    variant: str
    clock: TimeControl | None = None
    rated: bool = False


class AnswerChallenge(_Request):
    """The challenged player accepts or declines; the challenger's answer withdraws it."""

    type: Literal["answer_challenge"] = "answer_challenge"
    challenge: ChallengeId
    accept: bool


COMPETITIVE_REQUESTS = (Identify, Rename, TransferCode, RedeemTransfer, OfferDraw, AnswerDraw, OfferTakeback,
                        AnswerTakeback, Chat, Mute, Challenge, AnswerChallenge)
ClientMessage = Annotated[
    Hello | ListVariants | SubscribeLobby | UnsubscribeLobby | CreateRoom | JoinRoom | Spectate
    | Reconnect | QuickPair | MakeMove | Resign | ClaimWin | Rematch | Leave | Ping
    | Identify | Rename | TransferCode | RedeemTransfer | OfferDraw | AnswerDraw | OfferTakeback
    | AnswerTakeback | Chat | Mute | Challenge | AnswerChallenge,
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
              Reconnect, QuickPair, MakeMove, Resign, ClaimWin, Rematch, Leave, Ping, *COMPETITIVE_REQUESTS)
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
    TRY_AGAIN = "try_again"  # (many nodes) the room is changing owner, or the nodes cannot reach each other
    # competitive play
    NOT_IDENTIFIED = "not_identified"  # needs a known player (identify first)
    NAME_TAKEN = "name_taken"  # another player has that name
    BAD_SECRET = "bad_secret"  # no such player, or the secret is not theirs
    BAD_TRANSFER = "bad_transfer"  # no such transfer code, or it expired
    NO_OFFER = "no_offer"  # an answer when no offer stands, or an offer that cannot be made now
    NO_TAKEBACK = "no_takeback"  # takebacks are off in rated games, or nothing to take back
    NO_SUCH_PLAYER = "no_such_player"  # a challenge to a name nobody has, or who is not connected
    NO_SUCH_CHALLENGE = "no_such_challenge"  # answered, withdrawn, expired, or never made
    NOT_CLAIMABLE = "not_claimable"  # claim_win while the opponent is here or still has time to come back


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
    rating: int | None = None  # added: the seat's rating in the room's variant (known players, computers)
    provisional: bool = False  # added: that rating rests on too few games to mean much yet
    grace_ms: int | None = None  # added, in room_state: an absent player's time left before forfeiting
    # added, in room_state: the grace period is over and the other seat may claim_win
    claimable: bool = False


class RoomSummary(_Msg):
    room: str
    variant: str
    title: str
    public: bool
    seats: list[SeatInfo]
    spectators: int
    status: RoomStatus
    clock: TimeControl | None = None  # added: the room's time control
    rated: bool = False  # added


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
    clock: TimeControl | None = None  # added: the time control
    clocks: Clocks | None = None  # added: both clocks now
    rated: bool = False  # added
    offer: OfferInfo | None = None  # added: a draw or takeback offer waiting for an answer


class MoveMade(_Msg):
    type: Literal["move_made"] = "move_made"
    room: str
    ply: int
    seat: int
    move: Any
    state: State
    clocks: Clocks | None = None  # added: both clocks after the move (timed rooms)
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
    # added "claimable": away past the grace period; the other seat may claim_win (or wait)
    status: Literal["joined", "disconnected", "back", "left", "forfeited", "claimable"]
    name: str | None = None
    clocks: Clocks | None = None  # added: with "joined" in a timed room (the clock may start now)
    grace_ms: int | None = None  # added, with "disconnected"/"left" in play: time left before forfeiting


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


class OfferInfo(_Msg):
    kind: Literal["draw", "takeback"]
    seat: int  # who offers


class OfferNews(_Msg):
    """A draw or takeback offer was made, declined or withdrawn (an accepted draw ends the
    game: game_over; an accepted takeback: taken_back)."""

    type: Literal["offer"] = "offer"
    room: str
    kind: Literal["draw", "takeback"]
    seat: int  # the seat that offered
    status: Literal["offered", "declined", "withdrawn"]


class TakenBack(_Msg):
    """Moves were taken back by agreement: the game goes on from `ply` with this state."""

    type: Literal["taken_back"] = "taken_back"
    room: str
    ply: int
    moves: list[MoveRecord]
    state: State
    clocks: Clocks | None = None


class ChatMessage(_Msg):
    type: Literal["chat_message"] = "chat_message"
    room: str
    channel: Literal["players", "spectators"]
    name: str
    seat: int | None  # the speaker's seat; None: a spectator
    text: str
    at: float  # seconds since 1970 (UTC), as the server received it


class RatingInfo(_Msg):
    variant: str
    rating: int
    rd: int
    provisional: bool
    games: int


class Identity(_Msg):
    """Who the connection is now. `secret` only when it was just made (a new player, a
    redeemed transfer code): keep it, it is the only way back in."""

    type: Literal["identity"] = "identity"
    id: int | str | None = None
    player: str
    name: str
    secret: str | None = None
    ratings: list[RatingInfo] = []


class TransferCodeReply(_Msg):
    type: Literal["transfer_code"] = "transfer_code"
    id: int | str | None = None
    code: str
    expires_in: int  # seconds


class ChallengeInfo(_Msg):
    """A challenge to this player (pushed), or the one just sent (the reply to challenge)."""

    type: Literal["challenge"] = "challenge"
    id: int | str | None = None
    challenge: str
    by: str  # the challenger's name
    to: str
    variant: str
    clock: TimeControl | None = None
    rated: bool = False
    rating: int | None = None  # the challenger's rating in the variant


class ChallengeUpdate(_Msg):
    """What became of a challenge: accepted (the challenger's seat follows: `room`,
    `seat`, `token`, then a room_state push), declined, withdrawn or expired."""

    type: Literal["challenge_update"] = "challenge_update"
    challenge: str
    status: Literal["accepted", "declined", "withdrawn", "expired"]
    room: str | None = None
    seat: int | None = None
    token: str | None = None


class RatingChange(_Msg):
    seat: int
    name: str
    before: int
    after: int
    rd: int
    provisional: bool


class RatingsChanged(_Msg):
    """A rated game's end changed these ratings (stored with the result)."""

    type: Literal["ratings_changed"] = "ratings_changed"
    room: str
    game_id: int | None
    variant: str
    changes: list[RatingChange]


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
    | PlayerStatus | Spectators | GameOver | RematchOffer | Ack | Pong | RoomClosed | ServerClosing
    | OfferNews | TakenBack | ChatMessage | Identity | TransferCodeReply | ChallengeInfo | ChallengeUpdate
    | RatingsChanged,
    Field(discriminator="type"),
]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)
