"""The contract of the puzzles port (puzzle_storage.py): SQLite and PostgreSQL alike."""

from __future__ import annotations

from typing import Any

from mancala_server.puzzle_rows import PUZZLE_POOL
from mancala_server.storage import Storage

FOUND: dict[str, Any] = {"state": {"board": [0, 1, 2, 0, 3, 0, 0, 1], "stores": [10, 15], "turn": 0,
                                   "legal": [1, 2, 4]},
                         "solution": 2, "value": 3, "refutations": [{"move": 1, "reply": 5, "value": -1},
                                                                    {"move": 4, "reply": None, "value": 1}],
                         "difficulty": "easy", "rating": 1200.0}


async def test_a_puzzle_is_kept_once_per_position_and_read_back(storage: Storage) -> None:
    first = await storage.add_puzzle("kalah_4", "book", 11, 40, FOUND)
    assert first is not None
    assert await storage.add_puzzle("kalah_4", "book", 11, 40, FOUND) is None, "one puzzle a position"
    row = await storage.puzzle(first)
    assert row is not None and (row.variant, row.game_id, row.ply, row.solution, row.value) == ("kalah_4", 11, 40, 2, 3)
    assert row.state == FOUND["state"] and row.refutations == FOUND["refutations"]
    assert row.rating.shown() == 1200 and "solution" not in row.public_json()
    assert await storage.puzzle(first + 1000) is None


async def test_the_next_puzzle_goes_round_and_keeps_to_its_difficulty(storage: Storage) -> None:
    a = await storage.add_puzzle("kalah_4", "book", 1, 5, FOUND)
    b = await storage.add_puzzle("kalah_4", "book", 2, 5, {**FOUND, "difficulty": "hard"})
    c = await storage.add_puzzle("kalah_4", "book", 3, 5, FOUND)
    await storage.add_puzzle("oware_abapa", "book", 4, 5, FOUND)
    got = [(await storage.next_puzzle("kalah_4", None, after)) for after in (0, a or 0, b or 0, c or 0)]
    assert [p.id if p else None for p in got] == [a, b, c, a], "past the last, the first again"
    easy = await storage.next_puzzle("kalah_4", "easy", a or 0)
    assert easy is not None and easy.id == c
    assert await storage.next_puzzle("awari", None, 0) is None


async def test_a_players_first_answer_moves_both_ratings_and_later_ones_none(storage: Storage) -> None:
    pid = await storage.add_puzzle("kalah_4", "book", 7, 9, FOUND)
    assert pid is not None
    assert await storage.answer_puzzle(None, pid, True) is None, "a guest's answer moves no rating"
    first = await storage.answer_puzzle("p-ann", pid, True)
    assert first is not None and first.player_after.rating > first.player_before.rating
    assert await storage.answer_puzzle("p-ann", pid, False) is None, "only the first try counts"
    puzzle = await storage.puzzle(pid)
    assert puzzle is not None and (puzzle.attempts, puzzle.solved) == (1, 1)
    assert puzzle.rating.rating < 1200.0, "solved by a player of 1500: the puzzle was easier than it said"
    wrong = await storage.answer_puzzle("p-bob", pid, False)
    assert wrong is not None and wrong.player_after.rating < wrong.player_before.rating
    ratings = await storage.ratings_of("p-ann")
    assert round(ratings["kalah_4" + PUZZLE_POOL].rating) == round(first.player_after.rating)
