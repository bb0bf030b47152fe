"""benchmarks/level_merge.py: which pairs a recheck merges, and the settings it writes
(no games played)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from mancala.ai.player import DEFAULT_DEPTHS
from mancala.engine import Game
from mancala.rules.loading import config_paths, parse_variant

lt: ModuleType = importlib.import_module("benchmarks.level_table")
lm: ModuleType = importlib.import_module("benchmarks.level_merge")
FORTY = lt.Setting(games=40, cap_ms=100, plies=400, seed=15)


def _game(variant: str, ai_params: dict[str, list[int]]) -> Game:
    raw = json.loads(Path(config_paths()[variant]).read_text())
    raw["player"] = {**raw.get("player", {}), "ai_params": ai_params}
    return Game(parse_variant(raw))


def _records(variant: str, **scores: float) -> dict[str, dict[str, Any]]:
    names = {"easy": ("medium", "easy"), "medium": ("hard", "medium"), "hard": ("expert", "hard")}
    return {lt.record_key(variant, *names[lower], FORTY): {"score": sc} for lower, sc in scores.items()}


def test_a_pair_under_the_bar_is_merged_upwards_and_one_over_it_is_not() -> None:
    plan = lm.plan(_records("kalah_4", hard=0.6, medium=0.7), ["kalah_4"], FORTY, rated=set())
    assert plan.merges == {"kalah_4": [("expert", "hard")]} and not plan.remeasure


def test_below_a_merged_pair_the_old_measurement_is_void_and_measured_again() -> None:
    # hard now plays as expert: the hard-over-medium record is of the old hard
    plan = lm.plan(_records("kalah_4", hard=0.5, medium=0.5), ["kalah_4"], FORTY, rated=set())
    assert plan.merges == {"kalah_4": [("expert", "hard")]}
    assert plan.remeasure == [("kalah_4", "hard", "medium")]
    plan = lm.plan(_records("kalah_4", hard=0.9, medium=0.5), ["kalah_4"], FORTY, rated=set())
    assert plan.merges == {"kalah_4": [("hard", "medium")]}


def test_a_pair_the_lower_level_won_beyond_doubt_is_listed_not_merged() -> None:
    # 30 % over 40 games: the interval is 18-45 %, all of it under half
    plan = lm.plan(_records("kalah_4", hard=0.3), ["kalah_4"], FORTY, rated=set())
    assert plan.merges == {} and plan.inverted == [("kalah_4", "expert", "hard", 0.3)]
    # 38 %: 25-54 %, which holds half: a tie, merged as one
    assert lm.plan(_records("kalah_4", hard=0.38), ["kalah_4"], FORTY, rated=set()).merges
    assert lm.plan(_records("kalah_4", hard=0.5), ["kalah_4"], FORTY, rated=set()).merges


def test_a_pair_whose_upper_level_the_cap_cuts_is_listed_not_merged() -> None:
    asked: list[tuple[str, str]] = []

    def cut(variant: str, level: str) -> bool:
        asked.append((variant, level))
        return level == "expert"

    plan = lm.plan(_records("kalah_4", hard=0.5, medium=0.5), ["kalah_4"], FORTY, rated=set(), cut=cut)
    assert plan.cut == [("kalah_4", "expert", "hard")]
    assert plan.merges == {"kalah_4": [("hard", "medium")]}  # hard itself is not cut: merged
    assert asked == [("kalah_4", "expert"), ("kalah_4", "hard")]


def test_the_cap_probe_tells_a_search_cut_short_from_one_that_finished() -> None:
    # Kalah(6,4) at depth 3 takes a few milliseconds; at depth 14 far more than 5 ms
    shallow = _game("kalah_4", {"mm_depth": [1, 2, 3, 3]})
    deep = _game("kalah_4", {"mm_depth": [1, 2, 3, 14]})
    assert not lm.cap_cuts(shallow, "expert", 2_000)
    assert lm.cap_cuts(deep, "expert", 5)
    mcts = _game("kalah", {"mcts_nodes": [100, 200, 300, 1_000_000]})
    assert lm.cap_cuts(mcts, "expert", 5) and not lm.cap_cuts(mcts, "medium", 2_000)


def test_easy_is_never_merged_and_rated_variants_are_kept() -> None:
    plan = lm.plan(_records("kalah_4", easy=0.5, hard=0.5), ["kalah_4"], FORTY, rated={"kalah_4"})
    assert plan.merges == {} and plan.easy == [("kalah_4", 0.5)]
    assert plan.kept_rated == [("kalah_4", "expert", "hard")]


def test_pairs_the_settings_make_one_player_are_left_as_they_are() -> None:
    # deka_mg's easy and medium are one player already
    assert lm.plan(_records("deka_mg", easy=0.5), ["deka_mg"], FORTY, rated=set()).easy == []


def test_the_merged_settings_copy_the_upper_level_into_the_lower() -> None:
    kalah = _game("kalah_4", {"mm_depth": [1, 3, 5, 7]})
    assert lm.merged_params(kalah, [("expert", "hard")]) == {"mm_depth": [1, 3, 7, 7]}
    assert lm.merged_params(kalah, [("hard", "medium")]) == {"mm_depth": [1, 5, 5, 7]}
    # a variant that leaves its depths out gets the defaults written out in full
    assert lm.merged_params(_game("kalah_4", {}), [("expert", "hard")]) == {
        "mm_depth": [*DEFAULT_DEPTHS[:2], DEFAULT_DEPTHS[3], DEFAULT_DEPTHS[3]]}
    lists = lm.merged_params(_game("centering", {"mcts_nodes": [100, 1200, 1500, 3000]}), [("expert", "hard")])
    assert set(lists) == {"mcts_nodes", "mcts_bias", "mcts_pouts"}
    assert all(values[2] == values[3] for values in lists.values()) and lists["mcts_nodes"] == [100, 1200, 3000, 3000]


def test_the_command_prints_what_it_would_merge_and_writes_nothing_without_write(tmp_path: Path) -> None:
    source = tmp_path / "forty.json"
    lt.save_results(source, _records("kalah_6", hard=0.55, medium=0.3) | _records("awari", easy=0.4))
    before = (lt.CONFIGS / "kalah_6.json").read_text()
    proc = subprocess.run([sys.executable, "-m", "benchmarks.level_merge", "--from", str(source)],
                          capture_output=True, text=True, timeout=60, cwd=lt.ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "| `kalah_6` | hard = expert | mm_depth" in proc.stdout and "not written" in proc.stdout
    assert "kalah_6 hard>medium" in proc.stdout  # below the merge: to measure again
    assert "awari 40%" in proc.stdout  # medium over easy: listed
    assert (lt.CONFIGS / "kalah_6.json").read_text() == before


def test_easy_noise_is_written_into_the_scorer_and_nothing_else_changes() -> None:
    en = importlib.import_module("benchmarks.easy_noise")
    text = (lt.CONFIGS / "kalah_6.json").read_text()
    noisy = en.with_noise(text, 12)
    assert json.loads(noisy)["player"]["scorer"]["easy_rand"] == 12
    back = json.loads(noisy)
    back["player"]["scorer"].pop("easy_rand")
    original = json.loads(text)
    original.setdefault("player", {}).setdefault("scorer", {}).pop("easy_rand", None)
    assert back == original
    assert en.with_noise(text, 0).endswith("}\n") and en.with_noise(noisy, 12) == noisy


def test_every_pair_is_counted_once_by_where_it_stands() -> None:
    ten = lt.Setting(games=10, cap_ms=100, plies=400, seed=15)
    first = {lt.record_key("kalah_6", "medium", "easy", ten): {"score": 0.9},
             lt.record_key("kalah_6", "hard", "medium", ten): {"score": 0.5},
             lt.record_key("kalah_6", "expert", "hard", ten): {"score": 0.5},
             lt.record_key("deka_mg", "medium", "easy", ten): {"score": 0.5}}
    again = _records("kalah_6", medium=0.7, hard=0.6)
    found = lm.status(first, again, ["kalah_6", "deka_mg"], ten, FORTY)
    assert found["passed"] == [("kalah_6", "medium", "easy")]
    assert found["passed_recheck"] == [("kalah_6", "hard", "medium")]
    assert found["under_recheck"] == [("kalah_6", "expert", "hard")]
    assert found["merged"] == [("deka_mg", "medium", "easy")]
    assert sum(map(len, found.values())) == 6 and len(found["unmeasured"]) == 2


def test_a_record_of_levels_that_changed_since_is_stale_and_never_merged() -> None:
    """A record carries the digest of what its pair played as (both levels' settings and
    how the search scored a round's end): one that is not today's describes other levels."""
    today = lt.plays_digest("kalah_6", "expert", "hard")
    assert today == lt.plays_digest("kalah_6", "expert", "hard", before_digests=True)  # nothing changed
    rounds_then = lt.plays_digest("lam_waladach_1_8", "expert", "hard", before_digests=True)
    assert rounds_then != lt.plays_digest("lam_waladach_1_8", "expert", "hard")  # round ends, territory
    assert today != lt.plays_digest("kalah_6", "hard", "medium")  # other levels, other digest

    records = _records("lam_waladach_1_8", hard=0.55)
    records[lt.record_key("lam_waladach_1_8", "expert", "hard", FORTY)]["plays"] = rounds_then
    plan = lm.plan(records, ["lam_waladach_1_8"], FORTY, rated=set())
    assert plan.merges == {} and plan.remeasure == [("lam_waladach_1_8", "expert", "hard")]
    found = lm.status({}, records, ["lam_waladach_1_8"], FORTY, FORTY)
    assert found["stale"] == [("lam_waladach_1_8", "expert", "hard")]
    assert not lt.measured(records, "lam_waladach_1_8", "expert", "hard", FORTY)  # --only-missing plays it
    assert lt.todo(["lam_waladach_1_8"], FORTY, False, records, True, ["expert"]) == [
        ("lam_waladach_1_8", "expert", "hard")]
    # the same record made as the levels are now counts as it always did
    records[lt.record_key("lam_waladach_1_8", "expert", "hard", FORTY)]["plays"] = lt.plays_digest(
        "lam_waladach_1_8", "expert", "hard")
    assert lm.plan(records, ["lam_waladach_1_8"], FORTY, rated=set()).merges == {
        "lam_waladach_1_8": [("expert", "hard")]}
    assert lt.measured(records, "lam_waladach_1_8", "expert", "hard", FORTY)


def test_only_missing_skips_a_pair_the_settings_make_one_player() -> None:
    # Andada's medium searches as hard does since its merge: a match of one player with itself
    assert ("hard", "medium") in lt.same_players("andada")
    assert lt.todo(["andada"], FORTY, False, {}, True) == [("andada", "medium", "easy"), ("andada", "expert", "hard")]
    assert ("andada", "hard", "medium") in lt.todo(["andada"], FORTY, False, {}, False)  # a full run plays all
