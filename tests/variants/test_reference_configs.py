"""Every variant the reference program shipped at 1.8 is still a file in configs/.

Its rules are compared with the recorded `config` of tests/conformance/data (the rules
version included); where no file has them, its id moved to the 1.10 definition and kept
no 1.8 one (docs/variants.md, "Release 1.10"), which is allowed only when the 1.10 file
plays the 1.8 games exactly as recorded. Either way the first recorded game of each is
replayed through the file by name (`"config": "<file>"`) and must print the recorded
lines. Our own texts (name, about, family, region, rules source) must be there; they are
ours, not the reference's.
"""

from __future__ import annotations

import gzip
import io
import json
from dataclasses import asdict
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mancala import replay
from mancala.rules.loading import config_paths, load_variant, parse_variant
from mancala.rules.variant import Variant

DATA = Path(__file__).resolve().parents[1] / "conformance" / "data"
INDEX = json.loads((DATA / "index.json").read_text())
NAMES = [entry["name"] for entry in INDEX["variants"]]
DESCRIPTIVE = {"name", "about", "rules", "help_file", "family", "region"}


@cache
def recorded(name: str) -> dict[str, Any]:
    with gzip.open(DATA / f"{name}.json.gz", "rt", encoding="utf-8") as fh:
        return json.load(fh)


def rules_of(variant: Variant) -> tuple:
    info = {k: v for k, v in asdict(variant.game_info).items() if k not in DESCRIPTIVE}
    return (variant.rules_version, variant.game_class, variant.game_constants,
            tuple(sorted(info.items(), key=lambda kv: kv[0])))


@cache
def files_by_rules() -> dict[tuple, list[str]]:
    out: dict[tuple, list[str]] = {}
    for stem, path in config_paths().items():
        out.setdefault(repr(rules_of(load_variant(path))), []).append(stem)
    return out


def successor(name: str) -> str | None:
    """The 1.10 file that took this 1.8 game's id: it names the game's reference file at
    2b1c596, or (a game 1.10 merged into another) it has the game's own id."""
    paths = config_paths()
    slug = name.lower().replace("-", "_")
    for stem, path in paths.items():
        rules = load_variant(path).game_info.rules
        if f"GameProps/{name}.txt at 2b1c596, release 1.10)" in rules:
            return stem
    if slug in paths and load_variant(paths[slug]).rules_version.value == "1.10":
        return slug
    return None


def file_for(name: str) -> str:
    stems = files_by_rules().get(repr(rules_of(parse_variant(recorded(name)["config"]))), [])
    slug = name.lower().replace("-", "_")
    if stems:
        return slug if slug in stems else sorted(stems)[0]
    stem = successor(name)
    assert stem, f"no file in configs/ plays {name} as the reference does"
    return stem


def test_all_107_are_here() -> None:
    assert len(NAMES) == 107
    assert len(config_paths()) >= 107 + 40  # and our own variants besides


@pytest.mark.parametrize("name", NAMES)
def test_the_file_plays_the_recorded_game(name: str) -> None:
    stem = file_for(name)
    games = recorded(name)["games"]
    if load_variant(config_paths()[stem]).rules_version.value == "1.8":
        games = games[:1]  # a 1.10 successor answers for every recorded 1.8 game
    for game in games:
        check_game(stem, game)


def check_game(stem: str, game: dict[str, Any]) -> None:
    request = dict(game["request"], config=stem)
    out, err = io.StringIO(), io.StringIO()
    replay._GAMES.clear()
    replay.run_request(request, out, err, c_core=False)
    lines = [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]
    states = [line for line in lines if "end" not in line]
    assert len(states) == len(game["states"]), (stem, err.getvalue()[-500:])
    for index, (want, got) in enumerate(zip(game["states"], states, strict=True)):
        got = dict(got, legal=sorted(map(json.dumps, got["legal"])))
        want = dict(want, legal=sorted(map(json.dumps, want["legal"])))
        assert got == want, f"{stem}: line {index}"


@pytest.mark.parametrize("stem", sorted(config_paths()))
def test_every_file_says_what_it_is(stem: str) -> None:
    info = load_variant(config_paths()[stem]).game_info
    assert len(info.about) >= 40 and info.rules and info.family and info.region, stem
    assert info.name and info.name != "Mancala", stem


def test_reference_rules_under_another_name_are_marked() -> None:
    """Where our file of the same name plays other rules, the reference's rules have
    their own file, named so (docs/variants.md lists them)."""
    for stem in config_paths():
        if stem.endswith("_mg"):
            info = load_variant(config_paths()[stem]).game_info
            assert info.name.endswith("(Mancala Games rules)"), stem
            assert stem.removesuffix("_mg") in config_paths(), stem


def test_kept_definitions_are_marked() -> None:
    """An earlier definition kept beside its 1.10 successor says so: its file names the 1.8
    rules, its title ends "(1.8 rules)", and the id it was kept from is the 1.10 file."""
    paths = config_paths()
    kept = {stem for stem, path in paths.items() if json.loads(path.read_text(encoding="utf-8")).get("rules_version") == "1.8"}
    assert {stem for stem in paths if stem.endswith("_1_8")} <= kept
    assert len(kept) >= 50  # Oware and the other games whose rules changed in 1.10
    for stem in kept:
        variant = load_variant(paths[stem])
        assert variant.rules_version.value == "1.8" and variant.name.endswith("(1.8 rules)"), stem
        if stem.endswith("_1_8"):
            assert load_variant(paths[stem.removesuffix("_1_8")]).rules_version.value == "1.10", stem
