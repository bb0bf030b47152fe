"""`mancala bench` runs end to end (a smoke test: tiny times, no numbers checked)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_bench_script_prints_json_rows() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.engine", "--seconds", "0.05",
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
        [sys.executable, "-m", "mancala_cli", "bench", "--seconds", "0.05", "--replay-games", "0",
         "--variant", "kalah_4"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    header, rule, row = proc.stdout.splitlines()[1:4]
    assert header.split()[:3] == ["variant", "games", "moves"]
    assert row.startswith("kalah_4")



def test_load_benchmark_tiny_run_with_and_without_computer_rooms(tmp_path: Path) -> None:
    """benchmarks/load.py against its own server: human rooms alone, then with a computer room."""
    plot = tmp_path / "latency.svg"
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.load", "--rooms", "2", "--spectators", "2",
         "--seconds", "2", "--procs", "2", "--computer-rooms", "0", "1", "--computer-level", "0", "--json",
         "--plot", str(plot)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)
    alone, mixed = results
    assert (alone["computer_rooms"], mixed["computer_rooms"]) == (0, 1)
    assert (alone["connections"], mixed["connections"]) == (8, 9)
    for run in (alone, mixed):
        assert run["errors"] == [] and run["lost"] == 0
        assert run["moves"] > 0 and run["latency_ms"]["n"] > 0
        assert 0 < run["latency_ms"]["p50"] <= run["latency_ms"]["p99"] <= run["latency_ms"]["max"]
        assert run["server_rss_mb"] > 0 and run["server_cpu_pct"] > 0
    assert alone["computer_moves"] == 0 and alone["reply_ms"] == {}
    assert mixed["computer_moves"] > 0 and mixed["reply_ms"]["n"] > 0
    assert "setting up:" in proc.stderr and "playing:" in proc.stderr  # progress on stderr

    # the picture: a bar per run and percentile, each titled with its value
    import xml.etree.ElementTree as ET

    svg = ET.parse(plot).getroot()
    bars = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}title")]
    assert len(bars) == 8 and bars[0] == f"no computer rooms: {alone['latency_ms']['p50']:g} ms"
    assert bars[-1] == f"1 computer room: {mixed['latency_ms']['max']:g} ms"

    # the same results as the printed table: one column per run
    load = importlib.import_module("benchmarks.load")
    lines = load.table([load.Result(**r) for r in results]).splitlines()
    assert lines[0].split() == ["K=0", "K=1"]
    rows = {line[:44].strip(): line[44:].split() for line in lines[1:]}
    assert rows["connections held"] == ["8", "9"]
    assert rows["computer rooms (level)"] == ["0", "1", "(0)"]
    assert rows["errors"] == ["0", "0"]


def test_load_benchmark_raw_spectators_are_read_by_the_reader_thread() -> None:
    """--raw-spectators: bare-socket spectators, read by each generator's epoll thread,
    see every move (the latency counts a move once all of them have it)."""
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.load", "--rooms", "1", "--spectators", "5",
         "--seconds", "2", "--think-ms", "50", "--raw-spectators", "--json"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    (run,) = json.loads(proc.stdout)
    assert run["connections"] == 7 and run["errors"] == [] and run["lost"] == 0
    # every move counted was read by all five spectators (a move some had not read is left out)
    assert run["moves"] > 5 and run["latency_ms"]["n"] >= run["moves"] - 2


def test_send_threads_benchmark_prints_a_row_per_thread_count() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.send_threads", "--sockets", "40", "--rounds", "3",
         "--pause", "0.01"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    rows = [line.split() for line in lines if line.split() and line.split()[0].isdigit() and "ms" in line]
    assert [r[0] for r in rows] == ["1", "2", "3", "4"]
    # 40 sockets x 3 rounds x 4 thread counts x 300 bytes, every byte read
    assert any(line.startswith("reader: ") and "144,000 bytes" in line for line in lines), lines
