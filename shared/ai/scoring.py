"""Static evaluation from the variant's scorer multipliers (section `player.scorer`).

Scores are from one player's point of view; terminal positions score far beyond
any heuristic value, by the final margin, so a proved win is always preferred.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from mancala.engine.game import Game
from mancala.engine.position import Position

WIN = 100_000

Evaluator = Callable[[Position, int], float]


def terminal_score(pos: Position, player: int) -> float:
    """A finished game: the margin in seeds, pushed beyond every heuristic score."""
    assert pos.outcome is not None
    margin = pos.stores[player] - pos.stores[1 - player]
    winner = pos.outcome.winner
    if winner is None:
        return float(margin)
    return (WIN + abs(margin)) if winner == player else -(WIN + abs(margin))


def make_evaluator(game: Game, *, difficulty: int, rng: random.Random) -> Evaluator:
    sc = game.variant.player.scorer
    n = game.holes
    stores_m = sc.stores_m
    if not any((sc.stores_m, sc.seeds_m, sc.empties_m, sc.evens_m, sc.access_m, sc.child_cnt_m)):
        stores_m = 1  # a variant without multipliers still wants seeds
    seeds_m, empties_m, evens_m, access_m = sc.seeds_m, sc.empties_m, sc.evens_m, sc.access_m
    repeat_m = sc.repeat_turn
    noise = sc.easy_rand if difficulty == 0 else 0

    def evaluate(pos: Position, player: int) -> float:
        if pos.outcome is not None:
            return terminal_score(pos, player)
        b = pos.board
        own, opp = (b[:n], b[n:]) if player == 0 else (b[n:], b[:n])
        score = stores_m * (pos.stores[player] - pos.stores[1 - player])
        if seeds_m:
            score += seeds_m * (sum(own) - sum(opp))
        if empties_m:
            score += empties_m * (own.count(0) - opp.count(0))
        if evens_m:
            score += evens_m * (sum(1 for x in own if x and x % 2 == 0) - sum(1 for x in opp if x and x % 2 == 0))
        if access_m:
            score += access_m * (_access(game, own, player) - _access(game, opp, 1 - player))
        if repeat_m and pos.repeating:
            score += repeat_m if pos.turn == player else -repeat_m
        if noise:
            score += rng.uniform(-noise, noise)
        return score

    return evaluate


def _access(game: Game, row: list[int], player: int) -> int:
    """How many of the opponent's holes a single sow from this row reaches (rough, one lap)."""
    n = game.holes
    reach: set[int] = set()
    for pos_, seeds in enumerate(row):
        if seeds:
            hole = game.geom.hole_of(player, pos_)
            step = game.base_step[hole]
            for k in range(1, min(seeds, 2 * n) + 1):
                target = (hole + step * k) % (2 * n)
                if game.geom.owner(target) != player:
                    reach.add(target)
    return len(reach)
