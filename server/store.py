"""SQLite persistence: rooms, games and every accepted move.

Each write commits before the server acknowledges or broadcasts it, so a killed
server restarts from its last acknowledged move. WAL mode with synchronous=NORMAL
survives a killed process (not a power cut) at a fraction of a full sync's cost.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    variant_json TEXT NOT NULL,
    public INTEGER NOT NULL,
    status TEXT NOT NULL,
    game_id INTEGER,
    seat0 TEXT, token0 TEXT,
    seat1 TEXT, token1 TEXT,
    computer INTEGER,
    computer_level INTEGER,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    room TEXT NOT NULL,
    variant TEXT NOT NULL,
    variant_json TEXT NOT NULL,
    starter INTEGER NOT NULL,
    south TEXT, north TEXT,
    outcome TEXT, reason TEXT, result TEXT,
    started REAL NOT NULL, ended REAL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, ply)
);
"""


@dataclass
class RoomRow:
    code: str
    variant: str
    variant_json: dict[str, Any]
    public: bool
    status: str
    game_id: int | None
    seats: list[tuple[str | None, str | None]]  # (name, token hash) per seat
    computer: int | None
    computer_level: int | str | None = None  # 0..3 or "perfect" (stored as text)


@dataclass
class GameRow:
    id: int
    room: str
    variant: str
    variant_json: dict[str, Any]
    starter: int
    players: list[str | None]
    outcome: dict[str, Any] | None
    reason: str | None
    result: str | None
    moves: list[tuple[int, Any]]  # (seat, move)


class Store:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None)  # explicit transactions
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(rooms)")}
        if "computer_level" not in columns:  # a data dir from before computer opponents
            self.db.execute("ALTER TABLE rooms ADD COLUMN computer_level INTEGER")

    def close(self) -> None:
        self.db.close()

    def _tx(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        with self.db:
            return self.db.execute(sql, args)

    # ---- rooms ------------------------------------------------------------------------

    def save_room(self, row: RoomRow) -> None:
        now = time.time()
        (s0, t0), (s1, t1) = row.seats
        self._tx(
            """INSERT INTO rooms (code, variant, variant_json, public, status, game_id, seat0, token0,
                                  seat1, token1, computer, computer_level, created, updated)
               VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)
               ON CONFLICT(code) DO UPDATE SET status=excluded.status, game_id=excluded.game_id,
                   seat0=excluded.seat0, token0=excluded.token0, seat1=excluded.seat1,
                   token1=excluded.token1, computer=excluded.computer,
                   computer_level=excluded.computer_level, updated=excluded.updated""",
            (row.code, row.variant, json.dumps(row.variant_json), int(row.public), row.status,
             row.game_id, s0, t0, s1, t1, row.computer, row.computer_level, now, now),
        )

    def set_room_status(self, code: str, status: str) -> None:
        self._tx("UPDATE rooms SET status=?, updated=? WHERE code=?", (status, time.time(), code))

    def live_rooms(self) -> list[RoomRow]:
        rows = self.db.execute(
            "SELECT code, variant, variant_json, public, status, game_id, seat0, token0, seat1, token1, "
            "computer, computer_level FROM rooms WHERE status IN ('waiting', 'playing', 'finished') ORDER BY created"
        ).fetchall()
        return [
            RoomRow(r[0], r[1], json.loads(r[2]), bool(r[3]), r[4], r[5], [(r[6], r[7]), (r[8], r[9])], r[10],
                    r[11])
            for r in rows
        ]

    def room_exists(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM rooms WHERE code=?", (code,)).fetchone() is not None

    # ---- games and moves ------------------------------------------------------------

    def new_game(self, room: str, variant: str, variant_json: dict[str, Any], starter: int,
                 players: list[str | None]) -> int:
        cur = self._tx(
            "INSERT INTO games (room, variant, variant_json, starter, south, north, started) VALUES (?,?,?,?,?,?,?)",
            (room, variant, json.dumps(variant_json), starter, players[0], players[1], time.time()),
        )
        return int(cur.lastrowid or 0)

    def set_players(self, game_id: int, players: list[str | None]) -> None:
        self._tx("UPDATE games SET south=?, north=? WHERE id=?", (players[0], players[1], game_id))

    def add_move(self, game_id: int, ply: int, seat: int, move: Any) -> None:
        self._tx("INSERT INTO moves (game_id, ply, seat, move, at) VALUES (?,?,?,?,?)",
                 (game_id, ply, seat, json.dumps(move), time.time()))

    def end_game(self, game_id: int, outcome: dict[str, Any], reason: str, result: str) -> None:
        self._tx("UPDATE games SET outcome=?, reason=?, result=?, ended=? WHERE id=?",
                 (json.dumps(outcome), reason, result, time.time(), game_id))

    def game(self, game_id: int) -> GameRow | None:
        r = self.db.execute(
            "SELECT id, room, variant, variant_json, starter, south, north, outcome, reason, result "
            "FROM games WHERE id=?", (game_id,)
        ).fetchone()
        if r is None:
            return None
        moves = [(seat, json.loads(m)) for seat, m in self.db.execute(
            "SELECT seat, move FROM moves WHERE game_id=? ORDER BY ply", (game_id,))]
        return GameRow(r[0], r[1], r[2], json.loads(r[3]), r[4], [r[5], r[6]],
                       json.loads(r[7]) if r[7] else None, r[8], r[9], moves)
