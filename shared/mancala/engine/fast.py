"""The C core (`_fastcore`) for the common Mancala variants, or None.

    >>> from mancala.rules.loading import load_variant
    >>> rules = make_fast(load_variant("kalah_4"))   # None if not built or not eligible
    >>> # rules.legal(pos), rules.apply(pos, move), rules.playout(pos, seed, max_moves)

The pure-Python pipeline is the specification and the fallback: `mancala_core.h`
plays, step for step, the MANCALA variants `why_not_fast` (core_eligible.py) finds
nothing against (tests/engine/test_fastcore.py compares the two after every move of
random games, every Position field). Anything it does not play exactly is refused
there, so that the Python engine plays it; `params` writes the rest as the core's
numbers (core_values.py). `Rules` works on `Position` objects in place:

- `legal(pos)`: like `Game.legal_moves` (uses and fills the `pos.legal` cache);
- `legal_fresh(pos)`: the legal moves computed anew, the cache untouched;
- `apply(pos, move)`: like `Game.apply` (trusted move, in place; `pos.legal` is left
  None as the pipeline leaves it, or with `make_fast(..., fill_legal=True)` holds the
  next legal moves);
- `playout(pos, seed, max_moves)`: random legal moves on a copy, entirely in C;
  returns (moves played, OutcomeKind or None, winner or None). The moves are
  chosen by xorshift64* seeded with splitmix64(seed) (see `playout_index`);
- `replay(...)`: replay.py's loop for the moves it can play.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Generator, Iterator
from typing import Any

from mancala.engine.core_eligible import SEED_LIMIT_ROUNDS, why_not_fast
from mancala.engine.core_values import (
    BLKD_DIV,
    BY_COUNT,
    CAPT_RTURN,
    CAPT_SIDE,
    CAPT_TYPE,
    CHILD_GUARD,
    CHILD_RULE,
    CHILD_TYPE,
    CHILDLESS,
    END_COND,
    END_RULE,
    ENPAS,
    EP_ALL,
    EP_MOVERS,
    EP_OPPS,
    GOAL,
    GRANDSLAM,
    HOLD_ADDED,
    HOLD_ALL,
    HOLD_NONE,
    LAP_CAPTURES,
    LC_BASIC,
    LC_CROSS,
    LC_GAP,
    LC_NONE,
    MLAP_CONT,
    MLAPS,
    MOVE_DIRECTION,
    PICKEXTRA,
    QUIT_18,
    QUIT_110,
    QUIT_DIVVY,
    QUIT_TIE,
    STEP,
    TALLY,
    UNCLAIMED,
    XCPICKOWN,
)
from mancala.engine.ending import NoOutcomeChange, over_claim
from mancala.engine.position import Outcome, OutcomeKind
from mancala.rules.enums import (
    AllowRule,
    CaptExtraPick,
    CaptSide,
    CaptType,
    ChildLocs,
    Direct,
    EndCond,
    GameClass,
    Goal,
    LapSower,
    PreSowCapt,
    Rounds,
    RulesVersion,
    SowPrescribed,
    SowRule,
)
from mancala.rules.variant import Variant

try:  # imported by name: the type checker reads no compiled module
    _fastcore: Any = importlib.import_module("mancala.engine._fastcore")
except ImportError:  # not built (no compiler when installed): the Python engine plays
    _fastcore = None

# the parameter layout this file writes; a build of another layout is not used
LAYOUT = 19

# parameters added after databases were first built, with the value that means the rule
# is absent: a rules fingerprint leaves them out at that value, so adding a rule to the
# core does not make every database built before it look foreign
# (mancala.ai.egtb.fingerprint)
ADDED_OFF: dict[str, Any] = {**CHILDLESS, "blocks": 0, "round_end": 0, "round_required": 0,
                              "win_sub": 0, "lap_capt": 0, "lap_capt_guard": 0, "blkd_div": 0,
                              "blkd_no_right": 0, "blkd_param": 0, "opp_gets": 0,
                              "opp_gets_below": 0, "dir_of": (), "against": 0,
                              "dont_undo": 0, "children_hold": 0, "play_alt": 0,
                              "cross_on_one": 0, "count_movers": 0, "no_udir_firsts": 0,
                              "tally": 0, "tally_required": 0, "tally_tie_mover": 0,
                              "territory": 0, "win_fixed": 0, "max_sow": 0, "all_singles": 0,
                              "singles_before": 0}
def core_move(move: int | tuple[int, str] | tuple[str, int]) -> int:
    """A move of Game's legal moves as the C searches take it: the hole, or the hole with
    the direction's bit (mancala_core.h's MOVE_CCW / MOVE_CW). A store move is none of
    the core's (no variant the core plays has one)."""
    if isinstance(move, int):
        return move
    hole, name = move
    if not isinstance(hole, int) or not isinstance(name, str):
        raise ValueError(f"{move!r} is not a move of the C core")
    return hole | MOVE_DIRECTION[name]


def c_core_enabled() -> bool:
    """MANCALA_C_CORE=0 switches the C core off (the pure-Python engine plays)."""
    return os.environ.get("MANCALA_C_CORE", "1") != "0"


def reads_last_move(variant: Variant) -> bool:
    """Whether a move's legality reads the move before it (allow._dont_undo: SPLIT's and
    ZigZag's single seed not moved straight back), which a search position of a board,
    stores and a turn does not hold."""
    from mancala.engine.allow import dont_undo_applies

    if variant.game_info.sow_direct != Direct.SPLIT and variant.game_class != GameClass.ZIG_ZAG:
        return False  # the only rules it applies to: no pipeline needed to say no
    return dont_undo_applies(_pipeline(variant))


def _pipeline(variant: Variant) -> Any:
    """The Python pipeline of the variant, whose own choices params() reads."""
    from mancala.engine.pipeline import Pipeline  # the pipeline imports this module's users

    return Pipeline(variant)


def _no_change_below(pipeline: Any) -> int:
    """The seed count under which ending.NoOutcomeChange ends the game (0: not in the
    chain), read from the pipeline's own ender so the two cannot disagree."""
    return next((e.min_needed for e in _chain(pipeline.ender) if isinstance(e, NoOutcomeChange)), 0)


def _chain(step: Any) -> Iterator[Any]:
    """Each stage of a pipeline chain (enders, capturers), outermost first, by their
    `inner` links."""
    while step is not None:
        yield step
        step = getattr(step, "inner", None)


def _names(step: Any) -> set[str]:
    """The class names in a pipeline chain. (Named, not imported: the stage classes move
    between the engine's modules.)"""
    return {type(stage).__name__ for stage in _chain(step)}


def _deciding_goal(goal: Goal) -> Goal:
    """The goal that decides each game or round: an RND_* goal's rounds are decided as
    CLEAR, DEPRIVE or IMMOBILIZE games (Goal.eliminating), or by the most seeds, as a
    TERRITORY game's are (the seeds a player holds win them holes)."""
    if goal == Goal.TERRITORY or (goal in TALLY and goal.eliminating == goal):
        return Goal.MAX_SEEDS
    return goal.eliminating


def _quit(variant: Variant) -> int:
    """ending.make_quitter for these variants: how a stopped game settles the seeds left
    (1.8 from `unclaimed`, with no stores a tie; 1.10 from `quitter`)."""
    gi = variant.game_info
    if _deciding_goal(gi.goal) != Goal.MAX_SEEDS:
        return QUIT_TIE  # make_quitter: TieAlways
    if variant.rules_version is RulesVersion.V1_10:
        quit_ = QUIT_110[gi.quitter]
        return QUIT_TIE if quit_ == QUIT_DIVVY and not gi.stores else quit_
    return QUIT_18.get(gi.unclaimed, QUIT_DIVVY) if gi.stores else QUIT_TIE


def version_flags(variant: Variant, pipeline: Any = None) -> dict[str, int]:
    """The rules that differ between the reference's 1.8 and 1.10 releases, each a flag of
    the core read from the Python pipeline built for the variant where it keeps the
    choice (so the two cannot disagree), else from the rules version where it decides.

        >>> from mancala.rules.loading import load_variant
        >>> version_flags(load_variant("kalah_4"))["max_laps"]
        50
    """
    from mancala.engine.laps import MAX_LAPS, MAX_LAPS_110

    pipeline = pipeline or _pipeline(variant)
    v110 = pipeline.v110
    gi = variant.game_info
    enders = _names(pipeline.ender)
    end_cond = END_COND[gi.end_cond] if enders & {"SideCleared", "SeedLimit", "HoleSeedLimit"} else 0
    end_param = gi.end_param
    if gi.rounds in SEED_LIMIT_ROUNDS:
        # their own SeedLimit (nbr_start seeds or twice it), beside the end_cond's: over
        # once either is reached
        end_param = max(s.stop_at for s in _chain(pipeline.ender)
                        if type(s).__name__ == "SeedLimit")
        end_cond = END_COND[EndCond.SEEDS_LIMIT]
    return {
        "max_laps": MAX_LAPS_110 if v110 else MAX_LAPS,  # laps.MultiLapSower
        "turn_repeats": int(pipeline.turn_repeats),
        "share_end": int("CannotShare" in enders),
        "share_keep_all": int(v110 and gi.mustpass),  # allow._must_share
        "slam_first_sown": int("GrandSlamKeepFirstSown" in _names(pipeline.capturer)),
        "next_stops": int(v110 and gi.mlaps == LapSower.LAPPER_NEXT),  # laps.make_lap_rule
        "next_store": int(v110 and gi.mlaps == LapSower.LAPPER_NEXT and gi.sow_own_store),
        "cont_from_start": int(v110),  # capture_ok.make_capt_ok
        "quit": _quit(variant),
        "mlap_cont": MLAP_CONT[gi.mlap_cont],
        "mlap_param": gi.mlap_param,
        "end_cond": end_cond,  # ending.end_condition, where the chain has it
        "end_param": end_param,
    }


def _enpas(variant: Variant) -> dict[str, int]:
    """sowing.capture_while_sowing's captor and conditions, as the core's parameters."""
    gi = variant.game_info
    if gi.sow_rule not in ENPAS:
        return {"enpas": 0, "enpas_owner": 0, "enpas_holes": EP_ALL, "enpas_not_last": 0}
    owner, holes, not_last = ENPAS[gi.sow_rule]
    if holes is None:  # SOW_CAPT_ALL: the capture side names the holes
        holes = {CaptSide.OWN_SIDE: EP_MOVERS, CaptSide.OPP_SIDE: EP_OPPS, CaptSide.OWN_TERR: EP_MOVERS,
                 CaptSide.OPP_TERR: EP_OPPS}.get(gi.capt_side, EP_ALL)
    if not_last is None:
        not_last = gi.mlaps == LapSower.LAPPER
    return {"enpas": 1, "enpas_owner": int(owner), "enpas_holes": holes,
            "enpas_not_last": int(not_last)}


def params(variant: Variant) -> dict[str, Any]:
    """The parameter dict of `_fastcore.Rules` (and the solver's); refused variants raise."""
    reasons = why_not_fast(variant)
    if reasons:
        raise ValueError("the C core does not play this variant: " + "; ".join(reasons))
    gi = variant.game_info
    pipeline = _pipeline(variant)  # built once: the readers below take its choices
    return {
        "layout": LAYOUT,
        "holes": variant.holes,
        "step": STEP.get(gi.sow_direct, 1),  # unread where the count decides
        "even_odd": int(gi.sow_direct in BY_COUNT),
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
        "grandslam": GRANDSLAM[gi.grandslam],
        "min_move": gi.min_move,
        "mustshare": int(gi.mustshare),
        "mustpass": int(gi.mustpass),
        "unclaimed": UNCLAIMED[gi.unclaimed],
        "over_claim": UNCLAIMED[over_claim(variant)],
        "pickextra": PICKEXTRA[gi.pickextra],
        "stores": int(gi.stores),
        "no_change_below": _no_change_below(pipeline),
        "nocaptmoves": gi.nocaptmoves,
        "end_rule": END_RULE[gi.end_rule],
        "capt_type": CAPT_TYPE[gi.capt_type],
        "goal": GOAL[_deciding_goal(gi.goal)],
        "no_sides": int(gi.no_sides),
        "lap_on": gi.sow_param if gi.sow_rule == SowRule.CONT_LAP_ON else 0,
        **_enpas(variant),
        # capture_steps.PickLastSeeds: nbr_start seeds or fewer to the mover, or twice
        # that to the starter
        "last_seeds": {CaptExtraPick.PICKLASTSEEDS: variant.nbr_start,
                       CaptExtraPick.PICK2XLASTSEEDS: 2 * variant.nbr_start}.get(gi.pickextra, 0),
        "last_capturable": int(variant.rules_version is RulesVersion.V1_10),
        "opp_or_empty": int(gi.allow_rule == AllowRule.OPP_OR_EMPTY),
        "own_hole_count": int(variant.rules_version is RulesVersion.V1_10),  # allow._opp_or_empty
        **version_flags(variant, pipeline),
        **_children(variant),
        **_rounds(variant, pipeline),
        **_lap_capt(variant),
        "blkd_div": int(gi.sow_rule in BLKD_DIV),
        "blkd_no_right": int(gi.sow_rule == SowRule.SOW_BLKD_DIV_NR),
        "blkd_param": gi.sow_param if gi.sow_rule in BLKD_DIV else 0,
        "opp_gets": int(gi.sow_rule == SowRule.OPP_GETS_OWN_LAST),
        "opp_gets_below": gi.sow_param if gi.sow_rule == SowRule.OPP_GETS_OWN_LAST else 0,
        "max_sow": gi.sow_param if gi.sow_rule == SowRule.MAX_SOW else 0,
        **_directions(variant, pipeline),
        "children_hold": _children_hold(pipeline),
        "cross_on_one": int(gi.presowcapt == PreSowCapt.DRAW_1_XCAPT),
        "all_singles": int(gi.presowcapt == PreSowCapt.ALL_SINGLE_XCAPT),
        "singles_before": int(variant.rules_version is RulesVersion.V1_10),  # CrossAllSingles
        "count_movers": int(pipeline.count_movers),
        "no_udir_firsts": int(gi.prescribed == SowPrescribed.NO_UDIR_FIRSTS),
    }


def _children_hold(pipeline: Any) -> int:
    """Whether the variant's ender moves the stores' seeds onto the children (children
    without stores), and which of them: read from the ender chain itself."""
    from mancala.engine.ending import ChildrenHoldStores

    hold = next((e for e in _chain(pipeline.ender) if isinstance(e, ChildrenHoldStores)), None)
    return HOLD_NONE if hold is None else HOLD_ADDED if hold.keep_out else HOLD_ALL


def _directions(variant: Variant, pipeline: Any) -> dict[str, Any]:
    """Directions by the hole (draw.direction_table: fixed, named with the move, or by the
    count) where they are not one for the whole board; the fixed direction a 1.10
    multiple capture looks against when a mover may sow the other way
    (capture_steps.AgainstSowing); and SPLIT's ban on moving a single seed straight
    back (allow.dont_undo_applies)."""
    from mancala.engine.allow import dont_undo_applies
    from mancala.engine.draw import direction_table

    gi = variant.game_info
    play_alt = gi.sow_direct == Direct.PLAYALTDIR  # the game's directions, not the holes'
    if play_alt or (not gi.udir_holes and gi.sow_direct not in (Direct.SPLIT, Direct.TOCENTER)):
        return {"dir_of": (), "against": 0, "dont_undo": 0, "play_alt": int(play_alt)}
    table = direction_table(variant, pipeline.board)
    assert table is not None
    against = next((s.fixed for s in _chain(pipeline.capturer)
                    if type(s).__name__ == "AgainstSowing"), 0)
    return {"dir_of": table, "against": against, "dont_undo": int(dont_undo_applies(pipeline)),
            "play_alt": 0}


def _lap_capt(variant: Variant) -> dict[str, int]:
    """The capture at each lap's end of LAP_CAPT and OPP_GETS_OWN_LAST
    (laps._capture_checks), and its 1.10 guard."""
    gi = variant.game_info
    if gi.sow_rule not in LAP_CAPTURES:
        return {"lap_capt": LC_NONE, "lap_capt_guard": 0}
    kind = LC_CROSS if gi.crosscapt else LC_GAP if gi.capt_type == CaptType.TWO_OUT else LC_BASIC
    return {"lap_capt": kind,
            "lap_capt_guard": int(variant.rules_version is RulesVersion.V1_10 and not gi.stores)}


def _rounds(variant: Variant, pipeline: Any) -> dict[str, Any]:
    """The rounds as the core's parameters, read from the pipeline's own enders: whether
    RoundBySeeds makes an end the round's, the seeds each player must hold for that, and
    the winning count (Ender.win_seeds: half the total, or the total less `win_sub`); or
    the RND_* goal's tally (RoundByTally) and the count that wins the game."""
    from mancala.engine.ending import RoundBySeeds, RoundByTally

    gi = variant.game_info
    ender: Any = pipeline.ender
    win = ender.win_seeds
    big = 1 << 20
    # the eliminating goals decide by their own enders: no winning count
    halves = _deciding_goal(gi.goal) != Goal.MAX_SEEDS or all(win(total) == total - total // 2
                                                         for total in (big, big + 1))
    # TERRITORY outside NO_MOVES rounds: a count of its own (the seeds that win goal_param holes)
    fixed = win(big) if not halves and win(big) == win(big + 1) == win(0) else 0
    win_sub = 0 if halves or fixed else big - win(big)
    if not (halves or fixed) and (win_sub < 1 or big + 1 - win(big + 1) != win_sub):
        raise ValueError(f"the winning count of {variant.name} is not the core's")
    if fixed < 0:
        raise ValueError(f"the winning count of {variant.name} is not the core's")
    required = 0
    by_seeds = tallied = False
    for stage in _chain(ender):
        if isinstance(stage, RoundBySeeds):
            by_seeds, required = True, stage.required  # (0: every end is a round's)
        tallied |= isinstance(stage, RoundByTally)
    if gi.rounds != Rounds.NO_ROUNDS and not (by_seeds or tallied):
        raise ValueError(f"the rounds of {variant.name} end neither by the seeds held nor by a tally")
    tally = pipeline.tally if tallied else None
    return {"blocks": int(gi.blocks), "round_end": int(by_seeds),
            "round_required": required, "win_sub": win_sub, "win_fixed": fixed,
            "territory": int(gi.goal == Goal.TERRITORY),
            "tally": TALLY[gi.goal] if tally else 0,
            "tally_required": tally.required if tally else 0,
            "tally_tie_mover": int(tally.tie_names_mover) if tally else 0}


def _children(variant: Variant) -> dict[str, Any]:
    """children.make_child_test as the core's parameters: the child type, its count, the
    side rule, the players who may have a child in each hole (bit 0 South, bit 1 North,
    from children.location_table) and the guard on the symmetric or facing hole."""
    from mancala.engine.children import location_table  # imports the pipeline's modules

    gi = variant.game_info
    kind = CHILD_TYPE[gi.child_type]
    if not kind:
        return dict(CHILDLESS)
    guard = CHILD_GUARD.get(gi.child_locs, 0)
    pattern = {1: ChildLocs.NO_OPP_LEFT, 2: ChildLocs.NO_OPP_RIGHT}.get(guard, gi.child_locs)
    where = (tuple(3 for _ in range(2 * variant.holes)) if pattern == ChildLocs.ANYWHERE
             else tuple(sum(1 << player for player in players or ())
                        for players in location_table(pattern, variant.holes)))
    return {"children": kind, "child_cvt": gi.child_cvt, "child_rule": CHILD_RULE[gi.child_rule],
            "child_guard": guard, "child_where": where}


def available() -> bool:
    """The extension is built, and of this file's layout."""
    return _fastcore is not None and getattr(_fastcore, "LAYOUT", None) == LAYOUT


def make_fast(variant: Variant, *, fill_legal: bool = False) -> Any | None:
    """A `_fastcore.Rules` for the variant, or None (not built, or not eligible).

    `fill_legal`: `apply` leaves the next player's legal moves in `pos.legal` (exactly
    the list `Game.legal_moves` would compute and cache) instead of None as the
    pipeline does. Reading the position a second time for `legal` costs about as much
    as the move itself (docs/performance.md): a caller that asks for the legal moves
    after every move, and does not look at the raw cache, gains that.
    """
    if not available() or why_not_fast(variant):
        return None
    assert _fastcore is not None
    return _fastcore.Rules(params(variant), Outcome, OutcomeKind.WIN, OutcomeKind.TIE,
                           fill_legal=fill_legal, round_win=OutcomeKind.ROUND_WIN,
                           round_tie=OutcomeKind.ROUND_TIE)


def playout_index(seed: int) -> Generator[int | None, int, None]:
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
