"""HTTP for the replay viewer and the rules panel (web page, issue 13).

| path | what |
| --- | --- |
| `/games/{id}` | the replay viewer (client/web/game.html) |
| `/api/games/{id}/positions` | the stored game replayed: the position before the first move and after each |
| `/api/variants/{name}` | one variant with its rules in words (`summary`, from the engine's parameters) |
| `/one-turn/{name}` | Jackman's challenge: the best first turn played out (client/web/oneturn.html; its line from server/one_turn.py) |

Positions are computed from the stored moves by the engine, for the built-in variants
only: a custom variant's rules run in the rules workers, under a time limit, never on
the event loop, so its games are answered 404 here (their moves are in `/api/games/{id}`).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from mancala.engine.game import ROUND_KINDS, Game, IllegalMove
from mancala.rules.loading import config_paths, load_variant
from mancala.rules.summary import summary
from mancala.server import one_turn
from mancala.server.rules_worker import next_round_or_none
from mancala.server.store import GameRow

GAME_PAGE = re.compile(r"^/games/(\d{1,18})$")
POSITIONS = re.compile(r"^/api/games/(\d{1,18})/positions$")
VARIANT = re.compile(r"^/api/variants/([A-Za-z0-9_]{1,60})$")
ONE_TURN_PAGE = re.compile(r"^/one-turn/([A-Za-z0-9_]{1,60})$")


@lru_cache(maxsize=64)
def _game(variant: str) -> Game:
    return Game(load_variant(config_paths()[variant]))


def built_in(variant: str) -> bool:
    return variant in config_paths()


def positions(row: GameRow) -> dict[str, Any]:
    """Every position of a stored game of a built-in variant, as the room played it:
    `states[i]` is the board after the first i moves (a move that ended a round shows
    the round's end; `round_starts` holds the next round's first position by ply).
    Raises IllegalMove when the stored moves no longer replay."""
    game = _game(row.variant)
    start = row.start
    pos = (game.start(row.starter, board=start["board"], stores=start["stores"]) if start is not None
           else game.start(row.starter))
    states = [game.state_json(pos)]
    round_starts: dict[str, Any] = {}
    rounds = row.rounds or {}
    for ply, (seat, move) in enumerate(row.moves):
        if pos.turn != seat:
            raise IllegalMove(f"ply {ply}: stored for seat {seat}, but seat {pos.turn} is to move")
        pos = game.play(pos, move)
        states.append(game.state_json(pos))
        if pos.outcome is not None and pos.outcome.kind in ROUND_KINDS:
            nxt = next_round_or_none(game, pos)
            if nxt is not None and ply + 1 in rounds:  # as drawn then, not drawn anew
                nxt.board, nxt.stores, nxt.legal = (list(rounds[ply + 1]["board"]),
                                                    list(rounds[ply + 1]["stores"]), None)
            if nxt is not None:
                round_starts[str(ply + 1)] = game.state_json(nxt)
                pos = nxt
    return {"id": row.id, "variant": row.variant, "title": game.variant.name, "holes": game.variant.holes,
            "states": states, "round_starts": round_starts}


def variant_json(name: str, info: dict[str, Any]) -> dict[str, Any]:
    """A variant's list entry with its rules in words; `one_turn`: Jackman's challenge is
    answered for it (/api/variants/{name}/one-turn, a multi-lap variant)."""
    return {**info, "summary": summary(load_variant(config_paths()[name])), "one_turn": one_turn.applies(name)}
