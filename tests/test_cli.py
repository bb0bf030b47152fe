"""The command line as people meet it: pipes, typos, the clients' level names."""

from __future__ import annotations

import subprocess
import sys

from mancala.ai.arena import parse_spec


def test_a_closed_pipe_is_not_an_error() -> None:
    shell = f"{sys.executable} -m mancala_cli variants | head -1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", shell], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0 and "Traceback" not in done.stderr and "Error" not in done.stderr
    assert len(done.stdout.splitlines()) == 1


def test_a_partial_or_mistyped_name_gets_suggestions() -> None:
    done = subprocess.run([sys.executable, "-m", "mancala_cli", "show", "owar"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 2 and "did you mean" in done.stderr and "oware_abapa" in done.stderr


def test_the_arena_takes_the_clients_level_names() -> None:
    assert parse_spec("easy").difficulty == 0 and parse_spec("hard").difficulty == 2
    assert parse_spec("minimaxer:expert").difficulty == 3 and parse_spec("minimaxer:expert").algorithm == "minimaxer"
    assert parse_spec("perfect").difficulty == "perfect"


def test_show_says_how_a_variant_plays() -> None:
    done = subprocess.run([sys.executable, "-m", "mancala_cli", "show", "oware_abapa"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0
    assert "- Captures: a last seed making a hole 2 or 3 takes it (on the opponent’s side)" in done.stdout
    assert "is played but captures nothing" in done.stdout


def test_show_gives_the_references_advice_on_a_variant_file(tmp_path, capsys) -> None:
    """docs/rules-decisions.md: the reference's warnings are shown by `mancala show`, and
    the variant still plays."""
    import json

    from mancala.rules.loading import config_paths
    from mancala_cli import main

    raw = json.loads(config_paths()["kalah_4"].read_text())
    raw["game_info"]["capsamedir"] = True  # without multicapt: changes nothing
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(raw))
    assert main(["show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "Advice: capsamedir, multicapt: capsamedir without multicapt changes nothing" in shown
    assert main(["show", "kalah_4"]) == 0
    assert "Advice" not in capsys.readouterr().out


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


def test_show_and_solve_name_holes_with_the_clients_letters(capsys) -> None:
    from mancala.render import hole_name, move_name
    from mancala_cli import main
    from mancala_client.moves import label

    for n in (3, 6, 9, 30):  # one notation: the terminal's letters are the record's for every viewer
        assert [hole_name(h, n) for h in range(2 * n)] == [label(h, n) for h in range(2 * n)]
    assert move_name([8, "CW"], 6) == "C cw"
    assert main(["show", "kalah_4"]) == 0
    shown = capsys.readouterr().out
    assert "legal: a b c d e f" in shown
    lines = shown.splitlines()
    assert any(line.split()[:6] == ["F", "E", "D", "C", "B", "A"] for line in lines)
    assert any(line.split()[:6] == list("abcdef") for line in lines)
    assert any(line.startswith("North ") and line.rstrip().endswith("South") for line in lines)


def test_solve_has_a_default_time_limit_and_says_how_long_it_may_take(capsys) -> None:
    from mancala_cli import build_parser, main
    from mancala_cli.solve import duration_text, estimate_seconds

    assert build_parser().parse_args(["solve", "kalah_4"]).time_limit == 60
    assert duration_text(estimate_seconds(48)) == "about 7 min"  # Kalah 6 x 4
    assert main(["solve", "kalah_4", "--holes", "3", "--seeds", "2"]) == 0
    err = capsys.readouterr().err
    assert "estimate: under a second (12 seeds" in err and "time limit 60 s" in err
    assert main(["solve", "kalah_4", "--holes", "3", "--seeds", "2", "--time-limit", "0"]) == 0
    assert "no time limit" in capsys.readouterr().err


def test_solve_takes_an_endgame_database_as_leaves(tmp_path, monkeypatch, capsys) -> None:
    """`mancala solve --egtb [PATH]`: the same value and best moves with fewer nodes; a
    database of other rules, or rules whose end reads the stores, is refused by name."""
    import json

    from mancala.ai import egtb
    from mancala.rules.loading import load_variant
    from mancala_cli import main

    egtb.build(load_variant("kalah_standard"), 8, tmp_path / "k.egtb")
    args = ["solve", "kalah_standard", "--seeds", "1", "--json", "--quiet"]
    assert main(args) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*args, "--egtb", str(tmp_path / "k.egtb")]) == 0
    leaves = json.loads(capsys.readouterr().out)
    assert (leaves["value"], leaves["best_moves"]) == (plain["value"], plain["best_moves"])
    assert leaves["egtb_seeds"] == 8 and plain["egtb_seeds"] is None
    assert leaves["nodes"] < plain["nodes"]

    monkeypatch.setenv("MANCALA_EGTB_DIR", str(tmp_path))  # --egtb alone: found in the folder
    egtb.forget()
    assert main([*args, "--egtb"]) == 0
    assert json.loads(capsys.readouterr().out)["egtb_seeds"] == 8
    egtb.forget()

    assert main(["solve", "kalah_standard_empty_capture", "--seeds", "1", "--quiet",
                 "--egtb", str(tmp_path / "k.egtb")]) == 2
    assert "the database's rules are not the variant's" in capsys.readouterr().err
    assert main(["solve", "kalah_4", "--holes", "6", "--seeds", "1", "--quiet", "--egtb"]) == 2
    err = capsys.readouterr().err
    assert "no database leaves" in err and "kalah_4" in err


def test_arena_help_lists_the_algorithms_and_the_level_names() -> None:
    """`mancala arena --help` names every algorithm a player spec takes and every level,
    and each name it lists is one the arena reads."""
    from mancala.ai.player import LEVEL_NAMES
    from mancala.rules.enums import Algorithm

    done = subprocess.run([sys.executable, "-m", "mancala_cli", "arena", "--help"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    shown = " ".join(done.stdout.split())  # argparse wraps the help at the terminal's width
    algorithms = [a.value for a in Algorithm]
    assert {"minimaxer", "negamaxer", "montecarlo_ts"} <= set(algorithms)
    assert f"ALGORITHM: {', '.join(algorithms)}, solver, or ai" in shown, shown
    assert f"({', '.join(LEVEL_NAMES)}, perfect:" in shown, shown
    assert LEVEL_NAMES == ("easy", "medium", "hard", "expert")
    for algorithm in [*algorithms, "solver"]:
        assert parse_spec(algorithm).algorithm == algorithm
    for difficulty, level in enumerate(LEVEL_NAMES):
        assert parse_spec(level).difficulty == difficulty


def test_python_m_mancala_answers_the_contracts_commands_and_only_those() -> None:
    """The core runs `replay` and `ai` itself (the contracts); the rest is the command
    line's, which the core does not import."""
    game = '{"config": "kalah_4", "moves": [2]}\n'
    replayed = subprocess.run([sys.executable, "-m", "mancala", "replay"], input=game, capture_output=True,
                              text=True, timeout=60)
    assert replayed.returncode == 0 and replayed.stdout.count("\n") == 3
    answered = subprocess.run([sys.executable, "-m", "mancala", "ai"], capture_output=True, text=True,
                              input='{"config": "kalah_4", "moves": [], "budget_ms": 50}\n', timeout=60)
    assert answered.returncode == 0 and '"move"' in answered.stdout
    other = subprocess.run([sys.executable, "-m", "mancala", "show", "kalah_4"], capture_output=True,
                           text=True, timeout=60)
    assert other.returncode == 64 and "python -m mancala_cli" in other.stderr
