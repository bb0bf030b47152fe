"""What this engine does not play yet, by parameter and value.

The reference describes more than the engine implements; such a variant is
refused with "not supported yet: <param>=<value>", never played wrongly.
"""

from __future__ import annotations

from mancala.rules.enums import (
    ChildType,
    GameClass,
    Goal,
    PreSowCapt,
    RoundFill,
    Rounds,
    SowPrescribed,
    SowRule,
)
from mancala.rules.errors import Violation
from mancala.rules.variant import Variant

PLAYED_GOALS = {Goal.MAX_SEEDS, Goal.DEPRIVE, Goal.CLEAR}


def unsupported(variant: Variant) -> list[Violation]:
    gi = variant.game_info
    found: list[tuple[str, object]] = []
    if variant.game_class != GameClass.MANCALA:
        found.append(("game_class", variant.game_class.value))
    if gi.child_type != ChildType.NOCHILD:
        found.append(("child_type", gi.child_type.value))
    if gi.rounds != Rounds.NO_ROUNDS:
        found.append(("rounds", gi.rounds.value))
    if gi.round_fill != RoundFill.NOT_APPLICABLE:
        found.append(("round_fill", gi.round_fill.value))
    if gi.blocks:
        found.append(("blocks", True))
    if gi.goal not in PLAYED_GOALS:
        found.append(("goal", gi.goal.value))
    if gi.sow_rule != SowRule.NONE:
        found.append(("sow_rule", gi.sow_rule.value))
    if gi.presowcapt != PreSowCapt.NONE:
        found.append(("presowcapt", gi.presowcapt.value))
    if gi.prescribed != SowPrescribed.NONE:
        found.append(("prescribed", gi.prescribed.value))
    if gi.no_sides:
        found.append(("no_sides", True))
    if gi.crosscapt and gi.multicapt:
        found.append(("multicapt", f"{gi.multicapt} with crosscapt"))
    return [
        Violation((param,), "not_supported_yet", f"not supported yet: {param}={value}")
        for param, value in found
    ]
