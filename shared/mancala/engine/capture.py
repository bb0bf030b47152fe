"""Captures after sowing: the capturer interface and the base captures, the first
step of every variant's capturer (mancala.engine.capture_build chains the rest).

Each capturer's `capture(pos, md, first)` records in `md` what happened: `captured`
(NO, YES or REPEAT), `capt_changed` (changed the position without capturing),
`capt_next` (where a multiple capture tries next). In a traced move every seed taken
and every child made is recorded too (`md.trace`, mancala.engine.trace).
"""

from __future__ import annotations

from mancala.engine.capture_ok import make_capt_check, side_check
from mancala.engine.context import Context
from mancala.engine.move_data import OPP_STORE, YES, MoveData
from mancala.engine.position import Position
from mancala.engine.trace import store_place
from mancala.rules.enums import (
    CrossCaptHoles,
    LapSower,
)


class Capturer:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        raise NotImplementedError


class Step(Capturer):
    def __init__(self, ctx: Context, inner: Capturer) -> None:
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

    def __init__(self, ctx: Context) -> None:
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

    def __init__(self, ctx: Context) -> None:
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

    def __init__(self, ctx: Context) -> None:
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

    def __init__(self, ctx: Context) -> None:
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

    def __init__(self, ctx: Context, inner: Capturer) -> None:
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


class OppStoreCapture(Step):
    """END_OPP_STORE_CAPT: a last seed in the opponent's store (sow_stores BOTH_NR_OPP,
    which then gives no repeat turn) takes that store for the mover; a sowing ending in a
    hole is left to the variant's other capture. Outside every other capture step
    (reading_110 refuses the steps that would have to see the store's end)."""

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        if md.capt_loc != OPP_STORE:
            self.inner.capture(pos, md, first)
            return
        opp = 1 - pos.turn
        if pos.stores[opp]:  # never empty: the last seed just went there
            if md.trace is not None:
                md.trace.take(store_place(opp), pos.stores[opp], store_place(pos.turn))
            pos.stores[pos.turn] += pos.stores[opp]
            pos.stores[opp] = 0
            md.captured = YES


class Singletons(Capturer):
    """SINGLETONS: after the sowing the mover takes every hole holding a single seed
    that a capture may ever take from (side, children, locks)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.check = make_capt_check(ctx.variant, ctx.board)

    def capture(self, pos: Position, md: MoveData, first: bool = True) -> None:
        for loc, seeds in enumerate(pos.board):
            if seeds == 1 and self.check(pos, md, loc):
                take(pos, md, loc)
                md.captured = YES
