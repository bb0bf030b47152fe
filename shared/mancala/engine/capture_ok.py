"""May seeds be captured from a hole? The basic capture criteria, resolved once.

The tests are applied in a fixed order, each a condition all must meet: seeds
there and not a child; unlocked (moveunlock); the capture side; capt_max;
capt_min; evens; capt_on. The side test of the *_CONT sides reads where the
sowing ended, not the hole tried.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.board import Board
from mancala.engine.move_data import MoveData
from mancala.engine.position import NO_CH_OWNER, Position
from mancala.rules.enums import CaptSide, ChildType, RulesVersion
from mancala.rules.variant import Variant

CaptOk = Callable[[Position, MoveData, int], bool]
Check = Callable[[Position, MoveData, int], bool]


def side_check(side: CaptSide, board: Board, *, from_start: bool = False) -> Check | None:
    """The capture side's test. `from_start` (the 1.10 rules): the *_CONT sides read the
    hole a multiple capture began from, so a capture that began on the right side goes
    on across the row's end; 1.8 read each hole the capture reached."""
    side_of = board.side_of
    if from_start and side in (CaptSide.OWN_CONT, CaptSide.OPP_CONT):
        mine = side == CaptSide.OWN_CONT

        def began_on(pos: Position, md: MoveData, _loc: int) -> bool:
            start = md.capt_loc if md.capt_start is None else md.capt_start
            return (side_of[start] == pos.turn) == mine
        return began_on
    match side:
        case CaptSide.BOTH:
            return None
        case CaptSide.OPP_SIDE:
            return lambda pos, _md, loc: side_of[loc] != pos.turn
        case CaptSide.OWN_SIDE:
            return lambda pos, _md, loc: side_of[loc] == pos.turn
        case CaptSide.OWN_CONT:
            return lambda pos, md, _loc: side_of[md.capt_loc] == pos.turn
        case CaptSide.OPP_CONT:
            return lambda pos, md, _loc: side_of[md.capt_loc] != pos.turn
        case CaptSide.OPP_TERR:
            return lambda pos, _md, loc: pos.owner[loc] == 1 - pos.turn
        case CaptSide.OWN_TERR:
            return lambda pos, _md, loc: pos.owner[loc] == pos.turn
    raise NotImplementedError(side)


def make_capt_ok(variant: Variant, board: Board) -> CaptOk:
    info = variant.game_info
    checks: list[Check] = []
    if info.moveunlock:
        checks.append(lambda pos, _md, loc: pos.unlocked[loc])
    side = side_check(info.capt_side, board, from_start=variant.rules_version is RulesVersion.V1_10)
    if side is not None:
        checks.append(side)
    if info.capt_max:
        cmax = info.capt_max
        checks.append(lambda pos, _md, loc: pos.board[loc] <= cmax)
    if info.capt_min:
        cmin = info.capt_min
        checks.append(lambda pos, _md, loc: pos.board[loc] >= cmin)
    if info.evens:
        checks.append(lambda pos, _md, loc: pos.board[loc] % 2 == 0)
    if info.capt_on:
        capt_on = frozenset(info.capt_on)
        checks.append(lambda pos, _md, loc: pos.board[loc] in capt_on)
    rest = tuple(checks)

    if info.child_type == ChildType.RAM:
        # rams are children of nobody's that captures take as any hole
        def capt_ok_rams(pos: Position, md: MoveData, loc: int) -> bool:
            if not pos.board[loc] or pos.child[loc] not in (None, NO_CH_OWNER):
                return False
            return all(check(pos, md, loc) for check in rest)
        return capt_ok_rams

    def capt_ok(pos: Position, md: MoveData, loc: int) -> bool:
        if not pos.board[loc] or pos.child[loc] is not None:
            return False
        return all(check(pos, md, loc) for check in rest)

    return capt_ok


def make_capt_check(variant: Variant, board: Board) -> CaptOk:
    """May any capture ever take from a hole, whatever its count? Seeds there and not a
    child; unlocked (moveunlock); the capture side, unless crosscapt (whose side rule
    is its own). The 1.10 rules count the seeds left in play with it (PICKLASTSEEDS)."""
    info = variant.game_info
    checks: list[Check] = []
    if info.moveunlock:
        checks.append(lambda pos, _md, loc: pos.unlocked[loc])
    side = None if info.crosscapt else side_check(info.capt_side, board, from_start=True)
    if side is not None:
        checks.append(side)
    rest = tuple(checks)
    free = (None, NO_CH_OWNER) if info.child_type == ChildType.RAM else (None,)

    def capt_check(pos: Position, md: MoveData, loc: int) -> bool:
        if not pos.board[loc] or pos.child[loc] not in free:
            return False
        return all(check(pos, md, loc) for check in rest)

    return capt_check
