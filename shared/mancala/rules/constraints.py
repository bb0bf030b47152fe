"""Named cross-parameter rules: exactly the combinations the reference program refuses.

Each rule is data: a name (the reference's rule name where it has one), the
parameters it involves, a predicate that is True when the variant BREAKS it,
and the message. `check` reports every broken rule at once. The reference's
advice (combinations it plays but calls odd) is in `mancala.rules.advice`, never
a refusal.

The game classes have their own lists: NorthSouthCycle, EastWestCycle, SameSide,
Ohojichi and BearOff add rules to the common ones (common_constraints.py; SameSide
and Ohojichi drop one), class_constraints.py; the Diffusion classes use only their own.

Derived values read as the reference derives them before checking: PLAYALTDIR
makes every hole a choose-direction hole; a move is named by hole and side
(*triples*) in no_sides and TERRITORY games.
"""

from __future__ import annotations

from mancala.rules.class_constraints import (
    BEAR_OFF,
    DIFFUSION,
    EAST_WEST,
    NORTH_SOUTH,
    OHOJICHI,
    SAME_SIDE,
    SHARE_ONE,
    ZIG_ZAG,
)
from mancala.rules.common_constraints import MANCALA
from mancala.rules.constraint_kit import Constraint
from mancala.rules.enums import GameClass
from mancala.rules.errors import Violation
from mancala.rules.variant import Variant

BY_CLASS: dict[GameClass, list[Constraint]] = {
    GameClass.MANCALA: MANCALA,
    GameClass.NORTH_SOUTH_CYCLE: NORTH_SOUTH,
    GameClass.EAST_WEST_CYCLE: EAST_WEST,
    GameClass.SAME_SIDE: SAME_SIDE,
    GameClass.OHOJICHI: OHOJICHI,
    GameClass.BEAR_OFF: BEAR_OFF,
    GameClass.DIFFUSION: DIFFUSION,
    GameClass.DIFFUSION_V2: DIFFUSION,
    GameClass.ZIG_ZAG: ZIG_ZAG,
    GameClass.SHARE_ONE: SHARE_ONE,
}

# every rule by name (the class lists share most of them)
CONSTRAINTS: list[Constraint] = list({c.name: c for rules in BY_CLASS.values() for c in rules}.values())


def check(variant: Variant) -> list[Violation]:
    """Every rule the variant breaks (of its game class's list)."""
    seen: set[str] = set()
    out = []
    for c in BY_CLASS[variant.game_class]:
        if c.name in seen or not c.broken(variant):
            continue
        seen.add(c.name)
        out.append(Violation(c.params, c.name, c.message))
    return out

