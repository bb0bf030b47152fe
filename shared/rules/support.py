"""What this engine does not play yet, by parameter and value.

The reference describes more than the engine implements; such a variant is
refused with "not supported yet: <param>=<value>", never played wrongly.
"""

from __future__ import annotations

from mancala.rules.constraints import has_any_capture
from mancala.rules.enums import (
    AllowRule,
    CaptType,
    ChildType,
    GameClass,
    Goal,
    GrandSlam,
    PreSowCapt,
    Rounds,
    SowPrescribed,
    SowRule,
)
from mancala.rules.errors import Violation
from mancala.rules.variant import Variant

PLAYED_GOALS = {Goal.MAX_SEEDS, Goal.DEPRIVE, Goal.CLEAR, Goal.TERRITORY, Goal.RND_WIN_COUNT,
                Goal.RND_SEED_COUNT, Goal.RND_EXTRA_SEEDS, Goal.RND_POINTS}
# the game classes played so far
PLAYED_CLASSES = set(GameClass)  # every game class; combinations refused below


def unsupported(variant: Variant) -> list[Violation]:
    gi = variant.game_info
    found: list[tuple[str, object]] = []
    if variant.game_class not in PLAYED_CLASSES:
        found.append(("game_class", variant.game_class.value))
    if variant.game_class == GameClass.BEAR_OFF:
        # Before the bear-off the variant plays as Mancala. The bear-off sow (bearoff.py)
        # is not wired into the rules that try sows out to filter moves (mustshare,
        # allow_rule, grandslam NOT_LEGAL), nor into children, blocked holes, prescribed
        # openings and rounds, which would have to say what a bear-off does to them.
        cls = variant.game_class.value
        for param, value in (("child_type", gi.child_type != ChildType.NOCHILD),
                             ("sow_rule", gi.sow_rule != SowRule.NONE),
                             ("blocks", gi.blocks),
                             ("prescribed", gi.prescribed != SowPrescribed.NONE),
                             ("mustshare", gi.mustshare),
                             ("allow_rule", gi.allow_rule != AllowRule.NONE),
                             ("grandslam", gi.grandslam == GrandSlam.NOT_LEGAL),
                             ("rounds", gi.rounds != Rounds.NO_ROUNDS),
                             ("goal", gi.goal == Goal.TERRITORY)):
            if value:
                shown = getattr(gi, param)
                found.append((param, f"{getattr(shown, 'value', shown)} with game_class {cls}"))
    if variant.game_class in (GameClass.SAME_SIDE, GameClass.OHOJICHI):
        # the reference limits their captures to the basic ones, NEXT and TWO_OUT
        # (constraint sameside_capt_mechanisms); NEXT and TWO_OUT, and the allow rules, look
        # at the hole after another along the board, not along the cycles
        cls = variant.game_class.value
        if gi.capt_type != CaptType.NONE:
            found.append(("capt_type", f"{gi.capt_type.value} with game_class {cls}"))
        if gi.allow_rule != AllowRule.NONE:
            found.append(("allow_rule", f"{gi.allow_rule.value} with game_class {cls}"))
    if variant.game_class in (GameClass.NORTH_SOUTH_CYCLE, GameClass.EAST_WEST_CYCLE,
                              GameClass.SAME_SIDE, GameClass.OHOJICHI):
        # the two-cycle sow is in the plain sower only (sowing.py); multiple captures and
        # children would have to walk the cycles too
        cls = variant.game_class.value
        if variant.game_class == GameClass.EAST_WEST_CYCLE:
            # played as the race the reference describes: no captures, first to clear
            # their half (into their store) wins (docs/rules-decisions.md, "Game classes")
            if gi.goal != Goal.CLEAR:
                found.append(("goal", f"{gi.goal.value} with game_class {cls}"))
            if has_any_capture(variant):
                found.append(("captures", f"any capture with game_class {cls}"))
            if gi.mustshare:
                found.append(("mustshare", f"True with game_class {cls}"))
            if gi.allow_rule != AllowRule.NONE:
                found.append(("allow_rule", f"{gi.allow_rule.value} with game_class {cls}"))
            if gi.rounds != Rounds.NO_ROUNDS:
                found.append(("rounds", f"{gi.rounds.value} with game_class {cls}"))
        if gi.sow_rule != SowRule.NONE:
            found.append(("sow_rule", f"{gi.sow_rule.value} with game_class {cls}"))
        if gi.presowcapt != PreSowCapt.NONE:
            found.append(("presowcapt", f"{gi.presowcapt.value} with game_class {cls}"))
        if gi.blocks:
            found.append(("blocks", f"True with game_class {cls}"))
        if gi.prescribed != SowPrescribed.NONE:
            found.append(("prescribed", f"{gi.prescribed.value} with game_class {cls}"))
        if gi.multicapt:
            found.append(("multicapt", f"{gi.multicapt} with game_class {cls}"))
        if gi.child_type != ChildType.NOCHILD:
            found.append(("child_type", f"{gi.child_type.value} with game_class {cls}"))
    if gi.goal not in PLAYED_GOALS:
        found.append(("goal", gi.goal.value))
    return [
        Violation((param,), "not_supported_yet", f"not supported yet: {param}={value}")
        for param, value in found
    ]
