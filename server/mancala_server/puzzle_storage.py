"""The puzzles' storage port (storage.py's `Storage` includes it) and its SQLite side for
`SqliteStorage`. The SQL: puzzle_store.py (SQLite), pg_puzzles.py (PostgreSQL)."""

from __future__ import annotations

from typing import Any, Protocol

from mancala_server.puzzle_rows import Answered, PuzzleRow
from mancala_server.store import Store


class PuzzleStorage(Protocol):
    async def add_puzzle(self, variant: str, book: str, game_id: int, ply: int, found: dict[str, Any]) -> int | None:
        """Keep a puzzle found at a game's ply (`found`: state, solution, value, refutations,
        difficulty, rating); its id, or None when that position is a puzzle already."""
        ...

    async def puzzle(self, puzzle_id: int) -> PuzzleRow | None: ...

    async def next_puzzle(self, variant: str, difficulty: str | None, after: int) -> PuzzleRow | None:
        """The variant's next puzzle after id `after` (of a difficulty, if given), from the
        first again past the last; None when it has none."""
        ...

    async def answer_puzzle(self, player: str | None, puzzle_id: int, correct: bool) -> Answered | None:
        """A known player's answer: on their first try at the puzzle, both ratings move
        (one transaction) and are returned; None otherwise (a guest, a second try)."""
        ...


class SqlitePuzzles:
    store: Store

    async def add_puzzle(self, variant: str, book: str, game_id: int, ply: int, found: dict[str, Any]) -> int | None:
        return self.store.add_puzzle(variant, book, game_id, ply, found)

    async def puzzle(self, puzzle_id: int) -> PuzzleRow | None:
        return self.store.puzzle(puzzle_id)

    async def next_puzzle(self, variant: str, difficulty: str | None, after: int) -> PuzzleRow | None:
        return self.store.next_puzzle(variant, difficulty, after)

    async def answer_puzzle(self, player: str | None, puzzle_id: int, correct: bool) -> Answered | None:
        return self.store.answer_puzzle(player, puzzle_id, correct)
