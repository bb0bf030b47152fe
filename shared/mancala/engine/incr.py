"""The next hole: one step of sowing or of a capture search.

The step follows the board's cycle (all holes, or each player's row or half in
the cycle classes, or ZigZag's path from row to row), then skips the hole the lap started from (skip_start) and
blocked holes (blocks). Chosen once per variant by `make_incr`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from mancala.engine.board import CCW, CW, Board
from mancala.engine.position import Position
from mancala.rules.enums import Direct, GameClass, RulesVersion
from mancala.rules.variant import Variant

NO_START = -1  # no hole to skip

class Incr(Protocol):
    """(position, hole, direction, lap start) -> the next hole a seed goes to."""

    def __call__(self, pos: Position, loc: int, direct: int, start: int = ..., /) -> int: ...


Step = Callable[[int, int], int]


def full_cycle(board: Board) -> Step:
    dbl = board.dbl

    def step(loc: int, direct: int) -> int:
        return (loc + direct) % dbl

    return step


def row_cycle(board: Board) -> Step:
    """Each row is its own cycle (NorthSouthCycle, SameSide)."""
    holes = board.holes

    def step(loc: int, direct: int) -> int:
        nxt = (loc + direct) % holes
        return nxt + holes if loc >= holes else nxt

    return step


def _half_table(board: Board, clockwise: bool) -> tuple[int, ...]:
    dbl, half = board.dbl, board.half
    half3 = 3 * half
    if clockwise:
        nxt = [dbl - 1, *range(dbl - 1)]
        nxt[half] = half3 - 1
        nxt[half3] = half - 1
    else:
        nxt = [*range(1, dbl), 0]
        nxt[half - 1] = half3
        nxt[half3 - 1] = half
    return tuple(nxt)


def half_cycle(board: Board, sow_direct: Direct, *, by_direction: bool = False) -> Step:
    """Each half of the board is its own cycle (EastWestCycle, Ohojichi). The 1.8 rules
    run the cycle in the variant's sowing direction whatever is asked (a capture looking
    back included); the 1.10 rules (`by_direction`) step the way asked."""
    if by_direction:
        cw, ccw = _half_table(board, True), _half_table(board, False)

        def step_asked(loc: int, direct: int) -> int:
            return cw[loc] if direct == CW else ccw[loc]

        return step_asked
    table = _half_table(board, sow_direct == Direct.CW)

    def step(loc: int, _direct: int) -> int:
        return table[loc]

    return step


def zigzag_order(board: Board) -> list[int]:
    """ZigZag (1.10): the holes in counter-clockwise sowing order, from South's leftmost.
    Going right, column by column (South's left is column 0), the sowing alternates rows,
    South first; coming back it takes, in each column, the hole it skipped going right."""
    dbl = board.dbl

    def hole(column: int, north: bool) -> int:
        return dbl - 1 - column if north else column

    going = [hole(col, col % 2 == 1) for col in range(board.holes)]
    coming = [hole(col, col % 2 == 0) for col in reversed(range(board.holes))]
    return going + coming


def zigzag_cycle(board: Board) -> Step:
    """ZigZag: one cycle through every hole in `zigzag_order`, either way."""
    order = zigzag_order(board)
    size = len(order)
    ccw, cw = [0] * size, [0] * size
    for idx, loc in enumerate(order):
        ccw[loc] = order[(idx + 1) % size]
        cw[loc] = order[idx - 1]

    def step(loc: int, direct: int) -> int:
        return ccw[loc] if direct == CCW else cw[loc]

    return step


def make_step(variant: Variant, board: Board) -> Step:
    match variant.game_class:
        case GameClass.NORTH_SOUTH_CYCLE | GameClass.SAME_SIDE:
            return row_cycle(board)
        case GameClass.ZIG_ZAG:
            return zigzag_cycle(board)
        case GameClass.EAST_WEST_CYCLE | GameClass.OHOJICHI:
            return half_cycle(board, variant.game_info.sow_direct,
                              by_direction=variant.rules_version is RulesVersion.V1_10)
        case _:
            return full_cycle(board)


def make_incr(variant: Variant, board: Board) -> Incr:
    step = make_step(variant, board)
    info = variant.game_info
    skip = info.skip_start
    blocks = info.blocks

    def past_start(loc: int, direct: int, start: int) -> int:
        loc = step(loc, direct)
        return step(loc, direct) if loc == start else loc

    def plain(loc: int, direct: int, start: int) -> int:
        return step(loc, direct)

    inner: Callable[[int, int, int], int] = past_start if skip else plain

    if not blocks:
        def incr(_pos: Position, loc: int, direct: int, start: int = NO_START) -> int:
            return inner(loc, direct, start)
        return incr

    def incr_blocks(pos: Position, loc: int, direct: int, start: int = NO_START) -> int:
        loc = inner(loc, direct, start)
        blocked = pos.blocked
        while blocked[loc]:
            loc = inner(loc, direct, start)
        return loc

    return incr_blocks


def opposite(direct: int) -> int:
    return CW if direct == CCW else CCW
