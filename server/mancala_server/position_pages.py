"""`/api/games/{id}/positions?from=F&limit=L`: a stored game's positions, a page at a time.

The positions of a 6,000-ply game were 2.9 MB and 0.54 s of event-loop work on every
request (issue 23). Now the work is proportional to what is new: a page is at most
`MAX_LIMIT` positions; a game's replay is kept (`Progress`: the positions so far and
where the replay stands) and only carried on, in a thread, as far as a page needs and
the game has gone; a live game's kept replay is checked against its moves first (a
casual game's takeback changes them: the replay then starts again). Replays are kept
for `KEEP_STATES` positions in all, the least recently read game dropped first.

Replaying a live game from its first move at every request (as it was) held a
bystander's ping at a median of 337 ms when one address asked 20 pages a second of a
2,000-ply game (benchmarks/abuse.py, point 3): the thread holds the interpreter.

A game is replayed by the definition it was stored with (stored_rules.py): one that is no
built-in file today is replayed in the rules workers, from its first move each time a
live game needs more (a Progress is not sent there and back), and kept as any other
once the game is over.

Each answer says where it stands: `from`, `total` (positions in the game: its moves + 1)
and `next` (the `from` of the next page, or null after the last).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import re
from collections import OrderedDict
from typing import Any

from mancala_server.store import GameRow
from mancala_server.stored_replay import Progress
from mancala_server.stored_rules import StoredGames

MAX_LIMIT = 500  # positions a page (and the default)
KEEP_STATES = 200_000  # positions of finished games kept in all
_NUMBER = re.compile(r"^\d{1,7}$")


class PageError(ValueError):
    """A query that names no page (400)."""


def page_of(query: dict[str, str]) -> tuple[int, int]:
    """`from` and `limit` of a query (`from` 0 and `limit` MAX_LIMIT by default)."""
    values = []
    for name, default in (("from", 0), ("limit", MAX_LIMIT)):
        raw = query.get(name)
        if raw is None:
            values.append(default)
        elif _NUMBER.match(raw):
            values.append(int(raw))
        else:
            raise PageError(f"{name} is a whole number (got {raw[:20]!r})")
    start, limit = values
    if not 1 <= limit <= MAX_LIMIT:
        raise PageError(f"limit is 1 to {MAX_LIMIT}")
    return start, limit


class PositionPages:
    """Pages of stored games' positions from the games' kept replays."""

    def __init__(self, stored: StoredGames, keep_states: int = KEEP_STATES) -> None:
        self.stored = stored  # replays by each game's stored definition (stored_rules.py)
        self.keep_states = keep_states
        self.kept: OrderedDict[int, Progress] = OrderedDict()
        self.replaying: dict[int, asyncio.Future[Progress]] = {}
        self.replays = 0  # replays carried on in a thread (tests: a finished game's later pages are slices)

    async def page(self, row: GameRow, start: int, limit: int) -> dict[str, Any]:
        """Raises IllegalMove when the stored moves no longer replay (VariantError, RulesTimeout
        when a definition the rules workers play is refused or too slow)."""
        progress, head = await self._head(row, start, limit)
        return {**head, "states": [json.loads(s) for s in progress.states[start:start + limit]]}

    async def page_body(self, row: GameRow, start: int, limit: int) -> bytes:
        """`page` as the JSON of the HTTP answer: the states' JSON joined, not encoded again."""
        progress, head = await self._head(row, start, limit)
        states = b"[" + b", ".join(progress.states[start:start + limit]) + b"]"
        return json.dumps(head).encode()[:-1] + b', "states": ' + states + b"}"

    async def _head(self, row: GameRow, start: int, limit: int) -> tuple[Progress, dict[str, Any]]:
        total = len(row.moves) + 1
        finished = row.outcome is not None or row.result is not None
        progress = await self._progress(row, None if finished else start + limit)
        end = min(start + limit, len(progress.states)) if start < len(progress.states) else start
        shown = end > start
        return progress, {"id": row.id, "variant": row.variant, "title": progress.title,
                          "holes": progress.holes, "from": start, "total": total,
                          "next": end if end < total and shown else None,
                          "round_starts": {str(p): s for p, s in progress.round_starts.items() if start <= p < end}}

    async def _progress(self, row: GameRow, stop: int | None) -> Progress:
        """The game's kept replay, carried on (in a thread, or a rules worker) where the page needs more.
        One replay a game at a time: a request behind another waits for it, then looks again."""
        while (running := self.replaying.get(row.id)) is not None:
            if running.done():  # its done callback may not have run yet; awaiting it would not yield
                self._done(row.id, running)
                continue
            with contextlib.suppress(Exception):
                await asyncio.shield(running)
        kept = self.kept.get(row.id)
        if kept is not None:
            self.kept.move_to_end(row.id)
            if kept.final:
                return kept
        self.replays += 1
        fut = self.replaying[row.id] = asyncio.ensure_future(self.stored.progress(row, kept, stop))
        fut.add_done_callback(functools.partial(self._done, row.id))
        return await asyncio.shield(fut)

    def _done(self, game: int, fut: asyncio.Future[Progress]) -> None:
        if self.replaying.get(game) is not fut:  # taken care of already
            return
        del self.replaying[game]
        if fut.cancelled() or fut.exception() is not None:
            self.kept.pop(game, None)  # half carried on, or no longer replaying: start again
            return
        self.kept[game] = fut.result()
        self.kept.move_to_end(game)
        while sum(len(p.states) for p in self.kept.values()) > self.keep_states and len(self.kept) > 1:
            self.kept.popitem(last=False)
