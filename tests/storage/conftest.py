"""The contract suite's fixture: every test runs on a real SQLite file and on a fresh
database of a real PostgreSQL (started once per session -- each xdist worker its own --
by tests/cluster/services.py). Nothing is mocked; a missing server binary fails with
the command that installs it."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from mancala_server.pg_storage import PostgresStorage
from mancala_server.storage import SqliteStorage, Storage
from tests.cluster.services import PostgresServer


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    root = Path(tempfile.mkdtemp(prefix="mancala-storage-"))
    server = PostgresServer(root)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgres"])
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    """Both ports on SQLite and on a fresh PostgreSQL database."""
    if request.param == "sqlite":
        made: Storage = SqliteStorage(tmp_path / "db.sqlite3")
    else:
        server: PostgresServer = request.getfixturevalue("postgres")
        made = await PostgresStorage.connect(server.new_database("s"))
    yield made
    await made.close()
