"""Children: holes a player claims (walda, tuzdik, weg, bull, qur), resolved once per variant.

`Position.children` holds, per hole, None or the player (0/1) whose child the hole is.
A child:

- is made at the end of a sow (`child_type`, `child_cvt`), where `child_locs` and
  `child_rule` allow it; making one ends a multi-lap sow and is not a capture;
- cannot start a move, cannot be captured from (an opponent's WEG gives up two seeds
  to a sow that ends in it), and a lap that ends in it (or, LAPPER_NEXT, would go on
  from it) ends the sow;
- keeps the seeds sown into it for its owner: they count like the owner's store
  (`held`), and move into that store when the game ends (`gather`).

`make_children(variant, geom)` is None for a variant without children, so such a
variant pays nothing per move. Every decision is in docs/rules-decisions.md, "Children".

    >>> from mancala.rules.enums import ChildLocs
    >>> locs_rows(ChildLocs.ENDS_PLUS_ONE_OPP, 6)
    (['TB', 'B', 'N', 'N', 'B', 'TB'], ['TB', 'T', 'N', 'N', 'T', 'TB'])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mancala.engine.board import Geometry
from mancala.engine.classes import store_holes, successors
from mancala.engine.position import Position
from mancala.engine.sowing import ChildStop, SowResult
from mancala.rules.enums import ChildLocs, ChildRule, ChildType, LapSower, RoundFill
from mancala.rules.variant import Variant

# ---- where children may be made: the reference's a b c d e scheme, as data ------------------

# Per pattern two rows of five designators "a b c d e": the top row (North) first, then the
# bottom row (South), each read left to right as South sees the board. T: the top player
# (North) may make a child there, B: the bottom player (South), TB: either, N: neither.
LOC_SCHEME: dict[ChildLocs, tuple[str, str]] = {
    ChildLocs.ANYWHERE: ("TB TB TB TB TB", "TB TB TB TB TB"),
    ChildLocs.ENDS_ONLY: ("TB N N N TB", "TB N N N TB"),
    ChildLocs.NO_ENDS: ("N TB TB TB N", "N TB TB TB N"),
    ChildLocs.INV_ENDS_PLUS_MID: ("B T T T B", "T B B B T"),
    ChildLocs.ENDS_PLUS_ONE_OPP: ("TB B N B TB", "TB T N T TB"),
    ChildLocs.NO_OWN_RIGHT: ("B TB TB TB TB", "TB TB TB TB T"),
    ChildLocs.NO_OPP_RIGHT: ("TB TB TB TB T", "B TB TB TB TB"),
    ChildLocs.NO_OPP_LEFT: ("T TB TB TB TB", "TB TB TB TB B"),
    # NOT_SYM_OPP is NO_OPP_LEFT and NOT_FACING is NO_OPP_RIGHT, each with a rule
    # about the children already made (see `dynamic_locs`)
    ChildLocs.NOT_SYM_OPP: ("T TB TB TB TB", "TB TB TB TB B"),
    ChildLocs.NOT_FACING: ("TB TB TB TB T", "B TB TB TB TB"),
    ChildLocs.ENDS_PLUS_ALL_OPP: ("TB B B B TB", "TB T T T TB"),
}
LETTER = ("B", "T")  # the designator letter of South (bottom) and North (top)


def row_pattern(designators: str, length: int) -> list[str]:
    """One row's designators for a board `length` holes long (2 or more):
    2: a e; 3: a c e; 4: a b d e; 5 and more: a b c ... c d e."""
    a, b, c, d, e = designators.split()
    if length < 2:
        raise ValueError("the child_locs scheme is defined for rows of 2 holes or more")
    if length == 2:
        return [a, e]
    if length == 3:
        return [a, c, e]
    if length == 4:
        return [a, b, d, e]
    return [a, b] + [c] * (length - 4) + [d, e]


def locs_rows(locs: ChildLocs, length: int) -> tuple[list[str], list[str]]:
    """(top row, bottom row) of designators, each left to right as South sees the board."""
    top, bottom = LOC_SCHEME[locs]
    return row_pattern(top, length), row_pattern(bottom, length)


def locs_by_hole(locs: ChildLocs, holes: int) -> list[str]:
    """The designator of each board index: the bottom row is holes 0..n-1 from South's left;
    the top row, left to right as South sees it, is holes 2n-1 down to n."""
    if holes == 1 and locs == ChildLocs.ANYWHERE:
        return ["TB", "TB"]
    top, bottom = locs_rows(locs, holes)
    return bottom + top[::-1]


def allowed_by_locs(locs: ChildLocs, holes: int) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """allowed[player][hole]: child_locs lets `player` make a child in `hole`."""
    table = locs_by_hole(locs, holes)
    return tuple(tuple(LETTER[p] in d for d in table) for p in (0, 1))  # type: ignore[return-value]


# ---- seeds held in children (for enders: children count like stores) -----------------------


def held(pos: Position) -> list[int]:
    """Seeds each player holds: their store plus the seeds in their children."""
    seeds = list(pos.stores)
    children = pos.children
    if children is not None:
        board = pos.board
        for h, c in enumerate(children):
            if c is not None:
                seeds[c] += board[h]
    return seeds


def in_play(pos: Position) -> int:
    """Seeds on the board outside children (the seeds still in play)."""
    children = pos.children
    if children is None:
        return sum(pos.board)
    return sum(s for s, c in zip(pos.board, children, strict=True) if c is None)


def gather(pos: Position) -> None:
    """End of a game: each child's seeds go to its owner's store (the hole stays a child)."""
    children = pos.children
    if children is None:
        return
    board = pos.board
    for h, c in enumerate(children):
        if c is not None and board[h]:
            pos.stores[c] += board[h]
            board[h] = 0


def playable_row(pos: Position, holes: range | list[int]) -> list[int]:
    """The holes of `holes` that are not children."""
    children = pos.children
    if children is None:
        return list(holes)
    return [h for h in holes if children[h] is None]


# ---- making children -------------------------------------------------------------------------

# maker(position, final hole, step, mover, seeds of the lap) -> True when it made a child
Maker = Callable[[Position, int, int, int, int], bool]
# settle(position, sow result, step, mover, seeds of the move): a single-lap sow's child
Settle = Callable[[Position, SowResult, int, int, int], None]


@dataclass(frozen=True, slots=True)
class Children:
    """The child rules of one variant, for the sower, the game and the capturer."""

    make: Maker
    lap_stop: ChildStop | None  # for make_sower when sowing laps; None for single laps
    settle: Settle | None  # for single-lap sows: the child test after the sow
    to_child: bool  # NORMAL without stores: captured seeds go into the capturer's child
    weg: bool  # a sow ending in an opponent's child takes two seeds from it
    order: tuple[tuple[int, ...], tuple[int, ...]]  # each player's holes, ring order from their left

    def first_child(self, pos: Position, player: int) -> int | None:
        """The player's first child counted counter-clockwise from their own leftmost hole."""
        children = pos.children
        for h in self.order[player]:
            if children[h] == player:  # type: ignore[index]
                return h
        return None

    def bank(self, pos: Position, player: int, seeds: int) -> None:
        """Put captured seeds into the player's first child (NORMAL without stores)."""
        h = self.first_child(pos, player)
        if h is None:  # cannot happen: the capturer takes nothing from a player without a child
            pos.stores[player] += seeds
        else:
            pos.board[h] += seeds


def make_children(variant: Variant, geom: Geometry) -> Children | None:
    gi = variant.game_info
    ctype = gi.child_type
    if ctype == ChildType.NOCHILD:
        return None
    n, size = geom.holes, geom.size
    nxt = successors(variant, geom)  # the hole after each, along its cycle (classes.py)
    cvt = gi.child_cvt
    allowed = allowed_by_locs(gi.child_locs, n)
    sym = gi.child_locs == ChildLocs.NOT_SYM_OPP
    facing = gi.child_locs == ChildLocs.NOT_FACING
    shorten = gi.blocks and gi.round_fill == RoundFill.SHORTEN
    own_store = gi.sow_own_store
    store_after = store_holes(variant, geom)
    # the first hole of the opponent's row in the sowing direction, per (mover, step)
    first_opp = {(p, d): (store_after[(p, d)] + d) % size for p in (0, 1) for d in (1, -1)}

    def locs_ok(pos: Position, h: int, mover: int) -> bool:
        """h is free and child_locs allows `mover` a child there (with the children so far)."""
        children = pos.children
        if children[h] is not None or not allowed[mover][h]:  # type: ignore[index]
            return False
        if pos.blocked is not None and pos.blocked[h]:
            return False
        if sym and children[h + n if h < n else h - n] is not None:  # type: ignore[index]
            return False
        return not (facing and children[size - 1 - h] is not None)  # type: ignore[index]

    def hole_owner(pos: Position, h: int) -> int:
        return pos.owners[h] if pos.owners is not None else (0 if h < n else 1)

    def not_1st_opp(f: int, step: int, mover: int, seeds: int) -> bool:
        """Not a lap of one seed ending in the first hole of the opponent's row."""
        return not (seeds == 1 and f == first_opp[(mover, step)])

    def opp_side(f: int, mover: int) -> bool:
        return (f >= n) != (mover == 1)

    # rule_ok(position, final hole, step, mover, seeds of the lap)
    match gi.child_rule:
        case ChildRule.NONE:

            def rule_ok(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                return True

        case ChildRule.OPP_SIDE_ONLY:

            def rule_ok(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                return opp_side(f, mover)

        case ChildRule.OWN_SIDE_ONLY:

            def rule_ok(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                return not opp_side(f, mover)

        case ChildRule.OPPS_ONLY_NOT_1ST:

            def rule_ok(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                return opp_side(f, mover) and not_1st_opp(f, step, mover, seeds)

        case ChildRule.OPP_OWNER_ONLY:

            def rule_ok(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                return hole_owner(pos, f) != mover

        case ChildRule.OWN_OWNER_ONLY:

            def rule_ok(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                return hole_owner(pos, f) == mover

        case ChildRule.NOT_1ST_OPP:

            def rule_ok(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                return not_1st_opp(f, step, mover, seeds)

        case _:
            raise NotImplementedError(gi.child_rule)

    def final_ok(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
        """The hole of the final seed may become the mover's child (locs, rule, board length)."""
        if shorten and pos.blocked is not None and pos.blocked[:n].count(False) <= 3:
            return False  # SHORTEN: no children on a board shortened to 3 holes or fewer
        return locs_ok(pos, f, mover) and rule_ok(pos, f, step, mover, seeds)

    make: Maker
    match ctype:
        case ChildType.NORMAL | ChildType.WEG:

            def make(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                if pos.board[f] != cvt or not final_ok(pos, f, step, mover, seeds):
                    return False
                pos.children[f] = mover  # type: ignore[index]
                return True

        case ChildType.ONE_CHILD:

            def make(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                if pos.board[f] != cvt or mover in pos.children:  # type: ignore[operator]
                    return False
                if not final_ok(pos, f, step, mover, seeds):
                    return False
                pos.children[f] = mover  # type: ignore[index]
                return True

        case ChildType.BULL:
            pair = {cvt - 1, cvt}

            def make(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                board = pos.board
                c = board[f]
                if c not in pair or not final_ok(pos, f, step, mover, seeds):
                    return False
                # the hole of the second-last seed: the one before f, when this lap sowed
                # two seeds or more and the seed before the last did not go into the store
                q = nxt[-step][f]
                two = (seeds >= 2 and not (own_store and store_after[(mover, step)] == q)
                       and board[q] == 2 * cvt - 1 - c)
                pos.children[f] = mover  # type: ignore[index]
                if two and locs_ok(pos, q, mover):  # with f a child already (NOT_FACING)
                    pos.children[q] = mover  # type: ignore[index]
                elif c != cvt:  # cvt - 1 alone makes no bull
                    pos.children[f] = None  # type: ignore[index]
                    return False
                return True

        case ChildType.QUR:

            def make(pos: Position, f: int, step: int, mover: int, seeds: int) -> bool:
                board = pos.board
                o = size - 1 - f
                if board[f] != 1 or board[o] != cvt or not final_ok(pos, f, step, mover, seeds):
                    return False
                pos.children[f] = mover  # type: ignore[index]
                if not locs_ok(pos, o, mover):  # with f a child already (o faces f)
                    pos.children[f] = None  # type: ignore[index]
                    return False
                pos.children[o] = mover  # type: ignore[index]
                return True

        case _:
            raise NotImplementedError(ctype)

    lap_stop: ChildStop | None = None
    settle: Settle | None = None
    if gi.mlaps == LapSower.OFF:

        def settle(pos: Position, res: SowResult, step: int, mover: int, seeds: int) -> None:
            f = res.final
            if f >= 0 and pos.children[f] is None:  # type: ignore[index]
                make(pos, f, step, mover, seeds)

    else:
        next_lap = gi.mlaps == LapSower.LAPPER_NEXT

        def lap_stop(pos: Position, final: int, step: int, mover: int, seeds: int) -> bool:
            children = pos.children
            if children[final] is not None:  # type: ignore[index]
                return True  # a child's seeds are not lifted; an opponent's weg captures
            if make(pos, final, step, mover, seeds):
                return True
            return next_lap and children[nxt[step][final]] is not None  # type: ignore[index]

    order = tuple(tuple((geom.hole_of(p, 0) + r) % size for r in range(size)) for p in (0, 1))
    return Children(
        make=make,
        lap_stop=lap_stop,
        settle=settle,
        to_child=ctype == ChildType.NORMAL and not gi.stores,
        weg=ctype == ChildType.WEG,
        order=order,  # type: ignore[arg-type]
    )
