"""Captures: the capture method of a variant, chosen once, and its lap-stop test.

A capturer removes seeds from the board and returns what it took as
(hole, seeds) pairs, so that grand-slam rules can give some of it back.

With children (mancala.engine.children) no capture takes from a child, a sow that
ends in a child captures nothing, except two seeds from an opponent's WEG, and
NORMAL children without stores let a player capture only once they have a child.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from mancala.engine.board import Geometry
from mancala.engine.classes import successors
from mancala.engine.position import Position
from mancala.engine.sowing import LapStop, SowResult
from mancala.rules.constraints import has_basic_capture, has_children
from mancala.rules.enums import (
    CaptExtraPick,
    CaptSide,
    CaptType,
    ChildType,
    CrossCaptOwn,
    Goal,
    LapSower,
)
from mancala.rules.variant import Variant

Taken = list[tuple[int, int]]
# capturer(position, result, step, mover) -> seeds taken
Capturer = Callable[[Position, SowResult, int, int], Taken]
# side_ok(position, hole, mover, first) -> may seeds be captured from the hole
SideOk = Callable[[Position, int, int, bool], bool]
# cross_chain(position, final, step, mover, taken) -> holes whose single seed cross-captured
CrossChain = Callable[[Position, int, int, int, Taken], list[int]]


def make_basic_ok(variant: Variant) -> Callable[[int], bool]:
    """The basic criteria (capt_on, evens, capt_min, capt_max), ANDed."""
    gi = variant.game_info
    tests: list[Callable[[int], bool]] = []
    if gi.capt_on:
        on = frozenset(gi.capt_on)
        tests.append(on.__contains__)
    if gi.evens:
        tests.append(lambda c: c > 0 and c % 2 == 0)
    if gi.capt_min:
        lo = gi.capt_min
        tests.append(lambda c: c >= lo)
    if gi.capt_max:
        hi = gi.capt_max
        tests.append(lambda c: 0 < c <= hi)
    if not tests:
        return lambda c: c > 0
    if len(tests) == 1:
        return tests[0]
    return lambda c: all(t(c) for t in tests)


def make_side_ok(variant: Variant, geom: Geometry) -> SideOk:
    """side_ok(position, hole, mover, first): may the mover capture from this hole?

    The sides are the rows; in TERRITORY games they are the holes' current owners
    (`Position.owners`), whichever row the holes are on, and OPP_SIDE/OPP_TERR (OWN_SIDE/
    OWN_TERR) both mean the opponent's (the mover's) holes. OPP_CONT/OWN_CONT judge only
    the first hole of a multiple capture."""
    n = geom.holes
    side = variant.game_info.capt_side
    if side == CaptSide.BOTH:
        return lambda pos, hole, mover, first: True
    opp = side in (CaptSide.OPP_SIDE, CaptSide.OPP_TERR, CaptSide.OPP_CONT)
    cont = side in (CaptSide.OPP_CONT, CaptSide.OWN_CONT)
    if variant.game_info.goal == Goal.TERRITORY:

        def by_owner(pos: Position, hole: int, mover: int, first: bool) -> bool:
            if cont and not first:
                return True
            owners = pos.owners
            theirs = (owners[hole] if owners is not None else int(hole >= n)) != mover
            return theirs == opp

        return by_owner
    match side:
        case CaptSide.OPP_SIDE | CaptSide.OPP_TERR:
            return lambda pos, hole, mover, first: (hole >= n) != (mover == 1)
        case CaptSide.OWN_SIDE | CaptSide.OWN_TERR:
            return lambda pos, hole, mover, first: (hole >= n) == (mover == 1)
        case CaptSide.OPP_CONT:
            return lambda pos, hole, mover, first: not first or (hole >= n) != (mover == 1)
        case CaptSide.OWN_CONT:
            return lambda pos, hole, mover, first: not first or (hole >= n) == (mover == 1)
    raise NotImplementedError(side)


class _Criteria(NamedTuple):
    nxt: Any  # successors(): the hole after each, along its cycle (classes.py)
    basic: bool  # has_basic_capture
    basic_ok: Callable[[int], bool]
    side_ok: Any  # make_side_ok
    locks: bool  # moveunlock: only unlocked holes are captured from
    limit: int  # holes a capture may take in a row (multicapt)


def _criteria(variant: Variant, geom: Geometry) -> _Criteria:
    """What every capturer reads of the variant, resolved once (unpacked into locals
    by the factories so the closures they return look nothing up)."""
    gi = variant.game_info
    limit = gi.multicapt if gi.multicapt > 0 else (geom.size if gi.multicapt < 0 else 1)
    return _Criteria(successors(variant, geom), has_basic_capture(variant), make_basic_ok(variant),
                     make_side_ok(variant, geom), gi.moveunlock, limit)


def make_cross_chain(variant: Variant, geom: Geometry) -> CrossChain:
    """The cross capture from a hole holding the single last seed, with `multicapt`.

    cross_chain(position, final, step, mover, taken) takes the seeds facing `final` when
    they may be cross-captured (non-empty, the basic criteria if any, `capt_side`, unlocked,
    not a child); with `multicapt` it goes on to the next hole in the capture direction
    (`capsamedir`: ahead, else back over the holes just sown) while that hole holds a single
    seed, as a last seed sown into an empty hole leaves it, and its facing hole may be
    cross-captured, up to `multicapt` holes (-1: as long as it holds). Returns the holes
    whose single seed made a capture, in order (xcpickown picks from these)."""
    gi = variant.game_info
    size = geom.size
    nxt, basic, basic_ok, side_ok, locks, limit = _criteria(variant, geom)
    capsamedir = gi.capsamedir

    def can(pos: Position, o: int, mover: int, first: bool) -> bool:
        c = pos.board[o]
        return bool(c) and (not basic or basic_ok(c)) and side_ok(pos, o, mover, first) \
            and (not locks or pos.unlocked[o]) and (pos.children is None or pos.children[o] is None)

    def cross_chain(pos: Position, final: int, step: int, mover: int, taken: Taken) -> list[int]:
        board = pos.board
        cd = step if capsamedir else -step
        singles: list[int] = []
        loc = final
        for i in range(limit):
            if i:
                loc = nxt[cd][loc]
                if loc == final or board[loc] != 1:
                    break
            o = size - 1 - loc
            if not can(pos, o, mover, i == 0):
                break
            taken.append((o, board[o]))
            board[o] = 0
            singles.append(loc)
        return singles

    return cross_chain


def make_capture_parts(variant: Variant, geom: Geometry) -> tuple[LapStop | None, Capturer | None]:
    """The variant's lap-stop test (None: captures never end a lap) and capturer (None: none)."""
    lap_stop, capturer = _capture_parts(variant, geom)
    if has_children(variant):
        capturer = _with_children(variant, capturer)
    return lap_stop, capturer


def _with_children(variant: Variant, inner: Capturer | None) -> Capturer | None:
    """A sow ending in a child captures nothing, except from an opponent's WEG: the seed just
    sown and one more. NORMAL children without stores: no capture before the mover has a child
    (the game puts the seeds into it)."""
    gi = variant.game_info
    weg = gi.child_type == ChildType.WEG
    to_child = gi.child_type == ChildType.NORMAL and not gi.stores
    if inner is None and not weg:
        return None

    def capture(pos: Position, res: SowResult, step: int, mover: int) -> Taken:
        f = res.final
        children = pos.children
        owner = children[f]  # type: ignore[index]
        if owner is not None:
            if weg and owner != mover:
                seeds = min(2, pos.board[f])
                pos.board[f] -= seeds
                return [(f, seeds)]
            return []
        if inner is None or (to_child and mover not in children):  # type: ignore[operator]
            return []
        return inner(pos, res, step, mover)

    return capture


def _capture_parts(variant: Variant, geom: Geometry) -> tuple[LapStop | None, Capturer | None]:
    gi = variant.game_info
    size = geom.size
    nxt, basic, basic_ok, side_ok, locks, limit = _criteria(variant, geom)
    lapping = gi.mlaps != LapSower.OFF
    capsamedir = gi.capsamedir

    if has_children(variant):

        def free(pos: Position, hole: int) -> bool:
            """Seeds may be captured from the hole: not locked, not a child."""
            return (not locks or pos.unlocked[hole]) and pos.children[hole] is None  # type: ignore[index]

    else:

        def free(pos: Position, hole: int) -> bool:
            return not locks or pos.unlocked[hole]

    def take(pos: Position, hole: int, taken: Taken) -> None:
        taken.append((hole, pos.board[hole]))
        pos.board[hole] = 0

    def chain(pos: Position, first: int, cd: int, mover: int, ok: Callable[[int], bool], taken: Taken) -> None:
        """Capture `first`, then go on in direction cd while `ok` holds, up to the limit."""
        take(pos, first, taken)
        loc = first
        for _ in range(limit - 1):
            loc = nxt[cd][loc]
            if loc == first or not ok(loc):
                break
            take(pos, loc, taken)

    if gi.crosscapt:
        pick = gi.xcpickown
        xc_sown = gi.xc_sown
        cross_chain = make_cross_chain(variant, geom)

        def cross(pos: Position, res: SowResult, step: int, mover: int) -> Taken:
            f = res.final
            board = pos.board
            if board[f] != 1 or (xc_sown and not res.sown_opp):
                return []
            if not side_ok(pos, size - 1 - f, mover, True):
                return []  # no cross capture from here: the single seed stays too
            taken: Taken = []
            singles = cross_chain(pos, f, step, mover, taken)
            if pick == CrossCaptOwn.ALWAYS_PICK or (pick == CrossCaptOwn.PICK_ON_CAPT and taken):
                for h in singles or (f,):
                    take(pos, h, taken)
            return taken

        return None, cross

    match gi.capt_type:
        case CaptType.NEXT:

            def lap_stop_next(pos: Position, f: int, mover: int) -> bool:
                return basic and basic_ok(pos.board[f])

            def next_capt(pos: Position, res: SowResult, step: int, mover: int) -> Taken:
                f = res.final
                board = pos.board
                cd = step if capsamedir else -step
                if lapping:
                    if basic and not basic_ok(board[f]):
                        return []

                    def ok(h: int, first: bool = False) -> bool:
                        return board[h] > 0 and side_ok(pos, h, mover, first) and free(pos, h)
                else:

                    def ok(h: int, first: bool = False) -> bool:
                        return basic_ok(board[h]) and side_ok(pos, h, mover, first) and free(pos, h)

                t = nxt[cd][f]
                taken: Taken = []
                if ok(t, True):
                    chain(pos, t, cd, mover, ok, taken)
                return taken

            return (lap_stop_next if basic else None), next_capt

        case CaptType.TWO_OUT:

            def two_out(pos: Position, res: SowResult, step: int, mover: int) -> Taken:
                f = res.final
                board = pos.board
                if not lapping and board[f] < 2:
                    return []
                taken: Taken = []
                loc = f
                for _ in range(limit):
                    gap = nxt[step][loc]
                    target = nxt[step][gap]
                    if board[gap] or not board[target] or not free(pos, target) or target == f:
                        break
                    take(pos, target, taken)
                    loc = target
                return taken

            return None, two_out

        case CaptType.MATCH_OPP:

            def lap_stop_match(pos: Position, f: int, mover: int) -> bool:
                c = pos.board[f]
                return c > 0 and c == pos.board[size - 1 - f]

            def match_opp(pos: Position, res: SowResult, step: int, mover: int) -> Taken:
                board = pos.board
                cd = step if capsamedir else -step

                def ok(h: int, first: bool = False) -> bool:
                    o = size - 1 - h
                    return board[h] > 0 and board[h] == board[o] and side_ok(pos, o, mover, first) and free(pos, o)

                taken: Taken = []
                loc = res.final
                for i in range(limit):
                    if i and loc == res.final:
                        break
                    if not ok(loc, i == 0):
                        break
                    take(pos, size - 1 - loc, taken)
                    loc = nxt[cd][loc]
                return taken

            return lap_stop_match, match_opp

        case CaptType.NONE:
            pass

    if not basic:
        return None, None

    def lap_stop_basic(pos: Position, f: int, mover: int) -> bool:
        return basic_ok(pos.board[f]) and side_ok(pos, f, mover, True) and free(pos, f)

    def basic_capt(pos: Position, res: SowResult, step: int, mover: int) -> Taken:
        f = res.final
        board = pos.board
        if not (basic_ok(board[f]) and side_ok(pos, f, mover, True) and free(pos, f)):
            return []
        cd = step if capsamedir else -step
        taken: Taken = []
        chain(pos, f, cd, mover, lambda h: basic_ok(board[h]) and side_ok(pos, h, mover, False) and free(pos, h), taken)
        return taken

    return lap_stop_basic, basic_capt


def make_pick_extra(variant: Variant, geom: Geometry) -> Callable[[Position, SowResult, int, Taken], None] | None:
    """Extra seeds taken when a move captured (PICKCROSS, PICKTWOS, PICKFINAL); never from
    a locked hole or a child."""
    size = geom.size
    n = geom.holes
    locks = variant.game_info.moveunlock
    kids = has_children(variant)

    def free(pos: Position, hole: int) -> bool:
        return (not locks or pos.unlocked[hole]) and (not kids or pos.children[hole] is None)  # type: ignore[index]
    match variant.game_info.pickextra:
        case CaptExtraPick.PICKCROSS:

            def pick_cross(pos: Position, res: SowResult, mover: int, taken: Taken) -> None:
                for hole, _ in list(taken):
                    o = size - 1 - hole
                    if pos.board[o] and free(pos, o):
                        taken.append((o, pos.board[o]))
                        pos.board[o] = 0

            return pick_cross
        case CaptExtraPick.PICKTWOS:

            def pick_twos(pos: Position, res: SowResult, mover: int, taken: Taken) -> None:
                owners = pos.owners  # TERRITORY: the opponent's holes are those it owns
                opp = range(n, size) if mover == 0 else range(n)
                for o in opp if owners is None else [h for h in range(size) if owners[h] != mover]:
                    if pos.board[o] == 2 and free(pos, o):
                        taken.append((o, 2))
                        pos.board[o] = 0

            return pick_twos
        case CaptExtraPick.PICKFINAL:

            def pick_final(pos: Position, res: SowResult, mover: int, taken: Taken) -> None:
                f = res.final
                if f >= 0 and pos.board[f] and free(pos, f):
                    taken.append((f, pos.board[f]))
                    pos.board[f] = 0

            return pick_final
    return None
