"""Finding the puzzles of a finished game (mancala.ai.puzzles), in an on-demand search
process: never on the event loop, and never ahead of a room's computer (on_demand.py).

A game is looked at from its end backwards, where few seeds are left and the solver
proves values fast: at most TRIES positions with at most MAX_BOARD_SEEDS seeds on the
board, PER_GAME puzzles kept, each position given TIME_LIMIT seconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from mancala.ai.puzzles import find_puzzle
from mancala.ai.solver import why_not_solvable
from mancala.engine.game import Game, IllegalMove
from mancala.rules.loading import parse_variant
from mancala_server.explorer import book_key
from mancala_server.on_demand import OnDemandSearches, SearchBusy
from mancala_server.storage import Storage
from mancala_server.store import GameRow

log = logging.getLogger("mancala_server")

MAX_BOARD_SEEDS = 24
TRIES = 12
PER_GAME = 2
TIME_LIMIT = 1.0
IN_FLIGHT = 2  # games being mined at once; past that a game's puzzles are not looked for


def mine(variant_json: dict[str, Any], starter: int, start: dict[str, Any] | None, moves: list[Any],
         tries: int = TRIES, per_game: int = PER_GAME, time_limit: float = TIME_LIMIT) -> list[tuple[int, dict[str, Any]]]:
    """(ply, puzzle) of the positions of a game that are puzzles (run in a search process)."""
    game = Game(parse_variant(variant_json))
    if why_not_solvable(game.variant):
        return []
    pos = game.start(starter, board=start["board"], stores=start["stores"]) if start else game.start(starter)
    positions = []
    try:
        for move in moves:
            positions.append(pos)
            pos = game.play(pos, move)
    except IllegalMove:
        return []
    found: list[tuple[int, dict[str, Any]]] = []
    tried = 0
    for ply in range(len(positions) - 1, -1, -1):
        if tried >= tries or len(found) >= per_game:
            break
        here = positions[ply]
        if sum(here.board) > MAX_BOARD_SEEDS:
            continue
        tried += 1
        puzzle = find_puzzle(game, here, time_limit)
        if puzzle is not None:
            found.append((ply, {"state": puzzle.state, "solution": puzzle.solution, "value": puzzle.value,
                                "refutations": [asdict(r) for r in puzzle.refutations],
                                "difficulty": puzzle.difficulty, "rating": puzzle.first_rating}))
    return found


class PuzzleMiner:
    """Looks for puzzles in the games the explorer counted (real games of two people, in
    public rooms): in the on-demand searches' share, at most IN_FLIGHT games at once; a
    game that finds the share busy is not mined (puzzles are a bonus, rooms come first)."""

    def __init__(self, storage: Callable[[], Storage], searches: OnDemandSearches) -> None:
        self.storage = storage
        self.searches = searches
        self.tasks: set[asyncio.Task[None]] = set()
        self.found = 0

    async def consider(self, row: GameRow) -> None:
        if len(self.tasks) >= IN_FLIGHT:
            return
        task = asyncio.get_running_loop().create_task(self._mine(row))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _mine(self, row: GameRow) -> None:
        moves = [move for _, move in row.moves]
        try:
            found = await self.searches.run(TRIES * TIME_LIMIT * 2 + 10, mine, row.variant_json, row.starter,
                                            row.start, moves)
        except (SearchBusy, TimeoutError):
            return
        except Exception:
            log.exception("puzzles: mining game %s failed", row.id)
            return
        storage = self.storage()
        for ply, puzzle in found:
            if await storage.add_puzzle(row.variant, book_key(row.variant, row.variant_json, row.starter),
                                        row.id, ply, puzzle) is not None:
                self.found += 1
