"""The opening explorer's storage port (storage.py's `Storage` includes it) and its SQLite
side for `SqliteStorage`. The SQL: explorer_store.py (SQLite), pg_explorer.py (PostgreSQL).

Not fenced: the tree belongs to no room, and each game adds to it once whichever node
counts it (the game's row in `explorer_games` is the proof).
"""

from __future__ import annotations

from typing import Protocol

from mancala_server.explorer_rows import Judged, NodeRow
from mancala_server.store import Store


class ExplorerStorage(Protocol):
    async def explorer_pending(self, limit: int) -> list[tuple[int, float]]:
        """Finished games (id, end time) the explorer has not judged yet, earliest end first."""
        ...

    async def explorer_add(self, game_id: int, ended: float, judged: Judged) -> bool:
        """What the judged game adds, stored once in one transaction (False: it was judged
        already). A pair of players past its counted games of the day adds nothing."""
        ...

    async def explorer_moves(self, book: str, path: str) -> list[NodeRow]:
        """The moves counted games played from the position after `path`, most played first."""
        ...

    async def explorer_judged(self, game_id: int) -> tuple[bool, str | None] | None:
        """Whether a game was counted and why not (None: not judged yet)."""
        ...


class SqliteExplorer:
    store: Store

    async def explorer_pending(self, limit: int) -> list[tuple[int, float]]:
        return self.store.explorer_pending(limit)

    async def explorer_add(self, game_id: int, ended: float, judged: Judged) -> bool:
        return self.store.explorer_add(game_id, ended, judged)

    async def explorer_moves(self, book: str, path: str) -> list[NodeRow]:
        return self.store.explorer_moves(book, path)

    async def explorer_judged(self, game_id: int) -> tuple[bool, str | None] | None:
        return self.store.explorer_judged(game_id)
