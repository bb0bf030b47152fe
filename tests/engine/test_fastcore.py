"""The C core (`mancala.engine._fastcore`) against the pure-Python engine, its specification.

The Python side is `Game(variant, c_core=False)` (asserted to have no core), the C side
the bare `Rules` of `make_fast`: they share nothing but the Position type. After every
move of random games every Position field must agree (the legal-move cache included),
over random eligible variants (hypothesis), every shipped config and every reference
variant file the core accepts, from their start and from random boards. Skipped only
when the extension is not built.
"""

from __future__ import annotations

import io
import json
import operator
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from mancala.engine import Game, Outcome, OutcomeKind, Position
from mancala.engine.fast import LAYOUT, make_fast, params, playout_index, why_not_fast
from mancala.engine.tally import EMPTY_TALLY
from mancala.engine.trace import decode
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, load_variant, parse_variant
from mancala.rules.variant import Variant
from tests.conformance import recorded

try:
    from mancala.engine import _fastcore
except ImportError as exc:  # ./dev installs a compiler's build: its absence is a failure
    raise AssertionError(f"the C extension mancala.engine._fastcore is not built ({exc}): "
                         "install a C compiler (apt-get install -y gcc) and run ./dev test again") from None

ROOT = Path(__file__).resolve().parents[2]
CONFORMANCE = recorded.DATA_18
CONFORMANCE_110 = recorded.DATA_110


def test_the_build_is_current() -> None:
    assert _fastcore.LAYOUT == LAYOUT, "stale _fastcore build: reinstall (pip install -e .)"


# ---- comparing --------------------------------------------------------------------------

def fields(pos: Position) -> dict[str, Any]:
    """Every slot of the position (lists copied)."""
    return {name: (list(value) if isinstance(value, list) else value)
            for name in Position.__slots__ for value in [getattr(pos, name)]}


SLOTS = operator.attrgetter(*Position.__slots__)


def assert_same(a: Position, b: Position, where: str) -> None:
    if SLOTS(a) == SLOTS(b):  # four comparisons a move: building the dicts was a third of the run
        return
    fa, fb = fields(a), fields(b)
    diff = {name: (fa[name], fb[name]) for name in fa if fa[name] != fb[name]}
    assert not diff, f"{where}: Python vs C differ in {diff}"


def pure_python(variant: Variant) -> Game:
    game = Game(variant, c_core=False)
    assert game.fast is None  # the reference side must not reach the C core
    return game


def play_both(game: Game, rules: Any, a: Position, b: Position, rng: random.Random,
              max_moves: int = 300) -> Position:
    """Random legal moves: the pure-Python engine plays `a`, the C core `b` (in place).
    Every move is also played traced by both: the same position, and the same record of
    what the move did (mancala.engine.trace), event for event. Python's untraced move is
    played beside its traced one every fourth move (the two Python moves were two thirds
    of the run; test_trace compares them on every move of every shipped variant); in
    between, Python goes on from its traced position. Returns Python's last position."""
    moves: list[Any] = []
    for _ in range(max_moves):
        assert_same(a, b, f"before the legal moves, after {moves}")
        fresh = rules.legal_fresh(b)
        legal = game.legal_moves(a)
        assert rules.legal(b) == legal == fresh, f"legal moves after {moves}"
        assert_same(a, b, f"after {moves}")  # the caches too
        if not legal and next_round_by_itself(game, a):
            # the next round (Python's rounds.py for both): its blocked holes are the core's
            a, b = game.next_round(a), game.next_round(b)
            moves.append("next round")
            continue
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        traced_a, record_a = game.play_traced(a, move)
        traced_b = b.copy()
        events_b = rules.apply_traced(traced_b, move)
        if len(moves) % 4 == 1:
            game.apply(a, move)
            assert_same(a, traced_a, f"Python traced, after {moves}")
        a = traced_a
        rules.apply(b, move)
        assert_same(a, b, f"after {moves}")
        assert_same(b, traced_b, f"C traced, after {moves}")
        assert decode(record_a.player, events_b) == record_a, f"the records after {moves}"
        assert list(events_b) == list(record_a.stream), f"the event streams after {moves}"
    return a


def next_round_by_itself(game: Game, pos: Position) -> bool:
    """A round ended and the next one starts without a player's choice or chance."""
    return (pos.outcome is not None and pos.outcome.kind.ends_round
            and game.round_choice(pos) is None and not game.next_round_outside(pos))


def random_start(game: Game, rng: random.Random, sparse: bool) -> Position:
    """A start position, or a random board (sparse ones reach the endings sooner); in a
    territory game, half the random boards with the holes owned at random."""
    if not sparse and rng.random() < 0.5:
        return game.start(rng.randrange(2))
    counts = [0, 0, 1, 1, 2, 3] if sparse else list(range(9))
    board = [rng.choice(counts) for _ in range(game.size)]
    stores = [rng.randrange(6), rng.randrange(6)]
    pos = game.start(rng.randrange(2), board=board, stores=stores)
    if game.pipe.territory and rng.random() < 0.5:
        pos.owner = [rng.randrange(2) for _ in range(game.size)]
    return pos


def play_variant(variant: Variant, games: int, seed: Any) -> None:
    game, rules = pure_python(variant), make_fast(variant)
    assert rules is not None
    rng = random.Random(seed)
    for k in range(games):
        a = random_start(game, rng, sparse=k % 3 == 2)
        play_both(game, rules, a, a.copy(), rng)


# ---- random variants ---------------------------------------------------------------------

@st.composite
def eligible_variants(draw: Any) -> dict[str, Any]:
    holes = draw(st.integers(1, 8))
    gi: dict[str, Any] = {
        "stores": draw(st.booleans()),
        "sow_direct": draw(st.sampled_from(["CW", "CCW"])),
        "skip_start": draw(st.booleans()),
        "sow_own_store": draw(st.booleans()),
        "mlaps": draw(st.sampled_from(["OFF", "OFF", "LAPPER", "LAPPER_NEXT"])),
        "capt_side": draw(st.sampled_from(["BOTH", "OPP_SIDE", "OWN_SIDE", "OPP_CONT",
                                           "OWN_CONT"])),
        "capt_rturn": draw(st.sampled_from(["NO_REPEAT", "ALWAYS", "ONCE"])),
        "nosinglecapt": draw(st.booleans()),
        "grandslam": draw(st.sampled_from(["LEGAL", "NOT_LEGAL", "NO_CAPT", "OPP_GETS_REMAIN",
                                           "LEAVE_LEFT", "LEAVE_RIGHT"])),
        "pickextra": draw(st.sampled_from(["NONE", "NONE", "PICKCROSS", "PICKTWOS",
                                           "PICKFINAL", "PICKLASTSEEDS", "PICK2XLASTSEEDS"])),
        "min_move": draw(st.sampled_from([1, 1, 2, 3])),
        "nocaptmoves": draw(st.sampled_from([0, 0, 0, 1, 3])),
        "mustshare": draw(st.booleans()),
        "mustpass": draw(st.booleans()),
        "unclaimed": draw(st.sampled_from(["HOLE_OWNER", "DONT_SCORE", "LAST_MOVER",
                                           "UNFED_PLAYER", "DIVVIED"])),
    }
    v110 = draw(st.booleans())
    if v110 and draw(st.integers(0, 3)) == 0:  # a 1.10 value: the direction by the count
        gi["sow_direct"] = "EVEN_ODD_DIR"
    gi["goal"] = draw(st.sampled_from(["MAX_SEEDS", "MAX_SEEDS", "MAX_SEEDS", "CLEAR",
                                       "DEPRIVE"]))
    if gi["stores"] and draw(st.integers(0, 3)) == 0:  # moves from any hole
        gi.update(no_sides=True, mustshare=False, mustpass=False, grandslam="LEGAL",
                  capt_side="BOTH")
        if gi["unclaimed"] == "UNFED_PLAYER":
            gi["unclaimed"] = "DONT_SCORE"
    gi["sow_start"] = draw(st.booleans())
    gi["move_one"] = gi["sow_start"] and draw(st.booleans())
    gi["store_ends_turn"] = gi["sow_own_store"] and draw(st.booleans())
    gi["visit_opp"] = gi["mlaps"] != "OFF" and not gi.get("no_sides") and draw(st.booleans())
    if gi["goal"] == "MAX_SEEDS" and draw(st.integers(0, 3)) == 0:  # the published Kalah end
        gi["end_rule"] = "ROW_EMPTY"
        gi["unclaimed"] = "HOLE_OWNER"
        gi["mustshare"] = False
        if gi["grandslam"] == "OPP_GETS_REMAIN":
            gi["grandslam"] = "LEGAL"
    capture = draw(st.sampled_from(["none", "cross", "basic", "basic", "two_out", "match",
                                    "pull"]))
    if capture == "two_out":
        gi["capt_type"] = "TWO_OUT"
    if capture == "pull":  # the seeds across pulled into an empty last hole (one lap)
        gi.update(capt_type="PULL_ACROSS", mlaps="OFF", visit_opp=False)
    if capture == "match":  # the last hole and the one across, of equal counts
        gi["capt_type"] = "MATCH_OPP"
    if capture == "basic" or (capture in ("cross", "pull") and draw(st.booleans())):
        while True:
            if draw(st.booleans()):
                gi["capt_on"] = draw(st.lists(st.integers(1, 6), min_size=1, max_size=4,
                                              unique=True))
            gi["evens"] = draw(st.booleans())
            gi["capt_min"] = draw(st.sampled_from([0, 0, 1, 2, 3]))
            gi["capt_max"] = draw(st.sampled_from([0, 0, 3, 4, 6]))
            if gi.get("capt_on") or gi["evens"] or gi["capt_min"] or gi["capt_max"]:
                break
    if capture == "cross":
        gi["crosscapt"] = True
        gi["xcpickown"] = draw(st.sampled_from(["LEAVE", "PICK_ON_CAPT", "ALWAYS_PICK"]))
        gi["xc_sown"] = draw(st.booleans())
    if capture != "none":
        gi["multicapt"] = draw(st.sampled_from([-1, 0, 0, 1, 2, holes]))
        gi["capsamedir"] = capture == "two_out" or draw(st.booleans())  # TWO_OUT needs it
    if (not gi["sow_own_store"] and gi["capt_side"] not in ("OPP_CONT", "OWN_CONT")
            and capture != "pull" and draw(st.integers(0, 3)) == 0):  # captures while sowing
        gi["sow_rule"] = draw(st.sampled_from(
            ["ENPAS_ALL_OWNER_SOW", "ENPAS_ALL_OWNER_OWN", "ENPAS_ALL_SOWER", "ENPAS_SOW_SOWER",
             "ENPAS_OPP_SOWER"] if v110 else ["OWN_SOW_CAPT_ALL", "SOW_CAPT_ALL"]))
        gi["grandslam"] = "LEGAL"
        if not (gi.get("capt_on") or gi.get("evens") or gi.get("capt_min") or gi.get("capt_max")):
            gi["capt_on"] = [draw(st.integers(2, 4))]  # the holes sown to this count
    elif not v110 and gi["mlaps"] != "OFF" and draw(st.integers(0, 3)) == 0:
        gi.update(sow_rule="CONT_LAP_ON", sow_param=draw(st.integers(1, 4)))
    elif (gi["mlaps"] == "OFF" and not gi["sow_own_store"] and capture != "pull"
          and draw(st.integers(0, 5)) == 0):
        # holes holding sow_param seeds passed over (a full board: back to the start)
        gi.update(sow_rule="MAX_SOW", sow_param=draw(st.integers(1, 4)), store_ends_turn=False)
    elif gi["mlaps"] == "LAPPER" and capture not in ("none", "match") and draw(st.integers(0, 2)) == 0:
        gi["sow_rule"] = "LAP_CAPT"  # a capture at each lap's end
        if draw(st.booleans()):  # and the opponent's seeds theirs once few are left
            gi.update(sow_rule="OPP_GETS_OWN_LAST", sow_param=draw(st.integers(2, 12)),
                      sow_own_store=False, store_ends_turn=False)
            if gi["capt_side"].endswith("_CONT"):  # refused there (fast.why_not_fast)
                gi["capt_side"] = "BOTH"
    if not gi.get("no_sides") and draw(st.integers(0, 4)) == 0:
        gi["allow_rule"] = "OPP_OR_EMPTY"
    if gi["goal"] != "MAX_SEEDS":  # what the eliminating goals combine with
        gi.update(grandslam="LEGAL", mustshare=False, mustpass=False)
        if gi["goal"] == "CLEAR":
            gi["min_move"] = 1
        elif gi["min_move"] > 1:  # the last mover wins: no repeat turns
            gi.update(capt_rturn="NO_REPEAT", sow_own_store=False, store_ends_turn=False)
    if draw(st.integers(0, 5)) == 0 and gi.get("sow_rule") != "MAX_SOW":
        # a lap of one seed first takes across its start, or every lap first takes across
        # the mover's single seeds
        gi["presowcapt"] = draw(st.sampled_from(["DRAW_1_XCAPT", "ALL_SINGLE_XCAPT"]))
    if draw(st.integers(0, 3)) == 0:
        directions(draw, gi, holes, v110)
    if draw(st.integers(0, 3)) == 0:
        children(draw, gi)
    elif gi["goal"] == "MAX_SEEDS" and draw(st.integers(0, 3)) == 0:
        rounds(draw, gi, holes, v110)
    elif v110 and gi["goal"] in ("CLEAR", "DEPRIVE") and draw(st.integers(0, 2)) == 0:
        # each round decided as the goal decides a game, the round wins tallied
        gi.update(goal={"CLEAR": "RND_WIN_COUNT_CLR", "DEPRIVE": "RND_WIN_COUNT_DEP"}[gi["goal"]],
                  rounds="NO_MOVES", goal_param=draw(st.integers(1, 3)))
    elif draw(st.integers(0, 4)) == 0:
        blocking(draw, gi, v110)
    raw = {"game_constants": {"holes": holes, "nbr_start": draw(st.integers(1, 6))},
           "game_info": to_110(gi) if v110 else gi}
    if v110:
        raw["rules_version"] = "1.10"
    return raw


def children(draw: Any, gi: dict[str, Any]) -> None:
    """Children made instead of captures, without the rules the core leaves to the Python
    engine where a hole may be a child (core_eligible.CHILD_CONFLICTS); a third without stores,
    where captures go into the capturer's first child (capture_steps.CaptureIntoChild,
    ending.ChildrenHoldStores)."""
    if draw(st.integers(0, 2)) == 0:
        gi.update(stores=False, sow_own_store=False, store_ends_turn=False)
    else:
        gi["stores"] = True
    gi.update(mlaps="OFF", visit_opp=False, pickextra="NONE", grandslam="LEGAL",
              mustshare=False, nocaptmoves=0, no_sides=False, goal="MAX_SEEDS",
              end_rule="REFERENCE")
    for name in ("capt_type", "allow_rule", "sow_rule", "sow_param"):
        gi.pop(name, None)
    gi["child_type"] = draw(st.sampled_from(["NORMAL", "ONE_CHILD"]))
    gi["child_cvt"] = draw(st.integers(2, 5))
    gi["child_rule"] = draw(st.sampled_from(["NONE", "OPP_SIDE_ONLY", "OWN_SIDE_ONLY",
                                             "NOT_1ST_OPP", "OPPS_ONLY_NOT_1ST"]))
    gi["child_locs"] = draw(st.sampled_from(
        ["ANYWHERE", "ENDS_ONLY", "NO_ENDS", "INV_ENDS_PLUS_MID", "ENDS_PLUS_ONE_OPP",
         "NO_OWN_RIGHT", "NO_OPP_RIGHT", "NO_OPP_LEFT", "NOT_SYM_OPP", "NOT_FACING",
         "ENDS_PLUS_ALL_OPP"]))


def rounds(draw: Any, gi: dict[str, Any], holes: int, v110: bool) -> None:
    """A game in rounds that ends by the seeds held (ending.RoundBySeeds), its holes
    blocked when a player cannot fill them (core_eligible.ROUND_CONFLICTS); or, a third of them,
    when a tally of the rounds reaches goal_param (the RND_* goals, ending.RoundByTally),
    every round started afresh; or, one in six, a territory game. A round may also end
    once nbr_start seeds or twice that are left in play (END_S_SEEDS, END_2S_SEEDS)."""
    gi.update(rounds=draw(st.sampled_from(["NO_MOVES", "NO_MOVES", "HALF_SEEDS", "END_S_SEEDS",
                                           "END_2S_SEEDS"])),
              blocks=draw(st.booleans()), end_rule="REFERENCE",
              round_fill=draw(st.sampled_from(["NOT_APPLICABLE", "LEFT_FILL", "RIGHT_FILL",
                                               "OUTSIDE_FILL", "EVEN_FILL", "UCHOOSE"])),
              goal_param=draw(st.sampled_from([0, 0, 1, 2, 3])))
    if gi["round_fill"] == "EVEN_FILL" and not v110:
        gi["min_move"] = 1  # else a loser short of min_move gets negative holes (refused)
    kind = draw(st.integers(0, 5))
    if kind < 2:
        gi.update(goal=draw(st.sampled_from(["RND_WIN_COUNT", "RND_SEED_COUNT",
                                             "RND_EXTRA_SEEDS", "RND_POINTS"])),
                  round_fill="NOT_APPLICABLE", goal_param=draw(st.integers(1, 40)))
        if not v110 and gi["rounds"].startswith("END_"):  # 1.8 gives them no winning count
            gi["rounds"] = "NO_MOVES"
    elif kind == 2:
        # TERRITORY: the holes a round's seeds win are the winner's next round (rounds.py),
        # and the core reads whose each hole is; moves start from any hole the mover owns
        gi.update(goal="TERRITORY", stores=True, no_sides=False,
                  rounds=draw(st.sampled_from(["NO_MOVES", "NO_MOVES", "END_S_SEEDS",
                                               "END_2S_SEEDS"])),
                  blocks=False, allow_rule="NONE", xc_sown=False,
                  goal_param=draw(st.integers(holes + 1, 2 * holes)),
                  round_fill=draw(st.sampled_from(
                      ["NOT_APPLICABLE", "UCHOWN"]
                      + (["TERR_EX_RANDOM", "TERR_EX_LOSER", "TERR_EX_EMPTY"] if v110 else []))))
        if gi["grandslam"] == "NOT_LEGAL":
            gi["grandslam"] = "LEGAL"
        if draw(st.integers(0, 2)) == 0:  # captures from the holes by their owner
            gi["capt_side"] = draw(st.sampled_from(["OPP_TERR", "OWN_TERR"]))
        if gi["sow_direct"] not in ("CW", "CCW", "EVEN_ODD_DIR"):
            gi["sow_direct"] = "CCW"
        for name in ("udir_holes", "prescribed"):
            gi.pop(name, None)


def directions(draw: Any, gi: dict[str, Any], holes: int, v110: bool) -> None:
    """Directions by the hole: SPLIT's (or 1.10's TOCENTER's) halves of each row, and holes
    whose direction the mover names with the move (udir_holes; an odd row's middle hole
    under SPLIT and TOCENTER has no other), with the filters the core plays beside them,
    and 1.10's NO_UDIR_FIRSTS (each player's first turn sows the variant's own way); or
    PLAYALTDIR's, which the game's first move names for both players."""
    gi["sow_direct"] = draw(st.sampled_from(["CW", "CCW", "SPLIT", "SPLIT", "PLAYALTDIR"]
                                            + (["TOCENTER", "EVEN_ODD_DIR"] if v110 else [])))
    if gi["sow_direct"] == "PLAYALTDIR":  # the first move's direction, the game's from then on
        gi["allow_rule"] = "NONE"
        if gi["grandslam"] == "NOT_LEGAL":
            gi["grandslam"] = "LEGAL"
    udir = draw(st.lists(st.integers(0, holes - 1), unique=True, max_size=holes))
    if gi["sow_direct"] in ("SPLIT", "TOCENTER") and holes % 2 and holes // 2 not in udir:
        udir.append(holes // 2)
    if udir:
        gi.update(udir_holes=sorted(udir), allow_rule="NONE")
        if gi["grandslam"] == "NOT_LEGAL":
            gi["grandslam"] = "LEGAL"
        if v110 and draw(st.booleans()):  # each player's first turn: the variant's way
            gi["prescribed"] = "NO_UDIR_FIRSTS"


def blocking(draw: Any, gi: dict[str, Any], v110: bool) -> None:
    """SOW_BLKD_DIV(_NR): a sowing that brings an opponent's hole to sow_param closes it;
    the game is won by depriving (or, under 1.10, immobilising) the opponent."""
    for name in ("capt_type", "capt_on", "evens", "capt_min", "capt_max", "crosscapt",
                 "xcpickown", "xc_sown", "multicapt", "capsamedir", "allow_rule", "sow_param"):
        gi.pop(name, None)
    gi.update(sow_rule=draw(st.sampled_from(["SOW_BLKD_DIV", "SOW_BLKD_DIV_NR"])),
              sow_param=draw(st.integers(2, 4)), blocks=True, stores=False,
              goal=draw(st.sampled_from(["DEPRIVE", "IMMOBILIZE"] if v110 else ["DEPRIVE"])),
              mlaps=draw(st.sampled_from(["OFF", "LAPPER"])), sow_start=False, move_one=False,
              skip_start=False, visit_opp=False, sow_own_store=False, store_ends_turn=False,
              min_move=1, mustshare=False, mustpass=False, grandslam="LEGAL", no_sides=False,
              pickextra="NONE", end_rule="REFERENCE", capt_rturn="NO_REPEAT", capt_side="BOTH",
              nosinglecapt=False)


def to_110(gi: dict[str, Any]) -> dict[str, Any]:
    """The 1.8 settings under the names the 1.10 rules give them (reading_110)."""
    out = {k: v for k, v in gi.items()
           if k not in ("capsamedir", "sow_own_store", "visit_opp", "crosscapt")}
    if gi.get("capsamedir"):
        out["capt_dir"] = "SOW"
    if gi.get("sow_own_store"):
        out["sow_stores"] = "OWN"
    if gi.get("visit_opp"):
        out["mlap_cont"] = "VISIT_OPP"
    if gi.get("crosscapt"):
        out["crosscapt"] = "ONE_ZEROS"
    if out.get("goal") == "RND_WIN_COUNT":
        out["goal"] = "RND_WIN_COUNT_MAX"
    if out.get("pickextra") == "PICKTWOS":  # a 1.8 value
        out["pickextra"] = "NONE"
    return out


def parsed(raw: dict[str, Any]) -> Variant:
    try:
        variant = parse_variant(raw)
    except VariantError:
        assume(False)
        raise  # for the type checker: assume(False) does not return
    assert why_not_fast(variant) == [], raw
    return variant


# most random parameter sets are refused by the rules' checks (`parsed` assumes them
# away): the filtering is the design, not a slow strategy. The same parameter sets in
# the 1.10 names, with each quitter, are 400 more examples (test_fastcore_110.py)
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(raw=eligible_variants(), seed=st.integers(0, 2**32))
def test_random_variants_agree_after_every_move(raw: dict[str, Any], seed: int) -> None:
    play_variant(parsed(raw), 3, seed)


@pytest.mark.parametrize("mlaps", ["LAPPER", "LAPPER_NEXT"])
@pytest.mark.parametrize("extra", [{}, {"stores": True}, {"stores": True, "unclaimed": "LAST_MOVER"},
                                   {"stores": True, "unclaimed": "DONT_SCORE"},
                                   {"stores": True, "unclaimed": "DIVVIED"},
                                   {"stores": True, "sow_start": True, "min_move": 2},
                                   # the stopped round tallied (ending_build.QuitRoundTally)
                                   {"stores": True, "rounds": "NO_MOVES", "goal": "RND_SEED_COUNT",
                                    "goal_param": 12}])
def test_the_fifty_lap_stop_agrees(mlaps: str, extra: dict[str, Any]) -> None:
    """Capture-less lapping games on small boards often sow for ever: the 50-lap stop."""
    variant = parse_variant({"game_constants": {"holes": 3, "nbr_start": 3},
                             "game_info": {"mlaps": mlaps, **extra}})
    game, rules = pure_python(variant), make_fast(variant)
    rng = random.Random(5)
    endless = 0
    for k in range(60):
        board = [rng.randrange(0, 6) for _ in range(6)]
        a = game.start(k & 1, board=board)
        a = play_both(game, rules, a, a.copy(), rng, max_moves=100)
        endless += a.last is not None and a.last[3] == -1001  # move_data.ENDLESS
    assert endless > 5  # the stop was exercised


# ---- every shipped and every reference variant the core plays ----------------------------

def shipped() -> dict[str, Variant]:
    out = {}
    for stem, path in sorted(config_paths().items()):
        try:
            out[stem] = load_variant(path)
        except VariantError:  # a config another change is still bringing in line
            continue
    return out


def reference(data: Path = CONFORMANCE) -> dict[str, Variant]:
    out = {}
    for name, config in recorded.configs(data).items():
        try:
            out[name] = parse_variant(config)
        except VariantError:  # 1.10: a variant the engine does not read yet
            if data == CONFORMANCE:
                raise
    return out


SHIPPED = shipped()
REFERENCE = reference()
SHIPPED_FAST = sorted(stem for stem, v in SHIPPED.items() if not why_not_fast(v))
REFERENCE_FAST = sorted(name for name, v in REFERENCE.items() if not why_not_fast(v))
# the 1.10 release's variants (benchmarks.fastcore --head-all plays them in C)
HEAD = reference(CONFORMANCE_110)
HEAD_FAST = sorted(name for name, v in HEAD.items() if not why_not_fast(v))
DESCRIPTION = ("name", "about", "rules", "family", "region", "help_file")


VARIANT = TypeAdapter(Variant)  # built once: an adapter a call was most of collection's time


def rules_of(variant: Variant) -> str:
    """What the engines play of a variant: everything but its words and its computer."""
    data = VARIANT.dump_python(variant, mode="json")
    for key in DESCRIPTION:
        data["game_info"].pop(key, None)
    data.pop("player")
    data.pop("vari_params")
    return json.dumps(data, sort_keys=True)


# most shipped configs are reference variants under our names and words: those rules are
# played by the reference tests below, the rest here (90 of 128 configs played twice before)
PLAYED_AS_REFERENCE = {rules_of(REFERENCE[n]) for n in REFERENCE_FAST} | {rules_of(HEAD[n]) for n in HEAD_FAST}
SHIPPED_OWN = [stem for stem in SHIPPED_FAST if rules_of(SHIPPED[stem]) not in PLAYED_AS_REFERENCE]


def test_the_core_plays_the_common_variants() -> None:
    """The counts docs/performance.md gives; the three benchmark games among them."""
    assert {"kalah_4", "oware_abapa", "multilap_jackman"} <= set(SHIPPED_FAST)
    assert len(SHIPPED_FAST) >= 25, SHIPPED_FAST
    assert len(REFERENCE_FAST) >= 20, REFERENCE_FAST


def test_words_and_computer_do_not_make_rules_differ() -> None:
    """A shipped config with the rules of a reference variant is left to that variant's
    test; a config whose rules differ in any rule parameter is played here."""
    kalah = SHIPPED["kalah_4"]
    reworded = replace(kalah, game_info=replace(kalah.game_info, name="Other", about="words"),
                       player=replace(kalah.player, difficulty=3))
    assert rules_of(reworded) == rules_of(kalah)
    assert rules_of(replace(kalah, game_info=replace(kalah.game_info, stores=not kalah.game_info.stores))) \
        != rules_of(kalah)
    assert 0 < len(SHIPPED_OWN) < len(SHIPPED_FAST)


@pytest.mark.parametrize("stem", SHIPPED_OWN)
def test_shipped_configs_agree(stem: str) -> None:
    play_variant(SHIPPED[stem], 40, stem)


@pytest.mark.parametrize("name", REFERENCE_FAST)
def test_reference_variants_agree(name: str) -> None:
    play_variant(REFERENCE[name], 40, name)


@pytest.mark.parametrize("name", HEAD_FAST)
def test_head_variants_agree(name: str) -> None:
    play_variant(HEAD[name], 40, name)


# ---- directions by the hole ----------------------------------------------------------------

def test_named_directions_are_the_cores_moves_and_not_the_searches() -> None:
    """Cross Kalah names every hole's direction: the core's legal moves are Game's
    (hole, "CCW") and (hole, "CW"); a hole without its direction, or a direction where the
    hole takes none, is refused by the core as by the engine. The look-ahead takes the
    moves as fast.core_move codes them (the hole with a direction bit); the exact solver,
    whose table keeps a move in a byte, refuses the variant."""
    from mancala.ai.solver.binding import _solver, think_solver, why_not_c, why_not_think
    from mancala.engine.fast import core_move

    variant = load_variant("cross_kalah")
    rules = make_fast(variant)
    assert rules is not None
    game = pure_python(variant)
    pos = game.start(0)
    legal = rules.legal_fresh(pos)
    assert legal == game.legal_moves(pos)
    assert legal[:2] == [(0, "CCW"), (0, "CW")] and len(legal) == 2 * variant.holes
    for bad in (0, (0, "UP"), [0, "CW", 1]):
        with pytest.raises((ValueError, TypeError)):
            rules.apply(pos.copy(), bad)
    after = pos.copy()
    rules.apply(after, [0, "CW"])  # a JSON move's list, as the tuple
    assert after.key() == game.play(pos, (0, "CW")).key()
    assert why_not_think(variant) == [] and why_not_think(load_variant("mangala_iii")) == []
    look_ahead = think_solver(Game(variant))
    assert look_ahead is not None
    look_ahead.set_game(pos.total, pos.starter)
    assert look_ahead.legal(pos.board, pos.stores, pos.turn, False) == [core_move(m) for m in legal]
    assert any("udir_holes" in r for r in why_not_c(variant))
    with pytest.raises(ValueError, match="names a direction"):
        _solver.Solver(params(variant), 1)
    kalah = make_fast(load_variant("kalah_4"))
    assert kalah is not None
    with pytest.raises(ValueError, match="takes no direction"):
        kalah.apply(Game(load_variant("kalah_4")).start(0), (0, "CW"))


def test_the_undo_ban_reads_the_last_move_which_the_searches_keep() -> None:
    """Alemungula (SPLIT, one seed): after a single seed crossed a row's end, the hole it
    reached may not move at once, in the core as in Python; the searches' key keeps the
    last move there (Game.search_key), and the look-ahead refuses the variant."""
    from mancala.ai.solver.binding import why_not_think
    from mancala.ai.solver.terms import search_key_of

    variant = load_variant("alemungula")
    game, rules = pure_python(variant), make_fast(variant)
    assert rules is not None
    pos = game.start(0, board=[1, 0, 0, 0, 0, 0, 0, 2, 0, 0], stores=[10, 10])
    after = game.play(pos, 0)  # clockwise from South's left end: into North's hole 9
    assert after.board[9] == 1 and after.turn == 1
    assert 9 not in game.legal_moves(after)
    assert rules.legal_fresh(after) == game.legal_moves(after)
    other = after.copy()
    other.last = None
    assert 9 in rules.legal_fresh(other)
    key = search_key_of(Game(variant))
    assert key(after) != key(other)
    assert any("move before" in r for r in why_not_think(variant))


def test_the_first_move_names_the_games_directions_in_the_core() -> None:
    """SowOpDirs (PLAYALTDIR): only the game's first move names a direction; it is the
    mover's from then on and the other way the opponent's, in the core as in Python. The
    searches' key holds those directions; the look-ahead refuses the variant."""
    from mancala.ai.solver.binding import why_not_think
    from mancala.ai.solver.terms import search_key_of

    variant = load_variant("sowopdirs")
    game, rules = pure_python(variant), make_fast(variant)
    assert rules is not None
    pos = game.start(0)
    first = rules.legal_fresh(pos)
    assert first == game.legal_moves(pos) and all(isinstance(m, tuple) for m in first)
    after = pos.copy()
    rules.apply(after, (1, "CW"))
    assert after.key() == game.play(pos, (1, "CW")).key()
    assert after.alt_dirs == (-1, 1)  # South clockwise, North the other way
    assert all(isinstance(m, int) for m in rules.legal_fresh(after))
    other = after.copy()
    other.alt_dirs = (1, -1)
    assert rules.legal_fresh(other) == game.legal_moves(other)
    key = search_key_of(Game(variant))
    assert key(after) != key(other)
    assert any("PLAYALTDIR" in r for r in why_not_think(variant))


def test_each_players_first_turn_sows_the_variants_way_in_the_core() -> None:
    """Four-Capture (1.10, NO_UDIR_FIRSTS): a move names its direction, but each player's
    first turn sows counter-clockwise, the variant's own way; the core counts the turns
    ended (Position.movers) as the Python engine does, and the searches' key tells the
    first turns apart; the look-ahead refuses the rule."""
    from mancala.ai.solver.binding import why_not_think
    from mancala.ai.solver.terms import search_key_of

    variant = load_variant("four_capture")
    game, rules = pure_python(variant), make_fast(variant)
    assert rules is not None
    pos = game.start(0)
    first = pos.copy()
    rules.apply(first, (0, "CW"))  # named clockwise, sown counter-clockwise
    assert first.key() == game.play(pos, (0, "CCW")).key() == game.play(pos, (0, "CW")).key()
    assert first.movers == 1
    later = first.copy()
    later.movers = 2
    move = game.legal_moves(later)[1]
    assert move[1] == "CW"  # sown clockwise now: the core must read movers to tell
    ours = later.copy()
    rules.apply(ours, move)
    assert ours.key() == game.play(later, move).key()
    key = search_key_of(Game(variant))
    assert key(first) != key(later)
    assert any("NO_UDIR_FIRSTS" in r for r in why_not_think(variant))


# ---- children ------------------------------------------------------------------------------

def test_children_are_the_cores_and_the_searches_tell_them_apart() -> None:
    """Toguz Kumalak on the C core: a random game makes a tuzdyk there as in Python; the
    searches' position key holds the children (a child's seeds are its owner's without
    being in a store), and the C look-ahead and the solvers, whose positions are a board
    and two stores, refuse the variant."""
    from mancala.ai.solver import why_not_solvable
    from mancala.ai.solver.binding import why_not_think
    from mancala.ai.solver.terms import search_key_of

    variant = load_variant("toguz_kumalak")
    assert make_fast(variant) is not None  # (not Game's: MANCALA_C_CORE=0 switches that off)
    game = Game(variant)
    rng = random.Random(5)
    pos = game.start(0)
    while not any(c is not None for c in pos.child):
        assert pos.outcome is None, "no child in a whole game"
        game.apply(pos, rng.choice(game.legal_moves(pos)))
    owner = next(c for c in pos.child if c is not None)
    hole = pos.child.index(owner)
    assert game.board.side_of[hole] != owner  # made on the opponent's side
    assert hole not in game.legal_moves(pos)  # a child never starts a move
    bare = pos.copy()
    bare.child = [None] * game.size
    key = search_key_of(game)
    assert key(pos) != key(bare)
    assert any("child_type" in r for r in why_not_think(variant))
    assert any("child_type" in r for r in why_not_solvable(variant))


@pytest.mark.parametrize("pick", ["PICK_ON_CAPT", "ALWAYS_PICK"])
def test_a_cross_capture_from_a_child_leaves_the_child_its_seed(pick: str) -> None:
    """A last seed in an empty child (a position given from outside: play never empties
    one) still captures across, and the child keeps the seed that made the capture."""
    variant = parse_variant({"game_constants": {"holes": 3, "nbr_start": 2},
                             "game_info": {"stores": True, "crosscapt": True, "xcpickown": pick,
                                           "child_type": "NORMAL", "child_cvt": 3}})
    game, rules = pure_python(variant), make_fast(variant)
    assert rules is not None
    a = game.start(0, board=[1, 0, 0, 2, 2, 2])
    a.child = [None, 0, None, None, None, None]
    b = a.copy()
    game.apply(a, 0)
    rules.apply(b, 0)
    assert_same(a, b, "the capture")
    assert b.board == [0, 1, 0, 2, 0, 2] and b.stores == [2, 0]


# ---- the RND_* goals' tallies ------------------------------------------------------------------

def tally_game(goal: str, goal_param: int, version: str) -> Variant:
    sow = {"sow_stores": "OWN"} if version == "1.10" else {"sow_own_store": True}
    return parse_variant({"rules_version": version,
                          "game_constants": {"holes": 3, "nbr_start": 2},
                          "game_info": {"stores": True, "rounds": "HALF_SEEDS", "goal": goal,
                                        "goal_param": goal_param, **sow}})


@pytest.mark.parametrize(("version", "goal_param", "tally", "outcome"), [
    # the round ties 6 - 6 and both seed tallies reach goal_param together: 1.8 names
    # nobody (the state line's turn is null), 1.10 the mover (tests/engine/test_rounds.py)
    ("1.8", 10, (4, 4), Outcome(OutcomeKind.TIE, None, no_turn=True)),
    ("1.10", 10, (4, 4), Outcome(OutcomeKind.TIE, None)),
    # short of goal_param: only the round ties (on the repeat turn its last seed earned)
    ("1.8", 20, (4, 4), Outcome(OutcomeKind.ROUND_TIE, None, tied_on_repeat=True)),
    # a tie of the round, and a win of the game by the tally
    ("1.8", 10, (5, 3), Outcome(OutcomeKind.WIN, 0)),
])
def test_the_tallies_end_a_game_as_the_python_engine_does(version: str, goal_param: int,
                                                          tally: tuple[int, int],
                                                          outcome: Outcome) -> None:
    variant = tally_game("RND_SEED_COUNT", goal_param, version)
    game, rules = pure_python(variant), make_fast(variant)
    assert rules is not None
    a = game.start(0, board=[0, 0, 1, 0, 0, 0], stores=[5, 6])
    a.tally = ((0, 0), tally, (0, 0), (0, 0))
    b = a.copy()
    game.apply(a, 2)
    rules.apply(b, 2)
    assert_same(a, b, "the round's last move")
    assert b.outcome == outcome and b.outcome is not None
    # the flags themselves, not numbers equal to them
    assert b.outcome.no_turn is outcome.no_turn
    assert b.outcome.tied_on_repeat is outcome.tied_on_repeat
    assert b.tally == ((0, 0), (tally[0] + 6, tally[1] + 6), (0, 0), (0, 0))
    assert b.turn == 0


def test_the_searches_key_holds_the_tallies() -> None:
    """The same board under other tallies may end the game where it ended a round: the
    searches' key tells them apart; the look-ahead refuses games in rounds."""
    from mancala.ai.solver.binding import why_not_think
    from mancala.ai.solver.terms import search_key_of

    variant = load_variant("random_kalah")
    assert make_fast(variant) is not None
    game = Game(variant)
    pos = game.start(0)
    other = pos.copy()
    other.tally = ((1, 0), (30, 18), (12, 0), (1, 0))
    key = search_key_of(game)
    assert key(pos) != key(other)
    assert any("rounds" in r for r in why_not_think(variant))


def test_territory_reads_each_holes_owner_as_the_python_engine_does() -> None:
    """Adi's holes owned across the rows: the moves start from the mover's own holes,
    a hole's seeds taken while sowing go to its owner, and the searches' key holds the
    owners."""
    from mancala.ai.solver.terms import search_key_of

    variant = load_variant("adi_ii")
    game, rules = pure_python(variant), make_fast(variant)
    assert rules is not None
    # South owns its row's first four holes and North's first three
    owner = [0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1]
    a = game.start(0, board=[3, 0, 2, 0, 1, 4, 3, 1, 3, 2, 3, 1])
    a.owner = owner[:]
    assert rules.legal_fresh(a) == game.legal_moves(a) == [0, 2, 6, 7, 8]
    b = a.copy()
    game.apply(a, 6)
    rules.apply(b, 6)
    assert_same(a, b, "South's move from North's row")
    # ENPAS_SOW_SOWER: hole 8, South's, sown to 4 on the way, is South's capture; the lap
    # from hole 9 brings South's hole 0 to 4 too
    assert b.board == [0, 0, 2, 0, 1, 4, 0, 2, 0, 0, 4, 2] and b.stores == [8, 0]
    a.turn = b.turn = 1
    a.outcome = b.outcome = None
    a.legal = b.legal = None
    assert rules.legal_fresh(b) == game.legal_moves(a)
    assert all(owner[m] == 1 for m in game.legal_moves(a))
    other = b.copy()
    other.owner = [0] * 6 + [1] * 6
    key = search_key_of(Game(variant))
    assert key(b) != key(other)


def test_the_tallies_of_every_goal_agree_round_after_round() -> None:
    """Each goal's own tally decides (round wins, seeds, extra seeds, points): rounds of
    Kalah-like play until one tally reaches goal_param, every round started afresh."""
    for goal in ("RND_WIN_COUNT", "RND_SEED_COUNT", "RND_EXTRA_SEEDS", "RND_POINTS"):
        variant = tally_game(goal, {"RND_SEED_COUNT": 30}.get(goal, 3), "1.8")
        game, rules = pure_python(variant), make_fast(variant)
        rng = random.Random(goal)
        ended = 0
        for k in range(30):
            a = game.start(k & 1)
            a = play_both(game, rules, a, a.copy(), rng, max_moves=600)
            ended += a.outcome is not None and not a.outcome.kind.ends_round
            assert a.tally != EMPTY_TALLY
        assert ended > 20, goal  # most games were played to the tally's end


# ---- what is refused ------------------------------------------------------------------------

@pytest.mark.parametrize("raw", [
    {"game_class": "NorthSouthCycle"},
    {"game_info": {"presowcapt": "CAPT_ONE", "capt_on": [2]}},
    {"game_info": {"rounds": "END_S_SEEDS", "stores": True, "goal": "RND_SEED_COUNT",
                   "goal_param": 30}},
    {"rules_version": "1.10",
     "game_info": {"rounds": "HALF_SEEDS", "stores": True, "round_fill": "LOSER_ONLY"}},
    {"game_info": {"child_type": "NORMAL", "child_cvt": 4, "stores": True, "no_sides": True}},
    {"game_info": {"child_type": "NORMAL", "child_cvt": 4, "stores": True, "mlaps": "LAPPER"}},
    {"game_info": {"child_type": "WEG", "child_cvt": 4, "stores": True}},
    {"game_info": {"capt_type": "NEXT"}},
    {"game_info": {"sow_rule": "LAP_CAPT", "mlaps": "LAPPER_NEXT", "capt_on": [2]}},
    {"game_info": {"udir_holes": [0], "allow_rule": "OPP_OR_EMPTY"}},
    {"game_info": {"udir_holes": [0], "grandslam": "NOT_LEGAL"}},
    {"game_info": {"sow_direct": "PLAYALTDIR", "udir_holes": [0, 1, 2, 3], "allow_rule": "OPP_OR_EMPTY"}},
    {"game_constants": {"holes": 5, "nbr_start": 4}, "game_info": {"sow_direct": "SPLIT"}},
    {"game_info": {"allow_rule": "SINGLE_TO_ZERO"}},
    {"game_info": {"stores": True, "goal": "TERRITORY", "goal_param": 5, "rounds": "NO_MOVES",
                   "crosscapt": True, "xc_sown": True}},
    {"game_info": {"stores": True, "goal": "TERRITORY", "goal_param": 5, "rounds": "NO_MOVES",
                   "sow_direct": "SPLIT"}},
    {"game_constants": {"holes": 6, "nbr_start": 2},
     "game_info": {"stores": True, "min_move": 3, "rounds": "HALF_SEEDS", "round_fill": "EVEN_FILL"}},
    {"game_info": {"sow_rule": "MAX_SOW", "sow_param": 3, "mlaps": "LAPPER"}},
    {"rules_version": "1.10",
     "game_info": {"rounds": "END_S_SEEDS", "stores": True, "end_cond": "CLEARED_OWN"}},
])
def test_refused_variants_get_no_core(raw: dict[str, Any]) -> None:
    full = {"game_constants": {"holes": 4, "nbr_start": 4}, **raw}  # raw's own constants win
    try:
        variant = parse_variant(full)
    except VariantError:
        return  # refused before the core is asked: nothing to check
    assert why_not_fast(variant)
    assert make_fast(variant) is None
    with pytest.raises(ValueError):
        params(variant)


def test_the_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant("kalah_4")
    assert Game(variant).fast is not None
    monkeypatch.setenv("MANCALA_C_CORE", "0")
    assert Game(variant).fast is None


# ---- playouts, replay and bad input ----------------------------------------------------------

@pytest.mark.parametrize("stem", ["kalah_4", "oware_abapa", "multilap_jackman"])
def test_playout_makes_the_choices_of_playout_index(stem: str) -> None:
    variant = load_variant(stem)
    game, rules = pure_python(variant), make_fast(variant)
    for seed in range(25):
        start = game.start(seed & 1)
        pick = playout_index(seed)
        next(pick)
        pos = start.copy()
        played = 0
        while played < 500:
            legal = game.legal_moves(pos)
            if not legal:
                break
            index = pick.send(len(legal))
            assert index is not None
            game.apply(pos, legal[index])
            played += 1
        kind = pos.outcome.kind if pos.outcome else None
        winner = pos.outcome.winner if pos.outcome else None
        before = fields(start)
        assert rules.playout(start, seed, 500) == (played, kind, winner)
        assert fields(start) == before  # played on a copy


def test_playout_of_a_finished_game_and_a_zero_budget() -> None:
    variant = load_variant("kalah_4")
    game, rules = pure_python(variant), make_fast(variant)
    assert rules.playout(game.start(0), 1, 0) == (0, None, None)
    over = game.start(0, board=[0, 0, 0, 0, 0, 1] + [0] * 6, stores=[20, 27])
    game.apply(over, 5)
    assert over.outcome is not None
    assert rules.playout(over, 3, 10) == (0, over.outcome.kind, over.outcome.winner)


def test_bad_input_is_refused_not_crashed() -> None:
    variant = load_variant("kalah_4")
    game, rules = pure_python(variant), make_fast(variant)
    pos = game.start(0)
    for move in (99, -1, "3"):
        with pytest.raises((ValueError, TypeError)):
            rules.apply(pos, move)
    pos.board = [1, 2]
    with pytest.raises(TypeError):
        rules.apply(pos, 0)
    pos = game.start(0)
    pos.board[0] = -3
    with pytest.raises(ValueError):
        rules.legal(pos)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(raw=eligible_variants(), seed=st.integers(0, 2**32), final=st.booleans())
def test_replay_lines_agree(raw: dict[str, Any], seed: int, final: bool) -> None:
    from mancala.replay import run_request

    variant = parsed(raw)
    game = pure_python(variant)
    rng = random.Random(seed)
    request: dict[str, Any] = {"config": raw, "starter": rng.randrange(2)}
    pos = game.start(request["starter"])
    moves: list[Any] = []
    while game.legal_moves(pos) and len(moves) < 200:
        moves.append(rng.choice(game.legal_moves(pos)))
        pos = game.play(pos, moves[-1])
    if moves and rng.random() < 0.5:  # a bad move: both loops must stop there alike
        moves.insert(rng.randrange(len(moves) + 1), rng.choice([99, -1, "3", None, 0, 1]))
    request["moves"] = moves
    if final:
        request["output"] = "final"
    outputs = []
    for c_core in (True, False):
        out, err = io.StringIO(), io.StringIO()
        status = run_request(request, out, err, c_core=c_core)
        outputs.append((status, out.getvalue(), err.getvalue()))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("stem", ["kalah_4", "oware_abapa", "multilap_jackman",
                                  "awale_grand_slam_not_allowed"])
def test_fill_legal_leaves_exactly_the_next_moves(stem: str) -> None:
    """fill_legal: every field as the Python engine's, except that pos.legal already holds
    the list Game.legal_moves then computes (and caches)."""
    variant = load_variant(stem)
    game, rules = pure_python(variant), make_fast(variant, fill_legal=True)
    rng = random.Random(stem)
    for k in range(20):
        a = random_start(game, rng, sparse=k % 2 == 1)
        b = a.copy()
        for _ in range(300):
            legal = game.legal_moves(a)
            assert b.legal is None or b.legal == legal
            assert rules.legal(b) == legal
            assert_same(a, b, "with both caches filled")
            if not legal:
                break
            move = rng.choice(legal)
            game.apply(a, move)
            rules.apply(b, move)
            assert a.legal is None
            assert b.legal == (game.legal_moves(a.copy()) if a.outcome is None else [])
