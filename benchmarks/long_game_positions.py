"""What one endless game costs the positions endpoint (issue 23, point 3).

A 6,000-move game of bule_perga (random play does not end it) is stored as a GameRow
and its positions asked for: the whole list as the server built it before (one call on
the event loop), then a 500-position page of the live game (the replay to the page's
end, in a thread), and a page of the finished game once its replay is kept (a slice).
Prints seconds and bytes; docs/performance.md quotes a run.

    .venv/bin/python -m benchmarks.long_game_positions
"""

from __future__ import annotations

import asyncio
import json
import random
import time

from mancala.engine.game import ROUND_KINDS
from mancala.rules.loading import config_paths, read_json
from mancala_server import stored_replay
from mancala_server.position_pages import PositionPages
from mancala_server.rules_worker import RulesWorkers, next_round_or_none
from mancala_server.store import GameRow
from mancala_server.stored_replay import carry_on
from mancala_server.stored_rules import Definitions, StoredGames

VARIANT, PLIES = "bule_perga", 6000
DEFINITIONS = Definitions(config_paths())
DEFINITION = read_json(config_paths()[VARIANT])
GAME = DEFINITIONS.game(DEFINITION)


def long_game(plies: int = PLIES, seed: int = 1) -> GameRow:
    game = GAME
    rng = random.Random(seed)
    pos = game.start(0)
    moves: list[tuple[int, object]] = []
    while len(moves) < plies:
        legal = game.legal_moves(pos)
        if pos.outcome is not None or not legal:
            break
        move = rng.choice(legal)
        moves.append((pos.turn, game.move_json(move)))
        pos = game.play(pos, move)
        if pos.outcome is not None and pos.outcome.kind in ROUND_KINDS:
            nxt = next_round_or_none(game, pos)
            if nxt is None:
                break
            pos = nxt
    return GameRow(1, "BENCH", VARIANT, DEFINITION, 0, ["a", "b"], None, None, None, moves)


def timed(fn):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    got = fn()
    return got, time.perf_counter() - start


async def main() -> None:
    row = long_game()
    whole, took = timed(lambda: json.dumps([GAME.state_json(p) for p, _ in stored_replay.replay(GAME, row)]).encode())
    print(f"{len(row.moves)} moves; before: all positions in one answer, {len(whole) / 1e6:.2f} MB, "
          f"{took:.3f} s on the event loop")
    progress, took = timed(lambda: carry_on(GAME, row, None, 500))
    print(f"live game, first page of 500: {took:.3f} s in a thread, "
          f"{sum(map(len, progress.states[:500])) / 1e3:.0f} KB")
    progress, took = timed(lambda: carry_on(GAME, row, progress, None))
    print(f"live game, the rest (to the last page): {took:.3f} s in a thread")
    longer = long_game(len(row.moves) + 2)  # the same game two moves on
    _, took = timed(lambda: carry_on(GAME, longer, progress, None))
    print(f"live game, asked again after two more moves: {took * 1000:.2f} ms in a thread "
          f"(before: the whole game replayed at every request)")
    finished = GameRow(**{**row.__dict__, "result": "draw", "outcome": {"kind": "tie"}})
    pages = PositionPages(StoredGames(DEFINITIONS, RulesWorkers(1, 5.0)))
    start = time.perf_counter()
    await pages.page_body(finished, 0, 500)
    first = time.perf_counter() - start
    start = time.perf_counter()
    for f in range(500, len(row.moves) + 1, 500):
        await pages.page_body(finished, f, 500)
    rest = time.perf_counter() - start
    print(f"finished game: first page {first:.3f} s (whole replay, in a thread), the other "
          f"{len(row.moves) // 500} pages {rest * 1000:.1f} ms in all (slices); replays run: {pages.replays}")


if __name__ == "__main__":
    asyncio.run(main())
