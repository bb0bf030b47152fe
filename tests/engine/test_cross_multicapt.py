"""crosscapt with multicapt: a chain of cross captures over holes holding a single seed.

Worked out by hand from the reference and docs/rules-decisions.md ("Captures"). 4 holes a
side: South 0..3, North 4..7, hole i faces 7-i. Stores exist but are not sown into.
"""

from __future__ import annotations

import pytest

from mancala.engine.fast import why_not_fast
from mancala.rules.loading import parse_variant
from tests.engine.helpers import make, run, variant


def cross(**gi):
    return make(4, 1, stores=True, crosscapt=True, **gi)


def play(game, board, move, turn=0):
    """(board, seeds captured by each player) after the move; seeds in the stores (16 the
    mover's, 26 the other's) keep the game from ending on the spot."""
    stores = [16, 26] if turn == 0 else [26, 16]
    pos = run(game, board, move, turn=turn, stores=stores)
    return pos.board, [pos.stores[0] - stores[0], pos.stores[1] - stores[1]]


# South sows 3 seeds from 0: 1, 2 and 3 were empty and now hold one seed each. The last
# (3) faces 4; going back over the sown holes, 2 faces 5 and 1 faces 6.
BACK = [3, 0, 0, 0, 2, 3, 4, 5]


@pytest.mark.parametrize(("multicapt", "board", "store"), [
    (0, [0, 1, 1, 1, 0, 3, 4, 5], 2),  # one cross capture, as without multicapt
    (1, [0, 1, 1, 1, 0, 3, 4, 5], 2),
    (2, [0, 1, 1, 1, 0, 0, 4, 5], 5),
    (-1, [0, 1, 1, 1, 0, 0, 0, 5], 9),  # hole 0 (emptied by the move) ends the chain
])
def test_multicapt_goes_on_back_over_the_sown_single_seeds(multicapt, board, store):
    got = play(cross(multicapt=multicapt), BACK, 0)
    assert got == (board, [store, 0])


def test_capsamedir_chains_ahead_over_single_seeds_already_there():
    # South sows 1 seed from 0 into empty 1 (faces 6); ahead, 2 and 3 hold single seeds
    # (facing 5 and 4); 4 is then empty: the chain stops there
    board = [1, 0, 1, 1, 2, 3, 4, 5]
    got = play(cross(multicapt=-1, capsamedir=True), board, 0)
    assert got == ([0, 1, 1, 1, 0, 0, 0, 5], [9, 0])
    got = play(cross(multicapt=-1), board, 0)  # back: hole 0 is empty, one capture only
    assert got == ([0, 1, 1, 1, 2, 3, 0, 5], [4, 0])


def test_a_hole_that_holds_more_than_one_seed_ends_the_chain():
    board = [3, 2, 0, 0, 2, 3, 4, 5]  # 1 holds 3 seeds after the sow
    got = play(cross(multicapt=-1), board, 0)
    assert got == ([0, 3, 1, 1, 0, 0, 4, 5], [5, 0])


def test_the_basic_criteria_hold_for_every_capture_of_the_chain():
    got = play(cross(multicapt=-1, evens=True), [3, 0, 0, 0, 2, 3, 4, 5], 0)
    assert got == ([0, 1, 1, 1, 0, 3, 4, 5], [2, 0])  # 5 holds 3: odd


@pytest.mark.parametrize(("xcpickown", "board", "store"), [
    ("LEAVE", [0, 1, 1, 1, 0, 0, 0, 5], 9),
    ("PICK_ON_CAPT", [0, 0, 0, 0, 0, 0, 0, 5], 12),  # each single seed that captured
    ("ALWAYS_PICK", [0, 0, 0, 0, 0, 0, 0, 5], 12),
])
def test_xcpickown_picks_the_single_seed_of_every_cross_capture_of_the_chain(xcpickown, board, store):
    got = play(cross(multicapt=-1, xcpickown=xcpickown), BACK, 0)
    assert got == (board, [store, 0])


def test_always_pick_without_a_capture_picks_the_last_seed_only():
    got = play(cross(multicapt=-1, xcpickown="ALWAYS_PICK"), [3, 0, 0, 0, 0, 3, 4, 5], 0)
    assert got == ([0, 1, 1, 0, 0, 3, 4, 5], [1, 0])


def test_opp_cont_checks_the_side_of_the_first_capture_only():
    # North sows 3 from 4: 5, 6, 7 were empty; 7 faces 0 (South's: the first capture must
    # be on the opponent's side), then 6 faces 1 and 5 faces 2
    game = make(4, 1, stores=True, crosscapt=True, multicapt=-1, capt_side="OPP_CONT")
    got = play(game, [2, 3, 4, 5, 3, 0, 0, 0], 4, turn=1)
    assert got == ([0, 0, 0, 5, 0, 1, 1, 1], [0, 9])


def test_lap_capt_cross_captures_chain_at_the_end_of_each_lap():
    game = make(4, 1, stores=True, crosscapt=True, multicapt=-1, mlaps="LAPPER", sow_rule="LAP_CAPT")
    # the first lap ends in 3 (empty before): the chain takes 4, 5 and 6; sowing goes on
    # with the single seed of 3, into 4 (emptied): 4 faces 3, drawn empty: nothing more
    got = play(game, [3, 0, 0, 0, 2, 3, 4, 5], 0)
    assert got == ([0, 1, 1, 0, 1, 0, 0, 5], [9, 0])


def test_cross_multicapt_variants_are_left_to_the_python_engine():
    v = parse_variant(variant(4, 1, stores=True, crosscapt=True, multicapt=2))
    assert why_not_fast(v) == ["multicapt=2 with crosscapt"]
    assert why_not_fast(parse_variant(variant(4, 1, stores=True, crosscapt=True))) == []
