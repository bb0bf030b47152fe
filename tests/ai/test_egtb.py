"""Endgame databases (mancala.ai.egtb) against the solvers, and their rules checks.

Small databases are built once per session: Kalah (standard, end_rule ROW_EMPTY)
up to 10 seeds, checked against the C solver's exact final margins; Oware Abapa up to
8 seeds, checked against the pure-Python solver over the engine itself (its graph
analysis where play repeats), both the played-out value (no majority end) and the
win/draw/loss of positions with real stores and totals.
"""

from __future__ import annotations

import random
import re
from itertools import product
from pathlib import Path

import pytest

from mancala.ai import egtb
from mancala.ai.solver import NotSolvable, solve
from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.rules.loading import load_variant

pytestmark = pytest.mark.skipif(not egtb.available(), reason="the C module is not built")

KALAH_SEEDS = 10
OWARE_SEEDS = 8
BIG = 1 << 40  # a total no store passes half of: no majority end


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("egtb")
    egtb.build(load_variant("kalah_standard"), KALAH_SEEDS, base / "kalah.egtb")
    egtb.build(load_variant("oware_abapa"), OWARE_SEEDS, base / "oware.egtb")
    return base


@pytest.fixture(autouse=True)
def _forget() -> None:
    egtb.forget()


def random_board(rng: random.Random, holes: int, seeds: int) -> list[int]:
    board = [0] * (2 * holes)
    for _ in range(seeds):
        board[rng.randrange(2 * holes)] += 1
    return board


def test_ranks_are_a_bijection_in_lexicographic_order() -> None:
    _egtb = egtb._egtb
    for holes in (1, 2):
        boards = sorted((b for b in product(range(6), repeat=2 * holes) if sum(b) <= 5),
                        key=lambda b: (sum(b), b))
        assert [_egtb.rank(holes, list(b)) for b in boards] == list(range(len(boards)))
        assert egtb.positions(holes, 5) == len(boards)
    assert egtb.positions(6, 20) == 225_792_840  # C(32, 12): the "about 226 million"


def test_kalah_values_are_the_c_solvers(folder: Path) -> None:
    game = Game(load_variant("kalah_standard"))
    db = egtb.find(game.variant, folder)
    assert db is not None and db.header.seeds == KALAH_SEEDS
    rng = random.Random(11)
    checked = 0
    while checked < 60:
        board = random_board(rng, 6, rng.randint(1, KALAH_SEEDS))
        stores = [rng.randint(0, 5), rng.randint(0, 5)]
        pos = Position(board, stores, rng.randrange(2), total=sum(board) + sum(stores))
        if not game.legal_moves(pos):
            continue
        probe = egtb.probe(game, pos, db)
        if probe is None:
            continue
        sol = solve(game, pos, engine="c")
        assert sol is not None
        assert probe.exact and probe.final == sol.value, (board, stores, pos.turn)
        best = [mv for mv, lo, _hi in egtb.best_moves(game, pos, db) if lo == probe.lo]
        assert tuple(best) == sol.best_moves, (board, stores, pos.turn)
        checked += 1


def solver_bounds(game: Game, pos: Position) -> tuple[int, int]:
    """The Python solver's value, or its two values where endless play decides."""
    try:
        sol = solve(game, pos, engine="python")
    except NotSolvable as exc:
        m = re.search(r"between ([+-]\d+) and ([+-]\d+)", str(exc))
        assert m is not None, str(exc)
        return int(m[1]), int(m[2])
    assert sol is not None
    return sol.value, sol.value


def test_oware_values_are_the_python_solvers(folder: Path) -> None:
    game = Game(load_variant("oware_abapa"))
    db = egtb.find(game.variant, folder)
    assert db is not None
    rng = random.Random(5)
    checked = endless = 0
    while checked < 12:
        board = random_board(rng, 6, rng.randint(2, 5))
        pos = Position(board, [0, 0], rng.randrange(2), total=BIG)
        if not game.legal_moves(pos):
            continue
        probe = egtb.probe(game, pos, db)
        assert probe is not None
        assert (probe.lo, probe.hi) == solver_bounds(game, pos), (board, pos.turn)
        endless += not probe.exact
        checked += 1
    assert endless  # some of them do depend on endless play (the check reads both values)


def test_oware_outcomes_with_real_stores(folder: Path) -> None:
    """With the game's own total the majority end applies: the database's played-out
    margin still gives who wins, as the solver finds it (each player can force the end
    of the played-out game where the value is exact)."""
    game = Game(load_variant("oware_abapa"))
    db = egtb.find(game.variant, folder)
    rng = random.Random(8)
    checked = 0
    while checked < 10:
        board = random_board(rng, 6, rng.randint(2, 5))
        south = rng.randint(19, 48 - sum(board) - 19)
        pos = Position(board, [south, 48 - sum(board) - south], rng.randrange(2), total=48)
        if not game.legal_moves(pos):
            continue
        probe = egtb.probe(game, pos, db)
        assert probe is not None and probe.majority_end and probe.final is None
        if not probe.exact:
            continue
        # the engine's margin itself may still depend on endless play (a player with the
        # majority in sight has other aims than the played-out margin), never who wins
        low, high = solver_bounds(game, pos)
        assert (low > 0) - (low < 0) == probe.outcome == (high > 0) - (high < 0), (
            board, pos.stores, pos.turn)
        checked += 1


def test_a_database_serves_only_its_own_rules(folder: Path) -> None:
    oware = egtb.Database.open(folder / "oware.egtb")
    kalah = egtb.Database.open(folder / "kalah.egtb")
    try:
        assert oware.matches(load_variant("awari"))  # the same rules under another name
        assert not oware.matches(load_variant("kalah_standard"))
        assert not kalah.matches(load_variant("kalah_4"))  # the majority end: other rules
        assert not kalah.matches(load_variant("kalah_standard_empty_capture"))
        game = Game(load_variant("kalah_4"))
        pos = Position([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [0, 0], 0, total=2)
        assert egtb.probe(game, pos, kalah) is None
        assert egtb.find(load_variant("kalah_4"), folder) is None
        found = egtb.find(load_variant("awari"), folder)
        assert found is not None and found.header.fingerprint == oware.header.fingerprint
    finally:
        oware.close()
        kalah.close()


def test_a_rule_added_to_the_core_leaves_the_databases_built_before_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The fingerprint is the rules, not how Python hands them to C: a new layout, or a
    new rule at its "absent" value, keeps it; the new rule in use changes it."""
    from mancala.engine import fast

    kalah = load_variant("kalah_standard")
    before = egtb.fingerprint(kalah)
    real = fast.params

    def params_with(value: int) -> object:
        def params(variant: object) -> dict[str, object]:
            return {**real(variant), "layout": 99, "a_new_rule": value}  # type: ignore[arg-type]
        return params

    monkeypatch.setitem(fast.ADDED_OFF, "a_new_rule", 0)
    for value, same in ((0, True), (1, False)):
        monkeypatch.setattr(fast, "params", params_with(value))
        egtb._prints.clear()
        assert (egtb.fingerprint(kalah) == before) is same, value
    egtb._prints.clear()


def test_rules_the_builder_does_not_cover_are_refused_by_name(tmp_path: Path) -> None:
    from mancala.rules.loading import load_variant as load

    refused = {}
    for name in ("tchuka_ruma", "congkak", "bao_la_kujifunza", "dakon"):
        try:
            variant = load(name)
        except Exception:  # a name not shipped: nothing to check
            continue
        reasons = egtb.why_not_egtb(variant)
        if reasons:
            refused[name] = reasons
            with pytest.raises(ValueError, match="no endgame database"):
                egtb.build(variant, 2, tmp_path / f"{name}.egtb")
            assert not (tmp_path / f"{name}.egtb").exists()
    assert refused  # at least one of them is refused, each with its reasons


def test_a_file_of_another_format_is_not_read(folder: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.egtb"
    bad.write_bytes(b"not a database")
    with pytest.raises(ValueError, match="not an endgame database"):
        egtb.Database.open(bad)
    assert egtb.find(load_variant("oware_abapa"), tmp_path) is None


def test_the_perfect_level_answers_from_a_database(folder: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from mancala.ai import player

    game = Game(load_variant("kalah_standard"))
    pos = Position([0, 3, 0, 2, 0, 1, 2, 0, 1, 0, 0, 1], [10, 8], 0, total=28)
    monkeypatch.setenv("MANCALA_EGTB_DIR", str(folder))
    sol = egtb.solution(game, pos)
    assert sol is not None and sol.engine == "database"
    searched = solve(game, pos, engine="c")
    assert searched is not None
    assert (sol.value, sol.best_moves) == (searched.value, searched.best_moves)

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver searched a position the database holds")

    monkeypatch.setattr(player, "solve", no_search)
    answer = player.choose_move(game, pos, difficulty="perfect", budget_ms=1000)
    assert answer.solved and answer.value == float(sol.value)
    assert answer.move == game.move_json(sol.best_moves[0])
    # no database of these rules in the folder: the solver searches (and here, is stopped)
    game4 = Game(load_variant("kalah_4"))
    assert egtb.solution(game4, Position(pos.board[:], pos.stores[:], 0, total=28)) is None


def test_every_moves_value_is_read_from_a_database(folder: Path) -> None:
    """What the analysis lists beside the best move: each move's final margin for the
    mover, the solver's value of the position after it; none where the rules end by
    majority (the database then gives outcomes, not margins) or the board is too full."""
    game = Game(load_variant("kalah_standard"))
    rng = random.Random(4)
    checked = 0
    while checked < 12:
        board = random_board(rng, 6, rng.randrange(2, KALAH_SEEDS + 1))
        stores = [rng.randrange(0, 10), rng.randrange(0, 10)]
        pos = Position(board, stores, rng.randrange(2), total=sum(board) + sum(stores))
        if not game.legal_moves(pos) or egtb.probe(game, pos, egtb.find(game.variant, folder)) is None:
            continue
        values = egtb.move_values(game, pos, folder)
        assert values is not None
        me = pos.turn
        for move, value in values:
            child = game.play(pos, move)
            if child.outcome is not None:
                expected = child.stores[me] - child.stores[1 - me]
            else:
                solved = solve(game, child, engine="c")
                assert solved is not None
                expected = solved.value if child.turn == me else -solved.value
            assert value == expected, (pos, move)
        assert max(v for _, v in values) == egtb.solution(game, pos, folder).value  # type: ignore[union-attr]
        checked += 1
    full = game.start(0)  # 48 seeds on the board
    assert egtb.move_values(game, full, folder) is None
    oware = Game(load_variant("oware_abapa"))
    assert egtb.move_values(oware, Position([1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1], [20, 24], 0, total=48),
                            folder) is None


def test_the_command_builds_with_a_progress_bar_and_lists(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from mancala_cli import main

    assert main(["egtb", "build", "oware_abapa", "--seeds", "4", "--dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "wrote" in out and "1,820 positions" in out  # C(16, 12): up to 4 seeds on 12 holes
    assert "egtb [" in err and "100%" in err
    assert main(["egtb", "list", "--dir", str(tmp_path)]) == 0
    out, _ = capsys.readouterr()
    assert "Oware (Abapa)" in out and "1,820" in out
    assert main(["egtb", "build", "tchuka_ruma", "--seeds", "4", "--dir", str(tmp_path)]) == 2
    _, err = capsys.readouterr()
    assert "mlaps=LAPPER" in err
    assert len(list(tmp_path.glob("*.egtb"))) == 1
