"""PostgreSQL side of the competitive-play port (compete_storage.py) and of a game's terms
and clocks (storage.py's GameStorage), mixed into `PostgresStorage`: the same tables as
SQLite's (compete_store.py), the same rows."""

from __future__ import annotations

import json
import time
from typing import Any

import asyncpg

from mancala.engine.position import Outcome
from mancala_server.compete_store import (
    CHALLENGE_COLUMNS,
    HISTORY_COLUMNS,
    PAIR_GAMES_SQL,
    PG_UPSERT,
    RECENT_COLUMNS,
    RECENT_FROM,
    ChallengeRow,
    ChatRow,
    ClockMark,
    MatchState,
    PlayerRow,
    Profile,
    Terms,
    challenge_row,
    history_entry,
    match_state_of,
    name_key,
    pair_players,
    pair_since,
    rated_players,
    recent_game,
    settle_sides,
)
from mancala_server.fencing import Fence, FencedOut
from mancala_server.ratings import RatedSide, Rating, Settled

PG_COMPETE_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, created DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS player_secrets (
    secret_hash TEXT PRIMARY KEY, player TEXT NOT NULL, created DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS transfer_codes (
    code_hash TEXT PRIMARY KEY, player TEXT NOT NULL, expires DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL, variant TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL, vol DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL, updated DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (player, variant)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (variant, rating);
CREATE TABLE IF NOT EXISTS rating_history (
    player TEXT NOT NULL, variant TEXT NOT NULL, game_id BIGINT NOT NULL, at DOUBLE PRECISION NOT NULL,
    rating DOUBLE PRECISION NOT NULL, rd DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_history_player ON rating_history (player, at);
CREATE INDEX IF NOT EXISTS rating_history_game ON rating_history (game_id);
CREATE TABLE IF NOT EXISTS game_terms (
    game_id BIGINT PRIMARY KEY, rated BOOLEAN NOT NULL, clock TEXT, south TEXT, north TEXT
);
ALTER TABLE game_terms ADD COLUMN IF NOT EXISTS pie SMALLINT NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS game_terms_south ON game_terms (south);
CREATE INDEX IF NOT EXISTS game_terms_north ON game_terms (north);
CREATE TABLE IF NOT EXISTS move_clocks (
    game_id BIGINT NOT NULL, ply INTEGER NOT NULL, south_ms BIGINT NOT NULL, north_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE IF NOT EXISTS clock_pauses (
    game_id BIGINT PRIMARY KEY, ply INTEGER NOT NULL, south_ms BIGINT NOT NULL, north_ms BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
    id BIGSERIAL PRIMARY KEY, game_id BIGINT NOT NULL, at DOUBLE PRECISION NOT NULL, seat INTEGER,
    name TEXT NOT NULL, channel TEXT NOT NULL, text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_game ON chat (game_id, at);
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY, by_player TEXT NOT NULL, to_player TEXT NOT NULL, variant TEXT NOT NULL, clock TEXT,
    rated BOOLEAN NOT NULL, status TEXT NOT NULL, created DOUBLE PRECISION NOT NULL
);
ALTER TABLE challenges ADD COLUMN IF NOT EXISTS settings TEXT;
CREATE INDEX IF NOT EXISTS challenges_to ON challenges (to_player, status);
CREATE INDEX IF NOT EXISTS challenges_by ON challenges (by_player, status);
"""
FENCE = "EXISTS (SELECT 1 FROM rooms f WHERE f.code = $1 AND f.epoch = $2 FOR SHARE)"


def _player(r: Any) -> PlayerRow | None:
    return None if r is None else PlayerRow(r["id"], r["name"])


def _rating(r: Any) -> Rating:
    return Rating(r["rating"], r["rd"], r["vol"], r["games"])


class PgCompete:
    pool: asyncpg.Pool

    async def _fenced(self, fence: Fence, sql: str, *args: Any) -> None:  # PostgresStorage's
        raise NotImplementedError

    async def _check_fence(self, db: Any, fence: Fence) -> None:
        epoch = await db.fetchval("SELECT epoch FROM rooms WHERE code=$1 FOR SHARE", fence.room)
        if epoch != fence.epoch:
            raise FencedOut.naming(fence, epoch)

    # ---- players ----------------------------------------------------------------------
    async def new_player(self, player_id: str, name: str, secret_hash: str) -> bool:
        now = time.time()
        try:
            async with self.pool.acquire() as db, db.transaction():
                await db.execute("INSERT INTO players (id, name, name_key, created) VALUES ($1,$2,$3,$4)",
                                 player_id, name, name_key(name), now)
                await db.execute("INSERT INTO player_secrets (secret_hash, player, created) VALUES ($1,$2,$3)",
                                 secret_hash, player_id, now)
        except asyncpg.UniqueViolationError:
            return False
        return True

    async def player(self, player_id: str) -> PlayerRow | None:
        return _player(await self.pool.fetchrow("SELECT id, name FROM players WHERE id=$1", player_id))

    async def player_by_name(self, name: str) -> PlayerRow | None:
        return _player(await self.pool.fetchrow("SELECT id, name FROM players WHERE name_key=$1", name_key(name)))

    async def player_by_secret(self, player_id: str, secret_hash: str) -> PlayerRow | None:
        return _player(await self.pool.fetchrow(
            "SELECT p.id, p.name FROM player_secrets s JOIN players p ON p.id = s.player "
            "WHERE s.secret_hash=$1 AND s.player=$2", secret_hash, player_id))

    async def rename_player(self, player_id: str, name: str) -> bool:
        try:
            await self.pool.execute("UPDATE players SET name=$2, name_key=$3 WHERE id=$1", player_id, name,
                                    name_key(name))
        except asyncpg.UniqueViolationError:
            return False
        return True

    async def add_transfer(self, code_hash: str, player_id: str, expires: float) -> None:
        async with self.pool.acquire() as db, db.transaction():
            await db.execute("DELETE FROM transfer_codes WHERE expires < $1", time.time())
            await db.execute("INSERT INTO transfer_codes (code_hash, player, expires) VALUES ($1,$2,$3)",
                             code_hash, player_id, expires)

    async def redeem_transfer(self, code_hash: str, secret_hash: str) -> PlayerRow | None:
        async with self.pool.acquire() as db, db.transaction():
            player = await db.fetchval("DELETE FROM transfer_codes WHERE code_hash=$1 AND expires >= $2 "
                                       "RETURNING player", code_hash, time.time())
            if player is None:
                return None
            await db.execute("DELETE FROM player_secrets WHERE player=$1", player)  # a new secret ends the old
            await db.execute("INSERT INTO player_secrets (secret_hash, player, created) VALUES ($1,$2,$3)",
                             secret_hash, player, time.time())
            return _player(await db.fetchrow("SELECT id, name FROM players WHERE id=$1", player))

    # ---- ratings ----------------------------------------------------------------------
    async def ratings_of(self, player_id: str) -> dict[str, Rating]:
        rows = await self.pool.fetch("SELECT variant, rating, rd, vol, games FROM ratings WHERE player=$1", player_id)
        return {r["variant"]: _rating(r) for r in rows}

    async def leaderboard(self, variant: str, limit: int = 100) -> list[tuple[PlayerRow, Rating]]:
        rows = await self.pool.fetch(
            "SELECT p.id, p.name, r.rating, r.rd, r.vol, r.games FROM ratings r JOIN players p ON p.id = r.player "
            "WHERE r.variant=$1 ORDER BY r.rating DESC, p.name LIMIT $2", variant, limit)
        return [(PlayerRow(r["id"], r["name"]), _rating(r)) for r in rows]

    async def player_profile(self, name: str, games: int = 20) -> Profile | None:
        who = await self.player_by_name(name)
        if who is None:
            return None
        history = [history_entry(r) for r in await self.pool.fetch(
            f"SELECT {HISTORY_COLUMNS} FROM rating_history WHERE player=$1 ORDER BY at LIMIT 2000", who.id)]
        rows = await self.pool.fetch(
            f"SELECT {RECENT_COLUMNS} FROM {RECENT_FROM} "
            "WHERE t.south=$1 OR t.north=$1 ORDER BY g.started DESC LIMIT $2", who.id, games)
        recent = [recent_game(r, who.id) for r in rows]
        return Profile(who, await self.ratings_of(who.id), history, recent)

    async def end_rated_game(self, game_id: int, outcome: Outcome, reason: str, result: str, variant: str,
                             sides: list[RatedSide], fence: Fence) -> list[Settled]:
        now = time.time()
        async with self.pool.acquire() as db, db.transaction():
            await self._check_fence(db, fence)
            ended = await db.execute("UPDATE games SET outcome=$2, reason=$3, result=$4, ended=$5 "
                                     "WHERE id=$1 AND ended IS NULL",
                                     game_id, json.dumps(outcome.to_json()), reason, result, now)
            if ended == "UPDATE 0":  # ended before (a repeated call): its ratings were applied then
                return []
            stored = []
            for side in sides:
                # FOR UPDATE: a player's two rated games ending at once on two nodes
                # take turns, each from the other's result
                r = None if side.player is None else await db.fetchrow(
                    "SELECT rating, rd, vol, games FROM ratings WHERE player=$1 AND variant=$2 FOR UPDATE",
                    side.player, variant)
                stored.append(None if r is None else _rating(r))
            pair = pair_players(sides)
            together = 0 if pair is None else await db.fetchval(
                PAIR_GAMES_SQL.format("$1", "$2", "$3", "$4"), *pair, variant, pair_since(now))
            settled = settle_sides(sides, stored, outcome, together)
            for player, a in rated_players(settled):
                await db.execute(PG_UPSERT, player, variant, a.rating, a.rd, a.vol, a.games, now)
                await db.execute("INSERT INTO rating_history (player, variant, game_id, at, rating, rd) "
                                 "VALUES ($1,$2,$3,$4,$5,$6)", player, variant, game_id, now, a.rating, a.rd)
        return settled

    # ---- a room's game ------------------------------------------------------------------
    async def set_terms(self, game_id: int, terms: Terms, fence: Fence) -> None:
        await self._fenced(
            fence, "INSERT INTO game_terms (game_id, rated, clock, south, north, pie) SELECT $3, $4, $5, $6, $7, $8 "
                   f"WHERE {FENCE} ON CONFLICT (game_id) DO UPDATE SET rated=excluded.rated, clock=excluded.clock, "
                   "south=excluded.south, north=excluded.north, pie=excluded.pie",
            game_id, terms.rated, json.dumps(terms.clock) if terms.clock else None, *terms.players, terms.pie_code)

    async def add_move_clock(self, game_id: int, ply: int, remaining: tuple[int, int], fence: Fence) -> None:
        await self._fenced(
            fence, f"INSERT INTO move_clocks (game_id, ply, south_ms, north_ms) SELECT $3, $4, $5, $6 WHERE {FENCE} "
                   "ON CONFLICT (game_id, ply) DO UPDATE SET south_ms=excluded.south_ms, north_ms=excluded.north_ms",
            game_id, ply, *remaining)

    async def pause_clock(self, game_id: int, mark: ClockMark, fence: Fence) -> None:
        await self._fenced(
            fence, f"INSERT INTO clock_pauses (game_id, ply, south_ms, north_ms) SELECT $3, $4, $5, $6 WHERE {FENCE} "
                   "ON CONFLICT (game_id) DO UPDATE SET ply=excluded.ply, south_ms=excluded.south_ms, "
                   "north_ms=excluded.north_ms",
            game_id, mark.ply, *mark.remaining)

    async def take_back(self, game_id: int, ply: int, mark: ClockMark | None, fence: Fence) -> None:
        async with self.pool.acquire() as db, db.transaction():  # one commit: compete_store's why
            await self._check_fence(db, fence)
            await db.execute("DELETE FROM moves WHERE game_id=$1 AND ply>=$2", game_id, ply)
            # a round at ply n began after move n - 1 (no rows left: NULL, as never had any)
            await db.execute("UPDATE games SET rounds = (SELECT jsonb_object_agg(key, value)::text FROM "
                             "jsonb_each(rounds::jsonb) WHERE key::int <= $2) WHERE id = $1 AND rounds IS NOT NULL",
                             game_id, ply)
            await db.execute("DELETE FROM move_clocks WHERE game_id=$1 AND ply>=$2", game_id, ply)
            await db.execute("DELETE FROM clock_pauses WHERE game_id=$1", game_id)
            if mark is not None:
                await db.execute("INSERT INTO clock_pauses (game_id, ply, south_ms, north_ms) VALUES ($1, $2, $3, $4)",
                                 game_id, mark.ply, *mark.remaining)

    async def add_chat(self, game_id: int, row: ChatRow, fence: Fence) -> None:
        await self._fenced(fence, "INSERT INTO chat (game_id, at, seat, name, channel, text) "
                                  f"SELECT $3, $4, $5, $6, $7, $8 WHERE {FENCE}",
                           game_id, row.at, row.seat, row.name, row.channel, row.text)

    async def chat(self, game_id: int) -> list[ChatRow]:
        rows = await self.pool.fetch("SELECT at, seat, name, channel, text FROM chat WHERE game_id=$1 ORDER BY at, id",
                                     game_id)
        return [ChatRow(r["at"], r["seat"], r["name"], r["channel"], r["text"]) for r in rows]

    async def match_state(self, game_id: int) -> MatchState:
        async with self.pool.acquire() as db:
            terms = await db.fetchrow("SELECT rated, clock, south, north, pie FROM game_terms WHERE game_id=$1", game_id)
            last = await db.fetchrow("SELECT ply, south_ms, north_ms FROM move_clocks WHERE game_id=$1 "
                                     "ORDER BY ply DESC LIMIT 1", game_id)
            pause = await db.fetchrow("SELECT ply, south_ms, north_ms FROM clock_pauses WHERE game_id=$1", game_id)
        return match_state_of(terms, last, pause)

    # ---- challenges ---------------------------------------------------------------------
    async def add_challenge(self, row: ChallengeRow) -> None:
        await self.pool.execute(
            "INSERT INTO challenges (id, by_player, to_player, variant, clock, rated, status, created, settings) "
            "VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)", row.id, row.by_player, row.to_player, row.variant,
            json.dumps(row.clock) if row.clock else None, row.rated, row.status, row.created,
            json.dumps(row.settings) if row.settings else None)

    async def settle_challenge(self, challenge_id: str, status: str) -> ChallengeRow | None:
        return challenge_row(await self.pool.fetchrow(
            f"UPDATE challenges SET status=$2 WHERE id=$1 AND status='open' RETURNING {CHALLENGE_COLUMNS}",
            challenge_id, status))

    async def challenge(self, challenge_id: str) -> ChallengeRow | None:
        return challenge_row(await self.pool.fetchrow(f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id=$1",
                                                      challenge_id))

    async def open_challenges(self, to_player: str) -> list[ChallengeRow]:
        rows = await self.pool.fetch(f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE to_player=$1 AND status='open' "
                                     "ORDER BY created", to_player)
        return [c for r in rows if (c := challenge_row(r)) is not None]

    async def open_challenges_by(self, by_player: str) -> list[ChallengeRow]:
        rows = await self.pool.fetch(f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE by_player=$1 AND status='open' "
                                     "ORDER BY created", by_player)
        return [c for r in rows if (c := challenge_row(r)) is not None]
