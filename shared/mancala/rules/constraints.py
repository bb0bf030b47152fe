"""Named cross-parameter rules: exactly the combinations the reference program refuses.

Each rule is data: a name (the reference's rule name where it has one), the
parameters it involves, a predicate that is True when the variant BREAKS it,
and the message. `check` reports every broken rule at once. The reference's
advice (combinations it plays but calls odd) is in `advice`, never a refusal.

The game classes have their own lists: NorthSouthCycle, EastWestCycle, SameSide,
Ohojichi and BearOff add rules to the common ones (and SameSide/NorthSouthCycle
drop one each); the Diffusion classes use only their own.

Derived values read as the reference derives them before checking: PLAYALTDIR
makes every hole a choose-direction hole; a move is named by hole and side
(*triples*) in no_sides and TERRITORY games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mancala.rules.enums import (
    Algorithm,
    AllowRule,
    CaptExtraPick,
    CaptRTurn,
    CaptSide,
    CaptType,
    ChildRule,
    ChildType,
    CrossCaptOwn,
    Direct,
    EndRule,
    GameClass,
    Goal,
    GrandSlam,
    LapSower,
    PreSowCapt,
    RoundFill,
    Rounds,
    RoundStarter,
    SowPrescribed,
    SowRule,
    StartPattern,
    Unclaimed,
)
from mancala.rules.errors import Violation
from mancala.rules.variant import GAME_INFO_DEFAULTS, GameInfo, Variant

MIN_HOLES = 2
MAX_HOLES = 15
MAX_MIN_MOVE = 5


@dataclass(frozen=True)
class Constraint:
    name: str
    params: tuple[str, ...]
    broken: Callable[[Variant], bool]
    message: str


def _gi(v: Variant) -> GameInfo:
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


def blkd_div(v: Variant) -> bool:
    return v.game_info.sow_rule in (SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR)


def basic_capture(gi: GameInfo) -> bool:
    return bool(gi.evens or gi.capt_on or gi.capt_max or gi.capt_min)


ROUND_GOALS = (Goal.RND_WIN_COUNT, Goal.RND_SEED_COUNT, Goal.RND_EXTRA_SEEDS, Goal.RND_POINTS)
ELIMINATION = (Goal.DEPRIVE, Goal.CLEAR)


def _set(gi: GameInfo, name: str) -> bool:
    """Whether a parameter is away from its 'nothing special' default."""
    value = getattr(gi, name)
    default = GAME_INFO_DEFAULTS[name]
    return value != default and bool(value) if not isinstance(value, str) else value != default


def _rule(name: str, params: tuple[str, ...], broken: Callable[[Variant], bool],
          message: str) -> Constraint:
    return Constraint(name, params, broken, message)


def _flag_rules(prefix: str, flags: list[str], when: Callable[[Variant], bool],
                message: str) -> list[Constraint]:
    def broken_when_set(flag: str) -> Callable[[Variant], bool]:
        return lambda v: when(v) and _set(_gi(v), flag)

    return [_rule(f"{prefix}{flag}", (flag,), broken_when_set(flag), message.format(flag=flag))
            for flag in flags]


def row_empty(v: Variant) -> bool:
    return v.game_info.end_rule == EndRule.ROW_EMPTY


# Our extension, the published Kalah end (end_rule ROW_EMPTY): the game ends as soon as a
# row is empty and each player banks their own row. What it cannot combine with:
ROW_EMPTY_GOAL = _rule(
    "row_empty_max_seeds", ("end_rule", "goal"),
    lambda v: row_empty(v) and v.game_info.goal != Goal.MAX_SEEDS,
    "end_rule ROW_EMPTY ends games won by the most seeds: it needs goal MAX_SEEDS")
ROW_EMPTY_RULES = [
    ROW_EMPTY_GOAL,
    _rule("row_empty_no_rounds", ("end_rule", "rounds"),
          lambda v: row_empty(v) and v.game_info.rounds != Rounds.NO_ROUNDS,
          "end_rule ROW_EMPTY ends the whole game: it cannot be played in rounds"),
    _rule("row_empty_own_rows", ("end_rule", "unclaimed"),
          lambda v: row_empty(v) and v.game_info.unclaimed != Unclaimed.HOLE_OWNER,
          "end_rule ROW_EMPTY gives each player the seeds left on their own row: "
          "unclaimed must be HOLE_OWNER"),
    _rule("row_empty_no_share", ("end_rule", "mustshare"),
          lambda v: row_empty(v) and v.game_info.mustshare,
          "end_rule ROW_EMPTY ends the game when a row is empty, so nobody is ever left "
          "to be fed: not with mustshare"),
    _rule("row_empty_slam_remain", ("end_rule", "grandslam"),
          lambda v: row_empty(v) and v.game_info.grandslam == GrandSlam.OPP_GETS_REMAIN,
          "grandslam OPP_GETS_REMAIN gives the mover's row to the opponent, end_rule "
          "ROW_EMPTY gives each player their own: not both"),
]


# ---- the common rules (class Mancala) ---------------------------------------------------------

BOARD = [
    _rule("holes_range", ("holes",), lambda v: not MIN_HOLES <= v.holes <= MAX_HOLES,
          f"holes must be from {MIN_HOLES} to {MAX_HOLES} a side"),
    _rule("nbr_start_positive", ("nbr_start",), lambda v: v.nbr_start <= 0,
          "nbr_start must be at least 1"),
]

CREATION = [
    _rule("missing_name", ("name",), lambda v: not _gi(v).name, "a variant needs a name"),
    _rule("high_min_moves", ("min_move",),
          lambda v: not 1 <= _gi(v).min_move <= MAX_MIN_MOVE,
          f"min_move must be from 1 to {MAX_MIN_MOVE}"),
]

PATTERN_SIZES = {
    StartPattern.GAMACHA: (lambda h: h >= 3, "GAMACHA needs at least 3 holes a side"),
    StartPattern.ALTS_WITH_1: (lambda h: h >= 3, "ALTS_WITH_1 needs at least 3 holes a side"),
    StartPattern.CLIPPEDTRIPLES: (lambda h: h >= 3, "CLIPPEDTRIPLES needs at least 3 holes a side"),
    StartPattern.TWOEMPTY: (lambda h: h >= 4, "TWOEMPTY needs at least 4 holes a side"),
    StartPattern.ALTS_SPLIT: (lambda h: h % 2 == 0, "ALTS_SPLIT needs an even number of holes a side"),
}

def _pattern_size_broken(pattern: StartPattern, ok: Callable[[int], bool]) -> Callable[[Variant], bool]:
    return lambda v: _gi(v).start_pattern == pattern and not ok(v.holes)


PATTERNS = [
    *[_rule(f"pattern_{pattern.value.lower()}_size", ("start_pattern", "holes"),
            _pattern_size_broken(pattern, ok), msg)
      for pattern, (ok, msg) in PATTERN_SIZES.items()],
    _rule("pattern_bad_fills", ("start_pattern", "round_fill"),
          lambda v: _gi(v).start_pattern != StartPattern.ALL_EQUAL
          and _gi(v).round_fill not in (RoundFill.NOT_APPLICABLE, RoundFill.UCHOWN),
          "a start_pattern cannot be refilled by this round_fill (only NOT_APPLICABLE or UCHOWN)"),
    _rule("pattern_bad_rgoals", ("start_pattern", "rounds", "goal"),
          lambda v: _gi(v).start_pattern != StartPattern.ALL_EQUAL
          and _gi(v).rounds != Rounds.NO_ROUNDS
          and _gi(v).goal not in (*ROUND_GOALS, Goal.TERRITORY),
          "a start_pattern in rounds needs an RND_* or TERRITORY goal"),
    _rule("deprive_mmgr1_rturn", ("goal", "min_move", "capt_rturn", "sow_own_store"),
          lambda v: _gi(v).goal == Goal.DEPRIVE and _gi(v).min_move > 1
          and (_gi(v).capt_rturn != CaptRTurn.NO_REPEAT or _gi(v).sow_own_store),
          "DEPRIVE with min_move above 1 (the last mover wins) cannot have repeat turns"),
]

ELIMINATION_RULES = [
    _rule("elseed_gs_legal", ("goal", "grandslam"),
          lambda v: _gi(v).goal in ELIMINATION and _gi(v).grandslam != GrandSlam.LEGAL,
          "CLEAR and DEPRIVE games need grandslam LEGAL"),
    *_flag_rules("elseed_bad_", ["child_cvt", "child_rule", "child_type", "moveunlock",
                                 "mustshare", "mustpass", "rounds", "round_starter", "round_fill"],
                 lambda v: _gi(v).goal in ELIMINATION,
                 "CLEAR and DEPRIVE games cannot use {flag}"),
    _rule("clear_no_min_move", ("goal", "min_move"),
          lambda v: _gi(v).goal == Goal.CLEAR and _gi(v).min_move != 1,
          "CLEAR games need min_move 1"),
    _rule("clear_no_1all_zero", ("goal", "allow_rule"),
          lambda v: _gi(v).goal == Goal.CLEAR and _gi(v).allow_rule == AllowRule.SINGLE_ALL_TO_ZERO,
          "CLEAR games cannot use allow_rule SINGLE_ALL_TO_ZERO"),
]

TERRITORY = [
    _rule("terr_goal_param", ("goal", "goal_param", "holes"),
          lambda v: _gi(v).goal == Goal.TERRITORY
          and not v.holes < _gi(v).goal_param <= 2 * v.holes,
          "TERRITORY needs goal_param (holes to own to win) above holes and at most 2 x holes"),
    _rule("terr_need_stores", ("goal", "stores"),
          lambda v: _gi(v).goal == Goal.TERRITORY and not _gi(v).stores,
          "TERRITORY games need stores"),
    _rule("terr_no_sides_incomp", ("goal", "no_sides"),
          lambda v: _gi(v).goal == Goal.TERRITORY and _gi(v).no_sides,
          "TERRITORY games cannot be no_sides"),
    _rule("capt_terr", ("capt_side", "goal"),
          lambda v: _gi(v).capt_side in (CaptSide.OPP_TERR, CaptSide.OWN_TERR)
          and _gi(v).goal != Goal.TERRITORY,
          "capt_side OPP_TERR and OWN_TERR (by hole owner) need goal TERRITORY"),
    _rule("uchown_terr_only", ("round_fill", "goal"),
          lambda v: _gi(v).round_fill == RoundFill.UCHOWN and _gi(v).goal != Goal.TERRITORY,
          "round_fill UCHOWN needs goal TERRITORY"),
    _rule("terr_gs_not", ("goal", "grandslam"),
          lambda v: _gi(v).goal == Goal.TERRITORY and _gi(v).grandslam == GrandSlam.NOT_LEGAL,
          "TERRITORY games cannot use grandslam NOT_LEGAL"),
    _rule("terr_half_rounds", ("goal", "rounds"),
          lambda v: _gi(v).goal == Goal.TERRITORY and _gi(v).rounds == Rounds.HALF_SEEDS,
          "TERRITORY games cannot use rounds HALF_SEEDS (rounds would never end)"),
    _rule("terr_gparam_high", ("goal", "unclaimed", "rounds", "goal_param"),
          lambda v: _gi(v).goal == Goal.TERRITORY and _gi(v).unclaimed == Unclaimed.DONT_SCORE
          and ((_gi(v).rounds == Rounds.END_S_SEEDS and _gi(v).goal_param > 2 * v.holes - 1)
               or (_gi(v).rounds == Rounds.END_2S_SEEDS and _gi(v).goal_param > 2 * v.holes - 2)),
          "goal_param is too high for these rounds with DONT_SCORE: nobody could win"),
]

BLOCK_DIVERT = [
    _rule("next_ml_no_bdiv", ("mlaps", "sow_rule"),
          lambda v: _gi(v).mlaps == LapSower.LAPPER_NEXT and blkd_div(v),
          "mlaps LAPPER_NEXT cannot be used with SOW_BLKD_DIV(_NR)"),
    _rule("bdiv_need_gparam", ("sow_rule", "sow_param"),
          lambda v: blkd_div(v) and not _gi(v).sow_param,
          "SOW_BLKD_DIV(_NR) needs sow_param (the count that closes a hole)"),
    _rule("bdiv_need_blocks", ("sow_rule", "blocks"),
          lambda v: blkd_div(v) and not _gi(v).blocks,
          "SOW_BLKD_DIV(_NR) needs blocks"),
    _rule("bdiv_min_req_dep_goal", ("sow_rule", "goal"),
          lambda v: blkd_div(v) and _gi(v).goal != Goal.DEPRIVE,
          "SOW_BLKD_DIV(_NR) needs goal DEPRIVE"),
    *_flag_rules("bdiv_nocapt_", ["capsamedir", "capt_max", "capt_min", "capt_type", "capt_on",
                                  "capt_rturn", "crosscapt", "evens", "multicapt", "nosinglecapt",
                                  "capt_side", "pickextra", "xcpickown"],
                 blkd_div, "SOW_BLKD_DIV(_NR) removes seeds by closing holes: no other capture "
                 "({flag})"),
    *_flag_rules("bdiv_bad_", ["allow_rule", "sow_start", "skip_start", "visit_opp"], blkd_div,
                 "SOW_BLKD_DIV(_NR) cannot be used with {flag}"),
]

CHILDREN = [
    _rule("next_ml_nochild", ("mlaps", "child_type", "child_cvt"),
          lambda v: _gi(v).mlaps == LapSower.LAPPER_NEXT
          and (_gi(v).child_type != ChildType.NOCHILD or bool(_gi(v).child_cvt)),
          "mlaps LAPPER_NEXT cannot be used with children"),
    _rule("child_need_cvt", ("child_type", "child_cvt"),
          lambda v: _gi(v).child_type != ChildType.NOCHILD and not _gi(v).child_cvt,
          "a child_type needs child_cvt"),
    _rule("child_cvt_need_type", ("child_cvt", "child_type"),
          lambda v: _gi(v).child_type == ChildType.NOCHILD and bool(_gi(v).child_cvt),
          "child_cvt needs a child_type"),
    _rule("child_reserved", ("child_type",),
          lambda v: _gi(v).child_type == ChildType.RESERVED,
          "child_type RESERVED is an unused value"),
    _rule("child_not_deprive", ("child_cvt", "goal"),
          lambda v: bool(_gi(v).child_cvt) and _gi(v).goal == Goal.DEPRIVE,
          "children cannot be used in DEPRIVE games"),
    _rule("child_no_gs", ("child_cvt", "grandslam"),
          lambda v: bool(_gi(v).child_cvt) and _gi(v).grandslam != GrandSlam.LEGAL,
          "children need grandslam LEGAL"),
    _rule("ch_rule_own_incom", ("child_rule", "goal"),
          lambda v: _gi(v).goal != Goal.TERRITORY
          and _gi(v).child_rule in (ChildRule.OPP_OWNER_ONLY, ChildRule.OWN_OWNER_ONLY),
          "child_rule OPP_OWNER_ONLY and OWN_OWNER_ONLY need goal TERRITORY"),
    _rule("no_opp_child_req", ("sow_rule", "child_type"),
          lambda v: _gi(v).child_type == ChildType.NOCHILD
          and _gi(v).sow_rule == SowRule.NO_OPP_CHILD,
          "sow_rule NO_OPP_CHILD needs children"),
    _rule("not1st_static", ("child_rule", "blocks", "goal"),
          lambda v: _gi(v).child_rule == ChildRule.NOT_1ST_OPP
          and (_gi(v).blocks or _gi(v).goal == Goal.TERRITORY),
          "child_rule NOT_1ST_OPP cannot be used with blocks or TERRITORY"),
]

NO_SIDES = [
    _rule("no_sides_need_stores", ("no_sides", "stores"),
          lambda v: _gi(v).no_sides and not _gi(v).stores, "no_sides needs stores"),
    *_flag_rules("no_sides_bad_", ["grandslam", "mustpass", "mustshare", "capt_side", "rounds",
                                   "round_starter", "round_fill", "visit_opp"],
                 lambda v: _gi(v).no_sides, "no_sides cannot be used with {flag}"),
]

CAPTURES = [
    _rule("capt2out_needs_samedir", ("capt_type", "capsamedir"),
          lambda v: _gi(v).capt_type == CaptType.TWO_OUT and not _gi(v).capsamedir,
          "capt_type TWO_OUT needs capsamedir (the holes behind were just sown)"),
    _rule("lcapt_no_ctype", ("sow_rule", "capt_type"),
          lambda v: _gi(v).sow_rule == SowRule.LAP_CAPT
          and _gi(v).capt_type not in (CaptType.NONE, CaptType.TWO_OUT, CaptType.NEXT),
          "LAP_CAPT works with the basic captures, crosscapt, NEXT and TWO_OUT only"),
    _rule("ogol_no_ctype", ("sow_rule", "capt_type"),
          lambda v: _gi(v).sow_rule == SowRule.OPP_GETS_OWN_LAST
          and _gi(v).capt_type not in (CaptType.NONE, CaptType.TWO_OUT, CaptType.NEXT),
          "OPP_GETS_OWN_LAST works with the basic captures, crosscapt, NEXT and TWO_OUT only"),
    _rule("sca_gs_not", ("sow_rule", "grandslam"),
          lambda v: _gi(v).sow_rule in (SowRule.OWN_SOW_CAPT_ALL, SowRule.SOW_CAPT_ALL)
          and _gi(v).grandslam != GrandSlam.LEGAL,
          "OWN_SOW_CAPT_ALL and SOW_CAPT_ALL need grandslam LEGAL"),
    _rule("xpick_requires_cross", ("xcpickown", "crosscapt"),
          lambda v: _gi(v).xcpickown != CrossCaptOwn.LEAVE and not _gi(v).crosscapt,
          "xcpickown needs crosscapt"),
    _rule("xc_const_pickextra", ("crosscapt", "pickextra", "capt_on", "evens", "capt_min", "capt_max"),
          lambda v: _gi(v).crosscapt and basic_capture(_gi(v))
          and _gi(v).pickextra == CaptExtraPick.PICKCROSS,
          "PICKCROSS would ignore the capture criteria of a constrained crosscapt"),
    _rule("moveall_no_locks", ("allow_rule", "moveunlock"),
          lambda v: _gi(v).allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST and _gi(v).moveunlock,
          "MOVE_ALL_HOLES_FIRST keeps its own locks: moveunlock cannot be set"),
    _rule("moveall_no_capttype", ("allow_rule", "capt_type"),
          lambda v: _gi(v).allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST
          and _gi(v).capt_type == CaptType.TWO_OUT,
          "MOVE_ALL_HOLES_FIRST cannot be used with capt_type TWO_OUT"),
    _rule("moveall_no_picker", ("allow_rule", "xcpickown", "pickextra"),
          lambda v: _gi(v).allow_rule == AllowRule.MOVE_ALL_HOLES_FIRST
          and (_gi(v).xcpickown != CrossCaptOwn.LEAVE or _gi(v).pickextra != CaptExtraPick.NONE),
          "MOVE_ALL_HOLES_FIRST cannot be used with xcpickown or pickextra"),
    _rule("scont_mcapt", ("capt_side", "multicapt"),
          lambda v: _gi(v).capt_side in (CaptSide.OWN_CONT, CaptSide.OPP_CONT)
          and not _gi(v).multicapt,
          "capt_side OWN_CONT and OPP_CONT need multicapt"),
    _rule("capt2out_cside", ("capt_side", "capt_type"),
          lambda v: _gi(v).capt_side != CaptSide.BOTH and _gi(v).capt_type == CaptType.TWO_OUT,
          "capt_type TWO_OUT needs capt_side BOTH"),
]

ALLOW_TRIPLES = (AllowRule.TWO_ONLY_ALL_RIGHT, AllowRule.FIRST_TURN_ONLY_RIGHT_TWO,
                 AllowRule.RIGHT_2_1ST_THEN_ALL_TWO, AllowRule.NOT_XFROM_1S)
UDIR_ALLOWS = (AllowRule.NONE, AllowRule.SINGLE_ONLY_ALL, AllowRule.TWO_ONLY_ALL,
               AllowRule.TWO_ONLY_ALL_RIGHT, AllowRule.FIRST_TURN_ONLY_RIGHT_TWO,
               AllowRule.RIGHT_2_1ST_THEN_ALL_TWO, AllowRule.MOVE_ALL_HOLES_FIRST,
               AllowRule.NOT_XFROM_1S)

GENERAL = [
    _rule("allowrule_mlen3", ("allow_rule", "no_sides", "goal"),
          lambda v: move_length(v) == 3 and _gi(v).allow_rule in ALLOW_TRIPLES,
          "this allow_rule reads row positions: not for no_sides or TERRITORY games"),
    _rule("opp_empty_no_tuples", ("allow_rule", "udir_holes", "no_sides", "goal"),
          lambda v: _gi(v).allow_rule == AllowRule.OPP_OR_EMPTY and move_length(v) > 1,
          "OPP_OR_EMPTY cannot be used with udir_holes, no_sides or TERRITORY"),
    _rule("no_pres_opp_empty", ("prescribed", "allow_rule"),
          lambda v: _gi(v).prescribed != SowPrescribed.NONE
          and _gi(v).allow_rule == AllowRule.OPP_OR_EMPTY,
          "prescribed openings cannot be used with OPP_OR_EMPTY"),
    _rule("sow_own_needs_stores", ("sow_own_store", "stores"),
          lambda v: _gi(v).sow_own_store and not _gi(v).stores, "sow_own_store needs stores"),
    _rule("sow_own_nocapt", ("sow_own_store", "nocaptmoves"),
          lambda v: _gi(v).sow_own_store and bool(_gi(v).nocaptmoves),
          "sow_own_store cannot be used with nocaptmoves"),
    _rule("sow_own_not_rules", ("sow_own_store", "sow_rule"),
          lambda v: _gi(v).sow_own_store and _gi(v).sow_rule in (
              SowRule.OWN_SOW_CAPT_ALL, SowRule.SOW_CAPT_ALL, SowRule.NO_SOW_OPP_NS),
          "sow_own_store cannot be used with this sow_rule"),
    _rule("no_opp_n_sparam", ("sow_rule", "sow_param"),
          lambda v: _gi(v).sow_rule == SowRule.NO_SOW_OPP_NS and not _gi(v).sow_param,
          "NO_SOW_OPP_NS needs sow_param"),
    _rule("max_sow_param", ("sow_rule", "sow_param"),
          lambda v: _gi(v).sow_rule == SowRule.MAX_SOW and not _gi(v).sow_param,
          "MAX_SOW needs sow_param above 0"),
    _rule("lcapt_no_lnext", ("sow_rule", "mlaps"),
          lambda v: _gi(v).sow_rule == SowRule.LAP_CAPT and _gi(v).mlaps == LapSower.LAPPER_NEXT,
          "LAP_CAPT cannot be used with LAPPER_NEXT"),
    _rule("ogol_no_lnext", ("sow_rule", "mlaps"),
          lambda v: _gi(v).sow_rule == SowRule.OPP_GETS_OWN_LAST
          and _gi(v).mlaps == LapSower.LAPPER_NEXT,
          "OPP_GETS_OWN_LAST cannot be used with LAPPER_NEXT"),
    _rule("visit_opp_req_mlap", ("visit_opp", "mlaps"),
          lambda v: _gi(v).visit_opp and _gi(v).mlaps == LapSower.OFF, "visit_opp needs mlaps"),
    _rule("sow_start_skip_incomp", ("sow_start", "skip_start"),
          lambda v: _gi(v).sow_start and _gi(v).skip_start,
          "sow_start and skip_start cannot be used together"),
    _rule("rstarter_wo_rounds", ("round_starter", "rounds"),
          lambda v: _gi(v).rounds == Rounds.NO_ROUNDS
          and _gi(v).round_starter != RoundStarter.ALTERNATE,
          "round_starter needs rounds"),
    _rule("mx_round_limit", ("rounds", "goal", "goal_param", "holes"),
          lambda v: _gi(v).rounds != Rounds.NO_ROUNDS and _gi(v).goal == Goal.MAX_SEEDS
          and _gi(v).goal_param > v.holes,
          "goal_param (holes needed to play another round) must not exceed holes"),
    _rule("rnd_goals_rounds", ("goal", "rounds"),
          lambda v: _gi(v).goal in ROUND_GOALS and _gi(v).rounds == Rounds.NO_ROUNDS,
          "RND_* goals need rounds"),
    _rule("rnd_goals_gp1", ("goal", "goal_param"),
          lambda v: _gi(v).goal in ROUND_GOALS and _gi(v).goal_param <= 0,
          "RND_* goals need goal_param above 0 (the tally that wins)"),
    _rule("rnd_goals_no_fill", ("goal", "round_fill"),
          lambda v: _gi(v).goal in ROUND_GOALS and _gi(v).round_fill != RoundFill.NOT_APPLICABLE,
          "RND_* goals start every round afresh: round_fill is not used"),
    _rule("move_one_start", ("move_one", "sow_start"),
          lambda v: _gi(v).move_one and not _gi(v).sow_start, "move_one needs sow_start"),
    _rule("presowcapt_locks", ("presowcapt", "moveunlock"),
          lambda v: _gi(v).presowcapt != PreSowCapt.NONE and _gi(v).moveunlock,
          "presowcapt cannot be used with moveunlock"),
    _rule("needs_moves", ("min_move", "sow_start", "move_one"),
          lambda v: _gi(v).min_move == 1 and _gi(v).sow_start and not _gi(v).move_one,
          "min_move 1 with sow_start (without move_one) would allow moves that change nothing"),
    _rule("unfed_mustshare", ("unclaimed", "mustshare"),
          lambda v: _gi(v).unclaimed == Unclaimed.UNFED_PLAYER and not _gi(v).mustshare,
          "unclaimed UNFED_PLAYER needs mustshare"),
    _rule("p1m1_conflict", ("prescribed", "sow_start", "move_one"),
          lambda v: _gi(v).prescribed == SowPrescribed.PLUS1MINUS1
          and (_gi(v).sow_start or _gi(v).move_one),
          "PLUS1MINUS1 cannot be used with sow_start or move_one"),
    _rule("too_many_udir", ("udir_holes", "holes"),
          lambda v: len(_gi(v).udir_holes) > v.holes, "more udir_holes than holes"),
    _rule("udir_oo_range", ("udir_holes", "holes"),
          lambda v: any(h >= v.holes for h in _gi(v).udir_holes),
          "udir_holes are positions 0..holes-1 counted from each player's left"),
    _rule("udir_gs_not", ("udir_holes", "sow_direct", "grandslam"),
          lambda v: udirect(v) and _gi(v).grandslam == GrandSlam.NOT_LEGAL,
          "udir_holes (or PLAYALTDIR) cannot be used with grandslam NOT_LEGAL"),
    _rule("udir_bad_allowrule", ("udir_holes", "sow_direct", "allow_rule"),
          lambda v: udirect(v) and _gi(v).allow_rule not in UDIR_ALLOWS,
          "this allow_rule depends on the sowing direction: not with udir_holes or PLAYALTDIR"),
    _rule("odd_split_udir", ("sow_direct", "holes", "udir_holes"),
          lambda v: _gi(v).sow_direct == Direct.SPLIT and v.holes % 2 == 1
          and v.holes // 2 not in _gi(v).udir_holes,
          "SPLIT sowing on an odd row needs the middle hole in udir_holes"),
    _rule("gs_not_legal_no_tuple", ("grandslam", "udir_holes", "no_sides", "goal"),
          lambda v: move_length(v) > 1 and _gi(v).grandslam == GrandSlam.NOT_LEGAL,
          "grandslam NOT_LEGAL cannot be used with udir_holes, no_sides or TERRITORY"),
    # our extension (Jackman's variation D), not a parameter of the reference
    _rule("store_ends_turn_needs_store", ("store_ends_turn", "sow_own_store"),
          lambda v: _gi(v).store_ends_turn and not _gi(v).sow_own_store,
          "store_ends_turn needs sow_own_store"),
] + ROW_EMPTY_RULES

PLAYER = [
    _rule("stores_scorer", ("stores_m", "stores", "child_cvt"),
          lambda v: bool(v.player.scorer.stores_m) and not _gi(v).stores and not _gi(v).child_cvt,
          "the stores scorer (stores_m) needs stores or children"),
    _rule("stores_scorer_inv", ("stores_m", "goal"),
          lambda v: bool(v.player.scorer.stores_m) and _gi(v).goal in ELIMINATION,
          "the stores scorer (stores_m) is not for CLEAR or DEPRIVE games"),
    _rule("mlaps_access_prohibit", ("access_m", "mlaps"),
          lambda v: bool(v.player.scorer.access_m) and _gi(v).mlaps != LapSower.OFF,
          "the access scorer (access_m) is not for multi-lap games"),
    _rule("udirect_access_prohibit", ("access_m", "udir_holes"),
          lambda v: bool(v.player.scorer.access_m) and udirect(v),
          "the access scorer (access_m) is not for games with udir_holes"),
    _rule("no_side_access", ("access_m", "no_sides", "goal"),
          lambda v: bool(v.player.scorer.access_m) and move_length(v) == 3,
          "the access scorer (access_m) is not for no_sides or TERRITORY games"),
    _rule("child_scorer", ("child_cnt_m", "child_cvt"),
          lambda v: bool(v.player.scorer.child_cnt_m) and not _gi(v).child_cvt,
          "the child scorer (child_cnt_m) needs children"),
    _rule("no_repeat_scorer", ("repeat_turn", "sow_own_store", "capt_rturn", "xc_sown"),
          lambda v: bool(v.player.scorer.repeat_turn)
          and not (_gi(v).sow_own_store or _gi(v).capt_rturn != CaptRTurn.NO_REPEAT
                   or _gi(v).xc_sown),
          "the repeat_turn scorer needs repeat turns (sow_own_store, capt_rturn or xc_sown)"),
]

MANCALA = (BOARD + CREATION + PATTERNS + ELIMINATION_RULES + TERRITORY + BLOCK_DIVERT + CHILDREN
           + NO_SIDES + CAPTURES + GENERAL + PLAYER)


# ---- game classes ------------------------------------------------------------------------------

def _without(rules: list[Constraint], *names: str) -> list[Constraint]:
    return [r for r in rules if r.name not in names]


def _is(klass: GameClass) -> Callable[[Variant], bool]:
    return lambda v: v.game_class == klass


NS_SOW_RULES = (SowRule.SOW_BLKD_DIV, SowRule.SOW_BLKD_DIV_NR, SowRule.OWN_SOW_CAPT_ALL,
                SowRule.SOW_CAPT_ALL, SowRule.NO_SOW_OPP_NS, SowRule.CHANGE_DIR_LAP,
                SowRule.OPP_GETS_OWN_LAST)


def _cycle_rules(cls: str) -> list[Constraint]:
    return [
        _rule("ns2_not_territory", ("game_class", "goal"),
              lambda v: _gi(v).goal == Goal.TERRITORY, f"{cls} cannot have goal TERRITORY"),
        _rule("ns2_no_mshare", ("game_class", "mustshare"),
              lambda v: _gi(v).mustshare, f"{cls} cannot use mustshare"),
        _rule("ns2_no_vis_opp", ("game_class", "visit_opp"),
              lambda v: _gi(v).visit_opp, f"{cls} cannot use visit_opp"),
        _rule("ns2_noside_wegs", ("game_class", "child_type", "no_sides"),
              lambda v: _gi(v).child_type == ChildType.WEG and not _gi(v).no_sides,
              f"{cls} without no_sides cannot have WEG children (nobody could sow into them)"),
        _rule("ns2_child_rules", ("game_class", "child_rule"),
              lambda v: _gi(v).child_rule in (ChildRule.OPP_SIDE_ONLY, ChildRule.OPPS_ONLY_NOT_1ST,
                                              ChildRule.OWN_OWNER_ONLY, ChildRule.NOT_1ST_OPP),
              f"{cls} cannot use this child_rule"),
    ]


NORTH_SOUTH = _cycle_rules("NorthSouthCycle") + [
    _rule("ns2_no_sowrule", ("game_class", "sow_rule"),
          lambda v: _gi(v).sow_rule in NS_SOW_RULES, "NorthSouthCycle cannot use this sow_rule"),
] + MANCALA

EAST_WEST = _cycle_rules("EastWestCycle") + [
    _rule("ew2_even_holes", ("game_class", "holes"), lambda v: v.holes % 2 == 1,
          "EastWestCycle needs an even number of holes a side"),
    _rule("ew2_only_cw_ccw", ("game_class", "sow_direct"),
          lambda v: _gi(v).sow_direct not in (Direct.CW, Direct.CCW),
          "EastWestCycle sows CW or CCW only"),
    _rule("es2_no_sowrule", ("game_class", "sow_rule"),
          lambda v: _gi(v).sow_rule in (*NS_SOW_RULES, SowRule.NO_OPP_CHILD),
          "EastWestCycle cannot use this sow_rule"),
] + MANCALA

SAME_SIDE_OWN = [
    _rule("ss_goal_clear", ("game_class", "goal"), lambda v: _gi(v).goal != Goal.CLEAR,
          "SameSide and Ohojichi need goal CLEAR"),
    _rule("ss_no_spatter", ("game_class", "start_pattern"),
          lambda v: _gi(v).start_pattern != StartPattern.ALL_EQUAL,
          "SameSide and Ohojichi cannot use a start_pattern"),
    _rule("ss_no_arule", ("game_class", "allow_rule"),
          lambda v: _gi(v).allow_rule != AllowRule.NONE,
          "SameSide and Ohojichi cannot use an allow_rule"),
    _rule("ss_no_sow_own", ("game_class", "sow_own_store"), lambda v: _gi(v).sow_own_store,
          "SameSide and Ohojichi cannot use sow_own_store"),
    _rule("ss_no_presowcapt", ("game_class", "presowcapt"),
          lambda v: _gi(v).presowcapt != PreSowCapt.NONE,
          "SameSide and Ohojichi cannot use presowcapt"),
    _rule("ss_no_sowrule", ("game_class", "sow_rule"), lambda v: _gi(v).sow_rule != SowRule.NONE,
          "SameSide and Ohojichi cannot use a sow_rule"),
    _rule("ss_no_xcapt", ("game_class", "crosscapt"), lambda v: _gi(v).crosscapt,
          "SameSide and Ohojichi cannot use crosscapt"),
    _rule("ss_no_moveunlock", ("game_class", "moveunlock"), lambda v: _gi(v).moveunlock,
          "SameSide and Ohojichi cannot use moveunlock"),
    _rule("ss_no_capt_rturn", ("game_class", "capt_rturn"),
          lambda v: _gi(v).capt_rturn != CaptRTurn.NO_REPEAT,
          "SameSide and Ohojichi give a repeat turn to place captured seeds: capt_rturn "
          "cannot be set"),
    _rule("ss_no_pick", ("game_class", "pickextra"),
          lambda v: _gi(v).pickextra != CaptExtraPick.NONE,
          "SameSide and Ohojichi cannot use pickextra"),
]

SAME_SIDE = SAME_SIDE_OWN + [
    _rule("ss_side_own", ("game_class", "capt_side"),
          lambda v: _gi(v).capt_side != CaptSide.OWN_SIDE, "SameSide needs capt_side OWN_SIDE"),
] + _without(MANCALA, "no_sides_bad_capt_side")

OHOJICHI = [
    _rule("oho_even", ("game_class", "holes"), lambda v: v.holes % 2 == 1,
          "Ohojichi needs an even number of holes a side"),
    _rule("oho_side_both", ("game_class", "capt_side"),
          lambda v: _gi(v).capt_side != CaptSide.BOTH, "Ohojichi needs capt_side BOTH"),
    _rule("oho_splt_udir_all", ("game_class", "sow_direct", "udir_holes"),
          lambda v: _gi(v).sow_direct == Direct.SPLIT and len(_gi(v).udir_holes) != v.holes,
          "Ohojichi with SPLIT sowing needs every hole in udir_holes"),
    _rule("oho_udir_all", ("game_class", "udir_holes"),
          lambda v: 0 < len(_gi(v).udir_holes) != v.holes,
          "Ohojichi needs every hole in udir_holes or none"),
] + SAME_SIDE_OWN + _without(MANCALA, "no_sides_bad_capt_side")

BEAR_OFF = MANCALA + [
    _rule("bo_no_sides", ("game_class", "no_sides"), lambda v: _gi(v).no_sides,
          "BearOff cannot be no_sides (where would seeds bear off?)"),
    _rule("bo_min_move_g1", ("game_class", "min_move"), lambda v: _gi(v).min_move != 1,
          "BearOff needs min_move 1"),
]

DIFFUSION_SOW = ["mlaps", "move_one", "moveunlock", "mustpass", "mustshare", "prescribed",
                 "skip_start", "sow_rule", "sow_start", "start_pattern", "udir_holes", "visit_opp",
                 "xc_sown"]
DIFFUSION_CAPT = ["capsamedir", "capt_max", "capt_min", "capt_type", "capt_on", "capt_rturn",
                  "crosscapt", "evens", "grandslam", "multicapt", "nocaptmoves", "nosinglecapt",
                  "capt_side", "pickextra", "xcpickown"]
DIFFUSION = BOARD + [
    ROW_EMPTY_GOAL,
    _rule("diff_even_holes", ("game_class", "holes"), lambda v: v.holes % 2 == 1,
          "Diffusion needs an even number of holes a side"),
    _rule("diff_no_sides", ("game_class", "no_sides"), lambda v: not _gi(v).no_sides,
          "Diffusion needs no_sides (either player may move from any hole)"),
    _rule("diff_goal_clear", ("game_class", "goal"), lambda v: _gi(v).goal != Goal.CLEAR,
          "Diffusion needs goal CLEAR"),
    _rule("diff_gs_legal", ("game_class", "grandslam"),
          lambda v: _gi(v).grandslam != GrandSlam.LEGAL, "Diffusion needs grandslam LEGAL"),
    _rule("diff_no_allow_rule", ("game_class", "allow_rule"),
          lambda v: _gi(v).allow_rule != AllowRule.NONE, "Diffusion cannot use an allow_rule"),
    _rule("diff_min_move_1", ("game_class", "min_move"), lambda v: _gi(v).min_move != 1,
          "Diffusion needs min_move 1"),
    *_flag_rules("diff_no_", ["blocks", "rounds", "round_fill", "round_starter"],
                 lambda v: True, "Diffusion cannot be played in rounds ({flag})"),
    _rule("diff_sow_ccw", ("game_class", "sow_direct"),
          lambda v: _gi(v).sow_direct != Direct.CCW,
          "Diffusion always sows counter-clockwise round the start hole: sow_direct CCW"),
    *_flag_rules("diff_no_", DIFFUSION_SOW, lambda v: True,
                 "Diffusion has its own sowing: {flag} cannot be set"),
    _rule("diff_no_sow_own", ("game_class", "sow_own_store"), lambda v: _gi(v).sow_own_store,
          "Diffusion cannot use sow_own_store (it sends seeds out of play itself)"),
    *_flag_rules("diff_no_", ["child_cvt", "child_rule", "child_type"], lambda v: True,
                 "Diffusion has no children ({flag})"),
    *_flag_rules("diff_no_", DIFFUSION_CAPT, lambda v: True,
                 "Diffusion removes seeds by its own sowing: no capture ({flag})"),
]

BY_CLASS: dict[GameClass, list[Constraint]] = {
    GameClass.MANCALA: MANCALA,
    GameClass.NORTH_SOUTH_CYCLE: NORTH_SOUTH,
    GameClass.EAST_WEST_CYCLE: EAST_WEST,
    GameClass.SAME_SIDE: SAME_SIDE,
    GameClass.OHOJICHI: OHOJICHI,
    GameClass.BEAR_OFF: BEAR_OFF,
    GameClass.DIFFUSION: DIFFUSION,
    GameClass.DIFFUSION_V2: DIFFUSION,
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


# ---- advice: combinations the reference plays but warns about ----------------------------------

ADVICE = [
    _rule("warn_no_capt", ("sow_rule", "child_type", "capt_type", "evens", "crosscapt",
                           "sow_own_store", "capt_max", "capt_min", "capt_on", "presowcapt"),
          lambda v: not any([blkd_div(v), _gi(v).child_type != ChildType.NOCHILD,
                             _gi(v).capt_type != CaptType.NONE, _gi(v).crosscapt,
                             _gi(v).sow_own_store, basic_capture(_gi(v)),
                             _gi(v).presowcapt != PreSowCapt.NONE]),
          "no capture mechanism"),
    _rule("capt_conflict", ("capt_min", "capt_max", "capt_on", "evens"),
          lambda v: any([_gi(v).capt_min and _gi(v).capt_max and _gi(v).capt_min > _gi(v).capt_max,
                         bool(_gi(v).capt_on) and _gi(v).evens
                         and all(c % 2 for c in _gi(v).capt_on),
                         bool(_gi(v).capt_min and _gi(v).capt_on)
                         and max(_gi(v).capt_on) < _gi(v).capt_min,
                         bool(_gi(v).capt_max and _gi(v).capt_on)
                         and min(_gi(v).capt_on) > _gi(v).capt_max]),
          "the capture criteria conflict: nothing can be captured"),
    _rule("xcapt_multi_same", ("crosscapt", "multicapt", "capsamedir"),
          lambda v: _gi(v).crosscapt and bool(_gi(v).multicapt) and not _gi(v).capsamedir,
          "crosscapt with multicapt but without capsamedir captures as crosscapt alone"),
    _rule("warn_capsamedir_multicapt", ("capsamedir", "multicapt"),
          lambda v: _gi(v).capt_type not in (CaptType.TWO_OUT, CaptType.NEXT)
          and _gi(v).capsamedir and not _gi(v).multicapt,
          "capsamedir without multicapt changes nothing"),
    _rule("blocks_wo_rounds", ("blocks", "rounds"),
          lambda v: _gi(v).blocks and not blkd_div(v) and _gi(v).rounds == Rounds.NO_ROUNDS,
          "blocks without rounds or SOW_BLKD_DIV do nothing"),
    _rule("nmax_no_repeat", ("algorithm", "sow_own_store", "capt_rturn", "xc_sown"),
          lambda v: v.player.algorithm == Algorithm.NEGAMAXER
          and (_gi(v).sow_own_store or _gi(v).capt_rturn != CaptRTurn.NO_REPEAT or _gi(v).xc_sown),
          "the reference refuses negamaxer with repeat turns; this engine's negamaxer "
          "handles them"),
]


def advice(variant: Variant) -> list[Violation]:
    """The reference's warnings that apply to a variant (it still plays)."""
    return [Violation(c.params, c.name, c.message) for c in ADVICE if c.broken(variant)]
