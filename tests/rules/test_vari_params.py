"""Variant settings (issue 25, point 4): the reference's vari_params carried into the
1.10 configs, and settings applied, checked and refused by name (mancala.rules.vari_params)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mancala.rules import vari_params as vp
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, load_variant, parse_variant, read_json, variant_path

# each reference game file's vari_params, as its 1.10 release wrote them (provenance inside)
REFERENCE_OFFERS: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "vari_params_2b1c596.json").read_text(encoding="utf-8"))["files"]
SOURCE = re.compile(r"GameProps/(?P<file>[^ /]+)\.txt at 2b1c596")


def oware() -> dict[str, Any]:
    raw: dict[str, Any] = read_json(variant_path("oware"))
    return raw


def test_oware_offers_what_the_reference_file_does() -> None:
    v = load_variant("oware")
    assert (v.vari_params.capt_on, v.vari_params.grandslam, v.vari_params.mustshare,
            v.vari_params.mustpass) == ("include", "include", "include", "include")
    kinds = {c.param: c.kind for c in vp.choices(oware())}
    assert kinds == {"capt_on": "set", "grandslam": "choice", "mustshare": "bool", "mustpass": "bool"}


def test_every_offered_list_names_playable_words_and_the_file_value() -> None:
    for stem, path in config_paths().items():
        raw = read_json(path)
        if "vari_params" not in raw:
            continue
        assert raw["rules_version"] == "1.10", stem
        load_variant(path)  # the section is valid
        for c in vp.choices(raw):
            if c.kind == "number":
                assert c.lo <= c.default <= c.hi, (stem, c)
            elif c.kind == "set":
                assert set(c.default) <= set(c.values), (stem, c)
            else:
                assert c.default in c.values, (stem, c)
            if c.kind == "choice" and isinstance(c.default, str) and c.param != "game_class":
                assert all(isinstance(x, str) and x == x.upper() for x in c.values), (stem, c)


def test_the_offers_are_the_reference_files_own() -> None:
    seen = 0
    for stem, path in config_paths().items():
        raw = read_json(path)
        found = SOURCE.search(raw.get("game_info", {}).get("rules", ""))
        if raw.get("rules_version") != "1.10" or found is None:
            continue
        theirs = REFERENCE_OFFERS[found["file"]]
        ours = raw.get("vari_params")
        assert (theirs is None) == (ours is None), stem
        if theirs:
            assert list(theirs) == list(ours), stem
            for key, offer in theirs.items():
                assert isinstance(offer, list) == isinstance(ours[key], list), (stem, key)
                if isinstance(offer, list):
                    assert len(offer) == len(ours[key]), (stem, key)
            seen += 1
    assert seen > 100


def test_settings_settle_the_variant() -> None:
    v = parse_variant({**oware(), "settings": {"grandslam": "legal", "mustpass": True, "capt_on": [4, 2, 3, 3]}})
    assert (v.game_info.grandslam.value, v.game_info.mustpass, v.game_info.capt_on) == ("LEGAL", True, (2, 3, 4))
    # the file's own values are no settings: the id and title stay the file's
    assert vp.canonical(oware(), {"grandslam": "NO_CAPT", "mustshare": True}) == {}
    assert vp.settled_id("oware", {}) == "oware"
    chosen = vp.canonical(oware(), {"mustpass": True, "grandslam": "LEGAL"})
    assert list(chosen) == ["grandslam", "mustpass"]
    assert re.fullmatch(r"oware__s[0-9a-f]{10}", vp.settled_id("oware", chosen))
    assert vp.settled_id("oware", chosen) == vp.settled_id("oware", dict(reversed(chosen.items())))
    assert vp.settled_title("Oware", chosen) == "Oware · grand slam: legal · must pass: yes"
    assert vp.file_id(vp.settled_id("oware", chosen)) == "oware"
    assert vp.file_id("oware") == "oware" and vp.file_id("a__sb") == "a__sb"


def test_holes_resize_either_way_holes() -> None:
    settled = vp.apply_settings({"game_constants": {"holes": 5, "nbr_start": 3},
                                 "game_info": {"udir_holes": [2]}, "vari_params": {"holes": "include"},
                                 "settings": {"holes": 7}})
    assert settled["game_info"]["udir_holes"] == [3] and "settings" not in settled


@pytest.mark.parametrize(("settings", "param", "rule"), [
    ({"nosuch": 1}, "nosuch", "not_offered"),
    ({"holes": 8}, "holes", "not_offered"),
    ({"mustpass": 1}, "mustpass", "not_allowed"),
    ({"mustpass": "yes"}, "mustpass", "not_allowed"),
    ({"capt_on": [7]}, "capt_on", "not_allowed"),
    ({"capt_on": 2}, "capt_on", "not_allowed"),
    ({"capt_on": [True]}, "capt_on", "not_allowed"),
    ({"capt_on": list(range(10_000))}, "capt_on", "not_allowed"),
    ({"grandslam": "x" * 100_000}, "grandslam", "not_allowed"),
    ({"grandslam": ["LEGAL"]}, "grandslam", "not_allowed"),
    ({f"k{i}": i for i in range(5_000)}, "settings", "too_many"),
    ([1, 2], "settings", "type"),
])
def test_bad_settings_are_refused_by_parameter_and_rule(settings: Any, param: str, rule: str) -> None:
    with pytest.raises(vp.SettingsError) as caught:
        parse_variant({**oware(), "settings": settings})
    assert (caught.value.violations[0].params[0], caught.value.violations[0].rule) == (param, rule)
    assert len(str(caught.value)) < 1_000


def test_a_settled_variant_must_pass_the_named_rules() -> None:
    raw = read_json(variant_path("adi"))
    with pytest.raises(vp.SettingsError) as caught:
        parse_variant({**raw, "settings": {"holes": 10}})
    assert "terr_goal_param" in [v.rule for v in caught.value.violations]
    assert isinstance(caught.value, VariantError) and "holes" in caught.value.params


def test_unknown_offers_are_unknown_parameters() -> None:
    with pytest.raises(VariantError) as caught:
        parse_variant({**oware(), "vari_params": {"nosuch": "include"}})
    assert caught.value.violations[0].rule == "extra_forbidden"
