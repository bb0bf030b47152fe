"""The command line as people meet it: pipes, typos, the clients' level names."""

from __future__ import annotations

import subprocess
import sys

from mancala.ai.arena import parse_spec


def test_a_closed_pipe_is_not_an_error() -> None:
    shell = f"{sys.executable} -m mancala variants | head -1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", shell], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0 and "Traceback" not in done.stderr and "Error" not in done.stderr
    assert len(done.stdout.splitlines()) == 1


def test_a_partial_or_mistyped_name_gets_suggestions() -> None:
    done = subprocess.run([sys.executable, "-m", "mancala", "show", "owar"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2 and "did you mean" in done.stderr and "oware_abapa" in done.stderr


def test_the_arena_takes_the_clients_level_names() -> None:
    assert parse_spec("easy").difficulty == 0 and parse_spec("hard").difficulty == 2
    assert parse_spec("minimaxer:expert").difficulty == 3 and parse_spec("minimaxer:expert").algorithm == "minimaxer"
    assert parse_spec("perfect").difficulty == "perfect"


def test_show_says_how_a_variant_plays() -> None:
    done = subprocess.run([sys.executable, "-m", "mancala", "show", "oware_abapa"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0
    assert "- Captures: a last seed making a hole 2 or 3 takes it (on the opponent’s side)" in done.stdout
    assert "is played but captures nothing" in done.stdout


def test_every_recorded_variant_has_a_summary() -> None:
    import gzip
    import json
    from pathlib import Path

    from mancala.rules.loading import parse_variant
    from mancala.rules.summary import summary

    data = Path(__file__).parent / "conformance" / "data"
    seen = set()
    for path in sorted(data.glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            lines = summary(parse_variant(json.load(fh)["config"]))
        assert lines[0].startswith("Two rows of") and len(lines) >= 3
        seen.add(" ".join(lines))
    assert len(seen) > 90  # the words follow the rules: different variants read differently
