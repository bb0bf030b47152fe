"""Computer opponents: searches run in a process pool, never on the event loop.

Each room has at most one search in flight. When it returns, the move enters the
game through the same checked path as a player's, if the game is still where the
search started (nobody resigned or left meanwhile).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import secrets
from concurrent.futures import ProcessPoolExecutor

from mancala.ai.worker import think
from mancala.server.room import Room, RoomError

log = logging.getLogger("mancala.server")


def lower_priority(niceness: int) -> None:
    """Run in each search process: searches give way to the event loop when CPUs are short.

    A search is bounded by its time cap either way, while an event loop short of CPU
    delays every frame of every room (docs/performance.md, "Server under load")."""
    with contextlib.suppress(OSError):
        os.nice(niceness)


class ComputerPlayers:
    def __init__(self, workers: int, cap_ms: int, niceness: int = 0) -> None:
        self.workers = workers
        self.cap_ms = cap_ms
        self.niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self.pending: dict[str, asyncio.Task[None]] = {}

    @property
    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fork of a running event loop (and its sockets) is not a clean worker
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=lower_priority, initargs=(self.niceness,))
        return self._pool

    def schedule(self, room: Room) -> None:
        if room.code in self.pending:
            return
        self.pending[room.code] = asyncio.get_running_loop().create_task(self._play(room))

    async def _play(self, room: Room) -> None:
        ply = len(room.moves)
        seat = room.position.turn
        level = room.computer_level if room.computer_level is not None else 1
        try:
            move = await asyncio.get_running_loop().run_in_executor(
                self.pool, think, json.dumps(room.variant_json), room.position.copy(), level, self.cap_ms,
                secrets.randbelow(1 << 30))
        except Exception:  # a broken worker must not take the room down, nor leave it waiting
            log.exception("room %s: computer search failed; playing a random legal move", room.code)
            legal = room.game.legal_moves(room.position)
            move = room.game.move_json(legal[secrets.randbelow(len(legal))]) if legal else None
        self.pending.pop(room.code, None)
        if move is None:
            return
        if room.finished or len(room.moves) != ply:
            return
        try:
            await room.play_for(seat, move, ply)
        except RoomError as exc:  # should not happen: the search only returns legal moves
            log.error("room %s: computer move %r refused: %s", room.code, move, exc.message)

    def close(self) -> None:
        for task in self.pending.values():
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
