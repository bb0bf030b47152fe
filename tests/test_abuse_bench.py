"""benchmarks/abuse.py replays issue 23's nine attacks end to end (a smoke test of its
--quick run: a real server and a real Caddy, one line a point; the verdicts are the
report's, not this test's); benchmarks/abuse_cluster.py replays the limits per person and
per address against three nodes behind the same Caddy."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CADDY = "/usr/bin/caddy"


def test_abuse_replay_prints_a_verdict_for_each_of_the_nine_points() -> None:
    if not os.access(CADDY, os.X_OK):
        pytest.fail(f"{CADDY} is missing: apt-get install -y caddy (.ci/run installs it)")
    proc = subprocess.run([sys.executable, "-m", "benchmarks.abuse", "--quick"],
                          capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr  # broken points too: it is a report, not a gate
    rows = [re.match(r"\| (\d)\. [^|]+ \| (\w+) \| (.+) \|$", line) for line in proc.stdout.splitlines()]
    found = [(int(m[1]), m[2]) for m in rows if m]
    assert [n for n, _ in found] == list(range(1, 10)), proc.stdout
    # every attack was replayed to its end: a point the script could not replay says "error"
    assert all(verdict in ("held", "broken") for _, verdict in found), proc.stdout
    assert len(re.findall(r"^abuse: \d\. ", proc.stderr, re.M)) == 9  # a progress line a point


def test_the_cluster_replay_holds_one_limit_across_three_nodes() -> None:
    """benchmarks/abuse_cluster.py: three nodes on Redis and PostgreSQL behind deploy/'s
    Caddy; each of its lines held (one address's new players, one player's chat and one
    address's HTTP requests spread over the nodes; tests/cluster/test_scale_limits.py
    names each limit with two nodes)."""
    if not os.access(CADDY, os.X_OK):
        pytest.fail(f"{CADDY} is missing: apt-get install -y caddy (.ci/run installs it)")
    proc = subprocess.run([sys.executable, "-m", "benchmarks.abuse_cluster", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    lines = json.loads(proc.stdout)
    assert [line["verdict"] for line in lines] == ["held"] * 3, lines
