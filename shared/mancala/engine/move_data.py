"""The working record of one move, shared by drawing, sowing and capturing.

`capt_loc` is where the sowing ended (the hole captures are tried from), or one
of the sentinels: REPEAT_TURN (the last seed went into the mover's store),
OPP_STORE (1.10 sow_stores BOTH_NR_OPP: into the opponent's store, which gives no
repeat turn) and ENDLESS (the sowing went on for MAX_LAPS laps). Between laps, `capt_loc` (and
then `cont_sow_loc`) may be FROM_STORE: the next lap sows the mover's store. `captured` is NO, YES or
REPEAT (a capture that gives the mover another turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mancala.engine.trace import Recorder

REPEAT_TURN = -1_000
ENDLESS = -1_001
# 1.10 LAPPER_NEXT with sow_stores: the hole after a lap's last is the mover's store,
# and the next lap sows the store's seeds
FROM_STORE = -1_002
# 1.10 sow_stores BOTH_NR_OPP: the last seed went into the opponent's store; the turn
# passes unless capt_type END_OPP_STORE_CAPT takes that store
OPP_STORE = -1_003
# Position.last's end of a ZigZag move that captured: its no-undo rule skips such moves
CAPTURED_END = -1_004

NO = 0
YES = 1
REPEAT = 2


class MoveData:
    __slots__ = (
        "player", "board", "direct", "seeds", "sow_loc", "cont_sow_loc", "lap_nbr",
        "capt_loc", "capt_next", "capt_start", "capt_changed", "captured", "trace",
    )

    def __init__(self, player: int, board: tuple[int, ...]) -> None:
        self.player = player
        self.board = board  # the board before the move (grand slam tests read it)
        self.direct = 0
        self.seeds = 0
        self.sow_loc = 0  # the hole the move started from
        self.cont_sow_loc = 0  # the hole the current lap started from
        self.lap_nbr = 0
        self.capt_loc = 0
        self.capt_next = 0  # where a multiple capture tries next
        # during a multiple capture, the hole it began from (where the sowing ended)
        self.capt_start: int | None = None
        self.capt_changed = False  # the capture step changed the position without capturing
        self.captured = NO
        # a traced move's Recorder (mancala.engine.trace); None in search and playouts
        self.trace: Recorder | None = None

    def start_at(self, loc: int, seeds: int) -> None:
        self.sow_loc = loc
        self.cont_sow_loc = loc
        self.seeds = seeds

    def copy(self) -> MoveData:
        new = MoveData.__new__(MoveData)
        for name in MoveData.__slots__:
            setattr(new, name, getattr(self, name))
        new.trace = None  # a copy is a trial (a simulated capture): nothing it does happened
        return new
