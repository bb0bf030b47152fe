"""A room's journal over a storage whose writes never wait (SQLite): each write commits
inside the room's call, what the room tells follows it at once, and a failed write is
reported to the hub once, after the room's call (journal.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Collection
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from mancala_server.fencing import Fence
from mancala_server.journal import Journal, RoomGone
from mancala_server.storage import SqliteStorage
from mancala_server.store import RoomRow

VARIANT = {"game_info": {"name": "Oware"}}
CODE = "ROOMAA"


class Note(BaseModel):
    text: str


class Heard:
    def __init__(self) -> None:
        self.told: list[str] = []
        self.failures: list[Exception] = []

    def sink(self, members: Collection[Any], message: BaseModel) -> None:
        assert isinstance(message, Note)
        self.told.append(message.text)

    def failed(self, exc: Exception) -> None:
        self.failures.append(exc)


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    made = SqliteStorage(tmp_path / "db.sqlite3")
    await made.reserve_room(RoomRow(CODE, "oware_abapa", VARIANT, True, "waiting", None,
                                    [(None, None), (None, None)], None))
    yield made
    await made.close()


def journal_on(storage: Any, heard: Heard, epoch: int = 1) -> Journal:
    return Journal(storage, Fence(CODE, epoch), heard.sink, heard.failed)


async def test_a_write_is_committed_before_the_rooms_call_returns_and_no_task_is_made(
        storage: SqliteStorage) -> None:
    heard = Heard()
    journal = journal_on(storage, heard)
    assert journal.at_once
    gid = journal.new_game(CODE, "oware_abapa", VARIANT, 0, ["Ann", "Bob"], {})
    journal.add_move(gid, 0, 0, 3)
    assert journal.task is None and not journal.ops
    row = await storage.game(gid)  # read at once: nothing was left for a later turn
    assert row is not None and row.moves == [(0, 3)]
    journal.deliver([], Note(text="moved"))
    assert heard.told == ["moved"]
    await journal.settled()  # nothing to wait for
    assert heard.failures == []


async def test_a_failed_write_tells_nothing_after_it_and_is_reported_once(storage: SqliteStorage) -> None:
    heard = Heard()
    journal = journal_on(storage, heard, epoch=7)  # another node's epoch: fenced out
    journal.set_room_status(CODE, "playing")
    assert journal.failed is not None
    journal.deliver([], Note(text="never"))
    journal.add_move(1, 0, 0, 3)  # nothing more is written either
    assert heard.told == [] and heard.failures == []  # not inside the room's own call
    with pytest.raises(RoomGone):
        await journal.settled()  # the hub asks: the failure is reported now
    assert len(heard.failures) == 1
    with pytest.raises(RoomGone):
        await journal.settled()
    assert len(heard.failures) == 1  # and only once, the loop's turn included


async def test_a_failed_write_outside_a_request_is_reported_at_the_loops_next_turn(
        storage: SqliteStorage) -> None:
    heard = Heard()
    journal = journal_on(storage, heard, epoch=7)
    journal.set_room_status(CODE, "playing")  # a timer's write, say: nobody awaits settled()
    assert heard.failures == []
    await asyncio.sleep(0)
    assert len(heard.failures) == 1


class WaitsInside(SqliteStorage):
    """A storage that says it writes at once but waits: a programming error, not a hang."""

    async def set_room_status(self, code: str, status: str, fence: Fence) -> None:
        await asyncio.sleep(0)


async def test_a_storage_that_waits_though_it_says_it_does_not_fails_the_room(tmp_path: Path) -> None:
    storage = WaitsInside(tmp_path / "db.sqlite3")
    try:
        heard = Heard()
        journal = journal_on(storage, heard)
        journal.set_room_status(CODE, "playing")
        assert isinstance(journal.failed, RuntimeError) and "waited" in str(journal.failed)
        with pytest.raises(RoomGone):
            await journal.settled()
        assert len(heard.failures) == 1
    finally:
        await storage.close()
