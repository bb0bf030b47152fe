"""The async storage ports and their SQLite implementation.

Five ports, one per concern: `GameStorage` (rooms, quick pairing, games, rounds, moves,
and a game's terms, clocks and takebacks, which restore with its moves) here,
`CompeteStorage` (players, ratings, a rated end, chat, challenges: compete_storage.py)
`ExplorerStorage` (the opening explorer's tree: explorer_storage.py), `PuzzleStorage`
(puzzles and their answers: puzzle_storage.py) and `TourneyStorage` (tournaments:
tourney_storage.py). `Storage` is all five plus `close`: what a hub and the HTTP
handlers are given.

Each is implemented once per database, each database's SQL in one place: SQLite's in
store.py, compete_store.py, explorer_store.py, puzzle_store.py and tourney_store.py
(`SqliteStorage` below calls them and holds no SQL), PostgreSQL's in pg_storage.py,
pg_compete.py, pg_explorer.py, pg_puzzles.py and pg_tourney.py. One contract suite runs
against both real databases (tests/storage/).

Fencing (fencing.py): every write of a room's owner carries the epoch it took the room
with, and a write with an older epoch changes nothing and raises `FencedOut`.

Why SQLite's calls run on the event loop rather than in a thread: a write commits in
tens of microseconds in WAL mode with synchronous=NORMAL (no fsync per commit;
benchmarks/storage_write.py measures a fenced move), less than handing it to a thread
would cost, and one connection with no await inside a transaction means nothing else
runs in between.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any, Protocol

from mancala.engine.position import Outcome
from mancala_server.compete_storage import CompeteStorage, SqliteCompete
from mancala_server.compete_store import ClockMark, Terms
from mancala_server.explorer_storage import ExplorerStorage, SqliteExplorer
from mancala_server.fencing import Fence
from mancala_server.puzzle_storage import PuzzleStorage, SqlitePuzzles
from mancala_server.store import GameRow, RoomRow, Store
from mancala_server.tourney_storage import SqliteTourneys, TourneyStorage


class GameStorage(Protocol):
    # ---- rooms --------------------------------------------------------------------------
    async def reserve_room(self, row: RoomRow) -> bool:
        """Store a new room at epoch 1, unless its code is taken (False)."""
        ...

    async def take_room(self, code: str) -> tuple[RoomRow, int] | None:
        """Take a live room over: its row and the new epoch (None: no such live room)."""
        ...

    async def room(self, code: str) -> RoomRow | None: ...

    async def save_room(self, row: RoomRow, fence: Fence) -> None: ...

    async def set_room_status(self, code: str, status: str, fence: Fence) -> None: ...

    async def live_rooms(self) -> list[RoomRow]: ...

    async def mark_unrestorable(self, code: str, game_id: int | None, why: str) -> None: ...

    async def room_public(self, code: str) -> bool: ...

    # ---- quick pairing ------------------------------------------------------------------
    async def offer_quick(self, code: str, fence: Fence) -> None:
        """The room waits for a quick-pairing opponent."""
        ...

    async def take_quick(self, variant: str, skip: Collection[str] = ()) -> str | None:
        """The oldest room offered for quick pairing in this variant, taken off the offer
        (one pairer gets it), or None. `skip`: rooms this pairer already found did not fit
        (their terms: time control, rated, rating range), which the owner offered again."""
        ...

    # ---- games and moves ----------------------------------------------------------------
    async def new_game(self, game_id: int, room: str, variant: str, variant_json: dict[str, Any],
                       starter: int, players: list[str | None], start: dict[str, Any], fence: Fence) -> None: ...

    async def add_round(self, game_id: int, ply: int, start: dict[str, Any], fence: Fence) -> None:
        """A later round's first layout, kept with every earlier round's."""
        ...

    async def set_players(self, game_id: int, players: list[str | None], fence: Fence) -> None: ...

    async def add_move(self, game_id: int, ply: int, seat: int, move: Any, fence: Fence) -> None:
        """Conflict when the ply is stored already."""
        ...

    async def end_game(self, game_id: int, outcome: Outcome, reason: str, result: str, fence: Fence) -> None: ...

    async def game(self, game_id: int) -> GameRow | None:
        """The game with its moves, rounds, terms and clocks."""
        ...

    # ---- a game's terms and clocks --------------------------------------------------------
    async def set_terms(self, game_id: int, terms: Terms, fence: Fence) -> None: ...

    async def add_move_clock(self, game_id: int, ply: int, remaining: tuple[int, int], fence: Fence) -> None: ...

    async def pause_clock(self, game_id: int, mark: ClockMark, fence: Fence) -> None: ...

    async def take_back(self, game_id: int, ply: int, mark: ClockMark | None, fence: Fence) -> None:
        """The moves from `ply` on are taken back, with their clock marks, the rounds they
        began and any pause; `mark` (the clocks as they stand after it) is stored in the
        same commit."""
        ...


class Storage(GameStorage, CompeteStorage, ExplorerStorage, PuzzleStorage, TourneyStorage, Protocol):
    # True: every write runs to its end without waiting on anything (a room's journal
    # then commits it inside the room's call instead of in a task of its own: journal.py)
    writes_at_once: bool

    async def close(self) -> None: ...


class SqliteStorage(SqliteCompete, SqliteExplorer, SqlitePuzzles, SqliteTourneys):
    """Both ports over the SQLite file. The SQL is the store's (store.py, compete_store.py);
    each call below is a whole transaction that runs to its end without yielding."""

    writes_at_once = True

    def __init__(self, path: Path | None, store: Store | None = None) -> None:
        # `store`: the single-node server's own, shared (one connection, one writer)
        self.store = store if store is not None else Store(path if path is not None else Path(":memory:"))

    async def close(self) -> None:
        self.store.close()

    async def reserve_room(self, row: RoomRow) -> bool:
        return self.store.reserve_room(row)

    async def take_room(self, code: str) -> tuple[RoomRow, int] | None:
        return self.store.take_room(code)

    async def room(self, code: str) -> RoomRow | None:
        return self.store.room(code)

    async def save_room(self, row: RoomRow, fence: Fence) -> None:
        self.store.save_room(row, fence)

    async def set_room_status(self, code: str, status: str, fence: Fence) -> None:
        self.store.set_room_status(code, status, fence)

    async def live_rooms(self) -> list[RoomRow]:
        return self.store.live_rooms()

    async def mark_unrestorable(self, code: str, game_id: int | None, why: str) -> None:
        self.store.mark_unrestorable(code, game_id, why)

    async def room_public(self, code: str) -> bool:
        return self.store.room_public(code)

    async def offer_quick(self, code: str, fence: Fence) -> None:
        self.store.offer_quick(code, fence)

    async def take_quick(self, variant: str, skip: Collection[str] = ()) -> str | None:
        return self.store.take_quick(variant, list(skip))

    async def new_game(self, game_id: int, room: str, variant: str, variant_json: dict[str, Any],
                       starter: int, players: list[str | None], start: dict[str, Any], fence: Fence) -> None:
        self.store.insert_game(game_id, room, variant, variant_json, starter, players, start, fence)

    async def add_round(self, game_id: int, ply: int, start: dict[str, Any], fence: Fence) -> None:
        self.store.add_round(game_id, ply, start, fence)

    async def set_players(self, game_id: int, players: list[str | None], fence: Fence) -> None:
        self.store.set_players(game_id, players, fence)

    async def add_move(self, game_id: int, ply: int, seat: int, move: Any, fence: Fence) -> None:
        self.store.add_move(game_id, ply, seat, move, fence)

    async def end_game(self, game_id: int, outcome: Outcome, reason: str, result: str, fence: Fence) -> None:
        self.store.end_game(game_id, outcome, reason, result, fence)

    async def game(self, game_id: int) -> GameRow | None:
        return self.store.game(game_id)

    async def set_terms(self, game_id: int, terms: Terms, fence: Fence) -> None:
        self.store.set_terms(game_id, terms, fence)

    async def add_move_clock(self, game_id: int, ply: int, remaining: tuple[int, int], fence: Fence) -> None:
        self.store.add_move_clock(game_id, ply, remaining, fence)

    async def pause_clock(self, game_id: int, mark: ClockMark, fence: Fence) -> None:
        self.store.pause_clock(game_id, mark, fence)

    async def take_back(self, game_id: int, ply: int, mark: ClockMark | None, fence: Fence) -> None:
        self.store.take_back(game_id, ply, mark, fence)
