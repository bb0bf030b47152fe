"""Enders of their own: the 1.10 end conditions (end_cond) wrapped around the usual
chain, and the short enders of the DEPRIVE, CLEAR and IMMOBILIZE goals and of BearOff.
mancala.engine.ending_build chooses them per variant.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.context import Context
from mancala.engine.ending import Ender, SeedLimit
from mancala.engine.outcome import WIN, Decision
from mancala.engine.position import Position
from mancala.rules.enums import (
    EndCond,
    Goal,
)

# ---- the 1.10 end conditions (end_cond) ------------------------------------------------------


class SideCleared(Ender):
    """end_cond CLEARED_OWN / CLEARED_OPP: over once the mover's own side (or the
    opponent's) holds no seeds outside children, whoever moves next."""

    def __init__(self, ctx: Context, inner: Ender, *, own: bool) -> None:
        super().__init__(ctx, inner)
        self.sides = ctx.board.order if own else (ctx.board.order[1], ctx.board.order[0])

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        board, child = pos.board, pos.child
        cleared = not any(board[loc] for loc in self.sides[pos.turn] if child[loc] is None)
        return self.next(pos, repeat, over or cleared)


class HoleSeedLimit(Ender):
    """end_cond HOLE_SEED_LIMIT: over once no hole outside children holds more than
    end_param seeds."""

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        limit, child = self.ctx.info.end_param, pos.child
        low = all(seeds <= limit for loc, seeds in enumerate(pos.board) if child[loc] is None)
        return self.next(pos, repeat, over or low)


def end_condition(ctx: Context, inner: Ender) -> Ender:
    """The ender of a 1.10 end_cond. It sits outside the clear-winner check, so a game
    it ends is scored as one with no moves left; in rounds it ends the round."""
    match ctx.info.end_cond:
        case EndCond.NO_ADDTL:
            return inner
        case EndCond.CLEARED_OWN:
            return SideCleared(ctx, inner, own=True)
        case EndCond.CLEARED_OPP:
            return SideCleared(ctx, inner, own=False)
        case EndCond.SEEDS_LIMIT:
            return SeedLimit(ctx, inner, ctx.info.end_param)
        case EndCond.HOLE_SEED_LIMIT:
            return HoleSeedLimit(ctx, inner)
    raise NotImplementedError(ctx.info.end_cond)


# ---- DEPRIVE and CLEAR ------------------------------------------------------------------------


class DepriveNoSeeds(Ender):
    """DEPRIVE (min_move 1): a player left without seeds loses; so does one left without
    a move, unless it is the mover's own repeat turn."""

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        if over:
            return (WIN, 1 - pos.turn) if repeat else (WIN, pos.turn)
        side = self.ctx.board.order[pos.turn]
        if not any(pos.board[loc] for loc in side):
            return WIN, 1 - pos.turn
        return None, pos.turn


class DepriveLastMover(Ender):
    """DEPRIVE (min_move above 1): the last player able to move wins."""

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        if not self.moves_of(pos, 1 - pos.turn):
            return WIN, pos.turn
        return None, pos.turn


class ClearSeeds(Ender):
    """CLEAR: the first player to empty their own side wins (the mover first)."""

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        order = self.ctx.board.order
        if not any(pos.board[loc] for loc in order[pos.turn]):
            return WIN, pos.turn
        if not any(pos.board[loc] for loc in order[1 - pos.turn]):
            return WIN, 1 - pos.turn
        return None, pos.turn


class BearOffNoSeeds(Ender):
    """BearOff in 1.8 CLEAR/DEPRIVE games: once bearing off, a player with no seeds left on
    their side has finished."""

    def __init__(self, ctx: Context, inner: Ender) -> None:
        super().__init__(ctx, inner)
        goal = ctx.info.goal.eliminating
        self.winner: Callable[[int], int] | None = None
        if goal == Goal.DEPRIVE:
            self.winner = lambda turn: 1 - turn
        elif goal == Goal.CLEAR:
            self.winner = lambda turn: turn

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        side = self.ctx.board.order[pos.turn]
        if (over or self.winner is None or pos.normal_sow
                or any(pos.board[loc] for loc in side)):
            return self.next(pos, repeat, over)
        return WIN, self.winner(pos.turn)
