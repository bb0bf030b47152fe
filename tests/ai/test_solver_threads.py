"""The C solver on several threads (`solve(..., threads=N)`, `mancala solve --threads`)
against itself on one.

The threads search each null-window test together, sharing the table without locks (a
torn slot must read as a miss), and the first to finish answers. Whatever the
interleaving, the value and the set of best moves must be the one-thread search's: from
Kalah's start positions, from random positions of random Kalah-family variants (repeat
turns, other captures and ends, where the table keeps absolute bounds), with a deadline,
and with more threads than this machine has cores (the races then come often).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from benchmarks import solver_published
from mancala.ai.published import EMPTY_CAPTURE, STANDARD, kalah_variant
from mancala.ai.solver import Progress, Solution, solve
from mancala.ai.solver.binding import c_solver
from mancala.engine import Game, Position
from mancala.rules.loading import parse_variant, sized_variant
from mancala_cli import main as cli_main
from tests.ai.test_solver import kalah_family_games, playable, random_position

TT_BITS = 18


def fresh(game: Game, pos: Position, threads: int, tt_bits: int = TT_BITS) -> Solution:
    """A solve from an empty table (the game's solver keeps its bounds between solves,
    which would answer the second solve almost at once)."""
    c_solver(game, tt_bits).clear()
    sol = solve(game, pos, engine="c", tt_bits=tt_bits, threads=threads)
    assert sol is not None
    return sol


@pytest.mark.parametrize("rule", [EMPTY_CAPTURE, STANDARD])
@pytest.mark.parametrize("holes,seeds", [(4, 4), (5, 3)])
def test_start_values_agree_on_several_threads(rule: str, holes: int, seeds: int) -> None:
    game = Game(parse_variant(kalah_variant(rule, holes, seeds)))
    one = fresh(game, game.start(0), 1)
    many = fresh(game, game.start(0), 4)
    assert (many.value, many.best_moves) == (one.value, one.best_moves)
    sv = c_solver(game, TT_BITS)
    assert sv.helper_nodes > 0  # the helpers searched: this was not one thread alone
    assert sv.tt_entries == sv.tt_max_entries  # grown before the helpers started


def test_random_family_positions_agree_on_several_threads() -> None:
    rng = random.Random(23)
    checked = 0
    for game in kalah_family_games(30, seed=9):
        for _ in range(3):
            pos = random_position(game, rng, rng.randrange(0, 6))
            if not playable(game, pos):
                continue
            one = fresh(game, pos, 1, tt_bits=12)
            many = fresh(game, pos, 3, tt_bits=12)
            assert (many.value, many.best_moves) == (one.value, one.best_moves), game.variant
            checked += 1
    assert checked >= 60


def test_midgame_positions_agree_on_many_threads() -> None:
    """5 x 3 and 4 x 4 Kalah from every stage, eight threads on this machine's few cores."""
    rng = random.Random(5)
    helpers = 0
    for holes, seeds in ((5, 3), (4, 4)):
        game = Game(sized_variant("kalah_4", holes, seeds))
        for _ in range(8):
            pos = random_position(game, rng, rng.randrange(0, 16))
            if not playable(game, pos):
                continue
            one = fresh(game, pos, 1)
            many = fresh(game, pos, 8)
            assert (many.value, many.best_moves) == (one.value, one.best_moves)
            helpers += c_solver(game, TT_BITS).helper_nodes
    assert helpers > 0


def test_a_threaded_solve_keeps_its_deadline_and_reports_progress() -> None:
    game = Game(sized_variant("kalah_4", 6, 6))
    reports: list[Progress] = []
    assert solve(game, game.start(0), time_limit=0.3, engine="c", tt_bits=TT_BITS,
                 progress=reports.append, every=0.0, threads=2) is None
    assert reports and reports[-1].nodes > 0
    sv = c_solver(game, TT_BITS)
    assert not sv.busy and sv.helper_nodes > 0
    # the same solver (and table) then solves a small position on one thread
    small = Game(sized_variant("kalah_4", 3, 2))
    assert solve(small, small.start(0), engine="c", threads=2) is not None


@pytest.mark.parametrize("threads", [0, 65])
def test_a_number_of_threads_out_of_range_is_refused(threads: int) -> None:
    game = Game(sized_variant("kalah_4", 3, 2))
    with pytest.raises(ValueError, match="threads must be 1 to 64"):
        solve(game, game.start(0), engine="c", threads=threads)


def test_the_solve_command_takes_threads(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["solve", "kalah_4", "--holes", "4", "--seeds", "3", "--threads", "2",
                     "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["value"], out["threads"]) == (8, 2)
    assert cli_main(["solve", "kalah_4", "--holes", "4", "--seeds", "3", "--threads", "2", "--quiet"]) == 0
    assert "solved by the C solver on 2 threads in" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        cli_main(["solve", "kalah_4", "--threads", "70"])
    assert exc.value.code == 2
    assert "threads must be 0 (one a core) or 1 to 64" in capsys.readouterr().err


def test_one_thread_is_the_default() -> None:
    game = Game(sized_variant("kalah_4", 4, 3))
    assert solve(game, game.start(0), engine="c", tt_bits=TT_BITS) is not None
    assert c_solver(game, TT_BITS).helper_nodes == 0


def test_the_published_values_benchmark_takes_threads(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    rows_file = tmp_path / "rows.json"
    assert solver_published.main(["--only", "4x3", "--threads", "2", "--json",
                                  str(rows_file)]) == 0
    (row,) = json.loads(rows_file.read_text())
    assert (row["ours"], row["agrees"], row["threads"]) == (8, True, 2)
    assert "on 2 thread(s)" in capsys.readouterr().err
