"""The C core on the reference's 1.10 rules, against the pure-Python engine.

As tests/engine/test_fastcore.py does for 1.8 (every Position field and every traced
event compared after every move), for 1.10 variants: every recorded game of
conformance-head the core accepts, replayed move by move through both engines; random
games of those variants; random 1.10 variants (hypothesis); and for each rule the two
releases play differently (fast.version_flags), games that take that branch, counted so
that a test that no longer reaches its rule fails.
"""

from __future__ import annotations

import io
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as fixed_seed
from hypothesis import strategies as st

from mancala import replay
from mancala.engine.fast import make_fast, params, why_not_fast
from mancala.engine.position import Position
from mancala.rules.enums import RulesVersion
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from mancala.rules.variant import Variant
from tests.conformance import recorded as recorded_games
from tests.engine.test_fastcore import (
    assert_same,
    eligible_variants,
    parsed,
    play_variant,
    pure_python,
)

HEAD = recorded_games.DATA_110


@cache
def recorded(name: str) -> dict[str, Any]:
    return recorded_games.trace(HEAD, name)


def head_variants() -> dict[str, Variant | None]:
    """Every conformance-head variant, None where the engine refuses it."""
    out: dict[str, Variant | None] = {}
    for name, config in recorded_games.configs(HEAD).items():
        try:
            out[name] = parse_variant(config)
        except VariantError:  # a rule the Python engine does not play yet
            out[name] = None
    return out


HEAD_VARIANTS = head_variants()
HEAD_FAST = sorted(name for name, v in HEAD_VARIANTS.items() if v is not None and not why_not_fast(v))


def test_the_core_plays_1_10_variants() -> None:
    """The count the report and docs/performance.md give (a floor: more is better)."""
    assert all(HEAD_VARIANTS[name].rules_version is RulesVersion.V1_10  # type: ignore[union-attr]
               for name in HEAD_FAST)
    assert len(HEAD_FAST) >= 35, HEAD_FAST


# ---- the recorded games, move by move through both engines --------------------------------

def replay_both(name: str) -> int:
    """Each recorded game of the variant: Python and C after every move; the moves played."""
    played = 0
    for number, game_rec in enumerate(recorded(name)["games"]):
        req = replay.parse_request(game_rec["request"])
        variant = req.game.variant
        game, rules = pure_python(variant), make_fast(variant)
        assert rules is not None
        a, b = req.start.copy(), req.start.copy()
        for index, raw_move in enumerate(req.moves):
            where = f"game {number}, move {index} ({raw_move})"
            move = game.normalize(a, raw_move)  # a named direction: (hole, "CW"), as replay reads it
            assert rules.legal(b) == game.legal_moves(a), where
            assert_same(a, b, where)
            if a.outcome is not None:
                break
            traced_a, record_a = game.play_traced(a, move)
            events_b = rules.apply_traced(b, move)
            game.apply(a, move)
            assert_same(a, b, where)
            assert_same(a, traced_a, where)
            assert list(events_b) == list(record_a.stream), where
            played += 1
    return played


@pytest.mark.parametrize("name", HEAD_FAST)
def test_recorded_games_agree_move_by_move(name: str) -> None:
    assert replay_both(name) > 0


@pytest.mark.parametrize("name", HEAD_FAST)
def test_recorded_games_replay_with_the_core(name: str) -> None:
    """`mancala replay`'s C loop writes the recorded states (the conformance check with
    the core on; test_conformance_110 runs it with the core off and in batch)."""
    from tests.conformance.test_conformance import first_difference, split_answers
    from tests.conformance.test_conformance_110 import EXPECTED_FAILURES

    if name in EXPECTED_FAILURES:
        pytest.xfail(EXPECTED_FAILURES[name])
    out, err = io.StringIO(), io.StringIO()
    games = recorded(name)["games"]
    for game_rec in games:
        replay.run_request(game_rec["request"], out, err, c_core=True)
    answers = split_answers(out.getvalue())
    assert len(answers) == len(games)
    for number, (game_rec, (got, end)) in enumerate(zip(games, answers, strict=True)):
        diff = first_difference(game_rec["states"], got, end)
        assert diff is None, f"game {number}: {diff}"


# (random games of each of these variants, C against Python: test_fastcore.py's
# test_head_variants_agree, 40 a variant)


# ---- random 1.10 variants ---------------------------------------------------------------------

QUITTERS = ["HOLE_OWNER", "DONT_SCORE", "LAST_MOVER", "DIVVIED"]


def as_110(raw: dict[str, Any], quitter: str) -> dict[str, Any]:
    """A 1.8 variant of eligible_variants in the 1.10 names (reading_110's table)."""
    gi = dict(raw["game_info"])
    if gi.pop("crosscapt", False):
        gi["crosscapt"] = "ONE_ZEROS"
    if gi.pop("capsamedir", False):
        gi["capt_dir"] = "SOW"
    if gi.pop("sow_own_store", False):
        gi["sow_stores"] = "OWN"
    if gi.pop("visit_opp", False):
        gi["mlap_cont"] = "VISIT_OPP"
    if gi.get("pickextra") == "PICKTWOS":  # 1.10 has PICKOPPBASIC instead
        gi["pickextra"] = "NONE"
    gi["quitter"] = quitter
    return {**raw, "rules_version": "1.10", "game_info": gi}


@st.composite
def variants_110(draw: Any) -> dict[str, Any]:
    """eligible_variants in 1.10 names, with the 1.10 parameters the core plays."""
    raw = as_110(draw(eligible_variants()), draw(st.sampled_from(QUITTERS)))
    gi = raw["game_info"]
    if gi.get("udir_holes") and draw(st.booleans()):  # each player's first turn: its own way
        gi["prescribed"] = "NO_UDIR_FIRSTS"
    end_cond = draw(st.sampled_from(["NO_ADDTL", "NO_ADDTL", "CLEARED_OWN", "CLEARED_OPP",
                                     "SEEDS_LIMIT", "HOLE_SEED_LIMIT"]))
    if str(gi.get("rounds")).startswith("END_") and end_cond != "SEEDS_LIMIT":
        end_cond = "NO_ADDTL"  # the rounds' own seed limit is the core's only end condition
    if end_cond != "NO_ADDTL" and "child_type" not in gi:
        # (the core leaves end conditions with children to the Python engine)
        gi["end_cond"] = end_cond
        if end_cond.endswith("LIMIT"):
            gi["end_param"] = draw(st.integers(1, 4))
    if (gi.get("mlaps", "OFF") != "OFF" and "mlap_cont" not in gi
            and not str(gi.get("sow_rule")).startswith("SOW_BLKD")):  # no lap condition there
        cont = draw(st.sampled_from(["NONE", "GREQ_PARAM", "OWN_SIDE", "OPP_SIDE", "STOP_STORE"]))
        gi["mlap_cont"] = cont
        if cont == "GREQ_PARAM":
            gi["mlap_param"] = draw(st.integers(2, 4))
    return raw


SHARDS = 4  # 400 random variants in all, in classes of 100


def random_variants_test(shard: int) -> Any:
    """Random 1.10 variants through both engines, a shard's worth. As one function this was
    the suite's longest test (minutes on one worker); xdist's loadscope keeps a class on
    one worker, so the shard classes below run side by side, each drawing its own
    examples (a function of its own each: hypothesis runs one function from one class).
    The fixed examples of the "ci" profile come from a hash of the function's source,
    the same for every shard, so each shard is given its own seed there."""

    # most random parameter sets are refused (by the rules' checks, or as not the C core's):
    # the filtering is the design, not a slow strategy. A runner that calls pytest twice in
    # one process (mutmut: its clean run, then its stats run) gives the method a second
    # instance of its class, which hypothesis would otherwise take for another executor
    @settings(max_examples=400 // SHARDS, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.differing_executors])
    @given(raw=variants_110(), seed=st.integers(0, 2**32))
    def test_random_110_variants_agree_after_every_move(self: Any, raw: dict[str, Any], seed: int) -> None:
        variant = parsed(raw)
        assert variant.rules_version is RulesVersion.V1_10
        play_variant(variant, 3, seed)

    if settings().derandomize:
        return fixed_seed(shard)(test_random_110_variants_agree_after_every_move)
    return test_random_110_variants_agree_after_every_move


class TestRandomVariantsA:
    test_random_110_variants_agree_after_every_move = random_variants_test(0)


class TestRandomVariantsB:
    test_random_110_variants_agree_after_every_move = random_variants_test(1)


class TestRandomVariantsC:
    test_random_110_variants_agree_after_every_move = random_variants_test(2)


class TestRandomVariantsD:
    test_random_110_variants_agree_after_every_move = random_variants_test(3)


def test_the_random_variants_run_in_shards() -> None:
    shards = [c for name, c in globals().items() if name.startswith("TestRandomVariants")]
    tests = {c.test_random_110_variants_agree_after_every_move for c in shards}
    assert len(shards) == len(tests) == SHARDS


# ---- each rule 1.10 plays differently, reached ------------------------------------------------

def v110(info: dict[str, Any], holes: int = 4, nbr_start: int = 3) -> Variant:
    return parse_variant({"rules_version": "1.10",
                          "game_constants": {"holes": holes, "nbr_start": nbr_start},
                          "game_info": {"stores": True, **info}})


def play_many(variant: Variant, games: int, seed: int, reached: Any,
              counts: list[int] | None = None) -> int:
    """Random games from random boards through both engines; how many moves
    `reached(before, move, after)` holds for (the rule under test was taken)."""
    game, rules = pure_python(variant), make_fast(variant)
    assert rules is not None
    rng = random.Random(seed)
    hits = 0
    for k in range(games):
        board = [rng.choice(counts or [0, 0, 1, 1, 2, 3, 4, 6]) for _ in range(game.size)]
        a = game.start(k & 1, board=board, stores=[rng.randrange(4), rng.randrange(4)])
        b = a.copy()
        for _ in range(200):
            legal = game.legal_moves(a)
            assert rules.legal(b) == legal
            if not legal:
                break
            move = rng.choice(legal)
            before = a.copy()
            # Python's traced move (test_fastcore.play_both compares it with the untraced)
            a, record_a = game.play_traced(a, move)
            events_b = rules.apply_traced(b.copy(), move)
            rules.apply(b, move)
            assert_same(a, b, f"game {k} after {move}")
            assert list(events_b) == list(record_a.stream)
            hits += bool(reached(before, move, a))
    return hits


@pytest.mark.parametrize("grandslam", ["LEAVE_LEFT", "LEAVE_RIGHT"])
def test_a_grand_slam_leaves_the_first_hole_sown(grandslam: str) -> None:
    variant = v110({"grandslam": grandslam, "capt_on": [2, 3], "multicapt": -1})
    assert params(variant)["slam_first_sown"] == 1

    def slam(before: Position, _move: Any, after: Position) -> bool:
        opp = range(4, 8) if before.turn == 0 else range(0, 4)
        had = sum(1 for loc in opp if before.board[loc])
        left = sum(1 for loc in opp if after.board[loc])
        return had >= 2 and left == 1 and after.stores[before.turn] > before.stores[before.turn]

    assert play_many(variant, 200, 3, slam, counts=[0, 1, 1, 2, 2, 3]) > 10


@pytest.mark.parametrize("rturn", ["ONCE", "ALWAYS"])
def test_repeat_turns_are_counted_per_turn(rturn: str) -> None:
    variant = v110({"capt_rturn": rturn, "capt_on": [2, 3], "sow_stores": "OWN"})
    assert params(variant)["turn_repeats"] == 1
    assert play_many(variant, 100, 4, lambda before, _move, after: after.rturn_cnt >= 2) > 10


def test_a_player_who_cannot_share_moves_anyway_under_mustpass() -> None:
    variant = v110({"mustshare": True, "mustpass": True, "capt_on": [2, 3]})
    flags = params(variant)
    assert (flags["share_end"], flags["share_keep_all"]) == (0, 1)

    def unfed(before: Position, _move: Any, after: Position) -> bool:
        opp = range(4, 8) if before.turn == 0 else range(0, 4)
        return not any(before.board[loc] for loc in opp) and not any(after.board[loc] for loc in opp)

    assert play_many(variant, 200, 5, unfed, counts=[0, 0, 0, 1, 1, 2]) > 10


@pytest.mark.parametrize("capture", [{"crosscapt": "ONE_ZEROS"}, {"capt_on": [2, 4]},
                                     {"evens": True, "capt_dir": "SOW", "multicapt": -1}])
def test_lapper_next_stops_where_it_can_capture(capture: dict[str, Any]) -> None:
    variant = v110({"mlaps": "LAPPER_NEXT", **capture})
    assert params(variant)["next_stops"] == 1
    captured = play_many(variant, 150, 6, lambda before, _move, after: sum(after.stores) > sum(before.stores))
    assert captured > 20


def test_lapper_next_sows_on_from_the_store() -> None:
    variant = v110({"mlaps": "LAPPER_NEXT", "sow_stores": "OWN", "capt_on": [3]})
    assert params(variant)["next_store"] == 1

    def from_store(before: Position, _move: Any, after: Position) -> bool:  # the store emptied by a lap
        return after.stores[before.turn] < before.stores[before.turn]

    assert play_many(variant, 150, 7, from_store) > 10


@pytest.mark.parametrize("side", ["OWN_CONT", "OPP_CONT"])
def test_a_continued_capture_reads_its_start_side(side: str) -> None:
    variant = v110({"capt_side": side, "capt_on": [2, 3], "multicapt": -1, "capt_dir": "SOW"},
                   holes=5)
    assert params(variant)["cont_from_start"] == 1

    def across(before: Position, _move: Any, after: Position) -> bool:  # took on both rows in one move
        rows = (range(0, 5), range(5, 10))
        return all(any(after.board[loc] < before.board[loc] for loc in row) for row in rows) \
            and after.stores[before.turn] > before.stores[before.turn]

    assert play_many(variant, 200, 8, across) > 5


@pytest.mark.parametrize("quitter", QUITTERS)
@pytest.mark.parametrize("stores", [True, False])
def test_the_75_lap_stop_settles_per_quitter(quitter: str, stores: bool) -> None:
    variant = v110({"mlaps": "LAPPER", "quitter": quitter, "stores": stores}, holes=3)
    assert params(variant)["max_laps"] == 75

    def endless(_before: Position, _move: Any, after: Position) -> bool:
        return after.last is not None and after.last[3] == -1001  # move_data.ENDLESS

    assert play_many(variant, 80, 9, endless, counts=[0, 1, 2, 3, 4, 5]) > 5




def differs_from(base: Variant) -> Any:
    """reached: the move plays differently in `base` (the variant without the rule)."""
    game = pure_python(base)

    def differs(before: Position, move: Any, after: Position) -> bool:
        other = before.copy()
        other.legal = None
        game.apply(other, move)
        seen = (other.board, other.stores, other.turn, other.rturn_cnt, other.outcome)
        return seen != (after.board, after.stores, after.turn, after.rturn_cnt, after.outcome)
    return differs


@pytest.mark.parametrize(("end_cond", "end_param"), [("CLEARED_OWN", 0), ("CLEARED_OPP", 0),
                                                     ("SEEDS_LIMIT", 5), ("HOLE_SEED_LIMIT", 1)])
def test_the_end_conditions_end_the_game(end_cond: str, end_param: int) -> None:
    info: dict[str, Any] = {"end_cond": end_cond, "capt_on": [2, 3]}
    if end_param:
        info["end_param"] = end_param
    variant = v110(info)
    assert params(variant)["end_cond"] > 0
    assert play_many(variant, 150, 10, differs_from(v110({"capt_on": [2, 3]}))) > 20


@pytest.mark.parametrize(("cont", "param"), [("GREQ_PARAM", 3), ("OWN_SIDE", 0), ("OPP_SIDE", 0)])
@pytest.mark.parametrize("mlaps", ["LAPPER", "LAPPER_NEXT"])
def test_the_lap_conditions_stop_laps(cont: str, param: int, mlaps: str) -> None:
    base: dict[str, Any] = {"mlaps": mlaps, "capt_on": [4], "sow_stores": "OWN"}
    variant = v110({**base, "mlap_cont": cont, **({"mlap_param": param} if param else {})})
    assert params(variant)["mlap_cont"] > 0
    assert play_many(variant, 150, 11, differs_from(v110(base))) > 20


def test_stop_store_is_the_store_stop() -> None:
    """mlap_cont STOP_STORE adds nothing to sow_stores OWN (its only store is a repeat
    turn's): the core plays it as no condition, and so does the Python engine."""
    base: dict[str, Any] = {"mlaps": "LAPPER", "capt_on": [4], "sow_stores": "OWN"}
    variant = v110({**base, "mlap_cont": "STOP_STORE"})
    assert params(variant)["mlap_cont"] == 0
    assert play_many(variant, 60, 12, differs_from(v110(base))) == 0


def v18(info: dict[str, Any], holes: int = 4, nbr_start: int = 3) -> Variant:
    return parse_variant({"game_constants": {"holes": holes, "nbr_start": nbr_start},
                          "game_info": {"stores": True, **info}})


@pytest.mark.parametrize(("info_110", "info_18", "counts"), [
    ({"grandslam": "LEAVE_LEFT", "capt_on": [2, 3], "multicapt": -1},
     {"grandslam": "LEAVE_LEFT", "capt_on": [2, 3], "multicapt": -1}, [0, 1, 1, 2, 2, 3]),
    ({"capt_rturn": "ONCE", "capt_on": [2, 3], "sow_stores": "OWN"},
     {"capt_rturn": "ONCE", "capt_on": [2, 3], "sow_own_store": True}, None),
    ({"mustshare": True, "mustpass": True, "capt_on": [2, 3]},
     {"mustshare": True, "mustpass": True, "capt_on": [2, 3]}, [0, 0, 0, 1, 1, 2]),
    ({"mlaps": "LAPPER_NEXT", "crosscapt": "ONE_ZEROS"},
     {"mlaps": "LAPPER_NEXT", "crosscapt": True}, None),
    ({"mlaps": "LAPPER_NEXT", "sow_stores": "OWN", "capt_on": [3]},
     {"mlaps": "LAPPER_NEXT", "sow_own_store": True, "capt_on": [3]}, None),
    ({"capt_side": "OWN_CONT", "capt_on": [2, 3], "multicapt": -1, "capt_dir": "SOW"},
     {"capt_side": "OWN_CONT", "capt_on": [2, 3], "multicapt": -1, "capsamedir": True}, None),
])
def test_each_110_rule_plays_differently_from_18(info_110: dict[str, Any], info_18: dict[str, Any],
                                                 counts: list[int] | None) -> None:
    """The rule under test is one the two releases disagree on: the same moves from the
    same positions give other positions under the 1.8 rules."""
    assert play_many(v110(info_110), 150, 13, differs_from(v18(info_18)), counts=counts) > 3


@pytest.mark.parametrize("extra", [{"capt_dir": "SOW"}, {"capt_dir": "SOW", "mlaps": "LAPPER"},
                                   {"capt_dir": "SOW", "mlaps": "LAPPER_NEXT"},
                                   {"capt_dir": "SOW", "multicapt": -1}])
def test_two_out_captures(extra: dict[str, Any]) -> None:
    variant = v110({"capt_type": "TWO_OUT", **extra})
    assert params(variant)["capt_type"] == 1
    assert play_many(variant, 150, 14, differs_from(v110(extra))) > 20
