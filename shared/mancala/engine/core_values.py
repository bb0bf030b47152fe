"""The C core's numbers for the rules' values: mancala_core.h's enums as fast.params
writes them, and the sets of rule values whose code the core has (fast.why_not_fast
reads those). Each table names the Python engine's choice it stands for."""

from __future__ import annotations

from typing import Any

from mancala.engine.ending import ROUND_GOALS
from mancala.engine.tally import TALLY_INDEX
from mancala.rules.enums import (
    CaptExtraPick,
    CaptRTurn,
    CaptSide,
    CaptType,
    ChildLocs,
    ChildRule,
    ChildType,
    CrossCaptOwn,
    Direct,
    EndCond,
    EndRule,
    Goal,
    GrandSlam,
    LapSower,
    MlapCont,
    SowRule,
    Unclaimed,
)

# mancala_core.h's MOVE_*: a core move is the hole, with a bit for a direction the mover names
MOVE_DIRECTION = {"CCW": 0x100, "CW": 0x200}
MLAPS = {LapSower.OFF: 0, LapSower.LAPPER: 1, LapSower.LAPPER_NEXT: 2}
XCPICKOWN = {CrossCaptOwn.LEAVE: 0, CrossCaptOwn.PICK_ON_CAPT: 1, CrossCaptOwn.ALWAYS_PICK: 2}
CAPT_SIDE = {CaptSide.BOTH: 0, CaptSide.OPP_SIDE: 1, CaptSide.OWN_SIDE: 2,
             CaptSide.OPP_CONT: 3, CaptSide.OWN_CONT: 4, CaptSide.OPP_TERR: 5,
             CaptSide.OWN_TERR: 6}
CAPT_RTURN = {CaptRTurn.NO_REPEAT: 0, CaptRTurn.ALWAYS: 1, CaptRTurn.ONCE: 2}
GRANDSLAM = {GrandSlam.LEGAL: 0, GrandSlam.NOT_LEGAL: 1, GrandSlam.NO_CAPT: 2,
             GrandSlam.OPP_GETS_REMAIN: 3, GrandSlam.LEAVE_LEFT: 4, GrandSlam.LEAVE_RIGHT: 5}
UNCLAIMED = {Unclaimed.HOLE_OWNER: 0, Unclaimed.DONT_SCORE: 1, Unclaimed.LAST_MOVER: 2,
             Unclaimed.UNFED_PLAYER: 3, Unclaimed.DIVVIED: 4}
PICKEXTRA = {CaptExtraPick.NONE: 0, CaptExtraPick.PICKCROSS: 1, CaptExtraPick.PICKTWOS: 2,
             CaptExtraPick.PICKFINAL: 3, CaptExtraPick.PICKLASTSEEDS: 4,
             CaptExtraPick.PICK2XLASTSEEDS: 5}
STEP = {Direct.CCW: 1, Direct.CW: -1}
# sow_direct values whose direction the hole's count decides (draw._even_odd_direction)
BY_COUNT = {Direct.EVEN_ODD_DIR}
# mancala_core.h's GOAL_*: the goals whose enders the core plays (ending_build.make_ender)
GOAL = {Goal.MAX_SEEDS: 0, Goal.CLEAR: 1, Goal.DEPRIVE: 2, Goal.IMMOBILIZE: 3}
# mancala_core.h's TALLY_*: the RND_* goals, played round by round as the goal each round
# is decided by (Goal.eliminating), each round's end tallied (ending.RoundByTally)
TALLY = {goal: TALLY_INDEX[goal] + 1 for goal in ROUND_GOALS}
END_RULE = {EndRule.REFERENCE: 0, EndRule.ROW_EMPTY: 1}
# mancala_core.h's QUIT_*: what ending.make_quitter does with the seeds left
QUIT_TIE, QUIT_TAKE_OWN, QUIT_DROP, QUIT_LAST_MOVER, QUIT_DIVVY = range(5)
QUIT_18 = {Unclaimed.DONT_SCORE: QUIT_DROP, Unclaimed.LAST_MOVER: QUIT_LAST_MOVER,
           Unclaimed.UNFED_PLAYER: QUIT_TAKE_OWN}
QUIT_110 = {Unclaimed.HOLE_OWNER: QUIT_TAKE_OWN, Unclaimed.DONT_SCORE: QUIT_DROP,
            Unclaimed.LAST_MOVER: QUIT_LAST_MOVER, Unclaimed.DIVVIED: QUIT_DIVVY}

# mancala_core.h's MC_*: STOP_STORE stops where sow_own_store already stops (a lap
# ending in the mover's store), and nowhere without it
MLAP_CONT = {MlapCont.NONE: 0, MlapCont.GREQ_PARAM: 1, MlapCont.OWN_SIDE: 2,
             MlapCont.OPP_SIDE: 3, MlapCont.STOP_STORE: 0}
CAPT_TYPE = {CaptType.NONE: 0, CaptType.TWO_OUT: 1, CaptType.MATCH_OPP: 2, CaptType.PULL_ACROSS: 3}
END_COND = {EndCond.NO_ADDTL: 0, EndCond.CLEARED_OWN: 1, EndCond.CLEARED_OPP: 2,
            EndCond.SEEDS_LIMIT: 3, EndCond.HOLE_SEED_LIMIT: 4}
# mancala_core.h's CH_*, CR_* and CG_*: the children made instead of a capture
# (capture_steps.MakeChild with children.make_child_test)
CHILD_TYPE = {ChildType.NOCHILD: 0, ChildType.NORMAL: 1, ChildType.ONE_CHILD: 2}
CHILD_RULE = {ChildRule.NONE: 0, ChildRule.OPP_SIDE_ONLY: 1, ChildRule.OWN_SIDE_ONLY: 2,
              ChildRule.NOT_1ST_OPP: 3, ChildRule.OPPS_ONLY_NOT_1ST: 4}
CHILD_GUARD = {ChildLocs.NOT_SYM_OPP: 1, ChildLocs.NOT_FACING: 2}
CHILDLESS: dict[str, Any] = {"children": 0, "child_cvt": 0, "child_rule": 0, "child_guard": 0,
                             "child_where": ()}
# mancala_core.h's HOLD_*: ending.ChildrenHoldStores, with every seed of the stores or
# (keep_out, 1.10) only those the end of the move added
HOLD_NONE, HOLD_ALL, HOLD_ADDED = range(3)

# mancala_core.h's EP_*, and sowing.capture_while_sowing's rules: (the hole's owner
# takes, whose holes: EP_ALL/EP_MOVERS/EP_OPPS or None for SOW_CAPT_ALL's capt_side,
# the last hole left to the capturer: True, or None where only LAPPER leaves it)
EP_ALL, EP_MOVERS, EP_OPPS = range(3)
ENPAS = {SowRule.OWN_SOW_CAPT_ALL: (True, EP_ALL, None),
         SowRule.SOW_CAPT_ALL: (False, None, None),
         SowRule.ENPAS_ALL_OWNER_SOW: (True, EP_ALL, True),
         SowRule.ENPAS_ALL_OWNER_OWN: (True, EP_ALL, False),
         SowRule.ENPAS_ALL_SOWER: (False, EP_ALL, True),
         SowRule.ENPAS_SOW_SOWER: (False, EP_MOVERS, True),
         SowRule.ENPAS_OPP_SOWER: (False, EP_OPPS, True)}
BLKD_DIV = {SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR}
# the lap captures of LAP_CAPT, and OPP_GETS_OWN_LAST's on top of its own sowing
LAP_CAPTURES = {SowRule.LAP_CAPT, SowRule.OPP_GETS_OWN_LAST}
SOW_RULES = {SowRule.NONE, SowRule.CONT_LAP_ON, SowRule.MAX_SOW, *LAP_CAPTURES, *ENPAS,
             *BLKD_DIV}
# mancala_core.h's LC_*: how a LAP_CAPT lap's end captures (laps._capture_checks)
LC_NONE, LC_BASIC, LC_CROSS, LC_GAP = range(4)
