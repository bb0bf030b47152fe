"""The contract of the explorer port (the opening tree, explorer_storage.py): SQLite and
PostgreSQL pass the same tests."""

from __future__ import annotations

import asyncio
import time

from mancala.engine.position import Outcome, OutcomeKind
from mancala_server.explorer_rows import PAIR_PER_DAY, Judged, Step
from mancala_server.fencing import Fence, new_game_id
from mancala_server.storage import Storage
from mancala_server.store import RoomRow

VARIANT = {"game_info": {"name": "Kalah"}}
BOOK = "kalah_4:abc:0"


async def finished_game(storage: Storage, code: str, winner: int | None = 0) -> int:
    await storage.reserve_room(RoomRow(code, "kalah_4", VARIANT, True, "waiting", None,
                                       [(None, None), (None, None)], None))
    fence = Fence(code, 1)
    gid = new_game_id()
    await storage.new_game(gid, code, "kalah_4", VARIANT, 0, ["ann", "bob"], {"board": [4] * 8, "stores": [0, 0]},
                           fence)
    outcome = Outcome(OutcomeKind.WIN, winner) if winner is not None else Outcome(OutcomeKind.TIE, None)
    await storage.end_game(gid, outcome, "rules", "over", fence)
    return gid


def judged(winner: int | None = 0, rating: int | None = None, pair: str = "ann|bob", why_not: str | None = None,
           moves: tuple[int, ...] = (1, 6, 2)) -> Judged:
    steps = tuple(Step(str(list(moves[:i])).replace(" ", ""), str(m), i % 2) for i, m in enumerate(moves))
    return Judged(BOOK, pair, why_not, steps if why_not is None else (), winner, rating)


async def test_a_finished_game_is_pending_until_judged_once(storage: Storage) -> None:
    gid = await finished_game(storage, "EXP001")
    pending = await storage.explorer_pending(10)
    assert [g for g, _ in pending] == [gid]
    assert await storage.explorer_judged(gid) is None
    ended = pending[0][1]
    assert await storage.explorer_add(gid, ended, judged())
    assert not await storage.explorer_add(gid, ended, judged()), "a game adds to the tree once"
    assert await storage.explorer_pending(10) == []
    assert await storage.explorer_judged(gid) == (True, None)
    root = await storage.explorer_moves(BOOK, "[]")
    assert [(n.move, n.mover, n.games, n.wins, n.draws, n.losses) for n in root] == [("1", 0, 1, 1, 0, 0)]
    second = await storage.explorer_moves(BOOK, "[1]")
    assert [(n.move, n.mover, n.wins, n.losses) for n in second] == [("6", 1, 0, 1)], \
        "the result is the mover's: North lost the game South won"


async def test_results_and_ratings_add_up_per_move(storage: Storage) -> None:
    now = time.time()
    outcomes = [(0, 1500), (1, 1700), (None, None)]
    for i, (winner, rating) in enumerate(outcomes):
        assert await storage.explorer_add(new_game_id(), now + i, judged(winner, rating, pair=f"p{i}|q{i}"))
    (first,) = await storage.explorer_moves(BOOK, "[]")
    assert (first.games, first.wins, first.draws, first.losses) == (3, 1, 1, 1)
    assert (first.rated, first.rating_sum) == (2, 3200)
    assert await storage.explorer_moves(BOOK, "[9]") == []
    assert await storage.explorer_moves("other:book:0", "[]") == []


async def test_moves_come_most_played_first(storage: Storage) -> None:
    now = time.time()
    for i, moves in enumerate([(2, 5), (1, 6), (2, 7)]):
        await storage.explorer_add(new_game_id(), now + i, judged(moves=moves, pair=f"a{i}|b{i}"))
    assert [(n.move, n.games) for n in await storage.explorer_moves(BOOK, "[]")] == [("2", 2), ("1", 1)]


async def test_a_game_that_does_not_count_is_judged_but_adds_nothing(storage: Storage) -> None:
    gid = await finished_game(storage, "EXP002")
    assert await storage.explorer_add(gid, time.time(), judged(why_not="a private game"))
    assert await storage.explorer_judged(gid) == (False, "a private game")
    assert await storage.explorer_moves(BOOK, "[]") == []
    assert await storage.explorer_pending(10) == []


async def test_one_pair_adds_at_most_its_games_of_the_day(storage: Storage) -> None:
    now = time.time()
    ids = [new_game_id() for _ in range(PAIR_PER_DAY + 2)]
    for i, gid in enumerate(ids):
        assert await storage.explorer_add(gid, now + i, judged())
    (first,) = await storage.explorer_moves(BOOK, "[]")
    assert first.games == PAIR_PER_DAY
    assert await storage.explorer_judged(ids[-1]) == (False, "the pair's games of the day are counted")
    # a day later the pair counts again
    assert await storage.explorer_add(new_game_id(), now + 25 * 3600, judged())
    (first,) = await storage.explorer_moves(BOOK, "[]")
    assert first.games == PAIR_PER_DAY + 1


async def test_two_judges_of_one_game_store_it_once(storage: Storage) -> None:
    gid = await finished_game(storage, "EXP003")
    ended = time.time()
    done = await asyncio.gather(*(storage.explorer_add(gid, ended, judged()) for _ in range(4)))
    assert sorted(done) == [False, False, False, True]
    (first,) = await storage.explorer_moves(BOOK, "[]")
    assert first.games == 1


async def test_the_cursor_keeps_the_look_for_new_games_short(storage: Storage) -> None:
    """Games judged long before the cursor are not read again; a game whose end came just
    before it (a late commit) still is."""
    old = await finished_game(storage, "EXP004")
    await storage.explorer_add(old, time.time(), judged())
    late = await finished_game(storage, "EXP005")
    await storage.explorer_add(new_game_id(), time.time() + 60, judged(pair="x|y"))  # the cursor moves on
    assert [g for g, _ in await storage.explorer_pending(10)] == [late]
