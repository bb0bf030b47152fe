"""The reference's advice: combinations it plays but warns about, never a refusal.

`mancala show` prints them: the author of a variant file hears that, say, its capture
criteria can never be met, while the game still plays as written.
"""

from __future__ import annotations

from mancala.rules.constraint_kit import basic_capture, blkd_div, gi, rule
from mancala.rules.enums import (
    Algorithm,
    CaptRTurn,
    CaptType,
    ChildType,
    GameClass,
    PreSowCapt,
    Rounds,
)
from mancala.rules.errors import Violation
from mancala.rules.variant import Variant

# ---- advice: combinations the reference plays but warns about ----------------------------------

ADVICE = [
    rule("warn_no_capt", ("sow_rule", "child_type", "capt_type", "evens", "crosscapt",
                          "sow_own_store", "capt_max", "capt_min", "capt_on", "presowcapt"),
         lambda v: not any([blkd_div(v), gi(v).child_type != ChildType.NOCHILD,
                             gi(v).capt_type != CaptType.NONE, gi(v).crosscapt,
                             gi(v).sow_own_store, basic_capture(gi(v)),
                             gi(v).presowcapt != PreSowCapt.NONE]),
         "no capture mechanism"),
    rule("capt_conflict", ("capt_min", "capt_max", "capt_on", "evens"),
         lambda v: any([gi(v).capt_min and gi(v).capt_max and gi(v).capt_min > gi(v).capt_max,
                         bool(gi(v).capt_on) and gi(v).evens
                         and all(c % 2 for c in gi(v).capt_on),
                         bool(gi(v).capt_min and gi(v).capt_on)
                         and max(gi(v).capt_on) < gi(v).capt_min,
                         bool(gi(v).capt_max and gi(v).capt_on)
                         and min(gi(v).capt_on) > gi(v).capt_max]),
         "the capture criteria conflict: nothing can be captured"),
    rule("xcapt_multi_same", ("crosscapt", "multicapt", "capsamedir"),
         lambda v: gi(v).crosscapt and bool(gi(v).multicapt) and not gi(v).capsamedir,
         "crosscapt with multicapt but without capsamedir captures as crosscapt alone"),
    rule("warn_capsamedir_multicapt", ("capsamedir", "multicapt"),
         lambda v: gi(v).capt_type not in (CaptType.TWO_OUT, CaptType.NEXT)
         and gi(v).capsamedir and not gi(v).multicapt,
         "capsamedir without multicapt changes nothing"),
    rule("blocks_wo_rounds", ("blocks", "rounds"),
         lambda v: gi(v).blocks and not blkd_div(v) and gi(v).rounds == Rounds.NO_ROUNDS,
         "blocks without rounds or SOW_BLKD_DIV do nothing"),
    rule("nmax_no_repeat", ("algorithm", "sow_own_store", "capt_rturn", "xc_sown"),
         lambda v: v.player.algorithm == Algorithm.NEGAMAXER
         and (gi(v).sow_own_store or gi(v).capt_rturn != CaptRTurn.NO_REPEAT or gi(v).xc_sown),
         "the reference refuses negamaxer with repeat turns; this engine's negamaxer "
         "handles them"),
]


def advice(variant: Variant) -> list[Violation]:
    """The reference's warnings that apply to a variant (it still plays)."""
    if variant.game_class in (GameClass.DIFFUSION, GameClass.DIFFUSION_V2):
        # their own rules forbid every capture parameter: "no capture mechanism" would be
        # said of every one of them, and the other warnings read parameters they cannot set
        return []
    return [Violation(c.params, c.name, c.message) for c in ADVICE if c.broken(variant)]

