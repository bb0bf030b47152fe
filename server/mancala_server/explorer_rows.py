"""The opening explorer's data: what a judged game adds to a tree (explorer.py decides
it) and what a node of the tree holds (both storages keep them: explorer_store.py,
pg_explorer.py)."""

from __future__ import annotations

from dataclasses import dataclass

DEPTH = 20  # moves of each game that count: past them, games seldom share a position
PAIR_PER_DAY = 3
PAIR_WINDOW = 24 * 3600.0
MAX_PATH_TEXT = 2_000  # a path a request may name, in characters of JSON


@dataclass(frozen=True)
class Step:
    """One node a game passes: the moves before it, the move played there and by whom."""

    path: str
    move: str
    mover: int


@dataclass(frozen=True)
class Judged:
    """A game as the explorer judged it: counted or not (and why not), and what it adds."""

    book: str
    pair: str
    why_not: str | None  # None: the game counts
    steps: tuple[Step, ...] = ()
    winner: int | None = None  # the winning seat; None for a draw
    rating: int | None = None  # the two players' average rating in the variant (rated games)

    @property
    def counts(self) -> bool:
        return self.why_not is None

    def result_for(self, mover: int) -> tuple[int, int, int]:
        """(win, draw, loss) of the game for the seat that made a move."""
        if self.winner is None:
            return 0, 1, 0
        return (1, 0, 0) if self.winner == mover else (0, 0, 1)


@dataclass(frozen=True)
class NodeRow:
    """A move from a position of the tree and how the counted games that played it ended
    for the player who made it."""

    move: str
    mover: int
    games: int
    wins: int
    draws: int
    losses: int
    rated: int
    rating_sum: int
