"""The C look-ahead (mancala.ai.think, `Solver.think`) against its specification: a plain
depth-limited negamax over the Python engine with the stores evaluation of
mancala.ai.scoring, move by move, on random positions of the variants it takes."""

from __future__ import annotations

import json
import random
import time

import pytest

from mancala.ai.player import choose_move
from mancala.ai.scoring import WIN, Evaluator, linear_weights, make_evaluator
from mancala.ai.solver.binding import c_solver, think_solver
from mancala.ai.think import think
from mancala.engine.fast import core_move
from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.rules.loading import configs_dir, load_variant, parse_variant

# stores only; seeds, empties and a repeat turn's bonus too (kalah, kalah_6, crosscapt);
# both capture rules, three and four pits, Jackman's sowing, Oware's and Awari's captures
# and feeding, laps (bohnenspiel, dakon); directions the mover names (cross_kalah,
# mbangbi) or SPLIT's halves (mangala_iii)
TAKEN = ["kalah_standard", "kalah_standard_empty_capture", "kalah_4_pits_3", "windows_kalah",
         "multilap_jackman_c", "kalah", "kalah_6", "crosscapt", "simplecapt_lastcapt", "every_weight",
         "oware_abapa", "awari", "bohnenspiel", "dakon", "micro_wari", "cross_kalah", "mbangbi",
         "mangala_iii"]


# every weight at once, evens too (no shipped Kalah weighs even holes)
EVERY_WEIGHT = {"stores_m": 3, "seeds_m": 1, "empties_m": -2, "evens_m": 2, "repeat_turn": 7}


def game_of(name: str) -> Game:
    if name == "every_weight":
        raw = json.loads((configs_dir() / "kalah_standard.json").read_text())
        raw["player"]["scorer"] = {**raw["player"].get("scorer", {}), **EVERY_WEIGHT}
        return Game(parse_variant(raw))
    return Game(load_variant(configs_dir() / f"{name}.json"))


def negamax(game: Game, pos: Position, depth: int, evaluate: Evaluator) -> float:
    """The value from the mover's view, every move searched (no table, no cut-off)."""
    if pos.outcome is not None or depth == 0:
        return evaluate(pos, pos.turn)
    best = -float("inf")
    for move in game.legal_moves(pos):
        child = game.play(pos, move)
        v = negamax(game, child, depth - 1, evaluate)
        best = max(best, v if child.turn == pos.turn else -v)
    return best


def random_position(game: Game, rng: random.Random) -> Position:
    pos = game.start(rng.randrange(2))
    for _ in range(rng.randrange(0, 30)):
        if pos.outcome is not None:
            break
        pos = game.play(pos, rng.choice(game.legal_moves(pos)))
    return pos


def agree(name: str, positions: int, depths: tuple[int, ...]) -> None:
    """Every root move's think value against the plain negamax, on random positions."""
    game = game_of(name)
    evaluate = make_evaluator(game, difficulty=3, rng=random.Random(0))
    solver = think_solver(game)
    weights = linear_weights(game, 3)
    assert weights is not None
    rng = random.Random(name)
    checked = 0
    while checked < positions:
        pos = random_position(game, rng)
        if pos.outcome is not None:
            continue
        solver.set_game(pos.total, pos.starter)
        moves = game.legal_moves(pos)
        for depth in depths:
            values, _, _ = solver.think(pos.board, pos.stores, pos.turn, pos.rturn_cnt > 0,
                                        [core_move(m) for m in moves], depth, weights=weights)
            wanted = []
            for move in moves:
                child = game.play(pos, move)
                v = negamax(game, child, depth - 1, evaluate)
                wanted.append(v if child.turn == pos.turn else -v)
            best = max(wanted)
            # exact for the moves as good as the best; the others are below it
            assert [g for g, w in zip(values, wanted, strict=True) if w == best] == \
                [w for w in wanted if w == best], (name, depth, pos.board, pos.stores)
            assert all(g < best for g, w in zip(values, wanted, strict=True) if w < best)
        checked += 1


@pytest.mark.parametrize("name", TAKEN)
def test_each_move_is_worth_what_the_python_search_says_at_each_depth(name: str) -> None:
    agree(name, 12, (1, 2, 3, 4))


def test_every_shipped_variant_it_takes_agrees_one_and_two_plies_deep() -> None:
    taken = [p.stem for p in sorted(configs_dir().glob("*.json"))
             if think(g := game_of(p.stem), g.start(0), difficulty=3, max_depth=1, deadline=None,
                      rng=None) is not None]
    assert len(taken) >= 90 and {"kalah_4", "oware_abapa", "awari"} <= set(taken)
    for name in taken:
        agree(name, 3, (1, 2))


def test_it_plays_only_where_the_score_is_a_weighted_sum_of_differences() -> None:
    blurred = game_of("kalah_4")  # its easy player's score has noise in it (easy_rand)
    assert think(blurred, blurred.start(0), difficulty=0, max_depth=1, deadline=None, rng=None) is None
    assert think(blurred, blurred.start(0), difficulty=1, max_depth=1, deadline=None, rng=None) is not None
    bao = game_of("bao")  # not the engine's C core's
    assert think(bao, bao.start(0), difficulty=3, max_depth=3, deadline=None, rng=None) is None
    toguz = game_of("toguz_kumalak")  # children (tuzdiks) in its score
    assert think(toguz, toguz.start(0), difficulty=3, max_depth=3, deadline=None, rng=None) is None
    plain = game_of("kalah_standard")
    result = think(plain, plain.start(0), difficulty=3, max_depth=3, deadline=None, rng=None)
    assert result is not None and result.depth == 3 and result.move in plain.legal_moves(plain.start(0))


def test_a_spent_budget_answers_after_one_ply_and_a_budget_goes_deeper() -> None:
    game = game_of("kalah_standard")
    pos = game.start(0)
    spent = think(game, pos, difficulty=3, max_depth=64, deadline=time.perf_counter() - 1, rng=None)
    assert spent is not None and spent.depth == 1 and spent.move in game.legal_moves(pos)
    deep = think(game, pos, difficulty=3, max_depth=64, deadline=time.perf_counter() + 0.05, rng=None)
    assert deep is not None and deep.depth >= 6


def test_a_game_seen_to_its_end_is_exact_and_scored_by_its_final_margin() -> None:
    game = game_of("kalah_standard")
    evaluate = make_evaluator(game, difficulty=3, rng=random.Random(0))
    rng = random.Random(5)
    pos = game.start(0)
    while pos.outcome is None and (sum(pos.board) > 6 or len(game.legal_moves(pos)) < 2):
        pos = game.play(pos, rng.choice(game.legal_moves(pos)))
        if pos.outcome is not None:
            pos = game.start(0)
    answer = choose_move(game, pos, difficulty=3, budget_ms=2_000, seed=1)
    whole = negamax(game, pos, 40, evaluate)  # every line to its end: a terminal score
    margin = (abs(whole) - WIN) * (1 if whole > 0 else -1) if abs(whole) >= WIN else whole
    assert answer.exact and answer.value == margin and answer.depth < 40


def test_moves_that_are_not_legal_are_refused_by_name() -> None:
    game = game_of("kalah_standard")
    pos = game.start(0)
    solver = think_solver(game)
    solver.set_game(pos.total, pos.starter)
    with pytest.raises(ValueError, match="think: move 9 is not legal here"):
        solver.think(pos.board, pos.stores, pos.turn, False, [0, 9], 2)
    with pytest.raises(ValueError, match="think: depth must be at least 1"):
        solver.think(pos.board, pos.stores, pos.turn, False, [0], 0)


def test_a_look_ahead_made_for_any_rules_never_solves() -> None:
    oware = game_of("oware_abapa")  # positions can come back: no exact search
    solver = think_solver(oware)
    pos = oware.start(0)
    solver.set_game(pos.total, pos.starter)
    with pytest.raises(ValueError, match="this Solver was made for think only"):
        solver.solve(pos.board, pos.stores, pos.turn, False)
    with pytest.raises(ValueError, match="plays only one-lap sowing through the own store"):
        c_solver(oware, 10)
