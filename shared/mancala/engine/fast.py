"""The C core (`_fastcore`) for the common Mancala variants, or None.

    >>> from mancala.rules.loading import load_variant
    >>> rules = make_fast(load_variant("kalah_4"))   # None if not built or not eligible
    >>> # rules.legal(pos), rules.apply(pos, move), rules.playout(pos, seed, max_moves)

The pure-Python pipeline is the specification and the fallback: `mancala_core.h`
plays, step for step, the MANCALA variants `why_not_fast` finds nothing against
(tests/engine/test_fastcore.py compares the two after every move of random
games, every Position field). Anything it does not play exactly is refused there,
so that the Python engine plays it. `Rules` works on `Position` objects in place:

- `legal(pos)`: like `Game.legal_moves` (uses and fills the `pos.legal` cache);
- `legal_fresh(pos)`: the legal moves computed anew, the cache untouched;
- `apply(pos, move)`: like `Game.apply` (trusted move, in place; `pos.legal` is left
  None as the pipeline leaves it, or with `make_fast(..., fill_legal=True)` holds the
  next legal moves);
- `playout(pos, seed, max_moves)`: random legal moves on a copy, entirely in C;
  returns (moves played, OutcomeKind or None, winner or None). The moves are
  chosen by xorshift64* seeded with splitmix64(seed) (see `playout_index`);
- `replay(...)`: replay.py's loop for the moves it can play.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Generator, Iterator
from typing import Any

from mancala.engine.ending import ROUND_GOALS, NoOutcomeChange, over_claim
from mancala.engine.position import Outcome, OutcomeKind
from mancala.engine.tally import TALLY_INDEX
from mancala.rules.enums import (
    AllowRule,
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
    GameClass,
    Goal,
    GrandSlam,
    LapSower,
    MlapCont,
    PreSowCapt,
    RoundFill,
    Rounds,
    RulesVersion,
    SowPrescribed,
    SowRule,
    Unclaimed,
)
from mancala.rules.variant import GAME_INFO_DEFAULTS, Variant

try:  # imported by name: the type checker reads no compiled module
    _fastcore: Any = importlib.import_module("mancala.engine._fastcore")
except ImportError:  # not built (no compiler when installed): the Python engine plays
    _fastcore = None

# the parameter layout this file writes; a build of another layout is not used
LAYOUT = 19
MAX_HOLES = 64
MAX_MASK_HOLES = 32  # children and blocked holes are a bit a hole in a 64-bit mask
MAX_CAPT_ON = 32

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
# parameters added after databases were first built, with the value that means the rule
# is absent: a rules fingerprint leaves them out at that value, so adding a rule to the
# core does not make every database built before it look foreign
# (mancala.ai.egtb.fingerprint)
ADDED_OFF: dict[str, Any] = {**CHILDLESS, "blocks": 0, "round_end": 0, "round_required": 0,
                              "win_sub": 0, "lap_capt": 0, "lap_capt_guard": 0, "blkd_div": 0,
                              "blkd_no_right": 0, "blkd_param": 0, "opp_gets": 0,
                              "opp_gets_below": 0, "dir_of": (), "against": 0,
                              "dont_undo": 0, "children_hold": 0, "play_alt": 0,
                              "cross_on_one": 0, "count_movers": 0, "no_udir_firsts": 0,
                              "tally": 0, "tally_required": 0, "tally_tie_mover": 0,
                              "territory": 0, "win_fixed": 0, "max_sow": 0, "all_singles": 0,
                              "singles_before": 0}
# the rules SOW_BLKD_DIV(_NR) is played with here: one lap or LAPPER's, sowing its own way
# round the board (no start skipped, no store, no lap condition)
BLKD_PLAIN: dict[str, Any] = {"skip_start": False, "sow_own_store": False, "visit_opp": False,
                              "mlap_cont": MlapCont.NONE, "crosscapt": False,
                              "capt_type": CaptType.NONE, "allow_rule": AllowRule.NONE}
# the games in rounds the core ends: a game won by the most seeds whose end is only the
# round's while both players can refill (ending.RoundBySeeds); the rounds' other enders
# and the round fills that act inside a round stay with the Python engine
ROUND_CONFLICTS: dict[str, Any] = {"child_type": ChildType.NOCHILD, "end_rule": EndRule.REFERENCE}
# the goals of games in rounds: the most seeds or the holes they win (RoundBySeeds ends
# the game), or a tally
ROUND_GOALS_PLAYED = {Goal.MAX_SEEDS, Goal.TERRITORY, *TALLY}
# the rules played beside territory, whose moves start from the holes a player owns;
# the others index their lists by the row or read the board's halves
TERRITORY_PLAIN: dict[str, Any] = {
    "allow_rule": AllowRule.NONE, "child_type": ChildType.NOCHILD, "blocks": False,
    "udir_holes": (), "xc_sown": False,
}
# directions that differ by the hole or the game (split rows, chosen, set by a move)
HOLE_DIRECTIONS = {Direct.SPLIT, Direct.TOCENTER, Direct.PLAYALTDIR}
# the rules played beside holes whose direction the mover names
UDIR_PLAIN: dict[str, Any] = {"allow_rule": AllowRule.NONE}
ROUND_FILLS_INSIDE = {RoundFill.LOSER_ONLY, RoundFill.SHORTEN, RoundFill.SHORTEN_ALL}
# rounds that end once few seeds are left in play (ending.SeedLimit), the core's
# end_cond SEEDS_LIMIT
SEED_LIMIT_ROUNDS = {Rounds.END_S_SEEDS, Rounds.END_2S_SEEDS}
# the rules whose children the core makes; each of these reads holes in ways the core
# leaves to the Python engine where a hole may be a child (laps stopping in children,
# sowing rules, extra picks, grand slams, the allow filters, the other ends); a cross
# capture takes no child's seeds and picks no seed from one, in both engines
CHILD_CONFLICTS: dict[str, Any] = {
    "mlaps": LapSower.OFF, "capt_type": CaptType.NONE,
    "pickextra": CaptExtraPick.NONE, "grandslam": GrandSlam.LEGAL, "mustshare": False,
    "allow_rule": AllowRule.NONE, "sow_rule": SowRule.NONE, "goal": Goal.MAX_SEEDS,
    "end_rule": EndRule.REFERENCE, "end_cond": EndCond.NO_ADDTL, "no_sides": False,
    "nocaptmoves": 0,
}

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
# MAX_SOW's sower is one lap of its own (sowing.MaxPerHole: no store sown)
MAX_SOW_PLAIN: dict[str, Any] = {"mlaps": LapSower.OFF, "sow_own_store": False,
                                 "presowcapt": PreSowCapt.NONE}
# mancala_core.h's LC_*: how a LAP_CAPT lap's end captures (laps._capture_checks)
LC_NONE, LC_BASIC, LC_CROSS, LC_GAP = range(4)

# game_info fields the C core plays, with the values it accepts (None: any value)
HANDLED: dict[str, Any] = {
    "stores": None,
    "sow_direct": set(STEP) | BY_COUNT | {Direct.SPLIT, Direct.TOCENTER, Direct.PLAYALTDIR},
    "udir_holes": None,  # the mover names the direction with the move (and why_not_fast)
    "sow_start": None,
    "move_one": None,
    "skip_start": None,
    "sow_own_store": None,
    "store_ends_turn": None,
    "mlaps": set(MLAPS),
    "visit_opp": None,
    "crosscapt": None,
    "xcpickown": set(XCPICKOWN),
    "xc_sown": None,
    "capt_on": None,
    "capt_min": None,
    "capt_max": None,
    "evens": None,
    "multicapt": None,
    "capsamedir": None,
    "capt_side": set(CAPT_SIDE),
    "capt_type": set(CAPT_TYPE),
    "capt_rturn": set(CAPT_RTURN),
    "nosinglecapt": None,
    "grandslam": set(GRANDSLAM),
    "nocaptmoves": None,
    "pickextra": set(PICKEXTRA),
    "min_move": None,
    "mustshare": None,
    "mustpass": None,
    "goal": set(GOAL) | set(TALLY) | {Goal.TERRITORY},
    "no_sides": None,  # but not with the allow filters below (why_not_fast)
    "sow_rule": SOW_RULES,  # with the exceptions of why_not_fast
    "allow_rule": {AllowRule.NONE, AllowRule.OPP_OR_EMPTY},
    "unclaimed": set(UNCLAIMED),
    "end_rule": set(END_RULE),
    "quitter": set(QUIT_110),  # read by the 1.10 rules only (a 1.8 variant keeps the default)
    "mlap_cont": set(MLAP_CONT),
    "mlap_param": None,
    "end_cond": set(END_COND),
    "end_param": None,
    "rounds": {Rounds.NO_ROUNDS, Rounds.NO_MOVES, Rounds.HALF_SEEDS,
               Rounds.END_S_SEEDS, Rounds.END_2S_SEEDS},  # and why_not_fast
    "blocks": None,  # holes closed by the rounds (the sowing skips them)
    "child_type": set(CHILD_TYPE),  # with the exceptions of why_not_fast
    "child_rule": None,  # read only with children (why_not_fast)
    "child_locs": None,
    "child_cvt": None,
    "presowcapt": {PreSowCapt.NONE, PreSowCapt.DRAW_1_XCAPT, PreSowCapt.ALL_SINGLE_XCAPT},
    "prescribed": {SowPrescribed.NONE, SowPrescribed.NO_UDIR_FIRSTS},
}
# fields no move of these variants reads: descriptions, the start layout (it comes
# with the position), and the children's details while there are no children
IGNORED = {"name", "about", "rules", "family", "region", "help_file", "start_pattern",
           "goal_param", "round_starter", "round_fill", "sow_param"}


def core_move(move: int | tuple[int, str] | tuple[str, int]) -> int:
    """A move of Game's legal moves as the C searches take it: the hole, or the hole with
    the direction's bit (mancala_core.h's MOVE_CCW / MOVE_CW). A store move is none of
    the core's (no variant the core plays has one)."""
    if isinstance(move, int):
        return move
    hole, name = move
    if not isinstance(hole, int) or not isinstance(name, str):
        raise ValueError(f"{move!r} is not a move of the C core")
    return hole | MOVE_DIRECTION[name]


def c_core_enabled() -> bool:
    """MANCALA_C_CORE=0 switches the C core off (the pure-Python engine plays)."""
    return os.environ.get("MANCALA_C_CORE", "1") != "0"


def _value(value: Any) -> Any:
    return getattr(value, "value", value)


def why_not_fast(variant: Variant) -> list[str]:
    """Why the C core does not play this variant (empty when it does)."""
    reasons = []
    if variant.game_class != GameClass.MANCALA:
        reasons.append(f"game_class={variant.game_class.value}")
    if variant.rules_version not in (RulesVersion.V1_8, RulesVersion.V1_10):
        # each rules version's differences are flags of params(); a new one is refused
        # until its differences are in the core
        reasons.append(f"rules_version={variant.rules_version.value}")
    if variant.holes > MAX_HOLES:
        reasons.append(f"holes={variant.holes}")
    gi = variant.game_info
    for name, default in GAME_INFO_DEFAULTS.items():
        if name in IGNORED:
            continue
        value = getattr(gi, name)
        if name in HANDLED:
            accepted = HANDLED[name]
            if accepted is not None and value not in accepted:
                reasons.append(f"{name}={_value(value)}")
        elif value != default:  # a rule the core does not know: only its default is safe
            reasons.append(f"{name}={_value(value)}")
    if gi.child_locs == ChildLocs.FIXED_ONE_RIGHT:
        reasons.append("child_locs=FIXED_ONE_RIGHT")  # children from the start
    if gi.child_type != ChildType.NOCHILD and gi.child_type in CHILD_TYPE:
        if gi.child_rule not in CHILD_RULE:
            reasons.append(f"child_rule={gi.child_rule.value}")
        reasons += _conflicts(gi, f"child_type={gi.child_type.value}", CHILD_CONFLICTS)
        if variant.holes > MAX_MASK_HOLES:
            reasons.append(f"child_type={gi.child_type.value} with holes={variant.holes}")
    if gi.rounds != Rounds.NO_ROUNDS:
        reasons += _conflicts(gi, f"rounds={gi.rounds.value}", ROUND_CONFLICTS)
        if gi.goal not in ROUND_GOALS_PLAYED:
            reasons.append(f"rounds={gi.rounds.value} with goal={gi.goal.value}")
        elif (gi.rounds in SEED_LIMIT_ROUNDS and gi.goal in TALLY
              and variant.rules_version is RulesVersion.V1_8):
            # the 1.8 rules give these no winning count (ending.win_seeds_18)
            reasons.append(f"rounds={gi.rounds.value} with goal={gi.goal.value}")
        if (gi.round_fill == RoundFill.EVEN_FILL and variant.rules_version is RulesVersion.V1_8
                and gi.min_move > (gi.goal_param or 1) * variant.nbr_start):
            # a loser with fewer seeds than min_move gets a negative count a hole
            # (rounds._even_split_18), which the core's positions do not hold
            reasons.append(f"round_fill=EVEN_FILL with min_move={gi.min_move}")
        if gi.rounds in SEED_LIMIT_ROUNDS and gi.end_cond not in (EndCond.NO_ADDTL,
                                                                  EndCond.SEEDS_LIMIT):
            # the core has one end condition: a seed limit of the rounds' or another's
            reasons.append(f"rounds={gi.rounds.value} with end_cond={gi.end_cond.value}")
        if gi.round_fill in ROUND_FILLS_INSIDE:
            reasons.append(f"rounds={gi.rounds.value} with round_fill={gi.round_fill.value}")
    if gi.goal == Goal.TERRITORY:
        reasons += _conflicts(gi, "goal=TERRITORY", TERRITORY_PLAIN)
        if gi.sow_direct in HOLE_DIRECTIONS:
            reasons.append(f"goal=TERRITORY with sow_direct={gi.sow_direct.value}")
        if variant.holes > MAX_MASK_HOLES:
            reasons.append(f"goal=TERRITORY with holes={variant.holes}")
    if gi.blocks and variant.holes > MAX_MASK_HOLES:
        reasons.append(f"blocks=True with holes={variant.holes}")
    if gi.no_sides and (gi.mustshare or gi.grandslam == GrandSlam.NOT_LEGAL):
        # with moves from any hole these filters index the allow list as the mover's row
        # (allow._no_grand_slam) or were never compared: refused until they are
        reasons.append("no_sides=True with " + ("mustshare" if gi.mustshare
                                                else "grandslam=NOT_LEGAL"))
    if gi.no_sides and gi.allow_rule != AllowRule.NONE:  # the rule indexes the mover's row
        reasons.append(f"no_sides=True with allow_rule={gi.allow_rule.value}")
    if gi.sow_rule in ENPAS and gi.sow_own_store:
        reasons.append(f"sow_rule={gi.sow_rule.value} with sow_own_store")  # never compared
    if gi.sow_rule in ENPAS and gi.capt_side in (CaptSide.OPP_CONT, CaptSide.OWN_CONT):
        # the side check would read a capture's start in the middle of a sowing
        reasons.append(f"sow_rule={gi.sow_rule.value} with capt_side={gi.capt_side.value}")
    if gi.capt_type == CaptType.MATCH_OPP and (gi.crosscapt or gi.sow_rule in LAP_CAPTURES):
        reasons.append("capt_type=MATCH_OPP with " + ("crosscapt" if gi.crosscapt
                                                        else f"sow_rule={gi.sow_rule.value}"))
    if gi.sow_rule in BLKD_DIV:
        if gi.mlaps == LapSower.LAPPER_NEXT:
            reasons.append(f"sow_rule={gi.sow_rule.value} with mlaps=LAPPER_NEXT")
        reasons += _conflicts(gi, f"sow_rule={gi.sow_rule.value}", BLKD_PLAIN)
    if gi.sow_rule in LAP_CAPTURES and gi.mlaps != LapSower.LAPPER:  # LAPPER's alone
        reasons.append(f"sow_rule={gi.sow_rule.value} with mlaps={gi.mlaps.value}")
    if gi.sow_rule == SowRule.OPP_GETS_OWN_LAST and gi.sow_own_store:
        reasons.append("sow_rule=OPP_GETS_OWN_LAST with sow_own_store")  # a plain sower's
    if gi.sow_rule == SowRule.OPP_GETS_OWN_LAST and gi.capt_side in (CaptSide.OPP_CONT,
                                                                     CaptSide.OWN_CONT):
        # its capture test in the middle of a sowing would read where a capture began
        reasons.append(f"sow_rule=OPP_GETS_OWN_LAST with capt_side={gi.capt_side.value}")
    if gi.capt_type == CaptType.PULL_ACROSS and gi.mlaps != LapSower.OFF:
        # the lap rules' own captures and stops with it were never compared
        reasons.append(f"capt_type=PULL_ACROSS with mlaps={gi.mlaps.value}")
    if gi.capt_type == CaptType.PULL_ACROSS and gi.sow_rule != SowRule.NONE:
        reasons.append(f"capt_type=PULL_ACROSS with sow_rule={gi.sow_rule.value}")
    if gi.sow_rule == SowRule.MAX_SOW:
        reasons += _conflicts(gi, "sow_rule=MAX_SOW", MAX_SOW_PLAIN)
        if gi.sow_param < 1:
            reasons.append("sow_rule=MAX_SOW with sow_param 0")
    if gi.sow_rule == SowRule.CONT_LAP_ON and gi.sow_param < 1:
        reasons.append("sow_rule=CONT_LAP_ON with sow_param 0")
    if gi.udir_holes or gi.sow_direct == Direct.PLAYALTDIR:
        # these filters sow a chosen hole's move with no direction (allow.py): refused
        # until they are compared
        named = "udir_holes" if gi.udir_holes else "sow_direct=PLAYALTDIR"
        reasons += _conflicts(gi, named, UDIR_PLAIN)
        if gi.grandslam == GrandSlam.NOT_LEGAL:
            reasons.append(f"{named} with grandslam=NOT_LEGAL")
    if (gi.sow_direct in (Direct.SPLIT, Direct.TOCENTER) and variant.holes % 2
            and variant.holes // 2 not in gi.udir_holes):
        reasons.append(f"sow_direct={gi.sow_direct.value} with the middle hole not in udir_holes")
    if len(gi.capt_on) > MAX_CAPT_ON:
        reasons.append(f"capt_on has {len(gi.capt_on)} values")
    # the goal parameter and the child settings only matter with their rules; the
    # start pattern's total decides the end rule's seed counts, which params() reads
    # from the pipeline itself
    return reasons


def reads_last_move(variant: Variant) -> bool:
    """Whether a move's legality reads the move before it (allow._dont_undo: SPLIT's and
    ZigZag's single seed not moved straight back), which a search position of a board,
    stores and a turn does not hold."""
    from mancala.engine.allow import dont_undo_applies

    if variant.game_info.sow_direct != Direct.SPLIT and variant.game_class != GameClass.ZIG_ZAG:
        return False  # the only rules it applies to: no pipeline needed to say no
    return dont_undo_applies(_pipeline(variant))


def _conflicts(gi: Any, rule: str, plain: dict[str, Any]) -> list[str]:
    """`rule` with each field of `gi` that is not at its `plain` value, as reasons."""
    return [f"{rule} with {name}={_value(getattr(gi, name))}"
            for name, value in plain.items() if getattr(gi, name) != value]


def _pipeline(variant: Variant) -> Any:
    """The Python pipeline of the variant, whose own choices params() reads."""
    from mancala.engine.pipeline import Pipeline  # the pipeline imports this module's users

    return Pipeline(variant)


def _no_change_below(pipeline: Any) -> int:
    """The seed count under which ending.NoOutcomeChange ends the game (0: not in the
    chain), read from the pipeline's own ender so the two cannot disagree."""
    return next((e.min_needed for e in _chain(pipeline.ender) if isinstance(e, NoOutcomeChange)), 0)


def _chain(step: Any) -> Iterator[Any]:
    """Each stage of a pipeline chain (enders, capturers), outermost first, by their
    `inner` links."""
    while step is not None:
        yield step
        step = getattr(step, "inner", None)


def _names(step: Any) -> set[str]:
    """The class names in a pipeline chain. (Named, not imported: the stage classes move
    between the engine's modules.)"""
    return {type(stage).__name__ for stage in _chain(step)}


def _deciding_goal(goal: Goal) -> Goal:
    """The goal that decides each game or round: an RND_* goal's rounds are decided as
    CLEAR, DEPRIVE or IMMOBILIZE games (Goal.eliminating), or by the most seeds, as a
    TERRITORY game's are (the seeds a player holds win them holes)."""
    if goal == Goal.TERRITORY or (goal in TALLY and goal.eliminating == goal):
        return Goal.MAX_SEEDS
    return goal.eliminating


def _quit(variant: Variant) -> int:
    """ending.make_quitter for these variants: how a stopped game settles the seeds left
    (1.8 from `unclaimed`, with no stores a tie; 1.10 from `quitter`)."""
    gi = variant.game_info
    if _deciding_goal(gi.goal) != Goal.MAX_SEEDS:
        return QUIT_TIE  # make_quitter: TieAlways
    if variant.rules_version is RulesVersion.V1_10:
        quit_ = QUIT_110[gi.quitter]
        return QUIT_TIE if quit_ == QUIT_DIVVY and not gi.stores else quit_
    return QUIT_18.get(gi.unclaimed, QUIT_DIVVY) if gi.stores else QUIT_TIE


def version_flags(variant: Variant, pipeline: Any = None) -> dict[str, int]:
    """The rules that differ between the reference's 1.8 and 1.10 releases, each a flag of
    the core read from the Python pipeline built for the variant where it keeps the
    choice (so the two cannot disagree), else from the rules version where it decides.

        >>> from mancala.rules.loading import load_variant
        >>> version_flags(load_variant("kalah_4"))["max_laps"]
        50
    """
    from mancala.engine.laps import MAX_LAPS, MAX_LAPS_110

    pipeline = pipeline or _pipeline(variant)
    v110 = pipeline.v110
    gi = variant.game_info
    enders = _names(pipeline.ender)
    end_cond = END_COND[gi.end_cond] if enders & {"SideCleared", "SeedLimit", "HoleSeedLimit"} else 0
    end_param = gi.end_param
    if gi.rounds in SEED_LIMIT_ROUNDS:
        # their own SeedLimit (nbr_start seeds or twice it), beside the end_cond's: over
        # once either is reached
        end_param = max(s.stop_at for s in _chain(pipeline.ender)
                        if type(s).__name__ == "SeedLimit")
        end_cond = END_COND[EndCond.SEEDS_LIMIT]
    return {
        "max_laps": MAX_LAPS_110 if v110 else MAX_LAPS,  # laps.MultiLapSower
        "turn_repeats": int(pipeline.turn_repeats),
        "share_end": int("CannotShare" in enders),
        "share_keep_all": int(v110 and gi.mustpass),  # allow._must_share
        "slam_first_sown": int("GrandSlamKeepFirstSown" in _names(pipeline.capturer)),
        "next_stops": int(v110 and gi.mlaps == LapSower.LAPPER_NEXT),  # laps.make_lap_rule
        "next_store": int(v110 and gi.mlaps == LapSower.LAPPER_NEXT and gi.sow_own_store),
        "cont_from_start": int(v110),  # capture_ok.make_capt_ok
        "quit": _quit(variant),
        "mlap_cont": MLAP_CONT[gi.mlap_cont],
        "mlap_param": gi.mlap_param,
        "end_cond": end_cond,  # ending.end_condition, where the chain has it
        "end_param": end_param,
    }


def _enpas(variant: Variant) -> dict[str, int]:
    """sowing.capture_while_sowing's captor and conditions, as the core's parameters."""
    gi = variant.game_info
    if gi.sow_rule not in ENPAS:
        return {"enpas": 0, "enpas_owner": 0, "enpas_holes": EP_ALL, "enpas_not_last": 0}
    owner, holes, not_last = ENPAS[gi.sow_rule]
    if holes is None:  # SOW_CAPT_ALL: the capture side names the holes
        holes = {CaptSide.OWN_SIDE: EP_MOVERS, CaptSide.OPP_SIDE: EP_OPPS, CaptSide.OWN_TERR: EP_MOVERS,
                 CaptSide.OPP_TERR: EP_OPPS}.get(gi.capt_side, EP_ALL)
    if not_last is None:
        not_last = gi.mlaps == LapSower.LAPPER
    return {"enpas": 1, "enpas_owner": int(owner), "enpas_holes": holes,
            "enpas_not_last": int(not_last)}


def params(variant: Variant) -> dict[str, Any]:
    """The parameter dict of `_fastcore.Rules` (and the solver's); refused variants raise."""
    reasons = why_not_fast(variant)
    if reasons:
        raise ValueError("the C core does not play this variant: " + "; ".join(reasons))
    gi = variant.game_info
    pipeline = _pipeline(variant)  # built once: the readers below take its choices
    return {
        "layout": LAYOUT,
        "holes": variant.holes,
        "step": STEP.get(gi.sow_direct, 1),  # unread where the count decides
        "even_odd": int(gi.sow_direct in BY_COUNT),
        "sow_start": int(gi.sow_start),
        "move_one": int(gi.move_one),
        "skip_start": int(gi.skip_start),
        "sow_own_store": int(gi.sow_own_store),
        "store_ends_turn": int(gi.store_ends_turn),
        "mlaps": MLAPS[gi.mlaps],
        "visit_opp": int(gi.visit_opp),
        "crosscapt": int(gi.crosscapt),
        "xcpickown": XCPICKOWN[gi.xcpickown],
        "xc_sown": int(gi.xc_sown),
        "capt_on": tuple(gi.capt_on),
        "evens": int(gi.evens),
        "capt_min": gi.capt_min,
        "capt_max": gi.capt_max,
        "multicapt": gi.multicapt,
        "capsamedir": int(gi.capsamedir),
        "capt_side": CAPT_SIDE[gi.capt_side],
        "capt_rturn": CAPT_RTURN[gi.capt_rturn],
        "nosinglecapt": int(gi.nosinglecapt),
        "grandslam": GRANDSLAM[gi.grandslam],
        "min_move": gi.min_move,
        "mustshare": int(gi.mustshare),
        "mustpass": int(gi.mustpass),
        "unclaimed": UNCLAIMED[gi.unclaimed],
        "over_claim": UNCLAIMED[over_claim(variant)],
        "pickextra": PICKEXTRA[gi.pickextra],
        "stores": int(gi.stores),
        "no_change_below": _no_change_below(pipeline),
        "nocaptmoves": gi.nocaptmoves,
        "end_rule": END_RULE[gi.end_rule],
        "capt_type": CAPT_TYPE[gi.capt_type],
        "goal": GOAL[_deciding_goal(gi.goal)],
        "no_sides": int(gi.no_sides),
        "lap_on": gi.sow_param if gi.sow_rule == SowRule.CONT_LAP_ON else 0,
        **_enpas(variant),
        # capture_steps.PickLastSeeds: nbr_start seeds or fewer to the mover, or twice
        # that to the starter
        "last_seeds": {CaptExtraPick.PICKLASTSEEDS: variant.nbr_start,
                       CaptExtraPick.PICK2XLASTSEEDS: 2 * variant.nbr_start}.get(gi.pickextra, 0),
        "last_capturable": int(variant.rules_version is RulesVersion.V1_10),
        "opp_or_empty": int(gi.allow_rule == AllowRule.OPP_OR_EMPTY),
        "own_hole_count": int(variant.rules_version is RulesVersion.V1_10),  # allow._opp_or_empty
        **version_flags(variant, pipeline),
        **_children(variant),
        **_rounds(variant, pipeline),
        **_lap_capt(variant),
        "blkd_div": int(gi.sow_rule in BLKD_DIV),
        "blkd_no_right": int(gi.sow_rule == SowRule.SOW_BLKD_DIV_NR),
        "blkd_param": gi.sow_param if gi.sow_rule in BLKD_DIV else 0,
        "opp_gets": int(gi.sow_rule == SowRule.OPP_GETS_OWN_LAST),
        "opp_gets_below": gi.sow_param if gi.sow_rule == SowRule.OPP_GETS_OWN_LAST else 0,
        "max_sow": gi.sow_param if gi.sow_rule == SowRule.MAX_SOW else 0,
        **_directions(variant, pipeline),
        "children_hold": _children_hold(pipeline),
        "cross_on_one": int(gi.presowcapt == PreSowCapt.DRAW_1_XCAPT),
        "all_singles": int(gi.presowcapt == PreSowCapt.ALL_SINGLE_XCAPT),
        "singles_before": int(variant.rules_version is RulesVersion.V1_10),  # CrossAllSingles
        "count_movers": int(pipeline.count_movers),
        "no_udir_firsts": int(gi.prescribed == SowPrescribed.NO_UDIR_FIRSTS),
    }


def _children_hold(pipeline: Any) -> int:
    """Whether the variant's ender moves the stores' seeds onto the children (children
    without stores), and which of them: read from the ender chain itself."""
    from mancala.engine.ending import ChildrenHoldStores

    hold = next((e for e in _chain(pipeline.ender) if isinstance(e, ChildrenHoldStores)), None)
    return HOLD_NONE if hold is None else HOLD_ADDED if hold.keep_out else HOLD_ALL


def _directions(variant: Variant, pipeline: Any) -> dict[str, Any]:
    """Directions by the hole (draw.direction_table: fixed, named with the move, or by the
    count) where they are not one for the whole board; the fixed direction a 1.10
    multiple capture looks against when a mover may sow the other way
    (capture_steps.AgainstSowing); and SPLIT's ban on moving a single seed straight
    back (allow.dont_undo_applies)."""
    from mancala.engine.allow import dont_undo_applies
    from mancala.engine.draw import direction_table

    gi = variant.game_info
    play_alt = gi.sow_direct == Direct.PLAYALTDIR  # the game's directions, not the holes'
    if play_alt or (not gi.udir_holes and gi.sow_direct not in (Direct.SPLIT, Direct.TOCENTER)):
        return {"dir_of": (), "against": 0, "dont_undo": 0, "play_alt": int(play_alt)}
    table = direction_table(variant, pipeline.board)
    assert table is not None
    against = next((s.fixed for s in _chain(pipeline.capturer)
                    if type(s).__name__ == "AgainstSowing"), 0)
    return {"dir_of": table, "against": against, "dont_undo": int(dont_undo_applies(pipeline)),
            "play_alt": 0}


def _lap_capt(variant: Variant) -> dict[str, int]:
    """The capture at each lap's end of LAP_CAPT and OPP_GETS_OWN_LAST
    (laps._capture_checks), and its 1.10 guard."""
    gi = variant.game_info
    if gi.sow_rule not in LAP_CAPTURES:
        return {"lap_capt": LC_NONE, "lap_capt_guard": 0}
    kind = LC_CROSS if gi.crosscapt else LC_GAP if gi.capt_type == CaptType.TWO_OUT else LC_BASIC
    return {"lap_capt": kind,
            "lap_capt_guard": int(variant.rules_version is RulesVersion.V1_10 and not gi.stores)}


def _rounds(variant: Variant, pipeline: Any) -> dict[str, Any]:
    """The rounds as the core's parameters, read from the pipeline's own enders: whether
    RoundBySeeds makes an end the round's, the seeds each player must hold for that, and
    the winning count (Ender.win_seeds: half the total, or the total less `win_sub`); or
    the RND_* goal's tally (RoundByTally) and the count that wins the game."""
    from mancala.engine.ending import RoundBySeeds, RoundByTally

    gi = variant.game_info
    ender: Any = pipeline.ender
    win = ender.win_seeds
    big = 1 << 20
    # the eliminating goals decide by their own enders: no winning count
    halves = _deciding_goal(gi.goal) != Goal.MAX_SEEDS or all(win(total) == total - total // 2
                                                         for total in (big, big + 1))
    # TERRITORY outside NO_MOVES rounds: a count of its own (the seeds that win goal_param holes)
    fixed = win(big) if not halves and win(big) == win(big + 1) == win(0) else 0
    win_sub = 0 if halves or fixed else big - win(big)
    if not (halves or fixed) and (win_sub < 1 or big + 1 - win(big + 1) != win_sub):
        raise ValueError(f"the winning count of {variant.name} is not the core's")
    if fixed < 0:
        raise ValueError(f"the winning count of {variant.name} is not the core's")
    required = 0
    by_seeds = tallied = False
    for stage in _chain(ender):
        if isinstance(stage, RoundBySeeds):
            by_seeds, required = True, stage.required  # (0: every end is a round's)
        tallied |= isinstance(stage, RoundByTally)
    if gi.rounds != Rounds.NO_ROUNDS and not (by_seeds or tallied):
        raise ValueError(f"the rounds of {variant.name} end neither by the seeds held nor by a tally")
    tally = pipeline.tally if tallied else None
    return {"blocks": int(gi.blocks), "round_end": int(by_seeds),
            "round_required": required, "win_sub": win_sub, "win_fixed": fixed,
            "territory": int(gi.goal == Goal.TERRITORY),
            "tally": TALLY[gi.goal] if tally else 0,
            "tally_required": tally.required if tally else 0,
            "tally_tie_mover": int(tally.tie_names_mover) if tally else 0}


def _children(variant: Variant) -> dict[str, Any]:
    """children.make_child_test as the core's parameters: the child type, its count, the
    side rule, the players who may have a child in each hole (bit 0 South, bit 1 North,
    from children.location_table) and the guard on the symmetric or facing hole."""
    from mancala.engine.children import location_table  # imports the pipeline's modules

    gi = variant.game_info
    kind = CHILD_TYPE[gi.child_type]
    if not kind:
        return dict(CHILDLESS)
    guard = CHILD_GUARD.get(gi.child_locs, 0)
    pattern = {1: ChildLocs.NO_OPP_LEFT, 2: ChildLocs.NO_OPP_RIGHT}.get(guard, gi.child_locs)
    where = (tuple(3 for _ in range(2 * variant.holes)) if pattern == ChildLocs.ANYWHERE
             else tuple(sum(1 << player for player in players or ())
                        for players in location_table(pattern, variant.holes)))
    return {"children": kind, "child_cvt": gi.child_cvt, "child_rule": CHILD_RULE[gi.child_rule],
            "child_guard": guard, "child_where": where}


def available() -> bool:
    """The extension is built, and of this file's layout."""
    return _fastcore is not None and getattr(_fastcore, "LAYOUT", None) == LAYOUT


def make_fast(variant: Variant, *, fill_legal: bool = False) -> Any | None:
    """A `_fastcore.Rules` for the variant, or None (not built, or not eligible).

    `fill_legal`: `apply` leaves the next player's legal moves in `pos.legal` (exactly
    the list `Game.legal_moves` would compute and cache) instead of None as the
    pipeline does. Reading the position a second time for `legal` costs about as much
    as the move itself (docs/performance.md): a caller that asks for the legal moves
    after every move, and does not look at the raw cache, gains that.
    """
    if not available() or why_not_fast(variant):
        return None
    assert _fastcore is not None
    return _fastcore.Rules(params(variant), Outcome, OutcomeKind.WIN, OutcomeKind.TIE,
                           fill_legal=fill_legal, round_win=OutcomeKind.ROUND_WIN,
                           round_tie=OutcomeKind.ROUND_TIE)


def playout_index(seed: int) -> Generator[int | None, int, None]:
    """The choices `Rules.playout` makes: send the number of legal moves, get the index.

        >>> pick = playout_index(7); next(pick)
        >>> pick.send(6) in range(6)
        True
    """
    mask = (1 << 64) - 1
    z = (seed + 0x9E3779B97F4A7C15) & mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    x = (z ^ (z >> 31)) or 0x9E3779B97F4A7C15
    count = yield None
    while True:
        x ^= x >> 12
        x ^= (x << 25) & mask
        x ^= x >> 27
        r = (x * 0x2545F4914F6CDD1D) & mask
        count = yield ((r >> 32) * count) >> 32
