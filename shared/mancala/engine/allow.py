"""Which holes the player to move may start from.

An *allow list* has one entry per place a move can start from: per row position
(South's row from its left, North's from South's left) in most games, per hole
in games where a player may move from any hole they own (no_sides, TERRITORY
and the cycle classes that read sides as halves). An entry is True, False, or,
under MUSTSHARE with a hole whose direction the mover chooses, the pair
[clockwise ok, counter-clockwise ok].

`make_allowable` chooses once per variant: the base test (enough seeds, not
blocked, not a child, owned), then the allow rule's filter, then MUSTSHARE, the
grand-slam ban and the no-undo rule (SPLIT, ZigZag), each narrowing the list in that order.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine import claim
from mancala.engine.board import CCW, CW
from mancala.engine.context import Allow, Context
from mancala.engine.position import LAST_END, Position
from mancala.rules.enums import AllowRule, Direct, GameClass, GrandSlam

Filter = Callable[[Position, Allow], Allow]


class Allowables:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        board = ctx.board
        info = ctx.info
        self.any_hole = ctx.any_hole
        self.min_move = info.min_move
        if self.any_hole:
            every = [(loc, loc) for loc in range(board.dbl)]
            self.slots: tuple[list[tuple[int, int]], list[tuple[int, int]]] = (every, every)
        else:
            self.slots = ([(idx, loc) for idx, loc in enumerate(board.order[0])],
                          [(idx, loc) for idx, loc in enumerate(board.order[1])])
        self.filters: tuple[Filter, ...] = tuple(_filters(ctx, self))

    def places(self, player: int) -> list[int]:
        """The hole of each allow-list entry."""
        return [loc for _, loc in self.slots[player]]

    def index_locs(self, player: int) -> list[tuple[int, int]]:
        """(allow-list index, hole) for every place the player's moves can start from."""
        return self.slots[player]

    def movable(self, pos: Position, loc: int) -> bool:
        return (pos.board[loc] >= self.min_move and not pos.blocked[loc]
                and pos.child[loc] is None)

    def base(self, pos: Position) -> Allow:
        turn = pos.turn
        if self.any_hole:
            owner = pos.owner
            return [(owner[loc] is None or owner[loc] == turn) and self.movable(pos, loc)
                    for loc in range(len(pos.board))]
        return [self.movable(pos, loc) for loc in self.ctx.board.order[turn]]

    def __call__(self, pos: Position) -> Allow:
        allow = self.base(pos)
        for narrow in self.filters:
            allow = narrow(pos, allow)
        return allow


# ---- allow rules -------------------------------------------------------------------------


def _opp_or_empty(ctx: Context) -> Filter:
    """OPP_OR_EMPTY: a move's first lap must end on the opponent's side or in an empty hole.
    (As the reference plays it, moves that could go round the board are not tried: 1.8
    compares South's hole at the move's row position with the row length, 1.10 the
    move's own hole.)"""
    holes = ctx.board.holes
    order = ctx.board.order
    own_hole = ctx.v110

    def narrow(pos: Position, allow: Allow) -> Allow:
        mine = order[pos.turn]
        for idx in range(holes):
            if not allow[idx] or pos.board[mine[idx] if own_hole else idx] > holes:
                continue
            end = ctx.simulate_single_lap(pos, mine[idx])
            if end in mine and pos.board[end]:
                allow[idx] = False
        return allow

    return narrow


def _occupied(ctx: Context, allowables: Allowables) -> Filter:
    """OCCUPIED (1.10): a move's first lap must not end in a hole that then holds a single
    seed (an empty hole); ending in the mover's store is allowed."""
    def narrow(pos: Position, allow: Allow) -> Allow:
        for idx, loc in allowables.index_locs(pos.turn):
            if not allow[idx]:
                continue
            trial = pos.copy()
            end = ctx.do_sow(trial, loc, 0, single=True).capt_loc
            if end >= 0 and trial.board[end] == 1:
                allow[idx] = False
        return allow

    return narrow


def _single_to_zero(ctx: Context, allowables: Allowables) -> Filter:
    """SINGLE_TO_ZERO: a single seed may only move into an empty hole."""
    def narrow(pos: Position, allow: Allow) -> Allow:
        for idx, loc in allowables.index_locs(pos.turn):
            direct = ctx.direction(pos, loc, 0)
            nxt = ctx.incr(pos, loc, direct)
            if allow[idx] and pos.board[loc] == 1 and pos.board[nxt]:
                allow[idx] = False
        return allow

    return narrow


def _only_if_all(count: int, allowables: Allowables) -> Filter:
    """A hole of `count` seeds may be moved only when every movable hole holds `count`."""
    def narrow(pos: Position, allow: Allow) -> Allow:
        slots = allowables.index_locs(pos.turn)
        if any(allow[idx] and pos.board[loc] != count for idx, loc in slots):
            for idx, loc in slots:
                if allow[idx] and pos.board[loc] == count:
                    allow[idx] = False
        return allow

    return narrow


def _from_right(ctx: Context, player: int) -> range:
    holes = ctx.board.holes
    return range(0, holes) if player else range(holes - 1, -1, -1)


def _two_rightmost(ctx: Context, allowables: Allowables) -> Filter:
    """TWO_ONLY_ALL_RIGHT: holes of two are movable only when all are, and then only the
    rightmost."""
    def narrow(pos: Position, allow: Allow) -> Allow:
        slots = allowables.index_locs(pos.turn)
        if any(allow[idx] and pos.board[loc] != 2 for idx, loc in slots):
            for idx, loc in slots:
                if pos.board[loc] == 2:
                    allow[idx] = False
        else:
            found = False
            for idx in _from_right(ctx, pos.turn):
                if allow[idx]:
                    if found:
                        allow[idx] = False
                    found = True
        return allow

    return narrow


def _right_two_first(ctx: Context) -> Filter:
    """The first move of a game or round starts from one of the two rightmost movable holes."""
    def narrow(pos: Position, allow: Allow) -> Allow:
        if pos.mcount:
            return allow
        found = 0
        for idx in _from_right(ctx, pos.turn):
            if allow[idx]:
                found += 1
                if found > 2:
                    allow[idx] = False
        return allow

    return narrow


def _move_all_first(ctx: Context) -> Filter:
    """MOVE_ALL_HOLES_FIRST: every hole must have been moved from before any twice."""
    any_hole = ctx.any_hole

    def narrow(pos: Position, allow: Allow) -> Allow:
        locs = range(len(pos.board)) if any_hole else ctx.board.order[pos.turn]
        unlocked = [pos.unlocked[loc] for loc in locs]
        if all(unlocked):
            return allow
        return [not done and ok for done, ok in zip(unlocked, allow, strict=False)]

    return narrow


def _not_across_ones(ctx: Context) -> Filter:
    """NOT_XFROM_1S: no move from a hole facing a single seed."""
    def narrow(pos: Position, allow: Allow) -> Allow:
        ones = [pos.board[loc] == 1 for loc in ctx.board.order[1 - pos.turn]]
        return [not one and ok for one, ok in zip(ones, allow, strict=False)]

    return narrow


def _right_half_firsts(ctx: Context, allowables: Allowables, then: Filter | None) -> Filter:
    """RIGHT_HALF_FIRSTS, RIGHT_HALF_1ST_OPE (1.10): each player's first turn of a game or
    round starts from the right half of their own row (not the middle hole of an odd
    row); later turns are narrowed by `then`, if any."""
    holes, dbl = ctx.board.holes, ctx.board.dbl
    half = holes // 2
    right = (frozenset(range(holes - half, holes)), frozenset(range(dbl - half, dbl)))

    def narrow(pos: Position, allow: Allow) -> Allow:
        if pos.movers >= 2:
            return then(pos, allow) if then is not None else allow
        keep = right[pos.turn]
        for idx, loc in allowables.index_locs(pos.turn):
            if loc not in keep:
                allow[idx] = False
        return allow

    return narrow


def _allow_rule(ctx: Context, allowables: Allowables) -> list[Filter]:
    match ctx.info.allow_rule:
        case AllowRule.NONE:
            return []
        case AllowRule.OPP_OR_EMPTY:
            return [_opp_or_empty(ctx)]
        case AllowRule.OCCUPIED:
            return [_occupied(ctx, allowables)]
        case AllowRule.RIGHT_HALF_FIRSTS:
            return [_right_half_firsts(ctx, allowables, None)]
        case AllowRule.RIGHT_HALF_1ST_OPE:
            return [_right_half_firsts(ctx, allowables, _opp_or_empty(ctx))]
        case AllowRule.SINGLE_TO_ZERO:
            return [_single_to_zero(ctx, allowables)]
        case AllowRule.SINGLE_ONLY_ALL:
            return [_only_if_all(1, allowables)]
        case AllowRule.SINGLE_ALL_TO_ZERO:
            return [_only_if_all(1, allowables), _single_to_zero(ctx, allowables)]
        case AllowRule.TWO_ONLY_ALL:
            return [_only_if_all(2, allowables)]
        case AllowRule.TWO_ONLY_ALL_RIGHT:
            return [_two_rightmost(ctx, allowables)]
        case AllowRule.FIRST_TURN_ONLY_RIGHT_TWO:
            return [_right_two_first(ctx)]
        case AllowRule.RIGHT_2_1ST_THEN_ALL_TWO:
            return [_only_if_all(2, allowables), _right_two_first(ctx)]
        case AllowRule.MOVE_ALL_HOLES_FIRST:
            return [_move_all_first(ctx)]
        case AllowRule.NOT_XFROM_1S:
            return [_not_across_ones(ctx)]
    raise NotImplementedError(ctx.info.allow_rule)


# ---- must share, grand slams, undo ----------------------------------------------------------


def _must_share(ctx: Context, allowables: Allowables) -> Filter:
    """MUSTSHARE: when the opponent has no seeds, only moves that give them some. With
    mustpass the 1.10 rules let every move stand when none of them shares (the game then
    goes on instead of ending for want of a move)."""
    owner = claim.owner_of(ctx.variant, ctx.board)  # territory owners, else sides
    keep_all_if_none = ctx.v110 and ctx.info.mustpass
    # PLAYALTDIR counts every hole as a choose-direction hole (ctx.udir_holes)
    udir = {loc for loc in range(ctx.board.dbl)
            if ctx.board.left_count(loc) in ctx.udir_holes}

    def fed(pos: Position, opponent: int) -> bool:
        return any(seeds and owner(pos, loc) == opponent and pos.child[loc] is None
                   for loc, seeds in enumerate(pos.board))

    def narrow(pos: Position, allow: Allow) -> Allow:
        opponent = 1 - pos.turn
        if fed(pos, opponent):
            return allow
        saved = allow.copy() if keep_all_if_none else allow
        for idx, loc in allowables.index_locs(pos.turn):
            if not allow[idx]:
                continue
            if loc in udir:
                ok = [fed(ctx.simulate(pos, loc, direct), opponent) for direct in (CW, CCW)]
                if not any(ok):
                    allow[idx] = False
                elif ok[0] != ok[1]:
                    allow[idx] = ok
            elif not fed(ctx.simulate(pos, loc, 0), opponent):
                allow[idx] = False
        return saved if keep_all_if_none and not any(allow) else allow

    return narrow


def _no_grand_slam(ctx: Context) -> Filter:
    """GRANDSLAM NOT_LEGAL: no move that leaves the opponent without seeds (when they had some)."""
    order = ctx.board.order

    def empty(pos: Position, side: tuple[int, ...]) -> bool:
        return not any(pos.board[loc] for loc in side if pos.child[loc] is None)

    def narrow(pos: Position, allow: Allow) -> Allow:
        opp = order[1 - pos.turn]
        if empty(pos, opp):
            return allow
        for idx, loc in enumerate(order[pos.turn]):
            if allow[idx] and empty(ctx.simulate(pos, loc, 0), opp):
                allow[idx] = False
        return allow

    return narrow


def _dont_undo(ctx: Context) -> Filter:
    """SPLIT sowing: a single seed just moved across the end of a row may not be moved
    straight back. ZigZag: the same across the middle of the board, where its path
    crosses the centre line, unless that move captured (CAPTURED_END)."""
    holes, dbl = ctx.board.holes, ctx.board.dbl
    if ctx.klass == GameClass.ZIG_ZAG:
        half = holes // 2
        ends = ({half - 1, holes + half - 1}, {half, holes + half})
    else:
        ends = ({0, dbl - 1}, {holes - 1, holes})
    any_hole = ctx.any_hole

    def narrow(pos: Position, allow: Allow) -> Allow:
        last = pos.last
        if last is None or last[LAST_END] < 0:
            # no hole to move back from: a repeat turn, a ZigZag capture (CAPTURED_END),
            # a sowing that ended in a store or never ended
            return allow
        player, sow_loc, seeds, end = last
        idx = end if any_hole or end < holes else dbl - end - 1
        if not allow[idx]:
            return allow
        if (seeds == 1 and pos.board[end] == 1
                and any({sow_loc, end} == pair for pair in ends)):
            allow[idx] = False
        return allow

    return narrow


def dont_undo_applies(ctx: Context) -> bool:
    info = ctx.info
    if ctx.klass == GameClass.ZIG_ZAG:
        return info.min_move == 1 and not info.udir_holes
    return (info.min_move == 1 and info.sow_direct == Direct.SPLIT
            and 0 not in info.udir_holes and ctx.board.holes - 1 not in info.udir_holes)


def _filters(ctx: Context, allowables: Allowables) -> list[Filter]:
    info = ctx.info
    filters = _allow_rule(ctx, allowables)
    if info.mustshare:
        filters.append(_must_share(ctx, allowables))
    if info.grandslam == GrandSlam.NOT_LEGAL:
        filters.append(_no_grand_slam(ctx))
    if dont_undo_applies(ctx):
        filters.append(_dont_undo(ctx))
    return filters
