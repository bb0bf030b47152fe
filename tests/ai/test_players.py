"""Computer players on random variants, reproducibility, the arena and the one-turn solver.

- Any algorithm at any difficulty, on random valid part-1 variants (with random
  `player` sections) and random positions, answers a legal move.
- A fixed seed gives the same move, value and node count, for every algorithm;
  a whole arena match with a fixed seed plays the same games.
- The one-turn solver's best total matches a plain enumeration of every chain on
  tiny boards; its chain replays to that total with the turn never passing.
- `mancala arena` and `mancala solve --one-turn` run end to end.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mancala.ai.arena import SpecError, adjudge, parse_spec, play_game, run_match, summarize, wilson
from mancala.ai.oneturn import brute_force, has_repeat_turns, one_turn, play_on_game, replay_chain
from mancala.ai.player import choose_move
from mancala.ai.solver import NotSolvable, solve, why_not_c
from mancala.engine import Game, Position
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, load_variant, parse_variant

ROOT = Path(__file__).resolve().parents[2]
ALGORITHMS = ["minimaxer", "negamaxer", "montecarlo_ts"]


# ---- random variants (the idea of tests/test_properties.py, kept small) ------------------


@st.composite
def variants(draw: st.DrawFn) -> dict[str, Any]:
    holes = draw(st.integers(2, 6))
    gi: dict[str, Any] = {
        "stores": draw(st.booleans()),
        "sow_own_store": draw(st.booleans()),
        "sow_direct": draw(st.sampled_from(["CCW", "CCW", "CW", "SPLIT", "PLAYALTDIR"])),
        "skip_start": draw(st.booleans()),
        "sow_start": draw(st.booleans()),
        "mlaps": draw(st.sampled_from(["OFF", "OFF", "LAPPER", "LAPPER_NEXT"])),
        "crosscapt": draw(st.booleans()),
        "evens": draw(st.integers(0, 3)) == 0,
        "capt_rturn": draw(st.sampled_from(["NO_REPEAT", "ALWAYS", "ONCE"])),
        "capt_side": draw(st.sampled_from(["BOTH", "OPP_SIDE", "OWN_SIDE"])),
        "mustshare": draw(st.booleans()),
        "mustpass": draw(st.booleans()),
        "min_move": draw(st.sampled_from([1, 1, 2])),
        "grandslam": draw(st.sampled_from(["LEGAL", "NOT_LEGAL", "NO_CAPT", "OPP_GETS_REMAIN"])),
        "goal": draw(st.sampled_from(["MAX_SEEDS", "MAX_SEEDS", "MAX_SEEDS", "DEPRIVE", "CLEAR"])),
        "allow_rule": draw(st.sampled_from(["NONE", "NONE", "OPP_OR_EMPTY", "SINGLE_ONLY_ALL",
                                            "MOVE_ALL_HOLES_FIRST"])),
        "start_pattern": draw(st.sampled_from(["ALL_EQUAL", "ALL_EQUAL", "ALTERNATES", "RANDOM"])),
    }
    if gi["sow_direct"] == "SPLIT" and holes % 2:
        gi["udir_holes"] = [holes // 2]
    elif draw(st.integers(0, 4)) == 0:
        gi["udir_holes"] = [draw(st.integers(0, holes - 1))]
    if gi["crosscapt"]:
        gi["xcpickown"] = draw(st.sampled_from(["LEAVE", "PICK_ON_CAPT", "ALWAYS_PICK"]))
        gi["xc_sown"] = draw(st.booleans())
    elif draw(st.booleans()):
        gi["capt_on"] = draw(st.lists(st.integers(1, 4), min_size=1, max_size=2, unique=True))
        gi["multicapt"] = draw(st.sampled_from([0, -1, 2]))
    if gi["goal"] != "MAX_SEEDS":
        for key in ("mustshare", "mustpass"):
            gi[key] = False
        gi["grandslam"] = "LEGAL"
    if gi["goal"] == "CLEAR":
        gi["min_move"] = 1
    if gi["goal"] == "DEPRIVE" and gi["min_move"] > 1:
        gi.update(sow_own_store=False, xc_sown=False, capt_rturn="NO_REPEAT")
    multilap = gi["mlaps"] != "OFF" or "udir_holes" in gi
    scorer = {
        "stores_m": draw(st.integers(0, 4)),
        "seeds_m": draw(st.integers(-2, 2)),
        "empties_m": draw(st.integers(-2, 2)),
        "evens_m": draw(st.integers(0, 2)),
        "access_m": 0 if multilap else draw(st.integers(0, 2)),
        "easy_rand": draw(st.integers(0, 5)),
    }
    player = {
        "algorithm": draw(st.sampled_from(ALGORITHMS)),
        "difficulty": draw(st.integers(0, 3)),
        "ai_params": {
            "mm_depth": draw(st.sampled_from([[], [1, 2, 3, 4]])),
            "mcts_nodes": [20, 40, 60, 80],
            "mcts_pouts": [1, 1, 2, 2],
        },
        "scorer": scorer,
    }
    return {"game_class": "Mancala", "game_constants": {"holes": holes, "nbr_start": draw(st.integers(1, 4))},
            "game_info": gi, "player": player}


def _game(raw: dict[str, Any]) -> Game:
    try:
        return Game(parse_variant(raw))
    except VariantError:
        assume(False)
        raise


def _random_position(game: Game, rng: random.Random, plies: int, seed: int) -> Position:
    pos = game.start(rng.randrange(2), seed=seed)
    for _ in range(plies):
        legal = game.legal_moves(pos)
        if pos.outcome is not None or not legal:
            break
        game.apply(pos, legal[rng.randrange(len(legal))])
    return pos


@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variants(), st.integers(0, 2**16), st.sampled_from([None, *ALGORITHMS]), st.integers(0, 3))
def test_the_computer_never_plays_an_illegal_move(raw: dict[str, Any], seed: int, algorithm: str | None,
                                                  difficulty: int) -> None:
    game = _game(raw)
    rng = random.Random(seed)
    for _ in range(3):
        pos = _random_position(game, rng, rng.randrange(0, 40), seed)
        if pos.outcome is not None or not game.legal_moves(pos):
            continue
        legal = [game.move_json(m) for m in game.legal_moves(pos)]
        answer = choose_move(game, pos, difficulty=difficulty, algorithm=algorithm, seed=seed, cap_ms=150)
        assert answer.move in legal, (json.dumps(raw), pos)
        assert answer.player == pos.turn
        game.play(pos, answer.move)  # the engine accepts it too


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variants(), st.integers(0, 2**16))
def test_the_perfect_player_never_plays_an_illegal_move(raw: dict[str, Any], seed: int) -> None:
    """The solver where it finishes in its share of the budget, else the fallback search:
    either way a legal move, and the answer says which."""
    game = _game(raw)
    rng = random.Random(seed)
    for _ in range(2):
        pos = _random_position(game, rng, rng.randrange(0, 40), seed)
        if pos.outcome is not None or not game.legal_moves(pos):
            continue
        legal = [game.move_json(m) for m in game.legal_moves(pos)]
        answer = choose_move(game, pos, difficulty="perfect", seed=seed, budget_ms=40)
        assert answer.move in legal, (json.dumps(raw), pos)
        assert answer.player == pos.turn and answer.algorithm == "solver"
        assert answer.solved is True or (answer.fallback and answer.reason)
        game.play(pos, answer.move)


# ---- reproducibility ------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("name", ["kalah_4", "oware_abapa", "multilap_jackman", "bohnenspiel"])
def test_a_fixed_seed_gives_the_same_answer(algorithm: str, name: str) -> None:
    game = Game(load_variant(name))
    rng = random.Random(5)
    for level in range(4 if algorithm != "montecarlo_ts" else 2):  # MCTS 3: 10,000 expansions
        pos = _random_position(game, rng, rng.randrange(0, 20), 0)
        if pos.outcome is not None:
            continue
        answers = [choose_move(game, pos, difficulty=level, algorithm=algorithm, seed=99).to_json()
                   for _ in range(2)]
        for a in answers:
            a.pop("ms")
        assert answers[0] == answers[1]


def test_seeds_tell_equal_moves_apart() -> None:
    # Awari's opening: the first moves are worth the same to a shallow search; different
    # seeds choose different ones of them, each seed always the same one
    game = Game(load_variant("awari"))
    pos = game.start(0)
    moves = {choose_move(game, pos, difficulty=1, seed=s).move for s in range(12)}
    assert len(moves) > 1
    for s in range(3):
        assert choose_move(game, pos, difficulty=1, seed=s).move == choose_move(game, pos, difficulty=1, seed=s).move


def test_an_arena_match_is_reproducible() -> None:
    specs = (parse_spec("minimaxer:1"), parse_spec("montecarlo_ts:0"))
    first = run_match("kalah_4", specs, 4, seed=3, jobs=1)
    again = run_match("kalah_4", specs, 4, seed=3, jobs=1)
    assert [(r.score, r.moves, r.stores) for r in first] == [(r.score, r.moves, r.stores) for r in again]
    assert [r.a_seat for r in first] == [0, 1, 0, 1]


# ---- the arena ---------------------------------------------------------------------------


def test_player_specs() -> None:
    assert parse_spec("minimaxer:2") == parse_spec("minimaxer:2")
    spec = parse_spec("negamaxer:3")
    assert (spec.algorithm, spec.difficulty, spec.budget_ms) == ("negamaxer", 3, None)
    spec = parse_spec("minimaxer@500ms")
    assert (spec.algorithm, spec.difficulty, spec.budget_ms) == ("minimaxer", None, 500)
    spec = parse_spec("montecarlo_ts:1@20")
    assert (spec.algorithm, spec.difficulty, spec.budget_ms) == ("montecarlo_ts", 1, 20)
    spec = parse_spec("ai:0")
    assert (spec.algorithm, spec.difficulty) == (None, 0)
    assert parse_spec("random").random
    spec = parse_spec("ai:perfect")
    assert (spec.algorithm, spec.difficulty) == (None, "perfect")
    spec = parse_spec("solver@300ms")
    assert (spec.algorithm, spec.difficulty, spec.budget_ms) == ("solver", None, 300)
    for bad in ("deep_blue:2", "minimaxer:4", "minimaxer@fast", "minimaxer@0ms", "ai:perfection"):
        with pytest.raises(SpecError):
            parse_spec(bad)


def test_random_loses_to_the_searcher_and_the_summary_adds_up() -> None:
    game = Game(load_variant("kalah_4"))
    specs = (parse_spec("minimaxer:2"), parse_spec("random"))
    results = [play_game(game, specs, i, 7) for i in range(4)]
    s = summarize(results)
    assert s.wins + s.draws + s.losses == 4
    assert s.score >= 0.75
    assert s.low <= s.score <= s.high
    assert s.ms_per_move[1] < s.ms_per_move[0] + 50


def test_a_stopped_territory_game_goes_to_the_holes_owned_before_the_stores() -> None:
    """Territory games between computers can run for thousands of moves, round after
    round: stopped at the cap, the holes each player owns say who is winning the game;
    the stores of the round in progress only break a tie. Elsewhere the stores decide."""
    game = Game(load_variant("lam_waladach_1_8"))
    pos = game.start(0)
    pos.owner = [0] * 7 + [1] * 5  # South owns seven holes now
    pos.stores = [4, 20]
    assert adjudge(game, pos) == 0
    pos.owner = [0] * 6 + [1] * 6
    assert adjudge(game, pos) == 1  # even territory: the stores
    pos.stores = [8, 8]
    assert adjudge(game, pos) is None
    kalah = Game(load_variant("kalah_4"))
    pos = kalah.start(0)
    pos.stores = [4, 20]
    assert adjudge(kalah, pos) == 1


@pytest.mark.parametrize(("variant", "index"), [("huroy_1_8", 0), ("huroy", 0), ("centering", 1),
                                               ("leab_el_akil", 2), ("urim_mg", 3)])
def test_a_stopped_round_game_goes_to_its_goal_s_tally_before_the_stores(variant: str, index: int) -> None:
    """Where the goal tallies rounds (round wins, seeds, margins, points), a game stopped
    at the cap goes to the player ahead on that tally; the round in progress's stores
    only break a tie. The other tallies are not the goal's and count for nothing."""
    game = Game(load_variant(variant))
    pos = game.start(0)
    pos.stores = [4, 20]
    tallies = [[0, 0] for _ in range(4)]
    for other in range(4):  # every other tally in North's favour
        tallies[other] = [0, 9] if other != index else [3, 1]
    pos.tally = tuple(tuple(t) for t in tallies)
    assert adjudge(game, pos) == 0
    tallies[index] = [2, 2]
    pos.tally = tuple(tuple(t) for t in tallies)
    assert adjudge(game, pos) == 1  # the goal's tally even: the stores
    pos.tally = None  # no round ended yet
    pos.stores = [8, 8]
    assert adjudge(game, pos) is None


def test_wilson_interval() -> None:
    low, high = wilson(130, 200)
    assert 0.58 < low < 0.65 < high < 0.72
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_arena_cli_plays_two_games() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mancala_cli", "arena", "minimaxer:1", "random", "--variant", "kalah_4",
         "--games", "2", "--jobs", "2", "--seed", "4"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("kalah_4: 2 games")
    assert lines[1].split()[:4] == ["player", "wins", "draws", "losses"]
    assert lines[3].startswith("minimaxer:1") and lines[4].startswith("random")
    wins, draws, losses = map(int, lines[3].split()[1:4])
    assert wins + draws + losses == 2
    assert "arena [" in proc.stderr and "2/2" in proc.stderr

    # the perfect player on a resized board: with no random opening, it wins every game it
    # starts (Kalah 4 x 3 is a win for the starter) and loses none to difficulty 0
    proc = subprocess.run(
        [sys.executable, "-m", "mancala_cli", "arena", "ai:perfect", "ai:0", "--variant", "kalah_4", "--holes", "4",
         "--seeds", "3", "--games", "4", "--jobs", "1", "--opening", "0", "--json", "--quiet"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["holes"], out["seeds"], out["games"]) == (4, 3, 4)
    assert out["losses"] == 0 and out["a_start_score"] == 1.0

    proc = subprocess.run(
        [sys.executable, "-m", "mancala_cli", "arena", "minimaxer:1", "negamaxer:9", "--variant", "kalah_4"],
        capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert proc.returncode == 2 and "difficulty" in proc.stderr


# ---- the one-turn challenge ------------------------------------------------------------------


def _tiny(holes: int, seeds: int, **gi: Any) -> Game:
    info = {"stores": True, "sow_own_store": True, "crosscapt": True, "xcpickown": "PICK_ON_CAPT",
            "capt_side": "OPP_SIDE"} | gi
    return Game(parse_variant({"game_constants": {"holes": holes, "nbr_start": seeds}, "game_info": info}))


@pytest.mark.parametrize("holes,seeds,extra", [
    (3, 2, {}),
    (3, 3, {"mlaps": "LAPPER", "mustpass": True}),
    (4, 2, {"mlaps": "LAPPER", "mustpass": True}),
    (3, 2, {"capt_rturn": "ALWAYS"}),
    (4, 3, {}),
])
def test_one_turn_agrees_with_brute_force(holes: int, seeds: int, extra: dict[str, Any]) -> None:
    game = _tiny(holes, seeds, **extra)
    assert has_repeat_turns(game)
    rng = random.Random(holes * 10 + seeds)
    positions = [game.start(0), game.start(1)]
    for _ in range(12):
        board = [rng.randrange(0, 5) for _ in range(game.size)]
        if any(board[h] for h in game.board.order[0]):
            positions.append(game.start(0, board=board, stores=[rng.randrange(4), rng.randrange(4)]))
    for pos in positions:
        if pos.outcome is not None or not game.legal_moves(pos):
            continue
        res = one_turn(game, pos)
        assert res.complete
        assert res.best == brute_force(game, pos), pos
        end = replay_chain(game, pos, res.moves)
        assert end.stores[pos.turn] == res.best
        assert end.turn != pos.turn or end.outcome is not None


def test_one_turn_play_on_agrees_with_brute_force() -> None:
    game = play_on_game(_tiny(3, 3, mlaps="LAPPER", mustpass=True).variant)
    assert game.fast is None
    for starter in (0, 1):
        pos = game.start(starter)
        assert one_turn(game, pos).best == brute_force(game, pos)


def test_jackmans_challenge() -> None:
    # Jackman (1994): "30 is the best I've done". Under the reference's rules the game
    # ends the moment South holds more than half (the board left as it stands): the best
    # single turn then banks 39 in 15 sowings. Under Jackman's own rules (play on until
    # every seed is captured) it banks 45 of the 48 in 26 sowings, North keeping 3.
    game = Game(load_variant("multilap_jackman"))
    res = one_turn(game)
    assert res.best == 39 and res.complete and len(res.moves) == 15
    end = replay_chain(game, game.start(0), res.moves)
    assert end.stores == [39, 0] and end.outcome is not None and end.outcome.winner == 0
    assert sum(end.board) == 9  # nothing swept: the game ended as soon as it was decided
    jackman = play_on_game(load_variant("multilap_jackman"))
    res = one_turn(jackman)
    assert res.best == 45 and len(res.moves) == 26
    end = replay_chain(jackman, jackman.start(0), res.moves)
    assert end.stores == [45, 0] and end.turn == 1 and end.outcome is None


def test_one_turn_limits_and_progress() -> None:
    game = Game(load_variant("multilap_jackman_a"))
    seen: list[int] = []
    res = one_turn(game, node_limit=5000, every=1000, progress=lambda r, n: seen.append(r.nodes))
    assert not res.complete and res.nodes == 5000 and seen
    assert res.best >= 0


def test_solve_one_turn_cli() -> None:
    proc = subprocess.run([sys.executable, "-m", "mancala_cli", "solve", "--one-turn", "multilap_jackman", "--json",
                           "--quiet"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["best"] == 39 and out["complete"] and len(out["moves"]) == 15
    proc = subprocess.run([sys.executable, "-m", "mancala_cli", "solve", "--one-turn", "multilap_jackman", "--play-on",
                           "--json", "--quiet"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["best"] == 45 and out["play_on"] and len(out["moves"]) == 26
    proc = subprocess.run([sys.executable, "-m", "mancala_cli", "solve", "--one-turn", "kalah_4", "--holes", "3",
                           "--seeds", "2"], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "South starts; the most seeds in South's store before the opponent moves:" in proc.stdout


# ---- exact values ---------------------------------------------------------------------


@pytest.mark.parametrize("holes,seeds,extra", [(3, 2, {}), (3, 3, {}), (3, 2, {"mlaps": "LAPPER", "mustpass": True})])
def test_deep_search_values_are_the_perfect_play_margins(holes: int, seeds: int, extra: dict[str, Any]) -> None:
    """Searched to the end, both searchers give the final margin of perfect play."""
    from mancala.ai.scoring import WIN, make_evaluator
    from mancala.ai.search import Searcher

    game = _tiny(holes, seeds, **extra)
    memo: dict[tuple, int] = {}

    def south_margin(p: Position) -> int:
        key = game.search_key(p)
        if key not in memo:
            if p.outcome is not None:
                memo[key] = p.stores[0] - p.stores[1]
            else:
                values = [south_margin(game.play(p, m)) for m in game.legal_moves(p)]
                memo[key] = max(values) if p.turn == 0 else min(values)
        return memo[key]

    rng = random.Random(holes + seeds)
    checked = 0
    while checked < 20:
        pos = _random_position(game, rng, rng.randrange(0, 8), 0)
        if pos.outcome is not None:
            continue
        truth = south_margin(pos) * (1 if pos.turn == 0 else -1)
        for negamax in (False, True):
            evaluate = make_evaluator(game, difficulty=3, rng=random.Random(0))
            result = Searcher(game, evaluate, negamax=negamax, rng=random.Random(1)).search(pos, 60)
            value = result.value
            if abs(value) >= WIN:
                value = (abs(value) - WIN) * (1 if value > 0 else -1)
            assert result.exact and value == truth, (pos, negamax)
        checked += 1


def test_the_evaluation_reads_each_players_side_as_the_class_draws_it() -> None:
    """Ohojichi's sides are the east/west halves: seeds and empty holes count by half."""
    from mancala.ai.scoring import make_evaluator
    from mancala.rules.loading import config_paths, read_json

    raw = read_json(config_paths()["ohojichi"])
    raw["player"] = {"scorer": {"seeds_m": 1, "empties_m": 0, "stores_m": 0}}
    game = Game(parse_variant(raw))
    board = [0] * game.size
    for h in game.board.order[0]:  # South's half holds every seed: three in each row
        board[h] = 2
    pos = game.start(0, board=board, stores=[0, 0])
    evaluate = make_evaluator(game, difficulty=3, rng=random.Random(0))
    assert evaluate(pos, 0) == 12 and evaluate(pos, 1) == -12


def test_the_perfect_player_searches_where_lines_are_too_deep_to_solve() -> None:
    """Obridjie's relay sowing has lines of play deeper than Python's stack: the Python
    solver's recursion ended in RecursionError, and the server's perfect computer fell
    back to random moves (found by benchmarks/fuzz.py). Now the solver says it cannot,
    and the strongest search plays."""
    game = Game(load_variant(config_paths()["obridjie"]))
    pos = game.start(0)
    assert why_not_c(game.variant)  # the Python solver: the C one does not take relay sowing
    # (since the C core plays Obridjie's moves, the search tells its positions apart by the
    # board alone and finds them repeating before it finds a line too deep)
    with pytest.raises(NotSolvable, match="deeper|repeat"):
        solve(game, pos, time_limit=30)
    answer = choose_move(game, pos, difficulty="perfect", budget_ms=300, seed=1)
    # not solved (too deep, repeating, or not within the move's time): the search plays
    assert answer.solved is False and answer.reason and answer.fallback == game.variant.player.algorithm.value
    assert answer.move in [game.move_json(m) for m in game.legal_moves(pos)]
