"""end_rule ROW_EMPTY, the end of published Kalah (docs/rules.md, "end_rule"): the game
ends as soon as a move leaves either row empty, whoever is to move, and each player
banks the seeds left on their own row; no end by a majority.

Each case is worked out by hand and set against what the reference's end rule does on
the same position. Three holes a side: South 0 1 2, North 3 4 5; hole i faces 5 - i;
sowing counter-clockwise passes South's store after hole 2 and skips North's.
"""

from __future__ import annotations

from typing import Any

import pytest

from mancala.engine import OutcomeKind
from tests.engine.helpers import make, run

KALAH: dict[str, Any] = {"stores": True, "sow_own_store": True, "crosscapt": True,
                         "xcpickown": "PICK_ON_CAPT", "capt_side": "OPP_SIDE"}
ROW_EMPTY = {"end_rule": "ROW_EMPTY"}


def test_a_move_that_empties_the_movers_own_row_ends_the_game_though_the_other_can_move():
    # South 2 (two seeds): one into South's store, the last into North's hole 3 (now 2).
    # South's row is empty: North banks 2 + 1 + 1; 1 against 4, North wins by 3.
    pos = run(make(**KALAH, **ROW_EMPTY), [0, 0, 2, 1, 1, 1], 2)
    assert (pos.board, pos.stores) == ([0] * 6, [1, 4])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 1)
    # the reference's rule plays on: North has moves and nobody holds a majority
    ref = run(make(**KALAH), [0, 0, 2, 1, 1, 1], 2)
    assert (ref.board, ref.stores, ref.outcome, ref.turn) == ([0, 0, 0, 2, 1, 1], [1, 0], None, 1)


def test_a_move_ending_in_the_store_that_empties_the_own_row_ends_the_game_too():
    # South 2 (one seed) into the store: a repeat turn, but South's row is empty, so the
    # game ends at once and North banks its 3.
    pos = run(make(**KALAH, **ROW_EMPTY), [0, 0, 1, 1, 1, 1], 2, stores=[2, 2])
    assert (pos.board, pos.stores) == ([0] * 6, [3, 5])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 1)


def test_a_capture_that_empties_the_opponents_row_banks_the_movers_own_row():
    # South 0 (one seed) ends in its empty hole 1 facing 4 (3 seeds): 4 to the store.
    # North's row is empty: South banks the 2 on hole 2: 6 to 0.
    pos = run(make(**KALAH, **ROW_EMPTY), [1, 0, 2, 0, 3, 0], 0)
    assert (pos.board, pos.stores) == ([0] * 6, [6, 0])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)
    # the reference's rule stops at the majority (4 of 6) with the board as it stands:
    # the 2 seeds on hole 2 are counted for nobody
    ref = run(make(**KALAH), [1, 0, 2, 0, 3, 0], 0)
    assert (ref.board, ref.stores) == ([0, 0, 2, 0, 0, 0], [4, 0])
    assert (ref.outcome.kind, ref.outcome.winner) == (OutcomeKind.WIN, 0)


def test_a_majority_does_not_end_the_game():
    # South 1 ends in its empty hole 2 facing 3 (1 seed): 2 to the store, 7 of 10 seeds.
    # Both rows still hold seeds: North moves next.
    pos = run(make(**KALAH, **ROW_EMPTY), [1, 1, 0, 1, 1, 1], 1, stores=[5, 0])
    assert (pos.board, pos.stores, pos.outcome, pos.turn) == ([1, 0, 0, 0, 1, 1], [7, 0], None, 1)
    ref = run(make(**KALAH), [1, 1, 0, 1, 1, 1], 1, stores=[5, 0])
    assert (ref.outcome.kind, ref.outcome.winner) == (OutcomeKind.WIN, 0)
    assert ref.board == [1, 0, 0, 0, 1, 1]  # left as it stands


def test_both_rows_holding_seeds_but_no_move_still_ends_the_game():
    # min_move 2: South 0 sows holes 1 and 2 (no capture: hole 3 is empty); North's only
    # seeds are a single one in hole 4, so North cannot move: over, each banks their row.
    pos = run(make(**KALAH, **ROW_EMPTY, min_move=2), [2, 0, 0, 0, 1, 0], 0)
    assert (pos.board, pos.stores) == ([0] * 6, [2, 1])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)


def test_a_draw_when_the_banked_rows_even_out():
    # South 2 puts its last seed in the store and empties its row: 2 + 1 against 3.
    pos = run(make(**KALAH, **ROW_EMPTY), [0, 0, 1, 0, 0, 3], 2, stores=[2, 0])
    assert (pos.board, pos.stores) == ([0] * 6, [3, 3])
    assert pos.outcome.kind == OutcomeKind.TIE


@pytest.mark.parametrize("mustpass", [False, True])
def test_an_empty_row_at_the_start_of_a_turn_ends_the_game_whoever_moves(mustpass: bool):
    # North's 5 (one seed) lands in North's store, passed right after hole 5: a repeat
    # turn, but North's row is empty, so the game ends and South banks its row.
    game = make(**KALAH, **ROW_EMPTY, mustpass=mustpass)
    pos = run(game, [1, 2, 0, 0, 0, 1], 5, turn=1)
    assert (pos.board, pos.stores) == ([0] * 6, [3, 1])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, 0)
