"""Named cross-parameter rules of the reference, one entry per stated restriction.

Each rule is data: a name, the parameters it involves, a predicate that is
True when the variant BREAKS the rule, and the message. `check` reports every
broken rule at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mancala.rules.enums import (
    AllowRule,
    CaptExtraPick,
    CaptRTurn,
    CaptSide,
    CaptType,
    ChildLocs,
    ChildRule,
    ChildType,
    Direct,
    GameClass,
    Goal,
    GrandSlam,
    LapSower,
    PreSowCapt,
    RoundFill,
    Rounds,
    SowPrescribed,
    SowRule,
    StartPattern,
    Unclaimed,
)
from mancala.rules.errors import Violation
from mancala.rules.variant import GameInfo, Variant


@dataclass(frozen=True)
class Constraint:
    name: str
    params: tuple[str, ...]
    broken: Callable[[Variant], bool]
    message: str
    # names what exactly broke the rule, where `params` cannot say it alone
    detail: Callable[[Variant], str] | None = None


def _gi(v: Variant):  # noqa: ANN202 - short accessor used by the table below
    return v.game_info


DIFFUSION_CLASSES = {GameClass.DIFFUSION, GameClass.DIFFUSION_V2}
# what makes a game of more than a race (ew_cycle_race), param -> broken
EW_RACE_BREAKS: dict[str, Callable[[GameInfo], bool]] = {
    "goal": lambda gi: gi.goal != Goal.CLEAR,
    "crosscapt": lambda gi: gi.crosscapt,
    "capt_on": lambda gi: bool(gi.capt_on),
    "capt_min": lambda gi: gi.capt_min > 0,
    "capt_max": lambda gi: gi.capt_max > 0,
    "evens": lambda gi: gi.evens,
    "capt_type": lambda gi: gi.capt_type != CaptType.NONE,
    "presowcapt": lambda gi: gi.presowcapt != PreSowCapt.NONE,
    "pickextra": lambda gi: gi.pickextra != CaptExtraPick.NONE,
    "prescribed": lambda gi: gi.prescribed == SowPrescribed.PLUS1MINUS1,  # it captures
    "mustshare": lambda gi: gi.mustshare,
    "allow_rule": lambda gi: gi.allow_rule != AllowRule.NONE,
    "rounds": lambda gi: gi.rounds != Rounds.NO_ROUNDS,
}


def ew_race_breaks(v: Variant) -> list[str]:
    gi = _gi(v)
    return [param for param, broken in EW_RACE_BREAKS.items() if broken(gi)]


CYCLE_CLASSES = {GameClass.NORTH_SOUTH_CYCLE, GameClass.EAST_WEST_CYCLE, GameClass.SAME_SIDE,
                 GameClass.OHOJICHI}
OPP_SIDE_CHILD_RULES = {ChildRule.OPP_SIDE_ONLY, ChildRule.OPPS_ONLY_NOT_1ST, ChildRule.OPP_OWNER_ONLY}
# sow rules that act on the opponent's holes only (ns_cycle_sow_rule)
OPP_SIDE_SOW_RULES = {SowRule.NO_SOW_OPP_NS, SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR,
                      SowRule.NO_OPP_CHILD, SowRule.OPP_GETS_OWN_LAST}
# the Diffusion classes are preconfigured: these may be set, every other rule keeps its default
DIFFUSION_FREE = {"name", "about", "rules", "help_file", "stores", "goal"}


def diffusion_set(v: Variant) -> list[str]:
    """The game_info rule parameters a Diffusion variant sets away from their defaults."""
    gi = _gi(v)
    default = type(gi)()
    return [f for f in type(gi).model_fields
            if f not in DIFFUSION_FREE and getattr(gi, f) != getattr(default, f)]


ROUND_GOALS = {Goal.RND_WIN_COUNT, Goal.RND_SEED_COUNT, Goal.RND_EXTRA_SEEDS, Goal.RND_POINTS}
UDIR_SENSITIVE_ALLOWS = {AllowRule.OPP_OR_EMPTY, AllowRule.SINGLE_TO_ZERO, AllowRule.SINGLE_ALL_TO_ZERO}
BLKD_DIV = {SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR}
NEEDS_SOW_PARAM = BLKD_DIV | {
    SowRule.NO_SOW_OPP_NS,
    SowRule.MAX_SOW,
    SowRule.OPP_GETS_OWN_LAST,
    SowRule.CONT_LAP_ON,
}


def has_children(v: Variant) -> bool:
    return v.game_info.child_type != ChildType.NOCHILD


def has_basic_capture(v: Variant) -> bool:
    gi = v.game_info
    return bool(gi.capt_on or gi.evens or gi.capt_min or gi.capt_max)


def has_capture(v: Variant) -> bool:
    gi = v.game_info
    return has_basic_capture(v) or gi.crosscapt or gi.capt_type != CaptType.NONE


def has_any_capture(v: Variant) -> bool:
    """Captures of any kind: sow-end captures, captures before sowing, extra picks."""
    gi = v.game_info
    return has_capture(v) or gi.presowcapt != PreSowCapt.NONE or gi.pickextra != CaptExtraPick.NONE


def repeat_turns_possible(v: Variant) -> bool:
    gi = v.game_info
    return (gi.sow_own_store and not gi.store_ends_turn) or gi.capt_rturn != CaptRTurn.NO_REPEAT or gi.xc_sown


def _split_middle_missing(v: Variant) -> bool:
    gi = v.game_info
    return gi.sow_direct == Direct.SPLIT and v.holes % 2 == 1 and (v.holes // 2) not in gi.udir_holes


def _territory_goal_param_bad(v: Variant) -> bool:
    gp = v.game_info.goal_param
    return v.game_info.goal == Goal.TERRITORY and not (v.holes <= gp <= 2 * v.holes)


CONSTRAINTS: list[Constraint] = [
    # --- board and start ---------------------------------------------------
    Constraint("udir_holes_on_board", ("udir_holes", "holes"),
               lambda v: any(h >= v.holes for h in _gi(v).udir_holes),
               "udir_holes are positions 0..holes-1 counted from each player's left"),
    Constraint("multicapt_range", ("multicapt", "holes"),
               lambda v: _gi(v).multicapt > v.holes,
               "multicapt must be -1, 0 or a count of holes from 1 to holes"),
    Constraint("gamacha_min_holes", ("start_pattern", "holes"),
               lambda v: _gi(v).start_pattern in (StartPattern.GAMACHA, StartPattern.ALTS_WITH_1,
                                                  StartPattern.CLIPPEDTRIPLES) and v.holes < 3,
               "this start_pattern is only supported for boards with 3 or more holes per side"),
    Constraint("twoempty_min_holes", ("start_pattern", "holes"),
               lambda v: _gi(v).start_pattern == StartPattern.TWOEMPTY and v.holes < 4,
               "TWOEMPTY is only supported for boards with 4 or more holes per side"),
    Constraint("alts_split_even_holes", ("start_pattern", "holes"),
               lambda v: _gi(v).start_pattern == StartPattern.ALTS_SPLIT and v.holes % 2,
               "ALTS_SPLIT is only supported for an even number of holes per side"),
    Constraint("start_needs_seeds", ("nbr_start",),
               lambda v: v.nbr_start < 1,
               "nbr_start must be at least 1"),
    Constraint("rounds_start_pattern", ("start_pattern", "rounds", "goal", "round_fill"),
               lambda v: _gi(v).rounds != Rounds.NO_ROUNDS
               and _gi(v).start_pattern != StartPattern.ALL_EQUAL
               and not ((_gi(v).goal in ROUND_GOALS or _gi(v).goal == Goal.TERRITORY)
                        and _gi(v).round_fill in (RoundFill.NOT_APPLICABLE, RoundFill.UCHOWN)),
               "with rounds, start_pattern is only supported for RND_* and TERRITORY goals "
               "with round_fill NOT_APPLICABLE or UCHOWN"),
    Constraint("start_pattern_round_fill", ("start_pattern", "round_fill"),
               lambda v: _gi(v).start_pattern != StartPattern.ALL_EQUAL
               and _gi(v).round_fill not in (RoundFill.NOT_APPLICABLE, RoundFill.UCHOWN),
               "start_pattern is only supported with round_fill NOT_APPLICABLE or UCHOWN"),
    # --- sowing --------------------------------------------------------------
    Constraint("move_one_needs_sow_start", ("move_one", "sow_start"),
               lambda v: _gi(v).move_one and not _gi(v).sow_start,
               "move_one is only valid when sow_start is set"),
    Constraint("store_ends_turn_needs_store", ("store_ends_turn", "sow_own_store"),
               lambda v: _gi(v).store_ends_turn and not _gi(v).sow_own_store,
               "store_ends_turn (our extension) needs sow_own_store"),
    Constraint("visit_opp_needs_mlaps", ("visit_opp", "mlaps"),
               lambda v: _gi(v).visit_opp and _gi(v).mlaps == LapSower.OFF,
               "visit_opp requires mlaps"),
    Constraint("split_middle_udir", ("sow_direct", "udir_holes", "holes"),
               _split_middle_missing,
               "SPLIT sowing on an odd board must list the middle hole in udir_holes"),
    Constraint("udir_needs_grandslam_legal", ("udir_holes", "grandslam"),
               lambda v: bool(_gi(v).udir_holes) and _gi(v).grandslam != GrandSlam.LEGAL,
               "games with udir_holes must have grandslam LEGAL"),
    Constraint("udir_allow_rule", ("udir_holes", "allow_rule"),
               lambda v: bool(_gi(v).udir_holes) and _gi(v).allow_rule in UDIR_SENSITIVE_ALLOWS,
               "this allow_rule depends on the sow direction and is not supported with udir_holes"),
    Constraint("lap_capt_needs_lapper", ("sow_rule", "mlaps"),
               lambda v: _gi(v).sow_rule in (SowRule.LAP_CAPT, SowRule.OPP_GETS_OWN_LAST)
               and _gi(v).mlaps != LapSower.LAPPER,
               "LAP_CAPT (and OPP_GETS_OWN_LAST, which uses it) is only supported for mlaps LAPPER"),
    Constraint("sow_param_needed", ("sow_rule", "sow_param"),
               lambda v: _gi(v).sow_rule in NEEDS_SOW_PARAM and _gi(v).sow_param < 1,
               "this sow_rule needs sow_param of at least 1"),
    Constraint("blkd_div_deprive", ("sow_rule", "goal"),
               lambda v: _gi(v).sow_rule in BLKD_DIV and _gi(v).goal != Goal.DEPRIVE,
               "SOW_BLKD_DIV requires goal DEPRIVE"),
    Constraint("blkd_div_min_move", ("sow_rule", "min_move", "sow_start"),
               lambda v: _gi(v).sow_rule in BLKD_DIV and (_gi(v).min_move != 1 or _gi(v).sow_start),
               "SOW_BLKD_DIV requires min_move 1 and is incompatible with sow_start"),
    Constraint("blkd_div_no_allow", ("sow_rule", "allow_rule"),
               lambda v: _gi(v).sow_rule in BLKD_DIV and _gi(v).allow_rule != AllowRule.NONE,
               "allow_rule may not be used with SOW_BLKD_DIV"),
    Constraint("blkd_div_skip_visit", ("sow_rule", "skip_start", "visit_opp"),
               lambda v: _gi(v).sow_rule in BLKD_DIV and (_gi(v).skip_start or _gi(v).visit_opp),
               "skip_start and visit_opp are not supported with SOW_BLKD_DIV"),
    Constraint("blkd_div_lapper_next", ("sow_rule", "mlaps"),
               lambda v: _gi(v).sow_rule in BLKD_DIV and _gi(v).mlaps == LapSower.LAPPER_NEXT,
               "mlaps LAPPER_NEXT is not supported with SOW_BLKD_DIV"),
    Constraint("blkd_div_no_captures", ("sow_rule", "crosscapt", "capt_type", "capt_on", "evens",
                                        "capt_min", "capt_max", "presowcapt", "pickextra"),
               lambda v: _gi(v).sow_rule in BLKD_DIV and has_any_capture(v),
               "capture mechanisms other than closing holes are not supported with SOW_BLKD_DIV"),
    Constraint("blkd_div_goal_param", ("sow_rule", "goal_param", "sow_param"),
               lambda v: _gi(v).sow_rule in BLKD_DIV and _gi(v).goal_param not in (0, _gi(v).sow_param),
               "SOW_BLKD_DIV closes holes at sow_param seeds; goal_param (the count the blocks "
               "description names) must then be 0 or the same"),
    Constraint("sow_capt_all_needs_basic", ("sow_rule", "capt_on", "evens", "capt_min", "capt_max"),
               lambda v: _gi(v).sow_rule in (SowRule.OWN_SOW_CAPT_ALL, SowRule.SOW_CAPT_ALL)
               and not has_basic_capture(v),
               "OWN_SOW_CAPT_ALL and SOW_CAPT_ALL capture by the basic criteria: they need capt_on, "
               "evens, capt_min or capt_max"),
    Constraint("lap_rules_need_mlaps", ("sow_rule", "mlaps"),
               lambda v: _gi(v).sow_rule in (SowRule.CHANGE_DIR_LAP, SowRule.CONT_LAP_ON)
               and _gi(v).mlaps == LapSower.OFF,
               "CHANGE_DIR_LAP and CONT_LAP_ON act between laps: they need mlaps"),
    # --- captures --------------------------------------------------------------
    Constraint("two_out_capsamedir", ("capt_type", "capsamedir"),
               lambda v: _gi(v).capt_type == CaptType.TWO_OUT and not _gi(v).capsamedir,
               "capt_type TWO_OUT requires capsamedir"),
    Constraint("cont_side_needs_multicapt", ("capt_side", "multicapt"),
               lambda v: _gi(v).capt_side in (CaptSide.OPP_CONT, CaptSide.OWN_CONT) and _gi(v).multicapt == 0,
               "capt_side OPP_CONT and OWN_CONT require multicapt"),
    Constraint("terr_capt_side", ("capt_side", "goal"),
               lambda v: _gi(v).capt_side in (CaptSide.OPP_TERR, CaptSide.OWN_TERR)
               and _gi(v).goal != Goal.TERRITORY,
               "capt_side OPP_TERR and OWN_TERR are only valid with goal TERRITORY"),
    Constraint("capt_min_max_order", ("capt_min", "capt_max"),
               lambda v: _gi(v).capt_min > 0 and _gi(v).capt_max > 0 and _gi(v).capt_min > _gi(v).capt_max,
               "capt_min greater than capt_max can never capture"),
    Constraint("move_all_first_incompat", ("allow_rule", "moveunlock", "capt_type", "pickextra"),
               lambda v: _gi(v).allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST
               and (_gi(v).moveunlock or _gi(v).capt_type == CaptType.TWO_OUT
                    or _gi(v).pickextra != CaptExtraPick.NONE),
               "MOVE_ALL_HOLES_FIRST is incompatible with moveunlock, capt_type TWO_OUT and any pickextra"),
    # --- children --------------------------------------------------------------
    Constraint("child_type_reserved", ("child_type",),
               lambda v: _gi(v).child_type == ChildType.RESERVED,
               "child_type RESERVED is an unused value"),
    Constraint("child_cvt_needed", ("child_type", "child_cvt"),
               lambda v: has_children(v) and _gi(v).child_cvt < 1,
               "games with children need child_cvt of at least 1"),
    Constraint("child_owner_rule_territory", ("child_rule", "goal"),
               lambda v: _gi(v).child_rule in (ChildRule.OPP_OWNER_ONLY, ChildRule.OWN_OWNER_ONLY)
               and _gi(v).goal != Goal.TERRITORY,
               "child_rule OPP_OWNER_ONLY and OWN_OWNER_ONLY are only valid for TERRITORY goal games"),
    Constraint("not_1st_opp_limits", ("child_rule", "goal", "blocks"),
               lambda v: _gi(v).child_rule == ChildRule.NOT_1ST_OPP
               and (_gi(v).goal == Goal.TERRITORY or _gi(v).blocks),
               "child_rule NOT_1ST_OPP is not supported for territory games or games with blocks"),
    Constraint("child_locs_min_holes", ("child_locs", "holes", "child_type"),
               lambda v: has_children(v) and _gi(v).child_locs != ChildLocs.ANYWHERE and v.holes < 2,
               "child_locs patterns (other than ANYWHERE) are defined for 2 or more holes per side"),
    Constraint("ns_cycle_weg", ("game_class", "child_type", "no_sides"),
               lambda v: v.game_class == GameClass.NORTH_SOUTH_CYCLE
               and _gi(v).child_type == ChildType.WEG and not _gi(v).no_sides,
               "NorthSouthCycle supports WEG children only for no_sides games"),
    # --- allowed moves ---------------------------------------------------------
    Constraint("unfed_needs_mustshare", ("unclaimed", "mustshare"),
               lambda v: _gi(v).unclaimed == Unclaimed.UNFED_PLAYER and not _gi(v).mustshare,
               "unclaimed UNFED_PLAYER is only valid for mustshare games"),
    # --- goals -------------------------------------------------------------------
    Constraint("deprive_grandslam", ("goal", "grandslam"),
               lambda v: _gi(v).goal == Goal.DEPRIVE and _gi(v).grandslam != GrandSlam.LEGAL,
               "grandslam must be LEGAL for DEPRIVE games"),
    Constraint("deprive_no_rounds_children", ("goal", "rounds", "child_type"),
               lambda v: _gi(v).goal == Goal.DEPRIVE and (_gi(v).rounds != Rounds.NO_ROUNDS or has_children(v)),
               "DEPRIVE games cannot be played in rounds or use children"),
    Constraint("deprive_incompat", ("goal", "moveunlock", "mustpass", "mustshare"),
               lambda v: _gi(v).goal == Goal.DEPRIVE and (_gi(v).moveunlock or _gi(v).mustpass or _gi(v).mustshare),
               "moveunlock, mustpass and mustshare are incompatible with DEPRIVE games"),
    Constraint("deprive_min_move_repeat", ("goal", "min_move", "sow_own_store", "capt_rturn", "xc_sown"),
               lambda v: _gi(v).goal == Goal.DEPRIVE and _gi(v).min_move > 1 and repeat_turns_possible(v),
               "DEPRIVE with min_move above 1 prohibits repeat turns (sow_own_store, capt_rturn, xc_sown)"),
    Constraint("clear_min_move", ("goal", "min_move", "allow_rule"),
               lambda v: _gi(v).goal == Goal.CLEAR
               and (_gi(v).min_move != 1 or _gi(v).allow_rule == AllowRule.SINGLE_ALL_TO_ZERO),
               "CLEAR games need min_move 1 and may not use allow_rule SINGLE_ALL_TO_ZERO"),
    Constraint("clear_grandslam", ("goal", "grandslam"),
               lambda v: _gi(v).goal == Goal.CLEAR and _gi(v).grandslam != GrandSlam.LEGAL,
               "grandslam must be LEGAL for CLEAR games"),
    Constraint("clear_no_rounds_children", ("goal", "rounds", "child_type"),
               lambda v: _gi(v).goal == Goal.CLEAR and (_gi(v).rounds != Rounds.NO_ROUNDS or has_children(v)),
               "CLEAR games cannot be played in rounds or use children"),
    Constraint("clear_incompat", ("goal", "moveunlock", "mustpass", "mustshare"),
               lambda v: _gi(v).goal == Goal.CLEAR and (_gi(v).moveunlock or _gi(v).mustpass or _gi(v).mustshare),
               "moveunlock, mustpass and mustshare are incompatible with CLEAR games"),
    Constraint("terr_needs_stores", ("goal", "stores"),
               lambda v: _gi(v).goal == Goal.TERRITORY and not _gi(v).stores,
               "TERRITORY games require stores"),
    Constraint("terr_goal_param", ("goal", "goal_param", "holes"),
               _territory_goal_param_bad,
               "TERRITORY games need goal_param between holes and 2 x holes"),
    Constraint("terr_incompat", ("goal", "no_sides", "grandslam", "allow_rule"),
               lambda v: _gi(v).goal == Goal.TERRITORY
               and (_gi(v).no_sides or _gi(v).grandslam == GrandSlam.NOT_LEGAL
                    or _gi(v).allow_rule == AllowRule.OPP_OR_EMPTY),
               "TERRITORY games are incompatible with no_sides, grandslam NOT_LEGAL and allow_rule OPP_OR_EMPTY"),
    Constraint("no_sides_incompat", ("no_sides", "goal", "grandslam", "mustshare"),
               lambda v: _gi(v).no_sides
               and (_gi(v).goal in (Goal.DEPRIVE, Goal.CLEAR) or _gi(v).grandslam != GrandSlam.LEGAL
                    or _gi(v).mustshare),
               "no_sides games have no seeds of a player's own: goal DEPRIVE and CLEAR, grandslam "
               "other than LEGAL and mustshare need them"),
    Constraint("terr_round_fill", ("goal", "round_fill"),
               lambda v: _gi(v).goal == Goal.TERRITORY
               and _gi(v).round_fill not in (RoundFill.NOT_APPLICABLE, RoundFill.UCHOWN),
               "TERRITORY games may only use round_fill NOT_APPLICABLE or UCHOWN"),
    Constraint("uchown_territory", ("round_fill", "goal"),
               lambda v: _gi(v).round_fill == RoundFill.UCHOWN and _gi(v).goal != Goal.TERRITORY,
               "round_fill UCHOWN is only for TERRITORY games"),
    Constraint("uchoose_rounds_blocks", ("round_fill", "rounds", "blocks"),
               lambda v: _gi(v).round_fill == RoundFill.UCHOOSE
               and (_gi(v).rounds == Rounds.NO_ROUNDS or not _gi(v).blocks),
               "round_fill UCHOOSE is used only with rounds and blocks"),
    Constraint("round_goal_needs_rounds", ("goal", "rounds", "goal_param"),
               lambda v: _gi(v).goal in ROUND_GOALS
               and (_gi(v).rounds == Rounds.NO_ROUNDS or _gi(v).goal_param < 1),
               "RND_* goals need rounds and a goal_param of at least 1"),
    Constraint("round_goal_no_fill", ("goal", "round_fill"),
               lambda v: _gi(v).goal in ROUND_GOALS and _gi(v).round_fill != RoundFill.NOT_APPLICABLE,
               "RND_* goals set each round up as the start of the game: round_fill is not used"),
    Constraint("round_fill_needs_rounds", ("round_fill", "rounds"),
               lambda v: _gi(v).round_fill != RoundFill.NOT_APPLICABLE and _gi(v).rounds == Rounds.NO_ROUNDS,
               "round_fill sets up later rounds: it needs rounds"),
    Constraint("max_seeds_rounds_fill", ("goal", "rounds", "round_fill"),
               lambda v: _gi(v).goal == Goal.MAX_SEEDS and _gi(v).rounds != Rounds.NO_ROUNDS
               and _gi(v).round_fill == RoundFill.NOT_APPLICABLE,
               "MAX_SEEDS games in rounds need a round_fill (NOT_APPLICABLE is for games without "
               "rounds, RND_* and TERRITORY goals)"),
    Constraint("rounds_goal_param_holes", ("goal", "rounds", "goal_param", "holes"),
               lambda v: _gi(v).goal == Goal.MAX_SEEDS and _gi(v).rounds != Rounds.NO_ROUNDS
               and _gi(v).goal_param > v.holes,
               "MAX_SEEDS games in rounds: goal_param (holes the player with fewer seeds must "
               "fill to go on) is at most holes"),
    # --- game classes ------------------------------------------------------------
    Constraint("ns_cycle_prohibited", ("game_class", "goal", "mustshare", "visit_opp"),
               lambda v: v.game_class == GameClass.NORTH_SOUTH_CYCLE
               and (_gi(v).goal == Goal.TERRITORY or _gi(v).mustshare or _gi(v).visit_opp),
               "NorthSouthCycle prohibits goal TERRITORY, mustshare and visit_opp"),
    Constraint("ew_cycle_even_holes", ("game_class", "holes"),
               lambda v: v.game_class in (GameClass.EAST_WEST_CYCLE, GameClass.OHOJICHI)
               and v.holes % 2,
               "EastWestCycle and Ohojichi split each row into halves: holes must be even"),
    Constraint("diffusion_clear", ("game_class", "goal"),
               lambda v: v.game_class in DIFFUSION_CLASSES and _gi(v).goal != Goal.CLEAR,
               "Diffusion and DiffusionV2 need goal CLEAR"),
    Constraint("diffusion_even_holes", ("game_class", "holes"),
               lambda v: v.game_class in DIFFUSION_CLASSES and v.holes % 2,
               "Diffusion and DiffusionV2 boards may only have an even number of holes per side"),
    Constraint("diffusion_preconfigured", ("game_class",),
               lambda v: v.game_class in DIFFUSION_CLASSES and bool(diffusion_set(v)),
               "Diffusion and DiffusionV2 are preconfigured: only the board (holes, nbr_start) "
               "may change, every other rule parameter keeps its default; set here: ",
               lambda v: ", ".join(diffusion_set(v))),
    Constraint("sameside_clear", ("game_class", "goal"),
               lambda v: v.game_class in (GameClass.SAME_SIDE, GameClass.OHOJICHI) and _gi(v).goal != Goal.CLEAR,
               "SameSide and Ohojichi need goal CLEAR"),
    Constraint("ohojichi_udir_all", ("game_class", "udir_holes"),
               lambda v: v.game_class == GameClass.OHOJICHI and bool(_gi(v).udir_holes)
               and len(_gi(v).udir_holes) != v.holes,
               "Ohojichi: if udir_holes is used, every hole must be listed"),
    Constraint("ohojichi_capt_side", ("game_class", "capt_side"),
               lambda v: v.game_class == GameClass.OHOJICHI and _gi(v).capt_side != CaptSide.BOTH,
               "Ohojichi needs capt_side BOTH"),
    Constraint("sameside_capt_mechanisms",
               ("game_class", "crosscapt", "pickextra", "capt_type", "presowcapt", "prescribed"),
               lambda v: v.game_class in (GameClass.SAME_SIDE, GameClass.OHOJICHI)
               and (_gi(v).crosscapt or _gi(v).pickextra != CaptExtraPick.NONE
                    or _gi(v).capt_type not in (CaptType.NONE, CaptType.NEXT, CaptType.TWO_OUT)
                    or _gi(v).presowcapt in (PreSowCapt.ALL_SINGLE_XCAPT, PreSowCapt.DRAW_1_XCAPT)
                    or _gi(v).prescribed == SowPrescribed.PLUS1MINUS1),
               "SameSide and Ohojichi captures are limited to one side of the board: the basic "
               "captures, capt_type NEXT and TWO_OUT only (no crosscapt, no pickextra, no "
               "cross captures before sowing, no PLUS1MINUS1 opening, which captures across)"),
    Constraint("cycle_sow1opp", ("game_class", "prescribed"),
               lambda v: v.game_class in CYCLE_CLASSES and _gi(v).prescribed == SowPrescribed.SOW1OPP,
               "a SOW1OPP opening drops its last seed on the opponent's side, which the sows of "
               "NorthSouthCycle, EastWestCycle, SameSide and Ohojichi never reach"),
    Constraint("ew_cycle_race", ("game_class",),
               lambda v: v.game_class == GameClass.EAST_WEST_CYCLE and bool(ew_race_breaks(v)),
               "EastWestCycle is a race with no interaction between the players: goal CLEAR, "
               "no captures of any kind, no mustshare, allow_rule or rounds; set here: ",
               lambda v: ", ".join(ew_race_breaks(v))),
    Constraint("ns_cycle_child_rule", ("game_class", "child_rule", "no_sides"),
               lambda v: v.game_class == GameClass.NORTH_SOUTH_CYCLE and not _gi(v).no_sides
               and has_children(v) and _gi(v).child_rule in OPP_SIDE_CHILD_RULES,
               "NorthSouthCycle sows never end on the opponent's row: child rules that make "
               "children only there (OPP_SIDE_ONLY, OPPS_ONLY_NOT_1ST, OPP_OWNER_ONLY) are "
               "prohibited without no_sides"),
    Constraint("ns_cycle_sow_rule", ("game_class", "sow_rule", "no_sides"),
               lambda v: v.game_class in CYCLE_CLASSES
               and not _gi(v).no_sides and _gi(v).sow_rule in OPP_SIDE_SOW_RULES,
               "in NorthSouthCycle, EastWestCycle, SameSide and Ohojichi a sow never reaches "
               "the opponent's holes: sow rules about them (NO_SOW_OPP_NS, SOW_BLKD_DIV, "
               "SOW_BLKD_DIV_NR, NO_OPP_CHILD, OPP_GETS_OWN_LAST) are prohibited"),
    Constraint("sameside_capt_side", ("game_class", "capt_side"),
               lambda v: v.game_class == GameClass.SAME_SIDE and has_capture(v)
               and _gi(v).capt_side in (CaptSide.BOTH, CaptSide.OPP_CONT, CaptSide.OWN_CONT),
               "SameSide captures must be limited to one side of the board (capt_side)"),
    # --- player ------------------------------------------------------------------
    Constraint("access_m_slow", ("access_m", "mlaps", "udir_holes", "no_sides"),
               lambda v: v.player.scorer.access_m != 0
               and (_gi(v).mlaps != LapSower.OFF or bool(_gi(v).udir_holes) or _gi(v).no_sides),
               "the access scorer is prohibited with mlaps, udir_holes and no_sides: access_m must be 0"),
    Constraint("child_cnt_m_needs_children", ("child_cnt_m", "child_type"),
               lambda v: v.player.scorer.child_cnt_m != 0 and not has_children(v),
               "child_cnt_m must be 0 in games without children"),
    Constraint("stores_m_needs_stores", ("stores_m", "stores", "child_type"),
               lambda v: v.player.scorer.stores_m != 0 and not _gi(v).stores and not has_children(v),
               "the stores scorer may not be used in games without stores or children: stores_m must be 0"),
    Constraint("repeat_turn_possible", ("repeat_turn", "sow_own_store", "capt_rturn", "xc_sown"),
               lambda v: v.player.scorer.repeat_turn != 0 and not repeat_turns_possible(v),
               "the repeat_turn scorer needs repeat turns (sow_own_store, capt_rturn or xc_sown)"),
]


def check(variant: Variant) -> list[Violation]:
    """Every rule the variant breaks."""
    return [Violation(c.params, c.name, c.message + (c.detail(variant) if c.detail else ""))
            for c in CONSTRAINTS if c.broken(variant)]
