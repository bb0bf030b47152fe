"""Computer players: legal and reproducible moves, agreement with brute force, forced wins."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mancala.ai.player import choose_move
from mancala.ai.scoring import make_evaluator
from mancala.ai.search import Searcher
from mancala.engine import Game, Position
from mancala.rules.loading import load_variant, parse_variant

ROOT = Path(__file__).resolve().parents[2]


def brute_force(game: Game, pos: Position, depth: int, root: int, evaluate) -> float:  # noqa: ANN001
    """Plain minimax without pruning or tables: the reference the searchers must match."""
    if pos.outcome is not None or depth == 0:
        return evaluate(pos, root)
    values = []
    for move in game.legal_moves(pos):
        child = pos.copy()
        game.apply(child, move)
        values.append(brute_force(game, child, depth - 1, root, evaluate))
    return max(values) if pos.turn == root else min(values)


def random_position(game: Game, rng: random.Random, plies: int) -> Position:
    pos = game.start(rng.randrange(2))
    for _ in range(plies):
        if pos.outcome is not None:
            break
        legal = game.legal_moves(pos)
        game.apply(pos, legal[rng.randrange(len(legal))])
    return pos


@pytest.mark.parametrize("name", ["kalah_4_pits", "micro_wari", "multilap_jackman", "bohnenspiel"])
def test_minimax_and_negamax_agree_with_brute_force(name: str) -> None:
    game = Game(load_variant(name))
    evaluate = make_evaluator(game, difficulty=1, rng=random.Random(0))
    rng = random.Random(7)
    checked = 0
    while checked < 12:
        pos = random_position(game, rng, rng.randrange(0, 25))
        if pos.outcome is not None:
            continue
        depth = rng.randrange(1, 5)
        best = -float("inf")
        for move in game.legal_moves(pos):
            child = pos.copy()
            game.apply(child, move)
            best = max(best, brute_force(game, child, depth - 1, pos.turn, evaluate))
        for negamax in (False, True):
            result = Searcher(game, evaluate, negamax=negamax).search(pos, depth)
            assert result.value == best, (name, negamax, depth, pos)
        checked += 1


def test_finds_a_forced_win_through_repeat_turns() -> None:
    # Kalah, 3 holes a side, South to move with [3, 2, 1] (stores 4-6, 22 seeds): every
    # first move ends in South's store, and chained repeat turns bank more than half the
    # seeds. The game ends the moment a store holds more than half (the board left as it
    # stands), and the margin is then the stores'. By perfect play (plain minimax to the
    # end) hole 0 loses by 6, hole 1 wins by 4 and hole 2 wins by 6. The search must find
    # hole 2, prove the margin, and following it move by move must win the game.
    game = Game(parse_variant({"game_constants": {"holes": 3, "nbr_start": 2}, "game_info": {
        "stores": True, "sow_own_store": True, "crosscapt": True, "xcpickown": "PICK_ON_CAPT",
        "capt_side": "OPP_SIDE"}}))
    pos = game.start(0, board=[3, 2, 1, 2, 2, 2], stores=[4, 6])
    for algorithm in ("minimaxer", "negamaxer"):
        answer = choose_move(game, pos, difficulty=3, algorithm=algorithm)
        assert answer.move == 2
        assert answer.value == 6 and answer.exact
        # and following the search move by move wins the game
        line = pos
        while line.outcome is None:
            mv = choose_move(game, line, difficulty=3, algorithm=algorithm).move
            line = game.play(line, mv)
        assert line.outcome.winner == 0


@pytest.mark.parametrize("algorithm", ["minimaxer", "negamaxer", "montecarlo_ts"])
def test_moves_are_legal_and_reproducible_with_a_seed(algorithm: str) -> None:
    for name in ("kalah_4", "oware_abapa", "cross_kalah", "multilap_jackman", "awale_grand_slam_not_allowed"):
        game = Game(load_variant(name))
        rng = random.Random(3)
        for _ in range(4):
            pos = random_position(game, rng, rng.randrange(0, 30))
            if pos.outcome is not None:
                continue
            # MCTS's top levels in variants the C core does not play (cross_kalah) take half
            # a minute in Python; levels 0-1 exercise the same code
            level = rng.randrange(2 if algorithm == "montecarlo_ts" else 4)
            first = choose_move(game, pos, difficulty=level, algorithm=algorithm, seed=11)
            legal = [game.move_json(m) for m in game.legal_moves(pos)]
            assert first.move in legal
            again = choose_move(game, pos, difficulty=level, algorithm=algorithm, seed=11)
            assert again.move == first.move and again.value == first.value


def test_mancala_ai_cli_follows_the_contract() -> None:
    requests = [
        {"config": "kalah_4", "moves": [2], "difficulty": 2},
        {"config": "kalah_4", "moves": [], "budget_ms": 200, "algorithm": "negamaxer"},
        {"config": "kalah_4", "position": {"board": [0] * 6 + [1] * 6, "stores": [20, 22]}, "starter": 0,
         "moves": []},
        {"config": "kalah_4", "moves": [99]},
        {"config": "kalah_4", "moves": [], "algorithm": "deep_blue"},
    ]
    proc = subprocess.run([sys.executable, "-m", "mancala", "ai"], input="\n".join(map(json.dumps, requests)),
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 5
    assert answers[0]["player"] == 0 and answers[0]["move"] in [0, 1, 3, 4, 5]
    assert answers[0]["depth"] == 5 and answers[0]["nodes"] > 0
    assert answers[1]["ms"] <= 1000 and answers[1]["move"] in range(6)
    assert answers[2]["move"] is None and answers[2]["error"]["code"] == "game_over"
    assert answers[3]["error"]["code"] == "illegal_move"
    assert answers[4]["error"]["code"] == "bad_request"
    assert proc.returncode == 2


def small_kalah_config() -> dict:
    raw = json.loads((ROOT / "configs" / "kalah_4.json").read_text())
    raw["game_constants"] = {"holes": 4, "nbr_start": 3}
    return raw


def test_mancala_ai_solver_answers_the_exact_value_or_says_why_not() -> None:
    """algorithm "solver" (or difficulty "perfect"): on Kalah 4 x 3 the solver's value and
    one of its best moves; where it cannot solve, the fallback search's move and why."""
    from mancala.ai.solver import solve

    config = small_kalah_config()
    game = Game(parse_variant(config))
    midgame = [0, 6, 2]
    pos = game.start(0)
    for m in midgame:
        pos = game.play(pos, m)
    expected = solve(game, pos)
    assert expected is not None
    requests = [
        {"config": config, "moves": [], "algorithm": "solver"},
        {"config": config, "moves": midgame, "difficulty": "perfect", "budget_ms": 5000},
        {"config": "kalah_4", "moves": [], "algorithm": "solver", "budget_ms": 200},  # too big to solve
        {"config": "deka", "moves": [], "algorithm": "solver", "budget_ms": 100},  # not won by seeds
        {"config": config, "moves": [], "difficulty": "best"},
    ]
    proc = subprocess.run([sys.executable, "-m", "mancala", "ai"], input="\n".join(map(json.dumps, requests)),
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 5
    start = answers[0]
    assert (start["move"], start["value"], start["player"]) == (1, 8, 0)  # the only best first move (the game ends when a store passes half)
    assert start["exact"] is True and start["solved"] is True and start["algorithm"] == "solver"
    mid = answers[1]
    assert mid["player"] == pos.turn and mid["value"] == expected.value and mid["exact"] is True
    assert mid["move"] in expected.best_moves
    big = answers[2]
    assert big["solved"] is False and big["fallback"] == "minimaxer" and "not solved within" in big["reason"]
    assert big["move"] in range(6) and big["ms"] < 2000
    assert answers[3]["solved"] is False and "goal=DEPRIVE" in answers[3]["reason"]
    assert answers[4]["error"]["code"] == "bad_request" and "perfect" in answers[4]["error"]["message"]
    assert proc.returncode == 2


def test_the_perfect_player_keeps_the_value_in_every_position_it_solves() -> None:
    """choose_move at "perfect" against itself on Kalah 4 x 3 (standard and empty-capture
    captures): every move keeps the solver's value, so the game ends at the start's value."""
    from mancala.ai.solver import solve
    from mancala.rules.loading import sized_variant

    for rule in ("kalah_4", "kalah_empty_capture"):
        game = Game(sized_variant(rule, 4, 3))
        pos = game.start(0)
        start = solve(game, pos)
        assert start is not None
        while pos.outcome is None:
            answer = choose_move(game, pos, difficulty="perfect", budget_ms=5000)
            assert answer.solved and answer.exact
            exact = solve(game, pos)
            assert exact is not None and answer.value == exact.value
            pos = game.play(pos, answer.move)
        assert pos.stores[0] - pos.stores[1] == start.value, rule


def test_heuristic_values_are_in_seeds() -> None:
    """A variant weighing stores by 4: one seed banked at depth 1 answers value 1, not 4."""
    raw = json.loads((ROOT / "configs" / "kalah_4.json").read_text())
    raw["player"] = {"algorithm": "minimaxer", "ai_params": {"mm_depth": [1, 1, 1, 1]}, "scorer": {"stores_m": 4}}
    game = Game(parse_variant(raw))
    answer = choose_move(game, game.start(0), difficulty=1)
    assert (answer.value, answer.exact) == (1.0, False)


@pytest.mark.parametrize("negamax", [False, True])
def test_a_spent_budget_stops_the_search_within_a_few_nodes(negamax: bool) -> None:
    """The clock is read every CHECK_EVERY nodes: a deadline already past stops the first
    iteration after at most that many (each node plays all its children, so on a board the
    C core does not play 1,024 of them overshot a room's 100 ms cap threefold)."""
    from mancala.ai.search import CHECK_EVERY

    game = Game(load_variant(ROOT / "configs" / "zigzag.json"))
    searcher = Searcher(game, make_evaluator(game, difficulty=3, rng=random.Random(1)), negamax=negamax,
                        deadline=0.0, rng=random.Random(1))
    result = searcher.search(game.start(0), 12)
    assert 0 < searcher.nodes <= CHECK_EVERY + 1 and result.depth < 12
    assert result.move in game.legal_moves(game.start(0))
