"""What `/api/explorer/{variant}` answers: a position of the variant's opening tree (the
moves played to it), the board there, and the moves counted games played from it with
how they ended for the player who made them.

The position is played out by the engine off the event loop (a path of up to DEPTH
moves of a variant the Python engine plays); the moves come from one indexed read.
Each move's value is the solver's, exact, where an opening book of the variant's rules
holds the position (mancala.ai.books), else `null`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import Any

from mancala.engine.game import Game, IllegalMove
from mancala_server.explorer import PathError, book_key, move_key, parse_path, path_key
from mancala_server.explorer_rows import DEPTH
from mancala_server.storage import Storage
from mancala_server.stored_rules import Definitions


class ExplorerError(Exception):
    def __init__(self, status: HTTPStatus, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class ExplorerView:
    def __init__(self, storage: Callable[[], Storage], definitions: Definitions) -> None:
        self.storage = storage
        self.definitions = definitions

    async def answer(self, variant: str, query: Mapping[str, str]) -> dict[str, Any]:
        raw = self.definitions.raw.get(variant)
        if raw is None:
            raise ExplorerError(HTTPStatus.NOT_FOUND, "not_found", f"there is no variant called {variant[:60]!r}")
        try:
            moves = parse_path(query.get("moves"))
        except PathError as exc:
            raise ExplorerError(HTTPStatus.BAD_REQUEST, "bad_request", str(exc)) from None
        starter_text = query.get("starter", "0")
        if starter_text not in ("0", "1"):
            raise ExplorerError(HTTPStatus.BAD_REQUEST, "bad_request", "starter: 0 (South) or 1 (North)")
        starter = int(starter_text)
        game = await self.definitions.game_off_loop(raw)
        walked = await asyncio.to_thread(_walk, game, starter, moves)
        if isinstance(walked, str):
            raise ExplorerError(HTTPStatus.BAD_REQUEST, "illegal_move", walked)
        state, values = walked
        nodes = await self.storage().explorer_moves(book_key(variant, raw, starter), path_key(moves))
        return {
            "variant": variant, "starter": starter, "moves": moves, "depth": DEPTH,
            "holes": game.variant.holes, "state": state,
            "book": bool(values),  # the moves' values are an opening book's
            "games": sum(n.games for n in nodes),
            "next": [{
                "move": _move(n.move), "mover": n.mover, "games": n.games,
                "wins": n.wins, "draws": n.draws, "losses": n.losses,
                "rated_games": n.rated, "average_rating": round(n.rating_sum / n.rated) if n.rated else None,
                "value": values.get(n.move),
            } for n in nodes],
        }


def _walk(game: Game, starter: int, moves: list[Any]) -> tuple[dict[str, Any], dict[str, int]] | str:
    """The state after `moves` from the standard start and its moves' values by an
    opening book (by move key; empty without one), or why a move is refused."""
    pos = game.start(starter)
    for ply, move in enumerate(moves):
        try:
            pos = game.play(pos, move)
        except IllegalMove as exc:
            return f"moves[{ply}]: {exc}"
    from mancala.ai.books import find as find_book  # in this thread, not at the server's start

    book = find_book(game.variant)
    values = book.move_values(game, pos) if book is not None else None
    return game.state_json(pos), {move_key(m): v for m, v in values or ()}


def _move(text: str) -> Any:
    return json.loads(text)
