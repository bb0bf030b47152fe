"""The variant model: unknown names, bad values, case, defaults, old names (aliases)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, asdict, fields
from enum import Enum
from typing import Any

import pytest

from mancala.rules.enums import (
    Algorithm,
    CaptRTurn,
    CaptSide,
    CaptType,
    ChildRule,
    CrossCaptOwn,
    Direct,
    GameClass,
    Goal,
    GrandSlam,
    LapSower,
    Rounds,
    SowRule,
)
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, parse_variant
from mancala.rules.variant import GameInfo

MIN = {"game_constants": {"holes": 6, "nbr_start": 4}}


def rejected(raw: Any) -> VariantError:
    with pytest.raises(VariantError) as info:
        parse_variant(raw)
    return info.value


def info(**params: Any) -> dict[str, Any]:
    return {**MIN, "game_info": params}


# --- unknown names ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "param"),
    [
        (info(bogus_param=1), "bogus_param"),
        ({"game_constants": {"holes": 6, "nbr_start": 4, "bogus_const": 2}}, "bogus_const"),
        ({**MIN, "player": {"bogus_player": True}}, "bogus_player"),
        ({**MIN, "player": {"scorer": {"bogus_m": 1}}}, "bogus_m"),
        ({**MIN, "player": {"ai_params": {"bogus_depth": [1, 2, 3, 4]}}}, "bogus_depth"),
        ({**MIN, "bogus_section": {}}, "bogus_section"),
    ],
    ids=["game_info", "game_constants", "player", "scorer", "ai_params", "section"],
)
def test_unknown_name_rejected(raw: dict[str, Any], param: str) -> None:
    err = rejected(raw)
    assert param in err.params
    assert param in str(err)
    assert any(word in str(err) for word in ("unknown parameter", "unknown section"))


def test_unknown_names_all_reported() -> None:
    raw = {"game_constants": {"holes": 6, "nbr_start": 4, "extra1": 1},
           "game_info": {"extra2": 1, "sow_direct": "SIDEWAYS"}}
    err = rejected(raw)
    assert {"extra1", "extra2", "sow_direct"} <= set(err.params)


def test_derived_parameters_rejected() -> None:
    err = rejected(info(mlength=1, udirect=True, nbr_holes=6))
    assert {"mlength", "udirect", "nbr_holes"} <= set(err.params)
    assert {v.rule for v in err.violations} == {"derived_param"}


@pytest.mark.parametrize(
    "raw",
    [[], "kalah", {"game_info": {}}, {**MIN, "game_info": []}, {"game_constants": {"holes": 6}}],
    ids=["list", "string", "no_constants", "info_not_object", "no_nbr_start"],
)
def test_malformed_variant_is_a_variant_error(raw: Any) -> None:
    err = rejected(raw)
    assert err.violations
    assert err.params


# --- bad values --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "param"),
    [
        (info(sow_direct="SIDEWAYS"), "sow_direct"),
        (info(capt_side="OPPOSITE"), "capt_side"),
        (info(goal=1), "goal"),
        (info(mlaps="LAPPER_PREV"), "mlaps"),
        (info(capt_rturn="SOMETIMES"), "capt_rturn"),
        ({**MIN, "game_class": "Chess"}, "game_class"),
        ({**MIN, "player": {"algorithm": "random"}}, "algorithm"),
        (info(min_move=0), "min_move"),
        (info(capt_on=[0]), "capt_on"),
        (info(multicapt=-2), "multicapt"),
        ({"game_constants": {"holes": "six", "nbr_start": 4}}, "holes"),
        ({**MIN, "player": {"ai_params": {"mm_depth": [1, 2]}}}, "mm_depth"),
        ({**MIN, "player": {"difficulty": 4}}, "difficulty"),
    ],
)
def test_bad_value_rejected_naming_the_parameter(raw: dict[str, Any], param: str) -> None:
    err = rejected(raw)
    assert param in err.params
    assert param in str(err)


# --- enums by name, any case -------------------------------------------------------


@pytest.mark.parametrize(
    ("param", "spelled", "expected"),
    [
        ("sow_direct", "ccw", Direct.CCW),
        ("sow_direct", "Cw", Direct.CW),
        ("capt_side", "opp_side", CaptSide.OPP_SIDE),
        ("capt_side", "Own_Side", CaptSide.OWN_SIDE),
        ("mlaps", "lapper", LapSower.LAPPER),
        ("grandslam", "no_capt", GrandSlam.NO_CAPT),
        ("capt_type", "Next", CaptType.NEXT),
        ("capt_rturn", "always", CaptRTurn.ALWAYS),
        ("goal", "clear", Goal.CLEAR),
        ("xcpickown", "pick_on_capt", CrossCaptOwn.PICK_ON_CAPT),
    ],
)
def test_enum_names_case_insensitive(param: str, spelled: str, expected: Enum) -> None:
    extra = {"crosscapt": True} if param == "xcpickown" else {}
    variant = parse_variant(info(**{param: spelled}, **extra))
    assert getattr(variant.game_info, param) is expected


@pytest.mark.parametrize("spelled", ["negamaxer", "NEGAMAXER", "NegaMaxer"])
def test_algorithm_case_insensitive(spelled: str) -> None:
    variant = parse_variant({**MIN, "player": {"algorithm": spelled}})
    assert variant.player.algorithm is Algorithm.NEGAMAXER


# --- defaults (replay contract) -----------------------------------------------------

ENUM_DEFAULTS = {
    "start_pattern": "ALL_EQUAL",
    "sow_direct": "CCW",
    "mlaps": "OFF",
    "sow_rule": "NONE",
    "presowcapt": "NONE",
    "prescribed": "NONE",
    "xcpickown": "LEAVE",
    "capt_side": "BOTH",
    "capt_type": "NONE",
    "capt_rturn": "NO_REPEAT",
    "grandslam": "LEGAL",
    "pickextra": "NONE",
    "child_type": "NOCHILD",
    "child_locs": "ANYWHERE",
    "child_rule": "NONE",
    "allow_rule": "NONE",
    "goal": "MAX_SEEDS",
    "unclaimed": "HOLE_OWNER",
    "rounds": "NO_ROUNDS",
    "round_starter": "ALTERNATE",
    "round_fill": "NOT_APPLICABLE",
    "end_rule": "REFERENCE",
    # 1.10 parameters, refused in 1.8 variants; quitter's 1.10 default is DIVVIED
    "quitter": "DIVVIED",
    "end_cond": "NO_ADDTL",
    "play_locs": "BOARD_ONLY",
    "mlap_cont": "NONE",
    "xcapt_holes": "ONE_ZEROS",  # read from crosscapt ANY / ONE_ANY, never written
}


def test_defaults_per_contract() -> None:
    variant = parse_variant(MIN)
    gi = variant.game_info
    for name in (f.name for f in fields(GameInfo)):
        value = getattr(gi, name)
        if isinstance(value, Enum):
            assert name in ENUM_DEFAULTS, f"enum {name}: decide its default and add it here"
            assert value.value == ENUM_DEFAULTS[name], name
        elif isinstance(value, bool):
            assert value is False, name
        elif isinstance(value, int):
            assert value == (1 if name == "min_move" else 0), name
        elif isinstance(value, tuple):
            assert value == (), name
    assert gi.stores is False
    assert gi.sow_direct is Direct.CCW
    assert variant.game_class is GameClass.MANCALA
    player = variant.player
    assert player.difficulty == 0
    assert player.ai_active is False
    assert all(v == 0 for v in asdict(player.scorer).values())
    assert all(v == () for v in asdict(player.ai_params).values())


def test_variant_is_frozen() -> None:
    variant = parse_variant(MIN)
    with pytest.raises(FrozenInstanceError):
        variant.game_info.stores = True  # type: ignore[misc]


# --- old names and values (game_params_ui_table.tsv) --------------------------------


@pytest.mark.parametrize(
    ("old", "attr", "expected"),
    [
        ({"oppsidecapt": True}, "capt_side", CaptSide.OPP_SIDE),
        ({"oppsidecapt": False}, "capt_side", CaptSide.BOTH),
        ({"capttwoout": True, "capsamedir": True}, "capt_type", CaptType.TWO_OUT),
        ({"capttwoout": False}, "capt_type", CaptType.NONE),
        ({"capt_next": True}, "capt_type", CaptType.NEXT),
        ({"capt_next": True, "capttwoout": False}, "capt_type", CaptType.NEXT),
        ({"nocaptfirst": True}, "nocaptmoves", 1),
        ({"nocaptfirst": False}, "nocaptmoves", 0),
        ({"gparam_one": 2}, "goal_param", 2),
        ({"multicapt": True}, "multicapt", -1),
        ({"multicapt": False}, "multicapt", 0),
        ({"multicapt": 3}, "multicapt", 3),
        ({"capt_rturn": True}, "capt_rturn", CaptRTurn.ALWAYS),
        ({"capt_rturn": False}, "capt_rturn", CaptRTurn.NO_REPEAT),
        ({"rounds": True, "round_fill": "LEFT_FILL"}, "rounds", Rounds.HALF_SEEDS),
        ({"rounds": False}, "rounds", Rounds.NO_ROUNDS),
        ({"capt_on": [False, False, True, True]}, "capt_on", (2, 3)),
        ({"capt_on": [4, 1]}, "capt_on", (1, 4)),
        ({"udir_holes": [True, False, False, False, False, True]}, "udir_holes", (0, 5)),
        ({"udir_holes": [1]}, "udir_holes", (1,)),
        ({"sow_rule": "SOW_SOW_CAPT_ALL", "evens": True}, "sow_rule", SowRule.SOW_CAPT_ALL),
        ({"sow_rule": "sow_sow_capt_all", "evens": True}, "sow_rule", SowRule.SOW_CAPT_ALL),
        ({"sow_rule": "NO_SOW_OPP_2S"}, "sow_rule", SowRule.NO_SOW_OPP_NS),
        ({"sow_rule": "NO_SOW_OPP_2S"}, "sow_param", 2),
        ({"sow_rule": "NO_SOW_OPP_2S", "sow_param": 2}, "sow_param", 2),
        ({"child_type": "NORMAL", "child_cvt": 4, "child_rule": "OPP_ONLY"}, "child_rule",
         ChildRule.OPP_SIDE_ONLY),
        ({"crosscapt": True, "xcpickown": "PICK_ON_CAPTURE"}, "xcpickown", CrossCaptOwn.PICK_ON_CAPT),
    ],
)
def test_alias_maps(old: dict[str, Any], attr: str, expected: Any) -> None:
    variant = parse_variant(info(**old))
    assert getattr(variant.game_info, attr) == expected


@pytest.mark.parametrize(
    ("given", "names"),
    [
        ({"oppsidecapt": True, "capt_side": "OPP_SIDE"}, {"oppsidecapt", "capt_side"}),
        ({"oppsidecapt": False, "capt_side": "OWN_SIDE"}, {"oppsidecapt", "capt_side"}),
        ({"capttwoout": True, "capt_type": "TWO_OUT", "capsamedir": True}, {"capttwoout", "capt_type"}),
        ({"capt_next": True, "capt_type": "NEXT"}, {"capt_next", "capt_type"}),
        ({"nocaptfirst": True, "nocaptmoves": 2}, {"nocaptfirst", "nocaptmoves"}),
        ({"gparam_one": 3, "goal_param": 3}, {"gparam_one", "goal_param"}),
        ({"capttwoout": True, "capt_next": True, "capsamedir": True}, {"capttwoout", "capt_next"}),
        ({"sow_rule": "NO_SOW_OPP_2S", "sow_param": 3}, {"sow_rule", "sow_param"}),
    ],
)
def test_alias_and_new_name_together_is_an_error(given: dict[str, Any], names: set[str]) -> None:
    err = rejected(info(**given))
    assert "alias_conflict" in {v.rule for v in err.violations}
    assert names <= set(err.params)
    for name in names:
        assert name in str(err)


@pytest.mark.parametrize("old", ["oppsidecapt", "capttwoout", "capt_next", "nocaptfirst"])
def test_old_flag_must_be_boolean(old: str) -> None:
    err = rejected(info(**{old: 1}))
    assert old in err.params


# --- game classes -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spelled", "expected"),
    [
        ("Mancala", GameClass.MANCALA),
        ("mancala", GameClass.MANCALA),
        ("NorthSouthCycle", GameClass.NORTH_SOUTH_CYCLE),
        ("North/South Cycles", GameClass.NORTH_SOUTH_CYCLE),
        ("north/south cycles", GameClass.NORTH_SOUTH_CYCLE),
        ("EastWestCycle", GameClass.EAST_WEST_CYCLE),
        ("East/West Cycles", GameClass.EAST_WEST_CYCLE),
        ("BearOff", GameClass.BEAR_OFF),
        ("Diffusion", GameClass.DIFFUSION),
        ("DiffusionV2", GameClass.DIFFUSION_V2),
        ("SameSide", GameClass.SAME_SIDE),
        ("Ohojichi", GameClass.OHOJICHI),
    ],
)
def test_game_class_names(spelled: str, expected: GameClass) -> None:
    game_info: dict[str, Any] = {"goal": "CLEAR"}
    if expected in (GameClass.DIFFUSION, GameClass.DIFFUSION_V2):
        game_info.update(no_sides=True, stores=True)
    if expected == GameClass.SAME_SIDE:
        game_info["capt_side"] = "OWN_SIDE"
    raw = {**MIN, "game_class": spelled, "game_info": game_info}
    assert parse_variant(raw).game_class is expected


# --- the shipped variants --------------------------------------------------------------


@pytest.mark.parametrize("stem", sorted(config_paths()))
def test_shipped_variants_are_valid(stem: str) -> None:
    """Every shipped file passes validation (the reference's refusals per game class)."""
    from mancala.rules.loading import parse_variant, read_json

    variant = parse_variant(read_json(config_paths()[stem]))
    assert variant.holes >= 1
