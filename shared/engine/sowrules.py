"""The sower of the sow rules (`sow_rule` with `sow_param`), of captures before sowing
(`presowcapt`) and of boards with blocked holes, built once per variant.

Variants without these keep the plain sower of sowing.py and pay nothing for them.
What each rule does, and every choice where the reference is open, is written in
docs/rules.md and docs/rules-decisions.md ("Sow rules"); in short:

- blocked holes (Position.blocked, True = out of play) are skipped; with SOW_BLKD_DIV(_NR)
  a seed that would fall in a blocked hole of the opponent leaves play into the sower's
  store instead, and a lap whose last seed brings an opponent's hole to `sow_param`
  closes it (its seeds to the sower's store, or, multi-lap, sown on as the next lap);
- NO_OPP_CHILD skips the opponent's children, NO_SOW_OPP_NS the opponent's holes holding
  `sow_param` seeds, MAX_SOW every hole holding `sow_param` or more;
- OWN_SOW_CAPT_ALL / SOW_CAPT_ALL capture, while sowing, each hole a seed (not the last of a
  lap) brings to the basic capture criteria: for its owner / for the sower;
- CHANGE_DIR_LAP reverses the direction after each lap; CONT_LAP_ON goes on with a lap only
  from a hole sown to `sow_param`;
- LAP_CAPT captures at the end of each lap and goes on sowing; OPP_GETS_OWN_LAST does so
  until the seeds in play are `sow_param` or fewer at the start of a lap, then the
  opponent takes the seeds falling on their side.

A sow that captures for the mover reports it in SowResult.taken (lap and pre-sow captures,
credited by the game as the move's capture), SowResult.captured (seeds put straight into
the mover's store while sowing) and SowResult.capt_done (no capture after the sow).
"""

from __future__ import annotations

from mancala.engine.board import Geometry
from mancala.engine.capture import make_basic_ok, make_cross_chain, make_side_ok
from mancala.engine.classes import class_sides, store_holes, successors
from mancala.engine.position import Position
from mancala.engine.presow import make_presow
from mancala.engine.sowing import MAX_LAPS, STORE, Capturer, ChildStop, LapStop, Sower, SowResult
from mancala.rules.enums import CaptType, LapSower, PreSowCapt, SowRule
from mancala.rules.variant import Variant

BLKD_DIV = (SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR)
LAP_CAPTS = (SowRule.LAP_CAPT, SowRule.OPP_GETS_OWN_LAST)

# what a capture at the end of a lap (LAP_CAPT) leaves the sow to do
NORMAL = -1  # no capture there: the lap goes on (or not) by the lapping rule
END = -2  # the sow is over and its capture made


def needs_rule_sower(variant: Variant) -> bool:
    gi = variant.game_info
    return gi.sow_rule != SowRule.NONE or gi.presowcapt != PreSowCapt.NONE or gi.blocks


class _Sow:
    """The running state of one sow."""

    __slots__ = ("mover", "can_capt", "sown_opp", "taken", "captured", "step")

    def __init__(self, mover: int, can_capt: bool) -> None:
        self.mover = mover
        self.can_capt = can_capt
        self.sown_opp = False
        self.taken: list[tuple[int, int]] = []
        self.captured = False
        self.step = 0


def make_rule_sower(variant: Variant, geom: Geometry, lap_stop: LapStop | None,
                    child_stop: ChildStop | None, capturer: Capturer | None) -> Sower:
    gi = variant.game_info
    n = geom.holes
    size = geom.size
    nxt = successors(variant, geom)  # the hole after each, along its cycle (classes.py)
    rule = gi.sow_rule
    param = gi.sow_param
    sow_start = gi.sow_start
    move_one = gi.move_one
    skip_start = gi.skip_start
    own_store = gi.sow_own_store
    store_after = store_holes(variant, geom)
    # whose side each hole is on: the rows, or the halves of EastWestCycle and Ohojichi
    halves = class_sides(variant, geom)
    side_of = [0 if h < n else 1 for h in range(size)] if halves is None \
        else [0 if h in halves[0] else 1 for h in range(size)]
    lapping = gi.mlaps != LapSower.OFF
    next_lap = gi.mlaps == LapSower.LAPPER_NEXT
    visit_opp = gi.visit_opp

    blkd_div = rule in BLKD_DIV
    skip_blocked = gi.blocks or blkd_div
    closes_at = param if blkd_div else 0
    never_closed = {geom.hole_of(p, n - 1) for p in (0, 1)} if rule == SowRule.SOW_BLKD_DIV_NR else set()
    no_opp_child = rule == SowRule.NO_OPP_CHILD
    skip_opp_at = param if rule == SowRule.NO_SOW_OPP_NS else -1
    max_sow = param if rule == SowRule.MAX_SOW else 0
    sow_capt = rule in (SowRule.OWN_SOW_CAPT_ALL, SowRule.SOW_CAPT_ALL)
    to_owner = rule == SowRule.OWN_SOW_CAPT_ALL
    change_dir = rule == SowRule.CHANGE_DIR_LAP
    lap_capt_rule = rule in LAP_CAPTS and lapping
    lap_capt = lap_capt_rule and capturer is not None
    last_seeds = param if rule == SowRule.OPP_GETS_OWN_LAST else -1
    cont_on = param if rule == SowRule.CONT_LAP_ON else 0

    presow, presow_laps = make_presow(variant, geom)
    nocapt = gi.nocaptmoves
    nosingle = gi.nosinglecapt
    basic_ok = make_basic_ok(variant)
    side_ok = make_side_ok(variant, geom)
    locks = gi.moveunlock
    cross = gi.crosscapt
    cross_chain = make_cross_chain(variant, geom) if cross else None
    xc_sown = gi.xc_sown
    basic_kind = not cross and gi.capt_type == CaptType.NONE

    def owner(pos: Position, hole: int) -> int:
        owners = pos.owners
        if owners is not None:
            return owners[hole]
        return side_of[hole]

    def capturable(pos: Position, hole: int) -> bool:
        if locks and not pos.unlocked[hole]:
            return False
        children = pos.children
        return children is None or children[hole] is None

    def can_capture(pos: Position, mover: int, seeds: int) -> bool:
        return pos.moves >= nocapt and not (nosingle and seeds == 1) and pos.capt_limit != mover

    def sow_lap(pos: Position, start: int, step: int, seeds: int, st: _Sow, gift: bool) -> int:
        """Drop `seeds` from `start` (already emptied); return the final hole or STORE.

        `gift`: OPP_GETS_OWN_LAST's last seeds: every seed but the lap's last that falls in
        an opponent's hole goes to the opponent's store instead."""
        board = pos.board
        stores = pos.stores
        mover = st.mover
        blocked = pos.blocked if skip_blocked else None
        children = pos.children if no_opp_child else None
        loc = start
        if sow_start and not (move_one and seeds == 1):
            board[start] += 1
            seeds -= 1
            if seeds == 0:
                if side_of[start] != mover:
                    st.sown_opp = True
                return start
        store_hole = store_after[(mover, step)] if own_store else -2
        misses = 0  # holes passed in a row without room for a seed
        while seeds:
            if loc == store_hole:
                stores[mover] += 1
                seeds -= 1
                misses = 0
                if not seeds:
                    return STORE
            if misses >= size:
                # a whole circuit without a hole to take a seed: the rest stay in the start hole
                board[start] += seeds
                return start
            loc = nxt[step][loc]
            if skip_start and loc == start:
                misses += 1
                continue
            if blocked is not None and blocked[loc]:
                if blkd_div and owner(pos, loc) != mover:
                    stores[mover] += 1  # diverted out of play: counted for the sower
                    seeds -= 1
                    misses = 0
                    if not seeds:
                        return loc
                    continue
                misses += 1
                continue
            if children is not None and children[loc] == 1 - mover:
                misses += 1
                continue
            c = board[loc]
            if c == skip_opp_at and owner(pos, loc) != mover:
                misses += 1
                continue
            if max_sow and c >= max_sow:
                misses += 1
                continue
            misses = 0
            seeds -= 1
            if side_of[loc] != mover:
                st.sown_opp = True
            if gift and seeds and owner(pos, loc) != mover:
                stores[1 - mover] += 1
                continue
            c += 1
            board[loc] = c
            if sow_capt and seeds and st.can_capt and basic_ok(c) and side_ok(pos, loc, mover, True) \
                    and capturable(pos, loc):
                who = owner(pos, loc) if to_owner else mover
                stores[who] += c
                board[loc] = 0
                if who == mover:
                    st.captured = True
        return loc

    def close(pos: Position, final: int, st: _Sow) -> int:
        """SOW_BLKD_DIV: close the opponent's hole the lap ended in when it holds `sow_param`;
        return the seeds taken out of it (0 when it stays open)."""
        if not st.can_capt or side_of[final] == st.mover or final in never_closed:
            return 0
        board = pos.board
        seeds = board[final]
        if seeds != closes_at:
            return 0
        if pos.blocked is None:
            pos.blocked = [False] * size
        pos.blocked[final] = True
        board[final] = 0
        return seeds

    def lap_capture(pos: Position, final: int, step: int, st: _Sow, gift: bool) -> int:
        """LAP_CAPT at the end of a lap: NORMAL, END, or the hole to draw the next lap from."""
        board = pos.board
        mover = st.mover
        if cross:
            if board[final] != 1 or (xc_sown and not st.sown_opp):
                return NORMAL
            if not cross_chain(pos, final, step, mover, st.taken):  # type: ignore[misc]
                return NORMAL
            if gift:  # the sower takes the last seed too
                st.taken.append((final, 1))
                board[final] = 0
                return END
            return final  # sowing goes on with the single seed
        if basic_kind:
            taken = capturer(pos, SowResult(final, st.sown_opp), step, mover)  # type: ignore[misc]
            if not taken:
                return NORMAL
            st.taken.extend(taken)
            if gift:
                return END
            after = nxt[step][final]
            children = pos.children
            if not board[after] or (children is not None and children[after] is not None):
                return END  # nothing to draw (a child's seeds are never drawn)
            return after
        # NEXT, TWO_OUT, MATCH_OPP: a possible capture where a lap ends in an occupied hole
        if board[final] <= 1:
            return NORMAL
        taken = capturer(pos, SowResult(final, st.sown_opp), step, mover)  # type: ignore[misc]
        if taken:
            st.taken.extend(taken)
            if gift:
                if board[final]:
                    st.taken.append((final, 1))
                    board[final] -= 1
                return END
        return NORMAL

    def result(st: _Sow, final: int, laps: int, capt_done: bool = False) -> SowResult:
        return SowResult(final, st.sown_opp, False, laps, st.step, st.taken or None, capt_done, st.captured)

    def sow(pos: Position, start: int, step: int, mover: int) -> SowResult:
        board = pos.board
        seeds = board[start]
        board[start] = 0
        st = _Sow(mover, can_capture(pos, mover, seeds))
        if change_dir:
            st.step = step
        if presow is not None and st.can_capt:
            seeds = presow(pos, start, seeds, mover, True, st.taken)
            if not seeds:
                return result(st, start, 1, True)
        laps = 0
        while True:
            laps += 1
            gift = last_seeds >= 0 and sum(board) + seeds <= last_seeds
            final = sow_lap(pos, start, step, seeds, st, gift)
            if final == STORE:
                return result(st, STORE, laps)
            closed = closes_at and close(pos, final, st)
            if closed:
                if not lapping:
                    pos.stores[mover] += closed  # removed from play: counted for the sower
                    return result(st, final, laps, True)
                start = final
                seeds = closed
            else:
                if not lapping:
                    return result(st, final, laps)
                if child_stop is not None and child_stop(pos, final, step, mover, seeds):
                    return result(st, final, laps)
                if visit_opp and laps == 1 and not st.sown_opp:
                    return result(st, final, laps)
                then = NORMAL
                if lap_capt_rule:
                    if lap_capt and st.can_capt:
                        then = lap_capture(pos, final, step, st, gift)
                        if then == END:
                            return result(st, final, laps, True)
                    if then == NORMAL and gift and owner(pos, final) != mover and board[final]:
                        board[final] -= 1  # the last seed goes to the opponent
                        pos.stores[1 - mover] += 1
                        return result(st, final, laps, True)
                elif lap_stop is not None and lap_stop(pos, final, mover):
                    return result(st, final, laps)
                if then != NORMAL:
                    start = then
                elif next_lap:
                    if cont_on and board[final] != cont_on:
                        return result(st, final, laps)
                    start = nxt[step][final]
                    if board[start] == 0:
                        return result(st, final, laps)
                else:
                    if (board[final] != cont_on) if cont_on else (board[final] <= 1):
                        return result(st, final, laps)
                    start = final
                if change_dir:
                    step = -step
                    st.step = step
                seeds = board[start]
                board[start] = 0
            if laps >= MAX_LAPS:
                # the seeds in hand leave the game; captures made so far stand
                if st.taken:
                    pos.stores[mover] += sum(s for _, s in st.taken)
                return SowResult(final, st.sown_opp, True, laps, st.step, None, False, st.captured)
            if presow_laps and st.can_capt:
                seeds = presow(pos, start, seeds, mover, False, st.taken)  # type: ignore[misc]
                if not seeds:
                    return result(st, start, laps, True)

    return sow


def closes_holes(variant: Variant) -> bool:
    """SOW_BLKD_DIV(_NR): sowing closes holes, so positions carry `blocked` from the start."""
    return variant.game_info.sow_rule in BLKD_DIV
