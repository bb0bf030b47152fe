"""The rules_version field: 1.8 variants keep their meaning, 1.10 variants are read by
the 1.10 names and defaults, and 1.10 rules the engine does not play are refused."""

from __future__ import annotations

from typing import Any

import pytest

from mancala.engine.fast import why_not_fast
from mancala.rules.enums import CrossCaptHoles, RulesVersion, Unclaimed
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant


def _variant(info: dict[str, Any], version: str | None = None, game_class: str = "Mancala") -> dict[str, Any]:
    raw: dict[str, Any] = {"game_class": game_class, "game_constants": {"holes": 6, "nbr_start": 4},
                           "game_info": {"stores": True, **info}}
    if version is not None:
        raw["rules_version"] = version
    return raw


def _refused(raw: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(VariantError) as err:
        parse_variant(raw)
    return {param: v.rule for v in err.value.violations for param in v.params}


def test_a_variant_without_the_field_follows_the_18_rules() -> None:
    assert parse_variant(_variant({})).rules_version is RulesVersion.V1_8


def test_quitter_defaults_to_divvied_under_110() -> None:
    variant = parse_variant(_variant({}, "1.10"))
    assert variant.rules_version is RulesVersion.V1_10
    assert variant.game_info.quitter is Unclaimed.DIVVIED


@pytest.mark.parametrize(("info_110", "info_18"), [
    ({"crosscapt": "ONE_ZEROS"}, {"crosscapt": True}),
    ({"crosscapt": "NONE"}, {}),
    ({"capt_dir": "SOW", "capt_on": [2]}, {"capsamedir": True, "capt_on": [2]}),
    ({"sow_stores": "OWN"}, {"sow_own_store": True}),
    ({"mlaps": "LAPPER", "mlap_cont": "VISIT_OPP"}, {"mlaps": "LAPPER", "visit_opp": True}),
    ({"mlaps": "LAPPER", "mlap_cont": "ON_PARAM", "mlap_param": 6},
     {"mlaps": "LAPPER", "sow_rule": "CONT_LAP_ON", "sow_param": 6}),
    ({"goal": "RND_WIN_COUNT_MAX", "rounds": "HALF_SEEDS", "goal_param": 3},
     {"goal": "RND_WIN_COUNT", "rounds": "HALF_SEEDS", "goal_param": 3}),
    ({"stores": True, "mlaps": "LAPPER", "sow_rule": "LAP_CAPT_OPP_GETS", "sow_param": 8, "capt_on": [4]},
     {"stores": True, "mlaps": "LAPPER", "sow_rule": "OPP_GETS_OWN_LAST", "sow_param": 8, "capt_on": [4]}),
])
def test_110_names_that_replaced_18_ones_read_as_the_18_rule(info_110: dict, info_18: dict) -> None:
    new = parse_variant(_variant(info_110, "1.10")).game_info
    old = parse_variant(_variant(info_18)).game_info
    assert new == old


@pytest.mark.parametrize("rule", ["ENPAS_ALL_OWNER_SOW", "ENPAS_ALL_OWNER_OWN", "ENPAS_ALL_SOWER",
                                  "ENPAS_SOW_SOWER", "ENPAS_OPP_SOWER"])
def test_the_en_passant_sow_rules_are_110_rules_of_their_own(rule: str) -> None:
    """Not the 1.8 OWN_SOW_CAPT_ALL / SOW_CAPT_ALL renamed: they leave the last hole sown
    to the capturer whatever the laps (Pallanguli, Raja_Pasu replay only so)."""
    info = parse_variant(_variant({"sow_rule": rule, "capt_on": [4]}, "1.10")).game_info
    assert info.sow_rule.value == rule


@pytest.mark.parametrize(("param", "value"), [
    ("capsamedir", True), ("sow_own_store", True), ("visit_opp", True),
    ("sow_rule", "OWN_SOW_CAPT_ALL"), ("pickextra", "PICKTWOS"), ("crosscapt", True),
])
def test_18_names_are_refused_under_110_naming_the_parameter(param: str, value: Any) -> None:
    assert param in _refused(_variant({param: value}, "1.10"))


@pytest.mark.parametrize(("param", "value"), [
    ("quitter", "DIVVIED"), ("sow_stores", "OWN"), ("capt_dir", "SOW"), ("end_cond", "NO_ADDTL"),
    ("crosscapt", "ONE_ZEROS"), ("sow_rule", "ENPAS_ALL_OWNER_SOW"), ("goal", "RND_WIN_COUNT_MAX"),
    ("goal", "IMMOBILIZE"), ("start_pattern", "MOVE_RIGHTMOST"),
    ("sow_rule", "LAP_CAPT_OPP_GETS"), ("prescribed", "NO_UDIR_FIRSTS"),
    ("start_pattern", "RANDOM_ZEROS"), ("pickextra", "PICKCROSSMULT"),
])
def test_110_names_are_refused_under_18_with_the_fix(param: str, value: Any) -> None:
    assert _refused(_variant({param: value}))[param] == "needs_rules_version"


@pytest.mark.parametrize(("param", "value"), [
    ("sow_stores", "BOTH_NR"), ("mlap_cont", "NOT_FROM_STORE"),
    ("play_locs", "BRD_OWN_STR_ALL"), ("capt_type", "SANDWICH_CAPT"), ("sow_rule", "NO_CHILDREN"),
])
def test_110_rules_not_played_yet_are_refused_by_name(param: str, value: Any) -> None:
    assert _refused(_variant({param: value}, "1.10"))[param] == "not_played_yet"


def test_shorten_all_is_played_under_110_only() -> None:
    """Bao's refill (tests/engine/test_arrange.py plays it)."""
    assert parse_variant(_variant({"rounds": "NO_MOVES", "round_fill": "SHORTEN_ALL", "stores": True}, "1.10"))
    assert _refused(_variant({"rounds": "NO_MOVES", "round_fill": "SHORTEN_ALL", "stores": True}))["round_fill"] \
        == "needs_rules_version"


def test_a_110_game_class_needs_the_110_rules() -> None:
    assert _refused(_variant({"sow_direct": "TOCENTER"}, game_class="ZigZag"))["game_class"] == "needs_rules_version"
    assert _refused(_variant({}, game_class="ShareOne"))["game_class"] == "needs_rules_version"


def test_an_unknown_rules_version_is_refused() -> None:
    assert "rules_version" in _refused(_variant({}, "1.9"))


def test_the_c_core_plays_both_rules_versions() -> None:
    """The differences are flags of the core (tests/engine/test_fastcore_110.py)."""
    assert why_not_fast(parse_variant(_variant({}))) == []
    assert why_not_fast(parse_variant(_variant({}, "1.10"))) == []



def test_immobilize_is_a_110_goal_of_its_own() -> None:
    """IMMOBILIZE (1.10) is not DEPRIVE: a player out of seeds has not lost by that
    alone (Boola, Deka, Embeli, Nambayi in test_conformance_110 play it)."""
    from mancala.rules.enums import Goal

    assert parse_variant(_variant({"goal": "IMMOBILIZE", "stores": False}, "1.10")).game_info.goal is Goal.IMMOBILIZE


@pytest.mark.parametrize("version", ["1.8", "1.10"])
def test_the_model_field_for_sow_stores_both_is_no_parameter(version: str) -> None:
    assert "sow_opp_store" in _refused(_variant({"stores": True, "sow_opp_store": True}, version))


def test_crosscapt_one_any_is_read_as_a_cross_capture_going_on_from_any_hole() -> None:
    info = parse_variant(_variant({"crosscapt": "ONE_ANY"}, "1.10")).game_info
    assert (info.crosscapt, info.xcapt_holes) == (True, CrossCaptHoles.ONE_ANY)
    assert "xcapt_holes" in _refused(_variant({"xcapt_holes": "ANY"}, "1.10"))


def test_sow_stores_both_is_read_as_both_stores_sown() -> None:
    info = parse_variant(_variant({"stores": True, "sow_stores": "BOTH"}, "1.10")).game_info
    assert (info.sow_own_store, info.sow_opp_store) == (True, True)
