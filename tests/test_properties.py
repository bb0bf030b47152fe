"""Property tests of the rules engine: random valid variants, random games.

Each property plays games of random moves on variants drawn from the part-1
parameters (sowing, captures, allow rules, goals, start patterns), children, sow rules,
captures before sowing and prescribed openings, and checks an invariant at every position. A failing example names the variant dict, the
starter, the start seed and the seed of the move choices, so it can be replayed.
"""

from __future__ import annotations

import io
import json
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st

from mancala.engine import Game, IllegalMove, Position
from mancala.engine.sowing import SowResult
from mancala.replay import run_request
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant

MAX_MOVES = 300  # moves per random game in most properties
END_BOUND = 2000  # a MAX_SEEDS game with stores ends within this many moves

# MANCALA_PROPERTY_EXAMPLES=3000 for a deeper hunt than the suite's default
SETTINGS = settings(
    max_examples=int(os.environ.get("MANCALA_PROPERTY_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

UDIR_SENSITIVE_ALLOWS = {"OPP_OR_EMPTY", "SINGLE_TO_ZERO", "SINGLE_ALL_TO_ZERO"}
ALLOW_RULES = [
    "NONE", "OPP_OR_EMPTY", "SINGLE_TO_ZERO", "SINGLE_ONLY_ALL", "SINGLE_ALL_TO_ZERO",
    "TWO_ONLY_ALL", "TWO_ONLY_ALL_RIGHT", "FIRST_TURN_ONLY_RIGHT_TWO",
    "RIGHT_2_1ST_THEN_ALL_TWO", "MOVE_ALL_HOLES_FIRST", "NOT_XFROM_1S",
]
GRANDSLAMS = ["LEGAL", "NOT_LEGAL", "NO_CAPT", "OPP_GETS_REMAIN", "LEAVE_LEFT", "LEAVE_RIGHT"]
PICKEXTRAS = ["NONE", "PICKCROSS", "PICKTWOS", "PICKLASTSEEDS", "PICK2XLASTSEEDS", "PICKFINAL"]
OUTCOME_KINDS = {"WIN", "TIE", "ROUND_WIN", "ROUND_TIE"}
CHILD_TYPES = ["NORMAL", "ONE_CHILD", "WEG", "BULL", "QUR"]
CHILD_LOCS = ["ANYWHERE", "ENDS_ONLY", "NO_ENDS", "INV_ENDS_PLUS_MID", "ENDS_PLUS_ONE_OPP",
              "NO_OWN_RIGHT", "NO_OPP_RIGHT", "NO_OPP_LEFT", "NOT_SYM_OPP", "NOT_FACING",
              "ENDS_PLUS_ALL_OPP"]
# OPP_OWNER_ONLY and OWN_OWNER_ONLY need TERRITORY games
CHILD_RULES = ["NONE", "OPP_SIDE_ONLY", "OWN_SIDE_ONLY", "OPPS_ONLY_NOT_1ST", "NOT_1ST_OPP"]


# ---- the variant strategy ----------------------------------------------------------


def _start_patterns(holes: int) -> list[str]:
    out = ["ALL_EQUAL", "ALTERNATES", "RANDOM", "RIGHTMOST_PLUS_ONE"]
    if holes >= 3:
        out += ["GAMACHA", "ALTS_WITH_1", "CLIPPEDTRIPLES"]
    if holes >= 4:
        out.append("TWOEMPTY")
    if holes % 2 == 0:
        out.append("ALTS_SPLIT")
    return out


SOW_RULES = ["SOW_BLKD_DIV", "SOW_BLKD_DIV_NR", "OWN_SOW_CAPT_ALL", "SOW_CAPT_ALL", "NO_SOW_OPP_NS",
             "CHANGE_DIR_LAP", "MAX_SOW", "LAP_CAPT", "NO_OPP_CHILD", "OPP_GETS_OWN_LAST", "CONT_LAP_ON"]
PRESOWCAPTS = ["CAPT_ONE", "ALL_SINGLE_XCAPT", "DRAW_1_XCAPT"]
PRESCRIBEDS = ["BASIC_SOWER", "MLAPS_SOWER", "SOW1OPP", "PLUS1MINUS1", "ARNGE_LIMIT"]
SOW_PARAMS = {"NO_SOW_OPP_NS": (1, 4), "MAX_SOW": (1, 8), "OPP_GETS_OWN_LAST": (1, 24),
              "CONT_LAP_ON": (2, 5), "SOW_BLKD_DIV": (2, 5), "SOW_BLKD_DIV_NR": (2, 5)}


def _sow_rules(draw: st.DrawFn, gi: dict[str, Any]) -> None:
    """sow_rule (with sow_param), presowcapt and prescribed, made to fit what gi holds."""
    rule = draw(st.sampled_from(["NONE", "NONE", "NONE", *SOW_RULES]))
    if rule.startswith("SOW_BLKD_DIV"):
        if gi["goal"] != "DEPRIVE":
            rule = "NONE"
        else:  # closing holes is the only capture; min_move 1; no sow_start, skip_start, ...
            gi.update(min_move=1, sow_start=False, move_one=False, skip_start=False,
                      visit_opp=False, allow_rule="NONE", crosscapt=False, xc_sown=False,
                      capt_type="NONE", capt_on=[], evens=False, capt_min=0, capt_max=0,
                      multicapt=0, pickextra="NONE")
            if gi["mlaps"] == "LAPPER_NEXT":
                gi["mlaps"] = "LAPPER"
    if rule in ("OWN_SOW_CAPT_ALL", "SOW_CAPT_ALL") and not (
            gi.get("capt_on") or gi["evens"] or gi["capt_min"] or gi["capt_max"]):
        gi["capt_on"] = [draw(st.integers(1, 5))]
    if rule in ("LAP_CAPT", "OPP_GETS_OWN_LAST"):
        gi["mlaps"] = "LAPPER"
    if rule in ("CHANGE_DIR_LAP", "CONT_LAP_ON") and gi["mlaps"] == "OFF":
        gi["mlaps"] = "LAPPER"
    if rule in SOW_PARAMS:
        gi["sow_param"] = draw(st.integers(*SOW_PARAMS[rule]))
    gi["sow_rule"] = rule
    if not rule.startswith("SOW_BLKD_DIV"):
        gi["presowcapt"] = draw(st.sampled_from(["NONE", "NONE", "NONE", *PRESOWCAPTS]))
    gi["prescribed"] = draw(st.sampled_from(["NONE", "NONE", "NONE", *PRESCRIBEDS]))


@st.composite
def variant_dicts(draw: st.DrawFn, goals: tuple[str, ...] = ("MAX_SEEDS", "DEPRIVE", "CLEAR"),
                  stores: bool | None = None, store_bound: bool = False,
                  children: bool | None = None) -> dict[str, Any]:
    """A variant object of the part-1 parameters that respects the reference's restrictions.

    `store_bound`: only sowings that must feed the stores (see the ending property).
    `children`: True for children always, False for never; None: one variant in three
    (DEPRIVE and CLEAR games cannot have children).
    """
    holes = draw(st.integers(2, 8))
    nbr_start = draw(st.integers(1, 6))
    goal = draw(st.sampled_from(goals))
    plain_goal = goal == "MAX_SEEDS"  # DEPRIVE and CLEAR forbid several options
    gi: dict[str, Any] = {"goal": goal}
    gi["stores"] = draw(st.booleans()) if stores is None else stores
    gi["sow_own_store"] = store_bound or draw(st.booleans())

    # sowing
    directs = ["CCW", "PLAYALTDIR"] if store_bound else ["CCW", "CW", "SPLIT", "PLAYALTDIR"]
    direct = draw(st.sampled_from(directs))
    gi["sow_direct"] = direct
    udir = set()
    if not store_bound and draw(st.booleans()):
        udir = set(draw(st.lists(st.integers(0, holes - 1), max_size=2)))
    if direct == "SPLIT" and holes % 2:
        udir.add(holes // 2)
    if udir:
        gi["udir_holes"] = sorted(udir)
    gi["sow_start"] = draw(st.booleans())
    gi["move_one"] = gi["sow_start"] and (store_bound or draw(st.booleans()))
    gi["skip_start"] = draw(st.booleans())
    gi["mlaps"] = "OFF" if store_bound else draw(st.sampled_from(["OFF", "OFF", "LAPPER", "LAPPER_NEXT"]))
    gi["visit_opp"] = gi["mlaps"] != "OFF" and draw(st.booleans())

    # captures
    gi["crosscapt"] = draw(st.booleans())
    if gi["crosscapt"]:
        gi["xcpickown"] = draw(st.sampled_from(["LEAVE", "PICK_ON_CAPT", "ALWAYS_PICK"]))
        gi["xc_sown"] = draw(st.booleans())
    if draw(st.booleans()):
        gi["capt_on"] = draw(st.lists(st.integers(1, 6), min_size=1, max_size=3, unique=True))
    gi["evens"] = draw(st.integers(0, 3)) == 0
    capt_min = draw(st.sampled_from([0, 0, 1, 2, 3, 4]))
    capt_max = draw(st.sampled_from([0, 0, 2, 3, 4, 6]))
    if capt_min and capt_max and capt_min > capt_max:
        capt_min, capt_max = capt_max, capt_min
    gi["capt_min"], gi["capt_max"] = capt_min, capt_max
    gi["multicapt"] = draw(st.sampled_from([0, -1, 1, 2, holes]))
    gi["capt_type"] = draw(st.sampled_from(["NONE", "NONE", "NEXT", "TWO_OUT", "MATCH_OPP"]))
    gi["capsamedir"] = gi["capt_type"] == "TWO_OUT" or draw(st.booleans())
    sides = ["BOTH", "OPP_SIDE", "OWN_SIDE"] + (["OPP_CONT", "OWN_CONT"] if gi["multicapt"] else [])
    gi["capt_side"] = draw(st.sampled_from(sides))
    gi["capt_rturn"] = draw(st.sampled_from(["NO_REPEAT", "NO_REPEAT", "ALWAYS", "ONCE"]))
    gi["nosinglecapt"] = draw(st.booleans())
    gi["nocaptmoves"] = draw(st.sampled_from([0, 0, 1, 3]))
    slam_ok = not udir and plain_goal
    gi["grandslam"] = draw(st.sampled_from(GRANDSLAMS)) if slam_ok else "LEGAL"
    gi["moveunlock"] = plain_goal and draw(st.integers(0, 3)) == 0

    # allowed moves
    min_move = draw(st.sampled_from([1, 1, 1, 2, 3]))
    if goal == "CLEAR":
        min_move = 1
    if goal == "DEPRIVE" and min_move > 1:
        # the last mover wins: repeat turns are prohibited
        gi["sow_own_store"] = gi["xc_sown"] = False
        gi["capt_rturn"] = "NO_REPEAT"
    gi["min_move"] = min_move
    # no_sides (MAX_SEEDS only): no grand-slam rule, no mustshare (constraint no_sides_incompat);
    # not store_bound: a seed may shuttle between the players for ever
    gi["no_sides"] = plain_goal and not store_bound and draw(st.integers(0, 4)) == 0
    if gi["no_sides"]:
        gi["grandslam"] = "LEGAL"
    gi["mustshare"] = plain_goal and not gi["no_sides"] and draw(st.booleans())
    gi["mustpass"] = plain_goal and draw(st.booleans())
    allows = [
        a for a in ALLOW_RULES
        if not (udir and a in UDIR_SENSITIVE_ALLOWS)
        and not (goal == "CLEAR" and a == "SINGLE_ALL_TO_ZERO")
    ]
    allow = draw(st.sampled_from(["NONE", "NONE", *allows]))
    gi["pickextra"] = draw(st.sampled_from(["NONE", "NONE", *PICKEXTRAS]))
    if allow == "MOVE_ALL_HOLES_FIRST":
        gi["moveunlock"] = False
        gi["pickextra"] = "NONE"
        if gi["capt_type"] == "TWO_OUT":
            gi["capt_type"] = "NONE"
    gi["allow_rule"] = allow

    # children
    if children is None:
        children = plain_goal and not store_bound and draw(st.integers(0, 2)) == 0
    if children:
        gi["child_type"] = draw(st.sampled_from(CHILD_TYPES))
        gi["child_cvt"] = draw(st.integers(1, 6))
        gi["child_locs"] = draw(st.sampled_from(CHILD_LOCS))
        gi["child_rule"] = draw(st.sampled_from(CHILD_RULES))

    # sow rules, captures before sowing, prescribed openings
    if not store_bound:
        _sow_rules(draw, gi)

    # end of the game and start
    unclaimed = ["HOLE_OWNER", "DONT_SCORE", "LAST_MOVER", "DIVVIED"]
    if gi["mustshare"]:
        unclaimed.append("UNFED_PLAYER")
    gi["unclaimed"] = draw(st.sampled_from(unclaimed))
    gi["start_pattern"] = draw(st.sampled_from(["ALL_EQUAL", "ALL_EQUAL", *_start_patterns(holes)]))

    # leave defaults out, as variant files do (False also stands for 0)
    defaults = {False, "NONE", "OFF", "LEGAL", "NO_REPEAT", "BOTH", "HOLE_OWNER",
                "ALL_EQUAL", "MAX_SEEDS", "CCW", "LEAVE"}
    gi = {k: v for k, v in gi.items() if isinstance(v, list) or k == "min_move" or v not in defaults}
    return {
        "game_class": "Mancala",
        "game_constants": {"holes": holes, "nbr_start": nbr_start},
        "game_info": gi,
    }


def _parse(raw: dict[str, Any]):
    try:
        return parse_variant(raw)
    except VariantError as exc:
        assume(False)
        raise AssertionError("unreachable") from exc


@dataclass
class Case:
    """A random game's set-up: what a replay request needs to play it again."""

    raw: dict[str, Any]
    game: Game
    start: Position
    starter: int
    seed: int
    move_seed: int
    position: dict[str, list[int]] | None = None  # a `position` request's board and stores

    def request(self, moves: list[Any]) -> dict[str, Any]:
        req: dict[str, Any] = {"config": self.raw, "starter": self.starter, "moves": moves}
        if self.position is None:
            req["seed"] = self.seed
        else:
            req["position"] = self.position
        return req

    def __str__(self) -> str:
        return json.dumps(self.request([]) | {"move_seed": self.move_seed})


@st.composite
def games(draw: st.DrawFn, positions: bool = True, **kwargs: Any) -> Case:
    """A variant, its start (or, one time in four, a random position) and a seed for the moves."""
    raw = draw(variant_dicts(**kwargs))
    game = Game(_parse(raw))
    starter = draw(st.integers(0, 1))
    seed = draw(st.integers(0, 2**16))
    move_seed = draw(st.integers(0, 2**32 - 1))
    if positions and draw(st.integers(0, 3)) == 0:
        board = draw(st.lists(st.integers(0, 5), min_size=game.size, max_size=game.size))
        stores = draw(st.lists(st.integers(0, 6), min_size=2, max_size=2))
        start = game.start(starter, board=board, stores=stores)
        return Case(raw, game, start, starter, seed, move_seed, {"board": board, "stores": stores})
    return Case(raw, game, game.start(starter, seed=seed), starter, seed, move_seed)


def random_game(game: Game, pos: Position, move_seed: int, cap: int = MAX_MOVES
                ) -> Iterator[tuple[Position, Any | None]]:
    """(position, move that led to it); the first pair is the start with move None."""
    rng = random.Random(move_seed)
    yield pos, None
    for _ in range(cap):
        legal = game.legal_moves(pos)
        if not legal:
            return
        move = rng.choice(legal)
        pos = game.play(pos, move)
        yield pos, move


def fresh_copy(pos: Position) -> Position:
    """The same position built from its fields: nothing the engine derived is carried over."""
    new = Position(pos.board[:], pos.stores[:], pos.turn, pos.unlocked[:], moves=pos.moves,
                   player_moves=pos.player_moves[:], repeating=pos.repeating, alt_dir=pos.alt_dir,
                   starter=pos.starter, total=pos.total, outcome=pos.outcome)
    new.children = None if pos.children is None else pos.children[:]
    new.blocked = None if pos.blocked is None else pos.blocked[:]
    new.owners = None if pos.owners is None else pos.owners[:]
    new.round_info = pos.round_info
    new.capt_limit = pos.capt_limit
    return new


class SowSpy:
    """Records the first sow after `arm()`: the one of the move being applied."""

    def __init__(self, game: Game) -> None:
        self.inner = game.sower
        self.first: SowResult | None = None
        self.armed = False
        game.sower = self  # type: ignore[assignment]

    def arm(self) -> None:
        self.armed = True
        self.first = None

    def __call__(self, *args: Any) -> SowResult:
        res = self.inner(*args)
        if self.armed:
            self.first = res
            self.armed = False
        return res


# ---- properties ---------------------------------------------------------------------


@SETTINGS
@given(games())
def test_seeds_conserved(case: Case) -> None:
    raw, game, pos, move_seed = case.raw, case.game, case.start.copy(), case.move_seed
    spy = SowSpy(game)
    total = sum(pos.board) + sum(pos.stores)
    assert pos.total == total
    dont_score = raw["game_info"].get("unclaimed") == "DONT_SCORE"
    rng = random.Random(move_seed)
    for i in range(MAX_MOVES):
        legal = game.legal_moves(pos)
        if not legal:
            break
        move = rng.choice(legal)
        before = game.state_json(pos)
        spy.arm()
        game.apply(pos, move)
        held = sum(pos.board) + sum(pos.stores)  # children are holes of the board: counted
        assert all(x >= 0 for x in pos.board) and all(x >= 0 for x in pos.stores), (i, move, before)
        assert spy.first is not None, "the engine no longer sows through game.sower: update SowSpy"
        endless = spy.first.endless
        if endless or (pos.outcome is not None and dont_score):
            assert held <= total, (i, move, before, str(case))
        else:
            assert held == total, (i, move, before, game.state_json(pos), str(case))
        if endless:
            event("50-lap stop")
            assert pos.outcome is not None, "a 50-lap stop ends the game"


@SETTINGS
@given(games(goals=("MAX_SEEDS",), children=True))
def test_children_stay_never_start_moves_and_keep_their_seeds(case: Case) -> None:
    """A child stays its owner's for the rest of the game and no legal move starts from it;
    its seeds never go down while the game goes on, except the two seeds at most that an
    opponent's sow ending in a WEG takes (the seed just sown and one more)."""
    raw, game, pos, move_seed = case.raw, case.game, case.start.copy(), case.move_seed
    weg = raw["game_info"]["child_type"] == "WEG"
    rng = random.Random(move_seed)
    made = 0
    for i in range(MAX_MOVES):
        legal = game.legal_moves(pos)
        if not legal:
            break
        for m in legal:
            hole = m if isinstance(m, int) else m[0]
            assert pos.children[hole] is None, (i, m, game.state_json(pos), str(case))
        kids, board, mover = pos.children[:], pos.board[:], pos.turn
        move = rng.choice(legal)
        game.apply(pos, move)
        for h, c in enumerate(kids):
            if c is None:
                made += pos.children[h] is not None
                continue
            assert pos.children[h] == c, (i, move, h, str(case))
            drop = board[h] - pos.board[h]
            if pos.outcome is None and drop > 0:
                assert weg and c != mover and drop <= 2, (i, move, h, board, pos.board, str(case))
    event("children made" if made else "no child made")


@SETTINGS
@given(games(), st.integers(0, 2**32 - 1))
def test_arrangements_mirror_the_rows_and_keep_the_seeds(case: Case, arrange_seed: int) -> None:
    """ARNGE_LIMIT: a random arrangement as the first move gives both rows the layout (each
    from its owner's left) and keeps every seed; the game then plays on conserving them."""
    raw = json.loads(json.dumps(case.raw))
    raw["game_info"]["prescribed"] = "ARNGE_LIMIT"
    game = Game(_parse(raw))
    pos = game.start(case.starter, board=case.start.board, stores=case.start.stores)
    n, mover = game.holes, pos.turn
    row = [pos.board[game.geom.hole_of(mover, k)] for k in range(n)]
    other = [pos.board[game.geom.hole_of(1 - mover, k)] for k in range(n)]
    rng = random.Random(arrange_seed)
    counts = [0] * n
    for _ in range(sum(row)):
        counts[rng.randrange(n)] += 1
    total = sum(pos.board) + sum(pos.stores)
    if sum(row) != sum(other) or max(counts, default=0) < game.min_move:
        try:
            game.play(pos, {"arrange": counts})
        except IllegalMove:
            return
        raise AssertionError(f"arrangement {counts} accepted; {game.state_json(pos)}")
    pos = game.play(pos, {"arrange": counts})
    if pos.outcome is not None:  # the opponent cannot move from that layout (allow rules)
        return
    assert [pos.board[game.geom.hole_of(p, k)] for p in (0, 1) for k in range(n)] == counts * 2
    assert pos.moves >= 1 and pos.capt_limit is None  # (a forced pass may follow)
    for later, _ in random_game(game, pos, case.move_seed, cap=100):
        if later.outcome is None or raw["game_info"].get("unclaimed") != "DONT_SCORE":
            assert sum(later.board) + sum(later.stores) <= total
    with pytest.raises(IllegalMove):
        game.play(pos, {"arrange": counts})


@SETTINGS
@given(games(goals=("MAX_SEEDS",)))
def test_max_seeds_end_positions(case: Case) -> None:
    """A MAX_SEEDS end line shows the board collected and the stores deciding."""
    raw, game, pos, move_seed = case.raw, case.game, case.start.copy(), case.move_seed
    spy = SowSpy(game)
    rng = random.Random(move_seed)
    for _ in range(MAX_MOVES):
        legal = game.legal_moves(pos)
        if not legal:
            break
        mover = pos.turn
        spy.arm()
        game.apply(pos, rng.choice(legal))
        if pos.outcome is None:
            continue
        event(f"outcome {pos.outcome.kind.value}")
        endless = spy.first is not None and spy.first.endless
        ctx = (game.state_json(pos), str(case))
        if endless and not raw["game_info"].get("stores") and not raw["game_info"].get("child_type"):
            # neither stores nor children: a TIE with the board as it is
            assert pos.outcome.kind.value == "TIE" and pos.turn == mover, ctx
            break
        assert sum(pos.board) == 0, ctx
        s0, s1 = pos.stores
        if pos.outcome.kind.value == "TIE":
            assert s0 == s1 and pos.outcome.winner is None and pos.turn == mover, ctx
        else:
            assert pos.outcome.kind.value == "WIN", ctx
            assert pos.outcome.winner == (0 if s0 > s1 else 1) and s0 != s1, ctx
            assert pos.turn == pos.outcome.winner, ctx
        break


def _case(raw: dict[str, Any], board: list[int], starter: int = 0, move_seed: int = 0) -> Case:
    game = Game(parse_variant(raw))
    position = {"board": board, "stores": [0, 0]}
    return Case(raw, game, game.start(starter, board=board), starter, 0, move_seed, position)


# South's only move (0) leaves North nothing to move (min_move 2): North passes. The pass
# is the game's second move, so captures are on (nocaptmoves 2) and South's only move, 2,
# would take all of North's seeds: a grand slam, NOT_LEGAL. South has no legal move.
PASS_THEN_SLAM = _case(
    {"game_constants": {"holes": 3, "nbr_start": 2},
     "game_info": {"stores": True, "min_move": 2, "mustpass": True, "grandslam": "NOT_LEGAL",
                   "nocaptmoves": 2, "capt_on": [1, 2], "multicapt": -1, "capt_side": "OPP_SIDE"}},
    [2, 0, 1, 1, 0, 0],
)


@SETTINGS
@given(games())
@example(PASS_THEN_SLAM)
def test_no_legal_moves_exactly_when_game_over(case: Case) -> None:
    game, start, move_seed = case.game, case.start, case.move_seed
    for pos, move in random_game(game, start, move_seed):
        legal = game.legal_moves(pos)
        if move is None:
            # no pass is applied to a starting position; an unfinished start may be stuck
            continue
        assert (legal == []) == (pos.outcome is not None), (
            move, game.state_json(pos), str(case))
        if pos.outcome is None:
            assert game.has_moves(pos) == bool(legal)
        # what the engine lists (it may keep the list from the end of the move) is what a
        # fresh position with the same fields gets
        assert legal == game.legal_moves(fresh_copy(pos)), (
            move, game.state_json(pos), str(case))


WRONG_FORMS: list[Any] = [None, "0", 1.0, True, False, [0], [], [0, "UP"], [0, 1], [0, "CW", 1],
                          {"hole": 0}, ["0", "CW"], [True, "CW"]]


@SETTINGS
@given(games())
def test_play_accepts_legal_and_rejects_the_rest(case: Case) -> None:
    game, start, move_seed = case.game, case.start, case.move_seed
    size = game.size
    rng = random.Random(move_seed ^ 0x5EED)
    for pos, _ in random_game(game, start, move_seed, cap=100):
        before = game.state_json(pos)
        legal = game.legal_moves(pos)
        as_json = [Game.move_json(m) for m in legal]
        for move in as_json:
            after = game.play(pos, move)
            assert after is not pos
        others: list[Any] = [h for h in range(-2, size + 2) if h not in as_json]
        others += [[h, d] for h in range(size) for d in ("CW", "CCW") if [h, d] not in as_json]
        sample = rng.sample(others, min(6, len(others))) + rng.sample(WRONG_FORMS, 3)
        for move in sample:
            try:
                game.play(pos, move)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"{move!r} was accepted; legal {as_json}; {str(case)}")
            assert game.state_json(pos) == before


@SETTINGS
@given(games())
def test_replay_is_deterministic(case: Case) -> None:
    game, start, move_seed = case.game, case.start, case.move_seed
    moves = [Game.move_json(m) for _, m in random_game(game, start, move_seed) if m is not None]
    request = case.request(moves)
    texts = []
    for _ in range(2):
        out, err = io.StringIO(), io.StringIO()
        assert run_request(request, out, err) == 0, err.getvalue()
        texts.append(out.getvalue())
    assert texts[0] == texts[1]
    lines = texts[0].splitlines()
    assert len(lines) == len(moves) + 2
    assert json.loads(lines[-1]) == {"end": True, "moves": len(moves)}
    # the replay shows what the engine played
    final = start
    for move in moves:
        final = game.play(final, move)
    assert json.loads(lines[-2]) == json.loads(json.dumps(game.state_json(final)))


@SETTINGS
@given(games(goals=("MAX_SEEDS",), stores=True, store_bound=True))
def test_max_seeds_games_with_stores_end(case: Case) -> None:
    """Games whose seeds must reach the stores end.

    With sow_own_store, CCW sowing (or PLAYALTDIR: one player's sow crosses rows
    through its store), single laps and no sow that can leave a hole as it was
    (sow_start without move_one), seeds cannot circle without feeding a store, so
    the game cannot cycle. Without these, random games can legitimately go on for
    ever: two udir holes pass seeds back and forth, and with CW sowing both
    players' seeds cross into the other row at the end without their own store.
    """
    game, start, move_seed = case.game, case.start, case.move_seed
    positions = list(random_game(game, start, move_seed, cap=END_BOUND + 1))
    last = positions[-1][0]
    assert last.outcome is not None or not game.legal_moves(last), (
        f"no end after {len(positions) - 1} moves; {str(case)}")


@SETTINGS
@given(games())
def test_state_json_shapes(case: Case) -> None:
    game, start, move_seed = case.game, case.start, case.move_seed
    size = game.size
    for pos, _ in random_game(game, start, move_seed):
        state = json.loads(json.dumps(game.state_json(pos)))
        assert set(state) == {"board", "stores", "turn", "legal", "children", "blocked",
                              "owners", "unlocked", "outcome"}
        assert len(state["board"]) == size and all(isinstance(x, int) and x >= 0 for x in state["board"])
        assert len(state["stores"]) == 2 and all(isinstance(x, int) and x >= 0 for x in state["stores"])
        assert state["turn"] in (0, 1)
        assert len(state["children"]) == size and all(c is None or c in (0, 1) for c in state["children"])
        assert len(state["blocked"]) == size and all(isinstance(b, bool) for b in state["blocked"])
        if game.variant.game_info.no_sides:
            assert state["owners"] == [None] * size
        else:
            assert state["owners"] == [0] * game.holes + [1] * game.holes
        assert len(state["unlocked"]) == size and all(isinstance(u, bool) for u in state["unlocked"])
        legal = state["legal"]
        keys = [(m, "") if isinstance(m, int) else (m[0], m[1]) for m in legal]
        assert keys == sorted(keys), legal  # by index, "CCW" before "CW"
        assert len(set(keys)) == len(keys)
        for m in legal:
            hole = m if isinstance(m, int) else m[0]
            assert isinstance(hole, int) and hole in game.starts[state["turn"]]
            assert isinstance(m, int) or (len(m) == 2 and m[1] in ("CCW", "CW"))
        outcome = state["outcome"]
        if outcome is None:
            continue
        assert set(outcome) == {"kind", "winner"}
        assert outcome["kind"] in OUTCOME_KINDS
        assert legal == []
        if outcome["kind"] in ("WIN", "ROUND_WIN"):
            assert outcome["winner"] in (0, 1) and state["turn"] == outcome["winner"]
        else:
            assert outcome["winner"] is None


# ---- games in rounds ----------------------------------------------------------------

ROUND_GOALS = ["MAX_SEEDS", "TERRITORY", "RND_WIN_COUNT", "RND_SEED_COUNT", "RND_EXTRA_SEEDS", "RND_POINTS"]
ROUND_FILLS = ["LEFT_FILL", "RIGHT_FILL", "OUTSIDE_FILL", "EVEN_FILL", "SHORTEN", "UCHOOSE", "UMOVE"]
ROUND_CAP = 600  # moves per random game across rounds


@st.composite
def round_variant_dicts(draw: st.DrawFn) -> dict[str, Any]:
    """variant_dicts' MAX_SEEDS variants played in rounds: MAX_SEEDS with a round_fill
    (and blocks), TERRITORY (with UCHOWN or not) and the RND_* goals."""
    raw = draw(variant_dicts(goals=("MAX_SEEDS",)))
    gi = raw["game_info"]
    holes, k = raw["game_constants"]["holes"], raw["game_constants"]["nbr_start"]
    goal = draw(st.sampled_from(ROUND_GOALS))
    gi["goal"] = goal
    gi["rounds"] = draw(st.sampled_from(["HALF_SEEDS", "NO_MOVES", "END_S_SEEDS", "END_2S_SEEDS"]))
    gi["round_starter"] = draw(st.sampled_from(["ALTERNATE", "LOSER", "WINNER", "LAST_MOVER"]))
    if goal == "MAX_SEEDS":
        gi["round_fill"] = draw(st.sampled_from(ROUND_FILLS))
        gi["blocks"] = gi["round_fill"] == "UCHOOSE" or draw(st.booleans())
        gi["goal_param"] = draw(st.integers(0, min(2, holes)))
        gi.pop("start_pattern", None)  # round fills start from ALL_EQUAL
        if gi["blocks"] and gi.get("child_rule") == "NOT_1ST_OPP":
            gi["child_rule"] = "NONE"
    elif goal == "TERRITORY":
        gi["stores"] = True
        gi["goal_param"] = draw(st.integers(holes, 2 * holes))
        if draw(st.booleans()):
            gi["round_fill"] = "UCHOWN"
        # what territory games refuse: no_sides, NOT_LEGAL, OPP_OR_EMPTY
        gi.pop("no_sides", None)
        if gi.get("capt_side", "BOTH") in ("OPP_SIDE", "OWN_SIDE") and draw(st.booleans()):
            gi["capt_side"] = gi["capt_side"].replace("SIDE", "TERR")  # the same by owner
        if gi.get("allow_rule") == "OPP_OR_EMPTY":
            gi.pop("allow_rule")
        if gi.get("grandslam") == "NOT_LEGAL":
            gi.pop("grandslam")
        if gi.get("child_rule") == "NOT_1ST_OPP":
            gi["child_rule"] = "NONE"
    else:
        per = holes * k if goal in ("RND_SEED_COUNT", "RND_EXTRA_SEEDS") else 1
        gi["goal_param"] = draw(st.integers(1, 3)) * per
    return raw


def random_round_choice(game: Game, pos: Position, rng: random.Random) -> Any:
    """A random choice of the form the next round asks (None when it asks none)."""
    need = game.round_choice(pos)
    if need is None:
        return None
    if need["form"] == "layout":
        n, seeds = need["holes"], need["seeds"]
        layout = [1] * n
        for _ in range(rng.randint(0, seeds - n)):
            layout[rng.randrange(n)] += 1
        if max(layout) < need["min_move"]:
            layout[rng.randrange(n)] += need["min_move"] - max(layout)
        return {"layout": layout}
    return {need["form"]: rng.sample(need["holes"], need["count"])}


def play_rounds(game: Game, pos: Position, move_seed: int, cap: int = ROUND_CAP
                ) -> Iterator[tuple[Position, Any | None, bool]]:
    """(position, move or choice that led to it, whether it starts a new round) across rounds."""
    rng = random.Random(move_seed)
    yield pos, None, False
    played = 0
    while True:
        if pos.outcome is not None:
            if pos.outcome.kind.value in ("WIN", "TIE"):
                return
            for _ in range(20):
                choice = random_round_choice(game, pos, rng)
                try:
                    pos = game.next_round(pos, choice)
                    break
                except IllegalMove:
                    continue  # a layout the round could not start from: draw another
            else:
                return
            yield pos, choice, True
            continue
        legal = game.legal_moves(pos)
        if not legal or played == cap:
            return
        move = rng.choice(legal)
        pos = game.play(pos, move)
        played += 1
        yield pos, move, False


@st.composite
def round_games(draw: st.DrawFn) -> Case:
    raw = draw(round_variant_dicts())
    game = Game(_parse(raw))
    starter = draw(st.integers(0, 1))
    seed = draw(st.integers(0, 2**16))
    move_seed = draw(st.integers(0, 2**32 - 1))
    return Case(raw, game, game.start(starter, seed=seed), starter, seed, move_seed)


@SETTINGS
@given(round_games())
def test_rounds_conserve_seeds_and_restart_cleanly(case: Case) -> None:
    """Within a round every seed stays (DONT_SCORE and 50-lap stops aside); a MAX_SEEDS
    round starts with exactly the seeds the last one ended with, a TERRITORY or RND_* round
    with the game's start layout; the start of a round is fresh and playable."""
    raw, game, start = case.raw, case.game, case.start
    gi = raw["game_info"]
    lossy = gi.get("unclaimed") == "DONT_SCORE"
    first_total = start.total
    prev = start
    rounds = 0
    for pos, _, new_round in play_rounds(game, start, case.move_seed):
        held = sum(pos.board) + sum(pos.stores)
        ctx = (game.state_json(pos), str(case))
        assert all(x >= 0 for x in pos.board) and all(x >= 0 for x in pos.stores), ctx
        assert (game.legal_moves(pos) == []) == (pos.outcome is not None) or new_round or pos is start, ctx
        assert game.legal_moves(pos) == game.legal_moves(fresh_copy(pos)), ctx
        if new_round:
            rounds += 1
            ended = sum(prev.board) + sum(prev.stores)
            expected = ended if gi["goal"] == "MAX_SEEDS" else first_total
            assert held == pos.total == expected, ctx
            assert pos.outcome is None and game.legal_moves(pos), ctx
            assert (pos.moves, pos.player_moves, pos.turn) == (0, [0, 0], pos.starter), ctx
            assert pos.round_info.number == prev.round_info.number + 1, ctx
            assert pos.round_info.tally == prev.round_info.tally, ctx
            if gi.get("blocks") and gi["goal"] == "MAX_SEEDS":
                assert pos.blocked == [s == 0 for s in pos.board], ctx
            if gi["goal"] == "TERRITORY":
                assert sorted(set(pos.owners)) in ([0], [1], [0, 1]) and len(pos.owners) == game.size
        elif pos.outcome is None or not lossy:
            # a 50-lap stop drops the seeds in hand: the only other loss
            assert held <= pos.total, ctx
            if pos.outcome is None:
                assert held == pos.total, ctx
        prev = pos
    event(f"rounds started: {min(rounds, 5)}{'+' if rounds > 5 else ''}")
    if prev.outcome is not None:
        event(f"ended {prev.outcome.kind.value}")


@SETTINGS
@given(round_games())
def test_replay_across_rounds_prints_the_round_line_then_the_next_start(case: Case) -> None:
    """The replay of a random game in rounds: each ROUND_* line is followed by the next
    round's start line (automatic fills), or ends the replay (user-choice fills)."""
    game, start = case.game, case.start
    moves: list[Any] = []
    expected: list[dict[str, Any]] = [game.state_json(start)]
    for pos, step, new_round in play_rounds(game, start, case.move_seed):
        if step is None and not new_round:
            continue
        if new_round:
            if game.round_rules.user_fill:
                break
            expected.append(game.state_json(pos))
            continue
        moves.append(Game.move_json(step))
        expected.append(game.state_json(pos))
    out, err = io.StringIO(), io.StringIO()
    assert run_request(case.request(moves), out, err) == 0, err.getvalue()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[-1] == {"end": True, "moves": len(moves)}, str(case)
    assert lines[:-1] == json.loads(json.dumps(expected)), str(case)
    for line, nxt in zip(lines, lines[1:-1], strict=False):
        if line["outcome"] is not None and line["outcome"]["kind"].startswith("ROUND"):
            assert line["legal"] == [] and nxt["outcome"] is None and nxt["legal"], str(case)
