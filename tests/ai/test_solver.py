"""The exact solver (mancala.ai.solver) against brute force on tiny boards.

- Kalah (both capture rules), random Kalah-family variants and Oware-like variants:
  the value and the set of best moves match a plain memoised minimax over `Game`
  (no pruning, no bounds, no move ordering), from start and random positions, for
  the C search and the Python search.
- Where positions can repeat (Oware), the reference is a threshold analysis of the
  whole position graph under the two extreme scorings of endless play; a value the
  solver gives must hold under both.
- The C solver's own copy of the rules against the Python engine on random positions.
- Values measured here (docs/performance.md, "Solver"), `solve_position`, time limits,
  progress reports and the `mancala solve` command.
"""

from __future__ import annotations

import io
import json
import pickle
import random
import sys
import threading
import time
from typing import Any

import pytest

from mancala.ai.solver import (
    NotSolvable,
    Progress,
    c_available,
    solve,
    solve_position,
    why_not_c,
)
from mancala.ai.solver.binding import DEFAULT_TT_BITS, c_solver, new_solver
from mancala.ai.solver.search import solve_python
from mancala.ai.solver.terms import search_key_of
from mancala.engine import Game, Position
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant, sized_variant
from mancala.rules.variant import Variant
from mancala_cli import main as cli_main
from mancala_cli.solve import progress_printer
from tests.ai.brute import Cycle, best_moves, move_values

# the C solver is built by ./dev's install; without it the C tests fail (never skip)
ENGINES = ["python", "c"]


def test_the_c_solver_is_built() -> None:
    assert c_available(), "the C solver (mancala.ai._solver) is not built: install gcc and run ./dev test again"


def random_position(game: Game, rng: random.Random, plies: int, starter: int | None = None) -> Position:
    pos = game.start(rng.randrange(2) if starter is None else starter)
    for _ in range(plies):
        legal = game.legal_moves(pos)
        if not legal:
            break
        game.apply(pos, legal[rng.randrange(len(legal))])
    return pos


def playable(game: Game, pos: Position) -> bool:
    return pos.outcome is None and bool(game.legal_moves(pos))


def random_board(game: Game, rng: random.Random, seeds: int) -> Position:
    """Seeds thrown at random into the holes and stores; a random player to move."""
    cells = [0] * (game.size + 2)
    for _ in range(seeds):
        cells[rng.randrange(len(cells))] += 1
    pos = game.start(rng.randrange(2), board=cells[:game.size], stores=cells[game.size:])
    pos.turn = rng.randrange(2)
    return pos


# brute force is most of these tests' time, and each position is checked on both engines
# (the `engine` parameter): its answer is worked out once, for the same variant and the
# whole position (pickled: every field, not only what repr shows)
_brute: dict[tuple[Variant, bytes], tuple[int, tuple]] = {}


def brute_best_moves(game: Game, pos: Position) -> tuple[int, tuple]:
    key = (game.variant, pickle.dumps(pos))  # a variant is a frozen, hashable value
    if key not in _brute:
        _brute[key] = best_moves(game, pos)
    return _brute[key]


def check_against_minimax(game: Game, pos: Position, engine: str) -> None:
    value, moves = brute_best_moves(game, pos)
    sol = solve(game, pos, engine=engine)
    assert sol is not None
    assert (sol.value, sol.best_moves) == (value, moves), (pos, engine)
    assert sol.engine == ("C" if engine == "c" else "Python")


# ---- Kalah: brute force on tiny boards ---------------------------------------------------

@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("rule", ["kalah_4", "kalah_empty_capture"])
@pytest.mark.parametrize("holes,seeds", [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)])
def test_kalah_agrees_with_brute_force(rule: str, holes: int, seeds: int, engine: str) -> None:
    game = Game(sized_variant(rule, holes, seeds))
    rng = random.Random(holes * 10 + seeds)
    positions = [game.start(0), game.start(1)]
    while len(positions) < 10:
        pos = random_position(game, rng, rng.randrange(1, 12))
        if pos.outcome is None:
            positions.append(pos)
    for pos in positions:
        check_against_minimax(game, pos, engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_kalah_random_boards_agree_with_brute_force(engine: str) -> None:
    rng = random.Random(5)
    for rule in ("kalah_4", "kalah_empty_capture"):
        game = Game(sized_variant(rule, 3, 3))
        checked = 0
        while checked < 15:
            pos = random_board(game, rng, rng.randrange(4, 15))
            if not game.legal_moves(pos):
                continue
            check_against_minimax(game, pos, engine)
            checked += 1


# ---- random Kalah-family variants (what the C solver takes) -------------------------------

def random_kalah_family(rng: random.Random) -> dict[str, Any]:
    """A variant the C solver takes: sowing through the own store, one lap, counter-clockwise
    (clockwise, the stores stay at the rows' right ends and positions can repeat)."""
    gi: dict[str, Any] = {
        "stores": True,
        "sow_own_store": True,
        "skip_start": rng.random() < 0.3,
        "store_ends_turn": rng.random() < 0.2,
        "capt_side": rng.choice(["BOTH", "OPP_SIDE", "OWN_SIDE", "OPP_CONT", "OWN_CONT"]),
        "capt_rturn": rng.choice(["NO_REPEAT", "NO_REPEAT", "ALWAYS", "ONCE"]),
        "nosinglecapt": rng.random() < 0.2,
        "grandslam": rng.choice(["LEGAL", "LEGAL", "NOT_LEGAL", "NO_CAPT", "OPP_GETS_REMAIN",
                                 "LEAVE_LEFT", "LEAVE_RIGHT"]),
        # PICKLASTSEEDS and PICK2XLASTSEEDS are refused by the C core (the Python engine plays them)
        "pickextra": rng.choice(["NONE", "NONE", "PICKCROSS", "PICKTWOS", "PICKFINAL"]),
        "min_move": rng.choice([1, 1, 1, 2]),
        "mustshare": rng.random() < 0.3,
        "mustpass": rng.random() < 0.3,
        "unclaimed": rng.choice(["HOLE_OWNER", "HOLE_OWNER", "DONT_SCORE", "LAST_MOVER",
                                 "UNFED_PLAYER", "DIVVIED"]),
    }
    if gi["unclaimed"] == "UNFED_PLAYER":
        gi["mustshare"] = True
    capture = rng.choice(["none", "cross", "cross", "basic"])
    if capture == "cross":
        gi["crosscapt"] = True
        gi["xcpickown"] = rng.choice(["LEAVE", "PICK_ON_CAPT", "ALWAYS_PICK"])
        gi["xc_sown"] = rng.random() < 0.3
        if rng.random() < 0.3:
            gi["capt_min"] = rng.choice([1, 2])
    elif capture == "basic":
        gi["capt_on"] = rng.sample([1, 2, 3, 4], rng.randrange(1, 3))
        gi["multicapt"] = rng.choice([0, 2, -1])
        gi["capsamedir"] = rng.random() < 0.5
    return {"game_class": "Mancala",
            "game_constants": {"holes": rng.randrange(1, 4), "nbr_start": rng.randrange(1, 4)},
            "game_info": gi}


def kalah_family_games(count: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    games = []
    while len(games) < count:
        try:
            variant = parse_variant(random_kalah_family(rng))
        except VariantError:
            continue
        assert not why_not_c(variant), why_not_c(variant)
        games.append(Game(variant))
    return games


@pytest.mark.parametrize("engine", ENGINES)
def test_kalah_family_agrees_with_brute_force(engine: str) -> None:
    rng = random.Random(11)
    for game in kalah_family_games(40, seed=3):
        for _ in range(3):
            pos = random_position(game, rng, rng.randrange(0, 6))
            if playable(game, pos):
                check_against_minimax(game, pos, engine)


# ---- Oware-like variants ------------------------------------------------------------------

def threshold_values(game: Game, root: Position,
                     max_positions: int) -> dict[tuple, tuple[int, int]] | None:
    """Per position of the graph reachable from `root`: its value from South's view
    when endless play scores (a) the seeds left all to North, (b) all to South.

    Stores only grow, so South's best and worst possible final margins (`hi`, `lo`:
    the store difference plus or minus the seeds on the board) only fall and rise.
    South reaches "at least t" with endless play scored (b) -- a safety game --
    by never letting `hi` drop under t, and with (a) -- a reachability game -- by
    making `lo` reach t, a finished game counting by its margin either way. None when
    more than `max_positions` positions are reachable."""
    nodes: dict[tuple, Position] = {}
    edges: dict[tuple, list[tuple[str, Any]]] = {}
    todo = [root]
    nodes[search_key_of(game)(root)] = root
    while todo:
        pos = todo.pop()
        out = []
        for move in game.legal_moves(pos):
            child = pos.copy()
            game.apply(child, move)
            if child.outcome is not None:
                out.append(("end", child.stores[0] - child.stores[1]))
            else:
                key = search_key_of(game)(child)
                out.append(("pos", key))
                if key not in nodes:
                    nodes[key] = child
                    todo.append(child)
                    if len(nodes) > max_positions:
                        return None
        edges[search_key_of(game)(pos)] = out
    seeds = sum(root.board) + sum(root.stores)

    def margin(pos: Position, sign: int) -> int:
        return pos.stores[0] - pos.stores[1] + sign * sum(pos.board)

    def wins(t: int, scoring: str) -> set[tuple]:
        def good(edge: tuple[str, Any], won: set[tuple]) -> bool:
            return edge[1] >= t if edge[0] == "end" else edge[1] in won

        def holds(key: tuple, won: set[tuple]) -> bool:
            kids = [good(e, won) for e in edges[key]]
            return any(kids) if nodes[key].turn == 0 else all(kids)

        if scoring == "safety":  # greatest fixed point
            won = {k for k, p in nodes.items() if margin(p, +1) >= t}
            while True:
                keep = {k for k in won if holds(k, won)}
                if keep == won:
                    return won
                won = keep
        won = {k for k, p in nodes.items() if margin(p, -1) >= t}  # least fixed point
        while True:
            more = won | {k for k in nodes if k not in won and holds(k, won)}
            if more == won:
                return won
            won = more

    values: dict[tuple, list[int]] = {k: [-seeds - 1, -seeds - 1] for k in nodes}
    for t in range(-seeds, seeds + 1):
        for i, scoring in enumerate(("reach", "safety")):
            for key in wins(t, scoring):
                values[key][i] = max(values[key][i], t)
    return {k: (lo, hi) for k, (lo, hi) in values.items()}


OWARE_LIKE = {"stores": True, "capt_on": [2, 3], "capt_side": "OPP_SIDE", "multicapt": -1,
              "skip_start": True, "mustshare": True, "grandslam": "NO_CAPT"}


def oware(holes: int, seeds: int, **extra: Any) -> Game:
    return Game(parse_variant({"game_class": "Mancala",
                               "game_constants": {"holes": holes, "nbr_start": seeds},
                               "game_info": {**OWARE_LIKE, **extra}}))


@pytest.mark.parametrize("engine", ENGINES)
def test_oware_captures_sown_through_stores_agree_with_brute_force(engine: str) -> None:
    """Oware's captures with Kalah's sowing: no position repeats, both searches apply."""
    rng = random.Random(2)
    for holes, seeds in [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]:
        game = oware(holes, seeds, sow_own_store=True)
        assert not why_not_c(game.variant)
        for _ in range(4):
            pos = random_position(game, rng, rng.randrange(0, 6))
            if playable(game, pos):
                check_against_minimax(game, pos, engine)


def test_oware_values_hold_however_endless_play_scores() -> None:
    """Oware proper (micro-wari rules, tiny boards): positions repeat, and the engine
    scores no endless game. The solver gives a value exactly where the reference finds
    the same value under both extreme scorings, and then the same best moves; where
    nothing repeats that is the plain minimax value."""
    rng = random.Random(9)
    solved = refused = plain = 0
    for holes, seeds in [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]:
        game = oware(holes, seeds)
        assert why_not_c(game.variant)
        for i in range(30):
            pos = random_position(game, rng, rng.randrange(0, 24), starter=i % 2)
            if not playable(game, pos):
                continue
            graph = threshold_values(game, pos, max_positions=600)
            if graph is None:
                continue
            sign = 1 if pos.turn == 0 else -1
            lo, hi = sorted((sign * graph[search_key_of(game)(pos)][0], sign * graph[search_key_of(game)(pos)][1]))
            if lo != hi:
                with pytest.raises(NotSolvable, match="depends on how endless play is scored"):
                    solve(game, pos)
                refused += 1
                continue
            sol = solve(game, pos)
            assert sol is not None and sol.engine == "Python"
            assert sol.value == lo, (holes, seeds, pos)
            solved += 1
            for move in game.legal_moves(pos):  # best: the child keeps the value however scored
                child = pos.copy()
                game.apply(child, move)
                if child.outcome is not None:
                    worst = sign * (child.stores[0] - child.stores[1])
                else:
                    worst = min(sign * v for v in graph[search_key_of(game)(child)])
                assert (move in sol.best_moves) == (worst == sol.value), (pos, move)
            try:
                assert best_moves(game, pos) == (sol.value, sol.best_moves)
                plain += 1
            except Cycle:
                pass
    assert solved >= 10 and refused >= 10 and plain >= 3, (solved, refused, plain)


def test_the_python_search_without_seed_bounds_agrees() -> None:
    rng = random.Random(4)
    for game in kalah_family_games(10, seed=8) + [Game(sized_variant("kalah_4", 3, 3))]:
        pos = random_position(game, rng, rng.randrange(0, 4))
        if playable(game, pos):
            sol = solve_python(game, pos, None, None, 1.0, bounds=False)
            assert sol is not None
            assert (sol.value, sol.best_moves) == best_moves(game, pos)


# ---- the C solver's rules against the Python engine -------------------------------------

def compare_rules(game: Game, pos: Position) -> None:
    """Play the position to its end with random moves, comparing after every move."""
    sv = new_solver(game, 4)
    sv.set_game(pos.total, pos.starter)
    rng = random.Random(sum(pos.board) * 31 + len(pos.board))
    while playable(game, pos):
        legal = game.legal_moves(pos)
        # the solver's flag: a capture's repeat turn counted (capt_rturn ONCE reads it)
        assert sv.legal(pos.board, pos.stores, pos.turn, pos.rturn_cnt > 0) == legal, pos
        move = legal[rng.randrange(len(legal))]
        board, stores, turn, repeating, over = sv.apply(pos.board, pos.stores, pos.turn,
                                                        pos.rturn_cnt > 0, move)
        game.apply(pos, move)
        assert (board, stores, over) == (pos.board, pos.stores, pos.outcome is not None), move
        if not over:
            assert (turn, repeating) == (pos.turn, pos.rturn_cnt > 0), move


def test_c_rules_match_the_python_engine() -> None:
    rng = random.Random(1)
    variants = [game.variant for game in kalah_family_games(60, seed=21)]
    variants += [sized_variant(rule, holes, seeds) for rule in ("kalah_4", "kalah_empty_capture")
                 for holes, seeds in [(2, 1), (3, 3), (4, 3), (6, 3), (6, 4)]]
    variants += [oware(h, s, sow_own_store=True).variant for h, s in [(3, 3), (6, 4)]]
    for variant in variants:
        game = Game(variant, c_core=False)  # the pure-Python engine: the specification
        assert game.fast is None
        for _ in range(6):
            compare_rules(game, game.start(rng.randrange(2)))
            compare_rules(game, random_board(game, rng, rng.randrange(1, 3 * game.size)))


# ---- measured values, solve_position, limits, the command ---------------------------------

# (rule, holes, seeds): the starter's final store margin with best play, and the best first
# moves. Measured by this solver, each checked by both searches (C and Python) up to 4 x 3,
# and the searches by brute force above. The game ends as soon as a store holds more than
# half the seeds, the board left as it stands (the reference's rule): the seeds left there
# count for nobody, so margins differ from the old rule's (which gave them to their row's
# owner, narrowing most margins): kalah_4 2x2 (-2, (0, 1)) -> (-2, (1,)) (hole 0 now
# lets North end the game sooner), 4x3 +6 -> +8; kalah_empty_capture 3x3 +4 -> +5, 4x3
# +4 -> +8. The 6x3 values did not change.
KNOWN = {
    ("kalah_4", 2, 2): (-2, (1,)),
    ("kalah_4", 3, 3): (2, (0, 1)),
    ("kalah_4", 4, 3): (8, (1,)),
    ("kalah_empty_capture", 2, 2): (0, (0,)),
    ("kalah_empty_capture", 3, 3): (5, (0,)),
    ("kalah_empty_capture", 4, 3): (8, (1,)),
}
KNOWN_C = {
    ("kalah_4", 6, 3): (2, (4,)),
    ("kalah_empty_capture", 6, 3): (0, (3, 4, 5)),
}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("case", sorted(KNOWN))
def test_known_values(case: tuple[str, int, int], engine: str) -> None:
    rule, holes, seeds = case
    game = Game(sized_variant(rule, holes, seeds))
    sol = solve(game, game.start(0), engine=engine)
    assert sol is not None and (sol.value, sol.best_moves) == KNOWN[case]


@pytest.mark.parametrize("case", sorted(KNOWN_C))
def test_known_values_6x3(case: tuple[str, int, int]) -> None:
    rule, holes, seeds = case
    game = Game(sized_variant(rule, holes, seeds))
    sol = solve(game, game.start(0), engine="c")
    assert sol is not None and (sol.value, sol.best_moves) == KNOWN_C[case]


@pytest.mark.parametrize("engine", ENGINES)
def test_starting_second_mirrors_starting_first(engine: str) -> None:
    game = Game(sized_variant("kalah_4", 3, 3))
    first = solve(game, game.start(0), engine=engine)
    second = solve(game, game.start(1), engine=engine)
    assert first is not None and second is not None
    assert second.value == first.value
    assert second.best_moves == tuple(m + 3 for m in first.best_moves)


@pytest.mark.parametrize("engine", ENGINES)
def test_midgame_positions_of_a_bigger_board(engine: str) -> None:
    """4 x 3 Kalah positions: the value is the best child's, the best moves reach it."""
    game = Game(sized_variant("kalah_empty_capture", 4, 3))
    rng = random.Random(3)
    for _ in range(4):
        pos = random_position(game, rng, rng.randrange(2, 10))
        if pos.outcome is not None:
            continue
        sol = solve(game, pos, engine=engine)
        assert sol is not None

        def solved(child: Position) -> int:
            kid = solve(game, child, engine=engine)
            assert kid is not None
            return kid.value

        values = move_values(game, pos, solved)
        assert sol.value == max(values.values())
        assert sol.best_moves == tuple(m for m in values if values[m] == sol.value)


def test_solve_position() -> None:
    game = Game(sized_variant("kalah_4", 4, 3))
    assert solve_position(game, game.start(0)) == (8, 1)
    pos = game.play(game.start(0), 1)
    answer = solve_position(game, pos)
    assert answer is not None and answer[1] in game.legal_moves(pos)
    over = random_position(game, random.Random(1), 500)
    assert over.outcome is not None and solve_position(game, over) is None
    assert solve_position(oware(2, 3), oware(2, 3).start(0)) is None  # endless play decides
    assert solve_position(oware(2, 2), oware(2, 2).start(0)) == (5, 0)  # +6 before the early end
    big = Game(sized_variant("kalah_4", 6, 6))
    assert solve_position(big, big.start(0), time_limit=0.05) is None


@pytest.mark.parametrize("engine", ENGINES)
def test_time_limit_and_progress(engine: str) -> None:
    game = Game(sized_variant("kalah_4", 6, 6))
    reports: list[Progress] = []
    assert solve(game, game.start(0), time_limit=0.3, engine=engine,
                 progress=reports.append, every=0.0) is None
    assert reports and reports[-1].nodes > 0 and reports[-1].probe >= 1
    assert reports[-1].lower <= reports[-1].test <= reports[-1].upper


def test_a_search_out_of_time_reports_where_it_stopped() -> None:
    """A deadline that passes before the first check (a loaded machine) still leaves the
    caller one report, the last, rather than none."""
    game = Game(sized_variant("kalah_4", 6, 6))
    reports: list[Progress] = []
    assert solve(game, game.start(0), time_limit=1e-6, engine="python",
                 progress=reports.append, every=60.0) is None
    assert len(reports) == 1 and reports[0].nodes > 0 and reports[0].probe >= 1


def test_the_look_ahead_is_reported_as_such() -> None:
    """Progress during the first guess's look-ahead says so (its `test` is a depth)."""
    game = Game(sized_variant("kalah_4", 6, 6))
    pos = game.start(0)
    sv = c_solver(game, 20)
    sv.set_game(pos.total, pos.starter)
    sv.guess_nodes = 10**12  # the look-ahead alone fills the time
    seen: list[tuple[int, int]] = []
    # (a second, not less: on a machine at load 25 a third of one passed before the first report)
    assert sv.solve(pos.board, pos.stores, pos.turn, pos.rturn_cnt > 0, deadline=1.0,
                    progress=lambda *a: seen.append((a[2], a[6])), every=0.0) is None
    assert seen and all(looking == 1 for _, looking in seen)
    out = io.StringIO()
    progress_printer(out)(Progress(1, 1.0, 3, seen[-1][0], -72, 72, "C", True))
    assert f"look-ahead to depth {seen[-1][0]}" in out.getvalue()


def test_a_c_solve_lets_other_threads_run() -> None:
    """The C search releases the GIL: this thread runs (and solves too) while another
    thread's search is under way -- seen by the solver's own `busy` flag, not by a clock."""
    game = Game(sized_variant("kalah_4", 6, 6))
    sv = c_solver(game, DEFAULT_TT_BITS)  # the game's solver, which the search below takes
    results: list[Any] = []
    worker = threading.Thread(target=lambda: results.append(
        solve(game, game.start(0), time_limit=0.6, engine="c")))
    worker.start()
    while not sv.busy and worker.is_alive():
        time.sleep(0.001)
    assert sv.busy, "this thread never ran while the other thread's C search was under way"
    during = solve(game, game.start(1), time_limit=0.2, engine="c")  # the game's solver is busy
    worker.join()
    assert results == [None] and during is None


def test_errors() -> None:
    with pytest.raises(VariantError):
        sized_variant("kalah_4", holes=0)
    with pytest.raises(NotSolvable):
        solve(oware(3, 3), oware(3, 3).start(0), engine="c")
    game = Game(sized_variant("kalah_4", 2, 1))
    over = random_position(game, random.Random(0), 100)
    with pytest.raises(NotSolvable):
        solve(game, over)
    assert sized_variant("kalah_4", seeds=2).nbr_start == 2
    assert sized_variant("kalah_4", holes=3).holes == 3
    assert not why_not_c(sized_variant("kalah_empty_capture"))


def test_the_solve_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["solve", "kalah_4", "--holes", "4", "--seeds", "3"]) == 0
    text = capsys.readouterr().out
    assert "value: +8" in text and "South (the starter) wins by 8 seeds" in text
    assert "best first move: b (1)" in text  # the clients' letter, and replay's index
    assert cli_main(["solve", "kalah_empty_capture", "--holes", "3", "--seeds", "3",
                     "--starter", "1", "--json", "--engine", "python"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["value"] == 5 and out["winner"] == 1 and out["best_moves"] == [3]
    assert out["engine"] == "Python" and out["holes"] == 3 and out["seeds"] == 3
    assert cli_main(["solve", "kalah_4", "--holes", "0"]) == 2
    assert "invalid variant" in capsys.readouterr().err
    assert cli_main(["solve", "kalah_4", "--holes", "6", "--seeds", "6", "--time-limit", "0.1",
                     "--quiet"]) == 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
