"""Puzzles on SQLite: tables and SQL (a mixin of store.Store); PostgreSQL's are in
pg_puzzles.py. A puzzle is stored once per position of a game (game and ply); each
player's first answer to a puzzle is kept and moves both ratings, later ones move none."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from mancala_server.compete_store import SQLITE_UPSERT
from mancala_server.puzzle_rows import (
    PUZZLE_COLUMNS,
    PUZZLE_POOL,
    Answered,
    PuzzleRow,
    rated_answer,
    row_of,
)
from mancala_server.ratings import Rating

PUZZLE_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    variant TEXT NOT NULL,
    book TEXT NOT NULL,
    game_id INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    state TEXT NOT NULL,
    solution TEXT NOT NULL,
    value INTEGER NOT NULL,
    refutations TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL,
    solved INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    UNIQUE (game_id, ply)
);
CREATE INDEX IF NOT EXISTS puzzles_variant ON puzzles (variant, difficulty, id);
CREATE TABLE IF NOT EXISTS puzzle_answers (
    player TEXT NOT NULL,
    puzzle INTEGER NOT NULL,
    correct INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (player, puzzle)
);
"""


class PuzzleStore:
    db: sqlite3.Connection

    def _puzzle_schema(self) -> None:
        self.db.executescript(PUZZLE_SCHEMA)

    def add_puzzle(self, variant: str, book: str, game_id: int, ply: int, found: dict[str, Any]) -> int | None:
        cur = self.db.execute(
            "INSERT INTO puzzles (variant, book, game_id, ply, state, solution, value, refutations, difficulty, "
            "rating, rd, vol) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (game_id, ply) DO NOTHING",
            (variant, book, game_id, ply, json.dumps(found["state"]), json.dumps(found["solution"]), found["value"],
             json.dumps(found["refutations"]), found["difficulty"], found["rating"], Rating().rd, Rating().vol))
        return cur.lastrowid if cur.rowcount else None

    def puzzle(self, puzzle_id: int) -> PuzzleRow | None:
        r = self.db.execute(f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = ?", (puzzle_id,)).fetchone()
        return None if r is None else row_of(r)

    def next_puzzle(self, variant: str, difficulty: str | None, after: int) -> PuzzleRow | None:
        for since in (after, 0):  # past the last one: from the first again
            r = self.db.execute(
                f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE variant = ? AND (? IS NULL OR difficulty = ?) "
                "AND id > ? ORDER BY id LIMIT 1", (variant, difficulty, difficulty, since)).fetchone()
            if r is not None:
                return row_of(r)
        return None

    def answer_puzzle(self, player: str | None, puzzle_id: int, correct: bool) -> Answered | None:
        if player is None:
            return None
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            first = self.db.execute("INSERT INTO puzzle_answers (player, puzzle, correct, at) VALUES (?,?,?,?) "
                                    "ON CONFLICT DO NOTHING", (player, puzzle_id, int(correct), time.time()))
            row = self.db.execute(f"SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = ?", (puzzle_id,)).fetchone()
            if not first.rowcount or row is None:
                return None
            puzzle = row_of(row)
            pool = puzzle.variant + PUZZLE_POOL
            mine = self.db.execute("SELECT rating, rd, vol, games FROM ratings WHERE player = ? AND variant = ?",
                                   (player, pool)).fetchone()
            before = Rating(*mine) if mine else Rating()
            after, theirs = rated_answer(before, puzzle.rating, correct)
            self.db.execute(SQLITE_UPSERT, (player, pool, after.rating, after.rd, after.vol, after.games, time.time()))
            self.db.execute("UPDATE puzzles SET rating = ?, rd = ?, vol = ?, attempts = attempts + 1, "
                            "solved = solved + ? WHERE id = ?",
                            (theirs.rating, theirs.rd, theirs.vol, int(correct), puzzle_id))
        return Answered(before, after)
