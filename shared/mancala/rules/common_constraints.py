"""The reference's rules for the common class, Mancala, which most game classes share
(the other classes' lists: class_constraints.py)."""

from __future__ import annotations

from collections.abc import Callable

from mancala.rules.constraint_kit import (
    ELIMINATING,
    ELIMINATION,
    ELIMINATION_ROUNDS,
    MAX_HOLES,
    MAX_HOLES_110,
    MAX_MIN_MOVE,
    MIN_HOLES,
    ROUND_GOALS,
    basic_capture,
    blkd_div,
    flag_rules,
    gi,
    move_length,
    row_empty,
    rule,
    udirect,
    v110,
)
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
    Goal,
    GrandSlam,
    LapSower,
    MlapCont,
    PlayLocs,
    PreSowCapt,
    RoundFill,
    Rounds,
    RoundStarter,
    SowPrescribed,
    SowRule,
    StartPattern,
    Unclaimed,
)
from mancala.rules.variant import Variant

# Our extension, the published Kalah end (end_rule ROW_EMPTY): the game ends as soon as a
# row is empty and each player banks their own row. What it cannot combine with:
ROW_EMPTY_GOAL = rule(
    "row_empty_max_seeds", ("end_rule", "goal"),
    lambda v: row_empty(v) and v.game_info.goal != Goal.MAX_SEEDS,
    "end_rule ROW_EMPTY ends games won by the most seeds: it needs goal MAX_SEEDS")
ROW_EMPTY_RULES = [
    ROW_EMPTY_GOAL,
    rule("row_empty_no_rounds", ("end_rule", "rounds"),
         lambda v: row_empty(v) and v.game_info.rounds != Rounds.NO_ROUNDS,
         "end_rule ROW_EMPTY ends the whole game: it cannot be played in rounds"),
    rule("row_empty_own_rows", ("end_rule", "unclaimed"),
         lambda v: row_empty(v) and v.game_info.unclaimed != Unclaimed.HOLE_OWNER,
         "end_rule ROW_EMPTY gives each player the seeds left on their own row: "
         "unclaimed must be HOLE_OWNER"),
    rule("row_empty_no_share", ("end_rule", "mustshare"),
         lambda v: row_empty(v) and v.game_info.mustshare,
         "end_rule ROW_EMPTY ends the game when a row is empty, so nobody is ever left "
         "to be fed: not with mustshare"),
    rule("row_empty_slam_remain", ("end_rule", "grandslam"),
         lambda v: row_empty(v) and v.game_info.grandslam == GrandSlam.OPP_GETS_REMAIN,
         "grandslam OPP_GETS_REMAIN gives the mover's row to the opponent, end_rule "
         "ROW_EMPTY gives each player their own: not both"),
]


# ---- the common rules (class Mancala) ---------------------------------------------------------

BOARD = [
    rule("holes_range", ("holes",),
         lambda v: not MIN_HOLES <= v.holes <= (MAX_HOLES_110 if v110(v) else MAX_HOLES),
         f"holes must be from {MIN_HOLES} to {MAX_HOLES} a side ({MAX_HOLES_110} under the 1.10 rules)"),
    rule("nbr_start_positive", ("nbr_start",), lambda v: v.nbr_start <= 0,
         "nbr_start must be at least 1"),
]

CREATION = [
    rule("missing_name", ("name",), lambda v: not gi(v).name, "a variant needs a name"),
    rule("high_min_moves", ("min_move",),
         lambda v: not 1 <= gi(v).min_move <= MAX_MIN_MOVE,
         f"min_move must be from 1 to {MAX_MIN_MOVE}"),
]

PATTERN_SIZES = {
    StartPattern.GAMACHA: (lambda h: h >= 3, "GAMACHA needs at least 3 holes a side"),
    StartPattern.ALTS_WITH_1: (lambda h: h >= 3, "ALTS_WITH_1 needs at least 3 holes a side"),
    StartPattern.CLIPPEDTRIPLES: (lambda h: h >= 3, "CLIPPEDTRIPLES needs at least 3 holes a side"),
    StartPattern.TWOEMPTY: (lambda h: h >= 4, "TWOEMPTY needs at least 4 holes a side"),
    StartPattern.ALTS_SPLIT: (lambda h: h % 2 == 0, "ALTS_SPLIT needs an even number of holes a side"),
    StartPattern.NO_REPEAT_SOW_OWN: (lambda h: h >= 3, "NO_REPEAT_SOW_OWN needs at least 3 holes a side"),
    StartPattern.AZIGO: (lambda h: 8 <= h <= 20, "AZIGO needs 8 to 20 holes a side"),
}

def _pattern_size_broken(pattern: StartPattern, ok: Callable[[int], bool]) -> Callable[[Variant], bool]:
    return lambda v: gi(v).start_pattern == pattern and not ok(v.holes)


PATTERNS = [
    *[rule(f"pattern_{pattern.value.lower()}_size", ("start_pattern", "holes"),
           _pattern_size_broken(pattern, ok), msg)
      for pattern, (ok, msg) in PATTERN_SIZES.items()],
    rule("pattern_bad_fills", ("start_pattern", "round_fill"),
         lambda v: gi(v).start_pattern != StartPattern.ALL_EQUAL
         and gi(v).round_fill not in (RoundFill.NOT_APPLICABLE, RoundFill.UCHOWN,
                                      RoundFill.TERR_EX_RANDOM, RoundFill.TERR_EX_LOSER),
         "a start_pattern cannot be refilled by this round_fill "
         "(only NOT_APPLICABLE, UCHOWN, TERR_EX_RANDOM or TERR_EX_LOSER)"),
    rule("pattern_bad_rgoals", ("start_pattern", "rounds", "goal"),
         lambda v: gi(v).start_pattern != StartPattern.ALL_EQUAL
         and gi(v).rounds != Rounds.NO_ROUNDS
         and gi(v).goal not in (*ROUND_GOALS, Goal.TERRITORY),
         "a start_pattern in rounds needs an RND_* or TERRITORY goal"),
    rule("deprive_mmgr1_rturn", ("goal", "min_move", "capt_rturn", "sow_own_store"),
         lambda v: gi(v).goal.eliminating == Goal.DEPRIVE and gi(v).min_move > 1
         and (gi(v).capt_rturn != CaptRTurn.NO_REPEAT or gi(v).sow_own_store),
         "DEPRIVE with min_move above 1 (the last mover wins) cannot have repeat turns"),
]

# the 1.10 end conditions (end_cond, quitter); a 1.8 variant cannot name them
END_CONDITIONS = [
    rule("need_end_param", ("end_cond", "end_param"),
         lambda v: gi(v).end_cond in (EndCond.SEEDS_LIMIT, EndCond.HOLE_SEED_LIMIT)
         and not gi(v).end_param,
         "end_cond SEEDS_LIMIT and HOLE_SEED_LIMIT need end_param above 0"),
    rule("elseed_ec_no_clear", ("goal", "end_cond"),
         lambda v: gi(v).goal in ELIMINATING
         and gi(v).end_cond in (EndCond.CLEARED_OWN, EndCond.CLEARED_OPP),
         "CLEAR, DEPRIVE and IMMOBILIZE games cannot use end_cond CLEARED_OWN or CLEARED_OPP"),
    rule("clear_no_pass", ("mustpass", "end_cond"),
         lambda v: gi(v).mustpass and gi(v).end_cond in (EndCond.CLEARED_OWN, EndCond.CLEARED_OPP),
         "mustpass cannot be used with end_cond CLEARED_OWN or CLEARED_OPP"),
    rule("quitter_not_unfed", ("quitter",),
         lambda v: gi(v).quitter == Unclaimed.UNFED_PLAYER,
         "quitter UNFED_PLAYER is not a way to end a stopped game: HOLE_OWNER, DONT_SCORE, "
         "LAST_MOVER or DIVVIED"),
    rule("dupl_seeds_limits", ("rounds", "end_cond"),
         lambda v: gi(v).rounds in (Rounds.END_S_SEEDS, Rounds.END_2S_SEEDS)
         and gi(v).end_cond == EndCond.SEEDS_LIMIT,
         "rounds END_S_SEEDS and END_2S_SEEDS already end at a seed limit: not with end_cond "
         "SEEDS_LIMIT"),
]

ELIMINATION_RULES = [
    rule("elseed_gs_legal", ("goal", "grandslam"),
         lambda v: gi(v).goal in ELIMINATING and gi(v).grandslam != GrandSlam.LEGAL,
         "CLEAR and DEPRIVE games need grandslam LEGAL"),
    *flag_rules("elseed_bad_", ["child_cvt", "child_rule", "child_type", "moveunlock",
                                "mustshare", "mustpass"],
                lambda v: gi(v).goal in ELIMINATING,
                "CLEAR and DEPRIVE games cannot use {flag}"),
    # played over rounds only as the RND_WIN_COUNT_CLR/_DEP/_IMB goals
    *flag_rules("elseed_bad_", ["rounds", "round_starter", "round_fill"],
                lambda v: gi(v).goal in ELIMINATION,
                "CLEAR and DEPRIVE games cannot use {flag}"),
    rule("clear_no_min_move", ("goal", "min_move"),
         lambda v: gi(v).goal.eliminating == Goal.CLEAR and gi(v).min_move != 1,
         "CLEAR games need min_move 1"),
    rule("clear_no_1all_zero", ("goal", "allow_rule"),
         lambda v: gi(v).goal.eliminating == Goal.CLEAR
         and gi(v).allow_rule == AllowRule.SINGLE_ALL_TO_ZERO,
         "CLEAR games cannot use allow_rule SINGLE_ALL_TO_ZERO"),
]

TERRITORY = [
    rule("terr_goal_param", ("goal", "goal_param", "holes"),
         lambda v: gi(v).goal == Goal.TERRITORY
         and not v.holes < gi(v).goal_param <= 2 * v.holes,
         "TERRITORY needs goal_param (holes to own to win) above holes and at most 2 x holes"),
    rule("terr_need_stores", ("goal", "stores"),
         lambda v: gi(v).goal == Goal.TERRITORY and not gi(v).stores,
         "TERRITORY games need stores"),
    rule("terr_no_sides_incomp", ("goal", "no_sides"),
         lambda v: gi(v).goal == Goal.TERRITORY and gi(v).no_sides,
         "TERRITORY games cannot be no_sides"),
    rule("capt_terr", ("capt_side", "goal"),
         lambda v: gi(v).capt_side in (CaptSide.OPP_TERR, CaptSide.OWN_TERR)
         and gi(v).goal != Goal.TERRITORY,
         "capt_side OPP_TERR and OWN_TERR (by hole owner) need goal TERRITORY"),
    rule("terr_ex_terr_only", ("round_fill", "goal"),
         lambda v: gi(v).round_fill in (RoundFill.TERR_EX_RANDOM, RoundFill.TERR_EX_LOSER,
                                        RoundFill.TERR_EX_EMPTY) and gi(v).goal != Goal.TERRITORY,
         "the TERR_EX_* round fills need goal TERRITORY"),
    rule("uchown_terr_only", ("round_fill", "goal"),
         lambda v: gi(v).round_fill == RoundFill.UCHOWN and gi(v).goal != Goal.TERRITORY,
         "round_fill UCHOWN needs goal TERRITORY"),
    rule("terr_gs_not", ("goal", "grandslam"),
         lambda v: gi(v).goal == Goal.TERRITORY and gi(v).grandslam == GrandSlam.NOT_LEGAL,
         "TERRITORY games cannot use grandslam NOT_LEGAL"),
    rule("terr_no_fchild", ("goal", "child_locs"),
         lambda v: gi(v).goal == Goal.TERRITORY and gi(v).child_locs == ChildLocs.FIXED_ONE_RIGHT,
         "TERRITORY games cannot use child_locs FIXED_ONE_RIGHT (the child hole may not be its "
         "player's)"),
    rule("terr_half_rounds", ("goal", "rounds"),
         lambda v: gi(v).goal == Goal.TERRITORY and gi(v).rounds == Rounds.HALF_SEEDS,
         "TERRITORY games cannot use rounds HALF_SEEDS (rounds would never end)"),
    rule("terr_gparam_high", ("goal", "unclaimed", "rounds", "goal_param"),
         lambda v: gi(v).goal == Goal.TERRITORY and gi(v).unclaimed == Unclaimed.DONT_SCORE
         and ((gi(v).rounds == Rounds.END_S_SEEDS and gi(v).goal_param > 2 * v.holes - 1)
               or (gi(v).rounds == Rounds.END_2S_SEEDS and gi(v).goal_param > 2 * v.holes - 2)),
         "goal_param is too high for these rounds with DONT_SCORE: nobody could win"),
]

BLOCK_DIVERT = [
    rule("next_ml_no_bdiv", ("mlaps", "sow_rule"),
         lambda v: gi(v).mlaps == LapSower.LAPPER_NEXT and blkd_div(v),
         "mlaps LAPPER_NEXT cannot be used with SOW_BLKD_DIV(_NR)"),
    rule("bdiv_need_gparam", ("sow_rule", "sow_param"),
         lambda v: blkd_div(v) and not gi(v).sow_param,
         "SOW_BLKD_DIV(_NR) needs sow_param (the count that closes a hole)"),
    rule("bdiv_need_blocks", ("sow_rule", "blocks"),
         lambda v: blkd_div(v) and not gi(v).blocks,
         "SOW_BLKD_DIV(_NR) needs blocks"),
    rule("bdiv_min_req_dep_goal", ("sow_rule", "goal"),
         lambda v: blkd_div(v) and gi(v).goal.eliminating not in (Goal.DEPRIVE, Goal.IMMOBILIZE),
         "SOW_BLKD_DIV(_NR) needs goal DEPRIVE (or, in the 1.10 rules, IMMOBILIZE)"),
    *flag_rules("bdiv_nocapt_", ["capsamedir", "capt_max", "capt_min", "capt_type", "capt_on",
                                 "capt_rturn", "crosscapt", "evens", "multicapt", "nosinglecapt",
                                 "capt_side", "pickextra", "xcpickown"],
                blkd_div, "SOW_BLKD_DIV(_NR) removes seeds by closing holes: no other capture "
                "({flag})"),
    *flag_rules("bdiv_bad_", ["allow_rule", "sow_start", "skip_start", "visit_opp"], blkd_div,
                "SOW_BLKD_DIV(_NR) cannot be used with {flag}"),
]

CHILDREN = [
    rule("next_ml_nochild", ("mlaps", "child_type", "child_cvt"),
         lambda v: gi(v).mlaps == LapSower.LAPPER_NEXT
         and (gi(v).child_type != ChildType.NOCHILD or bool(gi(v).child_cvt)),
         "mlaps LAPPER_NEXT cannot be used with children"),
    rule("child_need_cvt", ("child_type", "child_cvt"),
         lambda v: gi(v).child_type not in (ChildType.NOCHILD, ChildType.RAM) and not gi(v).child_cvt
         and gi(v).child_locs != ChildLocs.FIXED_ONE_RIGHT,
         "a child_type needs child_cvt (unless RAM or child_locs FIXED_ONE_RIGHT)"),
    rule("ram_cw_ccw", ("child_type", "sow_direct"),
         lambda v: gi(v).child_type == ChildType.RAM and gi(v).sow_direct not in (Direct.CW, Direct.CCW),
         "child_type RAM needs sow_direct CW or CCW"),
    rule("child_cvt_need_type", ("child_cvt", "child_type"),
         lambda v: gi(v).child_type == ChildType.NOCHILD and bool(gi(v).child_cvt),
         "child_cvt needs a child_type"),
    rule("child_reserved", ("child_type",),
         lambda v: gi(v).child_type == ChildType.RESERVED,
         "child_type RESERVED is an unused value"),
    rule("child_not_deprive", ("child_cvt", "goal"),
         lambda v: bool(gi(v).child_cvt) and gi(v).goal.eliminating == Goal.DEPRIVE,
         "children cannot be used in DEPRIVE games"),
    rule("child_no_gs", ("child_cvt", "grandslam"),
         lambda v: bool(gi(v).child_cvt) and gi(v).grandslam != GrandSlam.LEGAL,
         "children need grandslam LEGAL"),
    rule("ch_rule_own_incom", ("child_rule", "goal"),
         lambda v: gi(v).goal != Goal.TERRITORY
         and gi(v).child_rule in (ChildRule.OPP_OWNER_ONLY, ChildRule.OWN_OWNER_ONLY),
         "child_rule OPP_OWNER_ONLY and OWN_OWNER_ONLY need goal TERRITORY"),
    rule("no_opp_child_req", ("sow_rule", "child_type"),
         lambda v: gi(v).child_type == ChildType.NOCHILD
         and gi(v).sow_rule == SowRule.NO_OPP_CHILD,
         "sow_rule NO_OPP_CHILD needs children"),
    rule("not1st_static", ("child_rule", "blocks", "goal"),
         lambda v: gi(v).child_rule == ChildRule.NOT_1ST_OPP
         and (gi(v).blocks or gi(v).goal == Goal.TERRITORY),
         "child_rule NOT_1ST_OPP cannot be used with blocks or TERRITORY"),
]

NO_SIDES = [
    rule("no_sides_need_stores", ("no_sides", "stores"),
         lambda v: not v110(v) and gi(v).no_sides and not gi(v).stores, "no_sides needs stores"),
    # 1.10 keeps the captured seeds of a no-sides game off the board in any case; only a
    # game won by seeds needs somewhere to show them
    rule("no_sides_need_place", ("no_sides", "stores", "child_type", "goal"),
         lambda v: v110(v) and gi(v).no_sides and gi(v).goal not in ELIMINATING
         and not gi(v).stores and gi(v).child_type == ChildType.NOCHILD,
         "a no_sides game won by seeds needs stores or children"),
    rule("no_sides_bad_blocks", ("no_sides", "blocks"),
         lambda v: v110(v) and gi(v).no_sides and gi(v).blocks,
         "no_sides cannot be used with blocks"),
    *flag_rules("no_sides_bad_", ["grandslam", "mustpass", "mustshare", "capt_side", "rounds",
                                  "round_starter", "round_fill", "visit_opp"],
                lambda v: gi(v).no_sides, "no_sides cannot be used with {flag}"),
]

# 1.10 only: the captures while sowing
# the capture types that take a store
STORE_CAPTURES = (CaptType.PASS_STORE_CAPT, CaptType.END_OPP_STORE_CAPT)
EN_PASSANT = (SowRule.ENPAS_ALL_OWNER_SOW, SowRule.ENPAS_ALL_OWNER_OWN, SowRule.ENPAS_ALL_SOWER,
              SowRule.ENPAS_SOW_SOWER, SowRule.ENPAS_OPP_SOWER)

CAPTURES = [
    rule("capt2out_needs_samedir", ("capt_type", "capsamedir"),
         lambda v: gi(v).capt_type == CaptType.TWO_OUT and not gi(v).capsamedir,
         "capt_type TWO_OUT needs capsamedir (the holes behind were just sown)"),
    rule("lcapt_no_ctype", ("sow_rule", "capt_type"),
         lambda v: gi(v).sow_rule == SowRule.LAP_CAPT
         and gi(v).capt_type not in (CaptType.NONE, CaptType.TWO_OUT, CaptType.NEXT),
         "LAP_CAPT works with the basic captures, crosscapt, NEXT and TWO_OUT only"),
    rule("ogol_no_ctype", ("sow_rule", "capt_type"),
         lambda v: gi(v).sow_rule == SowRule.OPP_GETS_OWN_LAST
         and gi(v).capt_type not in (CaptType.NONE, CaptType.TWO_OUT, CaptType.NEXT),
         "OPP_GETS_OWN_LAST works with the basic captures, crosscapt, NEXT and TWO_OUT only"),
    rule("sca_gs_not", ("sow_rule", "grandslam"),
         lambda v: gi(v).sow_rule in (SowRule.OWN_SOW_CAPT_ALL, SowRule.SOW_CAPT_ALL)
         and gi(v).grandslam != GrandSlam.LEGAL,
         "OWN_SOW_CAPT_ALL and SOW_CAPT_ALL need grandslam LEGAL"),
    rule("enpas_gs_not", ("sow_rule", "grandslam"),
         lambda v: gi(v).sow_rule in EN_PASSANT and gi(v).grandslam != GrandSlam.LEGAL,
         "the ENPAS_* sow rules (captures while sowing) need grandslam LEGAL"),
    rule("enpas_basic_capt", ("sow_rule", "capt_on", "evens", "capt_min", "capt_max"),
         lambda v: gi(v).sow_rule in EN_PASSANT and not basic_capture(gi(v)),
         "the ENPAS_* sow rules take the holes sown to a capturable count: they need "
         "capt_on, evens, capt_min or capt_max"),
    rule("xpick_requires_cross", ("xcpickown", "crosscapt"),
         lambda v: gi(v).xcpickown != CrossCaptOwn.LEAVE and not gi(v).crosscapt,
         "xcpickown needs crosscapt"),
    rule("xc_const_pickextra", ("crosscapt", "pickextra", "capt_on", "evens", "capt_min", "capt_max"),
         lambda v: gi(v).crosscapt and basic_capture(gi(v))
         and gi(v).pickextra == CaptExtraPick.PICKCROSS,
         "PICKCROSS would ignore the capture criteria of a constrained crosscapt"),
    rule("pcm_multi", ("pickextra", "multicapt"),
         lambda v: gi(v).pickextra == CaptExtraPick.PICKCROSSMULT and not gi(v).multicapt,
         "PICKCROSSMULT takes across from each hole of a multiple capture: it needs multicapt"),
    rule("moveall_no_locks", ("allow_rule", "moveunlock"),
         lambda v: gi(v).allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST and gi(v).moveunlock,
         "MOVE_ALL_HOLES_FIRST keeps its own locks: moveunlock cannot be set"),
    rule("moveall_no_capttype", ("allow_rule", "capt_type"),
         lambda v: gi(v).allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST
         and gi(v).capt_type == CaptType.TWO_OUT,
         "MOVE_ALL_HOLES_FIRST cannot be used with capt_type TWO_OUT"),
    rule("moveall_no_picker", ("allow_rule", "xcpickown", "pickextra"),
         lambda v: gi(v).allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST
         and (gi(v).xcpickown != CrossCaptOwn.LEAVE or gi(v).pickextra != CaptExtraPick.NONE),
         "MOVE_ALL_HOLES_FIRST cannot be used with xcpickown or pickextra"),
    rule("scont_mcapt", ("capt_side", "multicapt"),
         lambda v: gi(v).capt_side in (CaptSide.OWN_CONT, CaptSide.OPP_CONT)
         and not gi(v).multicapt,
         "capt_side OWN_CONT and OPP_CONT need multicapt"),
    rule("capt2out_cside", ("capt_side", "capt_type"),
         lambda v: gi(v).capt_side != CaptSide.BOTH and gi(v).capt_type == CaptType.TWO_OUT,
         "capt_type TWO_OUT needs capt_side BOTH"),
]

ALLOW_TRIPLES = (AllowRule.TWO_ONLY_ALL_RIGHT, AllowRule.FIRST_TURN_ONLY_RIGHT_TWO,
                 AllowRule.RIGHT_2_1ST_THEN_ALL_TWO, AllowRule.NOT_XFROM_1S)
UDIR_ALLOWS = (AllowRule.NONE, AllowRule.SINGLE_ONLY_ALL, AllowRule.TWO_ONLY_ALL,
               AllowRule.TWO_ONLY_ALL_RIGHT, AllowRule.FIRST_TURN_ONLY_RIGHT_TWO,
               AllowRule.RIGHT_2_1ST_THEN_ALL_TWO, AllowRule.MOVE_ALL_HOLES_FIRST,
               AllowRule.NOT_XFROM_1S)

GENERAL = [
    rule("allowrule_mlen3", ("allow_rule", "no_sides", "goal"),
         lambda v: move_length(v) == 3 and gi(v).allow_rule in ALLOW_TRIPLES,
         "this allow_rule reads row positions: not for no_sides or TERRITORY games"),
    rule("opp_empty_no_tuples", ("allow_rule", "udir_holes", "no_sides", "goal"),
         lambda v: gi(v).allow_rule == AllowRule.OPP_OR_EMPTY and move_length(v) > 1,
         "OPP_OR_EMPTY cannot be used with udir_holes, no_sides or TERRITORY"),
    rule("no_pres_opp_empty", ("prescribed", "allow_rule"),
         lambda v: gi(v).prescribed != SowPrescribed.NONE
         and gi(v).allow_rule == AllowRule.OPP_OR_EMPTY,
         "prescribed openings cannot be used with OPP_OR_EMPTY"),
    rule("sow_own_needs_stores", ("sow_own_store", "stores"),
         lambda v: gi(v).sow_own_store and not gi(v).stores, "sow_own_store needs stores"),
    rule("plocs_stores", ("play_locs", "stores"),
         lambda v: gi(v).play_locs != PlayLocs.BOARD_ONLY and not gi(v).stores,
         "play_locs other than BOARD_ONLY needs stores (moves start from them)"),
    rule("plocs_direct", ("play_locs", "sow_direct"),
         lambda v: gi(v).play_locs != PlayLocs.BOARD_ONLY and gi(v).sow_direct not in (Direct.CW, Direct.CCW),
         "play_locs other than BOARD_ONLY needs sow_direct CW or CCW (the store's seeds go that way)"),
    rule("move_rmost_mlength", ("start_pattern", "goal", "no_sides", "udir_holes"),
         lambda v: gi(v).start_pattern == StartPattern.MOVE_RIGHTMOST and move_length(v) > 1,
         "start_pattern MOVE_RIGHTMOST cannot be used with TERRITORY, no_sides or udir_holes "
         "(the starter's rightmost hole is not a plain move there)"),
    rule("no_udir_firsts_dir", ("prescribed", "sow_direct"),
         lambda v: gi(v).prescribed == SowPrescribed.NO_UDIR_FIRSTS
         and gi(v).sow_direct not in (Direct.CW, Direct.CCW),
         "prescribed NO_UDIR_FIRSTS needs sow_direct CW or CCW"),
    # --- the 1.10 capture types
    rule("opp1ccw_noterr", ("capt_type", "goal"),
         lambda v: gi(v).capt_type == CaptType.CAPT_OPP_1CCW and gi(v).goal == Goal.TERRITORY,
         "capt_type CAPT_OPP_1CCW cannot be used in TERRITORY games"),
    rule("ctype_no_multi", ("capt_type", "multicapt"),
         lambda v: bool(gi(v).multicapt) and gi(v).capt_type in (CaptType.SINGLETONS, CaptType.CAPT_OPP_1CCW),
         "this capt_type cannot be used with multicapt"),
    rule("str_capt_stores", ("capt_type", "stores"),
         lambda v: gi(v).capt_type in STORE_CAPTURES and not gi(v).stores,
         "capt_type PASS_STORE_CAPT or END_OPP_STORE_CAPT needs stores"),
    rule("str_capt_single", ("capt_type", "multicapt"),
         lambda v: gi(v).capt_type in STORE_CAPTURES and bool(gi(v).multicapt),
         "capt_type PASS_STORE_CAPT or END_OPP_STORE_CAPT cannot be used with multicapt"),
    # the opponent's store can be the end of a sowing that passes the turn only then
    rule("end_opp_both", ("capt_type", "opp_store_no_repeat"),
         lambda v: gi(v).capt_type == CaptType.END_OPP_STORE_CAPT and not gi(v).opp_store_no_repeat,
         "capt_type END_OPP_STORE_CAPT needs sow_stores BOTH_NR_OPP"),
    rule("pacross_same_dir", ("capt_type", "multicapt", "capsamedir"),
         lambda v: gi(v).capt_type == CaptType.PULL_ACROSS and bool(gi(v).multicapt)
         and not gi(v).capsamedir,
         "capt_type PULL_ACROSS with multicapt needs capt_dir SOW"),
    # capt_dir BOTH runs the multiple capture both ways (engine/capture_steps.BothDirections)
    rule("cdir_both_multicapt", ("capt_both_dirs", "multicapt"),
         lambda v: gi(v).capt_both_dirs and not gi(v).multicapt,
         "capt_dir BOTH needs multicapt"),
    rule("cdir_both_ctypes", ("capt_both_dirs", "capt_type", "crosscapt"),
         lambda v: gi(v).capt_both_dirs and not (
             gi(v).capt_type in (CaptType.NEXT, CaptType.MATCH_OPP)
             or (basic_capture(gi(v)) and not gi(v).crosscapt)),
         "capt_dir BOTH is played only with the basic captures (no crosscapt) or capt_type "
         "NEXT or MATCH_OPP"),
    rule("both_mlaps_next", ("capt_both_dirs", "capt_type", "mlaps"),
         lambda v: gi(v).capt_both_dirs and bool(gi(v).multicapt)
         and gi(v).capt_type == CaptType.NEXT and gi(v).mlaps != LapSower.OFF,
         "capt_dir BOTH with capt_type NEXT cannot be used with mlaps"),
    rule("enpas_no_capttype", ("sow_rule", "capt_type"),
         lambda v: gi(v).sow_rule in EN_PASSANT and gi(v).capt_type in (
             CaptType.SINGLETONS, CaptType.CAPT_OPP_1CCW, CaptType.PULL_ACROSS,
             CaptType.END_OPP_STORE_CAPT),
         "en-passant sow rules cannot be used with this capt_type"),
    rule("mlap_cont_needs_mlaps", ("mlap_cont", "mlaps"),
         lambda v: gi(v).mlap_cont != MlapCont.NONE and gi(v).mlaps == LapSower.OFF,
         "mlap_cont is a condition on sowing another lap: it needs mlaps"),
    rule("stop_store_needs_sow_stores", ("mlap_cont", "sow_own_store"),
         lambda v: gi(v).mlap_cont == MlapCont.STOP_STORE and not gi(v).sow_own_store,
         "mlap_cont STOP_STORE needs sow_stores"),
    rule("greq_needs_param", ("mlap_cont", "mlap_param"),
         lambda v: gi(v).mlap_cont == MlapCont.GREQ_PARAM and not gi(v).mlap_param,
         "mlap_cont GREQ_PARAM needs mlap_param"),
    rule("sow_own_nocapt", ("sow_own_store", "nocaptmoves"),
         lambda v: gi(v).sow_own_store and bool(gi(v).nocaptmoves),
         "sow_own_store cannot be used with nocaptmoves"),
    rule("sow_own_not_rules", ("sow_own_store", "sow_rule"),
         lambda v: gi(v).sow_own_store and gi(v).sow_rule in (
              SowRule.OWN_SOW_CAPT_ALL, SowRule.SOW_CAPT_ALL, SowRule.NO_SOW_OPP_NS, *EN_PASSANT),
         "sow_own_store cannot be used with this sow_rule"),
    rule("no_opp_n_sparam", ("sow_rule", "sow_param"),
         lambda v: gi(v).sow_rule == SowRule.NO_SOW_OPP_NS and not gi(v).sow_param,
         "NO_SOW_OPP_NS needs sow_param"),
    rule("max_sow_param", ("sow_rule", "sow_param"),
         lambda v: gi(v).sow_rule == SowRule.MAX_SOW and not gi(v).sow_param,
         "MAX_SOW needs sow_param above 0"),
    rule("lcapt_no_lnext", ("sow_rule", "mlaps"),
         lambda v: gi(v).sow_rule in (SowRule.LAP_CAPT, SowRule.LAP_CAPT_SEEDS)
         and gi(v).mlaps == LapSower.LAPPER_NEXT,
         "LAP_CAPT and LAP_CAPT_SEEDS cannot be used with LAPPER_NEXT"),
    # LAP_CAPT_SEEDS (1.10): the reference's own limits
    rule("lcs_needs_lapper", ("sow_rule", "mlaps"),
         lambda v: gi(v).sow_rule == SowRule.LAP_CAPT_SEEDS and gi(v).mlaps == LapSower.OFF,
         "LAP_CAPT_SEEDS needs mlaps LAPPER"),
    rule("lcs_presow_capt", ("sow_rule", "presowcapt"),
         lambda v: gi(v).sow_rule == SowRule.LAP_CAPT_SEEDS and gi(v).presowcapt != PreSowCapt.NONE,
         "LAP_CAPT_SEEDS cannot be used with presowcapt"),
    rule("lcs_stores", ("sow_rule", "stores"),
         lambda v: gi(v).sow_rule == SowRule.LAP_CAPT_SEEDS and gi(v).stores,
         "LAP_CAPT_SEEDS cannot be used with stores (the seeds taken go back into play)"),
    rule("lcs_collect", ("sow_rule", "capt_type", "crosscapt"),
         lambda v: gi(v).sow_rule == SowRule.LAP_CAPT_SEEDS
         and gi(v).capt_type == CaptType.NONE and not gi(v).crosscapt,
         "LAP_CAPT_SEEDS needs captures beyond the last hole: a capt_type or crosscapt"),
    rule("ogol_no_lnext", ("sow_rule", "mlaps"),
         lambda v: gi(v).sow_rule == SowRule.OPP_GETS_OWN_LAST
         and gi(v).mlaps == LapSower.LAPPER_NEXT,
         "OPP_GETS_OWN_LAST cannot be used with LAPPER_NEXT"),
    rule("visit_opp_req_mlap", ("visit_opp", "mlaps"),
         lambda v: gi(v).visit_opp and gi(v).mlaps == LapSower.OFF, "visit_opp needs mlaps"),
    rule("sow_start_skip_incomp", ("sow_start", "skip_start"),
         lambda v: gi(v).sow_start and gi(v).skip_start,
         "sow_start and skip_start cannot be used together"),
    rule("rstarter_wo_rounds", ("round_starter", "rounds"),
         lambda v: gi(v).rounds == Rounds.NO_ROUNDS
         and gi(v).round_starter != RoundStarter.ALTERNATE,
         "round_starter needs rounds"),
    rule("mx_round_limit", ("rounds", "goal", "goal_param", "holes"),
         lambda v: gi(v).rounds != Rounds.NO_ROUNDS and gi(v).goal == Goal.MAX_SEEDS
         and gi(v).goal_param > v.holes,
         "goal_param (holes needed to play another round) must not exceed holes"),
    rule("rnd_goals_rounds", ("goal", "rounds"),
         lambda v: gi(v).goal in ROUND_GOALS and (
             gi(v).rounds == Rounds.NO_ROUNDS
             or gi(v).goal in ELIMINATION_ROUNDS and gi(v).rounds != Rounds.NO_MOVES),
         "RND_* goals need rounds (RND_WIN_COUNT_CLR, _DEP and _IMB: rounds NO_MOVES)"),
    rule("rnd_goals_gp1", ("goal", "goal_param"),
         lambda v: gi(v).goal in ROUND_GOALS and gi(v).goal_param <= 0,
         "RND_* goals need goal_param above 0 (the tally that wins)"),
    rule("rnd_goals_no_fill", ("goal", "round_fill"),
         lambda v: gi(v).goal in ROUND_GOALS and gi(v).round_fill != RoundFill.NOT_APPLICABLE,
         "RND_* goals start every round afresh: round_fill is not used"),
    rule("move_one_start", ("move_one", "sow_start"),
         lambda v: gi(v).move_one and not gi(v).sow_start, "move_one needs sow_start"),
    rule("presowcapt_locks", ("presowcapt", "moveunlock"),
         lambda v: gi(v).presowcapt != PreSowCapt.NONE and gi(v).moveunlock,
         "presowcapt cannot be used with moveunlock"),
    rule("needs_moves", ("min_move", "sow_start", "move_one"),
         lambda v: gi(v).min_move == 1 and gi(v).sow_start and not gi(v).move_one,
         "min_move 1 with sow_start (without move_one) would allow moves that change nothing"),
    rule("unfed_mustshare", ("unclaimed", "mustshare"),
         lambda v: gi(v).unclaimed == Unclaimed.UNFED_PLAYER and not gi(v).mustshare,
         "unclaimed UNFED_PLAYER needs mustshare"),
    rule("p1m1_conflict", ("prescribed", "sow_start", "move_one"),
         lambda v: gi(v).prescribed == SowPrescribed.PLUS1MINUS1
         and (gi(v).sow_start or gi(v).move_one),
         "PLUS1MINUS1 cannot be used with sow_start or move_one"),
    rule("too_many_udir", ("udir_holes", "holes"),
         lambda v: len(gi(v).udir_holes) > v.holes, "more udir_holes than holes"),
    rule("udir_oo_range", ("udir_holes", "holes"),
         lambda v: any(h >= v.holes for h in gi(v).udir_holes),
         "udir_holes are positions 0..holes-1 counted from each player's left"),
    rule("udir_gs_not", ("udir_holes", "sow_direct", "grandslam"),
         lambda v: udirect(v) and gi(v).grandslam == GrandSlam.NOT_LEGAL,
         "udir_holes (or PLAYALTDIR) cannot be used with grandslam NOT_LEGAL"),
    rule("udir_bad_allowrule", ("udir_holes", "sow_direct", "allow_rule"),
         lambda v: udirect(v) and gi(v).allow_rule not in UDIR_ALLOWS,
         "this allow_rule depends on the sowing direction: not with udir_holes or PLAYALTDIR"),
    rule("odd_split_udir", ("sow_direct", "holes", "udir_holes"),
         lambda v: gi(v).sow_direct in (Direct.SPLIT, Direct.TOCENTER) and v.holes % 2 == 1
         and v.holes // 2 not in gi(v).udir_holes,
         "SPLIT or TOCENTER sowing on an odd row needs the middle hole in udir_holes"),
    rule("gs_not_legal_no_tuple", ("grandslam", "udir_holes", "no_sides", "goal"),
         lambda v: move_length(v) > 1 and gi(v).grandslam == GrandSlam.NOT_LEGAL,
         "grandslam NOT_LEGAL cannot be used with udir_holes, no_sides or TERRITORY"),
    # our extension (Jackman's variation D), not a parameter of the reference
    rule("store_ends_turn_needs_store", ("store_ends_turn", "sow_own_store"),
         lambda v: gi(v).store_ends_turn and not gi(v).sow_own_store,
         "store_ends_turn needs sow_own_store"),
] + ROW_EMPTY_RULES

PLAYER = [
    rule("stores_scorer", ("stores_m", "stores", "child_cvt"),
         lambda v: bool(v.player.scorer.stores_m) and not gi(v).stores and not gi(v).child_cvt
         and gi(v).child_locs != ChildLocs.FIXED_ONE_RIGHT,
         "the stores scorer (stores_m) needs stores or children"),
    # the 1.10 release only warns here: Azigo wins by IMMOBILIZE with seeds in play in
    # the stores, which its AI scores
    rule("stores_scorer_inv", ("stores_m", "goal"),
         lambda v: bool(v.player.scorer.stores_m) and gi(v).goal in ELIMINATING and not v110(v),
         "the stores scorer (stores_m) is not for CLEAR or DEPRIVE games"),
    rule("mlaps_access_prohibit", ("access_m", "mlaps"),
         lambda v: bool(v.player.scorer.access_m) and gi(v).mlaps != LapSower.OFF,
         "the access scorer (access_m) is not for multi-lap games"),
    rule("udirect_access_prohibit", ("access_m", "udir_holes"),
         lambda v: bool(v.player.scorer.access_m) and udirect(v),
         "the access scorer (access_m) is not for games with udir_holes"),
    rule("no_side_access", ("access_m", "no_sides", "goal"),
         lambda v: bool(v.player.scorer.access_m) and move_length(v) == 3,
         "the access scorer (access_m) is not for no_sides or TERRITORY games"),
    rule("child_scorer", ("child_cnt_m", "child_cvt"),
         lambda v: bool(v.player.scorer.child_cnt_m) and not gi(v).child_cvt,
         "the child scorer (child_cnt_m) needs children"),
    rule("no_repeat_scorer", ("repeat_turn", "sow_own_store", "capt_rturn", "xc_sown"),
         lambda v: bool(v.player.scorer.repeat_turn)
         and not (gi(v).sow_own_store or gi(v).capt_rturn != CaptRTurn.NO_REPEAT
                   or gi(v).xc_sown),
         "the repeat_turn scorer needs repeat turns (sow_own_store, capt_rturn or xc_sown)"),
]

MANCALA = (BOARD + CREATION + PATTERNS + END_CONDITIONS + ELIMINATION_RULES + TERRITORY + BLOCK_DIVERT + CHILDREN
           + NO_SIDES + CAPTURES + GENERAL + PLAYER)
