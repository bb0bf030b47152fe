"""Multi-lap sowing: when a lap ends, the seeds of its last hole may be sown on.

`LapSower` repeats a single-lap sower while its `LapRule` says go on, doing the
variant's between-laps step (close the hole, turn round) before each new lap.
After MAX_LAPS laps (MAX_LAPS_110 under the 1.10 rules) the move is ENDLESS.

A lap rule is a base decision (always go on; go on from the next hole if it has
seeds; stop on a blocked hole; stop to make a child) with checks in front of it,
asked in order; the first that decides wins:

    stop on a repeat turn (sow_own_store) -> stop unless sow_param seeds (CONT_LAP_ON)
    -> the first lap must reach the opponent (visit_opp) -> the 1.10 mlap_cont
    conditions (at least mlap_param seeds; end on a given side; not in a store)
    -> stop in a child
    -> capture and go on, or stop to capture (LAP_CAPT, capture types)
    -> stop on an empty hole -> base
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.context import Context
from mancala.engine.move_data import ENDLESS, FROM_STORE, NO, REPEAT_TURN, MoveData
from mancala.engine.position import Position
from mancala.engine.sowing import Sower
from mancala.engine.store_sowing import StoreSower
from mancala.engine.trace import store_place
from mancala.rules.enums import CaptType, ChildType, GameClass, LapSower, MlapCont, SowRule

MAX_LAPS = 50
MAX_LAPS_110 = 75  # the 1.10 reference sows longer before calling a move endless

# (position, move data) -> True go on / False stop / None: ask the next check
Check = Callable[[Position, MoveData], bool | None]
Decide = Callable[[Position, MoveData], bool]


class LapRule:
    def __init__(self, checks: list[Check], base: Decide) -> None:
        self.checks = tuple(checks)
        self.base = base

    def another_lap(self, pos: Position, md: MoveData) -> bool:
        for check in self.checks:
            verdict = check(pos, md)
            if verdict is not None:
                return verdict
        return self.base(pos, md)


class MultiLapSower(Sower):
    def __init__(self, ctx: Context, inner: Sower, rule: LapRule,
                 between: Callable[[Position, MoveData], None] | None) -> None:
        super().__init__(ctx)
        self.inner = inner
        self.rule = rule
        self.between = between
        self.max_laps = MAX_LAPS_110 if ctx.v110 else MAX_LAPS

    def sow(self, pos: Position, md: MoveData) -> None:
        for _ in range(self.max_laps):
            self.inner.sow(pos, md)
            if not self.rule.another_lap(pos, md):
                return
            loc = md.capt_loc
            md.cont_sow_loc = loc
            if loc == FROM_STORE:
                md.seeds = pos.stores[pos.turn]
                pos.stores[pos.turn] = 0
                md.lap_nbr += 1
                if md.trace is not None:
                    md.trace.lap(store_place(pos.turn))
                continue
            md.seeds = pos.board[loc]
            if self.between is not None:
                self.between(pos, md)
            pos.board[loc] = 0
            md.lap_nbr += 1
            if md.trace is not None:
                md.trace.lap(loc)
        md.capt_loc = ENDLESS

    def single(self) -> Sower:
        return self.inner.single()


# ---- base decisions -----------------------------------------------------------------


def always(_pos: Position, _md: MoveData) -> bool:
    return True


def make_next_hole(ctx: Context) -> Decide:
    """LAPPER_NEXT: go on from the next hole if it holds seeds."""
    incr = ctx.incr

    def next_hole(pos: Position, md: MoveData) -> bool:
        loc = incr(pos, md.capt_loc, md.direct)
        if pos.board[loc]:
            md.capt_loc = loc
            return True
        return False

    return next_hole


def make_next_or_store(ctx: Context) -> Decide:
    """LAPPER_NEXT with sow_stores under the 1.10 rules: the sowing path runs through
    the mover's store, so the place after a lap's last hole may be the store; a store
    holding seeds is sown on like a hole (its seeds start the next lap)."""
    next_hole = make_next_hole(ctx)
    store_next = StoreSower(ctx, row_cycles=ctx.klass == GameClass.NORTH_SOUTH_CYCLE).store_next

    def next_or_store(pos: Position, md: MoveData) -> bool:
        if store_next(pos, md.capt_loc, md.direct):
            if pos.stores[pos.turn]:
                md.capt_loc = FROM_STORE
                return True
            return False
        return next_hole(pos, md)

    return next_or_store


def not_blocked(pos: Position, md: MoveData) -> bool:
    """SOW_BLKD_DIV: a lap ending in a closed hole (its seed left play) stops."""
    return not pos.blocked[md.capt_loc]


def make_unless_child(ctx: Context) -> Decide:
    def unless_child(pos: Position, md: MoveData) -> bool:
        return not ctx.make_child(pos, md)
    return unless_child


# ---- checks -----------------------------------------------------------------------------


def stop_single(pos: Position, md: MoveData) -> bool | None:
    return False if pos.board[md.capt_loc] <= 1 else None


def make_gap_capture(ctx: Context) -> Check:
    """LAP_CAPT with NEXT/TWO_OUT: on an occupied hole, try the capture and sow on."""
    def gap_capture(pos: Position, md: MoveData) -> bool | None:
        if pos.board[md.capt_loc] > 1:
            saved = md.capt_loc
            ctx.capture_seeds(pos, md)
            md.capt_loc = saved
            return True
        return None
    return gap_capture


def make_cross_capture(ctx: Context) -> Check:
    """LAP_CAPT with crosscapt: on a hole that was empty, go on only if it captured."""
    def cross_capture(pos: Position, md: MoveData) -> bool | None:
        if pos.board[md.capt_loc] != 1:
            return None
        saved = md.captured
        md.captured = NO
        ctx.capture_seeds(pos, md)
        cont = bool(md.captured)
        md.captured = max(md.captured, saved)
        return cont
    return cross_capture


def make_basic_capture(ctx: Context) -> Check:
    """LAP_CAPT with basic captures: capture and go on from the next hole."""
    incr = ctx.incr

    def basic_capture(pos: Position, md: MoveData) -> bool | None:
        if not ctx.capt_ok(pos, md, md.capt_loc):
            return None
        ctx.capture_seeds(pos, md)
        md.capt_loc = incr(pos, md.capt_loc, md.direct)
        return True
    return basic_capture


def make_capture_seeds(ctx: Context) -> Check:
    """LAP_CAPT_SEEDS: try the capture at each lap's end; one that takes anything puts
    the seeds taken (all the mover's store) into the lap's last hole, and the lap goes
    on from there with them."""
    def capture_seeds(pos: Position, md: MoveData) -> bool | None:
        saved, last = md.captured, md.capt_loc
        md.captured = NO
        ctx.capture_seeds(pos, md)
        if md.captured:
            md.capt_loc = last
            if md.trace is not None:
                md.trace.take(store_place(pos.turn), pos.stores[pos.turn], last)
            pos.board[last] += pos.stores[pos.turn]
            pos.stores[pos.turn] = 0
            return True
        md.captured = max(md.captured, saved)
        md.capt_loc = last
        return None
    return capture_seeds


def make_stop_no_opp_seeds(ctx: Context) -> Check:
    """1.10 lap captures without stores: no lap once the opponent's row is empty."""
    order = ctx.board.order

    def stop_no_opp_seeds(pos: Position, _md: MoveData) -> bool | None:
        return False if not any(pos.board[loc] for loc in order[1 - pos.turn]) else None
    return stop_no_opp_seeds


def make_stop_capture(ctx: Context) -> Check:
    def stop_capture(pos: Position, md: MoveData) -> bool | None:
        if not ctx.inhibitor.stop_capt(pos, pos.turn) and ctx.capt_ok(pos, md, md.capt_loc):
            return False
        return None
    return stop_capture


def make_stop_simulated(ctx: Context) -> Check:
    """MATCH_OPP: stop if the capture would take something (tried on a copy)."""
    def stop_simulated(pos: Position, md: MoveData) -> bool | None:
        if not ctx.inhibitor.stop_capt(pos, pos.turn):
            trial = md.copy()
            ctx.capture_seeds(pos.copy(), trial)
            if trial.captured:
                return False
        return None
    return stop_simulated


def stop_in_child(pos: Position, md: MoveData) -> bool | None:
    return False if pos.child[md.capt_loc] is not None else None


def make_visit_opp(ctx: Context) -> Check:
    holes = ctx.board.holes
    side_of = ctx.board.side_of

    def visit_opp(pos: Position, md: MoveData) -> bool | None:
        if not md.lap_nbr and not (md.seeds >= holes or side_of[md.capt_loc] != pos.turn):
            return False
        return None
    return visit_opp


def make_stop_not_n(ctx: Context) -> Check:
    count = ctx.info.sow_param

    def stop_not_n(pos: Position, md: MoveData) -> bool | None:
        return False if pos.board[md.capt_loc] != count else None
    return stop_not_n


def make_stop_less_n(ctx: Context) -> Check:
    """mlap_cont GREQ_PARAM: a lap goes on only from a hole of mlap_param seeds or more."""
    least = ctx.info.mlap_param

    def stop_less_n(pos: Position, md: MoveData) -> bool | None:
        return False if pos.board[md.capt_loc] < least else None
    return stop_less_n


def make_stop_side(ctx: Context, own: bool) -> Check:
    """mlap_cont OWN_SIDE / OPP_SIDE: a lap goes on only from a hole of that side of the
    board (the mover's row, or the opponent's), whoever owns the hole now."""
    side_of = ctx.board.side_of

    def stop_side(pos: Position, md: MoveData) -> bool | None:
        return False if (side_of[md.capt_loc] == pos.turn) != own else None
    return stop_side


def stop_repeat_turn(_pos: Position, md: MoveData) -> bool | None:
    return False if md.capt_loc == REPEAT_TURN else None


# ---- building -------------------------------------------------------------------------


# 1.10 capture types that never stop a lap (the reference's NEXT and TWO_OUT do not either)
NO_LAP_STOP = (CaptType.SINGLETONS, CaptType.CAPT_OPP_1CCW, CaptType.PASS_STORE_CAPT, CaptType.PULL_ACROSS)


def _capture_checks(ctx: Context) -> list[Check]:
    info = ctx.info
    if info.capt_type in NO_LAP_STOP:
        return []
    basic = bool(info.evens or info.capt_on or info.capt_max or info.capt_min)
    # 1.10: lap captures without stores stop once the opponent has no seeds
    guard = ([make_stop_no_opp_seeds(ctx)] if ctx.v110 and not info.stores
             and info.sow_rule in (SowRule.LAP_CAPT, SowRule.OPP_GETS_OWN_LAST, SowRule.LAP_CAPT_SEEDS)
             else [])
    if info.sow_rule == SowRule.LAP_CAPT_SEEDS:
        return [*guard, make_capture_seeds(ctx)]
    if info.sow_rule in (SowRule.LAP_CAPT, SowRule.OPP_GETS_OWN_LAST):
        if info.crosscapt:
            return [*guard, make_cross_capture(ctx)]
        if info.capt_type in (CaptType.NEXT, CaptType.TWO_OUT):
            return [*guard, make_gap_capture(ctx)]
        return [*guard, make_basic_capture(ctx)]
    if info.capt_type == CaptType.MATCH_OPP:
        return [make_stop_simulated(ctx)]
    if basic and not info.crosscapt:
        return [make_stop_capture(ctx)]
    return []


def make_stop_cross(ctx: Context) -> Check:
    """1.10 LAPPER_NEXT with crosscapt: stop where the last seed fell into an empty hole
    facing seeds it may capture, rather than sow on from the next hole."""
    cross = ctx.board.cross
    capt_ok = ctx.capt_ok

    def stop_cross(pos: Position, md: MoveData) -> bool | None:
        loc = md.capt_loc
        return False if pos.board[loc] == 1 and capt_ok(pos, md, cross(loc)) else None
    return stop_cross


def _next_capture_checks(ctx: Context) -> list[Check]:
    """The 1.10 rules stop a LAPPER_NEXT sowing to capture, as they stop LAPPER (1.8
    sowed on from the next hole whatever the last seed could capture)."""
    info = ctx.info
    basic = bool(info.evens or info.capt_on or info.capt_max or info.capt_min)
    checks = [make_stop_cross(ctx)] if info.crosscapt else []
    if info.capt_type in (CaptType.NEXT, CaptType.TWO_OUT, *NO_LAP_STOP):
        return checks
    if info.capt_type == CaptType.MATCH_OPP:
        return [*checks, make_stop_simulated(ctx)]
    if basic and not info.crosscapt:
        return [*checks, make_stop_capture(ctx)]
    return checks


def make_lap_rule(ctx: Context) -> LapRule:
    info = ctx.info
    checks: list[Check] = []
    if info.sow_own_store:
        checks.append(stop_repeat_turn)
    if info.sow_rule == SowRule.CONT_LAP_ON:
        checks.append(make_stop_not_n(ctx))
    if info.visit_opp:
        checks.append(make_visit_opp(ctx))
    match info.mlap_cont:
        case MlapCont.NONE:
            pass
        case MlapCont.GREQ_PARAM:
            checks.append(make_stop_less_n(ctx))
        case MlapCont.OWN_SIDE | MlapCont.OPP_SIDE:
            checks.append(make_stop_side(ctx, own=info.mlap_cont == MlapCont.OWN_SIDE))
        case MlapCont.STOP_STORE:
            # the only store a lap can end in while sow_stores is OWN is the mover's,
            # which is a repeat turn: the same stop as sow_stores gives
            if not info.sow_own_store:
                checks.append(stop_repeat_turn)
        case MlapCont.NOT_FROM_STORE:
            raise NotImplementedError("mlap_cont NOT_FROM_STORE is not played yet")
    if info.mlaps == LapSower.LAPPER:
        children = info.child_type not in (ChildType.NOCHILD, ChildType.RAM)  # rams: plain holes here
        if children:
            checks.append(stop_in_child)
        checks += _capture_checks(ctx)
        checks.append(stop_single)
        if children:
            base: Decide = make_unless_child(ctx)
        elif info.sow_rule in (SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR):
            base = not_blocked
        else:
            base = always
    else:  # LAPPER_NEXT
        if ctx.v110:
            checks += _next_capture_checks(ctx)
        base = make_next_or_store(ctx) if ctx.v110 and info.sow_own_store else make_next_hole(ctx)
    return LapRule(checks, base)


def make_between(ctx: Context) -> Callable[[Position, MoveData], None] | None:
    """The step between laps: turn round (CHANGE_DIR_LAP) or close the hole (SOW_BLKD_DIV)."""
    info = ctx.info
    if info.sow_rule == SowRule.CHANGE_DIR_LAP:
        def turn_round(_pos: Position, md: MoveData) -> None:
            md.direct = -md.direct
        return turn_round
    if info.sow_rule in (SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR):
        holes, dbl = ctx.board.holes, ctx.board.dbl
        no_close = frozenset((holes - 1, dbl - 1)) if info.sow_rule == SowRule.SOW_BLKD_DIV_NR \
            else frozenset()
        side_of = ctx.board.side_of
        param = info.sow_param

        def close_hole(pos: Position, md: MoveData) -> None:
            loc = md.capt_loc
            if (loc not in no_close and pos.board[loc] == param
                    and side_of[loc] != pos.turn
                    and not ctx.inhibitor.stop_capt(pos, pos.turn)):
                pos.blocked[loc] = True
        return close_hole
    return None


def first_move_laps(ctx: Context, plain: Sower) -> MultiLapSower:
    """MLAPS_SOWER's first move: laps until a lap ends in a hole that was empty."""
    return MultiLapSower(ctx, plain, LapRule([stop_single], always), None)
