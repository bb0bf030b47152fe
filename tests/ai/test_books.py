"""Opening books (mancala.ai.books): every value in a book is the solver's, each move's
value is its child's seen by the mover, books are found by their rules and not by name,
and the perfect player and `mancala book` use them."""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import random
from pathlib import Path

import pytest

from mancala.ai import books, egtb
from mancala.ai.player import PERFECT, choose_move
from mancala.ai.published import EMPTY_CAPTURE, STANDARD, VALUES, kalah_variant
from mancala.ai.solver import solve
from mancala.engine.game import Game
from mancala.rules.loading import load_variant, parse_variant, sized_variant
from mancala_cli import main as cli_main
from mancala_cli.book import main as book_main


@pytest.fixture(autouse=True)
def _fresh() -> None:
    books.forget()


def small(rule: str = "kalah_4", holes: int = 3, seeds: int = 2) -> Game:
    return Game(sized_variant(rule, holes=holes, seeds=seeds))


def test_every_value_in_a_book_is_the_solvers() -> None:
    game = small(holes=3, seeds=3)
    book = books.build(game, depth=3)
    assert book.unsolved == 0 and len(book.values) > 20
    positions = {}
    frontier = [game.start(0), game.start(1)]
    for _ in range(3):
        nxt = []
        for pos in frontier:
            positions[books.position_key(pos)] = pos
            for move in game.legal_moves(pos):
                child = pos.copy()
                game.apply(child, move)
                if child.outcome is None:
                    nxt.append(child)
        frontier = nxt
    rng = random.Random(7)
    for key in rng.sample(sorted(positions), min(25, len(positions))):
        solution = solve(game, positions[key])
        assert solution is not None and book.values[key] == solution.value, key


def test_a_moves_value_is_its_childs_seen_by_the_mover_and_the_best_is_the_positions() -> None:
    game = small(holes=4, seeds=2)
    book = books.build(game, depth=2)
    start = game.start(0)
    values = book.move_values(game, start)
    assert values is not None and len(values) == len(game.legal_moves(start))
    solution = solve(game, start)
    assert solution is not None
    assert max(v for _, v in values) == solution.value == book.value(start)
    assert sorted(m for m, v in values if v == solution.value) == sorted(game.move_json(m)
                                                                         for m in solution.best_moves)
    for move, value in values:
        child = game.play(start, move)
        if child.outcome is None:
            seen = solve(game, child)
            assert seen is not None
            assert value == (seen.value if child.turn == start.turn else -seen.value), move


def test_a_book_is_found_by_its_rules_not_its_name(tmp_path: Path) -> None:
    game = small()
    book = books.build(game, depth=1)
    book.save(books.default_path(game.variant, tmp_path))
    loaded = books.find(game.variant, tmp_path)
    assert loaded is not None and loaded.values == book.values and loaded.depth == 1
    renamed = dataclasses.replace(game.variant, game_info=dataclasses.replace(game.variant.game_info,
                                                                               name="Another name"))
    assert books.find(renamed, tmp_path) is not None, "the same rules under another name share the book"
    other = small("kalah_empty_capture")
    assert books.fingerprint(other.variant) != books.fingerprint(game.variant)
    assert books.find(other.variant, tmp_path) is None, "other rules: no book"
    assert books.find(game.variant, tmp_path / "nowhere") is None


def test_the_perfect_player_plays_from_the_book_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = small(holes=4, seeds=2)
    book = books.build(game, depth=2)
    book.save(books.default_path(game.variant, tmp_path))
    monkeypatch.setenv("MANCALA_BOOK_DIR", str(tmp_path))
    start = game.start(0)
    answer = choose_move(game, start, difficulty=PERFECT, budget_ms=50)
    values = dict(book.move_values(game, start) or [])
    assert answer.solved and answer.exact and answer.nodes == 0, "from the book: no search"
    assert values[answer.move] == max(values.values()) == answer.value


def test_mancala_book_builds_and_lists(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    # --time-limit 0 is no limit (as for mancala solve), not "give up at once"
    args = argparse.Namespace(book_command="build", variant="kalah_4_pits_3", depth=0, time_limit=0.0,
                              dir=str(tmp_path), quiet=True, egtb=None, threads=1)
    assert book_main(args, out, err) == 0, err.getvalue()
    assert "0 unsolved" in out.getvalue()
    listed = io.StringIO()
    assert book_main(argparse.Namespace(book_command="list", dir=str(tmp_path)), listed, err) == 0
    assert "kalah_4_pits_3" in listed.getvalue() and "depth 0" in listed.getvalue()
    bad = io.StringIO()
    assert book_main(argparse.Namespace(book_command="build", variant="nope", depth=1, time_limit=1.0,
                                        dir=str(tmp_path), quiet=True, egtb=None, threads=1), out, bad) == 2
    assert "nope" in bad.getvalue()


def test_a_book_built_on_database_leaves_and_threads_has_the_same_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Published Kalah (ends when a row is empty): an 8-seed database answers the
    frontier's endgames and two threads search each solve; the values are the plain
    build's, and `mancala book build --egtb PATH --threads 2` writes the same book."""
    variant_file = tmp_path / "kalah_4x3.json"
    variant_file.write_text(json.dumps(kalah_variant(STANDARD, 4, 3)))
    game = Game(load_variant(str(variant_file)))
    db_path = egtb.build(game.variant, 8, tmp_path / "k4.egtb")
    db = egtb.Database.open(db_path)
    other = Game(parse_variant(kalah_variant(EMPTY_CAPTURE, 4, 3)))
    try:
        plain = books.build(game, depth=2)
        fast = books.build(game, depth=2, egtb=db, threads=2)
        with pytest.raises(ValueError, match="rules are not the variant's"):  # the solver has it
            books.build(other, depth=0, egtb=db)
    finally:
        db.close()
    assert plain.unsolved == fast.unsolved == 0 and len(plain.values) > 20
    assert fast.values == plain.values
    assert cli_main(["book", "build", str(variant_file), "--depth", "2", "--egtb", str(db_path),
                     "--threads", "2", "--dir", str(tmp_path / "books"), "--quiet"]) == 0
    written = books.Book.load(books.default_path(game.variant, tmp_path / "books"))
    assert written.values == plain.values
    capsys.readouterr()
    assert cli_main(["book", "build", "kalah_4", "--depth", "0", "--egtb", str(db_path),
                     "--dir", str(tmp_path / "books"), "--quiet"]) == 2
    assert "no database leaves" in capsys.readouterr().err  # kalah_4's rules are not the file's


SHIPPED = {"kalah_standard_empty_capture": EMPTY_CAPTURE, "kalah_standard": STANDARD}


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_shipped_kalah_book_holds_the_published_value_and_is_consistent(name: str) -> None:
    """The books kept with the code (Kalah(6,4), built with `mancala book build NAME
    --depth 1 --egtb`: an hour of solving, too long for a test) hold the published value
    of the start for either starter, and every position's value is its best move's, one
    move in as at the start."""
    game = Game(load_variant(name))
    book = books.find(game.variant, books.SHIPPED)
    assert book is not None and book.unsolved == 0 and book.depth == 1
    (published,) = [p for p in VALUES if (p.rule, p.holes, p.seeds) == (SHIPPED[name], 6, 4)]
    for starter in (0, 1):
        start = game.start(starter)
        values = book.move_values(game, start)
        assert values is not None and len(values) == 6
        assert book.value(start) == max(v for _, v in values) == published.margin
        best = [move for move, value in values if value == published.margin]
        # the source's opening where it gives one; Rawlings gives none for the standard rule,
        # where the solver's own answer is the third hole too (benchmarks/solver_published.py)
        opening = published.opening if published.opening is not None else 2
        assert best == [opening + 6 * starter]
        for move, value in values:  # one move in: every reply's value, whoever replies
            child = start.copy()
            game.apply(child, move)
            if child.outcome is not None:
                continue
            replies = book.move_values(game, child)
            assert replies is not None and len(replies) == len(game.legal_moves(child))
            assert book.value(child) == max(v for _, v in replies)
            assert value == (book.value(child) if child.turn == starter else -book.value(child))


def test_the_perfect_player_opens_kalah_6x4_from_the_shipped_book(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MANCALA_BOOK_DIR", str(tmp_path))  # no book of the player's own
    game = Game(load_variant("kalah_standard_empty_capture"))
    answer = choose_move(game, game.start(0), difficulty=PERFECT, budget_ms=50)
    assert (answer.move, answer.value, answer.nodes) == (2, 10, 0) and answer.exact
    # and the reply to any first move (South's hole a: North to move)
    after = game.start(0)
    game.apply(after, 0)
    reply = choose_move(game, after, difficulty=PERFECT, budget_ms=50)
    assert reply.nodes == 0 and reply.exact and reply.player == 1
