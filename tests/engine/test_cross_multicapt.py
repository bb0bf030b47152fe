"""crosscapt with multicapt: a chain of cross captures over holes holding a single seed.

Worked out by hand from the reference and docs/rules-decisions.md ("Captures"). 4 holes a
side: South 0..3, North 4..7, hole i faces 7-i. Stores exist but are not sown into.
"""

from __future__ import annotations

import pytest

from tests.engine.helpers import make, run


def cross(**gi):
    return make(4, 1, stores=True, crosscapt=True, **gi)


def play(game, board, move, turn=0):
    """(board, seeds captured by each player) after the move; seeds in the stores (16 the
    mover's, 26 the other's) keep the game from ending on the spot."""
    stores = [16, 26] if turn == 0 else [26, 16]
    pos = run(game, board, move, turn=turn, stores=stores)
    return pos.board, [pos.stores[0] - stores[0], pos.stores[1] - stores[1]]


# As the reference's CaptCross: the first cross capture needs the last seed alone in its
# hole; each later capture of the chain needs its hole EMPTY. Going back over the sown
# holes (no capsamedir) the chain therefore stops at once, unless it reaches the start
# hole the draw emptied (a one-seed sowing) -- the advice "crosscapt with multicapt but
# without capsamedir captures as crosscapt alone".

# South sows 3 seeds from 0: 1, 2 and 3 now hold one seed each; 3 faces 4 (2 seeds)
BACK = [3, 0, 0, 0, 2, 3, 4, 5]


@pytest.mark.parametrize("multicapt", [0, 1, 2, -1])
def test_going_back_the_chain_stops_at_the_sown_holes(multicapt):
    got = play(cross(multicapt=multicapt), BACK, 0)
    assert got == ([0, 1, 1, 1, 0, 3, 4, 5], [2, 0])


# South sows its single seed from 1 into 2 (faces 5: 3 seeds); back: 1 (emptied by the
# draw) faces 6 (4), then 0 (empty) faces 7 (5); then 7, emptied, faces 0: nothing to take
ONE_SEED = [0, 1, 0, 0, 2, 3, 4, 5]


@pytest.mark.parametrize(("multicapt", "board", "store"), [
    (0, [0, 0, 1, 0, 2, 0, 4, 5], 3),
    (2, [0, 0, 1, 0, 2, 0, 0, 5], 7),
    (-1, [0, 0, 1, 0, 2, 0, 0, 0], 12),
])
def test_going_back_the_chain_goes_on_over_empty_holes(multicapt, board, store):
    got = play(cross(multicapt=multicapt), ONE_SEED, 1)
    assert got == (board, [store, 0])


def test_capsamedir_chains_ahead_over_empty_holes():
    # South sows 1 seed from 0 into empty 1 (faces 6: 4); ahead 2 and 3 are empty (facing
    # 5: 3 and 4: 2); then 4, just emptied, faces 3 (empty): the chain stops
    board = [1, 0, 0, 0, 2, 3, 4, 5]
    got = play(cross(multicapt=-1, capsamedir=True), board, 0)
    assert got == ([0, 1, 0, 0, 0, 0, 0, 5], [9, 0])
    # back instead: 0 (emptied by the draw) faces 7 (5); 7 then faces the empty 0
    got = play(cross(multicapt=-1), board, 0)
    assert got == ([0, 1, 0, 0, 2, 3, 0, 0], [9, 0])


def test_a_hole_that_holds_seeds_ends_the_chain():
    board = [1, 0, 2, 0, 2, 3, 4, 5]  # ahead of 1, hole 2 holds 2 seeds
    got = play(cross(multicapt=-1, capsamedir=True), board, 0)
    assert got == ([0, 1, 2, 0, 2, 3, 0, 5], [4, 0])


def test_the_basic_criteria_hold_for_every_capture_of_the_chain():
    got = play(cross(multicapt=-1, capsamedir=True, evens=True), [1, 0, 0, 0, 2, 3, 4, 5], 0)
    assert got == ([0, 1, 0, 0, 2, 3, 0, 5], [4, 0])  # 5 holds 3: odd, the chain stops


@pytest.mark.parametrize(("xcpickown", "board", "store"), [
    ("LEAVE", [0, 1, 0, 0, 0, 0, 0, 5], 9),
    ("PICK_ON_CAPT", [0, 0, 0, 0, 0, 0, 0, 5], 10),  # the sowing's last seed
    ("ALWAYS_PICK", [0, 0, 0, 0, 0, 0, 0, 5], 10),
])
def test_xcpickown_picks_the_last_seed_of_a_chain(xcpickown, board, store):
    game = cross(multicapt=-1, capsamedir=True, xcpickown=xcpickown)
    got = play(game, [1, 0, 0, 0, 2, 3, 4, 5], 0)
    assert got == (board, [store, 0])


def test_always_pick_without_a_capture_picks_the_last_seed_only():
    got = play(cross(multicapt=-1, xcpickown="ALWAYS_PICK"), [3, 0, 0, 0, 0, 3, 4, 5], 0)
    assert got == ([0, 1, 1, 0, 0, 3, 4, 5], [1, 0])


@pytest.mark.parametrize(("capt_side", "board", "store"), [
    ("OPP_CONT", [2, 3, 4, 5, 0, 1, 1, 1], 0),
    ("OWN_CONT", [0, 3, 4, 5, 0, 1, 1, 1], 2),
])
def test_cont_sides_read_the_side_the_sowing_ended_on(capt_side, board, store):
    """As the reference's capt_ok: OPP_CONT and OWN_CONT test the side of the hole the
    capture is tried from (where the sowing ended), not the hole captured. North sows 3
    from 4: 5, 6, 7; 7 (North's own side) faces 0 (2 seeds)."""
    game = make(4, 1, stores=True, crosscapt=True, multicapt=-1, capt_side=capt_side)
    got = play(game, [2, 3, 4, 5, 3, 0, 0, 0], 4, turn=1)
    assert got == (board, [0, store])


def test_lap_capt_cross_captures_at_the_end_of_each_lap():
    game = make(4, 1, stores=True, crosscapt=True, multicapt=-1, mlaps="LAPPER", sow_rule="LAP_CAPT")
    # the first lap ends in 3 (empty before) and takes 4 (2); back, 2 was just sown: the
    # chain stops; sowing goes on with the single seed of 3, into 4 (emptied), which
    # faces the now empty 3: nothing more
    got = play(game, [3, 0, 0, 0, 2, 3, 4, 5], 0)
    assert got == ([0, 1, 1, 0, 1, 3, 4, 5], [2, 0])
