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
from dataclasses import dataclass
from typing import Any

from mancala.engine.position import Position
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


@dataclass
class Progress:
    """A game's positions replayed so far: `states[i]` after the first i moves (as its
    JSON, encoded once in the replay's thread: a page is then a join, whatever its
    `from`; encoding 500 states took 3 to 7 ms of the event loop at every request), the
    next round's first position by ply where a move ended a round, the moves played
    (a prefix of the game's), and the position the next move is played from."""

    starter: int
    start: dict[str, Any] | None
    moves: list[tuple[int, Any]]
    states: list[bytes]
    round_starts: dict[int, dict[str, Any]]
    pos: Position
    final: bool = False  # replayed to the end of a finished game: it changes no more
    played: int = 0  # moves this replay has played (tests: only new moves are played)

    @classmethod
    def begin(cls, row: GameRow) -> Progress:
        pos = game_pages.first_position(row)
        return cls(row.starter, row.start, [], [json.dumps(game_pages._game(row.variant).state_json(pos)).encode()],
                   {}, pos)

    def fits(self, row: GameRow) -> bool:
        """Whether these are the first moves of `row` as it is now."""
        n = len(self.moves)
        return (self.starter, self.start) == (row.starter, row.start) and len(row.moves) >= n \
            and row.moves[:n] == self.moves


def carry_on(row: GameRow, progress: Progress | None, stop: int | None) -> Progress:
    """`progress` (or a new replay, where it does not fit the game any more) carried on
    until the positions [0, stop) are there (to the end: stop None). In a thread: the
    work is the moves not replayed yet. Raises IllegalMove when the moves do not replay."""
    if progress is None or not progress.fits(row):
        progress = Progress.begin(row)
    game = game_pages._game(row.variant)
    want = len(row.moves) if stop is None else min(len(row.moves), stop - 1)
    have = len(progress.moves)
    if want > have:
        for ply, (shown, nxt) in enumerate(game_pages.play_on(row, progress.pos, have), have + 1):
            progress.states.append(json.dumps(game.state_json(shown)).encode())
            progress.moves.append(row.moves[ply - 1])
            if nxt is not None:
                progress.round_starts[ply] = game.state_json(nxt)
            progress.pos = nxt if nxt is not None else shown
            progress.played += 1
            if ply >= want:
                break
    finished = row.outcome is not None or row.result is not None
    progress.final = finished and len(progress.moves) == len(row.moves)
    return progress


class PositionPages:
    """Pages of stored games' positions from the games' kept replays."""

    def __init__(self, keep_states: int = KEEP_STATES) -> None:
        self.keep_states = keep_states
        self.kept: OrderedDict[int, Progress] = OrderedDict()
        self.replaying: dict[int, asyncio.Future[Progress]] = {}
        self.replays = 0  # replays carried on in a thread (tests: a finished game's later pages are slices)

    async def page(self, row: GameRow, start: int, limit: int) -> dict[str, Any]:
        """Raises IllegalMove when the stored moves no longer replay."""
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
        game = game_pages._game(row.variant)
        end = min(start + limit, len(progress.states)) if start < len(progress.states) else start
        shown = end > start
        return progress, {"id": row.id, "variant": row.variant, "title": game.variant.name,
                          "holes": game.variant.holes, "from": start, "total": total,
                          "next": end if end < total and shown else None,
                          "round_starts": {str(p): s for p, s in progress.round_starts.items() if start <= p < end}}

    async def _progress(self, row: GameRow, stop: int | None) -> Progress:
        """The game's kept replay, carried on (in a thread) where the page needs more.
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
        fut = self.replaying[row.id] = asyncio.ensure_future(asyncio.to_thread(carry_on, row, kept, stop))
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
