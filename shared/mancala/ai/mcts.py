"""Monte Carlo tree search (UCT) with random playouts and implicit minimax backups.

Rewards are counted for the player who made the move into a node, so repeat
turns need no special case: each node knows who moved into it.

Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant, "Monte Carlo Tree
Search with Heuristic Evaluations using Implicit Minimax Backups", IEEE CIG 2014, who
measured it on Kalah among others): every node also keeps the minimax value of the
heuristic evaluations of the tree below it, and selection weighs it against the
playouts' win rate. With random playouts alone a Kalah search of 1,200 nodes scored
26 % against our 5-ply minimaxer over 40 games; with the stores' lead backed up at
weight 0.7, 84 % (docs/performance.md, "Monte Carlo tree search with implicit minimax
backups").
"""

from __future__ import annotations

import math
import random
import time

from mancala.engine.game import Game, Move
from mancala.engine.position import Position

PLAYOUT_CAP = 500  # random games can cycle; a capped playout scores by stores
MINIMAX_WEIGHT = 0.7  # of the minimax value against the win rate (0: plain UCT)


class Node:
    """A position of the tree (the root's has no move and no parent)."""

    __slots__ = ("mover", "parent", "children", "untried", "visits", "wins", "value")

    def __init__(self, mover: int, parent: Node | None, untried: list[Move], value: float = 0.5) -> None:
        self.mover = mover
        self.parent = parent
        self.children: list[Child] = []
        self.untried = untried
        self.visits = 0
        self.wins = 0.0
        self.value = value  # the implicit minimax value, for `mover` (see `mcts`)


class Child(Node):
    """A position reached by `move` from its parent."""

    __slots__ = ("move",)

    def __init__(self, move: Move, mover: int, parent: Node, untried: list[Move], value: float) -> None:
        super().__init__(mover, parent, untried, value)
        self.move = move


def heuristic(pos: Position, player: int, scale: float) -> float:
    """`player`'s prospects in [0, 1]: the result of a finished game, else the stores'
    difference through a logistic curve (`scale` seeds of lead is about 73 %)."""
    if pos.outcome is not None:
        return _reward(pos, player)
    lead = pos.stores[player] - pos.stores[1 - player]
    return 1.0 / (1.0 + math.exp(-lead / scale))


def back_up(node: Node | None) -> None:
    """Recompute the minimax values of `node` and its ancestors from their expanded
    children, stopping where nothing changes."""
    while node is not None and node.children:
        best = max(child.value for child in node.children)
        chooser = node.children[0].mover
        value = best if chooser == node.mover else 1.0 - best
        if value == node.value:
            return
        node.value = value
        node = node.parent


def _reward(pos: Position, player: int) -> float:
    if pos.outcome is not None:
        if pos.outcome.winner is None:
            return 0.5
        return 1.0 if pos.outcome.winner == player else 0.0
    s, o = pos.stores[player], pos.stores[1 - player]
    return 1.0 if s > o else 0.0 if s < o else 0.5


def _fast_reward(outcome: tuple, mover: int) -> float:
    """The reward of a C-core playout (moves, kind, winner): a capped one counts as a draw."""
    kind, winner = outcome[1], outcome[2]
    if kind is None or winner is None:
        return 0.5
    return 1.0 if winner == mover else 0.0


# a playout looks at the clock this often (moves): in a slow variant (many seeds, grand
# slams that simulate every move) one playout can outlast the whole time cap
CLOCK_EVERY = 8


def playout(game: Game, pos: Position, rng: random.Random, deadline: float | None = None) -> Position:
    """A random game from `pos` (in place); cut short by the cap or the deadline, it is
    scored by the stores as they stand."""
    for count in range(PLAYOUT_CAP):
        if pos.outcome is not None:
            break
        if deadline is not None and count % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            break
        legal = game.legal_moves(pos)
        if not legal:  # stuck: the rules name no end here (docs/rules-decisions.md)
            break
        game.apply(pos, legal[rng.randrange(len(legal))])
    return pos


def mcts(game: Game, pos: Position, *, nodes: int, playouts: int, bias: float, rng: random.Random,
         deadline: float | None = None, until_deadline: bool = False,
         minimax_weight: float = MINIMAX_WEIGHT) -> tuple[Move, float, int]:
    """Best move, its win rate for the mover, and the number of expansions.

    Expands `nodes` nodes, or with `until_deadline` as many as the deadline allows;
    a deadline always stops the search, within a few moves of a playout: the answer is
    then the most visited move so far (a random legal one if none was tried yet).
    """
    fast = game.fast
    root = Node(1 - pos.turn, None, list(game.legal_moves(pos)))
    scale = max(1.0, pos.total / 12)  # Kalah (6, 4): 4 seeds
    expansions = 0
    def late() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    while expansions < nodes or until_deadline:
        if late():
            break
        node: Node = root
        state = pos.copy()
        # selection
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            node = max(node.children,
                       key=lambda c: (1 - minimax_weight) * c.wins / c.visits + minimax_weight * c.value
                       + bias * math.sqrt(log_n / c.visits))
            game.apply(state, node.move)
        # expansion
        if node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            mover = state.turn
            game.apply(state, move)
            child = Child(move, mover, node, [] if state.outcome else list(game.legal_moves(state)),
                          heuristic(state, mover, scale))
            node.children.append(child)
            back_up(node)
            node = child
            expansions += 1
        elif state.outcome is not None:
            expansions += 1  # a finished game: nothing to expand, count the visit
        # simulation: in the C core when the variant has one
        for number in range(max(1, playouts)):
            if number and late():
                break
            walk: Node | None = node
            if fast is not None:
                done = fast.playout(state, rng.getrandbits(63), PLAYOUT_CAP)
                while walk is not None:
                    walk.visits += 1
                    walk.wins += _fast_reward(done, walk.mover)
                    walk = walk.parent
                continue
            final = playout(game, state.copy(), rng, deadline)
            while walk is not None:
                walk.visits += 1
                walk.wins += _reward(final, walk.mover)
                walk = walk.parent
    if not root.children:  # the deadline came before the first expansion
        return root.untried[rng.randrange(len(root.untried))], 0.5, 0
    best = max(root.children, key=lambda c: c.visits)
    return best.move, best.wins / best.visits, expansions
