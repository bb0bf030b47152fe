"""game_class ZigZag (1.10): sowing zigzags between the rows towards the middle of the
board (docs/rules.md, "game_class"). Worked out by hand.

With 4 holes a side: South 0..3, North 4..7 (7 faces 0). The path, going right from
hole 0: 0, 6, 2, 4, then back: 3, 5, 1, 7. Holes 0 and 3 sow counter-clockwise (along
the path), 1 and 2 clockwise; across the middle lie the pairs 1-5 and 2-6.
"""

from __future__ import annotations

from typing import Any

from mancala.engine import Game
from mancala.engine.board import Board
from mancala.engine.draw import zigzag_directions
from mancala.engine.incr import zigzag_order
from tests.engine.helpers import make, run


def zigzag(**game_info: Any) -> Game:
    return make(4, 2, rules_version="1.10", game_class="ZigZag", sow_direct="TOCENTER", **game_info)


def test_the_path_alternates_rows_going_right_and_takes_the_skipped_holes_back():
    assert zigzag_order(Board(4)) == [0, 6, 2, 4, 3, 5, 1, 7]
    assert zigzag_order(Board(5)) == [0, 8, 2, 6, 4, 5, 3, 7, 1, 9]


def test_each_hole_sows_towards_the_middle_an_odd_middle_column_chooses():
    assert zigzag_directions(Board(4)) == [1, -1, -1, 1, -1, 1, 1, -1]
    assert zigzag_directions(Board(5))[2] == zigzag_directions(Board(5))[7] == 0


def test_a_left_hole_sows_along_the_path_a_right_hole_back_along_it():
    pos = run(zigzag(), [3, 2, 2, 2, 2, 2, 2, 2], 0)  # 6, 2, 4
    assert pos.board == [0, 2, 3, 2, 3, 2, 3, 2]
    pos = run(zigzag(), [2, 2, 3, 2, 2, 2, 2, 2], 2)  # 6, 0, 7
    assert pos.board == [3, 2, 0, 2, 2, 2, 3, 3]


def test_a_single_seed_moved_across_the_middle_may_not_go_straight_back():
    # South 1 -> 5: North may not play 5 -> 1 next
    pos = run(zigzag(), [2, 1, 2, 2, 2, 0, 2, 2], 1)
    assert pos.board[5] == 1
    assert zigzag().legal_moves(pos) == [4, 6, 7]


def test_unless_that_move_captured():
    # the same move ends in an empty hole and takes the 2 seeds across (hole 2)
    game = zigzag(stores=True, crosscapt="ONE_ZEROS")
    pos = run(game, [2, 1, 2, 2, 2, 0, 2, 2], 1)
    assert (pos.board, pos.stores) == ([2, 0, 0, 2, 2, 1, 2, 2], [2, 0])
    assert game.legal_moves(pos) == [4, 5, 6, 7]
