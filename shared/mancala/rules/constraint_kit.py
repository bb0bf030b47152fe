"""What the named rules are made of: the `Constraint` record, its builders, and the
parameters as the reference reads them (derived values such as PLAYALTDIR's
choose-direction holes, the length of a move's name)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mancala.rules.enums import Direct, EndRule, Goal, RulesVersion, SowRule
from mancala.rules.variant import GAME_INFO_DEFAULTS, GameInfo, Variant

MIN_HOLES = 2
MAX_HOLES = 15
MAX_HOLES_110 = 21  # the 1.10 release allows larger boards (Azigo::Twenty has 20 a side)
MAX_MIN_MOVE = 5


@dataclass(frozen=True)
class Constraint:
    name: str
    params: tuple[str, ...]
    broken: Callable[[Variant], bool]
    message: str


def gi(v: Variant) -> GameInfo:
    """Short for the rules' many `v.game_info` reads."""
    return v.game_info


def udir_holes(v: Variant) -> tuple[int, ...]:
    """The choose-direction holes as the rules read them (PLAYALTDIR: every hole)."""
    if v.game_info.sow_direct == Direct.PLAYALTDIR:
        return tuple(range(v.holes))
    return v.game_info.udir_holes


def udirect(v: Variant) -> bool:
    return bool(udir_holes(v))


def move_length(v: Variant) -> int:
    """How the reference names a move: 1 a row position, 2 with a direction, 3 with the
    row (no_sides and TERRITORY games)."""
    gi = v.game_info
    if gi.no_sides or gi.goal == Goal.TERRITORY:
        return 3
    return 2 if udirect(v) else 1


def v110(v: Variant) -> bool:
    """Whether the variant is read by the reference's 1.10 rules, whose checks differ."""
    return v.rules_version is RulesVersion.V1_10


def blkd_div(v: Variant) -> bool:
    return v.game_info.sow_rule in (SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR)


def basic_capture(info: GameInfo) -> bool:
    return bool(info.evens or info.capt_on or info.capt_max or info.capt_min)


# the round-win counts of CLEAR, DEPRIVE and IMMOBILIZE games (1.10)
ELIMINATION_ROUNDS = (Goal.RND_WIN_COUNT_CLR, Goal.RND_WIN_COUNT_DEP, Goal.RND_WIN_COUNT_IMB)
ROUND_GOALS = (Goal.RND_WIN_COUNT, Goal.RND_SEED_COUNT, Goal.RND_EXTRA_SEEDS, Goal.RND_POINTS,
               *ELIMINATION_ROUNDS)
ELIMINATION = (Goal.DEPRIVE, Goal.CLEAR, Goal.IMMOBILIZE)
# games or rounds decided by clearing or deprivation, in one game or over rounds
ELIMINATING = (*ELIMINATION, *ELIMINATION_ROUNDS)


def _set(info: GameInfo, name: str) -> bool:
    """Whether a parameter is away from its 'nothing special' default."""
    value = getattr(info, name)
    default = GAME_INFO_DEFAULTS[name]
    return value != default and bool(value) if not isinstance(value, str) else value != default


def rule(name: str, params: tuple[str, ...], broken: Callable[[Variant], bool],
         message: str) -> Constraint:
    return Constraint(name, params, broken, message)


def flag_rules(prefix: str, flags: list[str], when: Callable[[Variant], bool],
               message: str) -> list[Constraint]:
    def broken_when_set(flag: str) -> Callable[[Variant], bool]:
        return lambda v: when(v) and _set(gi(v), flag)

    return [rule(f"{prefix}{flag}", (flag,), broken_when_set(flag), message.format(flag=flag))
            for flag in flags]


def row_empty(v: Variant) -> bool:
    return v.game_info.end_rule == EndRule.ROW_EMPTY

