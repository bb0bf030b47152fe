"""SQLite's own storage rules, each written from a mutant that survived the contract suite
(docs/mutation.md): what the file store does below the port (its checkpoint thread, its
commit times, a rated end told to the room, a conflict in SQLite's words) and the
leaderboard's limit, set up with rows written straight into the file. The port-level
rules written the same way are held to both backends in tests/storage/test_contract_rules.py."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from mancala.engine.position import Outcome, OutcomeKind
from mancala_server.fencing import Conflict
from mancala_server.ratings import RatedSide
from mancala_server.storage import SqliteStorage
from mancala_server.store import Store
from tests.storage.rows import a_game
from tests.storage.test_sqlite_old_data import OLD_SCHEMA

VARIANT = {"game_info": {"name": "Oware"}}


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    made = SqliteStorage(tmp_path / "db.sqlite3")
    yield made
    await made.close()


async def test_a_rated_end_told_to_the_room_stores_its_reason_and_result(storage: SqliteStorage) -> None:
    await storage.new_player("p-ann", "Ann", "h-ann")
    gid, _ = await a_game(storage, "FINISH")
    heard: list[object] = []
    storage.store.finish_rated(gid, Outcome(OutcomeKind.WIN, 0), "timeout", "South wins on time", "oware_abapa",
                               [RatedSide(0, "p-ann", "Ann"), RatedSide(1, None, "Computer (level 1)")],
                               heard.append)
    game = await storage.game(gid)
    assert game is not None and (game.reason, game.result) == ("timeout", "South wins on time")
    assert len(heard) == 1 and len(heard[0]) == 2  # type: ignore[arg-type]


async def test_the_leaderboard_lists_the_first_100(storage: SqliteStorage) -> None:
    db = storage.store.db
    with db:  # 101 rated players, written as the rated games would have left them
        for n in range(101):
            db.execute("INSERT INTO players (id, name, name_key, created) VALUES (?,?,?,0)", (f"p-{n}", f"P{n}",
                                                                                          f"p{n}"))
            db.execute("INSERT INTO ratings (player, variant, rating, rd, vol, games, updated) "
                       "VALUES (?,?,?,?,?,?,0)", (f"p-{n}", "kalah_4", 1000.0 + n, 80.0, 0.06, 10))
    board = await storage.leaderboard("kalah_4")
    assert len(board) == 100 and board[0][0].id == "p-100" and board[-1][0].id == "p-1"


def test_closing_a_store_stops_its_checkpoint_thread(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    assert store.checkpoints is not None
    thread = store.checkpoints._thread
    assert thread.is_alive()
    store.close()
    assert not thread.is_alive()
    memory = Store(Path(":memory:"))  # a memory database has no log and no thread to stop
    assert memory.checkpoints is None
    memory.close()


def test_a_store_makes_the_folders_its_file_is_in(tmp_path: Path) -> None:
    path = tmp_path / "new" / "data" / "db.sqlite3"
    Store(path).close()
    assert path.is_file()


def test_a_file_whose_rooms_have_the_later_columns_already_opens_as_it_was(tmp_path: Path) -> None:
    """A database an earlier version gave the rooms' epoch and quick-open columns (the
    names as it wrote them) is not given them a second time."""
    path = tmp_path / "db.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.execute("ALTER TABLE rooms ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE rooms ADD COLUMN quick_open INTEGER NOT NULL DEFAULT 0")
    db.close()
    Store(path).close()
    columns = [row[1] for row in sqlite3.connect(path).execute("PRAGMA table_info(rooms)")]
    assert columns.count("epoch") == 1 and columns.count("quick_open") == 1


async def test_a_conflicting_write_says_what_it_would_overwrite(storage: SqliteStorage) -> None:
    gid, fence = await a_game(storage, "CONFL1")
    await storage.add_move(gid, 0, 0, 1, fence)
    with pytest.raises(Conflict, match="UNIQUE constraint failed: moves.game_id, moves.ply"):
        await storage.add_move(gid, 0, 0, 2, fence)


def test_each_write_reports_how_long_its_commit_took(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    took: list[float] = []
    store.observe = took.append
    try:
        store.set_room_status("NOROOM", "ended")
    finally:
        store.close()
    assert len(took) == 1 and 0 <= took[0] < 5.0


def test_a_game_made_by_the_store_keeps_its_first_layout(tmp_path: Path) -> None:
    """The room's path (Store.new_game draws the id): the layout a game starts from is
    stored with it, as a replay needs it for variants that draw their start."""
    store = Store(tmp_path / "db.sqlite3")
    start = {"board": [3, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], "stores": [0, 0]}
    try:
        gid = store.new_game("LAYOUT", "oware_abapa", VARIANT, 1, ["Ann", "Bob"], start)
        game = store.game(gid)
    finally:
        store.close()
    assert game is not None and (game.start, game.starter, game.players) == (start, 1, ["Ann", "Bob"])
