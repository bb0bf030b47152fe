"""Whether the sowing's last hole becomes a child (a hole that only its owner's
captures fill and that never starts a move).

`make_child_test` combines, once per variant: the child type's own test, the
child rule (side, territory owner, first-hole restrictions), the allowed
locations (child_locs) and the inhibitor (SHORTEN rounds, ARNGE_LIMIT).
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.board import CCW, CW, Board
from mancala.engine.incr import Incr, opposite
from mancala.engine.inhibit import Inhibitor
from mancala.engine.move_data import MoveData
from mancala.engine.position import Position
from mancala.rules.enums import ChildLocs, ChildRule, ChildType, Direct, Goal
from mancala.rules.variant import Variant

ChildTest = Callable[[Position, MoveData], bool]

BOTH = (0, 1)
SOUTH = (0,)
NORTH = (1,)
# Per child_locs, who may have a child in each of five parts of a row (from the row
# owner's left: first, second, middle holes, second last, last); North's row first.
LOC_PATTERNS: dict[ChildLocs, tuple[tuple, tuple]] = {
    ChildLocs.ENDS_ONLY: ((BOTH, None, None, None, BOTH), (BOTH, None, None, None, BOTH)),
    ChildLocs.NO_ENDS: ((None, BOTH, BOTH, BOTH, None), (None, BOTH, BOTH, BOTH, None)),
    ChildLocs.INV_ENDS_PLUS_MID: ((SOUTH, NORTH, NORTH, NORTH, SOUTH),
                                  (NORTH, SOUTH, SOUTH, SOUTH, NORTH)),
    ChildLocs.ENDS_PLUS_ONE_OPP: ((BOTH, SOUTH, None, SOUTH, BOTH), (BOTH, NORTH, None, NORTH, BOTH)),
    ChildLocs.NO_OWN_RIGHT: ((SOUTH, BOTH, BOTH, BOTH, BOTH), (BOTH, BOTH, BOTH, BOTH, NORTH)),
    ChildLocs.NO_OPP_RIGHT: ((BOTH, BOTH, BOTH, BOTH, NORTH), (SOUTH, BOTH, BOTH, BOTH, BOTH)),
    ChildLocs.NO_OPP_LEFT: ((NORTH, BOTH, BOTH, BOTH, BOTH), (BOTH, BOTH, BOTH, BOTH, SOUTH)),
    ChildLocs.ENDS_PLUS_ALL_OPP: ((BOTH, SOUTH, SOUTH, SOUTH, BOTH), (BOTH, NORTH, NORTH, NORTH, BOTH)),
}
SHORT_ROWS = {2: (0, 4, 5, 9), 3: (0, 2, 4, 5, 7, 9), 4: (0, 1, 3, 4, 5, 6, 8, 9)}


def location_table(pattern: ChildLocs, holes: int) -> list[tuple[int, ...] | None]:
    """Per hole: the players who may have a child there."""
    north, south = LOC_PATTERNS[pattern]
    parts = list(south) + list(north)[::-1]  # ten parts in board order
    if holes in SHORT_ROWS:
        trans = list(SHORT_ROWS[holes])
    else:
        row = [0, 1] + [2] * (holes - 4) + [3, 4]
        trans = row + [p + 5 for p in row]
    return [parts[t] for t in trans]


def _type_test(variant: Variant, board: Board, incr: Incr) -> ChildTest:
    info = variant.game_info
    cvt = info.child_cvt
    match info.child_type:
        case ChildType.NORMAL | ChildType.WEG:
            def base(pos: Position, md: MoveData) -> bool:
                loc = md.capt_loc
                return pos.child[loc] is None and pos.board[loc] == cvt
            return base
        case ChildType.BULL:
            pair = {cvt - 1, cvt}

            def bull(pos: Position, md: MoveData) -> bool:
                loc = md.capt_loc
                if pos.child[loc] is not None:
                    return False
                prev = incr(pos, loc, opposite(md.direct))
                if pos.child[prev] is None and {pos.board[prev], pos.board[loc]} == pair:
                    return True
                return pos.board[loc] == cvt
            return bull
        case ChildType.ONE_CHILD:
            def one(pos: Position, md: MoveData) -> bool:
                loc = md.capt_loc
                return (pos.child[loc] is None and pos.board[loc] == cvt
                        and pos.turn not in pos.child)
            return one
        case ChildType.RAM:
            # enough seeds to sow round to the hole's own row again: the places to its
            # row's end, the other row, the row's start (sow_start: the hole itself,
            # sow_stores: the stores passed), counted in the sowing direction
            holes = board.holes
            extra = int(info.sow_start) + int(info.sow_own_store) + int(info.sow_opp_store)
            row = [2 * holes - idx + extra for idx in range(holes)]
            if info.sow_direct == Direct.CW:
                row.reverse()
            required = row * 2

            def ram(pos: Position, md: MoveData) -> bool:
                return pos.board[md.capt_loc] >= required[md.capt_loc]
            return ram
        case ChildType.QUR:
            def qur(pos: Position, md: MoveData) -> bool:
                loc = md.capt_loc
                return (pos.board[loc] == 1 and pos.child[loc] is None
                        and pos.board[board.cross(loc)] == cvt)
            return qur
    raise NotImplementedError(info.child_type)


def _rule_guards(variant: Variant, board: Board) -> list[ChildTest]:
    info = variant.game_info
    side_of = board.side_of
    territory = info.goal == Goal.TERRITORY
    opp_side: ChildTest = lambda pos, md: side_of[md.capt_loc] != pos.turn  # noqa: E731
    match info.child_rule:
        case ChildRule.NONE:
            return []
        case ChildRule.OPP_SIDE_ONLY:
            return [opp_side]
        case ChildRule.OWN_SIDE_ONLY:
            return [lambda pos, md: side_of[md.capt_loc] == pos.turn]
        case ChildRule.NOT_1ST_OPP:
            firsts = {CW: (board.dbl - 1, board.holes - 1), CCW: (board.holes, 0)}

            def not_first(pos: Position, md: MoveData) -> bool:
                return md.seeds > 1 or md.capt_loc != firsts[md.direct][pos.turn]
            return [not_first]
        case ChildRule.OPPS_ONLY_NOT_1ST:
            return [lambda pos, md: md.seeds > 1, opp_side]
        case ChildRule.OPP_OWNER_ONLY if territory:
            return [lambda pos, md: pos.owner[md.capt_loc] == 1 - pos.turn]
        case ChildRule.OWN_OWNER_ONLY if territory:
            return [lambda pos, md: pos.owner[md.capt_loc] == pos.turn]
        case ChildRule.OPP_OWNER_ONLY | ChildRule.OWN_OWNER_ONLY:
            raise NotImplementedError(f"child_rule {info.child_rule.value} needs a TERRITORY goal")
    raise NotImplementedError(info.child_rule)


def _location_guards(variant: Variant, board: Board) -> list[ChildTest]:
    locs = variant.game_info.child_locs
    guards: list[ChildTest] = []
    match locs:
        case ChildLocs.ANYWHERE:
            return []
        case ChildLocs.NOT_SYM_OPP:
            holes = board.holes

            def not_symmetric(pos: Position, md: MoveData) -> bool:
                loc = md.capt_loc
                return pos.child[loc + holes if loc < holes else loc - holes] is None
            guards.append(not_symmetric)
            pattern = ChildLocs.NO_OPP_LEFT
        case ChildLocs.NOT_FACING:
            guards.append(lambda pos, md: pos.child[board.cross(md.capt_loc)] is None)
            pattern = ChildLocs.NO_OPP_RIGHT
        case _:
            pattern = locs
    table = location_table(pattern, board.holes)

    def allowed_here(pos: Position, md: MoveData) -> bool:
        players = table[md.capt_loc]
        return players is not None and pos.turn in players
    guards.append(allowed_here)
    return guards


def make_child_test(variant: Variant, board: Board, incr: Incr,
                    inhibitor: Inhibitor) -> ChildTest:
    """The make-child test, or a test that is always False (no children)."""
    info = variant.game_info
    if info.child_type == ChildType.NOCHILD or info.child_locs == ChildLocs.FIXED_ONE_RIGHT:
        # FIXED_ONE_RIGHT: the only children are those every game starts with
        return lambda _pos, _md: False
    base = _type_test(variant, board, incr)
    guards = tuple(_location_guards(variant, board) + _rule_guards(variant, board))

    def make_child(pos: Position, md: MoveData) -> bool:
        if inhibitor.stop_child(pos, pos.turn):
            return False
        return all(guard(pos, md) for guard in guards) and base(pos, md)

    return make_child
