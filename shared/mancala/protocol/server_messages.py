"""Server -> client: every reply and pushed message of protocol mancala.v1, the error
codes, and their union. Replies echo the request's `id`; pushed messages carry none."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from mancala.protocol import PROTOCOL
from mancala.protocol.fields import (
    Clocks,
    EndReason,
    RequestId,
    RoomStatus,
    Seat,
    TimeControl,
    UnratedReason,
    WireModel,
)
from mancala.protocol.move_events import MoveEvent
from mancala.protocol.tourney_messages import TournamentGame, TournamentState


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
    INVALID_SETTING = "invalid_setting"  # create_room settings not offered, not allowed, or breaking a rule
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
    NO_SWAP = "no_swap"  # a swap where the room has no swap rule, or not now (only the second player's first turn)
    NOT_RATED_HERE = "not_rated_here"  # rated terms this game cannot be fair under (docs/competitive.md)
    NO_SUCH_TOURNAMENT = "no_such_tournament"  # never made, or long finished
    TOURNAMENT_CLOSED = "tournament_closed"  # finished, full, or not taking this request now
    # choices between rounds
    NO_CHOICE = "no_choice"  # choose_round when no round choice waits, or it is the other seat's
    ILLEGAL_CHOICE = "illegal_choice"  # a round choice the rules do not allow; nothing changed


class Error(WireModel):
    type: Literal["error"] = "error"
    id: RequestId = None
    code: ErrorCode
    message: str
    params: list[str] = []  # for invalid_variant: the parameters involved
    rules: list[str] = []  # added, for invalid_variant and invalid_setting: the rules broken, by name


class Welcome(WireModel):
    type: Literal["welcome"] = "welcome"
    id: int | str | None = None
    protocol: str = PROTOCOL
    server: str = "mancala"


class SettingChoice(WireModel):
    """One adjustable parameter: kind "bool" or "choice" (one of `values`), "number"
    (`min`..`max`) or "set" (any set of `values`); `default`: the file's own value."""

    param: str
    label: str  # words for people
    kind: Literal["bool", "choice", "number", "set"]
    default: Any
    values: list[Any] = []
    min: int | None = None
    max: int | None = None


class VariantInfo(WireModel):
    name: str  # file stem: what create_room takes
    title: str
    about: str
    holes: int
    rules: str = ""
    family: str = ""  # added: for grouping in the variant picker
    region: str = ""  # added
    # added: the reference release whose rules the file follows ("1.8" or "1.10"), and
    # whether it is an earlier definition kept beside its 1.10 successor (docs/variants.md)
    rules_version: str = "1.8"
    kept: bool = False
    # added: what create_room's settings may choose (the file's vari_params; empty: none)
    settings: list[SettingChoice] = []


class Variants(WireModel):
    type: Literal["variants"] = "variants"
    id: int | str | None = None
    variants: list[VariantInfo]


class SeatInfo(WireModel):
    name: str | None  # None: free
    connected: bool = False
    computer: bool = False
    rating: int | None = None  # added: the seat's rating in the room's variant (known players, computers)
    provisional: bool = False  # added: that rating rests on too few games to mean much yet
    grace_ms: int | None = None  # added, in room_state: an absent player's time left before forfeiting
    # added, in room_state: the grace period is over and the other seat may claim_win
    claimable: bool = False
    bot: bool = False  # added: the seat's player is a bot (docs/bots.md)


class RoomSummary(WireModel):
    room: str
    variant: str
    title: str
    public: bool
    seats: list[SeatInfo]
    spectators: int
    status: RoomStatus
    clock: TimeControl | None = None  # added: the room's time control
    rated: bool = False  # added
    pie: bool = False  # added: the swap rule is on


class Lobby(WireModel):
    type: Literal["lobby"] = "lobby"
    id: int | str | None = None
    rooms: list[RoomSummary]


class LobbyUpdate(WireModel):
    type: Literal["lobby_update"] = "lobby_update"
    room: RoomSummary | None = None
    removed: str | None = None
    # several rooms that changed within one lobby_interval, in one frame
    rooms: list[RoomSummary] | None = None

    def changed(self) -> list[RoomSummary]:
        """The rooms this update brings, in either form."""
        return [self.room] if self.room is not None else list(self.rooms or [])


class ArrangeOffer(WireModel):
    """added: ARNGE_LIMIT's first move may be an arrangement (docs/protocol.md, "The
    arrangement move"): `seat` may answer with `move: {"arrange": [...]}`, `holes`
    counts from their own left, with all `seeds` laid out, one hole with `min_move` or
    more; `current` is the side as it lies. Within the first move's time; not arranging
    is sowing."""

    seat: int
    holes: int
    seeds: int
    min_move: int
    current: list[int]


class State(WireModel):
    """A position as the replay contract prints it."""

    board: list[int]
    stores: list[int]
    turn: int | None  # None only on a game end that names nobody (a tie of the RND_* tallies)
    legal: list[Any]
    # a child's owner; "NO_CH_OWNER" a ram (1.10 child_type RAM: a child of nobody's)
    children: list[int | Literal["NO_CH_OWNER"] | None]
    blocked: list[bool]
    owners: list[int | None]
    unlocked: list[bool]
    outcome: dict[str, Any] | None


class SeatGranted(WireModel):
    type: Literal["seat_granted"] = "seat_granted"
    id: int | str | None = None
    room: str
    seat: Seat
    token: str



class MoveRecord(WireModel):
    ply: int
    seat: int
    move: Any
    # what the move did (docs/protocol.md, "What a move did"); None: no record
    events: list[MoveEvent] | None = None


class RoundChoice(WireModel):
    """A round ended and a player chooses the next round's layout (round_fill UCHOOSE,
    UMOVE, UCHOWN): pushed to the whole room; only `seat` answers, with choose_round.
    Until then nobody moves; at the deadline the rules' own layout (`default`) is played."""

    type: Literal["round_choice"] = "round_choice"
    room: str
    ply: int  # the ply the next round starts at
    seat: int  # who chooses
    form: Literal["fill", "layout", "own"]
    holes: list[int]  # the row the choice is about (board indexes)
    count: int | None = None  # fill, own: how many holes to pick
    seeds: int | None = None  # layout: the seeds the chooser lays out (the rest go to their store)
    min_move: int | None = None  # layout: one hole needs at least this many seeds
    default: list[int]  # what the rules lay out when nobody chooses, in the choice's own form
    deadline_ms: int | None = None  # milliseconds left to choose (None: no deadline)
    clocks: Clocks | None = None  # added: a timed game's clocks: the chooser's runs


class RoomState(WireModel):
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
    pie: bool = False  # added: the swap rule is on (the second player may swap at ply 1)
    swapped: bool = False  # added: the second player took the first player's side
    # added: a private room's game is read over HTTP with this key (?key=...); None for a public room
    share_key: str | None = None
    # added: how the finished game ended, as its game_over said (None while it goes on), so
    # that a page reloaded after a resignation or an abort says so, not just "Game over"
    outcome: dict[str, Any] | None = None
    reason: EndReason | None = None
    round_choice: RoundChoice | None = None  # added: the round choice the room waits for
    arrange: ArrangeOffer | None = None  # added: the first move may be an arrangement


class MoveMade(WireModel):
    type: Literal["move_made"] = "move_made"
    room: str
    ply: int
    seat: int
    move: Any
    state: State
    clocks: Clocks | None = None  # added: both clocks after the move (timed rooms)
    events: list[MoveEvent] | None = None  # what the move did (docs/protocol.md)


class RoundStarted(WireModel):
    """A round ended (the move_made before this carried its ROUND_* outcome); here is the next."""

    type: Literal["round_started"] = "round_started"
    room: str
    ply: int
    state: State
    clocks: Clocks | None = None  # added: a timed game's clocks: the new round's mover's runs


class PlayerStatus(WireModel):
    type: Literal["player_status"] = "player_status"
    room: str
    seat: int
    # added "claimable": away past the grace period; the other seat may claim_win (or wait)
    status: Literal["joined", "disconnected", "back", "left", "forfeited", "claimable"]
    name: str | None = None
    clocks: Clocks | None = None  # added: with "joined" in a timed room (the clock may start now)
    grace_ms: int | None = None  # added, with "disconnected"/"left" in play: time left before forfeiting


class Spectators(WireModel):
    type: Literal["spectators"] = "spectators"
    room: str
    count: int


class GameOver(WireModel):
    type: Literal["game_over"] = "game_over"
    room: str
    outcome: dict[str, Any]
    reason: EndReason
    result: str
    game_id: int | None = None  # GET /api/games/{game_id} reads it back
    unrated: UnratedReason | None = None  # added: a rated room's game that moved no rating, and why


class RematchOffer(WireModel):
    type: Literal["rematch_offer"] = "rematch_offer"
    room: str
    seat: int


class OfferInfo(WireModel):
    kind: Literal["draw", "takeback"]
    seat: int  # who offers


class OfferNews(WireModel):
    """A draw or takeback offer was made, declined or withdrawn (an accepted draw ends the
    game: game_over; an accepted takeback: taken_back)."""

    type: Literal["offer"] = "offer"
    room: str
    kind: Literal["draw", "takeback"]
    seat: int  # the seat that offered
    status: Literal["offered", "declined", "withdrawn"]


class TakenBack(WireModel):
    """Moves were taken back by agreement: the game goes on from `ply` with this state."""

    type: Literal["taken_back"] = "taken_back"
    room: str
    ply: int
    moves: list[MoveRecord]
    state: State
    clocks: Clocks | None = None
    arrange: ArrangeOffer | None = None  # added: back at the first move, it may be an arrangement


class ChatMessage(WireModel):
    type: Literal["chat_message"] = "chat_message"
    room: str
    channel: Literal["players", "spectators"]
    name: str
    seat: int | None  # the speaker's seat; None: a spectator
    text: str
    at: float  # seconds since 1970 (UTC), as the server received it


class RatingInfo(WireModel):
    variant: str
    rating: int
    rd: int
    provisional: bool
    games: int


class Identity(WireModel):
    """Who the connection is now. `secret` only when it was just made (a new player, a
    redeemed transfer code): keep it, it is the only way back in."""

    type: Literal["identity"] = "identity"
    id: int | str | None = None
    player: str
    name: str
    secret: str | None = None
    ratings: list[RatingInfo] = []
    bot: bool = False  # added: this identity is a bot (docs/bots.md)


class TransferCodeReply(WireModel):
    type: Literal["transfer_code"] = "transfer_code"
    id: int | str | None = None
    code: str
    expires_in: int  # seconds


class ChallengeInfo(WireModel):
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
    bot: bool = False  # added: the challenger is a bot
    # added: the variant's settings the game is played with ({} or absent: the file's own)
    # and its title with them in words
    settings: dict[str, Any] | None = None
    title: str | None = None


class ChallengeUpdate(WireModel):
    """What became of a challenge: accepted (the challenger's seat follows: `room`,
    `seat`, `token`, then a room_state push), declined, withdrawn or expired."""

    type: Literal["challenge_update"] = "challenge_update"
    challenge: str
    status: Literal["accepted", "declined", "withdrawn", "expired"]
    room: str | None = None
    seat: int | None = None
    token: str | None = None


class RatingChange(WireModel):
    seat: int
    name: str
    before: int
    after: int
    rd: int
    provisional: bool
    # added: the share of Glicko-2's change this game was given (the farming limits: an
    # opponent in their first rated games, the same two players again and again)
    weight: float = 1.0


class RatingsChanged(WireModel):
    """A rated game's end changed these ratings (stored with the result)."""

    type: Literal["ratings_changed"] = "ratings_changed"
    room: str
    game_id: int | None
    variant: str
    changes: list[RatingChange]


class Ack(WireModel):
    type: Literal["ack"] = "ack"
    id: int | str | None = None


class Pong(WireModel):
    type: Literal["pong"] = "pong"
    id: int | str | None = None


class RoomClosed(WireModel):
    """The room is gone (idle too long); its game, if it had moves, stays readable."""

    type: Literal["room_closed"] = "room_closed"
    room: str
    reason: str


class ServerClosing(WireModel):
    type: Literal["server_closing"] = "server_closing"
    message: str = "the server is restarting; reconnect with your token"


class Refuted(WireModel):
    move: Any  # the wrong move
    reply: Any = None  # the best answer to it (None: the game ended, or the mover moved again)
    value: int  # the mover's final margin after it with best play


class PuzzleResult(WireModel):
    """The answer to a puzzle judged: right or wrong, the solution, and for a wrong move its
    refutation; a known player's first try moves their puzzle rating."""

    type: Literal["puzzle_result"] = "puzzle_result"
    id: int | str | None = None
    puzzle: int
    correct: bool
    solution: Any
    value: int  # the mover's final margin with the solution
    refutation: Refuted | None = None
    rating_before: int | None = None
    rating_after: int | None = None


ServerMessage = Annotated[
    Error | Welcome | Variants | Lobby | LobbyUpdate | SeatGranted | RoomState | MoveMade | RoundStarted
    | PlayerStatus | Spectators | GameOver | RematchOffer | RoundChoice | Ack | Pong | RoomClosed | ServerClosing
    | OfferNews | TakenBack | ChatMessage | Identity | TransferCodeReply | ChallengeInfo | ChallengeUpdate
    | RatingsChanged | PuzzleResult | TournamentState | TournamentGame,
    Field(discriminator="type"),
]
SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)

