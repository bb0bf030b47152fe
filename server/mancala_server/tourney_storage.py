"""The tournaments' storage port (storage.py's `Storage` includes it) and its SQLite side
for `SqliteStorage`. The SQL: tourney_store.py (SQLite), pg_tourney.py (PostgreSQL)."""

from __future__ import annotations

from typing import Any, Protocol

from mancala_server.store import Store
from mancala_server.tourney_rows import TourneyRow


class TourneyStorage(Protocol):
    async def add_tournament(self, tid: str, created_by: str, starts_at: float, doc: dict[str, Any]) -> bool:
        """A new tournament, open, at version 1; False (nothing written) when the id is
        taken already (a scheduled one that another node made first)."""
        ...

    async def tournament(self, tid: str) -> TourneyRow | None: ...

    async def save_tournament(self, tid: str, status: str, doc: dict[str, Any], version: int) -> bool:
        """Write the document back if it is still at `version` (then at version + 1); False
        when another write came first (read it again, decide again)."""
        ...

    async def tournaments(self, statuses: list[str], limit: int) -> list[TourneyRow]:
        """Tournaments in these states, the latest to start first."""
        ...

    async def tourney_versions(self, statuses: list[str], limit: int) -> list[tuple[str, int]]:
        """The ids and versions of tournaments in these states (no documents: a cheap look)."""
        ...

    async def tournaments_by(self, player: str, statuses: list[str]) -> int:
        """How many tournaments in these states the player made."""
        ...


class SqliteTourneys:
    store: Store

    async def add_tournament(self, tid: str, created_by: str, starts_at: float, doc: dict[str, Any]) -> bool:
        return self.store.add_tournament(tid, created_by, starts_at, doc)

    async def tournament(self, tid: str) -> TourneyRow | None:
        return self.store.tournament(tid)

    async def save_tournament(self, tid: str, status: str, doc: dict[str, Any], version: int) -> bool:
        return self.store.save_tournament(tid, status, doc, version)

    async def tournaments(self, statuses: list[str], limit: int) -> list[TourneyRow]:
        return self.store.tournaments(statuses, limit)

    async def tourney_versions(self, statuses: list[str], limit: int) -> list[tuple[str, int]]:
        return self.store.tourney_versions(statuses, limit)

    async def tournaments_by(self, player: str, statuses: list[str]) -> int:
        return self.store.tournaments_by(player, statuses)
