"""Which holes a move may start from: min_move, then the variant's allow_rule."""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.board import Geometry
from mancala.engine.classes import class_sides, successors
from mancala.engine.position import Position
from mancala.rules.enums import AllowRule, Goal
from mancala.rules.variant import Variant

# allowed(position, mover, candidate holes (own, >= min_move), step_of) -> holes
StepOf = Callable[[Position, int, int], int]
Filter = Callable[[Position, int, list[int], StepOf], list[int]]
# simulate(position, hole, step, mover) -> (final hole or -1 for store, sown on opponent's side)
Simulate = Callable[[Position, int, int, int], tuple[int, bool]]


def make_allow_filter(variant: Variant, geom: Geometry, simulate: Simulate) -> Filter | None:
    n, size = geom.holes, geom.size
    nxt = successors(variant, geom)  # the hole after each, along its cycle (classes.py)
    gi = variant.game_info
    rule = gi.allow_rule
    # "all holes" and "rightmost" read the mover's row, except where a player's holes are
    # not its row: the holes it owns (TERRITORY) or every hole (no_sides); "rightmost" is
    # then as the mover sees the board (Geometry.rightmost_of)
    anywhere = gi.no_sides
    by_view = anywhere or gi.goal == Goal.TERRITORY

    halves = class_sides(variant, geom)  # EastWestCycle, Ohojichi: a player's holes
    sides = halves or (geom.side(0), geom.side(1))
    right_by_view = by_view or halves is not None  # rightmost as the mover sees the board

    def mover_holes(pos: Position, mover: int) -> range | list[int]:
        """The holes the mover may start moves from (seeds or not)."""
        if not by_view:
            return sides[mover]
        owners, children = pos.owners, pos.children
        return [h for h in range(size) if (anywhere or owners is None and geom.owner(h) == mover
                                           or owners is not None and owners[h] == mover)
                and (children is None or children[h] is None)]

    def own_seeds(pos: Position, mover: int) -> list[int]:
        return [pos.board[h] for h in mover_holes(pos, mover) if pos.board[h]]

    def first_turn(pos: Position, mover: int) -> bool:
        return pos.player_moves[mover] == 0

    row_right_two = {geom.hole_of(p, n - 1) for p in (0, 1)} | {geom.hole_of(p, n - 2) for p in (0, 1) if n > 1}

    def right_two(pos: Position, mover: int) -> set[int]:
        if not right_by_view:
            return row_right_two
        holes = list(mover_holes(pos, mover))
        first = geom.rightmost_of(mover, mover, holes)
        holes.remove(first)
        return {first, geom.rightmost_of(mover, mover, holes)} if holes else {first}

    def rightmost(holes: list[int], mover: int) -> list[int]:
        if not right_by_view:
            return holes[-1:]  # holes are sorted: own rightmost is last for both players
        return [geom.rightmost_of(mover, mover, holes)] if holes else []

    match rule:
        case AllowRule.NONE:
            return None
        case AllowRule.OPP_OR_EMPTY:

            def opp_or_empty(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                out = []
                for h in holes:
                    final, sown_opp = simulate(pos, h, step_of(pos, h, mover), mover)
                    if sown_opp or (final >= 0 and pos.board[final] == 0):
                        out.append(h)
                return out

            return opp_or_empty
        case AllowRule.SINGLE_TO_ZERO:

            def single_to_zero(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                b = pos.board
                return [h for h in holes if b[h] != 1 or b[nxt[step_of(pos, h, mover)][h]] == 0]

            return single_to_zero
        case AllowRule.SINGLE_ONLY_ALL:

            def single_only_all(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                if all(s == 1 for s in own_seeds(pos, mover)):
                    return holes
                return [h for h in holes if pos.board[h] != 1]

            return single_only_all
        case AllowRule.SINGLE_ALL_TO_ZERO:

            def single_all_to_zero(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                b = pos.board
                if not all(s == 1 for s in own_seeds(pos, mover)):
                    return [h for h in holes if b[h] != 1]
                return [h for h in holes if b[nxt[step_of(pos, h, mover)][h]] == 0]

            return single_all_to_zero
        case AllowRule.TWO_ONLY_ALL:

            def two_only_all(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                if all(s == 2 for s in own_seeds(pos, mover)):
                    return holes
                return [h for h in holes if pos.board[h] != 2]

            return two_only_all
        case AllowRule.TWO_ONLY_ALL_RIGHT:

            def two_only_all_right(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                if all(s == 2 for s in own_seeds(pos, mover)):
                    return rightmost([h for h in holes if pos.board[h] == 2], mover)
                return [h for h in holes if pos.board[h] != 2]

            return two_only_all_right
        case AllowRule.FIRST_TURN_ONLY_RIGHT_TWO:

            def first_right_two(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                if first_turn(pos, mover):
                    right = right_two(pos, mover)
                    return [h for h in holes if h in right]
                return holes

            return first_right_two
        case AllowRule.RIGHT_2_1ST_THEN_ALL_TWO:

            def right_2_then_twos(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                if first_turn(pos, mover):
                    right = right_two(pos, mover)
                    return [h for h in holes if h in right]
                if all(pos.board[h] in (0, 2) for h in mover_holes(pos, mover)):
                    return holes
                return [h for h in holes if pos.board[h] != 2]

            return right_2_then_twos
        case AllowRule.MOVE_ALL_HOLES_FIRST:

            def move_all_first(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                fresh = [h for h in holes if not pos.unlocked[h]]
                return fresh if fresh else holes

            return move_all_first
        case AllowRule.NOT_XFROM_1S:

            def not_from_singleton_opp(pos: Position, mover: int, holes: list[int], step_of: StepOf) -> list[int]:
                return [h for h in holes if pos.board[size - 1 - h] != 1]

            return not_from_singleton_opp
    raise NotImplementedError(rule)
