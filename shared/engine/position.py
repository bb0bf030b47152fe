"""A position: a small mutable value, cheap to copy, hashable on demand."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class OutcomeKind(StrEnum):
    WIN = "WIN"
    TIE = "TIE"
    ROUND_WIN = "ROUND_WIN"
    ROUND_TIE = "ROUND_TIE"


@dataclass(frozen=True, slots=True)
class Outcome:
    kind: OutcomeKind
    winner: int | None

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "winner": self.winner}


class Position:
    """Everything that decides the rest of a game.

    `board` and `stores` hold seeds; `turn` is who moves next (0 South, 1 North);
    `unlocked` marks holes captures may come from (moveunlock) or that have been
    moved from (MOVE_ALL_HOLES_FIRST); `moves` counts moves and passes of the game,
    `player_moves` each player's; `repeating` is set while a player takes a
    repeat turn; `alt_dir` is South's sowing step once PLAYALTDIR fixed it;
    `total` is the seeds the game (or round) started with (board + stores); `children`,
    `blocked` and `owners` exist only in variants with children, blocks or territory;
    `round_info` only in games played in rounds (mancala.engine.rounds.RoundInfo).
    """

    __slots__ = (
        "board",
        "stores",
        "turn",
        "unlocked",
        "moves",
        "player_moves",
        "repeating",
        "alt_dir",
        "starter",
        "total",
        "outcome",
        "legal",
        "children",
        "blocked",
        "owners",
        "round_info",
        "capt_limit",
        "pending",
        "bearing",
    )

    def __init__(
        self,
        board: list[int],
        stores: list[int],
        turn: int,
        unlocked: list[bool],
        *,
        moves: int = 0,
        player_moves: list[int] | None = None,
        repeating: bool = False,
        alt_dir: int = 0,
        starter: int = 0,
        total: int = 0,
        outcome: Outcome | None = None,
    ) -> None:
        self.board = board
        self.stores = stores
        self.turn = turn
        self.unlocked = unlocked
        self.moves = moves
        self.player_moves = player_moves if player_moves is not None else [0, 0]
        self.repeating = repeating
        self.alt_dir = alt_dir
        self.starter = starter
        self.total = total
        self.outcome = outcome
        self.legal: list | None = None  # the engine's cache of legal moves; never mutate it
        # per hole, only in variants that use them (None otherwise, so copies stay cheap):
        self.children: list[int | None] | None = None  # whose child a hole is
        self.blocked: list[bool] | None = None  # out of play
        self.owners: list[int] | None = None  # who may start moves from it (territory)
        # games in rounds: an immutable RoundInfo (round number, RND_* tallies), shared by copies
        self.round_info = None
        # prescribed ARNGE_LIMIT: the player whose captures and children are held back, or None
        self.capt_limit: int | None = None
        # SameSide: seeds the player to move captured and must now place in one of the
        # opponent's holes (the move's second part), or None
        self.pending: int | None = None
        # BearOff: the game has switched to bearing off (for good)
        self.bearing = False

    def copy(self) -> Position:
        new = Position.__new__(Position)
        new.board = self.board[:]
        new.stores = self.stores[:]
        new.turn = self.turn
        new.unlocked = self.unlocked[:]
        new.moves = self.moves
        new.player_moves = self.player_moves[:]
        new.repeating = self.repeating
        new.alt_dir = self.alt_dir
        new.starter = self.starter
        new.total = self.total
        new.outcome = self.outcome
        new.legal = self.legal
        new.children = None if self.children is None else self.children[:]
        new.blocked = None if self.blocked is None else self.blocked[:]
        new.owners = None if self.owners is None else self.owners[:]
        new.round_info = self.round_info
        new.capt_limit = self.capt_limit
        new.pending = self.pending
        new.bearing = self.bearing
        return new

    def key(self) -> tuple:
        """What the future of the game depends on, for transposition tables."""
        return (
            tuple(self.board),
            tuple(self.stores),
            self.turn,
            tuple(self.unlocked),
            self.repeating,
            self.alt_dir,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.key() == other.key() and self.moves == other.moves and self.outcome == other.outcome

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Position(board={self.board}, stores={self.stores}, turn={self.turn})"
