"""What this engine does not play yet, by parameter and value.

The reference describes more than the engine implements; such a variant is
refused with "not supported yet: <param>=<value>", never played wrongly.
"""

from __future__ import annotations

from mancala.rules.enums import (
    AllowRule,
    CaptSide,
    GameClass,
    Goal,
    GrandSlam,
)
from mancala.rules.errors import Violation
from mancala.rules.variant import Variant

PLAYED_GOALS = {Goal.MAX_SEEDS, Goal.DEPRIVE, Goal.CLEAR, Goal.TERRITORY, Goal.RND_WIN_COUNT,
                Goal.RND_SEED_COUNT, Goal.RND_EXTRA_SEEDS, Goal.RND_POINTS}
# TERRITORY: these still read "the player's row" where the hole owners should count
ROW_ALLOWS = {AllowRule.SINGLE_ONLY_ALL, AllowRule.SINGLE_ALL_TO_ZERO, AllowRule.TWO_ONLY_ALL,
              AllowRule.TWO_ONLY_ALL_RIGHT, AllowRule.RIGHT_2_1ST_THEN_ALL_TWO}


def unsupported(variant: Variant) -> list[Violation]:
    gi = variant.game_info
    found: list[tuple[str, object]] = []
    if variant.game_class != GameClass.MANCALA:
        found.append(("game_class", variant.game_class.value))
    if gi.goal == Goal.TERRITORY:
        # capture sides by hole owner (capture.py) and row-based allow rules are still to do
        if gi.capt_side != CaptSide.BOTH:
            found.append(("capt_side", f"{gi.capt_side.value} with goal TERRITORY"))
        if gi.allow_rule in ROW_ALLOWS:
            found.append(("allow_rule", f"{gi.allow_rule.value} with goal TERRITORY"))
        if gi.grandslam in (GrandSlam.LEAVE_LEFT, GrandSlam.LEAVE_RIGHT):
            found.append(("grandslam", f"{gi.grandslam.value} with goal TERRITORY"))
    if gi.goal not in PLAYED_GOALS:
        found.append(("goal", gi.goal.value))
    if gi.no_sides:
        found.append(("no_sides", True))
    if gi.crosscapt and gi.multicapt:
        found.append(("multicapt", f"{gi.multicapt} with crosscapt"))
    return [
        Violation((param,), "not_supported_yet", f"not supported yet: {param}={value}")
        for param, value in found
    ]
