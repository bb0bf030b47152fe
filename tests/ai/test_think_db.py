"""The C look-ahead with endgame database leaves (`think(..., leaves=True)`): a position
whose board holds no more seeds than the database is scored as a finished game with the
database's exact final margin, checked against the exact solver; the expert level reads
the variant's database, the levels below do not.

A database of Kalah with four holes a side (up to 12 seeds, either capture rule) is
built once per module into a folder that MANCALA_EGTB_DIR then names, as an operator's
`mancala egtb build` would.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from mancala.ai import egtb
from mancala.ai.player import choose_move
from mancala.ai.published import EMPTY_CAPTURE, STANDARD, kalah_variant
from mancala.ai.scoring import WIN
from mancala.ai.solver import c_available, solve
from mancala.ai.solver.binding import think_solver
from mancala.ai.think import think
from mancala.engine import Game, Position
from mancala.rules.loading import parse_variant

pytestmark = pytest.mark.skipif(not (egtb.available() and c_available()),
                                reason="the C modules are not built")

DB_SEEDS = 12


def game_of(rule: str) -> Game:
    return Game(parse_variant(kalah_variant(rule, 4, 3)))  # 24 seeds


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("think-db")
    for rule in (EMPTY_CAPTURE, STANDARD):
        egtb.build(game_of(rule).variant, DB_SEEDS, base / f"{rule}-4-{DB_SEEDS}.egtb")
    return base


@pytest.fixture
def databases(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MANCALA_EGTB_DIR", str(folder))
    egtb.forget()
    yield folder
    egtb.forget()


def on_board(pos: Position) -> int:
    return sum(pos.board)


def positions(game: Game, lo: int, hi: int, count: int, seed: int) -> list[Position]:
    """Random positions of games in play with lo..hi seeds on the board."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        pos = game.start(rng.randrange(2))
        while pos.outcome is None and on_board(pos) > hi:
            pos = game.play(pos, rng.choice(game.legal_moves(pos)))
        if pos.outcome is None and lo <= on_board(pos) <= hi:
            out.append(pos)
    return out


def exact(game: Game, pos: Position) -> int:
    solution = solve(game, pos, engine="c")
    assert solution is not None
    return solution.value


def final_score(margin: int) -> int:
    """How the look-ahead scores a finished game (scoring.WIN beyond the margin)."""
    return WIN + margin if margin > 0 else margin - WIN if margin < 0 else 0


@pytest.mark.parametrize("rule", [EMPTY_CAPTURE, STANDARD])
def test_each_move_into_the_database_is_scored_by_its_exact_margin(databases: Path, rule: str) -> None:
    """One ply: every root move whose child the database holds gets the child's exact
    value as a finished game's score; a look-ahead without the database gives a store
    difference there (so the test sees the database, not the depth)."""
    game = game_of(rule)
    leaves = think_solver(game, leaves=True)
    plain = think_solver(game)
    assert leaves is not None and plain is not None and leaves is not plain
    checked = differs = 0
    for pos in positions(game, DB_SEEDS + 1, DB_SEEDS + 1, 30, seed=3):
        moves = list(game.legal_moves(pos))
        for sv in (leaves, plain):
            sv.set_game(pos.total, pos.starter)
        args = (pos.board, pos.stores, pos.turn, pos.rturn_cnt > 0, moves, 1)
        with_db = leaves.think(*args, weights=(1, 0, 0, 0, 0))[0]
        without = plain.think(*args, weights=(1, 0, 0, 0, 0))[0]
        for move, got, shallow in zip(moves, with_db, without, strict=True):
            child = game.play(pos, move)
            if child.outcome is not None or on_board(child) > DB_SEEDS:
                assert got == shallow
                continue
            margin = exact(game, child)
            assert got == final_score(margin if child.turn == pos.turn else -margin)
            checked += 1
            differs += got != shallow
    assert checked >= 12 and differs >= checked // 2


@pytest.mark.parametrize("rule", [EMPTY_CAPTURE, STANDARD])
def test_a_position_inside_the_database_is_exact_at_one_ply(databases: Path, rule: str) -> None:
    game = game_of(rule)
    for pos in positions(game, 4, DB_SEEDS, 10, seed=5):
        result = think(game, pos, difficulty=3, max_depth=1, deadline=None, rng=None, leaves=True)
        assert result is not None and result.exact
        assert result.value == final_score(exact(game, pos))


@pytest.mark.parametrize("rule", [EMPTY_CAPTURE, STANDARD])
def test_the_database_makes_the_whole_search_exact_sooner(databases: Path, rule: str) -> None:
    """Searched until nothing is cut at the depth limit, with and without the database:
    the same exact value (the solver's), the database's search in fewer nodes."""
    game = game_of(rule)
    fewer = 0
    for pos in positions(game, DB_SEEDS + 1, DB_SEEDS + 4, 6, seed=11):
        with_db = think(game, pos, difficulty=3, max_depth=64, deadline=None, rng=None, leaves=True)
        without = think(game, pos, difficulty=3, max_depth=64, deadline=None, rng=None)
        assert with_db is not None and without is not None and with_db.exact and without.exact
        assert with_db.value == without.value == final_score(exact(game, pos))
        fewer += with_db.nodes < without.nodes
    assert fewer == 6


def test_the_expert_reads_the_database_and_the_levels_below_do_not(databases: Path) -> None:
    game = game_of(STANDARD)
    pos = positions(game, DB_SEEDS + 1, DB_SEEDS + 2, 1, seed=2)[0]
    expert = choose_move(game, pos, difficulty=3)
    assert expert.exact and expert.value == exact(game, pos)
    assert expert.depth <= 3  # two plies reach every leaf of a board two seeds over
    hard = choose_move(game, pos, difficulty=2)
    assert hard.nodes > expert.nodes or not hard.exact


def test_without_a_database_the_leaves_are_the_plain_look_ahead(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MANCALA_EGTB_DIR", str(tmp_path))  # an empty folder
    egtb.forget()
    game = game_of(STANDARD)
    assert think_solver(game, leaves=True) is think_solver(game)
