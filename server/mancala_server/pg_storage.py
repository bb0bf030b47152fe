"""PostgreSQL storage for a cluster of nodes (asyncpg): the `GameStorage` port
(storage.py), and with pg_compete.py the whole `Storage`. All of PostgreSQL's SQL for
rooms, games and moves is here.

Every write of an owner is fenced (fencing.py): it happens only while the room's
epoch is the one the writer took the room with. The check reads the room's row
FOR SHARE in the same statement, so a takeover (which updates that row) waits for a
write in flight to commit, and a write after a takeover finds the new epoch.
"""

from __future__ import annotations

import json
import time
from collections.abc import Collection
from typing import Any

import asyncpg

from mancala.engine.position import Outcome
from mancala_server.compete_store import MIGRATIONS_SCHEMA, NAME_KEYS_MIGRATION, rekeyed
from mancala_server.fencing import LIVE, Conflict, Fence, FencedOut
from mancala_server.pg_compete import PG_COMPETE_SCHEMA, PgCompete
from mancala_server.pg_explorer import PG_EXPLORER_SCHEMA, PgExplorer
from mancala_server.pg_puzzles import PG_PUZZLE_SCHEMA, PgPuzzles
from mancala_server.pg_tourney import PG_TOURNEY_SCHEMA, PgTourneys
from mancala_server.store import GameRow, RoomRow

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    variant_json TEXT NOT NULL,
    public BOOLEAN NOT NULL,
    status TEXT NOT NULL,
    game_id BIGINT,
    seat0 TEXT, token0 TEXT,
    seat1 TEXT, token1 TEXT,
    computer INTEGER,
    computer_level TEXT,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    epoch BIGINT NOT NULL DEFAULT 1,
    quick_open BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX IF NOT EXISTS rooms_live ON rooms (status, created);
CREATE INDEX IF NOT EXISTS rooms_quick ON rooms (variant, created) WHERE quick_open;
CREATE TABLE IF NOT EXISTS games (
    id BIGINT PRIMARY KEY,
    room TEXT NOT NULL,
    variant TEXT NOT NULL,
    variant_json TEXT NOT NULL,
    starter INTEGER NOT NULL,
    south TEXT, north TEXT,
    outcome TEXT, reason TEXT, result TEXT,
    started DOUBLE PRECISION NOT NULL, ended DOUBLE PRECISION,
    start TEXT,
    rounds TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id BIGINT NOT NULL,
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, ply)
);
"""
SCHEMA_LOCK = 0x6D616E63  # advisory lock: nodes starting together create the tables once
ROOM_COLUMNS = ("code, variant, variant_json, public, status, game_id, seat0, token0, seat1, token1, "
                "computer, computer_level")
# the fence, as a condition a write's statement includes ($1, $2: room code and epoch)
FENCE = "EXISTS (SELECT 1 FROM rooms f WHERE f.code = $1 AND f.epoch = $2 FOR SHARE)"
OWN_FENCE = "epoch = $2"  # the same, in a statement that updates the room's row itself


def _room_row(r: asyncpg.Record) -> RoomRow:
    level = r["computer_level"]
    return RoomRow(r["code"], r["variant"], json.loads(r["variant_json"]), r["public"], r["status"], r["game_id"],
                   [(r["seat0"], r["token0"]), (r["seat1"], r["token1"])], r["computer"],
                   level if level is None or level == "perfect" else int(level))


def _count(status: str) -> int:
    """Rows changed, from asyncpg's status ("INSERT 0 1", "UPDATE 1")."""
    return int(status.rsplit(" ", 1)[-1])


async def rekey_names(db: Any) -> None:
    """compete_store.py's name-key migration, once per database (under the schema lock)."""
    if await db.fetchval("SELECT 1 FROM migrations WHERE name=$1", NAME_KEYS_MIGRATION):
        return
    rows = [(r["id"], r["name"], r["name_key"]) for r in await db.fetch("SELECT id, name, name_key FROM players")]
    for pid, key in rekeyed(rows):
        try:
            async with db.transaction():
                await db.execute("UPDATE players SET name_key=$1 WHERE id=$2", key, pid)
        except asyncpg.UniqueViolationError:
            pass  # another player looks the same: the older key stays
    await db.execute("INSERT INTO migrations (name) VALUES ($1) ON CONFLICT DO NOTHING", NAME_KEYS_MIGRATION)


class PostgresStorage(PgCompete, PgExplorer, PgPuzzles, PgTourneys):
    writes_at_once = False  # a network away: a room's writes are queued (journal.py)

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool

    @classmethod
    async def connect(cls, url: str, *, min_size: int = 2, max_size: int = 10) -> PostgresStorage:
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
        async with pool.acquire() as db:
            await db.execute("SELECT pg_advisory_lock($1)", SCHEMA_LOCK)
            try:
                await db.execute(SCHEMA + PG_COMPETE_SCHEMA + PG_EXPLORER_SCHEMA + PG_PUZZLE_SCHEMA
                                 + PG_TOURNEY_SCHEMA + MIGRATIONS_SCHEMA)
                await rekey_names(db)
            finally:
                await db.execute("SELECT pg_advisory_unlock($1)", SCHEMA_LOCK)
        return cls(pool)

    async def close(self) -> None:
        await self.pool.close()

    async def _fenced(self, fence: Fence, sql: str, *args: Any) -> None:
        """Run a write whose statement checks FENCE; no row changed means fenced out."""
        try:
            status = await self.pool.execute(sql, fence.room, fence.epoch, *args)
        except asyncpg.UniqueViolationError as exc:
            raise Conflict(str(exc)) from None
        if _count(status) == 0:
            epoch = await self.pool.fetchval("SELECT epoch FROM rooms WHERE code=$1", fence.room)
            if epoch != fence.epoch:
                raise FencedOut.naming(fence, epoch)

    # ---- rooms ----------------------------------------------------------------------------

    async def reserve_room(self, row: RoomRow) -> bool:
        now = time.time()
        (s0, t0), (s1, t1) = row.seats
        status = await self.pool.execute(
            "INSERT INTO rooms (code, variant, variant_json, public, status, game_id, seat0, token0, seat1, token1, "
            "computer, computer_level, created, updated, epoch) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$13,1) "
            "ON CONFLICT (code) DO NOTHING",
            row.code, row.variant, json.dumps(row.variant_json), row.public, row.status, row.game_id, s0, t0, s1, t1,
            row.computer, None if row.computer_level is None else str(row.computer_level), now)
        return _count(status) == 1

    async def take_room(self, code: str) -> tuple[RoomRow, int] | None:
        r = await self.pool.fetchrow(
            f"UPDATE rooms SET epoch = epoch + 1, updated = $2 WHERE code = $1 AND status = ANY($3::text[]) "
            f"RETURNING {ROOM_COLUMNS}, epoch", code, time.time(), list(LIVE))
        return None if r is None else (_room_row(r), r["epoch"])

    async def room(self, code: str) -> RoomRow | None:
        r = await self.pool.fetchrow(f"SELECT {ROOM_COLUMNS} FROM rooms WHERE code=$1", code)
        return None if r is None else _room_row(r)

    async def save_room(self, row: RoomRow, fence: Fence) -> None:
        (s0, t0), (s1, t1) = row.seats
        await self._fenced(
            fence, f"UPDATE rooms SET status=$3, game_id=$4, seat0=$5, token0=$6, seat1=$7, token1=$8, computer=$9, "
                   f"computer_level=$10, updated=$11 WHERE code=$1 AND {OWN_FENCE}",
            row.status, row.game_id, s0, t0, s1, t1, row.computer,
            None if row.computer_level is None else str(row.computer_level), time.time())

    async def set_room_status(self, code: str, status: str, fence: Fence) -> None:
        assert code == fence.room
        await self._fenced(fence, f"UPDATE rooms SET status=$3, updated=$4 WHERE code=$1 AND {OWN_FENCE}",
                           status, time.time())

    async def live_rooms(self) -> list[RoomRow]:
        rows = await self.pool.fetch(f"SELECT {ROOM_COLUMNS} FROM rooms WHERE status = ANY($1::text[]) "
                                     "ORDER BY created", list(LIVE))
        return [_room_row(r) for r in rows]

    async def mark_unrestorable(self, code: str, game_id: int | None, why: str) -> None:
        async with self.pool.acquire() as db, db.transaction():
            await db.execute("UPDATE rooms SET status='unrestorable', updated=$2 WHERE code=$1", code, time.time())
            if game_id is not None:
                await db.execute("UPDATE games SET reason='unrestorable', result=$2, ended=$3 "
                                 "WHERE id=$1 AND ended IS NULL", game_id, why[:500], time.time())

    async def room_public(self, code: str) -> bool:
        return bool(await self.pool.fetchval("SELECT public FROM rooms WHERE code=$1", code))

    # ---- quick pairing ----------------------------------------------------------------------

    async def offer_quick(self, code: str, fence: Fence) -> None:
        await self._fenced(fence, f"UPDATE rooms SET quick_open = TRUE WHERE code=$1 AND {OWN_FENCE}")

    async def take_quick(self, variant: str, skip: Collection[str] = ()) -> str | None:
        # SKIP LOCKED: two pairers at once get two different rooms (or one gets none)
        code = await self.pool.fetchval(
            "UPDATE rooms SET quick_open = FALSE WHERE code = (SELECT code FROM rooms WHERE quick_open "
            "AND variant = $1 AND status = 'waiting' AND NOT (code = ANY($2::text[])) ORDER BY created LIMIT 1 "
            "FOR UPDATE SKIP LOCKED) RETURNING code",
            variant, list(skip))
        return None if code is None else str(code)

    # ---- games and moves --------------------------------------------------------------------

    async def new_game(self, game_id: int, room: str, variant: str, variant_json: dict[str, Any],
                       starter: int, players: list[str | None], start: dict[str, Any], fence: Fence) -> None:
        await self._fenced(
            fence, "INSERT INTO games (id, room, variant, variant_json, starter, south, north, started, start, rounds) "
                   f"SELECT $3, $4, $5, $6, $7, $8, $9, $10, $11, '{{}}' WHERE {FENCE}",
            game_id, room, variant, json.dumps(variant_json), starter, players[0], players[1], time.time(),
            json.dumps(start))

    async def add_round(self, game_id: int, ply: int, start: dict[str, Any], fence: Fence) -> None:
        await self._fenced(
            fence, f"UPDATE games SET rounds = (COALESCE(rounds, '{{}}')::jsonb || jsonb_build_object($4::text, "
                   f"$5::jsonb))::text WHERE id = $3 AND {FENCE}",
            game_id, str(ply), json.dumps(start))

    async def set_players(self, game_id: int, players: list[str | None], fence: Fence) -> None:
        await self._fenced(fence, f"UPDATE games SET south=$4, north=$5 WHERE id=$3 AND {FENCE}",
                           game_id, players[0], players[1])

    async def add_move(self, game_id: int, ply: int, seat: int, move: Any, fence: Fence) -> None:
        await self._fenced(fence, f"INSERT INTO moves (game_id, ply, seat, move, at) SELECT $3, $4, $5, $6, $7 "
                                  f"WHERE {FENCE}", game_id, ply, seat, json.dumps(move), time.time())

    async def end_game(self, game_id: int, outcome: Outcome, reason: str, result: str, fence: Fence) -> None:
        await self._fenced(fence, f"UPDATE games SET outcome=$4, reason=$5, result=$6, ended=$7 "
                                  f"WHERE id=$3 AND {FENCE}",
                           game_id, json.dumps(outcome.to_json()), reason, result, time.time())

    async def game(self, game_id: int) -> GameRow | None:
        async with self.pool.acquire() as db:
            r = await db.fetchrow("SELECT id, room, variant, variant_json, starter, south, north, outcome, reason, "
                                  "result, start, rounds FROM games WHERE id=$1", game_id)
            if r is None:
                return None
            moves = await db.fetch("SELECT seat, move FROM moves WHERE game_id=$1 ORDER BY ply", game_id)
        rounds = {int(ply): start for ply, start in json.loads(r["rounds"]).items()} if r["rounds"] else None
        return GameRow(r["id"], r["room"], r["variant"], json.loads(r["variant_json"]), r["starter"],
                       [r["south"], r["north"]], Outcome.from_json(json.loads(r["outcome"])) if r["outcome"] else None, r["reason"],
                       r["result"], [(m["seat"], json.loads(m["move"])) for m in moves],
                       json.loads(r["start"]) if r["start"] else None, rounds, await self.match_state(game_id))
