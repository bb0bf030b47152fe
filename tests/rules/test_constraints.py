"""One test per named constraint: a valid context, then the change that breaks the rule.

Each row is (rule, context, breaking change), both as flat {param: value} dicts
(`variant_of` places them in their sections). The context alone must be a valid
variant; context + change must be rejected naming the rule and the parameters
of the rule that the row sets.
"""

from __future__ import annotations

from typing import Any

import pytest

from mancala.rules.constraints import CONSTRAINTS
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from mancala.rules.variant import GameConstants, GameInfo, Scorer

BY_NAME = {c.name: c for c in CONSTRAINTS}

DEPRIVE = {"goal": "DEPRIVE"}
CLEAR = {"goal": "CLEAR"}
TERR = {"goal": "TERRITORY", "stores": True, "goal_param": 8}
RND = {"goal": "RND_POINTS", "rounds": "HALF_SEEDS", "goal_param": 3}
BLKD = {"goal": "DEPRIVE", "sow_rule": "SOW_BLKD_DIV", "sow_param": 4}
KIDS = {"child_type": "NORMAL", "child_cvt": 4}
NS = {"game_class": "NorthSouthCycle"}


def row(rule: str, context: dict[str, Any], change: dict[str, Any]) -> tuple:
    return (rule, context, change)


CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    # --- board and start
    row("udir_holes_on_board", {"udir_holes": [5]}, {"udir_holes": [6]}),
    row("multicapt_range", {"multicapt": 6}, {"multicapt": 7}),
    row("gamacha_min_holes", {"holes": 3, "start_pattern": "GAMACHA"}, {"holes": 2}),
    row("gamacha_min_holes", {"holes": 3, "start_pattern": "ALTS_WITH_1"}, {"holes": 2}),
    row("gamacha_min_holes", {"holes": 3, "start_pattern": "CLIPPEDTRIPLES"}, {"holes": 2}),
    row("twoempty_min_holes", {"holes": 4, "start_pattern": "TWOEMPTY"}, {"holes": 3}),
    row("alts_split_even_holes", {"holes": 6, "start_pattern": "ALTS_SPLIT"}, {"holes": 5}),
    row("start_needs_seeds", {"nbr_start": 1}, {"nbr_start": 0}),
    row("rounds_start_pattern", RND | {"start_pattern": "ALTERNATES"}, {"goal": "MAX_SEEDS"}),
    row("rounds_start_pattern", TERR | {"rounds": "NO_MOVES", "start_pattern": "ALTERNATES"},
        {"goal": "MAX_SEEDS"}),
    row("start_pattern_round_fill", {"start_pattern": "ALTERNATES"}, {"round_fill": "LEFT_FILL"}),
    # --- sowing
    row("move_one_needs_sow_start", {"sow_start": True, "move_one": True}, {"sow_start": False}),
    row("visit_opp_needs_mlaps", {"mlaps": "LAPPER", "visit_opp": True}, {"mlaps": "OFF"}),
    row("store_ends_turn_needs_store", {"sow_own_store": True, "store_ends_turn": True},
        {"sow_own_store": False}),
    row("split_middle_udir", {"holes": 5, "sow_direct": "SPLIT", "udir_holes": [2]}, {"udir_holes": []}),
    row("split_middle_udir", {"holes": 6, "sow_direct": "SPLIT"}, {"holes": 7}),
    row("udir_needs_grandslam_legal", {"udir_holes": [0]}, {"grandslam": "NOT_LEGAL"}),
    row("udir_allow_rule", {"udir_holes": [0]}, {"allow_rule": "OPP_OR_EMPTY"}),
    row("udir_allow_rule", {"udir_holes": [0]}, {"allow_rule": "SINGLE_TO_ZERO"}),
    row("udir_allow_rule", {"udir_holes": [0]}, {"allow_rule": "SINGLE_ALL_TO_ZERO"}),
    row("lap_capt_needs_lapper", {"sow_rule": "LAP_CAPT", "mlaps": "LAPPER"}, {"mlaps": "LAPPER_NEXT"}),
    row("lap_capt_needs_lapper", {"sow_rule": "OPP_GETS_OWN_LAST", "sow_param": 10, "mlaps": "LAPPER"},
        {"mlaps": "OFF"}),
    row("sow_param_needed", {"sow_rule": "MAX_SOW", "sow_param": 3}, {"sow_param": 0}),
    row("sow_param_needed", {"sow_rule": "NO_SOW_OPP_NS", "sow_param": 2}, {"sow_param": 0}),
    row("sow_param_needed", {"sow_rule": "CONT_LAP_ON", "mlaps": "LAPPER", "sow_param": 4}, {"sow_param": 0}),
    row("sow_param_needed", BLKD, {"sow_param": 0}),
    row("blkd_div_deprive", BLKD, {"goal": "MAX_SEEDS"}),
    row("blkd_div_deprive", BLKD | {"sow_rule": "SOW_BLKD_DIV_NR"}, {"goal": "CLEAR"}),
    row("blkd_div_min_move", BLKD, {"min_move": 2}),
    row("blkd_div_min_move", BLKD, {"sow_start": True}),
    row("blkd_div_no_allow", BLKD, {"allow_rule": "TWO_ONLY_ALL"}),
    row("blkd_div_skip_visit", BLKD, {"skip_start": True}),
    row("blkd_div_skip_visit", BLKD | {"mlaps": "LAPPER"}, {"visit_opp": True}),
    row("blkd_div_lapper_next", BLKD | {"mlaps": "LAPPER"}, {"mlaps": "LAPPER_NEXT"}),
    row("blkd_div_lapper_next", BLKD | {"sow_rule": "SOW_BLKD_DIV_NR"}, {"mlaps": "LAPPER_NEXT"}),
    row("blkd_div_no_captures", BLKD, {"crosscapt": True}),
    row("blkd_div_no_captures", BLKD, {"capt_type": "NEXT"}),
    row("blkd_div_no_captures", BLKD, {"capt_type": "MATCH_OPP"}),
    row("blkd_div_no_captures", BLKD, {"capt_on": [2]}),
    row("blkd_div_no_captures", BLKD, {"evens": True}),
    row("blkd_div_no_captures", BLKD, {"capt_min": 2}),
    row("blkd_div_no_captures", BLKD, {"capt_max": 3}),
    row("blkd_div_no_captures", BLKD, {"presowcapt": "CAPT_ONE"}),
    row("blkd_div_no_captures", BLKD, {"pickextra": "PICKCROSS"}),
    row("blkd_div_goal_param", BLKD | {"goal_param": 4}, {"goal_param": 3}),
    row("blkd_div_goal_param", BLKD | {"sow_rule": "SOW_BLKD_DIV_NR"}, {"goal_param": 5}),
    row("sow_capt_all_needs_basic", {"sow_rule": "OWN_SOW_CAPT_ALL", "capt_on": [4]}, {"capt_on": []}),
    row("sow_capt_all_needs_basic", {"sow_rule": "SOW_CAPT_ALL", "evens": True}, {"evens": False}),
    row("lap_rules_need_mlaps", {"sow_rule": "CHANGE_DIR_LAP", "mlaps": "LAPPER"}, {"mlaps": "OFF"}),
    row("lap_rules_need_mlaps", {"sow_rule": "CONT_LAP_ON", "sow_param": 4, "mlaps": "LAPPER_NEXT"},
        {"mlaps": "OFF"}),
    # --- captures
    row("two_out_capsamedir", {"capt_type": "TWO_OUT", "capsamedir": True}, {"capsamedir": False}),
    row("cont_side_needs_multicapt", {"evens": True, "capt_side": "OPP_CONT", "multicapt": -1},
        {"multicapt": 0}),
    row("cont_side_needs_multicapt", {"evens": True, "capt_side": "OWN_CONT", "multicapt": 2},
        {"multicapt": 0}),
    row("terr_capt_side", TERR | {"capt_side": "OPP_TERR"}, {"goal": "MAX_SEEDS"}),
    row("terr_capt_side", {"capt_side": "OPP_SIDE"}, {"capt_side": "OWN_TERR"}),
    row("capt_min_max_order", {"capt_min": 2, "capt_max": 3}, {"capt_min": 4}),
    row("move_all_first_incompat", {"allow_rule": "MOVE_ALL_HOLES_FIRST"}, {"moveunlock": True}),
    row("move_all_first_incompat", {"allow_rule": "MOVE_ALL_HOLES_FIRST", "capsamedir": True},
        {"capt_type": "TWO_OUT"}),
    row("move_all_first_incompat", {"allow_rule": "MOVE_ALL_HOLES_FIRST"}, {"pickextra": "PICKTWOS"}),
    row("move_all_first_incompat", {"allow_rule": "MOVE_ALL_HOLES_FIRST"}, {"pickextra": "PICKLASTSEEDS"}),
    # --- children
    row("child_type_reserved", KIDS, {"child_type": "RESERVED"}),
    row("child_cvt_needed", KIDS, {"child_cvt": 0}),
    row("child_cvt_needed", {"child_cvt": 0}, {"child_type": "BULL"}),
    row("child_owner_rule_territory", TERR | KIDS | {"child_type": "WEG", "child_rule": "OPP_OWNER_ONLY"},
        {"goal": "MAX_SEEDS"}),
    row("child_owner_rule_territory", KIDS, {"child_rule": "OWN_OWNER_ONLY"}),
    row("not_1st_opp_limits", KIDS | {"child_rule": "NOT_1ST_OPP"}, {"blocks": True}),
    row("not_1st_opp_limits", KIDS | {"child_rule": "NOT_1ST_OPP"}, TERR),
    row("child_locs_min_holes", KIDS | {"holes": 2, "child_locs": "ENDS_ONLY"}, {"holes": 1}),
    row("child_locs_min_holes", KIDS | {"holes": 1}, {"child_locs": "NOT_SYM_OPP"}),
    row("ns_cycle_weg", NS | KIDS | {"child_type": "WEG", "no_sides": True}, {"no_sides": False}),
    row("ns_cycle_weg", KIDS | {"child_type": "WEG"}, NS),
    row("ns_cycle_child_rule", NS | KIDS | {"child_rule": "OWN_SIDE_ONLY"}, {"child_rule": "OPP_SIDE_ONLY"}),
    row("ns_cycle_child_rule", NS | KIDS | {"child_rule": "OPPS_ONLY_NOT_1ST", "no_sides": True},
        {"no_sides": False}),
    # --- allowed moves
    row("unfed_needs_mustshare", {"unclaimed": "UNFED_PLAYER", "mustshare": True}, {"mustshare": False}),
    # --- goals
    row("deprive_grandslam", DEPRIVE, {"grandslam": "NO_CAPT"}),
    row("deprive_no_rounds_children", DEPRIVE, {"rounds": "HALF_SEEDS"}),
    row("deprive_no_rounds_children", DEPRIVE, KIDS),
    row("deprive_incompat", DEPRIVE, {"moveunlock": True}),
    row("deprive_incompat", DEPRIVE, {"mustpass": True}),
    row("deprive_incompat", DEPRIVE, {"mustshare": True}),
    row("deprive_min_move_repeat", DEPRIVE | {"min_move": 2}, {"sow_own_store": True}),
    row("deprive_min_move_repeat", DEPRIVE | {"min_move": 2}, {"capt_rturn": "ALWAYS"}),
    row("deprive_min_move_repeat", DEPRIVE | {"min_move": 2, "evens": True}, {"capt_rturn": "ONCE"}),
    row("deprive_min_move_repeat", DEPRIVE | {"min_move": 2, "crosscapt": True}, {"xc_sown": True}),
    row("deprive_min_move_repeat", DEPRIVE | {"sow_own_store": True}, {"min_move": 2}),
    row("clear_min_move", CLEAR, {"min_move": 2}),
    row("clear_min_move", CLEAR, {"allow_rule": "SINGLE_ALL_TO_ZERO"}),
    row("clear_grandslam", CLEAR, {"grandslam": "LEAVE_LEFT"}),
    row("clear_no_rounds_children", CLEAR, {"rounds": "END_S_SEEDS"}),
    row("clear_no_rounds_children", CLEAR, KIDS),
    row("clear_incompat", CLEAR, {"moveunlock": True}),
    row("clear_incompat", CLEAR, {"mustpass": True}),
    row("clear_incompat", CLEAR, {"mustshare": True}),
    row("terr_needs_stores", TERR, {"stores": False}),
    row("terr_goal_param", TERR | {"goal_param": 6}, {"goal_param": 5}),
    row("terr_goal_param", TERR | {"goal_param": 12}, {"goal_param": 13}),
    row("terr_goal_param", TERR | {"goal_param": 12}, {"holes": 5}),
    row("terr_incompat", TERR, {"no_sides": True}),
    row("terr_incompat", TERR, {"grandslam": "NOT_LEGAL"}),
    row("terr_incompat", TERR, {"allow_rule": "OPP_OR_EMPTY"}),
    row("no_sides_incompat", {"no_sides": True}, {"goal": "DEPRIVE"}),
    row("no_sides_incompat", {"no_sides": True}, {"goal": "CLEAR"}),
    row("no_sides_incompat", {"no_sides": True}, {"grandslam": "LEAVE_LEFT"}),
    row("no_sides_incompat", {"no_sides": True}, {"mustshare": True}),
    row("terr_round_fill", TERR | {"rounds": "NO_MOVES", "round_fill": "UCHOWN"}, {"round_fill": "LEFT_FILL"}),
    row("uchown_territory", TERR | {"rounds": "NO_MOVES", "round_fill": "UCHOWN"}, {"goal": "MAX_SEEDS"}),
    row("uchoose_rounds_blocks", {"round_fill": "UCHOOSE", "rounds": "HALF_SEEDS", "blocks": True},
        {"blocks": False}),
    row("uchoose_rounds_blocks", {"round_fill": "UCHOOSE", "rounds": "HALF_SEEDS", "blocks": True},
        {"rounds": "NO_ROUNDS"}),
    row("round_goal_needs_rounds", RND, {"rounds": "NO_ROUNDS"}),
    row("round_goal_needs_rounds", RND, {"goal_param": 0}),
    row("round_goal_needs_rounds", {}, {"goal": "RND_WIN_COUNT"}),
    row("round_goal_no_fill", RND, {"round_fill": "LEFT_FILL"}),
    row("round_fill_needs_rounds", {"rounds": "HALF_SEEDS", "round_fill": "LEFT_FILL"}, {"rounds": "NO_ROUNDS"}),
    row("round_fill_needs_rounds", {}, {"round_fill": "EVEN_FILL"}),
    row("round_fill_needs_rounds", TERR | {"rounds": "NO_MOVES", "round_fill": "UCHOWN"}, {"rounds": "NO_ROUNDS"}),
    row("max_seeds_rounds_fill", {"rounds": "HALF_SEEDS", "round_fill": "SHORTEN"},
        {"round_fill": "NOT_APPLICABLE"}),
    row("max_seeds_rounds_fill", RND, {"goal": "MAX_SEEDS"}),
    row("rounds_goal_param_holes", {"rounds": "NO_MOVES", "round_fill": "RIGHT_FILL", "goal_param": 6},
        {"goal_param": 7}),
    row("rounds_goal_param_holes", {"rounds": "NO_MOVES", "round_fill": "RIGHT_FILL", "goal_param": 6},
        {"holes": 5}),
    # --- game classes
    row("ns_cycle_prohibited", NS, TERR),
    row("ns_cycle_prohibited", NS, {"mustshare": True}),
    row("ns_cycle_prohibited", NS | {"mlaps": "LAPPER"}, {"visit_opp": True}),
    row("diffusion_clear", CLEAR | {"game_class": "Diffusion"}, {"goal": "MAX_SEEDS"}),
    row("diffusion_clear", CLEAR | {"game_class": "DiffusionV2"}, {"goal": "DEPRIVE"}),
    row("diffusion_even_holes", CLEAR | {"game_class": "Diffusion", "holes": 6}, {"holes": 5}),
    row("diffusion_even_holes", CLEAR | {"game_class": "DiffusionV2", "holes": 4}, {"holes": 3}),
    row("diffusion_preconfigured", CLEAR | {"game_class": "Diffusion", "nbr_start": 3}, {"sow_direct": "CW"}),
    row("diffusion_preconfigured", CLEAR | {"game_class": "DiffusionV2", "stores": True}, {"crosscapt": True}),
    row("diffusion_preconfigured", CLEAR | {"game_class": "Diffusion"}, {"min_move": 2}),
    row("ew_cycle_even_holes", CLEAR | {"game_class": "EastWestCycle", "holes": 4}, {"holes": 3}),
    row("ew_cycle_even_holes", CLEAR | {"game_class": "Ohojichi", "holes": 6}, {"holes": 5}),
    row("sameside_clear", CLEAR | {"game_class": "SameSide"}, {"goal": "MAX_SEEDS"}),
    row("sameside_capt_mechanisms", CLEAR | {"game_class": "SameSide", "capt_on": [4], "capt_side": "OWN_SIDE"},
        {"crosscapt": True}),
    row("sameside_capt_mechanisms", CLEAR | {"game_class": "Ohojichi", "capt_on": [4]}, {"pickextra": "PICKTWOS"}),
    row("sameside_capt_mechanisms", CLEAR | {"game_class": "SameSide", "capt_type": "NEXT", "capt_side": "OWN_SIDE"},
        {"capt_type": "MATCH_OPP"}),
    row("sameside_capt_mechanisms", CLEAR | {"game_class": "SameSide", "presowcapt": "CAPT_ONE", "capt_side": "OWN_SIDE"},
        {"presowcapt": "DRAW_1_XCAPT"}),
    row("sameside_capt_mechanisms", CLEAR | {"game_class": "SameSide", "prescribed": "BASIC_SOWER"},
        {"prescribed": "PLUS1MINUS1"}),
    row("cycle_sow1opp", NS | {"prescribed": "MLAPS_SOWER"}, {"prescribed": "SOW1OPP"}),
    row("cycle_sow1opp", {"prescribed": "SOW1OPP"}, NS),
    row("ew_cycle_race", CLEAR | {"game_class": "EastWestCycle"}, {"goal": "MAX_SEEDS"}),
    row("ew_cycle_race", CLEAR | {"game_class": "EastWestCycle"}, {"capt_on": [4]}),
    row("ew_cycle_race", CLEAR | {"game_class": "EastWestCycle", "prescribed": "BASIC_SOWER"},
        {"prescribed": "PLUS1MINUS1"}),
    row("ew_cycle_race", CLEAR | {"game_class": "EastWestCycle", "sow_own_store": True, "stores": True},
        {"allow_rule": "SINGLE_TO_ZERO"}),
    row("ns_cycle_sow_rule", NS | {"sow_rule": "MAX_SOW", "sow_param": 4}, {"sow_rule": "NO_SOW_OPP_NS"}),
    row("ns_cycle_sow_rule", CLEAR | {"game_class": "Ohojichi", "sow_rule": "MAX_SOW", "sow_param": 4},
        {"sow_rule": "OPP_GETS_OWN_LAST"}),
    row("ns_cycle_sow_rule", NS | {"sow_rule": "NO_SOW_OPP_NS", "sow_param": 4, "no_sides": True},
        {"no_sides": False}),
    row("sameside_clear", CLEAR | {"game_class": "Ohojichi"}, {"goal": "DEPRIVE"}),
    row("ohojichi_udir_all", CLEAR | {"game_class": "Ohojichi", "udir_holes": [0, 1, 2, 3, 4, 5]},
        {"udir_holes": [0, 1]}),
    row("ohojichi_capt_side", CLEAR | {"game_class": "Ohojichi", "evens": True}, {"capt_side": "OPP_SIDE"}),
    row("sameside_capt_side", CLEAR | {"game_class": "SameSide", "evens": True, "capt_side": "OWN_SIDE"},
        {"capt_side": "BOTH"}),
    row("sameside_capt_side",
        CLEAR | {"game_class": "SameSide", "evens": True, "multicapt": -1, "capt_side": "OPP_SIDE"},
        {"capt_side": "OPP_CONT"}),
    row("sameside_capt_side", CLEAR | {"game_class": "SameSide"}, {"capt_type": "NEXT"}),
    # --- player
    row("access_m_slow", {"access_m": 1}, {"mlaps": "LAPPER"}),
    row("access_m_slow", {"access_m": 1}, {"udir_holes": [0]}),
    row("access_m_slow", {"access_m": 1}, {"no_sides": True}),
    row("access_m_slow", {"mlaps": "LAPPER_NEXT"}, {"access_m": 2}),
    row("child_cnt_m_needs_children", KIDS | {"child_cnt_m": 2}, {"child_type": "NOCHILD"}),
    row("stores_m_needs_stores", {"stores": True, "stores_m": 4}, {"stores": False}),
    row("stores_m_needs_stores", KIDS | {"stores_m": 4}, {"child_type": "NOCHILD"}),
    row("repeat_turn_possible", {"sow_own_store": True, "repeat_turn": 5}, {"sow_own_store": False}),
    row("repeat_turn_possible", {"evens": True, "capt_rturn": "ALWAYS", "repeat_turn": 5},
        {"capt_rturn": "NO_REPEAT"}),
    row("repeat_turn_possible", {"crosscapt": True, "xc_sown": True, "repeat_turn": -3}, {"xc_sown": False}),
]


def _ids() -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for rule, _, change in CASES:
        seen[rule] = seen.get(rule, 0) + 1
        out.append(f"{rule}-{seen[rule]}-{'+'.join(change)}")
    return out


@pytest.mark.parametrize(("rule", "context", "change"), CASES, ids=_ids())
def test_constraint(variant_of, rule: str, context: dict[str, Any], change: dict[str, Any]) -> None:
    constraint = BY_NAME[rule]
    # the context alone is valid (the engine may not play it yet: support is checked apart)
    parse_variant(variant_of(context), check_support=False)

    with pytest.raises(VariantError) as info:
        parse_variant(variant_of(context, change), check_support=False)
    err = info.value
    hits = [v for v in err.violations if v.rule == rule]
    assert hits, f"{rule} not reported; got {[v.rule for v in err.violations]}"
    violation = hits[0]
    assert violation.params == constraint.params
    for param in constraint.params:
        if param in context or param in change:
            assert param in violation.params or param in violation.message
            assert param in str(err)


def test_every_constraint_has_a_test() -> None:
    tested = {rule for rule, _, _ in CASES}
    missing = [c.name for c in CONSTRAINTS if c.name not in tested]
    assert not missing, f"constraints without a row in CASES: {missing}"
    assert tested <= set(BY_NAME), f"rows for unknown constraints: {tested - set(BY_NAME)}"


def test_constraint_names_unique() -> None:
    names = [c.name for c in CONSTRAINTS]
    assert len(names) == len(set(names))


def test_constraint_params_are_parameters() -> None:
    known = set(GameInfo.model_fields) | set(GameConstants.model_fields) | set(Scorer.model_fields)
    known.add("game_class")
    for c in CONSTRAINTS:
        assert c.params, c.name
        unknown = set(c.params) - known
        assert not unknown, f"{c.name} names unknown parameters {unknown}"


def test_all_broken_rules_reported_at_once(variant_of) -> None:
    raw = variant_of(DEPRIVE, {
        "grandslam": "NO_CAPT",      # deprive_grandslam
        "mustpass": True,            # deprive_incompat
        "move_one": True,            # move_one_needs_sow_start
        "visit_opp": True,           # visit_opp_needs_mlaps
        "capt_type": "TWO_OUT",      # two_out_capsamedir
        "udir_holes": [9],           # udir_holes_on_board
    })
    with pytest.raises(VariantError) as info:
        parse_variant(raw)
    rules = {v.rule for v in info.value.violations}
    assert rules >= {
        "deprive_grandslam",
        "deprive_incompat",
        "move_one_needs_sow_start",
        "visit_opp_needs_mlaps",
        "two_out_capsamedir",
        "udir_holes_on_board",
    }
    message = str(info.value)
    for param in ("grandslam", "mustpass", "move_one", "visit_opp", "capt_type", "udir_holes"):
        assert param in info.value.params
        assert param in message


def test_constraint_errors_come_before_support(variant_of) -> None:
    """A variant both invalid and unsupported is reported as invalid (all rules broken)."""
    raw = variant_of({"rounds": "HALF_SEEDS", "goal": "DEPRIVE"})
    with pytest.raises(VariantError) as info:
        parse_variant(raw)
    assert "deprive_no_rounds_children" in {v.rule for v in info.value.violations}


@pytest.mark.parametrize(
    "params",
    [
        {"udir_holes": [0], "allow_rule": "TWO_ONLY_ALL_RIGHT"},
        {"udir_holes": [0], "allow_rule": "MOVE_ALL_HOLES_FIRST"},
        {"udir_holes": [0], "allow_rule": "NOT_XFROM_1S"},
        {"holes": 5, "sow_direct": "SPLIT", "udir_holes": [2]},
        {"holes": 6, "sow_direct": "SPLIT"},
        {"multicapt": -1, "evens": True},
        {"capt_min": 3, "capt_max": 3},
        DEPRIVE | {"min_move": 2},
        DEPRIVE | {"sow_own_store": True, "stores": True},
        CLEAR | {"allow_rule": "SINGLE_TO_ZERO"},
        TERR | {"goal_param": 6},
        TERR | {"goal_param": 12},
        {"start_pattern": "GAMACHA", "holes": 3},
        {"start_pattern": "TWOEMPTY", "holes": 4},
        {"start_pattern": "ALTS_SPLIT", "holes": 4},
        {"capt_type": "NEXT"},
        {"stores_m": 0, "access_m": 0, "child_cnt_m": 0, "repeat_turn": 0},
    ],
)
def test_allowed_combinations(variant_of, params: dict[str, Any]) -> None:
    """The rules do not over-reach: these combinations break no constraint."""
    parse_variant(variant_of(params), check_support=False)
