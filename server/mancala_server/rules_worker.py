"""Rules work for custom variants, in separate processes with a time limit.

A built-in variant's costs are known (docs/performance.md); a custom variant is
whatever a client sent, and within the model's limits one move can still take
long (many seeds, laps, grand-slam checks that simulate every move). So checking
a custom variant, starting its game and playing its moves happen here, never on
the event loop: a worker that overruns the limit is killed and replaced, the
request ends in a typed error, and the room's position is left as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from mancala.engine.game import Game, IllegalMove
from mancala.engine.position import Position
from mancala.rules.errors import VariantError, Violation
from mancala.rules.loading import parse_variant, prepare_validation
from mancala.rules.variant import Variant
from mancala_server import stored_replay
from mancala_server.next_round import next_round_or_none

log = logging.getLogger("mancala_server")
RANDOM_DRAWS = 20  # RANDOM layouts drawn before a variant is refused as one nobody can start
STARTUP_LIMIT = 60.0  # seconds for a worker process to start (not counted in the rules' limit)
# a stored game played again here (stored_replay.py) has the rules' limit for every this
# many moves: a built-in 6,000-ply game replays in 0.54 s (23 ms for 250 moves), so a
# definition that needs 2 s for 250 is one no room should play, refused as a timeout
STORED_MOVES_PER_LIMIT = 250


class RulesTimeout(Exception):
    """The rules work took longer than the limit; nothing changed."""


@dataclass
class Started:
    variant: Variant
    position: Position


@dataclass
class Played:
    position: Position  # after the move, legal moves cached
    next_round: Position | None  # the next round's start when the move ended a round
    events: list[dict[str, Any]] | None = None  # what the move did (move_made.events)


# ---- in the worker process ---------------------------------------------------------------


def playable_start(variant: Variant, game: Game, starter: int, board: list[int] | None,
                   seed: int | None) -> Position:
    """The start position, refused (typed) when the game could never begin.

    A RANDOM layout that leaves the starter no move is drawn again (from the next seeds):
    with few seeds a hole, some draws leave one side empty, and create_room (or a
    rematch) was refused for the luck of the draw."""
    pos = game.start(starter, board=board, seed=seed)
    random_layout = board is None and variant.game_info.start_pattern.is_random
    for draw in range(1, RANDOM_DRAWS if random_layout else 1):
        if pos.outcome is not None or game.legal_moves(pos):
            break
        pos = game.start(starter, seed=None if seed is None else seed + draw)
    if pos.outcome is None and not game.legal_moves(pos):
        gi = variant.game_info
        if gi.min_move > variant.nbr_start:
            raise VariantError([Violation(("min_move", "nbr_start"), "no_first_move",
                                          f"min_move {gi.min_move} is more than the {variant.nbr_start} "
                                          "seeds a hole starts with: nobody could ever move")])
        raise VariantError([Violation(("start_pattern",), "no_first_move",
                                      "the starting position leaves the first player no legal move")])
    return pos


class _Games:
    """The worker's games by variant text (a room's moves reuse its Game)."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self.games: dict[str, tuple[Variant, Game]] = {}

    def get(self, text: str) -> tuple[Variant, Game]:
        found = self.games.pop(text, None)
        if found is None:
            variant = parse_variant(json.loads(text))
            found = (variant, Game(variant))
        self.games[text] = found  # most recent last
        while len(self.games) > self.size:
            del self.games[next(iter(self.games))]
        return found


def _serve(conn: Connection, niceness: int = 0) -> None:
    # below the server's priority: on a machine short of CPUs, workers busy with costly
    # custom variants would otherwise delay every frame of every room
    with contextlib.suppress(OSError):
        os.nice(niceness)
    prepare_validation()  # pydantic's validators are built lazily: not in the rules' time
    conn.send(("ready", None))  # imports done: from here on the time is the rules'
    games = _Games()
    while True:
        try:
            kind, text, args = conn.recv()
        except EOFError:
            return
        began = time.perf_counter()
        try:
            variant, game = games.get(text)
            if kind == "start":
                starter, board, seed = args
                reply: Any = Started(variant, playable_start(variant, game, starter, board, seed))
            elif kind == "stored":
                what, work = args
                reply = stored_replay.run(game, what, work)
            else:
                pos, move = args
                new, events = game.play_events(pos, move)
                game.legal_moves(new)
                reply = Played(new, next_round_or_none(game, new), events)
            conn.send(("ok", reply, time.perf_counter() - began))
        except (VariantError, IllegalMove) as exc:
            conn.send(("refused", exc, time.perf_counter() - began))
        except Exception as exc:  # a bug of ours: the server logs it, the worker goes on
            conn.send(("bug", f"{type(exc).__name__}: {exc}", time.perf_counter() - began))


# ---- in the server -----------------------------------------------------------------------


class _Worker:
    def __init__(self, ctx: Any, niceness: int) -> None:
        self.conn, child = ctx.Pipe()
        self.process: BaseProcess = ctx.Process(target=_serve, args=(child, niceness), daemon=True,
                                                name="mancala-rules")
        self.process.start()
        child.close()
        self.ready = False

    def wait_ready(self) -> None:
        """Block until the process has started and imported what it needs (in a thread)."""
        status, _ = self.conn.recv()
        if status != "ready":
            raise EOFError(f"a rules worker started with {status!r}")
        self.ready = True

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.process.kill()
            self.process.join(1)
        with contextlib.suppress(Exception):
            self.conn.close()


class RulesWorkers:
    """A few worker processes; each request takes one, or waits for one to be free."""

    def __init__(self, workers: int, time_limit: float, niceness: int = 0) -> None:
        self.count = max(1, workers)
        self.time_limit = time_limit
        self.niceness = niceness
        self._ctx = multiprocessing.get_context("spawn")
        self._free: asyncio.Queue[_Worker] | None = None
        self._all: list[_Worker] = []

    def warm(self) -> None:
        """Start the processes now, not at the first request (after a restart that brought
        custom rooms back: their first moves would otherwise wait for the processes' start)."""
        self._queue()

    def _queue(self) -> asyncio.Queue[_Worker]:
        if self._free is None:
            self._free = asyncio.Queue()
            for _ in range(self.count):
                worker = _Worker(self._ctx, self.niceness)
                self._all.append(worker)
                self._free.put_nowait(worker)
        return self._free

    async def _call(self, kind: str, text: str, args: tuple[Any, ...], limit: float | None = None) -> Any:
        time_limit = self.time_limit if limit is None else limit
        free = self._queue()
        worker = await free.get()
        loop = asyncio.get_running_loop()
        try:
            if not worker.ready:
                # a new process (spawned, importing the engine) is not the rules' time: on a
                # busy machine its start alone took over the 2 s limit, so the first custom
                # variant after a start, or after a replaced worker, timed out
                try:
                    await asyncio.wait_for(loop.run_in_executor(None, worker.wait_ready), STARTUP_LIMIT)
                except TimeoutError:
                    raise EOFError(f"a rules worker did not start within {STARTUP_LIMIT:g} s") from None
            worker.conn.send((kind, text, args))
            status, reply, took = await asyncio.wait_for(loop.run_in_executor(None, worker.conn.recv),
                                                         time_limit)
        except (TimeoutError, EOFError, OSError) as exc:
            # overran (or died): the only way to stop a computation is to end its process
            worker.kill()
            self._all.remove(worker)
            worker = _Worker(self._ctx, self.niceness)
            self._all.append(worker)
            if isinstance(exc, TimeoutError):
                raise RulesTimeout(f"the rules took over {time_limit:g} s") from None
            raise RuntimeError(f"a rules worker failed: {exc!r}") from None
        finally:
            free.put_nowait(worker)
        if took > time_limit:
            # the wait above is wall time on a loop that may be late: a reply that arrived
            # before the loop saw the deadline is still over the limit by the worker's own
            # count, and is refused the same way whatever the server's load
            raise RulesTimeout(f"the rules took over {time_limit:g} s")
        if status == "refused":
            raise reply
        if status == "bug":
            raise RuntimeError(reply)
        return reply

    async def start(self, variant_json: dict[str, Any], starter: int, board: list[int] | None = None,
                    seed: int | None = None) -> Started:
        """Check a custom variant and lay out its first position (VariantError if refused)."""
        return await self._call("start", json.dumps(variant_json, sort_keys=True), (starter, board, seed))

    async def play(self, variant_json: dict[str, Any], pos: Position, move: Any) -> Played:
        """Check and play one move (IllegalMove if refused); `pos` is not changed."""
        return await self._call("play", json.dumps(variant_json, sort_keys=True), (pos, move))

    async def stored(self, variant_json: dict[str, Any], what: str, args: tuple[Any, ...], moves: int) -> Any:
        """Stored-game work (stored_replay.run) for a game of `moves` moves under a definition
        the server does not run itself: VariantError or IllegalMove if refused, RulesTimeout
        past the rules' limit for every STORED_MOVES_PER_LIMIT moves."""
        limit = self.time_limit * (1 + moves // STORED_MOVES_PER_LIMIT)
        return await self._call("stored", json.dumps(variant_json, sort_keys=True), (what, args), limit)

    def close(self) -> None:
        for worker in self._all:
            worker.kill()
        self._all.clear()
