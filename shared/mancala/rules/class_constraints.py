"""The extra rules of the other game classes: NorthSouthCycle, EastWestCycle, SameSide,
Ohojichi, BearOff, ZigZag and ShareOne add theirs to the common ones (SameSide and Ohojichi drop one);
the Diffusion classes use only their own."""

from __future__ import annotations

from mancala.rules.common_constraints import BOARD, MANCALA, ROW_EMPTY_GOAL
from mancala.rules.constraint_kit import Constraint, flag_rules, gi, rule, v110
from mancala.rules.enums import (
    AllowRule,
    CaptExtraPick,
    CaptRTurn,
    CaptSide,
    ChildRule,
    ChildType,
    Direct,
    Goal,
    GrandSlam,
    MlapCont,
    PreSowCapt,
    SowRule,
    StartPattern,
)

# ---- game classes ------------------------------------------------------------------------------

def _without(rules: list[Constraint], *names: str) -> list[Constraint]:
    return [r for r in rules if r.name not in names]


NS_SOW_RULES = (SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR, SowRule.OWN_SOW_CAPT_ALL,
                SowRule.SOW_CAPT_ALL, SowRule.NO_SOW_OPP_NS, SowRule.CHANGE_DIR_LAP,
                SowRule.OPP_GETS_OWN_LAST, SowRule.OPP_CHILD_ONLY1)


def _cycle_rules(cls: str) -> list[Constraint]:
    return [
        rule("ns2_not_territory", ("game_class", "goal"),
             lambda v: gi(v).goal == Goal.TERRITORY, f"{cls} cannot have goal TERRITORY"),
        rule("ns2_no_mshare", ("game_class", "mustshare"),
             lambda v: gi(v).mustshare, f"{cls} cannot use mustshare"),
        rule("ns2_no_vis_opp", ("game_class", "visit_opp"),
             lambda v: gi(v).visit_opp, f"{cls} cannot use visit_opp"),
        # the side a lap ends on means nothing when each player sows round their own cycle
        rule("ns2_no_mlap_side", ("game_class", "mlap_cont"),
             lambda v: gi(v).mlap_cont in (MlapCont.OWN_SIDE, MlapCont.OPP_SIDE),
             f"{cls} cannot use mlap_cont OWN_SIDE or OPP_SIDE"),
        rule("ns2_noside_wegs", ("game_class", "child_type", "no_sides"),
             lambda v: gi(v).child_type == ChildType.WEG and not gi(v).no_sides,
             f"{cls} without no_sides cannot have WEG children (nobody could sow into them)"),
        rule("ns2_child_rules", ("game_class", "child_rule"),
             lambda v: gi(v).child_rule in (ChildRule.OPP_SIDE_ONLY, ChildRule.OPPS_ONLY_NOT_1ST,
                                             ChildRule.OWN_OWNER_ONLY, ChildRule.NOT_1ST_OPP),
             f"{cls} cannot use this child_rule"),
    ]


NORTH_SOUTH = _cycle_rules("NorthSouthCycle") + [
    rule("ns2_no_sowrule", ("game_class", "sow_rule"),
         lambda v: gi(v).sow_rule in NS_SOW_RULES, "NorthSouthCycle cannot use this sow_rule"),
] + MANCALA

EAST_WEST = _cycle_rules("EastWestCycle") + [
    rule("ew2_even_holes", ("game_class", "holes"), lambda v: v.holes % 2 == 1,
         "EastWestCycle needs an even number of holes a side"),
    rule("ew2_only_cw_ccw", ("game_class", "sow_direct"),
         lambda v: gi(v).sow_direct not in (Direct.CW, Direct.CCW),
         "EastWestCycle sows CW or CCW only"),
    rule("es2_no_sowrule", ("game_class", "sow_rule"),
         lambda v: gi(v).sow_rule in (*NS_SOW_RULES, SowRule.NO_OPP_CHILD),
         "EastWestCycle cannot use this sow_rule"),
] + MANCALA

SAME_SIDE_OWN = [
    # 1.10 (NSGratuitous, EWGratuitous) also plays CLEAR over rounds
    rule("ss_goal_clear", ("game_class", "goal"),
         lambda v: gi(v).goal not in ((Goal.CLEAR, Goal.RND_WIN_COUNT_CLR) if v110(v) else (Goal.CLEAR,)),
         "SameSide and Ohojichi need goal CLEAR (1.10: or RND_WIN_COUNT_CLR)"),
    rule("ss_no_spatter", ("game_class", "start_pattern"),
         lambda v: gi(v).start_pattern != StartPattern.ALL_EQUAL,
         "SameSide and Ohojichi cannot use a start_pattern"),
    rule("ss_no_arule", ("game_class", "allow_rule"),
         lambda v: gi(v).allow_rule != AllowRule.NONE,
         "SameSide and Ohojichi cannot use an allow_rule"),
    rule("ss_no_sow_own", ("game_class", "sow_own_store"), lambda v: gi(v).sow_own_store,
         "SameSide and Ohojichi cannot use sow_own_store"),
    rule("ss_no_presowcapt", ("game_class", "presowcapt"),
         lambda v: gi(v).presowcapt != PreSowCapt.NONE,
         "SameSide and Ohojichi cannot use presowcapt"),
    rule("ss_no_sowrule", ("game_class", "sow_rule"), lambda v: gi(v).sow_rule != SowRule.NONE,
         "SameSide and Ohojichi cannot use a sow_rule"),
    rule("ss_no_xcapt", ("game_class", "crosscapt"), lambda v: gi(v).crosscapt,
         "SameSide and Ohojichi cannot use crosscapt"),
    rule("ss_no_moveunlock", ("game_class", "moveunlock"), lambda v: gi(v).moveunlock,
         "SameSide and Ohojichi cannot use moveunlock"),
    rule("ss_no_capt_rturn", ("game_class", "capt_rturn"),
         lambda v: gi(v).capt_rturn != CaptRTurn.NO_REPEAT,
         "SameSide and Ohojichi give a repeat turn to place captured seeds: capt_rturn "
         "cannot be set"),
    rule("ss_no_pick", ("game_class", "pickextra"),
         lambda v: gi(v).pickextra != CaptExtraPick.NONE,
         "SameSide and Ohojichi cannot use pickextra"),
]

SAME_SIDE = SAME_SIDE_OWN + [
    rule("ss_side_own", ("game_class", "capt_side"),
         lambda v: gi(v).capt_side != CaptSide.OWN_SIDE, "SameSide needs capt_side OWN_SIDE"),
] + _without(MANCALA, "no_sides_bad_capt_side")

OHOJICHI = [
    rule("oho_even", ("game_class", "holes"), lambda v: v.holes % 2 == 1,
         "Ohojichi needs an even number of holes a side"),
    # 1.8's Ohojichi captures on both sides; 1.10's EWGratuitous on the mover's own half
    rule("oho_side_both", ("game_class", "capt_side"),
         lambda v: gi(v).capt_side != (CaptSide.OWN_SIDE if v110(v) else CaptSide.BOTH),
         "Ohojichi needs capt_side BOTH (EWGratuitous, by the 1.10 rules: OWN_SIDE)"),
    rule("oho_splt_udir_all", ("game_class", "sow_direct", "udir_holes"),
         lambda v: gi(v).sow_direct == Direct.SPLIT and len(gi(v).udir_holes) != v.holes,
         "Ohojichi with SPLIT sowing needs every hole in udir_holes"),
    rule("oho_udir_all", ("game_class", "udir_holes"),
         lambda v: 0 < len(gi(v).udir_holes) != v.holes,
         "Ohojichi needs every hole in udir_holes or none"),
] + SAME_SIDE_OWN + _without(MANCALA, "no_sides_bad_capt_side")

# 1.10's ZigZag: sowing zigzags between the rows towards the board's middle, so it needs
# TOCENTER's directions and never reaches a store
ZIG_ZAG = [
    rule("zz_tocenter", ("game_class", "sow_direct"), lambda v: gi(v).sow_direct != Direct.TOCENTER,
         "ZigZag needs sow_direct TOCENTER"),
    rule("zz_no_sown", ("game_class", "sow_own_store"), lambda v: gi(v).sow_own_store,
         "ZigZag cannot sow into the stores (sow_stores)"),
] + MANCALA

# 1.10's ShareOne: facing an empty row, the mover gives one seed to the opponent's first
# hole, ignoring blocks and sides, then moves as usual; MUSTSHARE would share twice
SHARE_ONE = [
    rule("s1_no_sides", ("game_class", "no_sides"), lambda v: gi(v).no_sides,
         "ShareOne cannot be no_sides"),
    rule("s1_noterr", ("game_class", "goal"), lambda v: gi(v).goal == Goal.TERRITORY,
         "ShareOne cannot have goal TERRITORY"),
    rule("s1_no_blocks", ("game_class", "blocks"), lambda v: gi(v).blocks,
         "ShareOne cannot use blocks"),
    rule("s1_no_ms", ("game_class", "mustshare"), lambda v: gi(v).mustshare,
         "ShareOne cannot use mustshare"),
] + MANCALA

BEAR_OFF = MANCALA + [
    rule("bo_no_sides", ("game_class", "no_sides"), lambda v: gi(v).no_sides,
         "BearOff cannot be no_sides (where would seeds bear off?)"),
    rule("bo_min_move_g1", ("game_class", "min_move"), lambda v: gi(v).min_move != 1,
         "BearOff needs min_move 1"),
]

DIFFUSION_SOW = ["mlaps", "move_one", "moveunlock", "mustpass", "mustshare", "prescribed",
                 "skip_start", "sow_rule", "sow_start", "start_pattern", "udir_holes", "visit_opp",
                 "mlap_cont",
                 "xc_sown"]
DIFFUSION_CAPT = ["capsamedir", "capt_max", "capt_min", "capt_type", "capt_on", "capt_rturn",
                  "crosscapt", "evens", "grandslam", "multicapt", "nocaptmoves", "nosinglecapt",
                  "capt_side", "pickextra", "xcpickown"]
DIFFUSION = BOARD + [
    ROW_EMPTY_GOAL,
    rule("diff_even_holes", ("game_class", "holes"), lambda v: v.holes % 2 == 1,
         "Diffusion needs an even number of holes a side"),
    rule("diff_no_sides", ("game_class", "no_sides"), lambda v: not gi(v).no_sides,
         "Diffusion needs no_sides (either player may move from any hole)"),
    rule("diff_goal_clear", ("game_class", "goal"), lambda v: gi(v).goal != Goal.CLEAR,
         "Diffusion needs goal CLEAR"),
    rule("diff_gs_legal", ("game_class", "grandslam"),
         lambda v: gi(v).grandslam != GrandSlam.LEGAL, "Diffusion needs grandslam LEGAL"),
    rule("diff_no_allow_rule", ("game_class", "allow_rule"),
         lambda v: gi(v).allow_rule != AllowRule.NONE, "Diffusion cannot use an allow_rule"),
    rule("diff_min_move_1", ("game_class", "min_move"), lambda v: gi(v).min_move != 1,
         "Diffusion needs min_move 1"),
    *flag_rules("diff_no_", ["blocks", "rounds", "round_fill", "round_starter"],
                lambda v: True, "Diffusion cannot be played in rounds ({flag})"),
    rule("diff_sow_ccw", ("game_class", "sow_direct"),
         lambda v: gi(v).sow_direct != Direct.CCW,
         "Diffusion always sows counter-clockwise round the start hole: sow_direct CCW"),
    *flag_rules("diff_no_", DIFFUSION_SOW, lambda v: True,
                "Diffusion has its own sowing: {flag} cannot be set"),
    rule("diff_no_sow_own", ("game_class", "sow_own_store"), lambda v: gi(v).sow_own_store,
         "Diffusion cannot use sow_own_store (it sends seeds out of play itself)"),
    *flag_rules("diff_no_", ["child_cvt", "child_rule", "child_type"], lambda v: True,
                "Diffusion has no children ({flag})"),
    *flag_rules("diff_no_", DIFFUSION_CAPT, lambda v: True,
                "Diffusion removes seeds by its own sowing: no capture ({flag})"),
]
