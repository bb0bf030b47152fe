"""The process pools searches run in (the computer players', the on-demand share's):
spawned workers at a lower priority, and stopped for good when the server stops."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor


def lower_priority(niceness: int) -> None:
    """Run in each search process: searches give way to the event loop when CPUs are short.

    A search is bounded by its time cap either way, while an event loop short of CPU
    delays every frame of every room (docs/performance.md, "Server under load")."""
    with contextlib.suppress(OSError):
        os.nice(niceness)


def search_pool(workers: int, niceness: int) -> ProcessPoolExecutor:
    # spawn: a fork of a running event loop (and its sockets) is not a clean worker
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=lower_priority, initargs=(niceness,))


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Queued searches dropped, and running ones ended: a shutdown alone lets a worker
    finish its search for nobody, minutes after its server stopped."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
