"""Puzzles on PostgreSQL (a mixin of pg_storage's PostgresStorage); SQLite's, with what
each table is for, are in puzzle_store.py."""

from __future__ import annotations

import json
import time
from typing import Any

import asyncpg

from mancala_server.compete_store import PG_UPSERT
from mancala_server.puzzle_rows import (
    PUZZLE_COLUMNS,
    PUZZLE_POOL,
    Answered,
    PuzzleRow,
    rated_answer,
    row_of,
)
from mancala_server.ratings import Rating

PG_PUZZLE_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id BIGSERIAL PRIMARY KEY,
    variant TEXT NOT NULL,
    book TEXT NOT NULL,
    game_id BIGINT NOT NULL,
    ply INTEGER NOT NULL,
    state TEXT NOT NULL,
    solution TEXT NOT NULL,
    value INTEGER NOT NULL,
    refutations TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL, vol DOUBLE PRECISION NOT NULL,
    solved INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    UNIQUE (game_id, ply)
);
CREATE INDEX IF NOT EXISTS puzzles_variant ON puzzles (variant, difficulty, id);
CREATE TABLE IF NOT EXISTS puzzle_answers (
    player TEXT NOT NULL,
    puzzle BIGINT NOT NULL,
    correct BOOLEAN NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (player, puzzle)
);
"""


class PgPuzzles:
    pool: asyncpg.Pool

    async def add_puzzle(self, variant: str, book: str, game_id: int, ply: int, found: dict[str, Any]) -> int | None:
        made: int | None = await self.pool.fetchval(
            "INSERT INTO puzzles (variant, book, game_id, ply, state, solution, value, refutations, difficulty, "
            "rating, rd, vol) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) ON CONFLICT (game_id, ply) DO NOTHING "
            "RETURNING id",
            variant, book, game_id, ply, json.dumps(found["state"]), json.dumps(found["solution"]), found["value"],
            json.dumps(found["refutations"]), found["difficulty"], found["rating"], Rating().rd, Rating().vol)
        return made

    async def puzzle(self, puzzle_id: int) -> PuzzleRow | None:
        r = await self.pool.fetchrow(f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1", puzzle_id)
        return None if r is None else row_of(r)

    async def next_puzzle(self, variant: str, difficulty: str | None, after: int) -> PuzzleRow | None:
        for since in (after, 0):
            r = await self.pool.fetchrow(
                f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE variant = $1 AND ($2::text IS NULL OR difficulty = $2) "
                "AND id > $3 ORDER BY id LIMIT 1", variant, difficulty, since)
            if r is not None:
                return row_of(r)
        return None

    async def answer_puzzle(self, player: str | None, puzzle_id: int, correct: bool) -> Answered | None:
        if player is None:
            return None
        async with self.pool.acquire() as db, db.transaction():
            first = await db.execute("INSERT INTO puzzle_answers (player, puzzle, correct, at) VALUES ($1,$2,$3,$4) "
                                     "ON CONFLICT DO NOTHING", player, puzzle_id, correct, time.time())
            row = await db.fetchrow(f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1 FOR UPDATE", puzzle_id)
            if first.endswith(" 0") or row is None:
                return None
            puzzle = row_of(row)
            pool = puzzle.variant + PUZZLE_POOL
            mine = await db.fetchrow("SELECT rating, rd, vol, games FROM ratings WHERE player = $1 AND variant = $2 "
                                     "FOR UPDATE", player, pool)
            before = Rating(*mine) if mine else Rating()
            after, theirs = rated_answer(before, puzzle.rating, correct)
            await db.execute(PG_UPSERT, player, pool, after.rating, after.rd, after.vol, after.games, time.time())
            await db.execute("UPDATE puzzles SET rating = $1, rd = $2, vol = $3, attempts = attempts + 1, "
                             "solved = solved + $4 WHERE id = $5",
                             theirs.rating, theirs.rd, theirs.vol, int(correct), puzzle_id)
        return Answered(before, after)
