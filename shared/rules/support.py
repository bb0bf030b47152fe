"""What this engine does not play yet, by parameter and value.

The reference describes more than the engine implements; such a variant is
refused with "not supported yet: <param>=<value>", never played wrongly.
"""

from __future__ import annotations

from mancala.rules.enums import (
    GameClass,
    Goal,
)
from mancala.rules.errors import Violation
from mancala.rules.variant import Variant

PLAYED_GOALS = {Goal.MAX_SEEDS, Goal.DEPRIVE, Goal.CLEAR, Goal.TERRITORY, Goal.RND_WIN_COUNT,
                Goal.RND_SEED_COUNT, Goal.RND_EXTRA_SEEDS, Goal.RND_POINTS}
# the game classes played so far
# every game class, with every parameter the reference allows it (the restrictions the
# reference states are constraints: shared/rules/constraints.py)
PLAYED_CLASSES = set(GameClass)


def unsupported(variant: Variant) -> list[Violation]:
    gi = variant.game_info
    found: list[tuple[str, object]] = []
    if variant.game_class not in PLAYED_CLASSES:
        found.append(("game_class", variant.game_class.value))
    if gi.goal not in PLAYED_GOALS:
        found.append(("goal", gi.goal.value))
    return [
        Violation((param,), "not_supported_yet", f"not supported yet: {param}={value}")
        for param, value in found
    ]
