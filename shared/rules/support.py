"""What this engine does not play yet, by parameter and value.

The reference describes more than the engine implements; such a variant is
refused with "not supported yet: <param>=<value>", never played wrongly.
"""

from __future__ import annotations

from mancala.rules.enums import (
    AllowRule,
    GameClass,
    Goal,
    SowPrescribed,
)
from mancala.rules.errors import Violation
from mancala.rules.variant import Variant

PLAYED_GOALS = {Goal.MAX_SEEDS, Goal.DEPRIVE, Goal.CLEAR, Goal.TERRITORY, Goal.RND_WIN_COUNT,
                Goal.RND_SEED_COUNT, Goal.RND_EXTRA_SEEDS, Goal.RND_POINTS}
# the game classes played so far
PLAYED_CLASSES = set(GameClass)  # every game class; combinations refused below
RIGHT_ALLOWS = {AllowRule.TWO_ONLY_ALL_RIGHT, AllowRule.FIRST_TURN_ONLY_RIGHT_TWO,
                AllowRule.RIGHT_2_1ST_THEN_ALL_TWO}


def unsupported(variant: Variant) -> list[Violation]:
    gi = variant.game_info
    found: list[tuple[str, object]] = []
    if variant.game_class not in PLAYED_CLASSES:
        found.append(("game_class", variant.game_class.value))
    if variant.game_class in (GameClass.SAME_SIDE, GameClass.OHOJICHI):
        # the reference limits their captures to the basic ones, NEXT and TWO_OUT
        # (constraint sameside_capt_mechanisms); the allow rules about a player's rightmost
        # holes have no right end to go by on Ohojichi's halves
        cls = variant.game_class.value
        if gi.allow_rule in RIGHT_ALLOWS and variant.game_class == GameClass.OHOJICHI:
            found.append(("allow_rule", f"{gi.allow_rule.value} with game_class {cls}"))
    if variant.game_class in (GameClass.NORTH_SOUTH_CYCLE, GameClass.EAST_WEST_CYCLE,
                              GameClass.SAME_SIDE, GameClass.OHOJICHI):
        # Sowing, captures, multiple captures, allow rules and the rule sower follow the
        # cycles (classes.successors) and the sides (classes.class_sides). Still not wired:
        # the ARNGE_LIMIT arrangement on the halves (it lays out a row)
        cls = variant.game_class.value
        if gi.prescribed == SowPrescribed.ARNGE_LIMIT and variant.game_class in (
                GameClass.EAST_WEST_CYCLE, GameClass.OHOJICHI):
            found.append(("prescribed", f"{gi.prescribed.value} with game_class {cls}"))
    if gi.goal not in PLAYED_GOALS:
        found.append(("goal", gi.goal.value))
    return [
        Violation((param,), "not_supported_yet", f"not supported yet: {param}={value}")
        for param, value in found
    ]
