"""Which variants the C core plays: the game_info values it has code for (HANDLED), the
combinations it leaves to the Python engine, and `why_not_fast`, which names every
reason a variant is refused (none: the core plays it, `mancala.engine.fast`)."""

from __future__ import annotations

from typing import Any

from mancala.engine.core_values import (
    BLKD_DIV,
    BY_COUNT,
    CAPT_RTURN,
    CAPT_SIDE,
    CAPT_TYPE,
    CHILD_RULE,
    CHILD_TYPE,
    END_COND,
    END_RULE,
    ENPAS,
    GOAL,
    GRANDSLAM,
    LAP_CAPTURES,
    MLAP_CONT,
    MLAPS,
    PICKEXTRA,
    QUIT_110,
    SOW_RULES,
    STEP,
    TALLY,
    UNCLAIMED,
    XCPICKOWN,
)
from mancala.rules.enums import (
    AllowRule,
    CaptExtraPick,
    CaptSide,
    CaptType,
    ChildLocs,
    ChildType,
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
)
from mancala.rules.variant import GAME_INFO_DEFAULTS, Variant

MAX_HOLES = 64
MAX_MASK_HOLES = 32  # children and blocked holes are a bit a hole in a 64-bit mask
MAX_CAPT_ON = 32

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

# MAX_SOW's sower is one lap of its own (sowing.MaxPerHole: no store sown)
MAX_SOW_PLAIN: dict[str, Any] = {"mlaps": LapSower.OFF, "sow_own_store": False,
                                 "presowcapt": PreSowCapt.NONE}

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


def _conflicts(gi: Any, rule: str, plain: dict[str, Any]) -> list[str]:
    """`rule` with each field of `gi` that is not at its `plain` value, as reasons."""
    return [f"{rule} with {name}={_value(getattr(gi, name))}"
            for name, value in plain.items() if getattr(gi, name) != value]
