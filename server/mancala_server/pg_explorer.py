"""The opening explorer's tables and SQL on PostgreSQL (a mixin of pg_storage's
PostgresStorage); SQLite's are in explorer_store.py, which says what each table is for."""

from __future__ import annotations

import asyncpg

from mancala_server.explorer_rows import PAIR_PER_DAY, PAIR_WINDOW, Judged, NodeRow
from mancala_server.explorer_store import CURSOR_MARGIN

PG_EXPLORER_SCHEMA = """
CREATE TABLE IF NOT EXISTS explorer_nodes (
    book TEXT NOT NULL,
    path TEXT NOT NULL,
    move TEXT NOT NULL,
    mover INTEGER NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL, draws BIGINT NOT NULL, losses BIGINT NOT NULL,
    rated BIGINT NOT NULL, rating_sum BIGINT NOT NULL,
    PRIMARY KEY (book, path, move)
);
CREATE TABLE IF NOT EXISTS explorer_games (
    game_id BIGINT PRIMARY KEY,
    book TEXT NOT NULL,
    pair TEXT NOT NULL,
    counted BOOLEAN NOT NULL,
    why_not TEXT,
    ended DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS explorer_games_pair ON explorer_games (pair, ended);
CREATE TABLE IF NOT EXISTS explorer_cursor (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    ended DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS games_ended ON games (ended);
"""

UPSERT_NODE = (
    "INSERT INTO explorer_nodes AS n (book, path, move, mover, games, wins, draws, losses, rated, rating_sum) "
    "VALUES ($1,$2,$3,$4,1,$5,$6,$7,$8,$9) ON CONFLICT (book, path, move) DO UPDATE SET "
    "games = n.games + 1, wins = n.wins + excluded.wins, draws = n.draws + excluded.draws, "
    "losses = n.losses + excluded.losses, rated = n.rated + excluded.rated, "
    "rating_sum = n.rating_sum + excluded.rating_sum"
)


class PgExplorer:
    pool: asyncpg.Pool

    async def explorer_pending(self, limit: int) -> list[tuple[int, float]]:
        cursor = await self.pool.fetchval("SELECT ended FROM explorer_cursor WHERE id = 1")
        since = (cursor or 0.0) - CURSOR_MARGIN
        rows = await self.pool.fetch(
            "SELECT g.id, g.ended FROM games g WHERE g.ended IS NOT NULL AND g.ended >= $1 "
            "AND NOT EXISTS (SELECT 1 FROM explorer_games e WHERE e.game_id = g.id) "
            "ORDER BY g.ended, g.id LIMIT $2", since, limit)
        return [(r["id"], r["ended"]) for r in rows]

    async def explorer_add(self, game_id: int, ended: float, judged: Judged) -> bool:
        async with self.pool.acquire() as db, db.transaction():
            status = await db.execute(
                "INSERT INTO explorer_games (game_id, book, pair, counted, why_not, ended) "
                "VALUES ($1,$2,$3,FALSE,$4,$5) ON CONFLICT (game_id) DO NOTHING",
                game_id, judged.book, judged.pair, judged.why_not, ended)
            if status.endswith(" 0"):
                return False
            why_not = judged.why_not
            if why_not is None:
                # two nodes counting two games of one pair at once may both pass: a game more
                # for that pair, never a game twice
                recent = await db.fetchval(
                    "SELECT COUNT(*) FROM explorer_games WHERE pair = $1 AND counted AND ended > $2",
                    judged.pair, ended - PAIR_WINDOW)
                if recent >= PAIR_PER_DAY:
                    why_not = "the pair's games of the day are counted"
            if why_not is None:
                await db.execute("UPDATE explorer_games SET counted = TRUE WHERE game_id = $1", game_id)
                rated, rating = (1, judged.rating) if judged.rating is not None else (0, 0)
                await db.executemany(UPSERT_NODE, [
                    (judged.book, step.path, step.move, step.mover, *judged.result_for(step.mover), rated, rating)
                    for step in judged.steps])
            else:
                await db.execute("UPDATE explorer_games SET why_not = $2 WHERE game_id = $1", game_id, why_not)
            await db.execute("INSERT INTO explorer_cursor (id, ended) VALUES (1, $1) ON CONFLICT (id) "
                             "DO UPDATE SET ended = GREATEST(explorer_cursor.ended, excluded.ended)", ended)
        return True

    async def explorer_moves(self, book: str, path: str) -> list[NodeRow]:
        rows = await self.pool.fetch(
            "SELECT move, mover, games, wins, draws, losses, rated, rating_sum FROM explorer_nodes "
            "WHERE book = $1 AND path = $2 ORDER BY games DESC, move", book, path)
        return [NodeRow(*r) for r in rows]

    async def explorer_judged(self, game_id: int) -> tuple[bool, str | None] | None:
        row = await self.pool.fetchrow("SELECT counted, why_not FROM explorer_games WHERE game_id = $1", game_id)
        return None if row is None else (bool(row["counted"]), row["why_not"])
