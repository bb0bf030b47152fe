"""Captures after sowing, built once per variant as nested steps.

`make_capturer` builds, innermost first:

    base capture (cross capture with its own-seed pick and xc_sown, a capture type
    NEXT / TWO_OUT / MATCH_OPP, or the basic criteria of capture_ok)
    -> multiple captures (multicapt) -> against the sowing direction (unless capsamedir)
    -> children (made instead of capturing; wegs capture from the opponent's wegs)
    -> an extra pick (pickextra) -> the grand-slam rule
    -> no capture by a single seed (nosinglecapt) -> inhibited captures
    -> a repeat turn for a capture (capt_rturn)

Each step's `capture(pos, md, first)` records in `md` what happened: `captured`
(NO, YES or REPEAT), `capt_changed` (changed the position without capturing),
`capt_next` (where a multiple capture tries next). In a traced move every seed taken
and every child made is recorded too (`md.trace`, mancala.engine.trace).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mancala.engine.board import CCW, CW
from mancala.engine.capture_ok import CaptOk, make_capt_check, side_check
from mancala.engine.incr import opposite
from mancala.engine.move_data import NO, REPEAT, YES, MoveData
from mancala.engine.position import Position
from mancala.engine.trace import store_place
from mancala.rules.enums import (
    CaptExtraPick,
    CaptRTurn,
    CaptSide,
    CaptType,
    ChildType,
    CrossCaptHoles,
    CrossCaptOwn,
    Direct,
    GrandSlam,
    LapSower,
    RoundFill,
    SowPrescribed,
)

if TYPE_CHECKING:
    from mancala.engine.pipeline import Pipeline


class Capturer:
    def __init__(self, ctx: Pipeline) -> None:
        self.ctx = ctx

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        raise NotImplementedError


class Step(Capturer):
    def __init__(self, ctx: Pipeline, inner: Capturer) -> None:
        super().__init__(ctx)
        self.inner = inner


def take(pos: Position, md: MoveData, loc: int) -> None:
    """The mover takes the seeds of a hole."""
    if md.trace is not None:
        md.trace.take(loc, pos.board[loc], store_place(pos.turn))
    pos.stores[pos.turn] += pos.board[loc]
    pos.board[loc] = 0


def make_child(pos: Position, md: MoveData, loc: int) -> None:
    """The hole becomes the mover's child."""
    pos.child[loc] = pos.turn
    if md.trace is not None:
        md.trace.child(loc)


# ---- base captures --------------------------------------------------------------------


class NoCapture(Capturer):
    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        return


class BasicCapture(Capturer):
    """The last hole is taken when it meets the capture criteria."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        ctx = self.ctx
        if ctx.capt_ok(pos, md, md.capt_loc):
            take(pos, md, md.capt_loc)
            md.captured = YES
            md.capt_next = ctx.incr(pos, md.capt_loc, md.direct)


class CrossCapture(Capturer):
    """The hole across is taken when the last seed fell into an empty hole (later holes of
    a multiple capture: when the hole is empty). The 1.10 crosscapt ONE_ANY goes on from
    later holes whatever they hold, ANY also starts from a last hole of any count."""

    def __init__(self, ctx: Pipeline) -> None:
        super().__init__(ctx)
        holes = ctx.info.xcapt_holes
        self.first_any = holes == CrossCaptHoles.ANY
        self.later_any = holes in (CrossCaptHoles.ANY, CrossCaptHoles.ONE_ANY)

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        ctx = self.ctx
        loc = md.capt_loc
        cross = ctx.board.cross(loc)
        if first:
            starts = self.first_any or pos.board[loc] == 1
        else:
            starts = self.later_any or not pos.board[loc]
        if starts and ctx.capt_ok(pos, md, cross):
            take(pos, md, cross)
            md.captured = YES
            md.capt_next = ctx.incr(pos, loc, md.direct)


class NextCapture(Capturer):
    """NEXT: the seeds of the hole after the last are taken."""

    def __init__(self, ctx: Pipeline) -> None:
        super().__init__(ctx)
        self.laps = ctx.info.mlaps != LapSower.OFF

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        ctx = self.ctx
        loc = md.capt_loc
        nxt = ctx.incr(pos, loc, md.direct)
        if self.laps:
            ok = ctx.capt_ok(pos, md, loc) if first else ctx.capt_ok(pos, md, nxt)
        else:
            ok = ctx.capt_ok(pos, md, nxt)
        if ok and pos.board[nxt]:
            take(pos, md, nxt)
            md.captured = YES
            md.capt_next = nxt


class TwoOutCapture(Capturer):
    """TWO_OUT: across an empty hole, the seeds two holes on are taken (without laps,
    only when the last hole was not empty before)."""

    def __init__(self, ctx: Pipeline) -> None:
        super().__init__(ctx)
        self.laps = ctx.info.mlaps != LapSower.OFF

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        ctx = self.ctx
        loc = md.capt_loc
        p1 = ctx.incr(pos, loc, md.direct)
        p2 = ctx.incr(pos, p1, md.direct)
        if ((self.laps or pos.board[loc] > 1) and not pos.board[p1] and pos.board[p2]
                and pos.child[p2] is None and pos.unlocked[p2]):
            take(pos, md, p2)
            md.captured = YES
            md.capt_loc = p2
            md.capt_next = p2


class MatchOppCapture(Capturer):
    """MATCH_OPP: when the last hole and the one across hold the same count, both are taken."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        ctx = self.ctx
        loc = md.capt_loc
        cross = ctx.board.cross(loc)
        b = pos.board
        if (b[loc] and b[loc] == b[cross] and pos.child[loc] is None
                and pos.child[cross] is None and pos.unlocked[loc] and pos.unlocked[cross]):
            if md.trace is not None:
                md.trace.take(loc, b[loc], store_place(pos.turn))
                md.trace.take(cross, b[cross], store_place(pos.turn))
            pos.stores[pos.turn] += b[loc] + b[cross]
            b[loc] = 0
            b[cross] = 0
            md.captured = YES
            md.capt_next = ctx.incr(pos, loc, md.direct)


# ---- the 1.10 capture types -------------------------------------------------------------------


class PullAcross(Capturer):
    """PULL_ACROSS: where the last seed fell into an empty hole (later holes of a multiple
    capture: where the hole is empty), the seeds across that may be captured are pulled
    into it; nothing leaves the board, but it counts as a capture."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        ctx = self.ctx
        loc = md.capt_loc
        cross = ctx.board.cross(loc)
        if ((pos.board[loc] == 1) if first else not pos.board[loc]) and ctx.capt_ok(pos, md, cross):
            if md.trace is not None:
                md.trace.take(cross, pos.board[cross], loc)
            pos.board[loc] += pos.board[cross]
            pos.board[cross] = 0
            md.captured = YES
            md.capt_next = ctx.incr(pos, loc, md.direct)


class MarkOppOrRightmost(Capturer):
    """CAPT_OPP_1CCW: a last seed on the opponent's row, or in the mover's own hole of
    the highest index, counts as a capture (for extra picks and repeat turns) without
    taking anything."""

    def __init__(self, ctx: Pipeline) -> None:
        super().__init__(ctx)
        holes, dbl = ctx.board.holes, ctx.board.dbl
        self.marks = (frozenset(range(holes, dbl)) | {holes - 1},
                      frozenset(range(holes)) | {dbl - 1})

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        if md.capt_loc in self.marks[pos.turn]:
            md.captured = YES


class PassStore(Step):
    """PASS_STORE_CAPT: a last seed in an empty hole (on the capture side) hands the
    mover's store to the opponent; otherwise the variant's other capture is tried."""

    def __init__(self, ctx: Pipeline, inner: Capturer) -> None:
        super().__init__(ctx, inner)
        self.side = side_check(ctx.info.capt_side, ctx.board, from_start=True)

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        loc, turn = md.capt_loc, pos.turn
        if pos.board[loc] == 1 and pos.stores[turn] and (self.side is None or self.side(pos, md, loc)):
            if md.trace is not None:
                md.trace.take(store_place(turn), pos.stores[turn], store_place(1 - turn))
            pos.stores[1 - turn] += pos.stores[turn]
            pos.stores[turn] = 0
            md.captured = YES
        else:
            self.inner.capture(pos, md, first)


class Singletons(Capturer):
    """SINGLETONS: after the sowing the mover takes every hole holding a single seed
    that a capture may ever take from (side, children, locks)."""

    def __init__(self, ctx: Pipeline) -> None:
        super().__init__(ctx)
        self.check = make_capt_check(ctx.variant, ctx.board)

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        for loc, seeds in enumerate(pos.board):
            if seeds == 1 and self.check(pos, md, loc):
                take(pos, md, loc)
                md.captured = YES


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

    def __init__(self, ctx: Pipeline, inner: Capturer) -> None:
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


class Multiple(Step):
    """multicapt: keep capturing from each next hole while captures succeed (up to
    multicapt captures, -1 for no limit)."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        captured = NO
        capt_loc = md.capt_loc
        md.capt_start = capt_loc
        left = self.ctx.info.multicapt
        while True:
            self.inner.capture(pos, md, first)
            if first:
                capt_loc = md.capt_loc
            left -= 1
            if not left or md.captured == NO:
                md.captured = captured
                md.capt_loc = capt_loc
                md.capt_start = None
                return
            if md.captured == REPEAT:
                md.capt_loc = capt_loc
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

    def __init__(self, ctx: Pipeline, inner: Capturer) -> None:
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

    def __init__(self, ctx: Pipeline, inner: Capturer) -> None:
        super().__init__(ctx, inner)
        self.keep_out = ctx.v110

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        turn = pos.turn
        if self.ctx.make_child(pos, md):
            make_child(pos, md, md.capt_loc)
            md.capt_changed = True
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

    def __init__(self, ctx: Pipeline, inner: Capturer, mover_takes: bool) -> None:
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


class GrandSlamKeep(GrandSlamStep):
    """LEAVE_LEFT / LEAVE_RIGHT: a grand slam leaves the opponent's leftmost (rightmost)
    hole, as the mover sees it."""

    def __init__(self, ctx: Pipeline, inner: Capturer, left: bool) -> None:
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
    mover sees it, and takes the rest; a grand slam of a single hole captures it."""

    def __init__(self, ctx: Pipeline, inner: Capturer, left: bool) -> None:
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
        if not self.is_grand_slam(pos, md, first) or len(sown) == 1:
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

    def __init__(self, ctx: Pipeline, inner: Capturer, once: bool) -> None:
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

    def __init__(self, ctx: Pipeline, inner: Capturer, once: bool) -> None:
        super().__init__(ctx, inner)
        self.once = once

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        self.inner.capture(pos, md, first)
        if md.captured and (not self.once or pos.rturn_cnt < 1):
            md.captured = REPEAT


# ---- building -----------------------------------------------------------------------------------


def _base(ctx: Pipeline) -> Capturer:
    info = ctx.info
    match info.capt_type:
        case CaptType.PULL_ACROSS:
            return PullAcross(ctx)
        case CaptType.CAPT_OPP_1CCW:
            return MarkOppOrRightmost(ctx)
        case CaptType.SINGLETONS:
            return Singletons(ctx)
        case CaptType.PASS_STORE_CAPT:
            return PassStore(ctx, _crossing_or_basic(ctx))
    return _crossing_or_basic(ctx)


def _crossing_or_basic(ctx: Pipeline) -> Capturer:
    info = ctx.info
    if info.crosscapt:
        cap: Capturer = CrossCapture(ctx)
        match info.xcpickown:
            case CrossCaptOwn.PICK_ON_CAPT:
                cap = PickOwnOnCapture(ctx, cap)
            case CrossCaptOwn.ALWAYS_PICK:
                cap = PickOwnAlways(ctx, cap)
        if info.xc_sown:
            cap = CrossVisited(ctx, cap)
        return cap
    match info.capt_type:
        case CaptType.TWO_OUT:
            return TwoOutCapture(ctx)
        case CaptType.NEXT:
            return NextCapture(ctx)
        case CaptType.MATCH_OPP:
            return MatchOppCapture(ctx)
    if info.evens or info.capt_on or info.capt_max or info.capt_min:
        return BasicCapture(ctx)
    return NoCapture(ctx)


def _children(ctx: Pipeline, cap: Capturer) -> Capturer:
    info = ctx.info
    match info.child_type:
        case ChildType.NOCHILD:
            return cap
        case ChildType.NORMAL | ChildType.ONE_CHILD:
            return MakeChild(ctx, cap) if info.stores else CaptureIntoChild(ctx, cap)
        case ChildType.WEG:
            return WegCapture(ctx, cap)
        case ChildType.BULL:
            return BullChildren(ctx, cap)
        case ChildType.QUR:
            return QurChildren(ctx, cap)
    raise NotImplementedError(info.child_type)


def _pick(ctx: Pipeline, cap: Capturer) -> Capturer:
    match ctx.info.pickextra:
        case CaptExtraPick.NONE:
            return cap
        case CaptExtraPick.PICKCROSS:
            return PickCross(ctx, cap)
        case CaptExtraPick.PICKTWOS:
            return PickTwos(ctx, cap)
        case CaptExtraPick.PICKOPPBASIC:
            return PickOppBasic(ctx, cap)
        case CaptExtraPick.PICKLASTSEEDS:
            return PickLastSeeds(ctx, cap, mover_takes=True)
        case CaptExtraPick.PICK2XLASTSEEDS:
            return PickLastSeeds(ctx, cap, mover_takes=False)
        case CaptExtraPick.PICKFINAL:
            return PickFinal(ctx, cap)
    raise NotImplementedError(ctx.info.pickextra)


def _grand_slam(ctx: Pipeline, cap: Capturer) -> Capturer:
    match ctx.info.grandslam:
        case GrandSlam.LEGAL | GrandSlam.NOT_LEGAL:  # NOT_LEGAL is an allow rule
            return cap
        case GrandSlam.NO_CAPT:
            return GrandSlamNoCapture(ctx, cap)
        case GrandSlam.LEAVE_LEFT | GrandSlam.LEAVE_RIGHT:
            left = ctx.info.grandslam == GrandSlam.LEAVE_LEFT
            # 1.10 keeps the first hole that holds seeds, 1.8 a fixed end hole
            keep = GrandSlamKeepFirstSown if ctx.v110 else GrandSlamKeep
            return keep(ctx, cap, left=left)
        case GrandSlam.OPP_GETS_REMAIN:
            return GrandSlamOppGets(ctx, cap)
    raise NotImplementedError(ctx.info.grandslam)


def make_capturer(ctx: Pipeline) -> Capturer:
    info = ctx.info
    cap = _base(ctx)
    if info.multicapt:
        cap = Multiple(ctx, cap)
    if not info.capsamedir:
        cap = AgainstSowing(ctx, cap)
    cap = _children(ctx, cap)
    cap = _pick(ctx, cap)
    cap = _grand_slam(ctx, cap)
    if info.nosinglecapt:
        cap = NoSingleSeed(ctx, cap)
    if (info.prescribed == SowPrescribed.ARNGE_LIMIT or info.round_fill == RoundFill.SHORTEN
            or info.nocaptmoves):
        cap = NotInhibited(ctx, cap)
    if info.capt_rturn != CaptRTurn.NO_REPEAT:
        # 1.8 counts captures in a row, whoever made them; 1.10 the repeats of a turn
        repeat = RepeatOnCaptureOncePerTurn if ctx.v110 else RepeatOnCapture
        cap = repeat(ctx, cap, once=info.capt_rturn == CaptRTurn.ONCE)
    return cap
