"""Sowing into the stores: the mover's store as the sowing passes it (sow_own_store,
1.10 sow_stores OWN), and both stores (1.10 sow_stores BOTH, BOTH_NR_OPP); and sowing
from the mover's store (1.10 play_locs BRD_OWN_STR_CHS).

Kept apart from mancala.engine.sowing, whose single-lap sowers never reach a store.
"""

from __future__ import annotations

from mancala.engine.board import CCW, Board
from mancala.engine.context import Context
from mancala.engine.move_data import FROM_STORE, OPP_STORE, REPEAT_TURN, MoveData
from mancala.engine.position import Position
from mancala.engine.sowing import Sower
from mancala.engine.trace import store_place

# a move that sows seeds from the mover's store: (STORE_MOVE, seeds), ["STORE", k] in JSON
STORE_MOVE = "STORE"


def store_predecessors(board: Board, row_cycles: bool, direct: int) -> tuple[int, int]:
    """Per player, the hole a store move sows on from (never drawn from): the one before
    the first hole the store's seeds reach in `direct`. Each store sits where its owner's
    sowing passes it: after the owner's row, or (NorthSouthCycle, each row a cycle of
    its own) where the owner's row wraps round."""
    holes, dbl = board.holes, board.dbl
    if row_cycles:  # South's seeds go round 0..holes-1, North's round holes..dbl-1
        return (holes - 1, dbl - 1) if direct == CCW else (0, holes)
    return (holes - 1, dbl - 1) if direct == CCW else (holes, 0)


class StoreSower(Sower):
    """sow_own_store: a seed goes into the mover's store each time the sowing leaves the
    row before it (the end of the row in the sowing direction); ending there gives a
    repeat turn. With `row_cycles` (NorthSouthCycle) the store is passed each time
    the sowing wraps round the mover's own row."""

    def __init__(self, ctx: Context, row_cycles: bool = False) -> None:
        super().__init__(ctx)
        holes = ctx.board.holes
        dbl = ctx.board.dbl

        def south_to_north(prev: int, loc: int) -> bool:
            return prev != REPEAT_TURN and 0 <= prev < holes <= loc < dbl

        def north_to_south(prev: int, loc: int) -> bool:
            return prev != REPEAT_TURN and holes <= prev < dbl and 0 <= loc < holes

        def wrapped_ccw(prev: int, loc: int) -> bool:
            return prev != REPEAT_TURN and prev >= loc

        def wrapped_cw(prev: int, loc: int) -> bool:
            return prev != REPEAT_TURN and prev <= loc

        if row_cycles:
            self.passes = {1: (wrapped_ccw, wrapped_ccw), -1: (wrapped_cw, wrapped_cw)}
            self.row_end = {1: (holes - 1, dbl - 1), -1: (0, holes)}
        else:
            self.passes = {1: (south_to_north, north_to_south),
                           -1: (north_to_south, south_to_north)}
            # the hole just before each player's store, by direction and player
            self.row_end = {1: (holes - 1, dbl - 1), -1: (holes, 0)}

    def store_next(self, pos: Position, loc: int, direct: int) -> bool:
        """Whether the mover's store comes right after hole `loc` when sowing in `direct`."""
        return self.passes[direct][pos.turn](loc, self.ctx.incr(pos, loc, direct))

    def sow(self, pos: Position, md: MoveData) -> None:
        turn = pos.turn
        incr = self.ctx.incr
        passes = self.passes[md.direct][turn]
        start = md.cont_sow_loc
        prev = start
        if start == FROM_STORE:  # a lap sowing the store's seeds starts past the store
            prev = REPEAT_TURN
            loc = incr(pos, self.row_end[md.direct][turn], md.direct, start)
        else:
            loc = incr(pos, prev, md.direct, start)
        if md.trace is None:
            for _ in range(md.seeds):
                if passes(prev, loc):
                    pos.stores[turn] += 1
                    prev = REPEAT_TURN
                else:
                    pos.board[loc] += 1
                    prev = loc
                    loc = incr(pos, loc, md.direct, start)
        else:
            ev, store = md.trace.ev, store_place(turn)
            for _ in range(md.seeds):
                if passes(prev, loc):
                    pos.stores[turn] += 1
                    prev = REPEAT_TURN
                    ev.append(store)
                else:
                    pos.board[loc] += 1
                    prev = loc
                    ev.append(loc)
                    loc = incr(pos, loc, md.direct, start)
        md.capt_loc = prev


class BothStoresSower(StoreSower):
    """1.10 sow_stores BOTH: each store is sown as the sowing passes it, the mover's and
    the opponent's (each store sits after its owner's row, as with sow_own_store); a
    last seed in either store gives the mover a repeat turn. BOTH_NR_OPP
    (`opp_no_repeat`): a last seed in the opponent's store ends at OPP_STORE instead,
    which gives none."""

    def __init__(self, ctx: Context, opp_no_repeat: bool = False) -> None:
        super().__init__(ctx)
        self.opp_end = OPP_STORE if opp_no_repeat else REPEAT_TURN

    def sow(self, pos: Position, md: MoveData) -> None:
        turn = pos.turn
        incr = self.ctx.incr
        own_passes = self.passes[md.direct][turn]
        opp_passes = self.passes[md.direct][1 - turn]
        start = md.cont_sow_loc
        prev = start
        end = start
        loc = incr(pos, prev, md.direct, start)
        ev = md.trace.ev if md.trace is not None else None
        for _ in range(md.seeds):
            if own_passes(prev, loc) or opp_passes(prev, loc):
                owner = turn if own_passes(prev, loc) else 1 - turn
                pos.stores[owner] += 1
                prev = REPEAT_TURN  # the passing tests read it as "just left a store"
                end = REPEAT_TURN if owner == turn else self.opp_end
                if ev is not None:
                    ev.append(store_place(owner))
            else:
                pos.board[loc] += 1
                prev = end = loc
                if ev is not None:
                    ev.append(loc)
                loc = incr(pos, loc, md.direct, start)
        md.capt_loc = end
