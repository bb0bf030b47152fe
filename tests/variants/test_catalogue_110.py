"""Configs follow the reference's release 1.10 (issue 25, point 2; docs/variants.md,
"Release 1.10 of the reference program").

Every recorded 1.10 variant (tests/conformance/data_110) is one file, in configs/ when
the engine plays it exactly and in configs/held/ until then, whose rules are the
recorded definition exactly; the file names the reference file (and named variant) it
comes from in its rules source.
"""

from __future__ import annotations

import gzip
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mancala.rules.loading import config_paths, configs_dir
from tests.conformance.test_conformance_110 import EXPECTED_FAILURES

DATA = Path(__file__).resolve().parents[1] / "conformance" / "data_110"
INDEX = json.loads((DATA / "index.json").read_text())
DESCRIPTIVE = {"name", "about", "rules", "help_file", "family", "region"}
# reference files of release 1.10 with no recorded game, and the one file each that plays
# them: Bao's first move is an arrangement its program takes with the mouse, which no
# recording made (docs/rules-decisions.md, "Bao's arrangement")
UNRECORDED = {"Bao": "configs/bao_mg"}
SOURCE = re.compile(r"GameProps/(?P<file>[^ /]+)\.txt at 2b1c596, release 1\.10(?:, its variant (?P<variant>[^)]+))?\)")


def reference_name(raw: dict[str, Any]) -> str | None:
    """The recorded name (`FILE` or `FILE::VARIANT`) a 1.10 file says it was taken from."""
    found = SOURCE.search(raw["game_info"].get("rules", ""))
    if found is None:
        return None
    return found["file"] + (f"::{found['variant']}" if found["variant"] else "")


@cache
def files_110() -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Recorded name -> the 1.10 files naming it: ("configs/x" or "configs/held/x", raw)."""
    out: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for folder, paths in (("configs", list(config_paths().values())),
                          ("configs/held", sorted((configs_dir() / "held").glob("*.json")))):
        for path in paths:
            raw = json.loads(path.read_text(encoding="utf-8"))
            if raw.get("rules_version") != "1.10":
                continue
            name = reference_name(raw)
            assert name is not None, f"{folder}/{path.stem} does not name its reference file"
            out.setdefault(name, []).append((f"{folder}/{path.stem}", raw))
    return out


def rules(raw: dict[str, Any]) -> dict[str, Any]:
    return {"rules_version": raw.get("rules_version"), "game_class": raw.get("game_class", "Mancala"),
            "game_constants": raw["game_constants"],
            "game_info": {k: v for k, v in raw["game_info"].items() if k not in DESCRIPTIVE}}


@cache
def recorded_config(name: str) -> dict[str, Any]:
    entry = next(e for e in INDEX["variants"] if e["name"] == name)
    with gzip.open(DATA / entry["file"], "rt", encoding="utf-8") as fh:
        config: dict[str, Any] = json.load(fh)["config"]
    return config


@pytest.mark.parametrize("name", [entry["name"] for entry in INDEX["variants"]])
def test_every_110_variant_is_one_file_with_its_recorded_rules(name: str) -> None:
    found = files_110().get(name, [])
    assert len(found) == 1, f"{name}: {[where for where, _ in found] or 'no file'}"
    where, raw = found[0]
    assert rules(raw) == rules(recorded_config(name)), where
    # held back exactly while the engine does not play it exactly
    assert where.startswith("configs/held/") == (name in EXPECTED_FAILURES), (
        f"{name} plays exactly now: move {where}.json to configs/ (docs/variants.md, 'Held back until exact')"
        if name not in EXPECTED_FAILURES else f"{name} is not played exactly yet: move {where}.json to configs/held/")


def test_the_lobby_catalogue_is_the_110_release_less_what_is_held() -> None:
    in_configs = sum(1 for found in files_110().values() for where, _ in found if where.startswith("configs/") and
                     not where.startswith("configs/held/"))
    assert len(INDEX["variants"]) == 199
    assert in_configs == 199 - len(EXPECTED_FAILURES) + len(UNRECORDED)
    # nothing else claims a 1.10 source
    assert sum(len(found) for found in files_110().values()) == 199 + len(UNRECORDED)


@pytest.mark.parametrize("name", sorted(UNRECORDED))
def test_an_unrecorded_110_game_is_one_file(name: str) -> None:
    assert name not in {entry["name"] for entry in INDEX["variants"]}
    assert [where for where, _ in files_110().get(name, [])] == [UNRECORDED[name]]


def test_no_two_variants_share_a_description() -> None:
    """Every 1.10 variant is described for itself, not by a copied paragraph."""
    abouts: dict[str, str] = {}
    for found in files_110().values():
        for where, raw in found:
            about = raw["game_info"]["about"]
            assert about not in abouts, f"{where} and {abouts.get(about)}"
            abouts[about] = where
