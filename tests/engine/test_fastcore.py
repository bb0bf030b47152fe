"""The C core (`mancala.engine._fastcore`) against the Python engine, its specification.

Random eligible variants and random games: after every move both engines' positions
must agree on everything (board, stores, turn, outcome, move counts, repeat flag, the
legal-move cache and the legal moves). Skipped only when the extension is not built.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mancala.engine import Game, Position
from mancala.engine.fast import LAYOUT, make_fast, playout_index, why_not_fast
from mancala.rules.enums import GameClass
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, load_variant, parse_variant

try:
    from mancala.engine import _fastcore
except ImportError as exc:  # no compiler when the project was installed
    pytest.skip(f"the C extension mancala.engine._fastcore is not built ({exc})", allow_module_level=True)


def test_the_build_is_current() -> None:
    assert _fastcore.LAYOUT == LAYOUT, "stale _fastcore build: reinstall (pip install -e .)"


# ---- variants --------------------------------------------------------------------------

@st.composite
def eligible_variants(draw: Any) -> dict[str, Any]:
    holes = draw(st.integers(2, 8))
    gi: dict[str, Any] = {
        "stores": draw(st.booleans()),
        "sow_direct": draw(st.sampled_from(["CW", "CCW"])),
        "skip_start": draw(st.booleans()),
        "sow_own_store": draw(st.booleans()),
        "mlaps": draw(st.sampled_from(["OFF", "LAPPER", "LAPPER_NEXT"])),
        "capt_side": draw(st.sampled_from(["BOTH", "OPP_SIDE", "OWN_SIDE", "OPP_CONT", "OWN_CONT"])),
        "capt_rturn": draw(st.sampled_from(["NO_REPEAT", "ALWAYS", "ONCE"])),
        "nosinglecapt": draw(st.booleans()),
        "nocaptmoves": draw(st.sampled_from([0, 0, 1, 3])),
        "grandslam": draw(st.sampled_from(["LEGAL", "NOT_LEGAL", "NO_CAPT", "OPP_GETS_REMAIN",
                                           "LEAVE_LEFT", "LEAVE_RIGHT"])),
        "pickextra": draw(st.sampled_from(["NONE", "NONE", "PICKLASTSEEDS", "PICK2XLASTSEEDS"])),
        "min_move": draw(st.sampled_from([1, 1, 2, 3])),
        "mustshare": draw(st.booleans()),
        "mustpass": draw(st.booleans()),
        "unclaimed": draw(st.sampled_from(["HOLE_OWNER", "DONT_SCORE", "LAST_MOVER", "UNFED_PLAYER",
                                           "DIVVIED"])),
    }
    gi["sow_start"] = draw(st.booleans())
    gi["move_one"] = gi["sow_start"] and draw(st.booleans())
    gi["store_ends_turn"] = gi["sow_own_store"] and draw(st.booleans())
    gi["visit_opp"] = gi["mlaps"] != "OFF" and draw(st.booleans())
    if gi["unclaimed"] == "UNFED_PLAYER":
        gi["mustshare"] = True
    capture = draw(st.sampled_from(["none", "cross", "basic", "basic"]))
    criteria = capture == "basic" or (capture == "cross" and draw(st.booleans()))
    if criteria:
        while True:
            if draw(st.booleans()):
                gi["capt_on"] = draw(st.lists(st.integers(1, 6), min_size=1, max_size=4))
            gi["evens"] = draw(st.booleans())
            gi["capt_min"] = draw(st.sampled_from([0, 0, 1, 2, 3]))
            gi["capt_max"] = draw(st.sampled_from([0, 0, 3, 4, 6]))
            if gi.get("capt_on") or gi["evens"] or gi["capt_min"] or gi["capt_max"]:
                break
        if gi["capt_min"] and gi["capt_max"] and gi["capt_min"] > gi["capt_max"]:
            gi["capt_min"], gi["capt_max"] = gi["capt_max"], gi["capt_min"]
    if capture == "cross":
        gi["crosscapt"] = True
        gi["xcpickown"] = draw(st.sampled_from(["LEAVE", "PICK_ON_CAPT", "ALWAYS_PICK"]))
        gi["xc_sown"] = draw(st.booleans())
    if capture == "basic":
        gi["multicapt"] = draw(st.sampled_from([-1, 0, 1, min(2, holes), holes]))
        gi["capsamedir"] = draw(st.booleans())
    if gi["capt_side"] in ("OPP_CONT", "OWN_CONT") and not gi.get("multicapt"):
        gi["capt_side"] = "OPP_SIDE"
    return {"game_constants": {"holes": holes, "nbr_start": draw(st.integers(1, 6))}, "game_info": gi}


def state(pos: Position) -> tuple:
    return (list(pos.board), list(pos.stores), pos.turn, pos.outcome, pos.moves,
            list(pos.player_moves), pos.repeating, pos.legal)


def play_both(game: Game, rules: Any, a: Position, b: Position, rng: random.Random,
              max_moves: int = 300) -> list[int]:
    """Random legal moves applied to `a` by the Python engine and to `b` by the C core."""
    moves: list[int] = []
    for _ in range(max_moves):
        fresh = game._legal_moves(a)
        assert rules.legal_fresh(b) == fresh, f"fresh legal moves differ after {moves}"
        legal = game.legal_moves(a)
        assert rules.legal(b) == legal, f"legal moves differ after {moves}"
        assert state(a) == state(b), f"positions differ after {moves}"
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        game.apply(a, move)
        rules.apply(b, move)
        assert state(a) == state(b), f"positions differ after {moves}"
    return moves


@st.composite
def starts(draw: Any, holes: int) -> dict[str, Any]:
    kind = draw(st.sampled_from(["standard", "board", "board"]))
    out: dict[str, Any] = {"starter": draw(st.integers(0, 1))}
    if kind == "board":
        seeds = draw(st.sampled_from([st.integers(0, 8), st.sampled_from([0, 0, 1, 1, 2, 3])]))
        out["board"] = draw(st.lists(seeds, min_size=2 * holes, max_size=2 * holes))
        out["stores"] = [draw(st.integers(0, 10)), draw(st.integers(0, 10))]
    out["moves"] = draw(st.sampled_from([0, 0, 1, 5]))
    out["repeating"] = draw(st.booleans())
    return out


def start_pair(game: Game, start: dict[str, Any]) -> tuple[Position, Position]:
    pos = game.start(start["starter"], board=start.get("board"), stores=start.get("stores"))
    pos.moves = start["moves"]
    pos.player_moves = [start["moves"] // 2, start["moves"] - start["moves"] // 2]
    pos.repeating = start["repeating"]
    return pos, pos.copy()


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=eligible_variants(), data=st.data(), seed=st.integers(0, 2**32))
def test_random_games_agree_after_every_move(raw: dict[str, Any], data: Any, seed: int) -> None:
    try:
        variant = parse_variant(raw)
    except VariantError:
        assume(False)
    assert why_not_fast(variant) == []
    rules = make_fast(variant)
    assert rules is not None
    game = Game(variant)
    rng = random.Random(seed)
    for _ in range(2):
        a, b = start_pair(game, data.draw(starts(variant.holes)))
        play_both(game, rules, a, b, rng)


@pytest.mark.parametrize("mlaps", ["LAPPER", "LAPPER_NEXT"])
@pytest.mark.parametrize("extra", [{}, {"stores": True}, {"stores": True, "unclaimed": "LAST_MOVER"},
                                   {"stores": True, "unclaimed": "DONT_SCORE"},
                                   {"stores": True, "sow_start": True}])
def test_the_fifty_lap_stop_agrees(mlaps: str, extra: dict[str, Any]) -> None:
    """Capture-less lapping games on small boards often sow for ever: the 50-lap stop."""
    variant = parse_variant({"game_constants": {"holes": 3, "nbr_start": 3},
                             "game_info": {"mlaps": mlaps, **extra}})
    game, rules = Game(variant), make_fast(variant)
    rng = random.Random(5)
    stopped = 0
    for k in range(60):
        board = [rng.randrange(0, 6) for _ in range(6)]
        a, b = start_pair(game, {"starter": k & 1, "board": board, "stores": [0, 0], "moves": 0,
                                 "repeating": False})
        play_both(game, rules, a, b, rng, max_moves=100)
        stopped += sum(a.board) + sum(a.stores) < a.total
    assert stopped > 5  # seeds left the game: the stop was exercised


# rare corners that random variants seldom reach, each played from many sparse boards
FOCUS = {
    # both rows unplayable at the end: who is the unfed player?
    "unfed_both_rows_short": {"stores": True, "mustshare": True, "unclaimed": "UNFED_PLAYER",
                              "min_move": 2, "capt_on": [2, 3], "multicapt": -1},
    # a later lap of one seed sown back into its start hole on the opponent's side
    "one_seed_lap_on_opp_side": {"stores": True, "sow_start": True, "mlaps": "LAPPER_NEXT",
                                 "crosscapt": True, "xc_sown": True},
    "not_legal_slams_with_passes": {"stores": True, "mustshare": True, "grandslam": "NOT_LEGAL",
                                    "capt_on": [1, 2, 3], "multicapt": -1, "nocaptmoves": 2},
    "leave_left_right": {"stores": True, "grandslam": "LEAVE_RIGHT", "capt_on": [1, 2, 3],
                         "multicapt": -1, "capt_side": "OPP_SIDE", "mustpass": True},
}


@pytest.mark.parametrize("name", sorted(FOCUS))
def test_rare_corners_agree(name: str) -> None:
    variant = parse_variant({"game_constants": {"holes": 3, "nbr_start": 2}, "game_info": FOCUS[name]})
    game, rules = Game(variant), make_fast(variant)
    rng = random.Random(name)
    for k in range(150):
        board = [rng.choice([0, 0, 1, 1, 2, 3]) for _ in range(6)]
        a, b = start_pair(game, {"starter": k & 1, "board": board, "stores": [0, 0],
                                 "moves": rng.choice([0, 1]), "repeating": False})
        play_both(game, rules, a, b, rng, max_moves=100)


@pytest.mark.parametrize(("holes", "seeds", "game_info"), [
    (1, 3, {"stores": True, "sow_own_store": True, "mlaps": "LAPPER", "crosscapt": True}),
    (1, 2, {"stores": True, "capt_on": [2, 3], "mustshare": True, "grandslam": "NO_CAPT"}),
    (64, 2, {"stores": True, "sow_own_store": True, "crosscapt": True, "xcpickown": "PICK_ON_CAPT"}),
    (64, 1, {"stores": True, "capt_on": [2, 3], "multicapt": -1, "mustshare": True,
             "grandslam": "NOT_LEGAL"}),
    # counts past the C core's lookup table of capture criteria
    (4, 300, {"stores": True, "capt_on": [2, 301, 305, 600], "capt_max": 602, "multicapt": -1}),
    (3, 257, {"stores": True, "evens": True, "capt_min": 250, "mlaps": "LAPPER", "sow_start": True}),
])
def test_board_sizes_and_seed_counts_at_the_limits(holes: int, seeds: int, game_info: dict[str, Any]) -> None:
    variant = parse_variant({"game_constants": {"holes": holes, "nbr_start": seeds}, "game_info": game_info})
    game, rules = Game(variant), make_fast(variant)
    assert rules is not None
    rng = random.Random(holes * 1000 + seeds)
    for starter in (0, 1, 0):
        a = game.start(starter)
        play_both(game, rules, a, a.copy(), rng, max_moves=150)


def test_a_pass_counts_before_the_next_moves_are_worked_out() -> None:
    """South sows, North (singletons, min_move 2) passes: the pass makes moves == nocaptmoves,
    so South's only move is a capture taking North's row, a grand slam, NOT_LEGAL: the game ends."""
    variant = parse_variant({"game_constants": {"holes": 3, "nbr_start": 2}, "game_info": {
        "stores": True, "min_move": 2, "mustpass": True, "grandslam": "NOT_LEGAL", "capt_on": [2],
        "multicapt": -1, "capt_side": "OPP_SIDE", "nocaptmoves": 2}})
    game, rules = Game(variant), make_fast(variant)
    a = game.start(0, board=[2, 0, 1, 1, 1, 0])
    b = a.copy()
    game.apply(a, 0)
    rules.apply(b, 0)
    assert a.outcome is not None and a.moves == 1
    assert state(a) == state(b)


CONFIGS = sorted(config_paths())
# the rules the brief lets vary (with their accepted values checked below); descriptions
# and the start layout do not matter; every other rule must be at its default
VARYING = {"stores", "sow_direct", "udir_holes", "sow_start", "move_one", "skip_start", "sow_own_store",
           "store_ends_turn", "mlaps", "visit_opp", "crosscapt", "xcpickown", "xc_sown", "capt_on",
           "capt_min", "capt_max", "evens", "multicapt", "capsamedir", "capt_side", "capt_type",
           "capt_rturn", "nosinglecapt", "nocaptmoves", "grandslam", "pickextra", "moveunlock",
           "min_move", "mustshare", "mustpass", "allow_rule", "goal", "unclaimed",
           "name", "about", "rules", "help_file", "start_pattern"}


def load_config(stem: str) -> Any:
    try:
        return load_variant(config_paths()[stem])
    except VariantError as exc:  # a variant the engine does not play yet
        pytest.skip(f"{stem}: {exc}")


def expected_eligible(variant: Any) -> bool:
    """The brief's list, written independently of fast.py."""
    gi = variant.game_info
    others_default = all(getattr(gi, name) == field.default
                         for name, field in type(gi).model_fields.items() if name not in VARYING)
    return (variant.game_class == GameClass.MANCALA and gi.sow_direct in ("CW", "CCW")
            and not gi.udir_holes and gi.capt_type == "NONE" and gi.goal == "MAX_SEEDS"
            and gi.allow_rule == "NONE" and not gi.moveunlock
            and gi.pickextra in ("NONE", "PICKLASTSEEDS", "PICK2XLASTSEEDS")
            and gi.capt_side in ("BOTH", "OPP_SIDE", "OWN_SIDE", "OPP_CONT", "OWN_CONT")
            and others_default)


@pytest.mark.parametrize("stem", CONFIGS)
def test_every_eligible_config_is_accepted(stem: str) -> None:
    variant = load_config(stem)
    rules = make_fast(variant)
    assert (rules is not None) == expected_eligible(variant), why_not_fast(variant)
    if rules is None:
        return
    game = Game(variant)
    rng = random.Random(stem)
    for starter in (0, 1, 0, 1):
        a = game.start(starter)
        play_both(game, rules, a, a.copy(), rng, max_moves=400)


@pytest.mark.parametrize(("stem", "fast"), [
    ("cross_kalah", False), ("pallanguli", False), ("tchuka_ruma", False),
    ("kalah_4", True), ("oware_abapa", True), ("multilap_jackman", True), ("wari", True),
    ("awale_grand_slam_not_allowed", True), ("congklak", True), ("mangala", True),
])
def test_known_configs_in_and_outside_the_core(stem: str, fast: bool) -> None:
    assert (make_fast(load_config(stem)) is not None) == fast


@pytest.mark.parametrize("game_info", [
    {"udir_holes": [0, 1]},
    {"sow_direct": "SPLIT", "udir_holes": [1]},
    {"sow_direct": "PLAYALTDIR"},
    {"capt_type": "NEXT"},
    {"capt_type": "MATCH_OPP"},
    {"capt_type": "TWO_OUT", "capsamedir": True},
    {"goal": "CLEAR"},
    {"goal": "DEPRIVE"},
    {"allow_rule": "SINGLE_TO_ZERO"},
    {"moveunlock": True, "capt_on": [2]},
    {"pickextra": "PICKCROSS", "capt_on": [2]},
    {"pickextra": "PICKTWOS", "capt_on": [2]},
    {"pickextra": "PICKFINAL", "capt_on": [2]},
])
def test_ineligible_variants_get_no_core(game_info: dict[str, Any]) -> None:
    variant = parse_variant({"game_constants": {"holes": 3, "nbr_start": 3}, "game_info": game_info})
    assert why_not_fast(variant)
    assert make_fast(variant) is None


def test_an_unknown_rule_away_from_its_default_is_refused() -> None:
    """Fields fast.py does not know (a rule added later) must be at their default."""
    variant = parse_variant({"game_constants": {"holes": 3, "nbr_start": 3}, "game_info": {}})
    assert make_fast(variant) is not None
    odd = variant.model_copy(update={"game_info": variant.game_info.model_copy(update={"no_sides": True})})
    assert why_not_fast(odd) == ["no_sides=True"]
    assert make_fast(odd) is None


# ---- playouts ----------------------------------------------------------------------------

@pytest.mark.parametrize("stem", ["kalah_4", "oware_abapa", "multilap_jackman", "awale_grand_slam_not_allowed",
                                  "mangala", "bohnenspiel"])
def test_playout_makes_the_choices_of_playout_index(stem: str) -> None:
    variant = load_variant(stem)
    game, rules = Game(variant), make_fast(variant)
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
            game.apply(pos, legal[pick.send(len(legal))])
            played += 1
        kind = pos.outcome.kind if pos.outcome else None
        winner = pos.outcome.winner if pos.outcome else None
        before = state(start)
        assert rules.playout(start, seed, 500) == (played, kind, winner)
        assert state(start) == before  # played on a copy


def test_playout_of_a_finished_game_and_a_zero_budget() -> None:
    variant = load_variant("kalah_4")
    game, rules = Game(variant), make_fast(variant)
    pos = game.start(0)
    assert rules.playout(pos, 1, 0) == (0, None, None)
    over = game.start(0, board=[0, 0, 0, 0, 0, 1] + [0] * 6, stores=[20, 27])
    game.apply(over, 5)
    assert over.outcome is not None
    assert rules.playout(over, 3, 10) == (0, over.outcome.kind, over.outcome.winner)


# ---- the Python side of the extension ----------------------------------------------------

def test_bad_input_is_refused_not_crashed() -> None:
    variant = load_variant("kalah_4")
    game, rules = Game(variant), make_fast(variant)
    pos = game.start(0)
    with pytest.raises(ValueError):
        rules.apply(pos, 12)
    with pytest.raises(TypeError):
        rules.apply(pos, (2, "CW"))
    empty = game.start(0, board=[0, 4, 4, 4, 4, 4] * 2)
    with pytest.raises(ValueError):
        rules.apply(empty, 0)
    short = game.start(0)
    short.board = [4] * 11
    with pytest.raises(TypeError):
        rules.legal_fresh(short)
    negative = game.start(0, board=[-1] + [4] * 11)
    with pytest.raises(ValueError):
        rules.legal_fresh(negative)
    assert state(pos) == state(game.start(0))  # nothing changed by the refused moves
    territory = game.start(0)
    territory.owners = [0] * 6 + [1] * 6
    with pytest.raises(ValueError, match="owners"):
        rules.apply(territory, 2)
    with pytest.raises(ValueError, match="owners"):
        rules.legal_fresh(territory)
    with pytest.raises(ValueError):
        _fastcore.Rules({"layout": LAYOUT}, None, None, None)


class Logged(Position):
    """A subclass with more slots (read and written through the inherited slots)."""

    __slots__ = ("note",)


class Plain:
    """Not a Position at all: read and written through getattr/setattr."""

    def __init__(self, pos: Position) -> None:
        for name in Position.__slots__:
            value = getattr(pos, name)
            setattr(self, name, value[:] if isinstance(value, list) else value)


@pytest.mark.parametrize("kind", [Logged, Plain])
def test_positions_of_other_types(kind: type) -> None:
    variant = load_variant("oware_abapa")
    game, rules = Game(variant), make_fast(variant)
    rng = random.Random(2)
    for starter in (0, 1):
        a = game.start(starter)
        if kind is Logged:
            b = Logged(list(a.board), list(a.stores), a.turn, list(a.unlocked), starter=starter, total=a.total)
        else:
            b = Plain(a)
        play_both(game, rules, a, b, rng, max_moves=200)  # type: ignore[arg-type]
        assert rules.legal(a.copy()) == rules.legal_fresh(b)


# ---- replay: the C core's loop and state lines against replay.py's own -----------------

def mangled(moves: list[Any], rng: random.Random) -> list[Any]:
    """A random game's moves with, sometimes, a bad move put in (the loop must stop there)."""
    moves = list(moves)
    if moves and rng.random() < 0.6:
        bad = rng.choice([True, -1, 99, [0, "CW"], "3", 2.0, None, 0, 1, 2, 3])
        moves.insert(rng.randrange(len(moves) + 1), bad)
    return moves + rng.choice([[], [0], [1, 2]])  # moves after the end are ignored


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=eligible_variants(), seed=st.integers(0, 2**32), final=st.booleans(),
       board=st.booleans())
def test_replay_lines_agree(raw: dict[str, Any], seed: int, final: bool, board: bool) -> None:
    import io

    from mancala.replay import run_request

    try:
        variant = parse_variant(raw)
    except VariantError:
        assume(False)
    game = Game(variant)
    rng = random.Random(seed)
    request: dict[str, Any] = {"config": raw, "starter": rng.randrange(2)}
    if board:
        request["position"] = {"board": [rng.choice([0, 1, 2, 3, 5]) for _ in range(game.size)],
                               "stores": [rng.randrange(4), rng.randrange(4)]}
    pos = game.start(request["starter"], **request.get("position", {}))
    moves: list[int] = []
    while game.legal_moves(pos) and len(moves) < 200:
        moves.append(rng.choice(game.legal_moves(pos)))
        pos = game.play(pos, moves[-1])
    request["moves"] = mangled(moves, rng)
    if final:
        request["output"] = "final"
    outputs = []
    for c_core in (True, False):
        out, err = io.StringIO(), io.StringIO()
        status = run_request(request, out, err, c_core=c_core)
        outputs.append((status, out.getvalue(), err.getvalue()))
    assert outputs[0] == outputs[1]
