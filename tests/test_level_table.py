"""benchmarks/level_table.py's pure parts: the pairs, the records' keys and their
resumable merge, the variant selection and the Markdown table (no games played)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


lt: ModuleType = importlib.import_module("benchmarks.level_table")
S = lt.Setting(games=10, cap_ms=100, plies=400, seed=15)


def _record(score: float, low: float = 0.3, high: float = 0.9) -> dict[str, Any]:
    return {"score": score, "ci": [low, high], "wins": 0, "draws": 0, "losses": 0}


def test_each_level_plays_the_one_below_bottom_first() -> None:
    assert lt.pairs(False) == [("medium", "easy"), ("hard", "medium"), ("expert", "hard")]
    assert lt.pairs(True)[-1] == ("perfect", "expert")


def test_the_key_holds_every_setting_so_other_runs_do_not_mix() -> None:
    keys = {lt.record_key("kalah_4", "hard", "medium", s) for s in
            (S, lt.Setting(20, 100, 400, 15), lt.Setting(10, 50, 400, 15), lt.Setting(10, 100, 200, 15),
             lt.Setting(10, 100, 400, 16))}
    assert len(keys) == 5
    assert lt.record_key("kalah_4", "hard", "medium", S) != lt.record_key("kalah_5", "hard", "medium", S)


def test_a_merge_adds_or_replaces_one_record_and_leaves_the_input(tmp_path: Path) -> None:
    before = {"a": _record(0.5)}
    after = lt.merge(before, "b", _record(0.9))
    assert set(after) == {"a", "b"} and set(before) == {"a"}
    assert lt.merge(after, "a", _record(0.7))["a"]["score"] == 0.7
    out = tmp_path / "results" / "table.json"
    assert lt.load_results(out) == {}  # a first run starts from nothing
    lt.save_results(out, after)
    assert lt.load_results(out) == after
    assert not out.with_suffix(".tmp").exists()


def test_only_missing_skips_the_pairs_already_recorded() -> None:
    records = {lt.record_key("kalah_4", "medium", "easy", S): _record(0.9)}
    missing = lt.todo(["kalah_4", "awari"], S, False, records, only_missing=True)
    assert ("kalah_4", "medium", "easy") not in missing and len(missing) == 5
    assert len(lt.todo(["kalah_4", "awari"], S, False, records, only_missing=False)) == 6


def test_uppers_plays_only_the_pairs_those_levels_lead() -> None:
    work = lt.todo(["kalah_4", "awari"], S, False, {}, only_missing=False, uppers=["expert"])
    assert work == [("kalah_4", "expert", "hard"), ("awari", "expert", "hard")]


def test_selection_keeps_the_order_asked_and_filters_by_family() -> None:
    shipped = lt.catalogue()
    assert "kalah_4" in shipped
    assert lt.select(["oware_abapa", "kalah_4", "oware_abapa"], [], shipped) == ["oware_abapa", "kalah_4"]
    family = lt.family_of("congkak")
    assert lt.select(["kalah_4", "congkak"], [family[:8].upper()], shipped) == ["congkak"]
    assert all(v in shipped for v in lt.MOST_PLAYED) and len(set(lt.MOST_PLAYED)) == 20


def test_the_table_flags_scores_under_65_percent_and_leaves_unmeasured_rows_out() -> None:
    records = {lt.record_key("kalah_4", "medium", "easy", S): _record(0.9, 0.6, 0.98),
               lt.record_key("kalah_4", "expert", "hard", S): _record(0.6, 0.31, 0.83)}
    text = lt.markdown(records, ["kalah_4", "awari"], S, False)
    row = next(line for line in text.splitlines() if line.startswith("| `kalah_4`"))
    assert row == "| `kalah_4` | 90% (60%-98%) | - | **60% (31%-83%)** ⚠ |"
    assert "awari" not in text and "100 ms" in text
    assert lt.under_bar(records, ["kalah_4"], S, False) == [("kalah_4", "expert", "hard", 0.6)]


def test_table_only_renders_from_the_file(tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    lt.save_results(out, {lt.record_key("awari", "medium", "easy", S): _record(1.0, 0.72, 1.0)})
    proc = subprocess.run([sys.executable, "-m", "benchmarks.level_table", "--table", "--out",
                           str(out), "--variants", "awari"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "| `awari` | 100% (72%-100%) | - | - |" in proc.stdout
    assert json.loads(out.read_text())["records"]  # the file is left as it was


def test_a_variant_opened_otherwise_is_keyed_and_marked_apart() -> None:
    assert lt.opening_of("kalah_4") == 2 and lt.opening_of("congkak") == 0
    assert lt.record_key("congkak", "hard", "medium", S).endswith("|opening=0")
    assert not lt.record_key("kalah_4", "hard", "medium", S).endswith("|opening=2")
    text = lt.markdown({lt.record_key("congkak", "medium", "easy", S): _record(1.0)}, ["congkak"], S, False)
    assert "| `congkak` † |" in text


def test_ratings_chain_the_gaps_from_medium_at_1500() -> None:
    records = {lt.record_key("kalah_4", u, lo, S): _record(sc) | {"games": 10}
               for (u, lo), sc in zip(lt.pairs(False), (0.9, 0.5, 0.75), strict=True)}
    r = lt.ratings(records, "kalah_4", S)
    assert r is not None and r["medium"] == 1500 and r["hard"] == 1500
    assert r["easy"] < 1500 < r["expert"]
    assert lt.ratings(records, "awari", S) is None
    assert "| `kalah_4` |" in lt.ratings_markdown(records, ["kalah_4", "awari"], S)


def test_levels_the_settings_make_one_player_are_marked() -> None:
    # deka_mg's mm_depth is 1, 1, 3, 5 without easy_rand: its easy and medium are one player
    assert lt.same_players("deka_mg") == [("medium", "easy")]
    assert lt.same_players("kalah_4") == []
    text = lt.markdown({lt.record_key("deka_mg", "medium", "easy", S): _record(0.5)}, ["deka_mg"], S, False)
    assert "| `deka_mg` | = **50% (30%-90%)** ⚠ | - | - |" in text


def test_a_recheck_plays_again_only_the_pairs_under_the_bar_cheapest_first() -> None:
    forty = lt.Setting(games=40, cap_ms=100, plies=400, seed=15)
    records = {lt.record_key("kalah_4", "medium", "easy", S): _record(0.9) | {"seconds": 1.0},
               lt.record_key("kalah_4", "expert", "hard", S): _record(0.6) | {"seconds": 50.0},
               lt.record_key("awari", "hard", "medium", S): _record(0.5) | {"seconds": 2.0},
               # one player by deka_mg's settings: merged already, not played again
               lt.record_key("deka_mg", "medium", "easy", S): _record(0.5) | {"seconds": 1.0}}
    variants = ["kalah_4", "awari", "deka_mg"]
    assert lt.rechecks(records, variants, S, forty) == [("awari", "hard", "medium"), ("kalah_4", "expert", "hard")]
    # 50 s over 10 games is 200 s over 40: past a 100 s budget
    assert lt.rechecks(records, variants, S, forty, budget_s=100) == [("awari", "hard", "medium")]
    assert lt.rechecks(records, ["kalah_4"], S, forty) == [("kalah_4", "expert", "hard")]


def test_a_recheck_skips_the_pairs_already_measured_as_they_play_today(tmp_path: Path) -> None:
    """`--recheck 10 --games 40 --only-missing`: a pair under the bar at 10 games whose
    40-game record is current is not played again; a stale record does not count."""
    ten, forty = lt.Setting(10, 100, 400, 15), lt.Setting(40, 100, 400, 15)
    source, out = tmp_path / "ten.json", tmp_path / "forty.json"
    lt.save_results(source, {lt.record_key("kalah_4", "expert", "hard", ten): _record(0.5) | {"seconds": 1.0}})
    digest = lt.plays_digest("kalah_4", "expert", "hard")
    lt.save_results(out, {lt.record_key("kalah_4", "expert", "hard", forty): _record(0.7) | {"plays": digest}})

    def planned() -> str:
        proc = subprocess.run([sys.executable, "-m", "benchmarks.level_table", "--recheck", "10", "--games", "40",
                               "--only-missing", "--variants", "kalah_4", "--from", str(source), "--out", str(out)],
                              capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    assert "0 pairs to play" in planned()  # the 40-game record is today's: nothing to play
    records = lt.load_results(out)
    assert lt.measured(records, "kalah_4", "expert", "hard", forty)
    records[lt.record_key("kalah_4", "expert", "hard", forty)]["plays"] = "0" * 12
    assert not lt.measured(records, "kalah_4", "expert", "hard", forty)
