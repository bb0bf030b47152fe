"""Tournaments on PostgreSQL (a mixin of pg_storage's PostgresStorage); SQLite's, with
what the table is for, are in tourney_store.py and tourney_rows.py."""

from __future__ import annotations

import json
import time
from typing import Any

import asyncpg

from mancala_server.tourney_rows import TOURNEY_COLUMNS, TourneyRow, tourney_of

PG_TOURNEY_SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    created_by TEXT NOT NULL,
    status TEXT NOT NULL,
    starts_at DOUBLE PRECISION NOT NULL,
    doc TEXT NOT NULL,
    version INTEGER NOT NULL,
    updated DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments (status, starts_at);
"""


class PgTourneys:
    pool: asyncpg.Pool

    async def add_tournament(self, tid: str, created_by: str, starts_at: float, doc: dict[str, Any]) -> bool:
        done = await self.pool.execute("INSERT INTO tournaments (id, created_by, status, starts_at, doc, version, "
                                       "updated) VALUES ($1,$2,'open',$3,$4,1,$5) ON CONFLICT (id) DO NOTHING",
                                       tid, created_by, starts_at, json.dumps(doc), time.time())
        return str(done).endswith(" 1")

    async def tournament(self, tid: str) -> TourneyRow | None:
        r = await self.pool.fetchrow(f"SELECT {TOURNEY_COLUMNS} FROM tournaments WHERE id = $1", tid)
        return None if r is None else tourney_of(r)

    async def save_tournament(self, tid: str, status: str, doc: dict[str, Any], version: int) -> bool:
        done = await self.pool.execute("UPDATE tournaments SET status = $1, doc = $2, version = version + 1, "
                                       "updated = $3 WHERE id = $4 AND version = $5",
                                       status, json.dumps(doc), time.time(), tid, version)
        return str(done).endswith(" 1")

    async def tournaments(self, statuses: list[str], limit: int) -> list[TourneyRow]:
        rows = await self.pool.fetch(f"SELECT {TOURNEY_COLUMNS} FROM tournaments WHERE status = ANY($1::text[]) "
                                     "ORDER BY starts_at DESC LIMIT $2", statuses, limit)
        return [tourney_of(r) for r in rows]

    async def tourney_versions(self, statuses: list[str], limit: int) -> list[tuple[str, int]]:
        rows = await self.pool.fetch("SELECT id, version FROM tournaments WHERE status = ANY($1::text[]) "
                                     "ORDER BY starts_at DESC LIMIT $2", statuses, limit)
        return [(str(r[0]), int(r[1])) for r in rows]

    async def tournaments_by(self, player: str, statuses: list[str]) -> int:
        count = await self.pool.fetchval("SELECT COUNT(*) FROM tournaments WHERE created_by = $1 "
                                         "AND status = ANY($2::text[])", player, statuses)
        return int(count)
