"""A data directory written before the storage port (before computer opponents, kept start
layouts, fencing and competitive play) still opens: its rooms are live, its games read
back, and the port writes on into them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from mancala.engine.position import Outcome, OutcomeKind
from mancala_server.compete_store import Terms
from mancala_server.fencing import Fence
from mancala_server.storage import SqliteStorage

OLD_SCHEMA = """
CREATE TABLE rooms (code TEXT PRIMARY KEY, variant TEXT NOT NULL, variant_json TEXT NOT NULL,
    public INTEGER NOT NULL, status TEXT NOT NULL, game_id INTEGER, seat0 TEXT, token0 TEXT,
    seat1 TEXT, token1 TEXT, computer INTEGER, created REAL NOT NULL, updated REAL NOT NULL);
CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL, variant TEXT NOT NULL,
    variant_json TEXT NOT NULL, starter INTEGER NOT NULL, south TEXT, north TEXT,
    outcome TEXT, reason TEXT, result TEXT, started REAL NOT NULL, ended REAL);
CREATE TABLE moves (game_id INTEGER NOT NULL, ply INTEGER NOT NULL, seat INTEGER NOT NULL,
    move TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, ply));
"""


def old_data_dir(path: Path) -> None:
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("INSERT INTO rooms VALUES ('OLD001', 'kalah_4', '{}', 1, 'playing', 7, 'ann', 'h0', 'bob', 'h1', "
               "NULL, 1.0, 1.0)")
    db.execute("INSERT INTO games VALUES (7, 'OLD001', 'kalah_4', '{}', 0, 'ann', 'bob', NULL, NULL, NULL, 1.0, NULL)")
    for ply, (seat, move) in enumerate([(0, 2), (1, 5)]):
        db.execute("INSERT INTO moves VALUES (7, ?, ?, ?, 1.0)", (ply, seat, json.dumps(move)))
    db.commit()
    db.close()


async def test_a_data_dir_from_before_opens_and_its_rooms_are_taken_and_written(tmp_path: Path) -> None:
    path = tmp_path / "mancala.sqlite3"
    old_data_dir(path)
    storage = SqliteStorage(path)
    try:
        assert [r.code for r in await storage.live_rooms()] == ["OLD001"]
        taken = await storage.take_room("OLD001")
        assert taken is not None
        row, epoch = taken
        assert epoch == 1 and row.computer_level is None and row.seats == [("ann", "h0"), ("bob", "h1")]
        game = await storage.game(7)
        assert game is not None and game.moves == [(0, 2), (1, 5)]
        assert (game.start, game.rounds) == (None, None)  # kept only since start layouts were
        assert game.match is not None and game.match.terms == Terms()  # older games: untimed, casual
        fence = Fence("OLD001", epoch)
        await storage.add_move(7, 2, 0, 1, fence)
        # a round added to a game stored before rounds were kept (its rounds column NULL)
        await storage.add_round(7, 2, {"board": [4] * 12, "stores": [0, 0]}, fence)
        await storage.end_game(7, Outcome(OutcomeKind.WIN, 0), "resign", "South wins", fence)
        ended = await storage.game(7)
        assert ended is not None and ended.moves[-1] == (0, 1) and ended.outcome == Outcome(OutcomeKind.WIN, 0)
        assert ended.rounds == {2: {"board": [4] * 12, "stores": [0, 0]}}
    finally:
        await storage.close()
    again = SqliteStorage(path)  # opened a second time: the columns added are not added again
    try:
        assert await again.room("OLD001") is not None
    finally:
        await again.close()
