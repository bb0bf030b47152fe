"""HTTP for the replay viewer and the rules panel (web page, issue 13).

| path | what |
| --- | --- |
| `/games/{id}` | the replay viewer (client/mancala_client/web/game.html) |
| `/api/games/{id}/positions` | the stored game replayed: the position before the first move and after each |
| `/api/variants/{name}` | one variant with its rules in words (`summary`, from the engine's parameters) |
| `/one-turn/{name}` | Jackman's challenge: the best first turn played out (client/mancala_client/web/oneturn.html; its line from server/mancala_server/one_turn.py) |

Positions are computed from the stored moves by the engine, for the built-in variants
only: a custom variant's rules run in the rules workers, under a time limit, never on
the event loop, so its games are answered 404 here (their moves are in `/api/games/{id}`).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from mancala.engine.game import ROUND_KINDS, Game, IllegalMove
from mancala.engine.position import Position
from mancala.rules.loading import config_paths, load_variant
from mancala.rules.summary import summary
from mancala_server import one_turn
from mancala_server.rules_worker import next_round_or_none
from mancala_server.store import GameRow


@lru_cache(maxsize=64)
def _game(variant: str) -> Game:
    return Game(load_variant(config_paths()[variant]))


def built_in(variant: str) -> bool:
    return variant in config_paths()


def first_position(row: GameRow) -> Position:
    """A stored game's position before its first move."""
    game = _game(row.variant)
    start = row.start
    return (game.start(row.starter, board=start["board"], stores=start["stores"]) if start is not None
            else game.start(row.starter))


def replay(row: GameRow) -> Iterator[tuple[Position, Position | None]]:
    """A stored game of a built-in variant played again, as the room played it: the
    position before the first move, then after each move, each with the next round's
    first position when that move ended a round (as drawn then, not drawn anew).
    Raises IllegalMove when the stored moves no longer replay."""
    pos = first_position(row)
    yield pos, None
    yield from play_on(row, pos, 0)


def play_on(row: GameRow, pos: Position, first: int) -> Iterator[tuple[Position, Position | None]]:
    """`replay` from the position `pos` before move `first` on (the next round's first
    position where the previous move ended a round)."""
    game = _game(row.variant)
    rounds = row.rounds or {}
    for ply, (seat, move) in enumerate(row.moves[first:], first):
        if pos.turn != seat:
            raise IllegalMove(f"ply {ply}: stored for seat {seat}, but seat {pos.turn} is to move")
        pos = game.play(pos, move)
        nxt = None
        if pos.outcome is not None and pos.outcome.kind in ROUND_KINDS:
            nxt = next_round_or_none(game, pos)
            if nxt is not None and ply + 1 in rounds:
                nxt.board, nxt.stores, nxt.legal = (list(rounds[ply + 1]["board"]),
                                                    list(rounds[ply + 1]["stores"]), None)
        yield pos, nxt
        if nxt is not None:
            pos = nxt


def positions(row: GameRow) -> dict[str, Any]:
    """Every position of a stored game of a built-in variant, as the room played it:
    `states[i]` is the board after the first i moves (a move that ended a round shows
    the round's end; `round_starts` holds the next round's first position by ply).
    Raises IllegalMove when the stored moves no longer replay."""
    game = _game(row.variant)
    states: list[dict[str, Any]] = []
    round_starts: dict[str, Any] = {}
    for shown, nxt in replay(row):
        states.append(game.state_json(shown))
        if nxt is not None:
            round_starts[str(len(states) - 1)] = game.state_json(nxt)
    return {"id": row.id, "variant": row.variant, "title": game.variant.name, "holes": game.variant.holes,
            "states": states, "round_starts": round_starts}


def position_at(row: GameRow, ply: int) -> Position | None:
    """The position to move after the first `ply` moves (a new round's first position
    where that move ended a round), or None past the end of the game."""
    for i, (shown, nxt) in enumerate(replay(row)):
        if i == ply:
            return nxt if nxt is not None else shown
    return None


def variant_json(name: str, info: dict[str, Any]) -> dict[str, Any]:
    """A variant's list entry with its rules in words; `one_turn`: Jackman's challenge is
    answered for it (/api/variants/{name}/one-turn, a multi-lap variant)."""
    return {**info, "summary": summary(load_variant(config_paths()[name])), "one_turn": one_turn.applies(name)}
