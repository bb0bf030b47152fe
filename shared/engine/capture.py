"""Captures: the capture method of a variant, chosen once, and its lap-stop test.

A capturer removes seeds from the board and returns what it took as
(hole, seeds) pairs, so that grand-slam rules can give some of it back.

With children (mancala.engine.children) no capture takes from a child, a sow that
ends in a child captures nothing, except two seeds from an opponent's WEG, and
NORMAL children without stores let a player capture only once they have a child.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.board import Geometry
from mancala.engine.position import Position
from mancala.engine.sowing import LapStop, SowResult
from mancala.rules.constraints import has_basic_capture, has_children
from mancala.rules.enums import CaptExtraPick, CaptSide, CaptType, ChildType, CrossCaptOwn, LapSower
from mancala.rules.variant import Variant

Taken = list[tuple[int, int]]
# capturer(position, result, step, mover) -> seeds taken
Capturer = Callable[[Position, SowResult, int, int], Taken]


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


def make_side_ok(variant: Variant, geom: Geometry) -> Callable[[int, int, bool], bool]:
    """side_ok(hole, mover, first): may seeds be captured from this hole?"""
    n = geom.holes
    match variant.game_info.capt_side:
        case CaptSide.BOTH:
            return lambda hole, mover, first: True
        case CaptSide.OPP_SIDE | CaptSide.OPP_TERR:
            return lambda hole, mover, first: (hole >= n) != (mover == 1)
        case CaptSide.OWN_SIDE | CaptSide.OWN_TERR:
            return lambda hole, mover, first: (hole >= n) == (mover == 1)
        case CaptSide.OPP_CONT:
            return lambda hole, mover, first: not first or (hole >= n) != (mover == 1)
        case CaptSide.OWN_CONT:
            return lambda hole, mover, first: not first or (hole >= n) == (mover == 1)
    raise NotImplementedError(variant.game_info.capt_side)


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
    basic = has_basic_capture(variant)
    basic_ok = make_basic_ok(variant)
    side_ok = make_side_ok(variant, geom)
    locks = gi.moveunlock
    limit = gi.multicapt if gi.multicapt > 0 else (size if gi.multicapt < 0 else 1)
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
            loc = (loc + cd) % size
            if loc == first or not ok(loc):
                break
            take(pos, loc, taken)

    if gi.crosscapt:
        pick = gi.xcpickown
        xc_sown = gi.xc_sown

        def cross(pos: Position, res: SowResult, step: int, mover: int) -> Taken:
            f = res.final
            board = pos.board
            if board[f] != 1 or (xc_sown and not res.sown_opp):
                return []
            o = size - 1 - f
            taken: Taken = []
            if not side_ok(o, mover, True):
                return []  # no cross capture from here: the single seed stays too
            c = board[o]
            if c and (not basic or basic_ok(c)) and free(pos, o):
                take(pos, o, taken)
            if pick == CrossCaptOwn.ALWAYS_PICK or (pick == CrossCaptOwn.PICK_ON_CAPT and taken):
                take(pos, f, taken)
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
                        return board[h] > 0 and side_ok(h, mover, first) and free(pos, h)
                else:

                    def ok(h: int, first: bool = False) -> bool:
                        return basic_ok(board[h]) and side_ok(h, mover, first) and free(pos, h)

                t = (f + cd) % size
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
                    gap = (loc + step) % size
                    target = (gap + step) % size
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
                    return board[h] > 0 and board[h] == board[o] and side_ok(o, mover, first) and free(pos, o)

                taken: Taken = []
                loc = res.final
                for i in range(limit):
                    if i and loc == res.final:
                        break
                    if not ok(loc, i == 0):
                        break
                    take(pos, size - 1 - loc, taken)
                    loc = (loc + cd) % size
                return taken

            return lap_stop_match, match_opp

        case CaptType.NONE:
            pass

    if not basic:
        return None, None

    def lap_stop_basic(pos: Position, f: int, mover: int) -> bool:
        return basic_ok(pos.board[f]) and side_ok(f, mover, True) and free(pos, f)

    def basic_capt(pos: Position, res: SowResult, step: int, mover: int) -> Taken:
        f = res.final
        board = pos.board
        if not (basic_ok(board[f]) and side_ok(f, mover, True) and free(pos, f)):
            return []
        cd = step if capsamedir else -step
        taken: Taken = []
        chain(pos, f, cd, mover, lambda h: basic_ok(board[h]) and side_ok(h, mover, False) and free(pos, h), taken)
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
                for o in range(n, size) if mover == 0 else range(n):
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
