"""Monte Carlo tree search with implicit minimax backups: weights against each other and
against the minimaxer (docs/performance.md, "Monte Carlo tree search").

Each match is pairs of games sharing a 2-ply random opening, sides swapped, as in
`mancala arena`. A player is a weight of the minimax value (`0.7`; `0` is plain UCT)
searching `--nodes` nodes with the variant's level-3 bias and two playouts a node, or
`mm2` / `mm3`: the minimaxer at that difficulty of the variant.

    python -m benchmarks.mcts_weight --variant kalah --games 20 0.7:0 0.7:mm2 0.7:mm3
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from mancala.ai import mcts as search
from mancala.ai.arena import opening_moves, wilson
from mancala.ai.player import choose_move, level_lists
from mancala.engine.game import Game
from mancala.rules.enums import Algorithm
from mancala.rules.loading import config_paths, load_variant

_GAME: Game | None = None
_ARGS: tuple[str, int] = ("kalah", 1200)


def _game() -> Game:
    global _GAME
    if _GAME is None:
        _GAME = Game(load_variant(config_paths()[_ARGS[0]]))
    return _GAME


def _move(spec: str, pos: Any, rng: random.Random) -> Any:
    game = _game()
    if spec.startswith("mm"):
        answer = choose_move(game, pos, difficulty=int(spec[2:]), algorithm="minimaxer",
                             seed=rng.getrandbits(30))
        return game.normalize(pos, answer.move)
    bias = level_lists(game, Algorithm.MONTECARLO_TS)["mcts_bias"][3] / 1000
    move, _, _ = search.mcts(game, pos, nodes=_ARGS[1], playouts=2, bias=bias, rng=rng,
                             minimax_weight=float(spec))
    return move


def _one(job: tuple[str, str, int]) -> float:
    """Game `index` of A against B: A's score (1, 0.5, 0)."""
    a, b, index = job
    game = _game()
    rng = random.Random(index)
    pos = game.start(0)
    for mv in opening_moves(game, 2, 1000 + index // 2):
        pos = game.play(pos, mv)
    seats = (a, b) if index % 2 == 0 else (b, a)
    for _ in range(400):
        if pos.outcome is not None or not game.legal_moves(pos):
            break
        pos = game.play(pos, _move(seats[pos.turn], pos, rng))
    a_seat = index % 2
    if pos.outcome is not None:
        winner = pos.outcome.winner
    else:
        s = pos.stores
        winner = 0 if s[0] > s[1] else 1 if s[1] > s[0] else None
    return 0.5 if winner is None else float(winner == a_seat)


def _init(args: tuple[str, int]) -> None:
    global _ARGS
    _ARGS = args


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("pairs", nargs="+", help="A:B, e.g. 0.7:0 or 0.7:mm2")
    p.add_argument("--variant", default="kalah")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--nodes", type=int, default=1200)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    print(f"{args.variant}, {args.nodes} nodes, {args.games} games a pair\n")
    print("| A | B | A's score | 95% CI | s |")
    print("| --- | --- | ---: | --- | ---: |")
    with ProcessPoolExecutor(args.jobs, initializer=_init, initargs=((args.variant, args.nodes),)) as pool:
        for pair in args.pairs:
            a, b = pair.split(":")
            start = time.perf_counter()
            scores = list(pool.map(_one, [(a, b, i) for i in range(args.games)]))
            share = sum(scores) / len(scores)
            lo, hi = wilson(sum(scores), len(scores))
            print(f"| {a} | {b} | {100 * share:.1f}% | {100 * lo:.0f}%-{100 * hi:.0f}% "
                  f"| {time.perf_counter() - start:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
