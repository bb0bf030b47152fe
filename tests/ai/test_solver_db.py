"""The C solver with endgame database leaves (`solve(..., egtb=db)`) against itself
without one and against the pure-Python solver.

Small databases (at most 12 seeds) of published Kalah (end_rule ROW_EMPTY, both capture
rules) are built once per module; the solver then reads every position with at most
that many seeds on the board from the database instead of searching it. Its values and
best moves must be the plain search's, from start positions and from random positions
of every stage of the game, and the pure-Python search's on the smallest boards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from mancala.ai import egtb
from mancala.ai.published import EMPTY_CAPTURE, STANDARD, kalah_variant
from mancala.ai.solver import c_available, solve
from mancala.ai.solver.binding import why_not_egtb_leaves
from mancala.engine import Game, Position
from mancala.rules.loading import parse_variant, sized_variant

pytestmark = pytest.mark.skipif(not (egtb.available() and c_available()),
                                reason="the C modules are not built")

RULES = (EMPTY_CAPTURE, STANDARD)


def game_of(rule: str, holes: int, seeds: int) -> Game:
    return Game(parse_variant(kalah_variant(rule, holes, seeds)))


@pytest.fixture(scope="module")
def dbs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[tuple[str, int, int], egtb.Database]]:
    """(rule, holes, seeds) -> a database: 4 holes up to 12 seeds, 3 holes up to 8."""
    base = tmp_path_factory.mktemp("solver-db")
    out = {}
    for rule in RULES:
        for holes, seeds in ((4, 12), (3, 8)):
            game = game_of(rule, holes, 3)
            path = egtb.build(game.variant, seeds, base / f"{rule[0]}{holes}-{seeds}.egtb")
            out[rule, holes, seeds] = egtb.Database.open(path)
    yield out
    for db in out.values():
        db.close()


def random_position(game: Game, rng: random.Random, plies: int) -> Position:
    pos = game.start(rng.randrange(2))
    for _ in range(plies):
        legal = game.legal_moves(pos)
        if pos.outcome is not None or not legal:
            break
        game.apply(pos, legal[rng.randrange(len(legal))])
    return pos


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("holes,seeds", [(4, 3), (4, 4), (3, 4)])
def test_start_values_agree_with_and_without_the_database(
        dbs: dict[tuple[str, int, int], egtb.Database], rule: str, holes: int, seeds: int) -> None:
    game = game_of(rule, holes, seeds)
    db = dbs[rule, holes, 12 if holes == 4 else 8]
    plain = solve(game, game.start(0), engine="c")
    leaves = solve(game, game.start(0), engine="c", egtb=db)
    assert plain is not None and leaves is not None
    assert (leaves.value, leaves.best_moves) == (plain.value, plain.best_moves)
    assert plain.db_hits == 0 < leaves.db_hits
    assert leaves.nodes < plain.nodes


@pytest.mark.parametrize("rule", RULES)
def test_random_positions_agree_with_and_without_the_database(
        dbs: dict[tuple[str, int, int], egtb.Database], rule: str) -> None:
    """Positions from the opening to the last moves (some wholly inside the database,
    where the root itself is read from it), either player to move."""
    rng = random.Random(7)
    db = dbs[rule, 4, 12]
    game = game_of(rule, 4, 4)
    checked = 0
    for _ in range(60):
        pos = random_position(game, rng, rng.randrange(0, 30))
        if pos.outcome is not None or not game.legal_moves(pos):
            continue
        plain = solve(game, pos, engine="c")
        leaves = solve(game, pos, engine="c", egtb=db)
        assert plain is not None and leaves is not None
        assert (leaves.value, leaves.best_moves) == (plain.value, plain.best_moves), pos
        checked += 1
    assert checked > 30


@pytest.mark.parametrize("rule", RULES)
def test_the_python_search_agrees_on_small_boards(
        dbs: dict[tuple[str, int, int], egtb.Database], rule: str) -> None:
    rng = random.Random(11)
    db = dbs[rule, 3, 8]
    game = game_of(rule, 3, 3)
    for plies in (0, 1, 2, 3, 5, 8):
        pos = random_position(game, rng, plies)
        if pos.outcome is not None or not game.legal_moves(pos):
            continue
        python = solve(game, pos, engine="python")
        leaves = solve(game, pos, engine="c", egtb=db)
        assert python is not None and leaves is not None
        assert (leaves.value, leaves.best_moves) == (python.value, python.best_moves), pos


def test_a_database_of_other_rules_is_refused(
        dbs: dict[tuple[str, int, int], egtb.Database]) -> None:
    standard = game_of(STANDARD, 4, 3)
    other = dbs[EMPTY_CAPTURE, 4, 12]
    assert why_not_egtb_leaves(standard.variant, other)
    with pytest.raises(ValueError, match="rules are not the variant's"):
        solve(standard, standard.start(0), engine="c", egtb=other)
    fewer_holes = dbs[STANDARD, 3, 8]
    with pytest.raises(ValueError):
        solve(standard, standard.start(0), engine="c", egtb=fewer_holes)


def test_the_majority_end_takes_no_leaves(tmp_path: Path) -> None:
    """Under the reference's end (a store past half ends the game) a position's value
    reads the stores, so a database of the same sowing and captures is no leaf."""
    variant = sized_variant("kalah_4", holes=4, seeds=3)
    game = Game(variant)
    if egtb.why_not_egtb(variant):
        pytest.skip("no database for the reference's Kalah")
    db = egtb.Database.open(egtb.build(variant, 6, tmp_path / "ref.egtb"))
    try:
        assert any("end_rule" in r for r in why_not_egtb_leaves(variant, db))
        with pytest.raises(ValueError, match="end_rule"):
            solve(game, game.start(0), engine="c", egtb=db)
    finally:
        db.close()


def test_the_c_side_refuses_a_short_buffer(dbs: dict[tuple[str, int, int], egtb.Database]) -> None:
    from mancala.ai.solver.binding import new_solver

    game = game_of(EMPTY_CAPTURE, 4, 3)
    sv = new_solver(game, 16)
    db = dbs[EMPTY_CAPTURE, 4, 12]
    with pytest.raises(ValueError, match="bytes"):
        sv.set_egtb(db.raw()[:100], 12)
    sv.set_egtb(db.raw(), 12)
    assert sv.db_seeds == 12
    sv.set_egtb(None, 0)
    assert sv.db_seeds == -1


@pytest.mark.parametrize("rule", RULES)
def test_kalahs_own_moves_are_checked_and_agree(rule: str) -> None:
    """The search plays published Kalah with its own short moves only where they were
    found to be the core's (Solver.kalah: 1 + the capture rule); values and node counts
    are the same with the core's moves."""
    from mancala.ai.solver.binding import new_solver

    game = game_of(rule, 4, 3)
    rng = random.Random(5)
    for _ in range(25):
        pos = random_position(game, rng, rng.randrange(0, 12))
        if pos.outcome is not None or not game.legal_moves(pos):
            continue
        out = []
        for fast in (1, 0):
            sv = new_solver(game, 16)
            assert sv.kalah == (2 if rule == EMPTY_CAPTURE else 1)
            sv.fast_moves = fast
            sv.set_game(pos.total, pos.starter)
            out.append(sv.solve(pos.board, pos.stores, pos.turn, False))
        assert out[0] == out[1], pos


def test_other_rules_keep_the_cores_moves() -> None:
    from mancala.ai.solver.binding import new_solver

    assert new_solver(Game(sized_variant("kalah_4", holes=4, seeds=3)), 16).kalah == 0
