"""Jackman's challenge on the web page (issue 16): the best first turn of a multi-lap variant.

`GET /api/variants/{name}/one-turn` answers, for a built-in variant whose sowing goes on
in laps (`mlaps` not OFF), the line of `mancala solve --one-turn` (mancala.ai.oneturn)
from the start, South to move: each move with the position and the `events` after it
(as `move_made.events` carries them), and the seeds in South's store at the end.

The search runs in the on-demand search processes (on_demand.py: never on the event
loop, never ahead of a room's computer), within `one_turn_time_limit` seconds; when
they are all busy and their queue full, the answer is `search_busy` (503) at once; each variant's answer is computed once, however many ask
at once, and kept in memory. A search that overran is answered `one_turn_timeout`, and
is tried again only after `RETRY_AFTER` seconds.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from mancala.ai.oneturn import one_turn
from mancala.engine.game import Game
from mancala.rules.enums import LapSower
from mancala.rules.loading import config_paths, load_variant
from mancala_server.on_demand import OnDemandSearches, SearchBusy

RETRY_AFTER = 300.0  # seconds a search that overran is not tried again


class OneTurnError(Exception):
    """A typed refusal: `code` is the JSON `error`, `status` the HTTP status."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


@lru_cache(maxsize=256)
def applies(name: str) -> bool:
    """A built-in variant whose sowing goes on in laps: the one-turn question is asked there."""
    path = config_paths().get(name)
    return path is not None and load_variant(path).game_info.mlaps is not LapSower.OFF


# ---- in the worker process ------------------------------------------------------------


def best_line(name: str, time_limit: float) -> dict[str, Any]:
    """The best first turn of a built-in variant, played out with the engine's checked
    `play_events`; `complete` False (and no line) when the search overran the limit."""
    game = Game(load_variant(config_paths()[name]))
    start = game.start(0)
    res = one_turn(game, start, time_limit=time_limit, every=5_000)
    if not res.complete:
        return {"complete": False, "seconds": round(res.seconds, 3)}
    steps = []
    pos = start
    for mv in res.moves:
        pos, events = game.play_events(pos, mv)
        steps.append({"move": Game.move_json(mv), "state": game.state_json(pos), "events": events})
    return {"complete": True, "variant": name, "title": game.variant.name, "holes": game.variant.holes,
            "player": res.player, "start": game.state_json(start), "steps": steps,
            "captured": res.best, "banked": res.banked, "total": start.total or sum(start.board) + sum(start.stores),
            "nodes": res.nodes, "positions": res.positions, "seconds": round(res.seconds, 3)}


# ---- in the server ----------------------------------------------------------------------


class OneTurnLines:
    """Each variant's line, computed once in `searches` and kept; concurrent askers share it."""

    def __init__(self, searches: OnDemandSearches, time_limit: float,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.searches = searches
        self.time_limit = time_limit
        self.now = now
        self.lines: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.failed: dict[str, tuple[float, OneTurnError]] = {}  # name -> (when, why)
        self.computed = 0  # searches started (tests: a second request is served from memory)

    async def line(self, name: str) -> dict[str, Any]:
        if name not in config_paths():
            raise OneTurnError(404, "not_found", f"no built-in variant named {name!r}")
        if not applies(name):
            raise OneTurnError(404, "no_one_turn", f"{name}: its sowing has no laps (mlaps OFF): "
                               "the one-turn challenge is asked of the multi-lap variants")
        failed = self.failed.get(name)
        if failed is not None:
            if self.now() - failed[0] < RETRY_AFTER:
                raise failed[1]
            del self.failed[name]
        fut = self.lines.get(name)
        if fut is None:
            fut = self.lines[name] = asyncio.ensure_future(self._compute(name))

            # a failure is kept in `failed` by _compute, even when every asker has gone
            fut.add_done_callback(lambda f: f.cancelled() or f.exception())
        # one asker going away (a closed connection) does not stop the search for the others
        return await asyncio.shield(fut)

    async def _compute(self, name: str) -> dict[str, Any]:
        self.computed += 1
        try:
            return await self._search(name)
        except OneTurnError as exc:  # forgotten, and answered so for RETRY_AFTER seconds
            self.lines.pop(name, None)
            if exc.code != "search_busy":  # nothing was searched: the next asker tries again
                self.failed[name] = (self.now(), exc)
            raise

    async def _search(self, name: str) -> dict[str, Any]:
        # the search stops itself at the limit; the margin covers a worker's start
        try:
            got = await self.searches.run(self.time_limit + 60.0, best_line, name, self.time_limit)
        except SearchBusy:
            raise OneTurnError(503, "search_busy", "every on-demand search process is busy and their queue "
                               "is full; try again in a minute") from None
        except TimeoutError:
            got = {"complete": False}
        except Exception as exc:  # a broken worker: a typed error, tried again later
            raise OneTurnError(500, "one_turn_failed", f"{name}: the search failed: {exc}") from None
        if not got.get("complete"):
            raise OneTurnError(503, "one_turn_timeout",
                               f"{name}: the search for the best first turn took longer than "
                               f"{self.time_limit:g} s; try again later")
        return got
