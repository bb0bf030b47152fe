"""TERRITORY goal: claimed holes, hole ownership between rounds, moves and collection by
owner, UCHOWN, and territory without rounds.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md ("Rounds and territory"). 3 holes a side, 4 seeds a hole
(24 seeds): South 0 1 2, North 3 4 5. The games sow into their own stores.
"""

from __future__ import annotations

from mancala.engine import OutcomeKind
from tests.engine.helpers import make, run

ROUND_WIN, ROUND_TIE = OutcomeKind.ROUND_WIN, OutcomeKind.ROUND_TIE
WIN, TIE = OutcomeKind.WIN, OutcomeKind.TIE


def terr(goal_param: int = 5, **gi):
    base = {"goal": "TERRITORY", "goal_param": goal_param, "stores": True, "sow_own_store": True,
            "rounds": "HALF_SEEDS"}
    return make(3, 4, **(base | gi))


def kind(pos):
    return None if pos.outcome is None else (pos.outcome.kind, pos.outcome.winner)


# South's 2 -> its store and 3: 16 of 24 > 12 ends the round; North's seed in 3 and the
# one in 4 are collected: 16 - 8.
ROUND_END = ([0, 0, 2, 1, 1, 0], [15, 5])


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


# South owns 0, 1 and 5 (North's row, facing 0): as South sees the board, columns 0 (holes 0
# and 5), 1 (hole 1), 2 (hole 2, North's): hole 1 is South's rightmost hole
SOUTH_ACROSS = [0, 0, 1, 1, 1, 0]


