"""The rules Leab El-akil brought in (1.10): game_class ShareOne, pickextra PICKCROSSMULT
and start_pattern RANDOM_ZEROS (docs/rules.md; docs/rules-decisions.md). Worked out by
hand.

With 4 holes a side: South 0..3, North 4..7, hole i across from 7 - i.
"""

from __future__ import annotations

from typing import Any

import pytest

from mancala.engine import Game
from mancala.engine.fast import why_not_fast
from mancala.engine.start import no_small_holes, start_board
from mancala.rules.enums import StartPattern
from tests.engine.helpers import at, make, run


def share_one(**game_info: Any) -> Game:
    return make(4, 2, rules_version="1.10", game_class="ShareOne", stores=True, **game_info)


# ---- ShareOne ------------------------------------------------------------------------------


def test_facing_an_empty_row_only_holes_of_two_or_more_may_give():
    game = share_one()
    pos = at(game, [1, 2, 0, 3, 0, 0, 0, 0], stores=[5, 5])
    assert game.legal_moves(pos) == [1, 3]
    # nor from a child
    game = share_one(child_type="NORMAL", child_cvt=4)
    pos = at(game, [1, 2, 0, 3, 0, 0, 0, 0], stores=[5, 5], children="...S....")
    assert game.legal_moves(pos) == [1]


def test_the_gift_goes_to_the_opponents_first_hole_and_the_mover_moves_again():
    game = share_one(capt_on=[2])
    # sown, hole 1's two seeds would end in 3 and make two there: no capture is made
    pos = run(game, [0, 2, 0, 1, 0, 0, 0, 0], 1, stores=[7, 6])
    assert (pos.board, pos.stores, pos.turn) == ([0, 1, 0, 1, 1, 0, 0, 0], [7, 6], 0)
    assert pos.mcount == 1
    assert game.legal_moves(pos) == [1, 3]  # a usual move now: the opponent has a seed
    pos = game.play(pos, 1)
    assert (pos.board, pos.turn, pos.outcome) == ([0, 0, 1, 1, 1, 0, 0, 0], 1, None)


def test_north_gives_to_south_hole_zero():
    game = share_one()
    pos = run(game, [0, 0, 0, 0, 0, 3, 0, 2], 7, turn=1, stores=[4, 7])
    assert (pos.board, pos.turn) == ([1, 0, 0, 0, 0, 3, 0, 1], 1)


def test_a_gift_is_not_a_turn_ended_for_the_rules_that_count_turns():
    # RIGHT_HALF_FIRSTS: a player's first turn starts from the right half of their row;
    # the gift is not bound by it, and the turn after it is still the first
    game = share_one(allow_rule="RIGHT_HALF_FIRSTS")
    pos = at(game, [0, 2, 0, 1, 0, 0, 0, 0], stores=[7, 6])
    assert game.legal_moves(pos) == [1]
    pos = game.play(pos, 1)
    assert (pos.movers, game.legal_moves(pos)) == (0, [3])


def test_without_share_one_the_same_move_sows_and_the_game_ends():
    game = make(4, 2, rules_version="1.10", stores=True)
    pos = run(game, [0, 2, 0, 1, 0, 0, 0, 0], 1, stores=[7, 6])
    assert pos.outcome is not None


def test_the_gift_is_recorded_as_one_seed_sown_and_an_extra_turn():
    game = share_one()
    pos = at(game, [0, 3, 0, 1, 0, 0, 0, 0], stores=[6, 6])
    _new, trace = game.play_traced(pos, 1)
    assert [(lap.start, lap.sown) for lap in trace.laps] == [(1, (4,))]
    assert trace.extra_turn and trace.exact


def test_no_hole_of_two_leaves_no_move():
    game = share_one()
    pos = at(game, [1, 1, 0, 1, 0, 0, 0, 0], stores=[6, 7])
    assert game.legal_moves(pos) == []


def test_the_c_core_leaves_share_one_to_the_python_engine():
    assert why_not_fast(share_one().variant)


# ---- PICKCROSSMULT -----------------------------------------------------------------------------

# South's hole 0 sows 1 and 2, making two in each: a multiple capture takes 2 then 1
BOARD = [2, 1, 1, 0, 1, 3, 5, 1]


@pytest.mark.parametrize(("pickextra", "stores"), [
    ("NONE", [4, 0]),            # the two holes
    ("PICKCROSS", [7, 0]),       # and the hole across the first one taken (5)
    ("PICKCROSSMULT", [12, 0]),  # and the holes across each one taken (5 and 6)
])
def test_each_hole_of_a_multiple_capture_takes_the_hole_across(pickextra: str, stores: list[int]):
    game = make(4, 2, rules_version="1.10", stores=True, capt_on=[2], multicapt=-1,
                pickextra=pickextra)
    pos = run(game, BOARD, 0)
    assert pos.stores == stores


def test_a_child_across_is_not_taken():
    game = make(4, 2, rules_version="1.10", stores=True, capt_on=[2], multicapt=-1,
                pickextra="PICKCROSSMULT", child_type="NORMAL", child_cvt=5)
    pos = run(game, BOARD, 0, children="......N.")
    assert (pos.board[6], pos.stores) == (5, [7, 0])


def test_the_c_core_leaves_pickcrossmult_to_the_python_engine():
    game = make(4, 2, rules_version="1.10", stores=True, capt_on=[2], multicapt=-1,
                pickextra="PICKCROSSMULT")
    assert why_not_fast(game.variant)


# ---- RANDOM_ZEROS --------------------------------------------------------------------------


def test_random_zeros_holes_hold_none_or_four_and_more():
    import random

    for seed in range(20):
        board = start_board(StartPattern.RANDOM_ZEROS, 6, 72, 0, random.Random(seed))
        assert sum(board) == 72 and len(board) == 12
        assert all(seeds == 0 or seeds >= 4 for seeds in board), board
    game = share_one(start_pattern="RANDOM_ZEROS")
    assert game.start(0, seed=3).board == game.start(0, seed=3).board


def test_small_holes_go_to_the_next_hole_that_reaches_four():
    assert no_small_holes([3, 1, 2, 4, 0, 2]) == [0, 6, 0, 6, 0, 0]  # 2 left over: to hole 1
    assert no_small_holes([1, 1, 1, 0]) == [3, 0, 0, 0]  # too few for any hole of four
