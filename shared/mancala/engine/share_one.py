"""The ShareOne game class (1.10): a player whose opponent's row is empty at the start of
their turn first gives the opponent one seed, then moves as usual.

That gift is a move of its own: the mover names one of their holes holding two or more
seeds (not a child), one seed goes from it into the opponent's first hole (North's
leftmost, hole n, for South; South's leftmost, hole 0, for North), nothing is captured
and the mover moves again. The game's end is decided after it as after any repeat turn.
The rest of the game is played as by the Mancala class. `mancala.engine.pipeline` asks
`due` before the allow rules and before sowing.

    >>> from mancala.engine.board import Board
    >>> from mancala.engine.position import Position
    >>> share = ShareOne(Board(3))
    >>> pos = Position([2, 1, 3, 0, 0, 0], [3, 3], 0, total=12)
    >>> share.due(pos), share.allow(pos)
    (True, [True, False, True])
    >>> share.give(pos, 2, None)
    >>> pos.board
    [2, 1, 2, 1, 0, 0]
"""

from __future__ import annotations

from mancala.engine.board import Board
from mancala.engine.context import Allow
from mancala.engine.position import Position
from mancala.engine.trace import Recorder

# a hole must keep a seed of its own after giving one
MIN_TO_SHARE = 2


class ShareOne:
    def __init__(self, board: Board) -> None:
        holes, dbl = board.holes, board.dbl
        self.order = board.order
        # the opponent's holes, and the one that receives the seed, by the mover
        self.opp_rows = (range(holes, dbl), range(0, holes))
        self.receiver = (holes, 0)

    def due(self, pos: Position) -> bool:
        """The opponent's row is empty (children count: their seeds are on the row)."""
        board = pos.board
        return not any(board[loc] for loc in self.opp_rows[pos.turn])

    def allow(self, pos: Position) -> Allow:
        """The mover's holes that can give a seed, by row position (no other allow rule
        applies to the gift)."""
        return [pos.board[loc] >= MIN_TO_SHARE and pos.child[loc] is None
                for loc in self.order[pos.turn]]

    def give(self, pos: Position, loc: int, trace: Recorder | None) -> None:
        """One seed from `loc` to the opponent's first hole (recorded as a lap of one
        seed, which takes from the start hole only what it sows)."""
        dest = self.receiver[pos.turn]
        pos.board[loc] -= 1
        pos.board[dest] += 1
        if trace is not None:
            trace.lap(loc)
            trace.ev.append(dest)
