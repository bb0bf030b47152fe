"""Sowing: one strategy per variant, built from its sowing parameters.

A sower takes seeds from the start hole and drops them, lap after lap where the
variant sows multiple laps, and reports where the last seed fell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mancala.engine.board import Geometry
from mancala.engine.classes import (
    CYCLE_CLASSES,
    class_sides,
    store_holes,
    successors,
)
from mancala.engine.position import Position
from mancala.rules.enums import LapSower, SowPrescribed
from mancala.rules.variant import Variant

STORE = -1  # the last seed fell in the mover's store
MAX_LAPS = 50  # the reference ends a sow that goes on for more laps than this


@dataclass(slots=True)
class SowResult:
    final: int  # board index of the last seed, or STORE
    sown_opp: bool  # a seed fell on the opponent's side
    endless: bool = False  # stopped after MAX_LAPS; the seeds in hand are dropped
    laps: int = 1
    # set only by the sowers of sow rules, captures before sowing and prescribed openings
    # (sowrules.py, presow.py, prescribed.py):
    step: int = 0  # the last lap's direction when the sow changed it (CHANGE_DIR_LAP), else 0
    taken: list[tuple[int, int]] | None = None  # the mover's captures made while sowing: off
    # the board and not yet in a store; the game credits them as part of the move's capture
    capt_done: bool = False  # the sow settled the move's capture: no capture after it
    captured: bool = False  # the mover took seeds straight into its store while sowing


# stop(position, final_hole, mover) -> True when a lap ending there must not continue
LapStop = Callable[[Position, int, int], bool]
# child_stop(position, final_hole, step, mover, seeds sown by the lap) -> True when the lap
# ends the sow at a child (mancala.engine.children: it makes the child if one is made there)
ChildStop = Callable[[Position, int, int, int, int], bool]
Sower = Callable[[Position, int, int, int], SowResult]
# capturer(position, result, step, mover) -> (hole, seeds) taken (capture.py)
Capturer = Callable[[Position, "SowResult", int, int], list[tuple[int, int]]]


def make_sower(variant: Variant, geom: Geometry, lap_stop: LapStop | None,
               child_stop: ChildStop | None = None, capturer: Capturer | None = None) -> Sower:
    """The variant's sower: the plain one below, or, with sow rules, captures before sowing
    or blocked holes, the one of `sowrules`; wrapped by a prescribed opening if any.
    `capturer` is the game's capture, which LAP_CAPT applies at the end of each lap."""
    gi = variant.game_info
    if gi.prescribed != SowPrescribed.NONE:
        from mancala.engine.prescribed import limit_child_stop, wrap_opening

        if gi.prescribed == SowPrescribed.ARNGE_LIMIT:
            child_stop = limit_child_stop(child_stop)
        return wrap_opening(variant, geom, _make_sower(variant, geom, lap_stop, child_stop, capturer))
    return _make_sower(variant, geom, lap_stop, child_stop, capturer)


def _make_sower(variant: Variant, geom: Geometry, lap_stop: LapStop | None,
                child_stop: ChildStop | None, capturer: Capturer | None) -> Sower:
    from mancala.engine.sowrules import make_rule_sower, needs_rule_sower

    if needs_rule_sower(variant):
        return make_rule_sower(variant, geom, lap_stop, child_stop, capturer)
    gi = variant.game_info
    n = geom.holes
    size = geom.size
    sow_start = gi.sow_start
    move_one = gi.move_one
    skip_start = gi.skip_start
    own_store = gi.sow_own_store
    store_after = store_holes(variant, geom)
    # NorthSouthCycle / EastWestCycle: a sow goes round the cycle of the hole it starts
    # from (classes.py), never into the other one
    ns_cycle = variant.game_class in CYCLE_CLASSES
    succ = successors(variant, geom)
    # whose side each hole is on: the rows, or EastWestCycle's and Ohojichi's halves
    halves = class_sides(variant, geom)
    side_of = [0 if h < n else 1 for h in range(size)] if halves is None \
        else [0 if h in halves[0] else 1 for h in range(size)]

    def advance(loc: int, step: int) -> int:
        return succ[step][loc]

    def sow_lap(pos: Position, start: int, step: int, mover: int, seeds: int) -> tuple[int, bool]:
        """Drop `seeds` from `start` (already emptied); return (final, sown_opp)."""
        board = pos.board
        loc = start
        sown_opp = False
        if sow_start and not (move_one and seeds == 1):
            board[start] += 1
            seeds -= 1
            if seeds == 0:
                return start, side_of[start] != mover
        store_hole = store_after[(mover, step)] if own_store else -2
        while seeds:
            if loc == store_hole:
                pos.stores[mover] += 1
                seeds -= 1
                if not seeds:
                    return STORE, sown_opp
            loc = advance(loc, step) if ns_cycle else (loc + step) % size
            if skip_start and loc == start:
                continue
            board[loc] += 1
            seeds -= 1
            if side_of[loc] != mover:
                sown_opp = True
        return loc, sown_opp

    if gi.mlaps == LapSower.OFF:

        def single(pos: Position, start: int, step: int, mover: int) -> SowResult:
            seeds = pos.board[start]
            pos.board[start] = 0
            final, sown_opp = sow_lap(pos, start, step, mover, seeds)
            return SowResult(final, sown_opp)

        return single

    next_lap = gi.mlaps == LapSower.LAPPER_NEXT
    visit_opp = gi.visit_opp

    def multi(pos: Position, start: int, step: int, mover: int) -> SowResult:
        board = pos.board
        seeds = board[start]
        board[start] = 0
        any_opp = False
        laps = 0
        while True:
            laps += 1
            final, sown_opp = sow_lap(pos, start, step, mover, seeds)
            any_opp = any_opp or sown_opp
            if final == STORE:
                return SowResult(STORE, any_opp, laps=laps)
            if child_stop is not None and child_stop(pos, final, step, mover, seeds):
                return SowResult(final, any_opp, laps=laps)
            if visit_opp and laps == 1 and not sown_opp:
                return SowResult(final, any_opp, laps=laps)
            if lap_stop is not None and lap_stop(pos, final, mover):
                return SowResult(final, any_opp, laps=laps)
            if next_lap:
                start = advance(final, step) if ns_cycle else (final + step) % size
                if board[start] == 0:
                    return SowResult(final, any_opp, laps=laps)
            else:
                if board[final] <= 1:
                    return SowResult(final, any_opp, laps=laps)
                start = final
            seeds = board[start]
            board[start] = 0
            if laps >= MAX_LAPS:
                # the seeds just picked up are in hand: they leave the game
                return SowResult(final, any_opp, endless=True, laps=laps)

    return multi
