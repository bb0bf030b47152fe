"""The rules summary's sentence on an early end, held against what the engine does.

For a game won by the most seeds, without rounds, the engine ends the game as soon as a
player has taken more than half of all the seeds (engine/ending.py, ClearWinner), often
with seeds still on both rows. The summary says so; here every shipped variant whose
summary says it is played at random, and wherever a move leaves a player past half, the
game must be over.
"""

from __future__ import annotations

import random
import re

from mancala.engine.game import Game
from mancala.rules.enums import ChildType
from mancala.rules.summary import summary
from tests.engine.test_trace import VARIANTS

EARLY_END = "as soon as a player has taken more than half of all the seeds"


# the shipped variants whose summary says it (test_trace.VARIANTS: every config that loads)
SAYING_IT = {stem: v for stem, v in VARIANTS.items() if any(EARLY_END in line for line in summary(v))}


def test_the_summary_says_it_where_the_engine_does_it() -> None:
    assert "kalah_4" in SAYING_IT and "oware_abapa" in SAYING_IT
    assert "kalah_standard" not in SAYING_IT  # ROW_EMPTY: its own sentence on the end
    assert len(SAYING_IT) > 100
    rng = random.Random(7)
    early = 0
    for stem, variant in SAYING_IT.items():
        if variant.game_info.child_type != ChildType.NOCHILD:
            continue  # children's seeds count too: the stores alone say too little
        game = Game(variant)
        for k in range(3):
            pos = game.start(k % 2)
            for _ in range(400):
                legal = game.legal_moves(pos)
                if pos.outcome is not None or not legal:
                    break
                pos = game.play(pos, rng.choice(legal))
                half = pos.total - pos.total // 2
                if max(pos.stores) > half:
                    assert pos.outcome is not None, f"{stem}: a player is past half and play goes on"
                    early += any(pos.board)
    assert early > 50  # the rule ended games with seeds still in play


# a description that gives the early end's count in figures: "more than half the seeds
# (25 of 48)"
ABOUT_COUNT = re.compile(r"more than half the seeds \((\d+) of (\d+)\)")


def test_descriptions_that_give_the_count_give_the_engines() -> None:
    """The hand-written descriptions of the three-to-six-seed Kalah games state the early
    end in figures; the figures must be the game's, and the game must end that way."""
    giving = {stem: (v, found) for stem, v in VARIANTS.items()
              if (found := ABOUT_COUNT.search(v.game_info.about)) is not None}
    assert {"kalah_3", "kalah_4", "kalah_5", "kalah_6"} <= set(giving)
    for stem, (variant, found) in giving.items():
        wins, total = int(found.group(1)), int(found.group(2))
        pos = Game(variant).start(0)
        assert pos.total == total, f"{stem}: the description says {total} seeds, the game has {pos.total}"
        assert wins == total // 2 + 1, f"{stem}: {wins} of {total} is not the least count past half"
        assert stem in SAYING_IT, f"{stem}: the description gives an early end its rules do not have"
