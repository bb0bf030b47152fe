"""One test per named refusal of `mancala.rules.constraints`: a valid context, then the
change that breaks exactly that rule.

Each row is (rule, context, breaking change, other rules the change also breaks), the
first two as flat {param: value} dicts (`variant_of` places them in their sections). The
context alone must be a valid variant; context + change must be refused with a typed
VariantError naming the rule and its parameters, and nothing else beyond the row's
`also` (a change that cannot help breaking a sibling rule says so). Then: the
reference's own 107 variant files (tests/conformance/data) all pass.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from mancala.rules.advice import advice
from mancala.rules.constraints import BY_CLASS, CONSTRAINTS, check
from mancala.rules.enums import GameClass
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from mancala.rules.variant import GameConstants, GameInfo, Scorer

BY_NAME = {c.name: c for c in CONSTRAINTS}
DATA = Path(__file__).resolve().parents[1] / "conformance" / "data"

DEPRIVE = {"goal": "DEPRIVE"}
CLEAR = {"goal": "CLEAR"}
TERR = {"goal": "TERRITORY", "stores": True, "goal_param": 8}
RND = {"goal": "RND_POINTS", "rounds": "HALF_SEEDS", "goal_param": 3}
BLKD = {"goal": "DEPRIVE", "sow_rule": "SOW_BLKD_DIV", "sow_param": 4, "blocks": True}
KIDS = {"child_type": "NORMAL", "child_cvt": 4}
NOSIDES = {"no_sides": True, "stores": True}
NS = {"game_class": "NorthSouthCycle"}
EW = {"game_class": "EastWestCycle"}
SS = {"game_class": "SameSide", "goal": "CLEAR", "capt_side": "OWN_SIDE"}
OHO = {"game_class": "Ohojichi", "goal": "CLEAR"}
BO = {"game_class": "BearOff"}
DIFF = {"game_class": "Diffusion", "goal": "CLEAR", "no_sides": True, "stores": True}
V110 = {"rules_version": "1.10"}
ZZ = {**V110, "game_class": "ZigZag", "sow_direct": "TOCENTER"}
S1 = {**V110, "game_class": "ShareOne"}
ROW_EMPTY = {"end_rule": "ROW_EMPTY", "stores": True, "sow_own_store": True}

# a value away from the default, for the rules that refuse a parameter being set at all
SAMPLE: dict[str, Any] = {
    "child_cvt": 4, "child_rule": "OWN_SIDE_ONLY", "child_type": "NORMAL", "moveunlock": True,
    "mustshare": True, "mustpass": True, "rounds": "NO_MOVES", "round_starter": "LOSER",
    "round_fill": "LEFT_FILL", "capsamedir": True, "capt_max": 3, "capt_min": 2,
    "capt_type": "MATCH_OPP", "capt_on": [4], "capt_rturn": "ALWAYS", "crosscapt": True,
    "evens": True, "multicapt": 2, "nosinglecapt": True, "capt_side": "OPP_SIDE",
    "pickextra": "PICKTWOS", "xcpickown": "PICK_ON_CAPT", "allow_rule": "SINGLE_TO_ZERO",
    "sow_start": True, "skip_start": True, "visit_opp": True, "grandslam": "NO_CAPT",
    "blocks": True, "mlaps": "LAPPER", "move_one": True, "prescribed": "SOW1OPP",
    "sow_rule": "MAX_SOW", "start_pattern": "ALTERNATES", "udir_holes": [0], "xc_sown": True,
    "nocaptmoves": 2,
}

Row = tuple[str, dict[str, Any], dict[str, Any], frozenset[str]]


def row(rule: str, context: dict[str, Any], change: dict[str, Any], *also: str) -> Row:
    return (rule, context, change, frozenset(also))


def flag_rows(prefix: str, context: dict[str, Any], flags: list[str],
              also: dict[str, tuple[str, ...]] | None = None) -> list[Row]:
    also = also or {}
    return [row(f"{prefix}{flag}", context, {flag: SAMPLE[flag]}, *also.get(flag, ()))
            for flag in flags]


CASES: list[Row] = [
    # --- the 1.10 end conditions
    row("need_end_param", {**V110, "end_cond": "SEEDS_LIMIT", "end_param": 2}, {"end_param": 0}),
    row("need_end_param", {**V110, "end_cond": "HOLE_SEED_LIMIT", "end_param": 1}, {"end_param": 0}),
    row("elseed_ec_no_clear", {**V110, "end_cond": "CLEARED_OWN"}, {"goal": "IMMOBILIZE"}),
    row("clear_no_pass", {**V110, "end_cond": "CLEARED_OPP"}, {"mustpass": True}),
    # --- 1.10: captures while sowing, no-sides games
    row("enpas_gs_not", {**V110, "sow_rule": "ENPAS_ALL_SOWER", "capt_on": [4], "stores": True},
        {"grandslam": "NO_CAPT"}),
    row("enpas_basic_capt", {**V110, "sow_rule": "ENPAS_SOW_SOWER", "capt_on": [4], "stores": True},
        {"capt_on": []}),
    row("no_sides_need_place", {**V110, "no_sides": True, "stores": True}, {"stores": False}),
    row("no_sides_bad_blocks", {**V110, "no_sides": True, "stores": True}, {"blocks": True}),
    row("quitter_not_unfed", {**V110, "stores": True}, {"quitter": "UNFED_PLAYER"}),
    row("move_rmost_mlength", {**V110, "start_pattern": "MOVE_RIGHTMOST"}, {"udir_holes": [0]}),
    row("no_udir_firsts_dir", {**V110, "prescribed": "NO_UDIR_FIRSTS", "udir_holes": [0, 1, 2]},
        {"sow_direct": "SPLIT"}, "udir_split_dir", "split_udir"),
    # --- 1.10: capture types
    row("opp1ccw_noterr", {**V110, "capt_type": "CAPT_OPP_1CCW", "stores": True}, {"goal": "TERRITORY",
        "goal_param": 8, "rounds": "NO_MOVES"}),
    row("ctype_no_multi", {**V110, "capt_type": "SINGLETONS"}, {"multicapt": -1}),
    row("str_capt_stores", {**V110, "capt_type": "PASS_STORE_CAPT", "stores": True}, {"stores": False}),
    row("str_capt_single", {**V110, "capt_type": "PASS_STORE_CAPT", "stores": True}, {"multicapt": -1}),
    row("end_opp_both", {**V110, "capt_type": "END_OPP_STORE_CAPT", "stores": True, "sow_stores": "BOTH_NR_OPP"},
        {"sow_stores": "BOTH"}),
    row("pacross_same_dir", {**V110, "capt_type": "PULL_ACROSS", "multicapt": -1, "capt_dir": "SOW"},
        {"capt_dir": "OPP_SOW"}),
    row("cdir_both_multicapt", {**V110, "capt_dir": "BOTH", "capt_on": [2], "multicapt": -1},
        {"multicapt": 0}),
    row("cdir_both_ctypes", {**V110, "capt_dir": "BOTH", "capt_type": "MATCH_OPP", "multicapt": 2},
        {"capt_type": "NONE"}),
    row("both_mlaps_next", {**V110, "capt_dir": "BOTH", "capt_type": "NEXT", "multicapt": 2},
        {"mlaps": "LAPPER"}),
    row("enpas_no_capttype", {**V110, "sow_rule": "ENPAS_ALL_SOWER", "capt_on": [4], "stores": True},
        {"capt_type": "PULL_ACROSS"}),
    # --- 1.10: conditions on another lap
    row("mlap_cont_needs_mlaps", {**V110, "mlaps": "LAPPER", "mlap_cont": "OWN_SIDE"}, {"mlaps": "OFF"}),
    row("greq_needs_param", {**V110, "mlaps": "LAPPER", "mlap_cont": "GREQ_PARAM", "mlap_param": 3},
        {"mlap_param": 0}),
    row("stop_store_needs_sow_stores",
        {**V110, "mlaps": "LAPPER", "mlap_cont": "STOP_STORE", "stores": True, "sow_stores": "OWN"},
        {"sow_stores": "NEITHER"}),
    row("ns2_no_mlap_side", {**V110, "mlaps": "LAPPER", "mlap_cont": "OPP_SIDE"},
        {"game_class": "NorthSouthCycle"}),
    row("dupl_seeds_limits", {**V110, "end_cond": "SEEDS_LIMIT", "end_param": 2, "stores": True},
        {"rounds": "END_S_SEEDS"}),
    # --- board and creation
    row("holes_range", {"holes": 2}, {"holes": 1}),
    row("holes_range", {"holes": 15}, {"holes": 16}),
    row("holes_range", {**V110, "holes": 21}, {"holes": 22}),
    row("nbr_start_positive", {"nbr_start": 1}, {"nbr_start": 0}),
    row("missing_name", {"name": "X"}, {"name": ""}),
    row("high_min_moves", {"min_move": 5}, {"min_move": 6}),
    # --- start patterns
    row("pattern_gamacha_size", {"holes": 3, "start_pattern": "GAMACHA"}, {"holes": 2}),
    row("pattern_alts_with_1_size", {"holes": 3, "start_pattern": "ALTS_WITH_1"}, {"holes": 2}),
    row("pattern_clippedtriples_size", {"holes": 3, "start_pattern": "CLIPPEDTRIPLES"}, {"holes": 2}),
    row("pattern_twoempty_size", {"holes": 4, "start_pattern": "TWOEMPTY"}, {"holes": 3}),
    row("pattern_alts_split_size", {"holes": 6, "start_pattern": "ALTS_SPLIT"}, {"holes": 5}),
    row("pattern_azigo_size", {**V110, "holes": 8, "start_pattern": "AZIGO", "stores": True}, {"holes": 7}),
    row("plocs_stores", {**V110, "play_locs": "BRD_OWN_STR_CHS", "stores": True}, {"stores": False}),
    row("plocs_direct", {**V110, "play_locs": "BRD_OWN_STR_CHS", "stores": True}, {"sow_direct": "SPLIT"}),
    row("pattern_no_repeat_sow_own_size", {**V110, "holes": 3, "start_pattern": "NO_REPEAT_SOW_OWN"},
        {"holes": 2}),
    row("pattern_bad_fills", {"start_pattern": "ALTERNATES", "rounds": "NO_MOVES",
                              "goal": "TERRITORY", "stores": True, "goal_param": 8,
                              "round_fill": "UCHOWN"}, {"round_fill": "LEFT_FILL"}),
    row("pattern_bad_rgoals", {"start_pattern": "ALTERNATES", "rounds": "NO_MOVES",
                               "goal": "RND_WIN_COUNT", "goal_param": 2}, {"goal": "DEPRIVE"},
        "elseed_bad_rounds"),
    row("pattern_bad_rgoals", {"rounds": "NO_MOVES", "goal": "RND_WIN_COUNT", "goal_param": 2},
        {"goal": "MAX_SEEDS", "start_pattern": "GAMACHA"}),
    row("deprive_mmgr1_rturn", DEPRIVE | {"min_move": 2, "evens": True},
        {"capt_rturn": "ALWAYS"}),
    row("deprive_mmgr1_rturn", DEPRIVE | {"min_move": 2, "stores": True},
        {"sow_own_store": True}),
    # --- elimination goals
    row("elseed_gs_legal", DEPRIVE, {"grandslam": "NO_CAPT"}),
    row("elseed_gs_legal", CLEAR, {"grandslam": "OPP_GETS_REMAIN"}),
    *flag_rows("elseed_bad_", DEPRIVE, ["moveunlock", "mustshare", "mustpass"]),
    row("elseed_bad_child_cvt", CLEAR, {"child_cvt": 4}, "child_cvt_need_type"),
    row("elseed_bad_child_type", CLEAR, {"child_type": "NORMAL"}, "child_need_cvt"),
    row("elseed_bad_child_rule", CLEAR, {"child_rule": "OWN_SIDE_ONLY"}),
    row("elseed_bad_rounds", CLEAR, {"rounds": "NO_MOVES"}),
    row("elseed_bad_round_starter", CLEAR, {"round_starter": "LOSER"}, "rstarter_wo_rounds"),
    row("elseed_bad_round_fill", CLEAR, {"round_fill": "LEFT_FILL"}),
    row("clear_no_min_move", CLEAR, {"min_move": 2}),
    row("clear_no_1all_zero", CLEAR | {"allow_rule": "SINGLE_TO_ZERO"},
        {"allow_rule": "SINGLE_ALL_TO_ZERO"}),
    # --- territory
    row("terr_goal_param", TERR, {"goal_param": 6}),
    row("terr_goal_param", TERR | {"goal_param": 12}, {"goal_param": 13}),
    row("terr_need_stores", TERR, {"stores": False}),
    row("terr_no_sides_incomp", TERR, {"no_sides": True}),
    row("capt_terr", TERR | {"capt_side": "OPP_TERR"}, {"goal": "MAX_SEEDS"}),
    row("uchown_terr_only", TERR | {"rounds": "NO_MOVES", "round_fill": "UCHOWN"},
        {"goal": "MAX_SEEDS"}, "mx_round_limit"),
    row("terr_ex_terr_only", {**V110, **TERR, "rounds": "NO_MOVES", "round_fill": "TERR_EX_LOSER"},
        {"goal": "MAX_SEEDS"}, "mx_round_limit"),
    row("terr_gs_not", TERR, {"grandslam": "NOT_LEGAL"}, "gs_not_legal_no_tuple"),
    row("ram_cw_ccw", {**V110, "child_type": "RAM"}, {"sow_direct": "SPLIT", "udir_holes": [0, 1, 2, 3, 4, 5]}),
    row("terr_no_fchild", {**V110, "child_type": "WEG", "child_locs": "FIXED_ONE_RIGHT"},
        {"goal": "TERRITORY", "stores": True, "goal_param": 8, "rounds": "NO_MOVES"}),
    row("terr_half_rounds", TERR | {"rounds": "NO_MOVES"}, {"rounds": "HALF_SEEDS"}),
    row("terr_gparam_high", TERR | {"goal_param": 12, "rounds": "END_S_SEEDS"},
        {"unclaimed": "DONT_SCORE"}),
    row("terr_gparam_high", TERR | {"goal_param": 10, "rounds": "END_2S_SEEDS",
                                    "unclaimed": "DONT_SCORE"}, {"goal_param": 11}),
    # --- blocks and dividing sowing
    row("next_ml_no_bdiv", BLKD | {"mlaps": "LAPPER"}, {"mlaps": "LAPPER_NEXT"}),
    row("bdiv_need_gparam", BLKD, {"sow_param": 0}),
    row("bdiv_need_blocks", BLKD, {"blocks": False}),
    row("bdiv_min_req_dep_goal", BLKD, {"goal": "MAX_SEEDS"}),
    *flag_rows("bdiv_nocapt_", BLKD, ["capsamedir", "capt_max", "capt_min", "capt_type",
                                      "capt_on", "capt_rturn", "crosscapt", "evens",
                                      "multicapt", "nosinglecapt", "capt_side", "pickextra"]),
    row("bdiv_nocapt_xcpickown", BLKD, {"xcpickown": "PICK_ON_CAPT"}, "xpick_requires_cross"),
    *flag_rows("bdiv_bad_", BLKD, ["allow_rule", "skip_start", "visit_opp"],
               {"visit_opp": ("visit_opp_req_mlap",)}),
    row("bdiv_bad_sow_start", BLKD | {"min_move": 2}, {"sow_start": True}),
    # --- children
    row("next_ml_nochild", KIDS | {"mlaps": "LAPPER"}, {"mlaps": "LAPPER_NEXT"}),
    row("child_need_cvt", KIDS, {"child_cvt": 0}),
    row("child_cvt_need_type", KIDS, {"child_type": "NOCHILD"}),
    row("child_reserved", KIDS, {"child_type": "RESERVED"}),
    row("child_not_deprive", KIDS, {"goal": "DEPRIVE"}, "elseed_bad_child_cvt",
        "elseed_bad_child_type"),
    row("child_no_gs", KIDS, {"grandslam": "NO_CAPT"}),
    row("ch_rule_own_incom", KIDS | TERR | {"child_rule": "OWN_OWNER_ONLY"}, {"goal": "MAX_SEEDS"}),
    row("no_opp_child_req", KIDS | {"sow_rule": "NO_OPP_CHILD"}, {"child_type": "NOCHILD",
                                                                   "child_cvt": 0}),
    row("not1st_static", KIDS | {"child_rule": "NOT_1ST_OPP"}, {"blocks": True}),
    row("not1st_static", KIDS | TERR | {"child_rule": "OPPS_ONLY_NOT_1ST"},
        {"child_rule": "NOT_1ST_OPP"}),
    # --- no sides
    row("no_sides_need_stores", NOSIDES, {"stores": False}),
    *flag_rows("no_sides_bad_", NOSIDES, ["grandslam", "mustpass", "mustshare", "capt_side",
                                          "rounds", "round_fill"]),
    row("no_sides_bad_round_starter", NOSIDES, {"round_starter": "LOSER"}, "rstarter_wo_rounds"),
    row("no_sides_bad_visit_opp", NOSIDES | {"mlaps": "LAPPER"}, {"visit_opp": True}),
    # --- captures
    row("capt2out_needs_samedir", {"capt_type": "TWO_OUT", "capsamedir": True},
        {"capsamedir": False}),
    row("lcapt_no_ctype", {"sow_rule": "LAP_CAPT", "mlaps": "LAPPER", "capt_type": "NEXT"},
        {"capt_type": "MATCH_OPP"}),
    row("ogol_no_ctype", {"sow_rule": "OPP_GETS_OWN_LAST", "sow_param": 4, "capt_type": "NEXT"},
        {"capt_type": "MATCH_OPP"}),
    row("sca_gs_not", {"sow_rule": "SOW_CAPT_ALL", "capt_on": [4]}, {"grandslam": "NO_CAPT"}),
    row("sca_gs_not", {"sow_rule": "OWN_SOW_CAPT_ALL", "capt_on": [4]},
        {"grandslam": "LEAVE_LEFT"}),
    row("xpick_requires_cross", {"crosscapt": True, "xcpickown": "PICK_ON_CAPT"},
        {"crosscapt": False}),
    row("xc_const_pickextra", {"crosscapt": True, "pickextra": "PICKCROSS"}, {"evens": True}),
    row("xc_const_pickextra", {"crosscapt": True, "capt_on": [1]}, {"pickextra": "PICKCROSS"}),
    row("pcm_multi", V110 | {"capt_on": [2], "multicapt": -1, "pickextra": "PICKCROSSMULT"},
        {"multicapt": 0}),
    row("moveall_no_locks", {"allow_rule": "MOVE_ALL_HOLES_FIRST"}, {"moveunlock": True}),
    row("moveall_no_capttype", {"allow_rule": "MOVE_ALL_HOLES_FIRST", "capsamedir": True,
                                "capt_type": "NEXT"}, {"capt_type": "TWO_OUT"}),
    row("moveall_no_picker", {"allow_rule": "MOVE_ALL_HOLES_FIRST", "crosscapt": True},
        {"xcpickown": "ALWAYS_PICK"}),
    row("moveall_no_picker", {"allow_rule": "MOVE_ALL_HOLES_FIRST", "evens": True},
        {"pickextra": "PICKTWOS"}),
    row("scont_mcapt", {"capt_side": "OPP_CONT", "evens": True, "multicapt": -1},
        {"multicapt": 0}),
    row("capt2out_cside", {"capt_type": "TWO_OUT", "capsamedir": True},
        {"capt_side": "OPP_SIDE"}),
    # --- moves, sowing, rounds
    row("allowrule_mlen3", NOSIDES, {"allow_rule": "TWO_ONLY_ALL_RIGHT"}),
    row("allowrule_mlen3", TERR, {"allow_rule": "NOT_XFROM_1S"}),
    row("opp_empty_no_tuples", {"allow_rule": "OPP_OR_EMPTY"}, {"no_sides": True, "stores": True}),
    row("opp_empty_no_tuples", {"allow_rule": "OPP_OR_EMPTY"}, {"udir_holes": [1]},
        "udir_bad_allowrule"),
    row("no_pres_opp_empty", {"allow_rule": "OPP_OR_EMPTY"}, {"prescribed": "SOW1OPP"}),
    row("sow_own_needs_stores", {"stores": True, "sow_own_store": True}, {"stores": False}),
    row("sow_own_nocapt", {"stores": True, "sow_own_store": True}, {"nocaptmoves": 2}),
    row("sow_own_not_rules", {"stores": True, "sow_own_store": True},
        {"sow_rule": "SOW_CAPT_ALL"}),
    row("no_opp_n_sparam", {"sow_rule": "NO_SOW_OPP_NS", "sow_param": 2}, {"sow_param": 0}),
    row("max_sow_param", {"sow_rule": "MAX_SOW", "sow_param": 2}, {"sow_param": 0}),
    row("lcapt_no_lnext", {"sow_rule": "LAP_CAPT", "mlaps": "LAPPER"}, {"mlaps": "LAPPER_NEXT"}),
    row("lcs_needs_lapper", {**V110, "sow_rule": "LAP_CAPT_SEEDS", "mlaps": "LAPPER", "crosscapt": "ONE_ZEROS"}, {"mlaps": "OFF"}),
    row("lcs_presow_capt", {**V110, "sow_rule": "LAP_CAPT_SEEDS", "mlaps": "LAPPER", "crosscapt": "ONE_ZEROS"}, {"presowcapt": "CAPT_ONE"}),
    row("lcs_stores", {**V110, "sow_rule": "LAP_CAPT_SEEDS", "mlaps": "LAPPER", "crosscapt": "ONE_ZEROS"}, {"stores": True}),
    row("lcs_collect", {**V110, "sow_rule": "LAP_CAPT_SEEDS", "mlaps": "LAPPER", "crosscapt": "ONE_ZEROS"}, {"crosscapt": "NONE"}),
    row("ogol_no_lnext", {"sow_rule": "OPP_GETS_OWN_LAST", "sow_param": 4, "mlaps": "LAPPER"},
        {"mlaps": "LAPPER_NEXT"}),
    row("visit_opp_req_mlap", {"visit_opp": True, "mlaps": "LAPPER"}, {"mlaps": "OFF"}),
    row("sow_start_skip_incomp", {"sow_start": True, "min_move": 2}, {"skip_start": True}),
    row("rstarter_wo_rounds", {"rounds": "NO_MOVES", "round_starter": "LOSER"},
        {"rounds": "NO_ROUNDS"}),
    row("mx_round_limit", {"rounds": "NO_MOVES", "goal_param": 6}, {"goal_param": 7}),
    row("rnd_goals_rounds", RND, {"rounds": "NO_ROUNDS"}),
    row("rnd_goals_gp1", RND, {"goal_param": 0}),
    row("rnd_goals_no_fill", RND, {"round_fill": "LEFT_FILL"}),
    row("move_one_start", {"sow_start": True, "move_one": True}, {"sow_start": False}),
    row("presowcapt_locks", {"presowcapt": "CAPT_ONE"}, {"moveunlock": True}),
    row("needs_moves", {"sow_start": True, "min_move": 2}, {"min_move": 1}),
    row("needs_moves", {"sow_start": True, "move_one": True}, {"move_one": False}),
    row("unfed_mustshare", {"unclaimed": "UNFED_PLAYER", "mustshare": True}, {"mustshare": False}),
    row("p1m1_conflict", {"prescribed": "PLUS1MINUS1", "min_move": 2}, {"sow_start": True}),
    row("too_many_udir", {"holes": 2, "udir_holes": [0, 1]}, {"udir_holes": [0, 1, 2]},
        "udir_oo_range"),
    row("udir_oo_range", {"udir_holes": [5]}, {"udir_holes": [6]}),
    row("udir_gs_not", {"udir_holes": [0]}, {"grandslam": "NOT_LEGAL"}, "gs_not_legal_no_tuple"),
    row("udir_gs_not", {"grandslam": "NOT_LEGAL"}, {"sow_direct": "PLAYALTDIR"},
        "gs_not_legal_no_tuple"),
    row("udir_bad_allowrule", {"udir_holes": [0], "allow_rule": "TWO_ONLY_ALL"},
        {"allow_rule": "SINGLE_TO_ZERO"}),
    row("udir_bad_allowrule", {"allow_rule": "SINGLE_ALL_TO_ZERO"}, {"sow_direct": "PLAYALTDIR"}),
    row("odd_split_udir", {"holes": 5, "sow_direct": "SPLIT", "udir_holes": [2]},
        {"udir_holes": []}),
    row("odd_split_udir", {"holes": 6, "sow_direct": "SPLIT"}, {"holes": 7}),
    row("odd_split_udir", {**V110, "holes": 6, "sow_direct": "TOCENTER"}, {"holes": 7}),
    row("gs_not_legal_no_tuple", NOSIDES, {"grandslam": "NOT_LEGAL"}, "no_sides_bad_grandslam"),
    row("store_ends_turn_needs_store", {"stores": True, "sow_own_store": True,
                                        "store_ends_turn": True}, {"sow_own_store": False}),
    # our extension: the published Kalah end
    row("row_empty_max_seeds", ROW_EMPTY, {"goal": "CLEAR"}),
    row("row_empty_max_seeds", {"goal": "DEPRIVE"}, ROW_EMPTY),
    row("row_empty_max_seeds", DIFF, {"end_rule": "ROW_EMPTY"}),
    row("row_empty_no_rounds", ROW_EMPTY, {"rounds": "NO_MOVES"}),
    row("row_empty_no_rounds", {"rounds": "HALF_SEEDS"}, ROW_EMPTY),
    row("row_empty_own_rows", ROW_EMPTY, {"unclaimed": "LAST_MOVER"}),
    row("row_empty_own_rows", {"unclaimed": "DIVVIED"}, ROW_EMPTY),
    row("row_empty_no_share", ROW_EMPTY, {"mustshare": True}),
    row("row_empty_no_share", {"mustshare": True}, ROW_EMPTY),
    row("row_empty_slam_remain", ROW_EMPTY, {"grandslam": "OPP_GETS_REMAIN"}),
    row("row_empty_slam_remain", {"grandslam": "OPP_GETS_REMAIN"}, ROW_EMPTY),
    # --- the computer player's scorer
    row("stores_scorer", {"stores": True, "stores_m": 4}, {"stores": False}),
    row("stores_scorer", KIDS | {"stores_m": 4}, {"child_type": "NOCHILD", "child_cvt": 0}),
    row("stores_scorer_inv", {"stores": True, "stores_m": 4}, {"goal": "CLEAR"}),
    row("mlaps_access_prohibit", {"access_m": 2}, {"mlaps": "LAPPER"}),
    row("udirect_access_prohibit", {"access_m": 2}, {"udir_holes": [2]}),
    row("no_side_access", {"access_m": 2}, {"no_sides": True, "stores": True}),
    row("child_scorer", KIDS | {"child_cnt_m": 3}, {"child_type": "NOCHILD", "child_cvt": 0}),
    row("no_repeat_scorer", {"evens": True, "capt_rturn": "ALWAYS", "repeat_turn": 5},
        {"capt_rturn": "NO_REPEAT"}),
    row("no_repeat_scorer", {"crosscapt": True, "xc_sown": True, "repeat_turn": -3},
        {"xc_sown": False}),
    # --- NorthSouthCycle and EastWestCycle
    row("ns2_not_territory", TERR, NS),
    row("ns2_not_territory", TERR, EW),
    row("ns2_no_mshare", {"mustshare": True}, NS),
    row("ns2_no_vis_opp", {"mlaps": "LAPPER", "visit_opp": True}, EW),
    row("ns2_noside_wegs", NS | NOSIDES | {"child_type": "WEG", "child_cvt": 4},
        {"no_sides": False}),
    row("ns2_child_rules", NS | KIDS, {"child_rule": "OPP_SIDE_ONLY"}),
    row("ns2_no_sowrule", {"sow_rule": "MAX_SOW", "sow_param": 3}, NS | {"sow_rule": "CHANGE_DIR_LAP",
                                                                        "mlaps": "LAPPER"}),
    row("ew2_even_holes", EW, {"holes": 5}),
    row("ew2_only_cw_ccw", EW | {"sow_direct": "CW"}, {"sow_direct": "SPLIT"}),
    row("es2_no_sowrule", KIDS | {"sow_rule": "NO_OPP_CHILD"}, EW),
    # --- ZigZag (1.10)
    row("zz_tocenter", ZZ, {"sow_direct": "CCW"}),
    row("zz_no_sown", ZZ | {"stores": True}, {"sow_stores": "OWN"}),
    # --- ShareOne (1.10)
    row("s1_no_sides", S1 | {"stores": True}, {"no_sides": True}),
    row("s1_noterr", S1 | {"stores": True, "goal_param": 8}, {"goal": "TERRITORY"}),
    row("s1_no_blocks", S1, {"blocks": True}),
    row("s1_no_ms", S1, {"mustshare": True}),
    # --- SameSide and Ohojichi
    row("ss_goal_clear", SS, {"goal": "DEPRIVE"}),
    row("ss_no_spatter", SS, {"start_pattern": "ALTERNATES"}),
    row("ss_no_arule", OHO, {"allow_rule": "SINGLE_TO_ZERO"}),
    row("ss_no_sow_own", SS | {"stores": True}, {"sow_own_store": True}),
    row("ss_no_presowcapt", OHO, {"presowcapt": "CAPT_ONE"}),
    row("ss_no_sowrule", SS, {"sow_rule": "MAX_SOW", "sow_param": 3}),
    row("ss_no_xcapt", OHO, {"crosscapt": True}),
    row("ss_no_moveunlock", SS, {"moveunlock": True}, "elseed_bad_moveunlock"),
    row("ss_no_capt_rturn", OHO, {"capt_rturn": "ONCE"}),
    row("ss_no_pick", SS, {"pickextra": "PICKTWOS"}),
    row("ss_side_own", SS, {"capt_side": "OPP_SIDE"}),
    row("oho_even", OHO, {"holes": 5}),
    row("oho_side_both", OHO, {"capt_side": "OPP_SIDE"}),
    row("oho_splt_udir_all", OHO | {"sow_direct": "SPLIT", "udir_holes": list(range(6))},
        {"udir_holes": []}),
    row("oho_udir_all", OHO | {"udir_holes": list(range(6))}, {"udir_holes": [0, 1]}),
    # --- BearOff
    row("bo_no_sides", BO, NOSIDES),
    row("bo_min_move_g1", BO, {"min_move": 2}),
    # --- Diffusion
    row("diff_even_holes", DIFF, {"holes": 5}),
    row("diff_no_sides", DIFF, {"no_sides": False}),
    row("diff_goal_clear", DIFF, {"goal": "MAX_SEEDS"}),
    row("diff_gs_legal", DIFF, {"grandslam": "NO_CAPT"}, "diff_no_grandslam"),
    row("diff_no_grandslam", DIFF, {"grandslam": "LEAVE_LEFT"}, "diff_gs_legal"),
    row("diff_no_allow_rule", DIFF, {"allow_rule": "SINGLE_TO_ZERO"}),
    row("diff_min_move_1", DIFF, {"min_move": 2}),
    row("diff_sow_ccw", DIFF, {"sow_direct": "CW"}),
    row("diff_no_sow_own", DIFF, {"sow_own_store": True}),
    row("diff_no_udir_holes", DIFF | {"game_class": "DiffusionV2"}, {"udir_holes": [0]}),
    row("diff_no_mlap_cont", DIFF | V110, {"mlap_cont": "OWN_SIDE"}),
    *flag_rows("diff_no_", DIFF, [
        "blocks", "rounds", "round_fill", "round_starter", "mlaps", "move_one", "moveunlock",
        "mustpass", "mustshare", "prescribed", "skip_start", "sow_rule", "sow_start",
        "start_pattern", "visit_opp", "xc_sown", "child_cvt", "child_rule", "child_type",
        "capsamedir", "capt_max", "capt_min", "capt_type", "capt_on", "capt_rturn",
        "crosscapt", "evens", "multicapt", "nocaptmoves", "nosinglecapt", "capt_side",
        "pickextra", "xcpickown"]),
]


def _ids() -> list[str]:
    seen: dict[str, int] = {}
    out = []
    for rule, *_ in CASES:
        seen[rule] = seen.get(rule, 0) + 1
        out.append(f"{rule}-{seen[rule]}")
    return out


@pytest.mark.parametrize(("rule", "context", "change", "also"), CASES, ids=_ids())
def test_constraint(variant_of, rule: str, context: dict[str, Any], change: dict[str, Any],
                    also: frozenset[str]) -> None:
    parse_variant(variant_of(context))  # the context alone is valid

    with pytest.raises(VariantError) as info:
        parse_variant(variant_of(context, change))
    klass = GameClass(variant_of(context, change).get("game_class", "Mancala"))
    constraint = next(c for c in BY_CLASS[klass] if c.name == rule)
    err = info.value
    reported = {v.rule for v in err.violations}
    assert rule in reported, f"{rule} not reported; got {sorted(reported)}"
    assert reported - {rule} <= also, f"{rule}: also broke {sorted(reported - {rule} - also)}"
    violation = next(v for v in err.violations if v.rule == rule)
    assert violation.params == constraint.params
    assert violation.message == constraint.message
    assert f"[{rule}]" in str(err)
    for param in constraint.params:
        if param in change:
            assert param in err.params
            assert param in str(err)


def test_every_constraint_has_a_test() -> None:
    tested = {case[0] for case in CASES}
    missing = [c.name for c in CONSTRAINTS if c.name not in tested]
    assert not missing, f"constraints without a row in CASES: {missing}"
    assert tested <= set(BY_NAME), f"rows for unknown constraints: {tested - set(BY_NAME)}"


def test_constraint_names_unique_within_each_class() -> None:
    for klass, rules in BY_CLASS.items():
        names = [c.name for c in rules]
        assert len(names) == len(set(names)), klass


def test_constraint_params_are_parameters() -> None:
    known = ({f.name for cls in (GameInfo, GameConstants, Scorer) for f in fields(cls)}
             | {"game_class"})
    for c in CONSTRAINTS:
        assert c.params, c.name
        unknown = set(c.params) - known
        assert not unknown, f"{c.name} names unknown parameters {unknown}"


def test_all_broken_rules_reported_at_once(variant_of) -> None:
    raw = variant_of(DEPRIVE, {
        "grandslam": "NO_CAPT",      # elseed_gs_legal
        "mustpass": True,            # elseed_bad_mustpass
        "move_one": True,            # move_one_start
        "visit_opp": True,           # visit_opp_req_mlap
        "capt_type": "TWO_OUT",      # capt2out_needs_samedir
        "udir_holes": [9],           # udir_oo_range
    })
    with pytest.raises(VariantError) as info:
        parse_variant(raw)
    rules = {v.rule for v in info.value.violations}
    assert rules >= {"elseed_gs_legal", "elseed_bad_mustpass", "move_one_start",
                     "visit_opp_req_mlap", "capt2out_needs_samedir", "udir_oo_range"}
    for param in ("grandslam", "mustpass", "move_one", "visit_opp", "capt_type", "udir_holes"):
        assert param in info.value.params
        assert param in str(info.value)


def test_diffusion_uses_only_its_own_rules(variant_of) -> None:
    """The Diffusion classes drop the common rules: DEPRIVE-only rules do not apply there,
    while the same parameters in a Mancala game are refused by the common list."""
    raw = variant_of(DIFF, {"stores_m": 4})  # stores_scorer_inv is a common rule
    assert parse_variant(raw).player.scorer.stores_m == 4
    with pytest.raises(VariantError) as info:
        parse_variant(variant_of(CLEAR, {"stores": True, "stores_m": 4}))
    assert {v.rule for v in info.value.violations} == {"stores_scorer_inv"}


def test_same_side_drops_the_no_sides_capt_side_rule(variant_of) -> None:
    variant = parse_variant(variant_of(SS, NOSIDES))
    assert check(variant) == []
    with pytest.raises(VariantError) as info:
        parse_variant(variant_of(NOSIDES, {"capt_side": "OWN_SIDE"}))
    assert {v.rule for v in info.value.violations} == {"no_sides_bad_capt_side"}


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
        TERR | {"goal_param": 7},
        TERR | {"goal_param": 12},
        {"start_pattern": "GAMACHA", "holes": 3},
        {"start_pattern": "TWOEMPTY", "holes": 4},
        {"start_pattern": "ALTS_SPLIT", "holes": 4},
        {"capt_type": "NEXT"},
        {"capt_type": "TWO_OUT", "capsamedir": True},
        {"stores_m": 0, "access_m": 0, "child_cnt_m": 0, "repeat_turn": 0},
        {"holes": 15, "min_move": 5},
        {"algorithm": "negamaxer", "stores": True, "sow_own_store": True},
    ],
)
def test_allowed_combinations(variant_of, params: dict[str, Any]) -> None:
    """The rules do not over-reach: these combinations break no constraint."""
    parse_variant(variant_of(params))


def test_advice_is_never_a_refusal(variant_of) -> None:
    """The reference's warnings: shown, not refused (here: no capture at all, capsamedir
    without multicapt, and negamaxer with repeat turns, the rule not applied)."""
    variant = parse_variant(variant_of({"capsamedir": True, "algorithm": "negamaxer",
                                        "stores": True, "sow_own_store": True}))
    names = {v.rule for v in advice(variant)}
    assert {"warn_capsamedir_multicapt", "nmax_no_repeat"} <= names
    assert "warn_no_capt" not in names  # sow_own_store captures
    bare = parse_variant(variant_of({}))
    assert "warn_no_capt" in {v.rule for v in advice(bare)}


# ---- the reference's own variants --------------------------------------------------------

CONFORMANCE = sorted(DATA.glob("*.json.gz"))


def test_all_reference_variants_are_present() -> None:
    assert len(CONFORMANCE) == 107


@pytest.mark.parametrize("path", CONFORMANCE, ids=lambda p: p.name.split(".")[0])
def test_reference_variant_passes(path: Path) -> None:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        config = json.load(fh)["config"]
    variant = parse_variant(config)
    assert check(variant) == []
    assert variant.holes == config["game_constants"]["holes"]
