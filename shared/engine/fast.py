"""The C core (`_fastcore`) for the common Mancala variants, or None.

    >>> from mancala.rules.loading import load_variant
    >>> rules = make_fast(load_variant("kalah_4"))   # None if not built or not eligible
    >>> # rules.legal(pos), rules.apply(pos, move), rules.playout(pos, seed, max_moves)

The pure-Python engine stays the reference and the fallback: `_fastcore.c`
repeats its behaviour step for step, for the variants listed by `why_not_fast`
returning nothing (tests/engine/test_fastcore.py compares the two after every
move of random games). `Rules` works on `Position` objects in place:

- `legal(pos)`: like `Game.legal_moves` (uses and fills the `pos.legal` cache);
- `legal_fresh(pos)`: like `Game._legal_moves` (computed anew, cache untouched);
- `apply(pos, move)`: like `Game.apply` (trusted move, in place; afterwards
  `pos.legal` holds the next player's moves while the game goes on, else None,
  as the Python ender leaves it);
- `playout(pos, seed, max_moves)`: random legal moves on a copy, entirely in C;
  returns (moves played, OutcomeKind or None, winner or None). The moves are
  chosen by xorshift64* seeded with splitmix64(seed) (see `playout_index`).
"""

from __future__ import annotations

from typing import Any

from mancala.engine.position import Outcome, OutcomeKind
from mancala.rules.enums import (
    AllowRule,
    CaptExtraPick,
    CaptRTurn,
    CaptSide,
    CaptType,
    CrossCaptOwn,
    Direct,
    GameClass,
    Goal,
    GrandSlam,
    LapSower,
    Unclaimed,
)
from mancala.rules.variant import GameInfo, Variant

try:
    from mancala.engine import _fastcore
except ImportError:  # not built (no compiler when installed): the Python engine plays
    _fastcore = None  # type: ignore[assignment]

# the parameter layout this file writes; a build of another layout is not used
LAYOUT = 1
MAX_HOLES = 64

MLAPS = {LapSower.OFF: 0, LapSower.LAPPER: 1, LapSower.LAPPER_NEXT: 2}
XCPICKOWN = {CrossCaptOwn.LEAVE: 0, CrossCaptOwn.PICK_ON_CAPT: 1, CrossCaptOwn.ALWAYS_PICK: 2}
CAPT_SIDE = {CaptSide.BOTH: 0, CaptSide.OPP_SIDE: 1, CaptSide.OWN_SIDE: 2,
             CaptSide.OPP_CONT: 3, CaptSide.OWN_CONT: 4}
CAPT_RTURN = {CaptRTurn.NO_REPEAT: 0, CaptRTurn.ALWAYS: 1, CaptRTurn.ONCE: 2}
GRANDSLAM = {GrandSlam.LEGAL: 0, GrandSlam.NOT_LEGAL: 1, GrandSlam.NO_CAPT: 2,
             GrandSlam.OPP_GETS_REMAIN: 3, GrandSlam.LEAVE_LEFT: 4, GrandSlam.LEAVE_RIGHT: 5}
UNCLAIMED = {Unclaimed.HOLE_OWNER: 0, Unclaimed.DONT_SCORE: 1, Unclaimed.LAST_MOVER: 2,
             Unclaimed.UNFED_PLAYER: 3, Unclaimed.DIVVIED: 4}
PICKEXTRA = {CaptExtraPick.NONE: 0, CaptExtraPick.PICKLASTSEEDS: 1, CaptExtraPick.PICK2XLASTSEEDS: 2}
STEP = {Direct.CCW: 1, Direct.CW: -1}

# game_info fields the C core plays, with the values it accepts (None: any value)
HANDLED: dict[str, Any] = {
    "stores": None,
    "sow_direct": set(STEP),
    "udir_holes": {()},
    "sow_start": None,
    "move_one": None,
    "skip_start": None,
    "sow_own_store": None,
    "store_ends_turn": None,
    "mlaps": set(MLAPS),
    "visit_opp": None,
    "crosscapt": None,
    "xcpickown": set(XCPICKOWN),
    "xc_sown": None,
    "capt_on": None,
    "capt_min": None,
    "capt_max": None,
    "evens": None,
    "multicapt": None,
    "capsamedir": None,
    "capt_side": set(CAPT_SIDE),
    "capt_type": {CaptType.NONE},
    "capt_rturn": set(CAPT_RTURN),
    "nosinglecapt": None,
    "nocaptmoves": None,
    "grandslam": set(GRANDSLAM),
    "pickextra": set(PICKEXTRA),
    "moveunlock": {False},
    "min_move": None,
    "mustshare": None,
    "mustpass": None,
    "allow_rule": {AllowRule.NONE},
    "goal": {Goal.MAX_SEEDS},
    "unclaimed": set(UNCLAIMED),
}
# fields no move reads: descriptions, and the start layout (it comes with the position).
# Every other field must be handled above or be at its default value.
IGNORED = {"name", "about", "rules", "help_file", "start_pattern"}


def why_not_fast(variant: Variant) -> list[str]:
    """Why the C core cannot play this variant (empty when it can)."""
    reasons = []
    if variant.game_class != GameClass.MANCALA:
        reasons.append(f"game_class={variant.game_class.value}")
    if variant.holes > MAX_HOLES:
        reasons.append(f"holes={variant.holes}")
    gi = variant.game_info
    for name, field in GameInfo.model_fields.items():
        if name in IGNORED:
            continue
        value = getattr(gi, name)
        if name in HANDLED:
            accepted = HANDLED[name]
            if accepted is not None and value not in accepted:
                reasons.append(f"{name}={getattr(value, 'value', value)}")
        elif value != field.default:  # a rule the core does not know: only its default is safe
            reasons.append(f"{name}={getattr(value, 'value', value)}")
    if gi.crosscapt and gi.multicapt:  # the core's cross capture takes one hole
        reasons.append(f"multicapt={gi.multicapt} with crosscapt")
    return reasons


def params(variant: Variant) -> dict[str, Any]:
    """The parameter dict of `_fastcore.Rules` (the variant must be eligible)."""
    gi = variant.game_info
    return {
        "layout": LAYOUT,
        "holes": variant.holes,
        "nbr_start": variant.nbr_start,
        "step": STEP[gi.sow_direct],
        "sow_start": int(gi.sow_start),
        "move_one": int(gi.move_one),
        "skip_start": int(gi.skip_start),
        "sow_own_store": int(gi.sow_own_store),
        "store_ends_turn": int(gi.store_ends_turn),
        "mlaps": MLAPS[gi.mlaps],
        "visit_opp": int(gi.visit_opp),
        "crosscapt": int(gi.crosscapt),
        "xcpickown": XCPICKOWN[gi.xcpickown],
        "xc_sown": int(gi.xc_sown),
        "capt_on": tuple(gi.capt_on),
        "evens": int(gi.evens),
        "capt_min": gi.capt_min,
        "capt_max": gi.capt_max,
        "multicapt": gi.multicapt,
        "capsamedir": int(gi.capsamedir),
        "capt_side": CAPT_SIDE[gi.capt_side],
        "capt_rturn": CAPT_RTURN[gi.capt_rturn],
        "nosinglecapt": int(gi.nosinglecapt),
        "nocaptmoves": gi.nocaptmoves,
        "grandslam": GRANDSLAM[gi.grandslam],
        "min_move": gi.min_move,
        "mustshare": int(gi.mustshare),
        "mustpass": int(gi.mustpass),
        "unclaimed": UNCLAIMED[gi.unclaimed],
        "pickextra": PICKEXTRA[gi.pickextra],
        "stores": int(gi.stores),
    }


def available() -> bool:
    """The extension is built, and of this file's layout."""
    return _fastcore is not None and getattr(_fastcore, "LAYOUT", None) == LAYOUT


def make_fast(variant: Variant) -> Any | None:
    """A `_fastcore.Rules` for the variant, or None (not built, or not eligible)."""
    if not available() or why_not_fast(variant):
        return None
    return _fastcore.Rules(params(variant), Outcome, OutcomeKind.WIN, OutcomeKind.TIE)


def playout_index(seed: int):  # noqa: ANN201 - a generator of choices, for tests
    """The choices `Rules.playout` makes: send the number of legal moves, get the index.

        >>> pick = playout_index(7); next(pick)
        >>> pick.send(6) in range(6)
        True
    """
    mask = (1 << 64) - 1
    z = (seed + 0x9E3779B97F4A7C15) & mask
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    x = (z ^ (z >> 31)) or 0x9E3779B97F4A7C15
    count = yield None
    while True:
        x ^= x >> 12
        x ^= (x << 25) & mask
        x ^= x >> 27
        r = (x * 0x2545F4914F6CDD1D) & mask
        count = yield ((r >> 32) * count) >> 32
