"""The SQLite file's WAL checkpoints, on a thread of their own.

By default SQLite folds the write-ahead log back into the database (a checkpoint: page
copies and an fsync) inside whichever commit crosses 1,000 pages, so every few hundred
moves one player's move waited milliseconds on the event loop (benchmarks/storage_write.py:
a third of the writes' time went to those few commits). The server's connection turns
that off (`wal_autocheckpoint=0`) and this thread checkpoints from its own connection
instead. PASSIVE never waits for the writer, so a move's commit is never held up by it;
the log stays about one interval's writes long.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

log = logging.getLogger("mancala_server")

INTERVAL = 1.0  # seconds between checkpoints: at 200 moves a second, ~200 small writes


class WalCheckpoints:
    """A daemon thread that checkpoints the WAL of `path` every `interval` seconds."""

    def __init__(self, path: Path, interval: float = INTERVAL) -> None:
        self.path = path
        self.interval = interval
        self.done = 0  # checkpoints run (tests read it)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="wal-checkpoints", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(self.interval):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                    self.done += 1
                except sqlite3.Error as exc:  # busy or locked: the next turn tries again
                    log.warning("WAL checkpoint skipped: %s", exc)
        finally:
            db.close()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
