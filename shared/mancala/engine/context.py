"""What the stages of a move may read of the variant's pipeline.

The stage modules (sowing, laps, capture, allow, ending, rounds) are built by
mancala.engine.pipeline and call back into it (to sow a trial move, to make a
child, to reset a round). They name it by this protocol, not by the class, so that
the pipeline imports the stages and no stage imports the pipeline.
"""

from __future__ import annotations

import random
from typing import Protocol

from mancala.engine.board import Board
from mancala.engine.capture_ok import CaptOk
from mancala.engine.children import ChildTest
from mancala.engine.draw import Direction
from mancala.engine.incr import Incr
from mancala.engine.inhibit import Inhibitor
from mancala.engine.move_data import MoveData
from mancala.engine.position import Position
from mancala.engine.tally import RoundTally
from mancala.engine.trace import Recorder
from mancala.rules.enums import GameClass
from mancala.rules.variant import GameInfo, Variant

# the moves allowed from each hole: a bool, or one per direction where a player chooses
Allow = list  # list[bool | list[bool]]


class Context(Protocol):
    # the variant's settings, resolved once
    variant: Variant
    info: GameInfo
    klass: GameClass
    board: Board
    nbr_start: int
    v110: bool
    play_on: bool
    bear_off: bool
    any_hole: bool
    udir_holes: frozenset[int]
    store_moves: bool  # 1.10 play_locs BRD_OWN_STR_CHS: moves may sow from the store
    rng: random.Random
    # the strategies chosen before the stages
    incr: Incr
    direction: Direction
    capt_ok: CaptOk
    inhibitor: Inhibitor
    make_child: ChildTest
    tally: RoundTally | None

    def reset_round_state(self, pos: Position) -> None: ...

    def allowable(self, pos: Position) -> Allow: ...

    def do_sow(self, pos: Position, loc: int, asked: int, single: bool = False,
               trace: Recorder | None = None) -> MoveData: ...

    def capture_seeds(self, pos: Position, md: MoveData) -> None: ...

    def simulate(self, pos: Position, loc: int, asked: int) -> Position: ...

    def simulate_single_lap(self, pos: Position, loc: int) -> int: ...
