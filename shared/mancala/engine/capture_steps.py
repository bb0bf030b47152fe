"""The capture steps wrapped around a base capture (mancala.engine.capture): cross
capture's own-seed picks, multiple captures, children, extra picks, grand slams, the
guards and the repeat turns. mancala.engine.capture_build chooses them per variant.
"""

from __future__ import annotations

from mancala.engine.board import CCW, CW
from mancala.engine.capture import Capturer, Step, make_child, take
from mancala.engine.capture_ok import CaptOk, make_capt_check
from mancala.engine.context import Context
from mancala.engine.incr import opposite
from mancala.engine.move_data import NO, REPEAT, YES, MoveData
from mancala.engine.position import NO_CH_OWNER, Position
from mancala.engine.trace import store_place
from mancala.rules.enums import (
    CaptSide,
    CaptType,
    Direct,
)

# ---- cross capture's own-seed picks and xc_sown ---------------------------------------------


class PickOwnOnCapture(Step):
    """PICK_ON_CAPT: a cross capture also takes the seed that made it."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        loc = md.capt_loc
        if first and md.captured == YES and pos.child[loc] is None and pos.unlocked[loc]:
            if md.trace is not None:
                md.trace.take(loc, 1, store_place(pos.turn))
            pos.stores[pos.turn] += 1
            pos.board[loc] = 0


class PickOwnAlways(Step):
    """ALWAYS_PICK: a last seed in an empty hole (on the side captures are not made from)
    is taken, capture or not."""

    def __init__(self, ctx: Context, inner: Capturer) -> None:
        super().__init__(ctx, inner)
        side_of = ctx.board.side_of
        side = ctx.info.capt_side
        if side in (CaptSide.OPP_SIDE, CaptSide.OPP_CONT):
            self.side_ok = lambda turn, loc: side_of[loc] == turn
        elif side in (CaptSide.OWN_SIDE, CaptSide.OWN_CONT):
            self.side_ok = lambda turn, loc: side_of[loc] != turn
        else:
            self.side_ok = lambda turn, loc: True

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        loc = md.capt_loc
        if (first and self.side_ok(pos.turn, loc) and pos.board[loc] == 1
                and pos.child[loc] is None and pos.unlocked[loc]):
            if md.trace is not None:
                md.trace.take(loc, 1, store_place(pos.turn))
            pos.stores[pos.turn] += 1
            pos.board[loc] = 0
            md.capt_changed = True


class CrossVisited(Step):
    """xc_sown: a cross capture needs the sowing to have reached the opponent's side; a
    last seed in an empty hole of one's own side without that gives a repeat turn."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        board = self.ctx.board
        loc = md.capt_loc
        if first and (pos.board[loc] != 1 or board.side_of[loc] != pos.turn):
            return
        if not first or any(md.board[opp] != pos.board[opp] for opp in board.order[1 - pos.turn]):
            self.inner.capture(pos, md, first)
            return
        md.captured = REPEAT


# ---- multiple captures and direction ---------------------------------------------------------

# an unlimited multiple capture stops after this many rounds of the board (laps.MAX_LAPS)
CHAIN_ROUNDS = 50


class Multiple(Step):
    """multicapt: keep capturing from each next hole while captures succeed (up to
    `limit` captures: multicapt, -1 for no limit)."""

    def __init__(self, ctx: Context, inner: Capturer) -> None:
        super().__init__(ctx, inner)
        # no limit (-1) is still a bound: PULL_ACROSS moves seeds between the rows without
        # taking any, and its chain can go round the board for ever (the reference's
        # does; docs/rules-decisions.md, "An unlimited multiple capture")
        self.limit = ctx.info.multicapt if ctx.info.multicapt > 0 else CHAIN_ROUNDS * ctx.board.dbl

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        captured = NO
        capt_loc = md.capt_loc
        # the hole the captures began from (capt_side *_CONT), unless a step outside set it
        began = md.capt_start is None
        if began:
            md.capt_start = capt_loc
        left = self.limit
        while True:
            self.inner.capture(pos, md, first)
            if first:
                capt_loc = md.capt_loc
            left -= 1
            if not left or md.captured == NO:
                md.captured = captured
                md.capt_loc = capt_loc
                if began:
                    md.capt_start = None
                return
            if md.captured == REPEAT:
                md.capt_loc = capt_loc
                if began:
                    md.capt_start = None
                return
            first = False
            captured = YES
            md.captured = NO
            md.capt_loc = md.capt_next


class AgainstSowing(Step):
    """Without capsamedir, multiple captures and NEXT/TWO_OUT look against the sowing.
    The 1.10 rules look against the variant's own direction where it is CW or CCW, even
    when the mover chose the other way (udir_holes)."""

    def __init__(self, ctx: Context, inner: Capturer) -> None:
        super().__init__(ctx, inner)
        sow_direct = ctx.info.sow_direct
        self.fixed = 0
        if ctx.v110 and sow_direct in (Direct.CW, Direct.CCW):
            self.fixed = opposite(CW if sow_direct == Direct.CW else CCW)

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        sown = md.direct
        md.direct = self.fixed or opposite(sown)
        self.inner.capture(pos, md, first)
        md.direct = sown


class BothDirections(Step):
    """capt_dir BOTH (1.10): the multiple capture runs from the last hole along the sowing,
    then, if that took anything, from the hole before the last one against it, one capture
    fewer. NEXT captures leave the last hole alone: they look on from it both ways, and
    either way may capture."""

    def __init__(self, ctx: Context, inner: Multiple) -> None:
        super().__init__(ctx, inner)
        self.multiple = inner
        self.next_type = ctx.info.capt_type == CaptType.NEXT

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        sown, start = md.direct, md.capt_loc
        md.capt_start = start
        self.inner.capture(pos, md, first)
        capt_loc, captured = md.capt_loc, md.captured
        if self.next_type:
            md.captured = NO
            md.capt_loc = start
            md.direct = opposite(sown)
            self.inner.capture(pos, md, first)
            if captured != NO and md.captured == NO:
                md.captured = captured
        elif captured != NO:
            md.direct = opposite(sown)
            self.multiple.limit -= 1
            md.capt_loc = self.ctx.incr(pos, start, md.direct)
            self.inner.capture(pos, md, first)
            self.multiple.limit += 1
            md.captured = captured if md.captured == NO else md.captured
        md.capt_loc, md.direct, md.capt_start = capt_loc, sown, None


# ---- children ----------------------------------------------------------------------------------


class MakeChild(Step):
    """A last hole that qualifies becomes the mover's child instead of being captured."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        if self.ctx.make_child(pos, md):
            make_child(pos, md, md.capt_loc)
            md.capt_changed = True
            return
        self.inner.capture(pos, md, first)


class CaptureIntoChild(Step):
    """Children without stores: captures are made only by a player who has a child and go
    into it (the lowest-numbered of their children). The 1.10 rules move only what the
    capture took: seeds already out of play (kept over from a round) stay in the store."""

    def __init__(self, ctx: Context, inner: Capturer, *, makes_children: bool = True) -> None:
        """`makes_children` False: the inner step makes them (wegs without stores)."""
        super().__init__(ctx, inner)
        self.keep_out = ctx.v110
        self.makes_children = makes_children

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        turn = pos.turn
        if self.ctx.make_child(pos, md):
            if self.makes_children:
                make_child(pos, md, md.capt_loc)
                md.capt_changed = True
            else:
                self.inner.capture(pos, md, first)
            return
        if turn not in pos.child:
            return
        child = pos.child.index(turn)
        kept = pos.stores[turn] if self.keep_out else 0
        self.inner.capture(pos, md, first)
        if md.captured:
            taken = pos.stores[turn] - kept
            if md.trace is not None:
                md.trace.take(store_place(turn), taken, child)
            pos.board[child] += taken
            pos.stores[turn] = kept


class WegCapture(Step):
    """WEG: a last seed in one of the opponent's wegs takes it and one more seed; a hole
    that qualifies becomes the mover's weg."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        loc = md.capt_loc
        turn = pos.turn
        if pos.child[loc] == 1 - turn:
            taken = 2 if pos.board[loc] >= 2 else 1
            if md.trace is not None:
                md.trace.take(loc, taken, store_place(turn))
            pos.board[loc] -= taken
            pos.stores[turn] += taken
            md.captured = YES
            return
        if self.ctx.make_child(pos, md):
            make_child(pos, md, loc)
            md.capt_changed = True
            return
        self.inner.capture(pos, md, first)


class RamChildren(Step):
    """RAM: after the capture, every hole that holds enough seeds becomes a ram (a child
    of nobody's) and every ram that no longer does becomes a plain hole again."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        test = self.ctx.make_child
        last = md.capt_loc
        child = pos.child
        for loc in range(len(child)):
            md.capt_loc = loc
            if test(pos, md):
                if child[loc] is None:
                    child[loc] = NO_CH_OWNER
                    md.capt_changed = True
            elif child[loc] is not None:
                child[loc] = None
                md.capt_changed = True
        md.capt_loc = last


class BullChildren(Step):
    """BULL: the last hole becomes a child, and with it the hole before when the two
    hold child_cvt - 1 and child_cvt seeds."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        ctx = self.ctx
        loc = md.capt_loc
        if ctx.make_child(pos, md):
            make_child(pos, md, loc)
            md.capt_changed = True
            prev = ctx.incr(pos, loc, opposite(md.direct))
            cvt = ctx.info.child_cvt
            if pos.child[prev] is None and {pos.board[prev], pos.board[loc]} == {cvt - 1, cvt}:
                make_child(pos, md, prev)
            return
        self.inner.capture(pos, md, first)


class QurChildren(Step):
    """QUR: the last hole and the one across both become the mover's children."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        if self.ctx.make_child(pos, md):
            make_child(pos, md, md.capt_loc)
            make_child(pos, md, self.ctx.board.cross(md.capt_loc))
            md.capt_changed = True
            return
        self.inner.capture(pos, md, first)


# ---- extra picks ------------------------------------------------------------------------------


def _pickable(pos: Position, loc: int) -> bool:
    return bool(pos.board[loc]) and pos.child[loc] is None and pos.unlocked[loc]


class PickFinal(Step):
    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        if md.captured and _pickable(pos, md.capt_loc):
            take(pos, md, md.capt_loc)


class PickCross(Step):
    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        cross = self.ctx.board.cross(md.capt_loc)
        if md.captured and _pickable(pos, cross):
            take(pos, md, cross)


class PickCrossEach(Step):
    """PICKCROSSMULT (1.10): inside a multiple capture, each hole taken also takes the
    hole across from it, where any capture could take from that hole (seeds there, not a
    child, unlocked, on the capture side), whatever its count."""

    def __init__(self, ctx: Context, inner: Capturer) -> None:
        super().__init__(ctx, inner)
        self.check = make_capt_check(ctx.variant, ctx.board)

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        loc = md.capt_loc
        if md.captured and loc >= 0:
            cross = self.ctx.board.cross(loc)
            if self.check(pos, md, cross):
                take(pos, md, cross)


class PickTwos(Step):
    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        if md.captured:
            for loc in self.ctx.board.order[1 - pos.turn]:
                if pos.board[loc] == 2 and pos.child[loc] is None and pos.unlocked[loc]:
                    take(pos, md, loc)


class PickOppBasic(Step):
    """PICKOPPBASIC (1.10): after a capture, the mover also takes every opponent hole that
    meets the basic capture criteria (1.8's PICKTWOS, with capt_on [2], is one case)."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        if md.captured:
            capt_ok = self.ctx.capt_ok
            for loc in self.ctx.board.order[1 - pos.turn]:
                if capt_ok(pos, md, loc):
                    take(pos, md, loc)


class PickLastSeeds(Step):
    """PICKLASTSEEDS / PICK2XLASTSEEDS: when nbr_start (2 * nbr_start) or fewer seeds are
    left in play, the mover (the round's starter) takes them."""

    def __init__(self, ctx: Context, inner: Capturer, mover_takes: bool) -> None:
        super().__init__(ctx, inner)
        self.mover_takes = mover_takes
        nbr_start = ctx.nbr_start
        self.limit = nbr_start if mover_takes else 2 * nbr_start
        # 1.10 counts only the seeds a capture could ever take (the capture side)
        self.counted: CaptOk | None = make_capt_check(ctx.variant, ctx.board) if ctx.v110 else None

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        free = [loc for loc in range(len(pos.board))
                if pos.child[loc] is None and pos.unlocked[loc]]
        counted = self.counted
        if counted is None:
            seeds = sum(pos.board[loc] for loc in free)
        else:
            seeds = sum(pos.board[loc] for loc in range(len(pos.board)) if counted(pos, md, loc))
        if 0 < seeds <= self.limit:
            taker = pos.turn if self.mover_takes else pos.starter
            for loc in free:
                if md.trace is not None:
                    md.trace.take(loc, pos.board[loc], store_place(taker))
                pos.stores[taker] += pos.board[loc]
                pos.board[loc] = 0
            md.capt_changed = True


# ---- grand slams ------------------------------------------------------------------------------


def _snapshot(pos: Position) -> tuple:
    return (pos.board[:], pos.stores[:], pos.child[:], pos.unlocked[:], pos.blocked[:],
            pos.owner[:])


def _restore(pos: Position, snap: tuple) -> None:
    pos.board, pos.stores, pos.child, pos.unlocked, pos.blocked, pos.owner = (
        snap[0][:], snap[1][:], snap[2][:], snap[3][:], snap[4][:], snap[5][:])


class GrandSlamStep(Step):
    def is_grand_slam(self, pos: Position, md: MoveData, first: bool) -> bool:
        """Capture, and say whether it took every seed the opponent had before the move."""
        opp = self.ctx.board.order[1 - pos.turn]
        had = any(md.board[loc] for loc in opp)
        self.inner.capture(pos, md, first)
        if had and md.captured:
            return not any(pos.board[loc] for loc in opp)
        return False


class GrandSlamNoCapture(GrandSlamStep):
    """NO_CAPT: a grand slam captures nothing."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        snap = _snapshot(pos)
        mark = md.trace.mark() if md.trace is not None else 0
        if self.is_grand_slam(pos, md, first):
            _restore(pos, snap)
            if md.trace is not None:
                md.trace.rollback(mark)
            md.capt_changed = False
            md.captured = NO


class GrandSlamRepeat(GrandSlamStep):
    """LEGAL_SHARE: a grand slam captures as any capture does, and the capturer moves
    again; with mustshare that move must give the opponent seeds, or the game ends."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        if self.is_grand_slam(pos, md, first):
            md.captured = REPEAT


class GrandSlamKeep(GrandSlamStep):
    """LEAVE_LEFT / LEAVE_RIGHT: a grand slam leaves the opponent's leftmost (rightmost)
    hole, as the mover sees it."""

    def __init__(self, ctx: Context, inner: Capturer, left: bool) -> None:
        super().__init__(ctx, inner)
        holes, dbl = ctx.board.holes, ctx.board.dbl
        self.keep = (dbl - 1, holes - 1) if left else (holes, 0)

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        snap = _snapshot(pos)
        if self.is_grand_slam(pos, md, first):
            turn = pos.turn
            loc = self.keep[turn]
            seeds = snap[0][loc]
            if seeds:
                if md.trace is not None:  # given back: the capture had taken them
                    md.trace.take(store_place(turn), seeds, loc)
                pos.board[loc] = seeds
                pos.stores[turn] -= seeds
                md.captured = YES if _snapshot(pos) != snap else NO


class GrandSlamKeepFirstSown(GrandSlamStep):
    """LEAVE_LEFT / LEAVE_RIGHT as the 1.10 rules play them: a grand slam leaves the
    opponent's leftmost (rightmost) hole that held seeds once the sowing was done, as the
    mover sees it, and takes the rest; a grand slam of a single hole captures it, and so
    does one that finds the opponent's row already empty (a lap's capture after an earlier
    lap's took the row: there is no hole to leave)."""

    def __init__(self, ctx: Context, inner: Capturer, left: bool) -> None:
        super().__init__(ctx, inner)
        holes, dbl = ctx.board.holes, ctx.board.dbl
        south_view = range(dbl - 1, holes - 1, -1) if left else range(holes, dbl)
        north_view = range(holes - 1, -1, -1) if left else range(holes)
        self.scan = (tuple(south_view), tuple(north_view))

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        scan = self.scan[pos.turn]
        sown = [loc for loc in scan if pos.board[loc]]
        snap = _snapshot(pos)
        mark = md.trace.mark() if md.trace is not None else 0
        if not self.is_grand_slam(pos, md, first) or len(sown) <= 1:
            return
        _restore(pos, snap)
        if md.trace is not None:
            md.trace.rollback(mark)
        turn = pos.turn
        for loc in scan[scan.index(sown[0]) + 1:]:
            seeds = pos.board[loc]
            if seeds:
                if md.trace is not None:
                    md.trace.take(loc, seeds, store_place(turn))
                pos.board[loc] = 0
                pos.stores[turn] += seeds
        md.captured = YES


class GrandSlamOppGets(GrandSlamStep):
    """OPP_GETS_REMAIN: after a grand slam the opponent takes the seeds on the mover's side."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        if self.is_grand_slam(pos, md, first):
            opp = 1 - pos.turn
            for loc in self.ctx.board.order[pos.turn]:
                if md.trace is not None:
                    md.trace.take(loc, pos.board[loc], store_place(opp))
                pos.stores[opp] += pos.board[loc]
                pos.board[loc] = 0


# ---- guards and repeat turns ---------------------------------------------------------------------


class NoSingleSeed(Step):
    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        if md.seeds != 1:
            self.inner.capture(pos, md, first)


class NotInhibited(Step):
    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        if not self.ctx.inhibitor.stop_capt(pos, pos.turn):
            self.inner.capture(pos, md, first)


class RepeatOnCapture(Step):
    """capt_rturn: a capture gives the mover another turn (ONCE: not twice in a row)."""

    def __init__(self, ctx: Context, inner: Capturer, once: bool) -> None:
        super().__init__(ctx, inner)
        self.once = once

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        if md.captured:
            if not self.once or pos.rturn_cnt < 1:
                md.captured = REPEAT
            pos.rturn_cnt += 1
        else:
            pos.rturn_cnt = 0


class RepeatOnCaptureOncePerTurn(Step):
    """capt_rturn as the 1.10 rules play it: a capture gives the mover another turn (ONCE:
    unless this turn already had a repeat, whatever gave it). The pipeline counts the
    repeats of the turn."""

    def __init__(self, ctx: Context, inner: Capturer, once: bool) -> None:
        super().__init__(ctx, inner)
        self.once = once

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        if md.captured and (not self.once or pos.rturn_cnt < 1):
            md.captured = REPEAT
