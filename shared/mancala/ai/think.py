"""The computer player's alpha-beta in C, where it is the same search as the Python one.

Where the engine's C core plays the variant (`mancala.ai.solver.binding.why_not_think`)
and the score is a weighted sum of the rows' differences (`scoring.linear_weights`:
Kalah's and Oware's families, but for easy levels with noise), the look-ahead runs in
the solver's module (`Solver.think`): the values of mancala.ai.search at each depth,
deepened the same way, equally good moves told apart by the same generator, but some
twenty times faster, so a move's budget reaches several plies deeper. Everywhere else
`think` answers None and the Python search plays.
"""

from __future__ import annotations

import random
import time

from mancala.ai.scoring import linear_weights
from mancala.ai.search import SearchResult
from mancala.ai.solver.binding import position_reasons, think_solver
from mancala.engine.fast import core_move
from mancala.engine.game import Game
from mancala.engine.position import Position


def think(game: Game, pos: Position, *, difficulty: int, max_depth: int, deadline: float | None,
          rng: random.Random | None, leaves: bool = False) -> SearchResult | None:
    """The search's result from the C look-ahead, or None where it does not play this
    game (then mancala.ai.search does). `deadline` is a perf_counter time. `leaves`:
    positions an endgame database of the variant's rules holds are scored by it, as
    finished games are (their exact final margin), where there is one."""
    weights = linear_weights(game, difficulty)
    if game.fast is None or weights is None:
        return None
    solver = think_solver(game, leaves)
    if solver is None or position_reasons(game, pos):
        return None
    solver.set_game(pos.total, pos.starter)
    order = list(game.legal_moves(pos))
    result = SearchResult(order[0], 0.0, 0, 0, False)
    nodes = 0
    for depth in range(1, max_depth + 1):
        limit = None if deadline is None else max(0.0, deadline - time.perf_counter())
        if limit == 0.0 and depth > 1:  # one ply is always looked at, as the Python search does
            break
        out = solver.think(pos.board, pos.stores, pos.turn, pos.rturn_cnt > 0,
                           [core_move(m) for m in order], depth, deadline=limit,
                           weights=weights, fresh=depth == 1)
        if out is None:  # out of time: the last whole depth's answer stands
            break
        values, searched, horizon = out
        nodes += searched
        best = max(values)
        ties = [move for move, value in zip(order, values, strict=True) if value == best]
        move = ties[0] if len(ties) == 1 or rng is None else ties[rng.randrange(len(ties))]
        # a whole game seen (no position cut at the depth limit): deeper changes nothing
        result = SearchResult(move, float(best), depth, nodes, horizon == 0)
        if horizon == 0:
            break
        # the next depth: this one's choice first, then the others by their values
        ranked = sorted(range(len(order)), key=lambda i: -values[i])
        order = [move] + [order[i] for i in ranked if order[i] != move]
    result.nodes = nodes
    return result
