"""`mancala bench` runs end to end (a smoke test: tiny times, no numbers checked)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_bench_script_prints_json_rows() -> None:
    proc = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "engine.py"), "--seconds", "0.05",
         "--replay-games", "3", "--json"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    labels = [row["variant"] for row in report["rows"]]
    assert labels == ["kalah_4", "oware_abapa", "multilap_jackman", "replay kalah_4", "replay oware_abapa",
                      "replay multilap_jackman", "mancala replay (all variants, JSON in and out)"]
    for row in report["rows"]:
        assert row["games"] > 0 and row["moves"] > 0 and row["moves_per_s"] > 0
    assert "bench:" in proc.stderr  # progress goes to stderr


def test_bench_table_for_a_named_variant() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mancala", "bench", "--seconds", "0.05", "--replay-games", "0",
         "--variant", "kalah_4"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    header, rule, row = proc.stdout.splitlines()[1:4]
    assert header.split()[:3] == ["variant", "games", "moves"]
    assert row.startswith("kalah_4")
