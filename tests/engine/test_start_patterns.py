"""Start patterns, laid out for either starter (docs/rules-decisions.md, "Start patterns").

Ring positions are counted counter-clockwise from the starter's leftmost hole: hole 0
for South, hole n for North.
"""

from __future__ import annotations

import pytest

from mancala.engine.start import start_board, start_stores, start_total
from mancala.rules.enums import StartPattern
from mancala.rules.errors import VariantError
from tests.engine.helpers import make


def board(start_pattern, holes, nbr_start, starter, seed=None):
    game = make(holes=holes, nbr_start=nbr_start, start_pattern=start_pattern)
    pos = game.start(starter, seed=seed)
    assert pos.turn == starter
    assert pos.stores == [0, 0]
    return pos.board


@pytest.mark.parametrize("starter", [0, 1])
def test_all_equal_fills_every_hole_with_nbr_start(starter):
    assert board("ALL_EQUAL", 4, 3, starter) == [3] * 8  # 3 x 4 x 2 = 24 seeds


@pytest.mark.parametrize(
    ("holes", "starter", "expected"),
    [
        # holes 2 4 6 8 10 filled; the starter's first move is made: the hole across from
        # 1 + 2 * ((holes - 1) // 4) = 3 (hole 8) is moved into 3
        (6, 0, [0, 0, 4, 4, 4, 0, 4, 0, 0, 0, 4, 0]),
        # North starts: the same board turned half a turn
        (6, 1, [4, 0, 0, 0, 4, 0, 0, 0, 4, 4, 4, 0]),
        # 5 holes: 2 4 6 8 filled, 6 (across from 3) moved into 3
        (5, 0, [0, 0, 4, 4, 4, 0, 0, 0, 4, 0]),
        # 3 holes: 2 4 filled, 4 (across from 1) moved into 1
        (3, 0, [0, 4, 4, 0, 0, 0]),
    ],
)
def test_gamacha_fills_every_other_hole_and_makes_the_starters_first_move(holes, starter, expected):
    """As the reference's GamachaPattern lays it out (fill_patterns.py)."""
    result = board("GAMACHA", holes, 4, starter)
    assert result == expected
    assert sum(result) == (holes - 1) * 4


@pytest.mark.parametrize(
    ("holes", "starter", "expected"),
    [
        (3, 0, [0, 2, 0, 2, 0, 2]),  # the starter's leftmost is empty; South has fewer
        (3, 1, [2, 0, 2, 0, 2, 0]),  # ring from 3: 4, 0, 2; North has fewer
        (4, 0, [0, 2, 0, 2, 0, 2, 0, 2]),
        (4, 1, [0, 2, 0, 2, 0, 2, 0, 2]),
    ],
)
def test_alternates_fills_every_other_hole_with_no_filled_holes_facing(holes, starter, expected):
    result = board("ALTERNATES", holes, 2, starter)
    assert result == expected
    assert sum(result) == holes * 2
    assert all(not (result[h] and result[2 * holes - 1 - h]) for h in range(2 * holes))


@pytest.mark.parametrize(
    ("holes", "starter", "expected"),
    [
        # odd holes filled; hole holes + 3 - holes % 2 (North's second filled from its
        # left) gets one seed, and the board is turned half a turn when South starts
        (4, 0, [0, 3, 0, 1, 0, 3, 0, 3]),
        (4, 1, [0, 3, 0, 3, 0, 3, 0, 1]),
        (3, 0, [3, 0, 1, 0, 3, 0]),
        (3, 1, [0, 3, 0, 3, 0, 1]),
    ],
)
def test_alts_with_1_puts_one_seed_in_the_starters_second_filled_hole(holes, starter, expected):
    result = board("ALTS_WITH_1", holes, 3, starter)
    assert result == expected
    assert sum(result) == (holes - 1) * 3 + 1
    # the single seed is on the starter's row
    single = result.index(1)
    assert (single >= holes) == (starter == 1)


@pytest.mark.parametrize("starter", [0, 1])
def test_clippedtriples_fills_each_row_0_n_n_and_leaves_a_partial_cycle_empty(starter):
    assert board("CLIPPEDTRIPLES", 4, 2, starter) == [0, 2, 2, 0, 0, 2, 2, 0]
    assert board("CLIPPEDTRIPLES", 3, 2, starter) == [0, 2, 2, 0, 2, 2]
    assert sum(board("CLIPPEDTRIPLES", 7, 2, starter)) == (7 // 3) * 2 * 4


@pytest.mark.parametrize("starter", [0, 1])
def test_twoempty_leaves_each_players_two_rightmost_holes_empty(starter):
    assert board("TWOEMPTY", 4, 3, starter) == [3, 3, 0, 0, 3, 3, 0, 0]
    assert board("TWOEMPTY", 5, 1, starter) == [1, 1, 1, 0, 0, 1, 1, 1, 0, 0]


def test_random_same_seed_gives_the_same_board_and_nbr_start_is_the_total():
    first = board("RANDOM", 4, 20, 0, seed=7)
    assert first == board("RANDOM", 4, 20, 0, seed=7)
    assert sum(first) == 20
    assert len(first) == 8
    boards = {tuple(board("RANDOM", 4, 20, 0, seed=s)) for s in range(5)}
    assert len(boards) > 1
    assert all(sum(b) == 20 for b in boards)


@pytest.mark.parametrize(
    ("nbr_start", "starter", "expected"),
    [
        # North's rightmost (7) gives 8 // 4 = 2 to the hole facing it (0)
        (8, 0, [2, 8, 0, 8, 0, 8, 0, 6]),
        # South's rightmost (3) gives 2 to North's empty leftmost (4)
        (8, 1, [0, 8, 0, 6, 2, 8, 0, 8]),
        (5, 0, [1, 5, 0, 5, 0, 5, 0, 4]),  # a quarter rounded down
    ],
)
def test_alts_split_moves_a_quarter_of_the_non_starters_rightmost_hole_across(nbr_start, starter, expected):
    result = board("ALTS_SPLIT", 4, nbr_start, starter)
    assert result == expected
    assert sum(result) == 4 * nbr_start


@pytest.mark.parametrize("starter", [0, 1])
def test_rightmost_plus_one_adds_a_seed_to_each_players_rightmost_hole(starter):
    result = board("RIGHTMOST_PLUS_ONE", 3, 2, starter)
    assert result == [2, 2, 3, 2, 2, 3]
    assert sum(result) == 2 * 3 * 2 + 2


@pytest.mark.parametrize(
    ("pattern", "holes"),
    [("GAMACHA", 2), ("ALTS_WITH_1", 2), ("CLIPPEDTRIPLES", 2), ("TWOEMPTY", 3), ("ALTS_SPLIT", 3)],
)
def test_start_patterns_refuse_boards_they_do_not_support(pattern, holes):
    with pytest.raises(VariantError) as err:
        make(holes=holes, start_pattern=pattern)
    assert "start_pattern" in err.value.params


@pytest.mark.parametrize(("holes", "k", "row"), [
    (3, 1, [0, 1, 2]), (3, 2, [1, 3, 2]), (3, 3, [4, 3, 2]), (4, 2, [1, 2, 3, 2]),
    (5, 5, [6, 5, 4, 5, 5]), (6, 4, [4, 4, 5, 4, 3, 4]),
    (3, 8, [7, 8, 9]),  # 8 past one whole round of 2n+1 = 7 places counts as 1
    (3, 7, [7, 7, 7]), (4, 9, [9, 9, 9, 9]),  # whole rounds: no hole's seeds end in the store
    (5, 2, [2, 1, 2, 3, 2]),  # few seeds: the hole two to the left gives the seed
    (3, 10, [11, 10, 9]),  # 10 = 7 + 3: the leftmost hole reaches the store, the rightmost gives
    (3, 9, [8, 10, 9]),  # 9 = 7 + 2: hole 1 reaches it; two to its right is past the row: hole 0
])
def test_no_repeat_sow_own_moves_one_seed_on_each_row(holes, k, row):
    """1.10 NO_REPEAT_SOW_OWN (docs/rules-decisions.md): k seeds a hole, then on both rows
    alike the hole whose seeds would end in the store gains one, taken from another."""
    game = make(holes, k, rules_version="1.10", stores=True, start_pattern="NO_REPEAT_SOW_OWN")
    assert game.start(0).board == row * 2 and game.start(1).board == row * 2


FIXED_PATTERNS = [p for p in StartPattern if p not in (StartPattern.RANDOM, StartPattern.RANDOM_ZEROS)]


@pytest.mark.parametrize("pattern", FIXED_PATTERNS)
@pytest.mark.parametrize("v110", [False, True])
def test_start_total_counts_the_seeds_the_pattern_lays_out(pattern, v110):
    """start_total is what the end rules and round fills count as the game's seeds
    (ending.variant_total): it must be the board's and the stores' seeds as laid out, for
    every row length and hole count, odd and even (ALTS_WITH_1 differs by parity in 1.10)."""
    for holes in range(6, 12):  # AZIGO needs six holes a row
        for nbr_start in range(1, 7):
            laid = start_board(pattern, holes, nbr_start, 0, v110=v110)
            total = sum(laid) + sum(start_stores(pattern, nbr_start))
            assert start_total(pattern, holes, nbr_start, v110=v110) == total, (holes, nbr_start)


@pytest.mark.parametrize(("seed", "holes", "total", "expected"), [
    (7, 4, 20, [1, 2, 1, 3, 1, 3, 2, 7]),
    (11, 4, 20, [4, 5, 1, 1, 1, 0, 7, 1]),
    (12, 6, 48, [1, 6, 6, 5, 5, 4, 2, 3, 0, 1, 6, 9]),
])
def test_a_random_layout_is_the_same_from_the_same_seed_in_every_release(seed, holes, total, expected):
    """A RANDOM game is rebuilt from its seed (a stored game, a replay given the seed), so
    the layout a seed gives is pinned: the cut points of the unit interval, each share
    rounded (up from .6), the rounding's error put on the smallest or taken from the largest
    hole."""
    assert board("RANDOM", holes, total, 0, seed=seed) == expected
