"""Counting finished games into the opening explorer, as they end, never by a rescan.

A game's end wakes the feed (the hub nudges it); it waits a moment for the end to be
committed, then asks the storage for the finished games it has not judged (from its
cursor on: explorer_store.py), judges each (explorer.py) and stores what it adds, one
transaction a game. It also looks every SWEEP_EVERY seconds, for ends another node
committed or a restart left behind; a game judged twice (two nodes at once) is stored
once. The work per game is bounded by the explorer's DEPTH, whatever the game's length.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from mancala.engine.game import Game
from mancala.rules.errors import VariantError
from mancala_server.explorer import judge, known_players
from mancala_server.explorer_rows import Judged
from mancala_server.storage import Storage
from mancala_server.store import GameRow
from mancala_server.stored_rules import Definitions, NotBuiltIn

log = logging.getLogger("mancala_server")

NUDGE_DELAY = 0.5  # after a game's end, for its commit (the room's journal) to land
SWEEP_EVERY = 30.0
BATCH = 50  # games judged per look; a backlog (a first start on old games) takes several


class ExplorerFeed:
    def __init__(self, storage: Callable[[], Storage], definitions: Definitions,
                 counted: Callable[[GameRow], Awaitable[None]] | None = None,
                 nudge_delay: float = NUDGE_DELAY, sweep_every: float = SWEEP_EVERY) -> None:
        self.storage = storage  # the hub's, read at each use (a cluster node connects it at start)
        self.definitions = definitions
        self.counted = counted  # told of each game counted (the puzzle miner looks at those)
        self.nudge_delay = nudge_delay
        self.sweep_every = sweep_every
        self._wake = asyncio.Event()
        self.judged = 0  # games judged by this process (counted or not)

    def nudge(self) -> None:
        """A game ended: look soon."""
        self._wake.set()

    async def run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.sweep_every)
                await asyncio.sleep(self.nudge_delay)
            self._wake.clear()
            try:
                while await self.sweep() == BATCH:
                    await asyncio.sleep(0)  # a backlog: let the rooms run between batches
            except Exception:  # the database went away a moment: the next look tries again
                log.exception("explorer: counting finished games failed")

    async def sweep(self) -> int:
        """Judge the finished games not judged yet (at most BATCH); how many were judged."""
        storage = self.storage()
        pending = await storage.explorer_pending(BATCH)
        for game_id, ended in pending:
            row = await storage.game(game_id)
            if row is None:
                continue
            judged = await self.judged_game(storage, row)
            if await storage.explorer_add(game_id, ended, judged) and judged.counts and self.counted is not None:
                await self.counted(row)
            self.judged += 1
        return len(pending)

    async def judged_game(self, storage: Storage, row: GameRow) -> Judged:
        public = await storage.room_public(row.room)
        start = await self._standard_start(row)
        ratings: list[int | None] = []
        for player in known_players(row):
            rating = (await storage.ratings_of(player)).get(row.variant) if player else None
            ratings.append(rating.shown() if rating is not None else None)
        return judge(row, public, start, (ratings[0], ratings[1]))

    async def _standard_start(self, row: GameRow) -> dict[str, Any] | None:
        """The board and stores the game's definition starts from (None: a custom variant,
        or one whose start is drawn at random)."""
        try:
            game: Game = await self.definitions.game_off_loop(row.variant_json)
        except (NotBuiltIn, VariantError):
            return None
        if game.variant.game_info.start_pattern.is_random:
            return None
        pos = game.start(row.starter)
        return {"board": list(pos.board), "stores": list(pos.stores)}
