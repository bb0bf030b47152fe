"""Sowing: the seeds drawn from the start hole go one by one round the board.

A sower is built once per variant by `mancala.engine.pipeline` from these
parts, innermost first:

1. a single-lap sower: plain, into the stores as they are passed
   (mancala.engine.store_sowing), or one of the sow rules (blocked-and-diverted holes, captures
   while sowing, skipping holes, a cap on the seeds per hole, the last seeds to
   the opponent);
2. a capture before sowing (presowcapt), around the single lap;
3. for BearOff, the bear-off sow around that, once the board is all singletons;
4. multi-lap sowing (mancala.engine.laps) around the single lap;
5. a prescribed first move around everything.

Every sower sets `md.capt_loc` to the hole the sowing ended in, or REPEAT_TURN
when the last seed went into the mover's store. In a traced move (`md.trace`, see
mancala.engine.trace) each sower also records where every seed went; the two most
used sowers keep a loop of their own for that, so that search pays no test per seed.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine import claim
from mancala.engine.board import CCW, CW
from mancala.engine.context import Context
from mancala.engine.move_data import YES, MoveData
from mancala.engine.position import Position
from mancala.engine.trace import INEXACT, store_place
from mancala.rules.enums import CaptSide, Direct, LapSower, SowRule


class Sower:
    """Sows md.seeds from md.cont_sow_loc in md.direct."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def sow(self, pos: Position, md: MoveData) -> None:
        raise NotImplementedError

    def single(self) -> Sower:
        """The single-lap sower under the lap and prescribed wrappers (the allow rule
        OPP_OR_EMPTY simulates one lap with it)."""
        return self


class Wrapper(Sower):
    def __init__(self, ctx: Context, inner: Sower) -> None:
        super().__init__(ctx)
        self.inner = inner


# ---- single-lap sowers ------------------------------------------------------------


class PlainSower(Sower):
    def sow(self, pos: Position, md: MoveData) -> None:
        incr = self.ctx.incr
        board = pos.board
        start = md.cont_sow_loc
        loc = start
        if md.trace is None:
            for _ in range(md.seeds):
                loc = incr(pos, loc, md.direct, start)
                board[loc] += 1
        else:
            ev = md.trace.ev
            for _ in range(md.seeds):
                loc = incr(pos, loc, md.direct, start)
                board[loc] += 1
                ev.append(loc)
        md.capt_loc = loc


class DivertBlockedSower(Sower):
    """SOW_BLKD_DIV(_NR): the mover's blocked holes are skipped, a seed for one of the
    opponent's blocked holes leaves play (to store 0)."""

    def sow(self, pos: Position, md: MoveData) -> None:
        dbl = self.ctx.board.dbl
        side_of = self.ctx.board.side_of
        turn = pos.turn
        loc = md.cont_sow_loc
        seeds = md.seeds
        while seeds > 0:
            loc = (loc + md.direct) % dbl
            while pos.blocked[loc]:
                if side_of[loc] != turn:
                    pos.stores[0] += 1
                    seeds -= 1
                    if md.trace is not None:
                        md.trace.ev.append(store_place(0))
                    if not seeds:
                        md.capt_loc = loc
                        return
                loc = (loc + md.direct) % dbl
            pos.board[loc] += 1
            seeds -= 1
            if md.trace is not None:
                md.trace.ev.append(loc)
        md.capt_loc = loc


class CloseHole(Wrapper):
    """SOW_BLKD_DIV without laps: a sowing that ends on the opponent's side with
    sow_param seeds takes them out of play and closes the hole (with _NR, never the
    rightmost holes)."""

    def __init__(self, ctx: Context, inner: Sower, not_right: bool) -> None:
        super().__init__(ctx, inner)
        holes, dbl = ctx.board.holes, ctx.board.dbl
        self.no_close = frozenset((holes - 1, dbl - 1)) if not_right else frozenset()

    def sow(self, pos: Position, md: MoveData) -> None:
        self.inner.sow(pos, md)
        loc = md.capt_loc
        ctx = self.ctx
        if (loc not in self.no_close
                and pos.board[loc] == ctx.info.sow_param
                and ctx.board.side_of[loc] != pos.turn
                and not ctx.inhibitor.stop_capt(pos, pos.turn)):
            if md.trace is not None:
                md.trace.take(loc, pos.board[loc], store_place(0))
            pos.stores[0] += pos.board[loc]
            pos.board[loc] = 0
            pos.blocked[loc] = True


# a test of each hole sown while capturing as it goes: (position, seeds still to sow
# counting this one, hole)
SownCond = Callable[[Position, int, int], bool]
Captor = Callable[[Position, int], int]


class CaptureWhileSowing(Sower):
    """Captures while sowing (en passant): every hole sown to a capturable count that
    meets the rule's conditions is taken at once by its captor. `capture_while_sowing`
    builds it for each sow rule."""

    def __init__(self, ctx: Context, captor: Captor, conds: list[SownCond]) -> None:
        super().__init__(ctx)
        self.captor = captor
        self.conds = conds

    def sow(self, pos: Position, md: MoveData) -> None:
        ctx = self.ctx
        incr = ctx.incr
        start = md.cont_sow_loc
        loc = start
        for scnt in range(md.seeds, 0, -1):
            loc = incr(pos, loc, md.direct, start)
            pos.board[loc] += 1
            if md.trace is not None:
                md.trace.ev.append(loc)
            if (all(cond(pos, scnt, loc) for cond in self.conds)
                    and not ctx.inhibitor.stop_capt(pos, pos.turn)
                    and ctx.capt_ok(pos, md, loc)):
                captor = self.captor(pos, loc)
                if md.trace is not None:
                    md.trace.take(loc, pos.board[loc], store_place(captor))
                pos.stores[captor] += pos.board[loc]
                pos.board[loc] = 0
        md.capt_loc = loc


def capture_while_sowing(ctx: Context) -> CaptureWhileSowing:
    """Who takes, and from which holes, for each capture-while-sowing rule.

    The 1.8 rules: OWN_SOW_CAPT_ALL, taken by the hole's owner, and SOW_CAPT_ALL, by the
    mover on the capture side; with LAPPER the last hole is left to the capturer. The
    1.10 ENPAS_* rules are named by whose holes count and who takes them; every one but
    ENPAS_ALL_OWNER_OWN leaves the last hole to the capturer, whatever the laps."""
    info = ctx.info
    owner: Captor = claim.owner_of(ctx.variant, ctx.board)  # territory owners, else sides

    def mover(pos: Position, loc: int) -> int:
        return pos.turn

    def movers_hole(pos: Position, scnt: int, loc: int) -> bool:
        return pos.turn == owner(pos, loc)

    def opponents_hole(pos: Position, scnt: int, loc: int) -> bool:
        return pos.turn != owner(pos, loc)

    def not_last(pos: Position, scnt: int, loc: int) -> bool:
        return scnt > 1

    conds: list[SownCond] = []
    match info.sow_rule:
        case SowRule.OWN_SOW_CAPT_ALL:
            captor = owner
        case SowRule.SOW_CAPT_ALL:
            captor = mover
            if info.capt_side in (CaptSide.OWN_SIDE, CaptSide.OWN_CONT, CaptSide.OWN_TERR):
                conds.append(movers_hole)
            elif info.capt_side in (CaptSide.OPP_SIDE, CaptSide.OPP_CONT, CaptSide.OPP_TERR):
                conds.append(opponents_hole)
        case SowRule.ENPAS_ALL_OWNER_SOW:
            captor, conds = owner, [not_last]
        case SowRule.ENPAS_ALL_OWNER_OWN:
            captor = owner
        case SowRule.ENPAS_ALL_SOWER:
            captor, conds = mover, [not_last]
        case SowRule.ENPAS_SOW_SOWER:
            captor, conds = mover, [movers_hole, not_last]
        case SowRule.ENPAS_OPP_SOWER:
            captor, conds = mover, [opponents_hole, not_last]
        case _:
            raise NotImplementedError(info.sow_rule)
    if info.sow_rule in (SowRule.OWN_SOW_CAPT_ALL, SowRule.SOW_CAPT_ALL) and info.mlaps == LapSower.LAPPER:
        conds.append(not_last)
    return CaptureWhileSowing(ctx, captor, conds)


class SkipOppCount(Sower):
    """NO_SOW_OPP_NS: the opponent's holes holding sow_param seeds are not sown."""

    def sow(self, pos: Position, md: MoveData) -> None:
        incr = self.ctx.incr
        side_of = self.ctx.board.side_of
        skip = self.ctx.info.sow_param
        start = md.cont_sow_loc
        loc = start
        for _ in range(md.seeds):
            loc = incr(pos, loc, md.direct, start)
            while side_of[loc] != pos.turn and pos.board[loc] == skip:
                loc = incr(pos, loc, md.direct, start)
            pos.board[loc] += 1
            if md.trace is not None:
                md.trace.ev.append(loc)
        md.capt_loc = loc


class MaxPerHole(Sower):
    """MAX_SOW: holes holding sow_param seeds are passed over."""

    def sow(self, pos: Position, md: MoveData) -> None:
        incr = self.ctx.incr
        cap = self.ctx.info.sow_param
        start = md.cont_sow_loc
        dbl = self.ctx.board.dbl
        loc = start
        for left in range(md.seeds, 0, -1):
            loc = incr(pos, loc, md.direct, start)
            passed = 0
            while pos.board[loc] >= cap:
                passed += 1
                if passed > dbl:
                    # a whole circuit without room (the start hole skipped): the reference
                    # sows for ever; the seeds left go back where the move started
                    # (docs/rules-decisions.md, our own choices)
                    pos.board[start] += left
                    md.capt_loc = start
                    if md.trace is not None:
                        md.trace.ev.extend([start] * left)
                    return
                loc = incr(pos, loc, md.direct, start)
            pos.board[loc] += 1
            if md.trace is not None:
                md.trace.ev.append(loc)
        md.capt_loc = loc


class SkipOppChildren(Sower):
    """NO_OPP_CHILD: the opponent's children are not sown; OPP_CHILD_ONLY1 (not
    `last_too`): except by the last seed."""

    def __init__(self, ctx: Context, *, last_too: bool = True) -> None:
        super().__init__(ctx)
        self.last_too = last_too

    def sow(self, pos: Position, md: MoveData) -> None:
        incr = self.ctx.incr
        start = md.cont_sow_loc
        loc = start
        last_too = self.last_too
        for left in range(md.seeds, 0, -1):
            loc = incr(pos, loc, md.direct, start)
            while pos.child[loc] == 1 - pos.turn and (last_too or left > 1):
                loc = incr(pos, loc, md.direct, start)
            pos.board[loc] += 1
            if md.trace is not None:
                md.trace.ev.append(loc)
        md.capt_loc = loc


class OppGetsOwnLast(Wrapper):
    """OPP_GETS_OWN_LAST: once sow_param or fewer seeds are on the board, seeds sown on
    the opponent's side go to the opponent, except a last seed that captures."""

    def sow(self, pos: Position, md: MoveData) -> None:
        ctx = self.ctx
        if sum(pos.board) > ctx.info.sow_param:
            self.inner.sow(pos, md)
            return
        incr = ctx.incr
        side_of = ctx.board.side_of
        start = md.cont_sow_loc
        loc = start
        for remaining in range(md.seeds, 0, -1):
            loc = incr(pos, loc, md.direct, start)
            pos.board[loc] += 1  # for the capture test
            place = loc
            if side_of[loc] != pos.turn and (remaining > 1 or not ctx.capt_ok(pos, md, loc)):
                pos.board[loc] -= 1
                pos.stores[1 - pos.turn] += 1
                md.captured = YES
                place = store_place(1 - pos.turn)
            if md.trace is not None:
                md.trace.ev.append(place)
        md.capt_loc = loc


# ---- captures before sowing -------------------------------------------------------


class CaptureOne(Wrapper):
    """CAPT_ONE: the mover takes one of the drawn seeds (every lap)."""

    def sow(self, pos: Position, md: MoveData) -> None:
        pos.stores[pos.turn] += 1
        md.seeds -= 1
        if md.trace is not None:
            md.trace.ev.append(store_place(pos.turn))
        self.inner.sow(pos, md)


class CrossOnOne(Wrapper):
    """DRAW_1_XCAPT: a lap of a single seed first takes the seeds across its start hole
    (a lap sown on from a store has no hole across: docs/rules-decisions.md)."""

    def sow(self, pos: Position, md: MoveData) -> None:
        if md.cont_sow_loc < 0:
            self.inner.sow(pos, md)
            return
        cross = self.ctx.board.cross(md.cont_sow_loc)
        if md.seeds == 1 and pos.board[cross] and pos.child[cross] is None:
            if md.trace is not None:
                md.trace.take(cross, pos.board[cross], store_place(pos.turn))
            pos.stores[pos.turn] += pos.board[cross]
            pos.board[cross] = 0
        self.inner.sow(pos, md)


class CrossAllSingles(Wrapper):
    """ALL_SINGLE_XCAPT: first take the seeds across every single seed of the mover's side.
    The 1.10 rules read the singles from the board as the move began, so a start hole of
    one seed takes across too; 1.8 read it once the start hole was drawn."""

    def __init__(self, ctx: Context, inner: Sower) -> None:
        super().__init__(ctx, inner)
        self.before_draw = ctx.v110

    def sow(self, pos: Position, md: MoveData) -> None:
        board = self.ctx.board
        singles = md.board if self.before_draw else pos.board
        for loc in board.order[pos.turn]:
            cross = board.cross(loc)
            if singles[loc] == 1 and pos.board[cross] and pos.child[cross] is None:
                if md.trace is not None:
                    md.trace.take(cross, pos.board[cross], store_place(pos.turn))
                pos.stores[pos.turn] += pos.board[cross]
                pos.board[cross] = 0
        self.inner.sow(pos, md)


# ---- BearOff ----------------------------------------------------------------------


class BearOffSower(Wrapper):
    """BearOff: once every hole holds one seed or none, seeds that would leave the
    mover's side go to the mover's store instead, and the sowing stops."""

    def sow(self, pos: Position, md: MoveData) -> None:
        if pos.normal_sow:
            self.inner.sow(pos, md)
            return
        incr = self.ctx.incr
        side_of = self.ctx.board.side_of
        start = md.cont_sow_loc
        loc = start
        for remaining in range(md.seeds, 0, -1):
            prev = loc
            loc = incr(pos, loc, md.direct, start)
            if side_of[loc] != pos.turn:
                pos.stores[pos.turn] += remaining
                md.capt_loc = prev
                md.captured = YES
                if md.trace is not None:
                    md.trace.ev.extend([store_place(pos.turn)] * remaining)
                return
            pos.board[loc] += 1
            if md.trace is not None:
                md.trace.ev.append(loc)
        md.capt_loc = loc


# ---- Diffusion ------------------------------------------------------------------------

DIFFUSION_CAP = 5


class DiffusionSower(Sower):
    """Diffusion (Mark Steere, 2006): the seeds go round the start hole, from its most
    clockwise neighbour, counter-clockwise; a hole holding five passes its seed out of
    play, and a move from a corner first sends two seeds out of play."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        board = ctx.board
        dbl = board.dbl

        def one_ccw(loc: int) -> int:
            return (loc + 1) % dbl

        self.steps = (one_ccw, board.cross, one_ccw, one_ccw, board.cross)
        holes = board.holes
        self.divert = {0: dbl - 1, holes - 1: holes - 1, holes: holes - 1, dbl - 1: dbl - 1}

    def sow(self, pos: Position, md: MoveData) -> None:
        loc = md.sow_loc
        divert = self.divert.get(loc, -1)
        to_store = 2
        trace = md.trace
        for idx in range(md.seeds):
            if to_store and loc == divert:
                pos.stores[0] += 1
                to_store -= 1
                place = store_place(0)
            else:
                loc = self.steps[idx](loc)
                if pos.board[loc] == DIFFUSION_CAP:
                    pos.stores[0] += 1
                    place = store_place(0)
                else:
                    pos.board[loc] += 1
                    place = loc
            if trace is not None:
                trace.ev.append(place)
        md.capt_loc = loc


# ---- prescribed first moves ---------------------------------------------------------


class Prescribed(Wrapper):
    """The first move of a game or round sows its own way; later moves use `inner`. With
    `first_turns`, each player's first turn does (repeat turns included)."""

    def __init__(self, ctx: Context, inner: Sower, *, first_turns: bool = False) -> None:
        super().__init__(ctx, inner)
        self.first_turns = first_turns

    def sow(self, pos: Position, md: MoveData) -> None:
        if (pos.movers > 1) if self.first_turns else (pos.mcount > 1):
            self.inner.sow(pos, md)
        else:
            self.opening(pos, md)

    def opening(self, pos: Position, md: MoveData) -> None:
        raise NotImplementedError

    def single(self) -> Sower:
        return self.inner.single()


class BasicFirst(Prescribed):
    """BASIC_SOWER: the first move is a plain single lap."""

    def __init__(self, ctx: Context, inner: Sower) -> None:
        super().__init__(ctx, inner)
        self.plain = PlainSower(ctx)

    def opening(self, pos: Position, md: MoveData) -> None:
        self.plain.sow(pos, md)


class OneOpp(Prescribed):
    """SOW1OPP: the first move's last seed must land on the opponent's side."""

    def opening(self, pos: Position, md: MoveData) -> None:
        incr = self.ctx.incr
        side_of = self.ctx.board.side_of
        start = md.cont_sow_loc
        loc = start
        for _ in range(md.seeds - 1):
            loc = incr(pos, loc, md.direct, start)
            pos.board[loc] += 1
            if md.trace is not None:
                md.trace.ev.append(loc)
        loc = incr(pos, loc, md.direct, start)
        while side_of[loc] == pos.turn:
            loc = incr(pos, loc, md.direct, start)
        pos.board[loc] += 1
        if md.trace is not None:
            md.trace.ev.append(loc)
        md.capt_loc = loc


class PlusOneMinusOne(Prescribed):
    """PLUS1MINUS1: from the hole after the start, alternately take one seed and add one
    round the board; then one seed goes into the hole across the start."""

    def opening(self, pos: Position, md: MoveData) -> None:
        incr = self.ctx.incr
        start = md.cont_sow_loc
        pos.board[start] = md.seeds
        loc = start
        add_one = False
        # once round the board, past blocked holes, back to the start: skip_start is not
        # applied here (1.10 plays it so; 1.8's opening never came back to a skipped
        # start, docs/rules-decisions.md), so the bound is only a guard
        for _ in range(self.ctx.board.dbl - 1):
            loc = incr(pos, loc, md.direct)
            if loc == start:
                break
            pos.board[loc] += 1 if add_one else -1
            add_one = not add_one
        cross = self.ctx.board.cross(start)
        pos.board[cross] += 1
        md.capt_loc = cross
        if md.trace is not None:  # seeds taken and given round the board: no path to record
            md.trace.flag(INEXACT)


class VariantDirectionFirsts(Wrapper):
    """NO_UDIR_FIRSTS (1.10): each player's first turn of a game or round (repeat turns
    included) sows in the variant's `sow_direct`, whatever direction the move names."""

    def __init__(self, ctx: Context, inner: Sower) -> None:
        super().__init__(ctx, inner)
        self.direct = CW if ctx.info.sow_direct == Direct.CW else CCW

    def sow(self, pos: Position, md: MoveData) -> None:
        if pos.movers <= 1:
            md.direct = self.direct
        self.inner.sow(pos, md)

    def single(self) -> Sower:
        return self.inner.single()


class LapsFirst(Prescribed):
    """MLAPS_SOWER: the first move is sown in laps (until a lap ends in an empty hole)."""

    def __init__(self, ctx: Context, inner: Sower, laps: Sower) -> None:
        super().__init__(ctx, inner)
        self.laps = laps

    def opening(self, pos: Position, md: MoveData) -> None:
        self.laps.sow(pos, md)
