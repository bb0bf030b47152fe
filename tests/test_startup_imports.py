"""What the quick commands import: each `mancala` command imports only what it needs.

Not a timing test: it checks the import graph in a fresh interpreter, so a module
that drags the AI arena, the benchmark or pydantic back into `mancala replay`'s
start-up fails here instead of slowing every script that runs the command.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

PROBE = r"""
import io, json, sys
sys.stdin = io.StringIO(sys.argv[2])
from mancala_cli import main
main(json.loads(sys.argv[1]))
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""

HEAVY = ("mancala.ai", "mancala_cli.bench", "mancala_cli.solve", "mancala_client", "mancala_server",
         "mancala.protocol.messages")


def modules_after(args: list[str], stdin: str = "", env: dict[str, str] | None = None) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args), stdin], capture_output=True,
                          text=True, check=True, env=env)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.startswith(HEAVY))


def test_replay_without_requests_imports_neither_engine_nor_pydantic() -> None:
    modules = modules_after(["replay"])
    assert heavy(modules) == []
    assert not any(m == "pydantic" or m.startswith(("pydantic.", "mancala.engine")) for m in modules)


def test_replay_of_a_game_imports_no_ai_no_server() -> None:
    modules = modules_after(["replay"], '{"config": "kalah_4", "moves": [2]}')
    assert "mancala.engine.game" in modules
    assert heavy(modules) == []


def test_show_imports_no_ai_no_server() -> None:
    assert heavy(modules_after(["show", "kalah_4"])) == []


def test_variants_with_its_index_warm_imports_no_pydantic(tmp_path: Path) -> None:
    env = {**os.environ, "MANCALA_CACHE_DIR": str(tmp_path)}
    modules_after(["variants"], env=env)  # builds the index
    modules = modules_after(["variants"], env=env)
    assert heavy(modules) == []
    assert "pydantic" not in modules and "mancala.rules.variant" not in modules


def test_the_full_parser_still_has_every_option() -> None:
    from mancala_cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["bench", "--seconds", "1"]).seconds == 1
    assert parser.parse_args(["solve", "kalah_4"]).time_limit == 60


def test_a_variant_validated_before_replays_and_shows_without_pydantic(tmp_path: Path) -> None:
    """The second run takes the variant its first run validated from the cache folder."""
    env = {**os.environ, "MANCALA_CACHE_DIR": str(tmp_path)}
    game = '{"config": "oware_abapa", "moves": [2, 8]}'
    first = modules_after(["replay"], game, env=env)
    assert "pydantic" in first and list((tmp_path / "variants").glob("*.json"))
    again = modules_after(["replay"], game, env=env)
    assert "mancala.engine.game" in again and "pydantic" not in again
    assert "pydantic" not in modules_after(["show", "oware_abapa"], env=env)


def test_a_remembered_variant_is_the_variant_validated(tmp_path: Path, monkeypatch: Any) -> None:
    """Every shipped variant, rebuilt from what the cache keeps, equals the one pydantic
    and the constraint checks accepted; a damaged file is validated again."""
    from mancala.rules import remembered
    from mancala.rules.loading import config_paths, load_variant, read_json

    monkeypatch.setenv("MANCALA_CACHE_DIR", str(tmp_path))
    for path in config_paths().values():
        raw = read_json(path)
        validated = load_variant(raw, remember=True)
        # repr, not ==: a name left a str would equal its enum member, a list its tuple
        assert repr(remembered.recall(raw)) == repr(validated), path.name
    files = list((tmp_path / "variants").glob("*.json"))
    assert len(files) == len(config_paths())
    raw = read_json(config_paths()["kalah_4"])
    for file in files:
        file.write_text('{"game_constants": {"holes": 6}}')  # nbr_start missing
    assert remembered.recall(raw) is None
    assert load_variant(raw, remember=True).nbr_start == 4
