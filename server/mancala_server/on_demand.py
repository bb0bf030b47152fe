"""Searches people ask for over HTTP (one-turn lines, analyses), kept apart from the rooms.

Five one-turn requests used to go into the computer players' process pool, and a
computer's move in someone's timed room then waited 28-30 s behind them and lost on
time (issue 23). Now the rooms' computers have their pool to themselves
(computer.py) and on-demand searches get their own, smaller share: `workers` processes
of their own, at a lower priority still than the computers' (`niceness`), so a room's
search is never queued behind them and gets the CPU first when CPUs are short.

The share is bounded: at most `workers` searches run and `queue` wait; a request past
that is refused at once with `SearchBusy` (the HTTP handlers answer a typed 503 with
Retry-After) instead of waiting without end.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from mancala_server.search_pool import search_pool, stop_pool

T = TypeVar("T")


class SearchBusy(Exception):
    """Every process of the on-demand share is busy and its queue full."""


class OnDemandSearches:
    def __init__(self, workers: int, queue: int, niceness: int) -> None:
        self.workers, self.queue, self.niceness = max(1, workers), max(0, queue), niceness
        self._pool: ProcessPoolExecutor | None = None
        self._turn = asyncio.Semaphore(self.workers)
        self.waiting = 0
        self.running = 0
        self.refused = 0  # requests turned away busy (metrics, tests)

    @property
    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = search_pool(self.workers, self.niceness)
        return self._pool

    async def run(self, timeout: float, fn: Callable[..., T], *args: Any) -> T:
        """`fn(*args)` in one of the share's processes, once one is free; SearchBusy at once
        when the share is full, TimeoutError after `timeout` seconds of running."""
        if self.running + self.waiting >= self.workers + self.queue:
            self.refused += 1
            raise SearchBusy(f"{self.running} searches running and {self.waiting} waiting")
        self.waiting += 1
        try:
            await self._turn.acquire()
        finally:
            self.waiting -= 1
        self.running += 1
        try:
            loop = asyncio.get_running_loop()
            return await asyncio.wait_for(loop.run_in_executor(self.pool, fn, *args), timeout)
        finally:
            self.running -= 1
            self._turn.release()

    def close(self) -> None:
        if self._pool is not None:
            stop_pool(self._pool)
