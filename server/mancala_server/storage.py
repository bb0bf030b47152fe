"""The storage interface of scale-out mode: async, fenced, two implementations.

`Storage` is what a node of a cluster needs from the database: rooms, games, seats
and moves, plus the two things only a shared database can settle between nodes
(a room code nobody else has, the one waiting quick-pairing room a pairer gets).
PostgreSQL (mancala_server.pg_storage) is the one a cluster runs on; SQLite
(`SqliteStorage`, below) implements the same interface over the single-node file,
so both pass the same storage tests (tests/cluster/test_storage.py).

Fencing: a node that takes a room over from the database bumps the room's epoch;
every write of an owner carries the epoch it took the room with (a `Fence`), and a
write with an older epoch changes nothing and raises `FencedOut`. A node that lost
its lease without knowing it (paused, cut off from Redis) can then never write over
the new owner's game. The moves' primary key (game_id, ply) is a second check.

The single-node server does not go through this interface: its rooms write through
the synchronous `Store` as before (same file, same speed).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from mancala_server.compete_storage import CompeteStorage, SqliteCompete
from mancala_server.store import GameRow, RoomRow, Store

LIVE = ("waiting", "playing", "finished")


class FencedOut(Exception):
    """A write by a node that no longer owns the room (another node took it over)."""


class Conflict(Exception):
    """A write that would overwrite something stored (a ply or a game id already there)."""


@dataclass(frozen=True)
class Fence:
    """The room a write belongs to and the epoch its writer took the room with."""

    room: str
    epoch: int


def new_game_id() -> int:
    """Random, 53 bits (exact in JavaScript): games cannot be found by counting."""
    return secrets.randbits(53) or 1


class Storage(CompeteStorage, Protocol):
    async def close(self) -> None: ...

    # ---- rooms --------------------------------------------------------------------------
    async def reserve_room(self, row: RoomRow) -> bool:
        """Store a new room at epoch 1, unless its code is taken (False)."""
        ...

    async def take_room(self, code: str) -> tuple[RoomRow, int] | None:
        """Take a live room over: its row and the new epoch (None: no such live room)."""
        ...

    async def room(self, code: str) -> RoomRow | None: ...

    async def save_room(self, row: RoomRow, fence: Fence) -> None: ...

    async def set_room_status(self, code: str, status: str, fence: Fence) -> None: ...

    async def live_rooms(self) -> list[RoomRow]: ...

    async def mark_unrestorable(self, code: str, game_id: int | None, why: str) -> None: ...

    async def room_public(self, code: str) -> bool: ...

    # ---- quick pairing ------------------------------------------------------------------
    async def offer_quick(self, code: str, fence: Fence) -> None:
        """The room waits for a quick-pairing opponent."""
        ...

    async def take_quick(self, variant: str, skip: Collection[str] = ()) -> str | None:
        """The oldest room offered for quick pairing in this variant, taken off the offer
        (one pairer gets it), or None. `skip`: rooms this pairer already found did not fit
        (their terms: time control, rated, rating range), which the owner offered again."""
        ...

    # ---- games and moves ----------------------------------------------------------------
    async def new_game(self, game_id: int, room: str, variant: str, variant_json: dict[str, Any],
                       starter: int, players: list[str | None], start: dict[str, Any], fence: Fence) -> None: ...

    async def add_round(self, game_id: int, ply: int, start: dict[str, Any], fence: Fence) -> None: ...

    async def set_players(self, game_id: int, players: list[str | None], fence: Fence) -> None: ...

    async def add_move(self, game_id: int, ply: int, seat: int, move: Any, fence: Fence) -> None: ...

    async def end_game(self, game_id: int, outcome: dict[str, Any], reason: str, result: str,
                       fence: Fence) -> None: ...

    async def game(self, game_id: int) -> GameRow | None: ...


class SqliteStorage(SqliteCompete):
    """The interface over the single-node SQLite file (one writer: the transactions are
    short and synchronous, so each method runs to its end without yielding)."""

    def __init__(self, path: Path | None, store: Store | None = None) -> None:
        # `store`: the single-node server's own, shared (its players, ratings, challenges)
        self.store = store if store is not None else Store(path if path is not None else Path(":memory:"))
        self.db = self.store.db

    async def close(self) -> None:
        self.store.close()

    def _fenced(self, fence: Fence) -> None:
        row = self.db.execute("SELECT epoch FROM rooms WHERE code=?", (fence.room,)).fetchone()
        if row is None or row[0] != fence.epoch:
            raise FencedOut(f"room {fence.room}: epoch {fence.epoch} is not the room's "
                            f"({row[0] if row else 'no room'})")

    def _write(self, fence: Fence, sql: str, args: tuple[Any, ...]) -> int:
        try:
            with self.db:
                self.db.execute("BEGIN IMMEDIATE")
                self._fenced(fence)
                return self.db.execute(sql, args).rowcount
        except sqlite3.IntegrityError as exc:
            raise Conflict(str(exc)) from None

    async def reserve_room(self, row: RoomRow) -> bool:
        if self.store.room_exists(row.code):
            return False
        self.store.save_room(row)
        self.db.execute("UPDATE rooms SET epoch=1 WHERE code=?", (row.code,))
        return True

    async def take_room(self, code: str) -> tuple[RoomRow, int] | None:
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            changed = self.db.execute(
                f"UPDATE rooms SET epoch=epoch+1, updated=? WHERE code=? AND status IN {LIVE}",
                (time.time(), code)).rowcount
            if not changed:
                return None
            epoch = self.db.execute("SELECT epoch FROM rooms WHERE code=?", (code,)).fetchone()[0]
        row = await self.room(code)
        assert row is not None
        return row, epoch

    async def room(self, code: str) -> RoomRow | None:
        return self.store.room(code)

    async def save_room(self, row: RoomRow, fence: Fence) -> None:
        (s0, t0), (s1, t1) = row.seats
        self._write(fence, "UPDATE rooms SET status=?, game_id=?, seat0=?, token0=?, seat1=?, token1=?, "
                           "computer=?, computer_level=?, updated=? WHERE code=?",
                    (row.status, row.game_id, s0, t0, s1, t1, row.computer, row.computer_level, time.time(),
                     row.code))

    async def set_room_status(self, code: str, status: str, fence: Fence) -> None:
        self._write(fence, "UPDATE rooms SET status=?, updated=? WHERE code=?", (status, time.time(), code))

    async def live_rooms(self) -> list[RoomRow]:
        return self.store.live_rooms()

    async def mark_unrestorable(self, code: str, game_id: int | None, why: str) -> None:
        self.store.mark_unrestorable(code, game_id, why)

    async def room_public(self, code: str) -> bool:
        return self.store.room_public(code)

    async def offer_quick(self, code: str, fence: Fence) -> None:
        self._write(fence, "UPDATE rooms SET quick_open=1 WHERE code=?", (code,))

    async def take_quick(self, variant: str, skip: Collection[str] = ()) -> str | None:
        skipped = list(skip)
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            row = self.db.execute("SELECT code FROM rooms WHERE quick_open=1 AND variant=? AND status='waiting' "
                                  f"AND code NOT IN ({','.join('?' * len(skipped))}) ORDER BY created LIMIT 1",
                                  (variant, *skipped)).fetchone()
            if row is None:
                return None
            self.db.execute("UPDATE rooms SET quick_open=0 WHERE code=?", (row[0],))
            return str(row[0])

    async def new_game(self, game_id: int, room: str, variant: str, variant_json: dict[str, Any],
                       starter: int, players: list[str | None], start: dict[str, Any], fence: Fence) -> None:
        self._write(fence, "INSERT INTO games (id, room, variant, variant_json, starter, south, north, started, "
                           "start, rounds) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (game_id, room, variant, json.dumps(variant_json), starter, players[0], players[1],
                     time.time(), json.dumps(start), "{}"))

    async def add_round(self, game_id: int, ply: int, start: dict[str, Any], fence: Fence) -> None:
        row = self.db.execute("SELECT rounds FROM games WHERE id=?", (game_id,)).fetchone()
        rounds = json.loads(row[0]) if row and row[0] else {}
        rounds[str(ply)] = start
        self._write(fence, "UPDATE games SET rounds=? WHERE id=?", (json.dumps(rounds), game_id))

    async def set_players(self, game_id: int, players: list[str | None], fence: Fence) -> None:
        self._write(fence, "UPDATE games SET south=?, north=? WHERE id=?", (players[0], players[1], game_id))

    async def add_move(self, game_id: int, ply: int, seat: int, move: Any, fence: Fence) -> None:
        self._write(fence, "INSERT INTO moves (game_id, ply, seat, move, at) VALUES (?,?,?,?,?)",
                    (game_id, ply, seat, json.dumps(move), time.time()))

    async def end_game(self, game_id: int, outcome: dict[str, Any], reason: str, result: str,
                       fence: Fence) -> None:
        self._write(fence, "UPDATE games SET outcome=?, reason=?, result=?, ended=? WHERE id=?",
                    (json.dumps(outcome), reason, result, time.time(), game_id))

    async def game(self, game_id: int) -> GameRow | None:
        return self.store.game(game_id)
