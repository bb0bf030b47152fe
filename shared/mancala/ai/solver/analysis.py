"""Where positions repeat (Oware): the value from the whole position graph.

The engine scores no endless game, so a value holds only if it is the same however
endless play is scored. `solve_graph` lists every reachable position and decides the
value under the two extreme scorings with two graph games per threshold.
"""

from __future__ import annotations

import operator
import time
from collections.abc import Callable
from functools import partial

from mancala.ai.solver.terms import NotSolvable, OutOfTime, Solution, search_key_of
from mancala.engine.game import Game
from mancala.engine.position import Position

MAX_GRAPH = 300_000  # positions the graph analysis takes


def solve_graph(game: Game, root: Position, deadline: float | None, nodes: int,
                 started: float) -> Solution:
    """The value where play can repeat for ever (Oware): the engine scores no endless
    game, so a value holds only if it is the same however endless play is scored --
    any split of the seeds left on the board, in the extremes all to South or all to
    North. Every position reachable from `root` is listed; then for each threshold t
    two games on that graph: South makes "at least t" sure with the seeds of endless
    play going to North iff South can reach a position where her worst possible
    margin (stores and all the board to North) is already t -- a reachability game --,
    and with them going to South iff North cannot reach one where her best possible
    margin is under t -- a safety game. Both use that stores never shrink (checked).
    Raises NotSolvable when the two values differ or the graph is too big."""
    index: dict[tuple, int] = {}
    states: list[Position] = []
    succ: list[list[int]] = []  # unfinished children (one entry per move)
    ends: list[list[int]] = []  # final margins (South's view) of the moves that end the game

    search_key = search_key_of(game)

    def add(pos: Position) -> int:
        key = search_key(pos)
        i = index.get(key)
        if i is None:
            if len(states) >= MAX_GRAPH:
                raise NotSolvable(f"positions repeat and there are more than {MAX_GRAPH:,} "
                                  "of them: too many to list")
            i = index[key] = len(states)
            states.append(pos)
        return i

    add(root)
    done = 0
    while done < len(states):
        pos = states[done]
        done += 1
        if done & 1023 == 0 and deadline is not None and time.perf_counter() >= deadline:
            raise OutOfTime
        kids, finals = [], []
        total = sum(pos.board) + sum(pos.stores)
        for mv in game.legal_moves(pos):
            child = pos.copy()
            game.apply(child, mv)
            if (child.stores[0] < pos.stores[0] or child.stores[1] < pos.stores[1]
                    or sum(child.board) + sum(child.stores) > total):
                raise NotSolvable("a position repeats and moves can shrink stores: "
                                  "endless play has no value here")
            if child.outcome is not None:
                finals.append(child.stores[0] - child.stores[1])
            else:
                kids.append(add(child))
        succ.append(kids)
        ends.append(finals)
    n = len(states)
    preds: list[list[int]] = [[] for _ in range(n)]
    for i, kids in enumerate(succ):
        for j in kids:
            preds[j].append(i)
    mover = [p.turn for p in states]
    margin = [p.stores[0] - p.stores[1] for p in states]
    left = [sum(p.board) for p in states]

    def attractor(player: int, target: list[bool], good_end: Callable[[int], bool]) -> list[bool]:
        """Where `player` can force reaching `target` or a finished game `good_end` likes."""
        won = target[:]
        count = [0] * n
        queue = [i for i in range(n) if won[i]]
        for i in range(n):
            if won[i]:
                continue
            if mover[i] == player:
                if any(good_end(m) for m in ends[i]):
                    won[i] = True
                    queue.append(i)
            elif all(good_end(m) for m in ends[i]):
                count[i] = len(succ[i])
                if count[i] == 0:
                    won[i] = True
                    queue.append(i)
            else:
                count[i] = -1  # a move of the other player ends the game badly
        while queue:
            j = queue.pop()
            for i in preds[j]:
                if won[i]:
                    continue
                if mover[i] == player:
                    won[i] = True
                    queue.append(i)
                elif count[i] > 0:
                    count[i] -= 1
                    if count[i] == 0:
                        won[i] = True
                        queue.append(i)
        return won

    seeds = sum(root.board) + sum(root.stores)
    low = [-seeds - 1] * n  # South's value, endless play scored for North
    high = [-seeds - 1] * n  # South's value, endless play scored for South
    for t in range(-seeds, seeds + 1):
        if deadline is not None and time.perf_counter() >= deadline:
            raise OutOfTime
        reach = attractor(0, [margin[i] - left[i] >= t for i in range(n)],
                          partial(operator.le, t))  # m >= t
        spoil = attractor(1, [margin[i] + left[i] < t for i in range(n)],
                          partial(operator.gt, t))  # m < t
        for i in range(n):
            if reach[i]:
                low[i] = t
            if not spoil[i]:
                high[i] = t

    def view(i: int, sign: int) -> tuple[int, int]:
        """(worst, best) from the view of the player whose sign is given."""
        return (low[i], high[i]) if sign == 1 else (-high[i], -low[i])

    sign = 1 if root.turn == 0 else -1
    worst, best = view(0, sign)
    if worst != best:
        raise NotSolvable(f"positions repeat and the value depends on how endless play is "
                          f"scored: between {worst:+d} and {best:+d} for the player to move")
    moves = []
    for mv in game.legal_moves(root):
        child = root.copy()
        game.apply(child, mv)
        if child.outcome is not None:
            kid = sign * (child.stores[0] - child.stores[1])
        else:
            kid = view(index[search_key(child)], sign)[0]
        if kid == worst:
            moves.append(mv)
    return Solution(worst, tuple(moves), nodes + n, 0, time.perf_counter() - started, "Python")
