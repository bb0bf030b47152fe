"""The exact solver reproduces the published solved values of Kalah (end_rule ROW_EMPTY).

The values and their sources are in `mancala.ai.published` (read from the sources
themselves, November 2026):

- Irving, Donkers & Uiterwijk, "Solving Kalah", ICGA Journal 23(3), 2000, pp. 139-147
  (https://naml.us/paper/irving2000_kalah.pdf): Table 9, the margins of Kalah(m, n) for
  m = 4..6 holes and n = 1..6 seeds; Table 10, win/draw/loss for every m, n up to 6.
  Their rule is the "empty capture" one (section 2.1).
- Mark Rawlings (2015), in the Wikipedia article "Kalah" (revision
  https://en.wikipedia.org/?oldid=690667612&title=Kalah and the later text copied at
  https://xopt.io/optio/52944): 6 x 6 empty capture +2; standard rule 6 x 4 +8, 6 x 5 +10.

Every value the solver finishes in a few seconds here is a test below; the bigger ones
(4 x 5, 4 x 6, 5 x 4 and up, every standard-rule value) are in benchmarks/solver_published.py
and docs/performance.md. The rules themselves are checked against brute force on tiny
boards, both searches, both capture rules, and the C solver's rules against the engine.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

import pytest

from mancala.ai.published import EMPTY_CAPTURE, STANDARD, VALUES, Published, kalah_variant
from mancala.ai.solver import solve, why_not_c
from mancala.ai.solver.binding import new_solver
from mancala.engine import Game, Position
from mancala.rules.loading import load_variant, parse_variant, sized_variant
from tests.ai.brute import best_moves

# what the C solver finishes in a few seconds on this machine (docs/performance.md)
QUICK = {(2, n) for n in range(1, 7)} | {(3, n) for n in range(1, 7)} | {
    (4, 1), (4, 2), (4, 3), (4, 4), (5, 1), (5, 2), (5, 3), (6, 1), (6, 2), (6, 3)}


def quick_values() -> list[Published]:
    return [p for p in VALUES if (p.holes, p.seeds) in QUICK]


def game_of(rule: str, holes: int, seeds: int) -> Game:
    return Game(parse_variant(kalah_variant(rule, holes, seeds)))


def test_the_table_is_what_the_sources_give() -> None:
    """Guards the transcription: counts and a few values read again from the sources."""
    empty = {(p.holes, p.seeds): p for p in VALUES if p.rule == EMPTY_CAPTURE}
    assert len(empty) == 12 + 17 + 1  # Table 10 rows 2-3, Table 9, Rawlings's 6 x 6
    assert (empty[6, 3].margin, empty[6, 4].margin, empty[6, 5].margin, empty[6, 6].margin) == (2, 10, 12, 2)
    assert (empty[4, 6].outcome, empty[5, 1].outcome, empty[3, 6].outcome) == ("D", "D", "L")
    standard = {(p.holes, p.seeds): p for p in VALUES if p.rule == STANDARD}
    assert (standard[6, 4].margin, standard[6, 5].margin) == (8, 10)
    assert standard[6, 6].at_least


@pytest.mark.parametrize("pub", quick_values(), ids=lambda p: f"{p.holes}x{p.seeds}-{p.rule.replace(' ', '_')}")
def test_the_solver_reproduces_the_published_value(pub: Published) -> None:
    game = game_of(pub.rule, pub.holes, pub.seeds)
    sol = solve(game, game.start(0), engine="c", time_limit=120)
    assert sol is not None, "not solved within 120 s"
    outcome = "W" if sol.value > 0 else "L" if sol.value < 0 else "D"
    assert outcome == pub.outcome, (pub, sol.value)
    if pub.margin is not None:
        assert sol.value == pub.margin, (pub, sol.value)
    if pub.opening is not None:  # the source's perfect game opens with a best move of ours
        assert pub.opening in sol.best_moves, (pub, sol.best_moves)


def test_the_end_rule_is_what_differs_from_the_reference() -> None:
    """6 x 3, empty capture: published +2 (Irving, Table 9); the reference's end (a
    majority ends the game with the board left as it stands) makes it a draw."""
    reference = Game(sized_variant("kalah_empty_capture", 6, 3))
    ref = solve(reference, reference.start(0), engine="c")
    assert ref is not None and ref.value == 0
    published = Game(sized_variant("kalah_standard_empty_capture", 6, 3))
    sol = solve(published, published.start(0), engine="c")
    assert sol is not None and (sol.value, sol.best_moves) == (2, (4,))


def rules_of(stem: str) -> dict[str, Any]:
    variant = load_variant(stem)
    info = {k: v for k, v in asdict(variant.game_info).items()
            if k not in ("name", "about", "rules", "family", "region", "help_file")}
    return {"class": variant.game_class, "holes": variant.holes, "seeds": variant.nbr_start, **info}


def test_the_configs_play_the_published_rules() -> None:
    for stem, rule in (("kalah_standard", STANDARD), ("kalah_standard_empty_capture", EMPTY_CAPTURE)):
        published = parse_variant(kalah_variant(rule, 6, 4))
        info = {k: v for k, v in asdict(published.game_info).items()
                if k not in ("name", "about", "rules", "family", "region", "help_file")}
        assert rules_of(stem) == {"class": published.game_class, "holes": 6, "seeds": 4, **info}
    # the Windows program, as read (rules-decisions.md), is the empty-capture game
    assert rules_of("windows_kalah") == rules_of("kalah_standard_empty_capture")


# ---- the rules under the solver: brute force, and the C solver's rules ----------------------

def random_positions(game: Game, rng: random.Random, count: int) -> list[Position]:
    out = [game.start(0), game.start(1)]
    for _ in range(100 * count):  # a board with no move at all gives up
        if len(out) >= count:
            break
        pos = game.start(rng.randrange(2))
        for _ in range(rng.randrange(1, 10)):
            legal = game.legal_moves(pos)
            if pos.outcome is not None or not legal:
                break
            game.apply(pos, rng.choice(legal))
        if pos.outcome is None and game.legal_moves(pos):
            out.append(pos)
    return out


@pytest.mark.parametrize("engine", ["c", "python"])
@pytest.mark.parametrize("rule", [STANDARD, EMPTY_CAPTURE])
@pytest.mark.parametrize("holes,seeds", [(2, 2), (2, 3), (2, 4), (3, 1), (3, 2)])
def test_row_empty_kalah_agrees_with_brute_force(rule: str, holes: int, seeds: int, engine: str) -> None:
    game = game_of(rule, holes, seeds)
    rng = random.Random(holes * 7 + seeds)
    positions = random_positions(game, rng, 8)
    assert len(positions) == 8
    for pos in positions:
        sol = solve(game, pos, engine=engine)
        assert sol is not None
        assert (sol.value, sol.best_moves) == best_moves(game, pos), (rule, pos)


def test_the_c_solvers_rules_end_rows_as_the_engine_does() -> None:
    """The solver's apply/legal (mancala_core.h) against Game, move by move, on random
    ROW_EMPTY Kalah variants (other rules the C solver takes mixed in)."""
    rng = random.Random(17)
    checked = finished = 0
    for _ in range(40):
        raw = kalah_variant(rng.choice([STANDARD, EMPTY_CAPTURE]), rng.randrange(2, 5), rng.randrange(1, 5))
        raw["game_info"].update(min_move=rng.choice([1, 1, 2]), mustpass=rng.random() < 0.3,
                                capt_rturn=rng.choice(["NO_REPEAT", "ONCE"]),
                                grandslam=rng.choice(["LEGAL", "NOT_LEGAL", "NO_CAPT"]))
        game = Game(parse_variant(raw), c_core=False)  # the specification, not the C core
        assert not why_not_c(game.variant)
        pos = random_positions(game, rng, 3)[-1]
        if not game.legal_moves(pos):  # min_move 2 with a seed a hole: nobody ever moves
            continue
        sv = new_solver(game, 4)
        sv.set_game(pos.total, pos.starter)
        while pos.outcome is None and game.legal_moves(pos):
            legal = game.legal_moves(pos)
            assert sv.legal(pos.board, pos.stores, pos.turn, pos.rturn_cnt > 0) == legal
            move = rng.choice(legal)
            board, stores, turn, _, over = sv.apply(pos.board, pos.stores, pos.turn,
                                                    pos.rturn_cnt > 0, move)
            game.apply(pos, move)
            assert (board, stores, over) == (pos.board, pos.stores, pos.outcome is not None)
            if not over:
                assert turn == pos.turn
            checked += 1
        finished += pos.outcome is not None
    assert checked > 100 and finished > 30, (checked, finished)
