"""SQLite persistence: rooms, games and every accepted move -- all of SQLite's SQL for
them, for the single-node server (directly) and for the async storage port
(`SqliteStorage`, storage.py, which calls these methods and holds no SQL of its own).

Each write commits before the server acknowledges or broadcasts it, so a killed
server restarts from its last acknowledged move. WAL mode with synchronous=NORMAL
survives a killed process (not a power cut) at a fraction of a full sync's cost.

A write given a `Fence` (the port's) checks the room's epoch inside its own
transaction (BEGIN IMMEDIATE: no other writer in between) and raises `FencedOut`
before changing anything when the epoch is not the room's.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mancala.engine.position import Outcome
from mancala_server.compete_store import CompeteStore
from mancala_server.explorer_store import ExplorerStore
from mancala_server.fencing import LIVE, Conflict, Fence, FencedOut, new_game_id
from mancala_server.puzzle_store import PuzzleStore
from mancala_server.tourney_store import TourneyStore
from mancala_server.wal_checkpoints import WalCheckpoints

if TYPE_CHECKING:
    from mancala_server.compete_store import MatchState

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
    started REAL NOT NULL, ended REAL,
    start TEXT,
    rounds TEXT
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
    outcome: Outcome | None
    reason: str | None
    result: str | None
    moves: list[tuple[int, Any]]  # (seat, move)
    # the first position's board and stores as played (a RANDOM layout is drawn once);
    # None in games stored before it was kept
    start: dict[str, Any] | None = None
    # each later round's first board and stores, by the ply it starts at
    rounds: dict[int, dict[str, Any]] | None = None
    # competitive play: the game's terms (time control, rated, players) and its clocks
    match: MatchState | None = None


class Store(CompeteStore, ExplorerStore, PuzzleStore, TourneyStore):
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(path, isolation_level=None)  # explicit transactions
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        # checkpoints off the event loop (wal_checkpoints.py); a memory database has no log
        self.checkpoints: WalCheckpoints | None = None
        if str(path) != ":memory:":
            self.db.execute("PRAGMA wal_autocheckpoint=0")
            self.checkpoints = WalCheckpoints(path)
        # seconds each write took to commit (the server's metrics), when someone asks
        self.observe: Callable[[float], None] | None = None
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(rooms)")}
        if "computer_level" not in columns:  # a data dir from before computer opponents
            self.db.execute("ALTER TABLE rooms ADD COLUMN computer_level INTEGER")
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        for column in ("start", "rounds"):  # a data dir from before start layouts were kept
            if column not in columns:
                self.db.execute(f"ALTER TABLE games ADD COLUMN {column} TEXT")
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(rooms)")}
        # the scale-out storage interface's fencing epoch and quick-pairing offer (storage.py)
        for column in ("epoch", "quick_open"):
            if column not in columns:
                self.db.execute(f"ALTER TABLE rooms ADD COLUMN {column} INTEGER NOT NULL DEFAULT 0")
        self._compete_schema()  # players, ratings, clocks, chat, challenges (compete_store.py)
        self._explorer_schema()  # the opening explorer's tree (explorer_store.py)
        self._puzzle_schema()  # puzzles and their answers (puzzle_store.py)
        self._tourney_schema()  # tournaments (tourney_store.py)

    def close(self) -> None:
        if self.checkpoints is not None:
            self.checkpoints.stop()
        self.db.close()  # the last connection to close folds the log back in

    def _tx(self, sql: str, args: tuple[Any, ...], fence: Fence | None = None) -> sqlite3.Cursor:
        started = time.perf_counter()
        try:
            with self.db:
                if fence is not None:
                    self.db.execute("BEGIN IMMEDIATE")
                    self._check_fence(fence)
                cursor = self.db.execute(sql, args)
        except sqlite3.IntegrityError as exc:
            raise Conflict(str(exc)) from None
        if self.observe is not None:
            self.observe(time.perf_counter() - started)
        return cursor

    def _check_fence(self, fence: Fence | None) -> None:
        """Inside a write's transaction: the room's epoch must be the writer's."""
        if fence is None:
            return
        row = self.db.execute("SELECT epoch FROM rooms WHERE code=?", (fence.room,)).fetchone()
        if row is None or row[0] != fence.epoch:
            raise self._fenced_out(fence, row)

    def _fenced_out(self, fence: Fence, row: tuple[int] | None = None) -> FencedOut:
        """The refusal naming the writer's epoch and the room's (read now unless given)."""
        if row is None:
            row = self.db.execute("SELECT epoch FROM rooms WHERE code=?", (fence.room,)).fetchone()
        return FencedOut.naming(fence, row[0] if row else None)

    # ---- rooms ------------------------------------------------------------------------

    def save_room(self, row: RoomRow, fence: Fence | None = None) -> None:
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
            fence,
        )

    def reserve_room(self, row: RoomRow) -> bool:
        """A new room at epoch 1, unless its code is taken (False)."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            if self.room_exists(row.code):
                return False
            self.save_room(row)  # joins this transaction
            self.db.execute("UPDATE rooms SET epoch=1 WHERE code=?", (row.code,))
        return True

    def take_room(self, code: str) -> tuple[RoomRow, int] | None:
        """A live room taken over: its row and its new epoch (None: no such live room)."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            changed = self.db.execute(
                f"UPDATE rooms SET epoch=epoch+1, updated=? WHERE code=? AND status IN {LIVE}",
                (time.time(), code)).rowcount
            if not changed:
                return None
            epoch = int(self.db.execute("SELECT epoch FROM rooms WHERE code=?", (code,)).fetchone()[0])
            row = self.room(code)
        assert row is not None
        return row, epoch

    def set_room_status(self, code: str, status: str, fence: Fence | None = None) -> None:
        self._tx("UPDATE rooms SET status=?, updated=? WHERE code=?", (status, time.time(), code), fence)

    def offer_quick(self, code: str, fence: Fence | None = None) -> None:
        """The room waits for a quick-pairing opponent."""
        self._tx("UPDATE rooms SET quick_open=1 WHERE code=?", (code,), fence)

    def take_quick(self, variant: str, skip: list[str]) -> str | None:
        """The oldest room offered in `variant` (not in `skip`), taken off the offer."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            row = self.db.execute("SELECT code FROM rooms WHERE quick_open=1 AND variant=? AND status='waiting' "
                                  f"AND code NOT IN ({','.join('?' * len(skip))}) ORDER BY created LIMIT 1",
                                  (variant, *skip)).fetchone()
            if row is None:
                return None
            self.db.execute("UPDATE rooms SET quick_open=0 WHERE code=?", (row[0],))
            return str(row[0])

    ROOM_COLUMNS = ("code, variant, variant_json, public, status, game_id, seat0, token0, seat1, token1, "
                    "computer, computer_level")

    @staticmethod
    def _room_row(r: Any) -> RoomRow:
        return RoomRow(r[0], r[1], json.loads(r[2]), bool(r[3]), r[4], r[5], [(r[6], r[7]), (r[8], r[9])], r[10],
                       r[11])

    def live_rooms(self) -> list[RoomRow]:
        rows = self.db.execute(
            f"SELECT {self.ROOM_COLUMNS} FROM rooms WHERE status IN ('waiting', 'playing', 'finished') ORDER BY created"
        ).fetchall()
        return [self._room_row(r) for r in rows]

    def room(self, code: str) -> RoomRow | None:
        r = self.db.execute(f"SELECT {self.ROOM_COLUMNS} FROM rooms WHERE code=?", (code,)).fetchone()
        return None if r is None else self._room_row(r)

    def mark_unrestorable(self, code: str, game_id: int | None, why: str) -> None:
        """A room whose game no longer replays: out of the live rooms for good (said once),
        its game ended as void with the reason kept."""
        with self.db:
            self.db.execute("UPDATE rooms SET status='unrestorable', updated=? WHERE code=?", (time.time(), code))
            if game_id is not None:
                self.db.execute("UPDATE games SET reason='unrestorable', result=?, ended=? "
                                "WHERE id=? AND ended IS NULL", (why[:500], time.time(), game_id))

    def room_public(self, code: str) -> bool:
        row = self.db.execute("SELECT public FROM rooms WHERE code=?", (code,)).fetchone()
        return bool(row and row[0])

    def room_exists(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM rooms WHERE code=?", (code,)).fetchone() is not None

    # ---- games and moves ------------------------------------------------------------

    def new_game(self, room: str, variant: str, variant_json: dict[str, Any], starter: int,
                 players: list[str | None], start: dict[str, Any]) -> int:
        """A new game; its id is random (new_game_id), so that games cannot be found by
        counting (GET /api/games/{id} needs the id)."""
        while True:
            game_id = new_game_id()
            try:
                self.insert_game(game_id, room, variant, variant_json, starter, players, start)
                return game_id
            except Conflict:  # the id is taken: draw again
                continue

    def insert_game(self, game_id: int, room: str, variant: str, variant_json: dict[str, Any], starter: int,
                    players: list[str | None], start: dict[str, Any], fence: Fence | None = None) -> None:
        """A new game under the id its writer drew (Conflict: the id is taken)."""
        self._tx("INSERT INTO games (id, room, variant, variant_json, starter, south, north, started, start, "
                 "rounds) VALUES (?,?,?,?,?,?,?,?,?,?)",
                 (game_id, room, variant, json.dumps(variant_json), starter, players[0], players[1],
                  time.time(), json.dumps(start), "{}"), fence)

    def add_round(self, game_id: int, ply: int, start: dict[str, Any], fence: Fence | None = None) -> None:
        """A later round's first board and stores (drawn at random in some variants),
        added to the rounds kept (read and written in one transaction)."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self._check_fence(fence)
            row = self.db.execute("SELECT rounds FROM games WHERE id=?", (game_id,)).fetchone()
            rounds = json.loads(row[0]) if row and row[0] else {}
            rounds[str(ply)] = start
            self.db.execute("UPDATE games SET rounds=? WHERE id=?", (json.dumps(rounds), game_id))

    def set_players(self, game_id: int, players: list[str | None], fence: Fence | None = None) -> None:
        self._tx("UPDATE games SET south=?, north=? WHERE id=?", (players[0], players[1], game_id), fence)

    def add_move(self, game_id: int, ply: int, seat: int, move: Any, fence: Fence | None = None) -> None:
        values = (game_id, ply, seat, json.dumps(move), time.time())
        if fence is None:
            self._tx("INSERT INTO moves (game_id, ply, seat, move, at) VALUES (?,?,?,?,?)", values)
            return
        # the write every move makes: the epoch is checked inside the one statement (atomic
        # on its own), where a transaction around a check and an insert cost a tenth of a
        # move's server CPU (BEGIN IMMEDIATE's locks, two more statements, the commit)
        cursor = self._tx("INSERT INTO moves (game_id, ply, seat, move, at) SELECT ?,?,?,?,? "
                          "WHERE EXISTS (SELECT 1 FROM rooms WHERE code=? AND epoch=?)",
                          (*values, fence.room, fence.epoch))
        if cursor.rowcount == 0:
            raise self._fenced_out(fence)

    def end_game(self, game_id: int, outcome: Outcome, reason: str, result: str,
                 fence: Fence | None = None) -> None:
        self._tx("UPDATE games SET outcome=?, reason=?, result=?, ended=? WHERE id=?",
                 (json.dumps(outcome.to_json()), reason, result, time.time(), game_id), fence)

    def game(self, game_id: int) -> GameRow | None:
        r = self.db.execute(
            "SELECT id, room, variant, variant_json, starter, south, north, outcome, reason, result, start, "
            "rounds FROM games WHERE id=?", (game_id,)
        ).fetchone()
        if r is None:
            return None
        stored = self.db.execute("SELECT seat, move FROM moves WHERE game_id=? ORDER BY ply", (game_id,)).fetchall()
        # one parse of all the moves: a json.loads per move was most of the 8-18 ms a
        # 2,000-move game took here, on the event loop, at every HTTP read of it
        parsed = json.loads("[" + ",".join(m for _, m in stored) + "]")
        moves = list(zip((seat for seat, _ in stored), parsed, strict=True))
        rounds = {int(ply): start for ply, start in json.loads(r[11]).items()} if r[11] else None
        return GameRow(r[0], r[1], r[2], json.loads(r[3]), r[4], [r[5], r[6]],
                       Outcome.from_json(json.loads(r[7])) if r[7] else None, r[8], r[9], moves,
                       json.loads(r[10]) if r[10] else None, rounds, self.match_state(game_id))
