"""TERRITORY goal: claimed holes, hole ownership between rounds, moves and collection by
owner, UCHOWN, and territory without rounds.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md ("Rounds and territory"). 3 holes a side, 4 seeds a hole
(24 seeds): South 0 1 2, North 3 4 5. The games sow into their own stores.
"""

from __future__ import annotations

import pytest

from mancala.engine import Game, OutcomeKind
from mancala.engine.position import Outcome, Position
from tests.engine.helpers import at, make, run

ROUND_WIN, ROUND_TIE = OutcomeKind.ROUND_WIN, OutcomeKind.ROUND_TIE
WIN, TIE = OutcomeKind.WIN, OutcomeKind.TIE


def terr(goal_param: int = 5, **gi):
    base = {"goal": "TERRITORY", "goal_param": goal_param, "stores": True, "sow_own_store": True,
            "rounds": "HALF_SEEDS"}
    return make(3, 4, **(base | gi))


def kind(pos):
    return None if pos.outcome is None else (pos.outcome.kind, pos.outcome.winner)


def owned(pos, owners):
    """A hand-made position with these hole owners."""
    pos.owners = owners
    return pos


def test_uchown_after_a_tie_needs_no_choice():
    game = terr(goal_param=4, rounds="NO_MOVES", round_fill="UCHOWN")
    pos = run(game, [0, 0, 1, 0, 0, 0], 2, stores=[11, 12])
    assert kind(pos) == (ROUND_TIE, None)
    assert game.round_choice(pos) is None
    assert game.next_round(pos).owners == [0, 0, 0, 1, 1, 1]


# ---- rules that read the holes' owners, not the rows (docs/rules-decisions.md) ----------
# Hand-made positions without sowing into stores: 3 holes a side, South 0 1 2, North 3 4 5.


def capturing(**gi):
    return terr(sow_own_store=False, capt_on=[2], rounds="NO_MOVES", **gi)


# ---- 1.10: the hole a round's winner could only part-fill (mancala.engine.territory) ------
# Hand-made round ends North won with every seed in the stores; 4 holes a side, South
# 0..3, North 4..7.

TERRITORY_110 = {"rules_version": "1.10", "goal": "TERRITORY", "goal_param": 6, "stores": True,
                 "rounds": "NO_MOVES"}


def north_won(game: Game, stores: list[int]) -> Position:
    pos = at(game, [0] * game.size, stores=stores, turn=1)
    pos.outcome = Outcome(ROUND_WIN, 1)
    return pos


def north_holes(pos: Position) -> int:
    return sum(owner == 1 for owner in pos.owner)


def test_terr_ex_random_draws_the_half_filled_hole_between_the_players():
    # 2 seeds a hole: North's 9 are 4 holes and half of a fifth, which either player may
    # get; over many draws both do
    game = make(4, 2, round_fill="TERR_EX_RANDOM", **TERRITORY_110)
    drawn = set()
    for seed in range(20):
        game.pipe.rng.seed(seed)
        drawn.add(north_holes(game.next_round(north_won(game, [7, 9]))))
    assert drawn == {4, 5}


@pytest.mark.parametrize("round_fill", [{}, {"round_fill": "TERR_EX_RANDOM"}])
def test_a_part_of_less_than_half_a_hole_is_the_losers_and_more_than_half_the_winners(round_fill):
    # 8 seeds a hole: North's 35 are 4 holes and 3 seeds (fewer than 4: no fifth hole),
    # 37 are 4 holes and 5 seeds (a fifth); neither is drawn for
    game = make(4, 8, **round_fill, **TERRITORY_110)
    assert north_holes(game.next_round(north_won(game, [29, 35]))) == 4
    assert north_holes(game.next_round(north_won(game, [27, 37]))) == 5
    assert not game.next_round_outside(north_won(game, [29, 35]))


def test_terr_ex_empty_empties_the_losers_first_hole_only_when_south_has_a_part():
    # 3 seeds a hole. Seeds that left the game (unclaimed DONT_SCORE) can leave North a
    # part when South has none: North's 13 are 4 holes and 1 seed, South's 9 three whole
    # holes. The reference reads South's part alone, so the loser's first hole stays full.
    game = make(4, 3, round_fill="TERR_EX_EMPTY", unclaimed="DONT_SCORE", **TERRITORY_110)
    nxt = game.next_round(north_won(game, [9, 13]))
    assert (nxt.board, nxt.stores) == ([3] * 8, [0, 1])
    # South's part 1, North's 2: the loser's first hole (0) makes up the difference
    nxt = game.next_round(north_won(game, [10, 14]))
    assert (nxt.board, nxt.stores) == ([0] + [3] * 7, [1, 2])
