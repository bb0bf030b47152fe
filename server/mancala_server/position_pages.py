"""`/api/games/{id}/positions?from=F&limit=L`: a stored game's positions, a page at a time.

The positions of a 6,000-ply game were 2.9 MB and 0.54 s of event-loop work on every
request (issue 23). Now the work is proportional to the page and done off the loop:
a page is at most `MAX_LIMIT` positions; the replay runs in a thread (a live game's only
as far as the page's end); a finished game's positions, which no longer change, are
kept (bounded: `KEEP_STATES` positions in all, the least recently read game dropped
first), so every later page of it is a slice.

Each answer says where it stands: `from`, `total` (positions in the game: its moves + 1)
and `next` (the `from` of the next page, or null after the last).
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from mancala_server import game_pages
from mancala_server.store import GameRow

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


@dataclass(frozen=True)
class Replayed:
    """A game's positions from `start` on, as the room played them."""

    start: int
    states: list[dict[str, Any]]
    round_starts: dict[int, dict[str, Any]]
    complete: bool  # the replay went to the end of the game


def replay_range(row: GameRow, start: int, stop: int | None) -> Replayed:
    """The positions [start, stop) (to the end: stop None). In a thread: it is the game's length."""
    game = game_pages._game(row.variant)
    states: list[dict[str, Any]] = []
    round_starts: dict[int, dict[str, Any]] = {}
    complete = True
    for i, (shown, nxt) in enumerate(game_pages.replay(row)):
        if stop is not None and i >= stop:
            complete = False
            break
        if i < start:
            continue
        states.append(game.state_json(shown))
        if nxt is not None:
            round_starts[i] = game.state_json(nxt)
    return Replayed(start, states, round_starts, complete)


class PositionPages:
    """Pages of stored games' positions, a finished game's kept after its first page."""

    def __init__(self, keep_states: int = KEEP_STATES) -> None:
        self.keep_states = keep_states
        self.kept: OrderedDict[int, Replayed] = OrderedDict()
        self.replaying: dict[int, asyncio.Future[Replayed]] = {}
        self.replays = 0  # replays run (tests: later pages of a finished game are slices)

    async def page(self, row: GameRow, start: int, limit: int) -> dict[str, Any]:
        """Raises IllegalMove when the stored moves no longer replay."""
        total = len(row.moves) + 1
        finished = row.outcome is not None or row.result is not None
        if finished:
            whole = await self._whole(row)
            states = whole.states[start:start + limit]
            rounds = whole.round_starts
        else:  # a live game grows (and a casual one's takeback changes it): replayed each time
            self.replays += 1
            part = await asyncio.to_thread(replay_range, row, start, start + limit)
            states, rounds = part.states, part.round_starts
        game = game_pages._game(row.variant)
        end = start + len(states)
        return {"id": row.id, "variant": row.variant, "title": game.variant.name, "holes": game.variant.holes,
                "from": start, "total": total, "next": end if end < total and states else None,
                "states": states,
                "round_starts": {str(p): s for p, s in rounds.items() if start <= p < end}}

    async def _whole(self, row: GameRow) -> Replayed:
        kept = self.kept.get(row.id)
        if kept is not None:
            self.kept.move_to_end(row.id)
            return kept
        fut = self.replaying.get(row.id)
        if fut is None:
            self.replays += 1
            fut = self.replaying[row.id] = asyncio.ensure_future(asyncio.to_thread(replay_range, row, 0, None))
            fut.add_done_callback(functools.partial(self._done, row.id))
        return await asyncio.shield(fut)

    def _done(self, game: int, fut: asyncio.Future[Replayed]) -> None:
        self.replaying.pop(game, None)
        if fut.cancelled() or fut.exception() is not None:
            return
        self.kept[game] = fut.result()
        while sum(len(r.states) for r in self.kept.values()) > self.keep_states and len(self.kept) > 1:
            self.kept.popitem(last=False)
