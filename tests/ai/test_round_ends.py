"""How the look-ahead scores the end of a round: the game goes on, so it is worth the
seeds each player carries into the next round (weighed as stores are), not a won game.
Scored as a won game, the deeper levels of Lam Waladach ended rounds at any margin and
lost to the shallower ones (docs/competitive.md, "Round ends in the look-ahead")."""

from __future__ import annotations

import random

from mancala.ai.player import choose_move
from mancala.ai.scoring import SURE, WIN, held, make_evaluator, round_end_scorer, stores_multiplier
from mancala.ai.search import Searcher
from mancala.engine import Game, Position
from mancala.rules.loading import load_variant


def _before_a_round_end(game: Game, seed: int) -> tuple[Position, Position]:
    """(a position, the round's end one move after it) from random play."""
    rng = random.Random(seed)
    for _ in range(200):
        pos = game.start(0, seed=rng.randrange(1 << 30))
        while pos.outcome is None and game.legal_moves(pos):
            legal = game.legal_moves(pos)
            for mv in legal:
                child = pos.copy()
                game.apply(child, mv)
                if child.outcome is not None and child.outcome.kind.ends_round:
                    return pos, child
            game.apply(pos, legal[rng.randrange(len(legal))])
    raise AssertionError("no round ended in 200 random games")


def test_a_rounds_end_scores_the_seeds_carried_on_not_a_won_game() -> None:
    game = Game(load_variant("lam_waladach_1_8"))
    _, end = _before_a_round_end(game, 3)
    assert end.outcome is not None and end.outcome.winner is not None
    winner = end.outcome.winner
    counts = held(end)
    margin = counts[winner] - counts[1 - winner]
    stores_m = stores_multiplier(game)
    evaluate = make_evaluator(game, difficulty=3, rng=random.Random(1))
    assert evaluate(end, winner) == stores_m * margin == -evaluate(end, 1 - winner)
    assert abs(evaluate(end, winner)) < SURE  # on the heuristic scale: a lead, not a result
    assert round_end_scorer(game)(end, winner) == stores_m * margin


def test_where_the_game_counts_round_wins_the_rounds_winner_holds_what_it_counts() -> None:
    """Huroy is won by a count of round wins: there the round's result is what matters,
    scored beyond every heuristic value (SURE), yet short of a won game (WIN)."""
    game = Game(load_variant("huroy"))
    for seed in range(3, 60):
        _, end = _before_a_round_end(game, seed)
        assert end.outcome is not None
        if end.outcome.winner is not None:
            break
    else:
        raise AssertionError("no round was won")
    winner = end.outcome.winner
    counts = held(end)
    margin = abs(counts[winner] - counts[1 - winner])
    evaluate = make_evaluator(game, difficulty=3, rng=random.Random(1))
    assert evaluate(end, winner) == SURE + margin == -evaluate(end, 1 - winner)


def test_a_games_end_still_scores_beyond_every_heuristic_value() -> None:
    game = Game(load_variant("kalah_4"))
    pos = game.start(0)
    rng = random.Random(5)
    while pos.outcome is None:
        legal = game.legal_moves(pos)
        game.apply(pos, legal[rng.randrange(len(legal))])
    assert round_end_scorer(game)(pos, 0) == make_evaluator(game, difficulty=3, rng=rng)(pos, 0)
    if pos.outcome.winner is not None:
        assert make_evaluator(game, difficulty=3, rng=rng)(pos, pos.outcome.winner) >= WIN


def test_a_search_that_sees_only_round_ends_has_proved_nothing() -> None:
    """A look-ahead whose every line ends the round knows the round's result, not the
    game's: its answer is a value in seeds, not an exact end."""
    game = Game(load_variant("lam_waladach_1_8"))
    for seed in range(1, 40):
        before, _ = _before_a_round_end(game, seed)
        children = []
        for mv in game.legal_moves(before):
            child = before.copy()
            game.apply(child, mv)
            children.append(child)
        if all(c.outcome is not None and c.outcome.kind.ends_round for c in children):
            break
    else:
        raise AssertionError("no position found whose every move ends the round")
    searcher = Searcher(game, make_evaluator(game, difficulty=3, rng=random.Random(2)), rng=random.Random(2))
    assert not searcher.search(before, 3).exact
    answer = choose_move(game, before, difficulty=3, seed=2)
    assert not answer.exact and abs(answer.value) < 100  # seeds, not WIN's scale
