"""Client -> server: every request of protocol mancala.v1, and their union.

A request may carry an `id`; the server echoes it in the reply (or the error) so a
client can match answers to requests.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from mancala.protocol import PROTOCOL
from mancala.protocol.fields import (
    ChallengeId,
    ChatText,
    ComputerLevel,
    JsonMove,
    Name,
    PlayerId,
    PlayMove,
    RequestId,
    RoomCode,
    SafeInt,
    Seat,
    Secret,
    TimeControl,
    WireModel,
    engine_move,
)
from mancala.protocol.tourney_messages import (
    TOURNEY_REQUESTS,
    CreateTournament,
    JoinTournament,
    LeaveTournament,
    StartTournament,
    WatchTournament,
)


class _Request(WireModel):
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


# a variant's settings, {parameter: value} (docs/variants.md, "Variant settings"): the
# values are checked by the server against what the variant offers, each by name
Settings = Annotated[dict[Annotated[str, Field(max_length=40)], Any], Field(max_length=64)]


class CreateRoom(_Request):
    type: Literal["create_room"] = "create_room"
    variant: str | dict[str, Any]
    settings: Settings | None = None  # added: the room's settings of the variant's vari_params
    public: bool | None = None  # None: public, except a game against the computer
    seat: Seat | None = None  # None: any seat
    starter: Seat | Literal["random"] = 0
    computer: ComputerLevel | None = None  # a computer opponent's difficulty
    clock: TimeControl | None = None  # added: the room's time control (None: no clock)
    rated: bool = False  # added: the game changes both players' ratings (known players only)
    # added: the swap rule: after the first move the second player may take over the
    # first player's side (always on in a rated game of a variant whose first move is decisive)
    pie: bool = False


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
    pie: bool = False  # added: pairs only with the same swap rule
    settings: Settings | None = None  # added: pairs only with the same settled variant


class MakeMove(_Request):
    type: Literal["move"] = "move"
    room: RoomCode
    move: PlayMove  # a JsonMove, or (added) an ArrangeMove
    ply: SafeInt | None = None  # the ply the client saw; a stale one is refused

    def played(self) -> int | tuple[int, str] | tuple[str, int] | dict[str, list[int]]:
        """The move as the engine and the game's record take it."""
        return engine_move(self.move)


class ChooseRound(_Request):
    """The chooser's choice of the next round's layout (a round_choice push asked for it):
    {"fill": [hole, ...]}, {"layout": [seeds, ...]} or {"own": [hole, ...]}."""

    type: Literal["choose_round"] = "choose_round"
    room: RoomCode
    choice: dict[Literal["fill", "layout", "own"], Annotated[list[SafeInt], Field(max_length=64)]]


class Swap(_Request):
    """The swap ("pie") rule: the second player, before their first move, takes over the
    side that moved first; the first player then plays the other side, and moves now."""

    type: Literal["swap"] = "swap"
    room: RoomCode
    ply: SafeInt | None = None  # the ply the client saw (1); a stale one is refused


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


class Identify(_Request):
    """Who this connection is: a known player (`player` and its `secret`), or a new one
    (neither: the server makes a player named `name`, or a free name)."""

    type: Literal["identify"] = "identify"
    player: PlayerId | None = None
    secret: Secret | None = None
    name: Name | None = None
    bot: bool = False  # added: a new player that is a program (docs/bots.md); ignored when signing in


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
    settings: Settings | None = None  # added: the game's settings of the variant's vari_params


class AnswerChallenge(_Request):
    """The challenged player accepts or declines; the challenger's answer withdraws it."""

    type: Literal["answer_challenge"] = "answer_challenge"
    challenge: ChallengeId
    accept: bool


class PuzzleAnswer(_Request):
    """A move given as the answer to a puzzle (GET /api/puzzles/{variant} shows them)."""

    type: Literal["puzzle_answer"] = "puzzle_answer"
    puzzle: SafeInt
    move: JsonMove


COMPETITIVE_REQUESTS = (Identify, Rename, TransferCode, RedeemTransfer, OfferDraw, AnswerDraw, OfferTakeback,
                        AnswerTakeback, Chat, Mute, Challenge, AnswerChallenge, PuzzleAnswer)
ClientMessage = Annotated[
    Hello | ListVariants | SubscribeLobby | UnsubscribeLobby | CreateRoom | JoinRoom | Spectate
    | Reconnect | QuickPair | MakeMove | ChooseRound | Swap | Resign | ClaimWin | Rematch | Leave | Ping
    | Identify | Rename | TransferCode | RedeemTransfer | OfferDraw | AnswerDraw | OfferTakeback
    | AnswerTakeback | Chat | Mute | Challenge | AnswerChallenge | PuzzleAnswer
    | CreateTournament | JoinTournament | LeaveTournament | WatchTournament | StartTournament,
    Field(discriminator="type"),
]
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def validate_client(data: dict[str, Any], text: str | None = None) -> Any:
    """A decoded client message as its model, strictly typed (raises ValidationError).

    Validated from JSON text whatever the frame's encoding: strict mode then refuses
    coercions (bool or "2" for an int) while arrays still read as tuples. `text` is the
    JSON frame `data` was decoded from (codec.Codec.decode, which refused NaN and
    infinities), validated as it came rather than written out again."""
    if text is None:
        try:
            text = json.dumps(data, allow_nan=False)
        except TypeError as exc:  # msgpack bytes or extension types
            raise ValueError(str(exc)) from None
    return CLIENT_MESSAGE.validate_json(text, strict=True)


CLIENT_TYPES = frozenset(
    m.model_fields["type"].default
    for m in (Hello, ListVariants, SubscribeLobby, UnsubscribeLobby, CreateRoom, JoinRoom, Spectate,
              Reconnect, QuickPair, MakeMove, ChooseRound, Swap, Resign, ClaimWin, Rematch, Leave, Ping, *COMPETITIVE_REQUESTS,
              *TOURNEY_REQUESTS)
)
