"""A position: everything the rest of a game depends on, cheap to copy and to hash.

Two forms, one contract:

- `Position` is the engine's working form, a mutable slotted object, because search
  plays millions of moves in place. Only the engine mutates it, and only on its own
  copies: `Game.apply` (trusted, for search) changes the position it is given, so a
  caller applies moves only to a position it made itself (`copy()`, `Game.start`,
  `thaw()`); `Game.play` and `Game.next_round` return new positions and leave theirs
  alone. Everyone else treats a Position they hold as a value and never writes its
  fields or the lists in them (`legal` is the engine's cache).
- `FrozenPosition` (`pos.frozen()`) is the public value: immutable, hashable without
  the game, equal exactly when the two positions are (every field but the cache of
  legal moves), safe to keep, share between threads, or put in a set or a table key.
  `thaw()` makes a working Position of it again.

`key()` is the frozen form's fields as a plain tuple, the cheaper key for search
tables that only compare (`Game.search_key`). `Position.__eq__`/`__hash__` compare
keys too, so a Position may be hashed only while nobody mutates it: keep the frozen
form instead.

    >>> pos = Position([2, 2, 2, 2], [0, 0], 0, total=8)
    >>> frozen = pos.frozen()
    >>> pos.board[0] = 0                      # the working copy moves on ...
    >>> frozen.board                          # ... the value does not
    (2, 2, 2, 2)
    >>> frozen.thaw().frozen() == frozen and hash(frozen) == hash(frozen.thaw().frozen())
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class OutcomeKind(StrEnum):
    WIN = "WIN"
    TIE = "TIE"
    ROUND_WIN = "ROUND_WIN"
    ROUND_TIE = "ROUND_TIE"

    @property
    def ends_round(self) -> bool:
        return self in (OutcomeKind.ROUND_WIN, OutcomeKind.ROUND_TIE)


@dataclass(frozen=True, slots=True)
class Outcome:
    """`no_turn`: the rules named nobody when they ended the game (a tie the 1.8 RND_*
    tallies decide); that reference leaves no player to move, so the state line's turn
    is null there, while `Position.turn` keeps the last mover for the engine's own use.
    `tied_on_repeat`: a round tied by a move that earned its mover another turn, which
    the 1.10 reference still counts as that player's turn when it picks the next
    round's starter (rounds.choose_starter)."""

    kind: OutcomeKind
    winner: int | None
    no_turn: bool = False
    tied_on_repeat: bool = False

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "winner": self.winner}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """The outcome `to_json` wrote (a stored game's)."""
        return cls(OutcomeKind(data["kind"]), data["winner"])



# Position.child of a ram (child_type RAM): a child of nobody's, written "NO_CH_OWNER"
NO_CH_OWNER = 2

# The last move made (not a pass), as a plain tuple (the C core writes it too):
# (player, start hole, seeds of its last lap, where it ended: a hole, or REPEAT_TURN /
# ENDLESS / OPP_STORE of mancala.engine.move_data, or CAPTURED_END for a ZigZag capture)
LastMove = tuple[int, int, int, int]
LAST_PLAYER, LAST_SOW_LOC, LAST_SEEDS, LAST_END = range(4)


class Position:
    """The state of a game.

    `board`, `stores`: seeds. `turn`: who moves next (0 South, 1 North); on a line
    with an outcome, the winner (or the mover on a tie). `starter`: who started the
    game or round. `mcount`: moves and passes made in this game or round.
    `rturn_cnt`: repeat turns in a row (capt_rturn ONCE). `movers`: turns ended (moves
    that passed the turn, and passes) in this game or round, kept only by the 1.10 rules
    that read it (first turns of each player), else 0. `unlocked`, `blocked`,
    `child` (whose child a hole is, or None) and `owner` (territory, else None): one
    entry per hole. `inhibit`: the state of capture/child inhibition (nocaptmoves,
    SHORTEN rounds), or None. `tally`: the RND_* tallies (round wins, seeds, extra
    seeds, points per player), or None. `empty_store`: SameSide's captured seeds wait
    to be placed. `normal_sow`: BearOff has not switched to bearing off yet.
    `alt_dirs`: PLAYALTDIR's sowing direction of each player once the first move set
    them. `last`: the last move made (LastMove), or None. `total`: the seeds the game
    counts (board and stores at the start).
    """

    __slots__ = (
        "board", "stores", "turn", "starter", "mcount", "rturn_cnt", "movers",
        "unlocked", "blocked", "child", "owner", "inhibit", "tally",
        "empty_store", "normal_sow", "alt_dirs", "last", "total", "outcome", "legal",
    )

    def __init__(self, board: list[int], stores: list[int], turn: int, *, total: int) -> None:
        size = len(board)
        self.board = board
        self.stores = stores
        self.turn = turn
        self.starter = turn
        self.mcount = 0
        self.rturn_cnt = 0
        self.movers = 0
        self.unlocked: list[bool] = [True] * size
        self.blocked: list[bool] = [False] * size
        self.child: list[int | None] = [None] * size
        self.owner: list[int | None] = [None] * size
        self.inhibit: Any = None  # the inhibitor's own state: a flag, or a tuple
        self.tally: tuple[tuple[int, int], ...] | None = None
        self.empty_store = False
        self.normal_sow = True
        self.alt_dirs: tuple[int, int] | None = None
        self.last: LastMove | None = None
        self.total = total
        self.outcome: Outcome | None = None
        self.legal: list | None = None  # the engine's cache of legal moves; never mutate it

    def copy(self) -> Position:
        new = Position.__new__(Position)
        new.board = self.board[:]
        new.stores = self.stores[:]
        new.turn = self.turn
        new.starter = self.starter
        new.mcount = self.mcount
        new.rturn_cnt = self.rturn_cnt
        new.movers = self.movers
        new.unlocked = self.unlocked[:]
        new.blocked = self.blocked[:]
        new.child = self.child[:]
        new.owner = self.owner[:]
        new.inhibit = self.inhibit
        new.tally = self.tally
        new.empty_store = self.empty_store
        new.normal_sow = self.normal_sow
        new.alt_dirs = self.alt_dirs
        new.last = self.last
        new.total = self.total
        new.outcome = self.outcome
        new.legal = self.legal
        return new

    @property
    def children(self) -> list[int | None]:
        return self.child

    @property
    def owners(self) -> list[int | None]:
        return self.owner

    def key(self) -> tuple:
        """Everything the future of the game depends on, hashable."""
        return (
            tuple(self.board), tuple(self.stores), self.turn, self.starter, self.mcount,
            self.rturn_cnt, self.movers, tuple(self.unlocked), tuple(self.blocked), tuple(self.child),
            tuple(self.owner), self.inhibit, self.tally, self.empty_store, self.normal_sow,
            self.alt_dirs, self.last, self.total, self.outcome,
        )

    def frozen(self) -> FrozenPosition:
        """The position as an immutable, hashable value."""
        return FrozenPosition(*self.key())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Position(board={self.board}, stores={self.stores}, turn={self.turn})"


@dataclass(frozen=True, slots=True)
class FrozenPosition:
    """A Position as a value (see the module's contract): the fields of `Position.key()`
    in its order, lists as tuples; no cache of legal moves."""

    board: tuple[int, ...]
    stores: tuple[int, ...]
    turn: int
    starter: int
    mcount: int
    rturn_cnt: int
    movers: int
    unlocked: tuple[bool, ...]
    blocked: tuple[bool, ...]
    child: tuple[int | None, ...]
    owner: tuple[int | None, ...]
    inhibit: Any
    tally: tuple[tuple[int, int], ...] | None
    empty_store: bool
    normal_sow: bool
    alt_dirs: tuple[int, int] | None
    last: LastMove | None
    total: int
    outcome: Outcome | None

    def thaw(self) -> Position:
        """A new working Position equal to this one (its legal moves not yet known)."""
        pos = Position.__new__(Position)
        pos.board = list(self.board)
        pos.stores = list(self.stores)
        pos.turn = self.turn
        pos.starter = self.starter
        pos.mcount = self.mcount
        pos.rturn_cnt = self.rturn_cnt
        pos.movers = self.movers
        pos.unlocked = list(self.unlocked)
        pos.blocked = list(self.blocked)
        pos.child = list(self.child)
        pos.owner = list(self.owner)
        pos.inhibit = self.inhibit
        pos.tally = self.tally
        pos.empty_store = self.empty_store
        pos.normal_sow = self.normal_sow
        pos.alt_dirs = self.alt_dirs
        pos.last = self.last
        pos.total = self.total
        pos.outcome = self.outcome
        pos.legal = None
        return pos
