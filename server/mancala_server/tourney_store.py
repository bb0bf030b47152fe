"""Tournaments on SQLite: the table and its SQL (a mixin of store.Store); PostgreSQL's
are in pg_tourney.py, what a row is in tourney_rows.py."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from mancala_server.tourney_rows import TOURNEY_COLUMNS, TourneyRow, tourney_of

TOURNEY_SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    created_by TEXT NOT NULL,
    status TEXT NOT NULL,
    starts_at REAL NOT NULL,
    doc TEXT NOT NULL,
    version INTEGER NOT NULL,
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_status ON tournaments (status, starts_at);
"""


class TourneyStore:
    db: sqlite3.Connection

    def _tourney_schema(self) -> None:
        self.db.executescript(TOURNEY_SCHEMA)

    def add_tournament(self, tid: str, created_by: str, starts_at: float, doc: dict[str, Any]) -> bool:
        cur = self.db.execute("INSERT INTO tournaments (id, created_by, status, starts_at, doc, version, updated) "
                              "VALUES (?,?,?,?,?,1,?) ON CONFLICT (id) DO NOTHING",
                              (tid, created_by, "open", starts_at, json.dumps(doc), time.time()))
        return cur.rowcount == 1

    def tournament(self, tid: str) -> TourneyRow | None:
        r = self.db.execute(f"SELECT {TOURNEY_COLUMNS} FROM tournaments WHERE id = ?", (tid,)).fetchone()
        return None if r is None else tourney_of(r)

    def save_tournament(self, tid: str, status: str, doc: dict[str, Any], version: int) -> bool:
        cur = self.db.execute("UPDATE tournaments SET status = ?, doc = ?, version = version + 1, updated = ? "
                              "WHERE id = ? AND version = ?", (status, json.dumps(doc), time.time(), tid, version))
        return cur.rowcount == 1

    def tournaments(self, statuses: list[str], limit: int) -> list[TourneyRow]:
        marks = ",".join("?" * len(statuses))
        rows = self.db.execute(f"SELECT {TOURNEY_COLUMNS} FROM tournaments WHERE status IN ({marks}) "
                               "ORDER BY starts_at DESC LIMIT ?", (*statuses, limit)).fetchall()
        return [tourney_of(r) for r in rows]

    def tourney_versions(self, statuses: list[str], limit: int) -> list[tuple[str, int]]:
        marks = ",".join("?" * len(statuses))
        rows = self.db.execute(f"SELECT id, version FROM tournaments WHERE status IN ({marks}) "
                               "ORDER BY starts_at DESC LIMIT ?", (*statuses, limit)).fetchall()
        return [(str(r[0]), int(r[1])) for r in rows]

    def tournaments_by(self, player: str, statuses: list[str]) -> int:
        marks = ",".join("?" * len(statuses))
        (count,) = self.db.execute(f"SELECT COUNT(*) FROM tournaments WHERE created_by = ? AND status IN ({marks})",
                                   (player, *statuses)).fetchone()
        return int(count)
