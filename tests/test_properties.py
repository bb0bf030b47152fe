"""Property tests of the rules engine (the pure-Python engine, `c_core=False`).

Random games of random legal moves over a pool of variants: every shipped variant file
in configs/ that validates, the reference's own 107 variant files (the "config" of
tests/conformance/data/*.json.gz), and random variants drawn from the common
parameters. At every position: seeds are conserved, only legal moves are accepted and
an illegal one changes nothing, `apply` on a copy is `play`, `key()` is stable (copies,
hashes, no change from asking for the legal moves), a position has no legal move
exactly when the game is over, the state JSON has the contract's shape, and games
either end or reach the cap. A failure names the variant, starter and seeds.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mancala.engine import Game, IllegalMove, Position
from mancala.engine.move_data import ENDLESS
from mancala.engine.position import LAST_END, OutcomeKind
from mancala.rules.enums import ChildType, Goal, RoundFill, RulesVersion, Unclaimed
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, parse_variant, read_json
from tests.conformance import recorded

DATA = recorded.DATA_18
CAP = 300  # moves per random game
SETTINGS = settings(
    max_examples=int(os.environ.get("MANCALA_PROPERTY_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# ---- the pool of variants ---------------------------------------------------------------


def _shipped() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for stem, path in config_paths().items():
        raw = read_json(path)
        try:
            parse_variant(raw)
        except VariantError:
            continue  # tests/rules/test_model.py reports invalid shipped files
        out.append((f"configs/{stem}", raw))
    return out


def _reference() -> list[tuple[str, dict[str, Any]]]:
    files = {entry["name"]: entry["file"] for entry in recorded.entries(DATA)}
    return sorted(((f"reference/{files[name].split('.')[0]}", config)
                   for name, config in recorded.configs(DATA).items()), key=lambda item: item[0])


POOL = _shipped() + _reference()


@cache
def game_of(index: int) -> Game:
    return Game(parse_variant(POOL[index][1]), c_core=False)


def test_the_pool_holds_the_reference_variants_and_most_shipped_ones() -> None:
    names = [name for name, _ in POOL]
    assert sum(n.startswith("reference/") for n in names) == 107
    assert sum(n.startswith("configs/") for n in names) >= 50


# ---- random variants of the common parameters --------------------------------------------


@st.composite
def random_variant(draw: st.DrawFn) -> dict[str, Any]:
    holes = draw(st.integers(2, 7))
    gi: dict[str, Any] = {
        "stores": draw(st.booleans()),
        "sow_direct": draw(st.sampled_from(["CCW", "CW", "SPLIT", "PLAYALTDIR"])),
        "skip_start": draw(st.booleans()),
        "mlaps": draw(st.sampled_from(["OFF", "OFF", "LAPPER", "LAPPER_NEXT"])),
        "crosscapt": draw(st.booleans()),
        "evens": draw(st.booleans()),
        "capt_on": draw(st.lists(st.integers(1, 5), max_size=2, unique=True)),
        "multicapt": draw(st.sampled_from([0, 0, -1, 2])),
        "capsamedir": draw(st.booleans()),
        "capt_rturn": draw(st.sampled_from(["NO_REPEAT", "ALWAYS", "ONCE"])),
        "grandslam": draw(st.sampled_from(["LEGAL", "NO_CAPT", "OPP_GETS_REMAIN",
                                           "LEAVE_LEFT", "LEAVE_RIGHT", "NOT_LEGAL"])),
        "mustshare": draw(st.booleans()),
        "mustpass": draw(st.booleans()),
        "min_move": draw(st.sampled_from([1, 1, 2])),
        "unclaimed": draw(st.sampled_from(["HOLE_OWNER", "LAST_MOVER", "DIVVIED",
                                           "DONT_SCORE"])),
        "allow_rule": draw(st.sampled_from(["NONE", "SINGLE_ONLY_ALL", "TWO_ONLY_ALL",
                                            "NOT_XFROM_1S", "MOVE_ALL_HOLES_FIRST"])),
    }
    if gi["stores"]:
        gi["sow_own_store"] = draw(st.booleans())
    if gi["sow_direct"] == "SPLIT" and holes % 2:
        gi["udir_holes"] = [holes // 2]
    if gi["mlaps"] != "OFF":
        gi["visit_opp"] = draw(st.booleans())
    if gi["sow_direct"] in ("PLAYALTDIR", "SPLIT") or gi["mlaps"] != "OFF":
        gi["grandslam"] = "LEGAL"
    raw = {"game_constants": {"holes": holes, "nbr_start": draw(st.integers(1, 5))},
           "game_info": gi}
    try:
        parse_variant(raw)
    except VariantError:
        assume(False)
    return raw


# ---- cases -------------------------------------------------------------------------------------


@dataclass
class Case:
    name: str
    game: Game
    start: Position
    move_seed: int

    def __str__(self) -> str:
        return f"{self.name} starter={self.start.starter} move_seed={self.move_seed}"


@st.composite
def cases(draw: st.DrawFn) -> Case:
    if draw(st.integers(0, 3)) == 0:
        raw = draw(random_variant())
        name, game = json.dumps(raw), Game(parse_variant(raw), c_core=False)
    else:
        index = draw(st.integers(0, len(POOL) - 1))
        name, game = POOL[index][0], game_of(index)
    starter = draw(st.integers(0, 1))
    start = game.start(starter, seed=draw(st.integers(0, 2**16)))
    return Case(name, game, start, draw(st.integers(0, 2**32 - 1)))


def random_game(game: Game, pos: Position, move_seed: int, cap: int = CAP, *, seeded_only: bool = False
                ) -> Iterator[tuple[Position, Any]]:
    """(position, move that led to it), the start first with move None; crosses round
    ends (no choice: the layout the rules made). `seeded_only`: stop at a round end whose
    next round draws numbers of its own (a random layout, a territory lottery), which the
    move seed does not decide."""
    rng = random.Random(move_seed)
    yield pos, None
    for _ in range(cap):
        if pos.outcome is not None and pos.outcome.kind.ends_round:
            if seeded_only and game.next_round_outside(pos):
                return
            pos = game.next_round(pos)
            yield pos, "next_round"
            continue
        legal = game.legal_moves(pos)
        if not legal:
            return
        move = rng.choice(legal)
        pos = game.play(pos, move)
        yield pos, move


def final(game: Game, pos: Position, move_seed: int, cap: int = 1500) -> Position:
    """The last position of a random game."""
    return list(random_game(game, pos, move_seed, cap))[-1][0]


def _seeds(pos: Position) -> int:
    return sum(pos.board) + sum(pos.stores)


def _may_create_seeds(game: Game, pos: Position) -> bool:
    """The one place the engine does not keep the seed count, as the reference 1.10 plays
    it (docs/rules-decisions.md, "Children without stores: seeds out of play"): in a 1.10
    game whose children hold the captured seeds (no stores), where only South has a child,
    North's seeds out of play are added to South's child while North's store keeps them."""
    info = game.variant.game_info
    return (game.variant.rules_version is RulesVersion.V1_10 and info.child_type != ChildType.NOCHILD
            and not info.stores and 0 in pos.child and 1 not in pos.child)


def _may_lose_seeds(game: Game) -> bool:
    """Where seeds left in play at the end are scored to nobody: DONT_SCORE, no_sides
    games (no hole has an owner to take them), and UNFED_PLAYER when the game ends other
    than by an unfed player (the reference's TakeOnlyChildNStores)."""
    info = game.variant.game_info
    return info.no_sides or info.unclaimed in (Unclaimed.DONT_SCORE, Unclaimed.UNFED_PLAYER)


# ---- properties ---------------------------------------------------------------------------


@SETTINGS
@given(cases())
def test_seeds_are_conserved(case: Case) -> None:
    """Board + stores == the seeds the game started with, at every position; only an
    endless sowing (its lifted seeds leave the game) or DONT_SCORE's uncollected seeds
    at the end may take seeds out, and only 1.10's children without stores add some
    (`_may_create_seeds`)."""
    check_seeds(case)


def test_seeds_made_where_the_reference_makes_them_krur_rounds() -> None:
    """Krur::Rounds, named: the one variant whose play creates seeds (1.10 as recorded),
    which a random draw reaches only now and then; the seed count rises there and only
    there, and never falls."""
    index = next(i for i, (name, _) in enumerate(POOL) if name == "configs/krur_rounds")
    game = game_of(index)
    made = 0
    for seed in range(6):
        start = game.start(seed % 2)
        check_seeds(Case("configs/krur_rounds", game, start, seed))
        made += any(_seeds(pos) > start.total for pos, _ in random_game(game, start.copy(), seed))
    assert made  # the exception was reached, not only allowed


def check_seeds(case: Case) -> None:
    total = case.start.total
    assert _seeds(case.start) == total
    even = case.game.variant.game_info.round_fill in (RoundFill.EVEN_FILL, RoundFill.UMOVE)
    later_round = False
    created = False  # seeds made as the reference makes them: more from then on, never fewer
    for pos, move in random_game(case.game, case.start.copy(), case.move_seed):
        assert all(seeds >= 0 for seeds in pos.board), (str(case), move)
        later_round = later_round or move == "next_round"
        if not (even and later_round):
            # the reference's even fill gives (loser's seeds - min_move) // (holes - 1) a
            # hole, which can exceed what the loser has: its store goes negative (Giuthi,
            # 31 seeds on 8 holes with min_move 2: 4 a hole, store -1); played as it does
            assert all(seeds >= 0 for seeds in pos.stores), (str(case), move)
        assert pos.total == total
        lost = pos.outcome is not None and (
            _may_lose_seeds(case.game) or (pos.last is not None and pos.last[LAST_END] == ENDLESS))
        created = created or (_may_create_seeds(case.game, pos) and _seeds(pos) > total)
        if lost:
            assert _seeds(pos) <= total or created, (str(case), move)
        elif created:
            assert _seeds(pos) > total, (str(case), move, pos)
        else:
            assert _seeds(pos) == total, (str(case), move, pos)


@SETTINGS
@given(cases())
def test_only_legal_moves_are_accepted_and_a_refused_one_changes_nothing(case: Case) -> None:
    game = case.game
    for pos, _ in random_game(game, case.start.copy(), case.move_seed, cap=40):
        legal = game.legal_moves(pos)
        key = pos.key()
        candidates = [*range(-1, game.size + 1)] + [(h, d) for h in range(game.size)
                                                     for d in ("CW", "CCW")]
        for move in candidates:
            if move in legal or (pos.outcome is not None and pos.outcome.kind.ends_round):
                continue
            with pytest.raises(IllegalMove):
                game.play(pos, move)
            assert pos.key() == key, (str(case), move)
        for move in legal:
            game.play(pos, move)  # every listed move is accepted
            assert pos.key() == key, (str(case), move)


@SETTINGS
@given(cases())
def test_apply_on_a_copy_is_play(case: Case) -> None:
    game = case.game
    for pos, _ in random_game(game, case.start.copy(), case.move_seed, cap=60):
        for move in game.legal_moves(pos)[:3]:
            played = game.play(pos, move)
            applied = pos.copy()
            game.apply(applied, move)
            assert applied.key() == played.key(), (str(case), move)
            assert applied == played and hash(applied) == hash(played)


@SETTINGS
@given(cases())
def test_key_is_stable(case: Case) -> None:
    """A copy has the same key and hash; asking for the legal moves, state JSON or
    playing from a position leaves its key as it was; the key is hashable."""
    game = case.game
    for pos, _ in random_game(game, case.start.copy(), case.move_seed, cap=60):
        key = pos.key()
        hash(key)
        twin = pos.copy()
        assert twin.key() == key and hash(twin) == hash(pos)
        game.legal_moves(pos)
        game.state_json(pos)
        assert pos.key() == key
        legal = game.legal_moves(pos)
        if legal:
            after = game.play(pos, legal[0])
            assert pos.key() == key
            # a move always changes something the future depends on (the board, the
            # stores, the turn or the move count)
            assert after.key() != key, (str(case), legal[0])


@SETTINGS
@given(cases())
def test_no_legal_move_exactly_when_the_game_is_over(case: Case) -> None:
    """After every move (a start position is not judged: a variant such as min_move 2 with
    one seed a hole has no first move and no outcome either)."""
    game = case.game
    for pos, move in random_game(game, case.start.copy(), case.move_seed):
        if move is None:
            continue
        over = pos.outcome is not None
        assert bool(game.legal_moves(pos)) != over, (str(case), pos, pos.outcome)
        if over:
            assert pos.outcome.kind in set(OutcomeKind)
            if pos.outcome.kind in (OutcomeKind.WIN, OutcomeKind.ROUND_WIN):
                assert pos.outcome.winner in (0, 1)
                assert pos.turn == pos.outcome.winner  # the line names the winner
            else:
                assert pos.outcome.winner is None


@SETTINGS
@given(cases())
def test_the_same_seeds_play_the_same_game(case: Case) -> None:
    first = [(p.key(), m) for p, m in random_game(case.game, case.start.copy(), case.move_seed, seeded_only=True)]
    again = [(p.key(), m) for p, m in random_game(case.game, case.start.copy(), case.move_seed, seeded_only=True)]
    assert first == again


STATE_KEYS = {"board", "stores", "turn", "legal", "children", "blocked", "owners", "unlocked",
              "outcome"}


@SETTINGS
@given(cases())
def test_state_json_shapes(case: Case) -> None:
    check_state_shapes(case.game, case.start.copy(), case.move_seed)


def test_state_json_shapes_of_store_moves() -> None:
    """Azigo's store moves, named: a random variant reaches them only now and then."""
    index = next(i for i, (name, _) in enumerate(POOL) if name == "configs/azigo")
    game = game_of(index)
    for seed in range(3):
        check_state_shapes(game, game.start(seed % 2), seed)


def check_state_shapes(game: Game, start: Position, move_seed: int) -> None:
    for pos, _ in random_game(game, start, move_seed, cap=60):
        state = json.loads(json.dumps(game.state_json(pos)))
        assert set(state) == STATE_KEYS
        size = game.size
        for field in ("board", "children", "blocked", "owners", "unlocked"):
            assert len(state[field]) == size, field
        assert len(state["stores"]) == 2
        # null only where a game ends naming nobody (a tie of the RND_* tallies)
        assert state["turn"] in (0, 1) or (state["turn"] is None and state["outcome"]["kind"] == "TIE")
        assert all(isinstance(s, int) and not isinstance(s, bool) for s in state["board"])
        # a capture in a RAM child game may leave a hole that is nobody's child (1.10)
        ram = game.variant.game_info.child_type == ChildType.RAM
        assert all(c in (None, 0, 1) or (ram and c == "NO_CH_OWNER") for c in state["children"])
        assert all(isinstance(b, bool) for b in state["blocked"] + state["unlocked"])
        for move in state["legal"]:  # a hole, a hole and a direction, or a store move
            assert (isinstance(move, int) and 0 <= move < size) or (
                isinstance(move, list) and len(move) == 2 and move[1] in ("CW", "CCW")) or (
                isinstance(move, list) and move[0] == "STORE" and 1 <= move[1] <= state["stores"][state["turn"]])
        if state["outcome"] is not None:
            assert state["legal"] == []
            assert state["outcome"]["kind"] in {k.value for k in OutcomeKind}


# games with stores and a seed count goal: the recorded reference games all ended within
# 400 moves; random games of the same variants must end too, or the engine loops
ENDING_POOL = [i for i, (name, raw) in enumerate(POOL)
               if name.startswith("reference/")
               and raw["game_info"].get("rounds", "NO_ROUNDS") == "NO_ROUNDS"
               and raw["game_info"].get("goal", "MAX_SEEDS") == "MAX_SEEDS"
               and raw["game_info"].get("stores", False)]


@settings(SETTINGS, max_examples=60)
@given(st.sampled_from(ENDING_POOL), st.integers(0, 1), st.integers(0, 2**32 - 1))
def test_games_end_or_hit_the_cap_with_a_consistent_result(index: int, starter: int,
                                                           move_seed: int) -> None:
    """Random games of the reference's MAX_SEEDS variants with stores: every game that
    ends names a winner holding more seeds than the loser (or a tie of equal counts),
    counting stores and children."""
    game = game_of(index)
    pos = final(game, game.start(starter), move_seed)
    if pos.outcome is None:
        return  # hit the cap: allowed (some variants can cycle under random play)
    counts = pos.stores[:]
    for loc, owner in enumerate(pos.child):
        if owner is not None:
            counts[owner] += pos.board[loc]
    if pos.outcome.kind == OutcomeKind.TIE:
        assert counts[0] == counts[1], (POOL[index][0], counts)
    else:
        winner = pos.outcome.winner
        assert counts[winner] >= counts[1 - winner], (POOL[index][0], counts, pos)


def test_most_reference_games_end_within_the_cap() -> None:
    """The ending property is not vacuous: most random games of those variants end."""
    ended = 0
    rng = random.Random(7)
    sample = rng.sample(ENDING_POOL, 12)
    for index in sample:
        game = game_of(index)
        ended += final(game, game.start(0), rng.randrange(2**32)).outcome is not None
    assert ended >= 10


def test_goal_kinds_of_the_pool() -> None:
    goals = {parse_variant(raw).game_info.goal for _, raw in POOL}
    assert {Goal.MAX_SEEDS, Goal.DEPRIVE, Goal.CLEAR, Goal.TERRITORY} <= goals
