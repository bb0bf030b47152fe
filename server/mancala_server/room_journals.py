"""Each served room's journal by code (journal.py), and the closed rooms' journals until
what they queued is committed: a server that stops must not close its storage under a
closed room's last write (its status), or the room would come back at the restart."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Collection

from mancala_server.journal import Journal, RoomGone


class RoomJournals(dict[str, Journal]):
    def __init__(self) -> None:
        super().__init__()
        self.closing: set[Journal] = set()

    def retire(self, code: str) -> None:
        """The room is closed: its journal leaves the map, kept until its writes are in."""
        journal = self.pop(code, None)
        if journal is not None and journal.task is not None:
            self.closing.add(journal)
            journal.task.add_done_callback(lambda _task: self.closing.discard(journal))

    async def settle(self, codes: Collection[str]) -> None:
        """Wait until the rooms' writes so far are committed and told."""
        for code in codes:
            journal = self.get(code)
            if journal is not None:
                with contextlib.suppress(RoomGone):
                    await journal.settled()

    async def settle_all(self, timeout: float) -> None:
        """At a stop: every journal's writes committed (each given `timeout` seconds)."""
        for journal in [*self.values(), *self.closing]:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(journal.settled(), timeout)
