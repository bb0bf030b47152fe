"""Computer opponents: searches run in a process pool, never on the event loop.

Each room has at most one search in flight. Searches are handed to the pool in turn
by the address that made the room (round robin), never more than it has workers: one
address with many computer rooms waits behind everyone else's next move instead of
filling the pool's queue ahead of them. When a search returns, the move enters the
game through the same checked path as a player's, if the game is still where the
search started (nobody resigned or left meanwhile).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import secrets
from collections import deque
from concurrent.futures import ProcessPoolExecutor

from mancala.ai.worker import think
from mancala_server.room import Room
from mancala_server.room_ports import RoomError
from mancala_server.search_pool import search_pool, stop_pool

log = logging.getLogger("mancala_server")


class ComputerPlayers:
    def __init__(self, workers: int, cap_ms: int, niceness: int = 0) -> None:
        self.workers = workers
        self.cap_ms = cap_ms
        self.niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self.pending: dict[str, asyncio.Task[None]] = {}  # rooms searching now
        # rooms waiting for a worker, by owner; the owner served longest ago goes first
        self.waiting: dict[str, deque[Room]] = {}
        self.queued: set[str] = set()
        self.served: dict[str, int] = {}  # owner -> tick of its last search started
        self._tick = itertools.count()

    @property
    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = search_pool(self.workers, self.niceness)
        return self._pool

    def schedule(self, room: Room) -> None:
        if room.code in self.pending or room.code in self.queued:
            return
        owner = room.creator or room.code
        self.waiting.setdefault(owner, deque()).append(room)
        self.queued.add(room.code)
        self._pump()

    def _pump(self) -> None:
        """Start searches while workers are free, one owner after another."""
        while len(self.pending) < self.workers and self.waiting:
            owner = min(self.waiting, key=lambda o: self.served.get(o, -1))
            rooms = self.waiting[owner]
            room = rooms.popleft()
            if not rooms:
                del self.waiting[owner]
            self.served[owner] = next(self._tick)
            if len(self.served) > 10_000:  # forget owners with nothing waiting
                self.served = {o: t for o, t in self.served.items() if o in self.waiting}
            self.queued.discard(room.code)
            task = asyncio.get_running_loop().create_task(self._play(room))
            self.pending[room.code] = task
            task.add_done_callback(lambda _t: self._pump())

    async def _play(self, room: Room) -> None:
        if room.finished or not room.seats[room.position.turn].computer:  # changed while it waited
            self.pending.pop(room.code, None)
            return
        ply, game_id = len(room.moves), room.game_id
        seat = room.position.turn
        level = room.computer_level if room.computer_level is not None else 1
        try:
            move = await asyncio.get_running_loop().run_in_executor(
                self.pool, think, json.dumps(room.variant_json), room.position.copy(), level,
                room.computer_budget(self.cap_ms),
                secrets.randbelow(1 << 30))
        except Exception:  # a broken worker must not take the room down, nor leave it waiting
            log.exception("room %s: computer search failed; playing a random legal move", room.code)
            legal = room.game.legal_moves(room.position)
            move = room.game.move_json(legal[secrets.randbelow(len(legal))]) if legal else None
        self.pending.pop(room.code, None)
        if move is None:
            return
        if room.finished or len(room.moves) != ply or room.game_id != game_id:
            # the room moved on while the search was out (a takeback; a resignation and
            # a rematch): its turn, if the computer's, was not scheduled, since this
            # search still counted as the room's, so it is searched afresh now
            room.computer_turn()
            return
        try:
            await room.play_for(seat, move, ply)
        except RoomError as exc:  # should not happen: the search only returns legal moves
            log.error("room %s: computer move %r refused: %s", room.code, move, exc.message)

    def close(self) -> None:
        self.waiting.clear()
        self.queued.clear()
        for task in list(self.pending.values()):
            task.cancel()
        if self._pool is not None:
            stop_pool(self._pool)
