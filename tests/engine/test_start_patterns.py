"""Start patterns, laid out for either starter (docs/rules-decisions.md, "Start patterns").

Ring positions are counted counter-clockwise from the starter's leftmost hole: hole 0
for South, hole n for North.
"""

from __future__ import annotations

import pytest

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
        # ring 2 4 6 8 10 = holes 2 4 6 8 10; the middle one (6) moves to its opposite 5
        (6, 0, [0, 0, 4, 0, 4, 4, 0, 0, 4, 0, 4, 0]),
        # from North: ring 2.. = holes 8 10 0 2 4; the middle one (0) moves to 11
        (6, 1, [0, 0, 4, 0, 4, 0, 0, 0, 4, 0, 4, 4]),
        # 4 filled holes 2 4 6 8: the lower middle (4) moves to its opposite 5
        (5, 0, [0, 0, 4, 0, 0, 4, 4, 0, 4, 0]),
        # 2 filled holes 2 4: the lower middle (2) moves to 3
        (3, 0, [0, 0, 0, 4, 4, 0]),
    ],
)
def test_gamacha_fills_every_other_hole_from_the_starters_third_and_moves_the_middle_across(holes, starter, expected):
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
        (4, 0, [0, 1, 0, 3, 0, 3, 0, 3]),  # South's filled 1 and 3: 1 gets one seed
        (4, 1, [0, 3, 0, 3, 0, 1, 0, 3]),  # North's filled 5 and 7: 5 gets one seed
        (3, 0, [0, 1, 0, 3, 0, 3]),  # the only filled hole of a 3-hole row
        (3, 1, [3, 0, 3, 0, 1, 0]),
    ],
)
def test_alts_with_1_puts_one_seed_in_the_starters_second_filled_hole_from_the_right(holes, starter, expected):
    result = board("ALTS_WITH_1", holes, 3, starter)
    assert result == expected
    assert sum(result) == (holes - 1) * 3 + 1


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
