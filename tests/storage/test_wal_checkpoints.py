"""The SQLite file's checkpoints run on their own thread, never inside a move's commit."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from mancala_server.store import RoomRow, Store
from mancala_server.wal_checkpoints import WalCheckpoints


def test_the_servers_connection_leaves_checkpoints_to_the_thread(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    try:
        assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        assert store.checkpoints is not None and store.checkpoints._thread.is_alive()
    finally:
        store.close()
    assert not store.checkpoints._thread.is_alive()  # closing stops it


def write_moves(store: Store, rounds: int, between: Callable[[], None] = lambda: None) -> Path:
    store.reserve_room(RoomRow("WAL1", "kalah_4", {}, True, "waiting", None, [(None, None), (None, None)], None))
    game_id = store.new_game("WAL1", "kalah_4", {}, 0, ["ann", "bob"], {})
    for r in range(rounds):
        for ply in range(r * 300, (r + 1) * 300):
            store.add_move(game_id, ply, ply % 2, ply % 6)
        between()
    return Path(str(store.db.execute("PRAGMA database_list").fetchone()[2]) + "-wal")


def checkpoints_after(checkpoints: WalCheckpoints, count: int = 2, limit: float = 30.0) -> None:
    """Wait until `count` more checkpoints have run: the second began after the writes
    before this call ended, so it folded the whole log back. (A fixed pause was not
    enough on a loaded machine, where the thread could run less often than asked.)"""
    goal = checkpoints.done + count
    deadline = time.monotonic() + limit
    while checkpoints.done < goal:
        assert time.monotonic() < deadline, f"{count} checkpoints did not run within {limit} s"
        time.sleep(0.005)


def test_the_log_is_folded_back_while_moves_are_written(tmp_path: Path) -> None:
    # without checkpoints at all, 3,000 commits leave a log thousands of pages long
    bare = Store(tmp_path / "bare.sqlite3")
    assert bare.checkpoints is not None
    bare.checkpoints.stop()
    unchecked = write_moves(bare, 10).stat().st_size
    bare.close()

    path = tmp_path / "db.sqlite3"
    store = Store(path)
    assert store.checkpoints is not None
    store.checkpoints.stop()  # one with a short interval instead
    store.checkpoints = WalCheckpoints(path, interval=0.02)
    checkpoints = store.checkpoints
    wal = write_moves(store, 10, lambda: checkpoints_after(checkpoints))
    assert checkpoints.done >= 20
    assert wal.stat().st_size < unchecked / 3  # the log is reused after each checkpoint
    store.close()
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM moves").fetchone() == (3000,)


def test_a_memory_database_has_no_checkpoint_thread() -> None:
    store = Store(Path(":memory:"))
    assert store.checkpoints is None
    store.close()
