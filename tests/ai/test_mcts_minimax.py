"""Implicit minimax backups in the Monte Carlo tree search (mancala.ai.mcts): each node's
minimax value of the heuristic below it, from the side of the player who moved into it,
repeat turns included, and the weight it has in selection."""

from __future__ import annotations

import random

from mancala.ai import mcts as search
from mancala.ai.mcts import Child, Node, back_up, heuristic
from mancala.engine import Game, Position
from mancala.rules.loading import parse_variant


def test_the_heuristic_is_the_result_or_the_stores_lead_for_the_player() -> None:
    pos = Position([0] * 12, [30, 18], 0, total=48)
    ahead, behind = heuristic(pos, 0, 4.0), heuristic(pos, 1, 4.0)
    assert 0.95 < ahead < 1.0 and abs(ahead + behind - 1.0) < 1e-12
    assert heuristic(Position([4] * 12, [0, 0], 0, total=48), 1, 4.0) == 0.5
    level = Position([0] * 12, [4, 0], 0, total=48)
    assert abs(heuristic(level, 0, 4.0) - 1 / (1 + 2.718281828459045 ** -1)) < 1e-9  # `scale` seeds: 73 %


def test_a_node_takes_its_best_childs_value_turned_to_its_own_side() -> None:
    root = Node(1, None, [])  # North moved into the root: South chooses below it
    a = Child(0, 0, root, [], 0.3)
    b = Child(1, 0, root, [], 0.8)
    root.children += [a, b]
    back_up(root)
    assert root.value == 1.0 - 0.8  # South's best, seen from North
    # a repeat turn: South moved into `b` and chooses again below it
    c = Child(2, 0, b, [], 0.1)
    b.children.append(c)
    back_up(b)
    assert b.value == 0.1 and root.value == 1.0 - 0.3  # South's best is now `a`
    # North to choose below `a` (the turn passed): a's value is South's side of North's best
    d = Child(3, 1, a, [], 0.9)
    a.children.append(d)
    back_up(a)
    assert abs(a.value - 0.1) < 1e-12 and root.value == 1.0 - 0.1


def _kalah() -> Game:
    return Game(parse_variant({"game_constants": {"holes": 6, "nbr_start": 4},
                               "game_info": {"stores": True, "sow_own_store": True, "crosscapt": True}}))


def test_with_its_weight_the_search_takes_a_big_capture_that_plain_uct_misses() -> None:
    """South can capture 8 seeds at once (hole c's last seed lands in empty hole f, across
    from North's 8 in hole 6): with 40 nodes the backed-up stores' lead finds it on every seed; the
    win rate alone of 40 nodes' random playouts does not."""
    game = _kalah()
    board = [1, 1, 3, 1, 2, 0, 8, 1, 1, 1, 1, 0]
    pos = Position(board, [10, 18], 0, total=48)
    legal = game.legal_moves(pos)
    assert 2 in legal
    after = game.play(pos, 2)
    assert after.stores[0] - pos.stores[0] == 8  # North's 8 seeds across
    found = {seed: search.mcts(game, pos, nodes=40, playouts=1, bias=0.4, rng=random.Random(seed))[0]
             for seed in range(8)}
    plain = {seed: search.mcts(game, pos, nodes=40, playouts=1, bias=0.4, rng=random.Random(seed),
                               minimax_weight=0.0)[0] for seed in range(8)}
    assert set(found.values()) == {2}, found
    assert set(plain.values()) != {2}, plain
