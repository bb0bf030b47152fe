"""A finished (or unfinished) game's record: as a `mancala replay` request, and as the
text notation of docs/notation.md.

The JSON record is exactly a replay request (contracts/replay.md), so

    curl .../api/games/ID/record.json | mancala replay

prints the game's positions, the last one the game's final position. The text record
is for people: tag lines, then one line a move, holes in the clients' letters
(mancala.render.hole_name) and what each move did in marks.

>>> from mancala.rules.loading import load_variant
>>> game = Game(load_variant("kalah_4"))
>>> print(record_text(game, GameInfo(variant="kalah_4", title="Kalah 4", starter=0,
...                                   players=["ann", None], moves=[2, 5, 7])), end="")
[Variant "kalah_4"]
[Title "Kalah 4"]
[South "ann"]
[North "?"]
[Starter "South"]
[Result "*"]
<BLANKLINE>
1. South c +
2. South f
3. North B +
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mancala.engine.game import Game, IllegalMove
from mancala.engine.position import Position
from mancala.render import SEAT_NAMES, move_name, result_text

NOTATION_VERSION = 1


@dataclass(frozen=True)
class GameInfo:
    """What a record says besides the moves."""

    variant: str  # the variant's name in configs/, or "custom"
    title: str
    starter: int
    players: list[str | None]
    moves: list[Any]
    game_id: int | None = None
    result: str | None = None  # words, once the game is over
    reason: str | None = None  # rules, resign, forfeit
    start: dict[str, Any] | None = None  # the first board and stores as played
    seats: list[int] | None = None  # who played each move (needed only without a Game)
    # the round choices (round_fill UCHOOSE, UMOVE, UCHOWN) by the ply their round starts at
    choices: dict[int, dict[str, Any]] | None = None


def replay_request(variant_json: dict[str, Any], info: GameInfo) -> dict[str, Any]:
    """The record as a `mancala replay` request (nothing else: replay refuses other fields)."""
    request: dict[str, Any] = {"config": variant_json, "starter": info.starter, "moves": info.moves}
    if info.start is not None:  # the layout as played (a RANDOM one is drawn once)
        request["position"] = {"board": list(info.start["board"]), "stores": list(info.start["stores"])}
    if info.choices:  # added to the contract: replayed by `mancala replay` (docs/notation.md)
        request["choices"] = {str(ply): choice for ply, choice in sorted(info.choices.items())}
    return request


def marks(events: list[dict[str, Any]]) -> str:
    """A move's marks from its events: `x5` captured 5, `c` made a child, `+` moves again
    (extra turn, or the opponent passed), `*` ended a round.

    >>> marks([{"kind": "capture", "src": 9, "seeds": 5, "dst": -1, "at": 1}, {"kind": "extra_turn"}])
    'x5 +'
    """
    out = []
    caught = sum(e["seeds"] for e in events if e["kind"] == "capture" and e["src"] >= 0 and e["dst"] < 0)
    if caught:
        out.append(f"x{caught}")
    if any(e["kind"] == "child" for e in events):
        out.append("c")
    if any(e["kind"] in ("extra_turn", "pass") for e in events):
        out.append("+")
    if any(e["kind"] == "round_end" for e in events):
        out.append("*")
    return " ".join(out)


def _tag(name: str, value: object) -> str:
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{text}"]'


def record_text(game: Game | None, info: GameInfo, rounds: dict[int, dict[str, Any]] | None = None,
                holes: int | None = None) -> str:
    """The text notation (docs/notation.md). With `game`, the moves are played again to
    name each hole and mark what each move did; without (a custom variant, whose rules
    the server runs only in separate processes) the moves are listed with the seats
    stored for them (`info.seats`), their holes lettered from `holes` (the variant's holes
    a side; board indexes if not given), and no marks."""
    n = game.holes if game is not None else None
    lines = [_tag("Variant", info.variant), _tag("Title", info.title)]
    if info.game_id is not None:
        lines.append(_tag("Game", info.game_id))
    for seat in (0, 1):
        lines.append(_tag(SEAT_NAMES[seat], info.players[seat] or "?"))
    lines.append(_tag("Starter", SEAT_NAMES[info.starter]))
    if info.start is not None and game is not None:
        standard = game.start(info.starter)
        if list(info.start["board"]) != standard.board or list(info.start["stores"]) != standard.stores:
            board = " ".join(map(str, info.start["board"]))
            lines.append(_tag("Start", f"{board} / {info.start['stores'][0]} {info.start['stores'][1]}"))
    body: list[str] = []
    final: Position | None = None
    if game is not None and n is not None:
        pos = _start(game, info)
        for ply, move in enumerate(info.moves):
            try:
                mover = pos.turn
                pos, events = game.play_events(pos, tuple(move) if isinstance(move, list) else move)
            except IllegalMove as exc:  # a record the rules no longer accept: say where
                body.append(f"{ply + 1}. ? {move} (not playable: {exc})")
                break
            body.append(f"{ply + 1}. {SEAT_NAMES[mover]} {move_name(move, n)} {marks(events)}".rstrip())
            if pos.outcome is not None and pos.outcome.kind.ends_round:
                nxt = _next_round(game, pos, (rounds or {}).get(ply + 1))
                if nxt is None:
                    break
                pos = nxt
        final = pos
    else:
        seats = info.seats or []
        body = [f"{ply + 1}. {SEAT_NAMES[seats[ply]] if ply < len(seats) else '?'} "
                f"{json_move(m) if holes is None else move_name(m, holes)}"
                for ply, m in enumerate(info.moves)]
    result = info.result or (result_text(final) if final is not None and final.outcome is not None else "*")
    lines.append(_tag("Result", result))
    if info.reason:
        lines.append(_tag("Reason", info.reason))
    return "\n".join([*lines, "", *body]) + "\n"


def json_move(move: Any) -> str:
    if isinstance(move, dict):  # an arrangement: named as render.move_name names it
        return move_name(move, 0)
    return f"{move[0]} {move[1]}" if isinstance(move, list | tuple) else str(move)


def _start(game: Game, info: GameInfo) -> Position:
    if info.start is not None:
        return game.start(info.starter, board=info.start["board"], stores=info.start["stores"])
    return game.start(info.starter)


def _next_round(game: Game, pos: Position, laid_out: dict[str, Any] | None) -> Position | None:
    try:  # with the player's choice where one was made (server room_choice.py)
        nxt = game.next_round(pos, (laid_out or {}).get("choice"))
    except IllegalMove:
        return None
    if laid_out is not None:  # as drawn then (a RANDOM next round), not drawn anew
        nxt.board, nxt.stores, nxt.legal = list(laid_out["board"]), list(laid_out["stores"]), None
    return nxt
