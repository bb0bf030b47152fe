"""The computer's move computed in a worker process (the server never searches on its loop)."""

from __future__ import annotations

import json
from typing import Any

from mancala.ai.player import Level, choose_move
from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.rules.loading import parse_variant

_GAMES: dict[str, Game] = {}


def think(variant_json: str, pos: Position, difficulty: Level, cap_ms: int, seed: int) -> Any:
    """A legal move (replay format) for the player to move in `pos` (difficulty "perfect":
    the solver, else the strongest search, within cap_ms)."""
    game = _GAMES.get(variant_json)
    if game is None:
        game = _GAMES[variant_json] = Game(parse_variant(json.loads(variant_json)))
    pos.legal = None  # computed fresh in this process
    return choose_move(game, pos, difficulty=difficulty, cap_ms=cap_ms, seed=seed).move
