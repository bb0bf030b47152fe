"""A room's writes: committed in order, and nothing told before its writes.

The room is synchronous (its rules are tested without an event loop), and the storage
port is async (storage.py): a single server's SQLite file, a cluster's PostgreSQL a
network away. So the room writes through a `Journal`: each write is queued and committed
in order by one task, and every message the room (or the hub, through room.tell) sends
after a write waits until that write is committed. The room's state may run a move ahead
of the database, but nobody hears of a move, a seat or a result before it is stored:
"store first, tell second". The hub also waits for a request's writes before it reads
the client's next one (Hub.dispatch).

When a write fails (the room was taken over by another node: FencedOut; or the database
is gone), what was queued behind it is dropped, never told, and `on_failure` is called:
the hub gives the room up (a cluster) or closes it (a single server).

A storage whose writes never wait (SQLite: each call is a whole transaction on the loop,
`writes_at_once`) is written through at once, with nothing queued: the write commits
inside the room's call, so what the room tells next has nothing to wait behind. The queue
and its task are a hop per write (a task, a loop turn, a future per request: some 8 % of
a move's server CPU in load.py's profile) that only a storage a network away needs.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Collection, Coroutine
from typing import Any

from pydantic import BaseModel

from mancala.engine.position import Outcome
from mancala_server.fencing import Fence, new_game_id
from mancala_server.room_ports import Deliver, Member
from mancala_server.storage import Storage
from mancala_server.store import RoomRow

log = logging.getLogger("mancala_server")


class RoomGone(Exception):
    """The room's writes failed: this node no longer serves the room."""


class Journal:
    def __init__(self, storage: Storage, fence: Fence, sink: Deliver,
                 on_failure: Callable[[Exception], None],
                 observe: Callable[[float], None] | None = None) -> None:
        self.storage = storage
        self.fence = fence
        self.sink = sink  # where messages go once their writes are committed
        self.on_failure = on_failure
        self.observe = observe  # seconds each commit took (metrics)
        self.ops: deque[tuple[Any, ...]] = deque()
        self.task: asyncio.Task[None] | None = None
        self.failed: Exception | None = None
        self.at_once = storage.writes_at_once
        self.unreported: Exception | None = None  # a failed write's, until on_failure hears it

    # ---- what the room tells --------------------------------------------------------------

    def deliver(self, members: Collection[Member], message: BaseModel) -> None:
        if self.failed is not None:
            return
        if self.task is None and not self.ops:
            self.sink(members, message)  # nothing uncommitted before it
        else:
            self.ops.append(("tell", tuple(members), message))

    async def settled(self) -> None:
        """Wait until everything queued so far is committed and told (RoomGone if it failed)."""
        if self.failed is not None:
            self._report_failure()
            raise RoomGone(str(self.failed))
        if self.task is None and not self.ops:
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.ops.append(("mark", done))
        await done

    # ---- what the room writes (the RoomStore of room.py) ----------------------------------

    def _write(self, write: Callable[..., Coroutine[Any, Any, Any]], *args: Any) -> None:
        self._in_order(write, args, None)

    def _in_order(self, write: Callable[..., Coroutine[Any, Any, Any]], args: tuple[Any, ...],
                  then: Callable[[Any], None] | None) -> None:
        """Commit `write(*args)` after what came before it; `then` gets its result."""
        if self.failed is not None:
            return
        if self.at_once:
            self._write_now(write, args, then)
            return
        self.ops.append(("write", write, args, then))
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._run())

    def save_room(self, row: RoomRow) -> None:
        self._write(self.storage.save_room, row, self.fence)

    def set_room_status(self, code: str, status: str) -> None:
        self._write(self.storage.set_room_status, code, status, self.fence)

    def new_game(self, room: str, variant: str, variant_json: dict[str, Any], starter: int,
                 players: list[str | None], start: dict[str, Any]) -> int:
        # the id is drawn here (53 random bits), so the room can go on before the insert
        # commits; a duplicate (once in 2^53) fails the write like any other failure
        game_id = new_game_id()
        self._write(self.storage.new_game, game_id, room, variant, variant_json, starter, list(players),
                    start, self.fence)
        return game_id

    def add_round(self, game_id: int, ply: int, start: dict[str, Any]) -> None:
        self._write(self.storage.add_round, game_id, ply, start, self.fence)

    def set_players(self, game_id: int, players: list[str | None]) -> None:
        self._write(self.storage.set_players, game_id, list(players), self.fence)

    def add_move(self, game_id: int, ply: int, seat: int, move: Any) -> None:
        self._write(self.storage.add_move, game_id, ply, seat, move, self.fence)

    def end_game(self, game_id: int, outcome: Outcome, reason: str, result: str) -> None:
        self._write(self.storage.end_game, game_id, outcome, reason, result, self.fence)

    def offer_quick(self, code: str) -> None:
        self._write(self.storage.offer_quick, code, self.fence)

    # ---- competitive play (match.py, room_chat.py) ------------------------------------------

    def finish_rated(self, game_id: int, outcome: Outcome, reason: str, result: str, variant: str,
                     sides: list[Any], then: Callable[[Any], None]) -> None:
        # the new ratings are known once the transaction commits: `then` runs there, and
        # what it tells waits behind it like any message
        self._in_order(self.storage.end_rated_game, (game_id, outcome, reason, result, variant, sides, self.fence),
                       then)

    def set_terms(self, game_id: int, terms: Any) -> None:
        self._write(self.storage.set_terms, game_id, terms, self.fence)

    def add_move_clock(self, game_id: int, ply: int, remaining: tuple[int, int]) -> None:
        self._write(self.storage.add_move_clock, game_id, ply, remaining, self.fence)

    def pause_clock(self, game_id: int, mark: Any) -> None:
        self._write(self.storage.pause_clock, game_id, mark, self.fence)

    def take_back(self, game_id: int, ply: int, mark: Any) -> None:
        self._write(self.storage.take_back, game_id, ply, mark, self.fence)

    def add_chat(self, game_id: int, row: Any) -> None:
        self._write(self.storage.add_chat, game_id, row, self.fence)

    # ---- a storage whose writes never wait: committed inside the room's call ----------------

    def _write_now(self, write: Callable[..., Coroutine[Any, Any, Any]], args: tuple[Any, ...],
                   then: Callable[[Any], None] | None) -> None:
        started = time.perf_counter()
        try:
            result = finished_at_once(write(*args))
        except Exception as exc:
            # the room is in the middle of its own call: it finishes that call (telling
            # nobody, as `failed` is set) before the hub acts on the failure
            self._fail(exc, later=True)
            return
        if self.observe is not None:
            self.observe(time.perf_counter() - started)
        if then is not None:
            then(result)

    # ---- the one task that commits ----------------------------------------------------------

    async def _run(self) -> None:
        try:
            while self.ops:
                op = self.ops.popleft()
                kind = op[0]
                if kind == "write":
                    started = time.perf_counter()
                    try:
                        result = await op[1](*op[2])
                    except Exception as exc:
                        self._fail(exc)
                        return
                    if self.observe is not None:
                        self.observe(time.perf_counter() - started)
                    if op[3] is not None:  # a write whose result the room waits for (finish_rated)
                        op[3](result)
                elif kind == "tell":
                    self.sink(op[1], op[2])
                elif not op[1].done():
                    op[1].set_result(None)
        finally:
            self.task = None

    def _fail(self, exc: Exception, later: bool = False) -> None:
        self.failed = exc
        log.error("room %s: a write failed (%s: %s); giving the room up", self.fence.room,
                  type(exc).__name__, exc)
        for op in self.ops:
            if op[0] == "mark" and not op[1].done():
                op[1].set_exception(RoomGone(str(exc)))
        self.ops.clear()
        if later:  # at the next turn of the loop, or when the hub asks first (settled)
            self.unreported = exc
            asyncio.get_running_loop().call_soon(self._report_failure)
        else:
            self.on_failure(exc)

    def _report_failure(self) -> None:
        exc, self.unreported = self.unreported, None
        if exc is not None:
            self.on_failure(exc)


def finished_at_once(write: Coroutine[Any, Any, Any]) -> Any:
    """The result of a write that runs to its end without waiting (`writes_at_once`)."""
    try:
        write.send(None)
    except StopIteration as done:
        return done.value
    write.close()
    raise RuntimeError("a storage said to write at once waited inside a write")
