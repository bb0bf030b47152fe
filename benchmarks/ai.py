"""Computer-player benchmark: search speed per difficulty, and the difficulty ladder.

1. Speed: for Kalah (kalah_4), Oware (oware_abapa) and Toguz Kumalak
   (toguz_kumalak, when its rules load), each algorithm (minimaxer, negamaxer,
   montecarlo_ts) at each difficulty chooses a move from the opening position
   and from a few positions a few random moves into the game; the table gives
   the mean and the slowest time to move, the nodes searched (MCTS: expansions)
   and nodes per second, all on one core.
2. Ladder: each difficulty against the one below (the variant's own algorithm),
   N games a match (default 200) in pairs that share a random opening and swap
   the starter, through the arena (mancala.ai.arena), in a process pool.

3. One turn: Jackman's challenge (mancala.ai.oneturn) on his game and variation A.
4. Solver: the exact value of Kalah's start position (mancala.ai.solver) for 4 to 6
   holes and 3 or 4 seeds, under the standard capture rule (kalah_4: a last seed in
   an empty own hole captures only when the facing hole has seeds) and the
   empty-capture rule (kalah_empty_capture), one core, each solve given at most
   --solver-limit seconds; the pure-Python solver on 4 x 3 for comparison.

    python -m benchmarks.ai                         # all parts, tables on stdout
    python -m benchmarks.ai --games 40 --skip-speed
    python -m benchmarks.ai --only-solver --solver-limit 600
    python -m benchmarks.ai --write-doc             # also docs/performance.md
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

from mancala.ai.arena import ProgressBar, parse_spec, run_match, summarize
from mancala.ai.oneturn import one_turn, play_on_game
from mancala.ai.player import choose_move
from mancala.ai.solver import solve
from mancala.engine import Game, Position
from mancala.rules.errors import VariantError
from mancala.rules.loading import load_variant, sized_variant
from mancala_cli.solve import describe

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "performance.md"
SECTION = "## Computer players (issue 6)"
SPEED_VARIANTS = ["kalah_4", "oware_abapa", "toguz_kumalak"]
LADDER_VARIANTS = ["kalah_4", "oware_abapa"]
ONE_TURN_VARIANTS = ["multilap_jackman", "multilap_jackman_a"]
SOLVER_RULES = ["kalah_4", "kalah_empty_capture"]
SOLVER_SIZES = [(4, 3), (5, 3), (6, 3), (4, 4), (5, 4), (6, 4)]
PYTHON_SOLVER_SIZES = [(4, 3)]
SUBSECTIONS = ["### Time to move from the opening", "### Difficulty ladder", "### One-turn challenge",
               "### Exact solver"]
ALGORITHMS = ["minimaxer", "negamaxer", "montecarlo_ts"]


def sample_positions(game: Game, count: int, seed: int) -> list[Position]:
    """The opening, then positions 2 to 8 random moves into a game."""
    rng = random.Random(seed)
    out = [game.start(0)]
    while len(out) < count:
        pos = game.start(0)
        for _ in range(rng.randrange(2, 9)):
            legal = game.legal_moves(pos)
            if pos.outcome is not None or not legal:
                break
            game.apply(pos, legal[rng.randrange(len(legal))])
        if pos.outcome is None:
            out.append(pos)
    return out


def speed(names: list[str], positions: int, err: Any) -> tuple[list[dict[str, Any]], list[str]]:
    rows: list[dict[str, Any]] = []
    notes: list[str] = []
    for name in names:
        try:
            game = Game(load_variant(name))
        except (VariantError, OSError, NotImplementedError) as exc:
            notes.append(f"{name}: skipped, its rules do not load yet ({str(exc)[:80]})")
            continue
        params = game.variant.player.ai_params
        sample = sample_positions(game, positions, 1)
        for algorithm in ALGORITHMS:
            for level in range(4):
                times, nodes, depth = [], 0, 0
                for pos in sample:
                    t0 = time.perf_counter()
                    answer = choose_move(game, pos, difficulty=level, algorithm=algorithm, seed=1)
                    times.append(time.perf_counter() - t0)
                    nodes += answer.nodes
                    depth = max(depth, answer.depth)
                total = sum(times)
                row = {"variant": name, "algorithm": algorithm, "difficulty": level,
                       "setting": (f"depth {depth}" if algorithm != "montecarlo_ts" else
                                   f"{(params.mcts_nodes or (300, 1000, 3000, 10000))[level]} nodes"),
                       "mean_ms": 1000 * total / len(times), "max_ms": 1000 * max(times),
                       "nodes": nodes // len(times), "nodes_per_s": nodes / total if total else 0.0,
                       "fast_core": game.fast is not None}
                rows.append(row)
                print(f"speed: {name} {algorithm}:{level} {row['mean_ms']:.0f} ms", file=err, flush=True)
    return rows, notes


def speed_table(rows: list[dict[str, Any]]) -> str:
    head = ("| variant | algorithm | difficulty | setting | mean ms/move | slowest ms | nodes/move | nodes/s |\n"
            "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: |")
    body = [f"| {r['variant']}{'' if r['fast_core'] else ' (Python engine)'} | {r['algorithm']} | "
            f"{r['difficulty']} | {r['setting']} | {r['mean_ms']:,.1f} | {r['max_ms']:,.0f} | "
            f"{r['nodes']:,} | {r['nodes_per_s']:,.0f} |" for r in rows]
    return "\n".join([head, *body])


def ladder(names: list[str], games: int, jobs: int, seed: int, err: Any) -> list[dict[str, Any]]:
    rows = []
    for name in names:
        game = Game(load_variant(name))
        algorithm = game.variant.player.algorithm.value
        depths = game.variant.player.ai_params.mm_depth
        for level in (1, 2, 3):
            a, b = parse_spec(f"ai:{level}"), parse_spec(f"ai:{level - 1}")
            print(f"ladder: {name} difficulty {level} vs {level - 1}, {games} games", file=err, flush=True)
            t0 = time.perf_counter()
            results = run_match(name, (a, b), games, seed=seed, jobs=jobs, progress=ProgressBar(games, err))
            s = summarize(results)
            rows.append({"variant": name, "algorithm": algorithm, "a": level, "b": level - 1,
                         "depths": f"{depths[level]} v {depths[level - 1]}" if depths else "",
                         "seconds": time.perf_counter() - t0} | s.to_json())
    return rows


def ladder_table(rows: list[dict[str, Any]]) -> str:
    head = ("| variant | match (depths) | games | wins | draws | losses | win rate | score | 95% CI of score | "
            "moves/game | ms/move (stronger, weaker) |\n"
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |")
    body = [f"| {r['variant']} | {r['algorithm']} {r['a']} v {r['b']} ({r['depths']}) | {r['games']} | "
            f"{r['wins']} | {r['draws']} | {r['losses']} | {r['wins'] / r['games']:.1%} | {r['score']:.1%} | "
            f"{r['low']:.1%} to {r['high']:.1%} | {r['avg_moves']:.1f} | "
            f"{r['ms_per_move'][0]:,.1f}, {r['ms_per_move'][1]:,.1f} |" for r in rows]
    return "\n".join([head, *body])


def one_turn_rows(names: list[str], err: Any) -> list[dict[str, Any]]:
    rows = []
    for name in names:
        for play_on in (False, True):
            variant = load_variant(name)
            game = play_on_game(variant) if play_on else Game(variant)
            res = one_turn(game)
            print(f"one-turn: {name}{' (play on)' if play_on else ''}: {res.best}", file=err, flush=True)
            rows.append({"variant": name, "play_on": play_on, "total": game.start(0).total} | res.to_json())
    return rows


def one_turn_table(rows: list[dict[str, Any]]) -> str:
    head = ("| variant | rules | best store | moves | chain | moves searched | positions | seconds |\n"
            "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: |")
    body = [f"| {r['variant']} | {'play on past a majority' if r['play_on'] else 'engine (majority ends)'} | "
            f"{r['best']} of {r['total']} | {len(r['moves'])} | {' '.join(map(str, r['moves']))} | "
            f"{r['nodes']:,} | {r['positions']:,} | {r['seconds']:.2f} |" for r in rows]
    return "\n".join([head, *body])


def solver_rows(limit: float, err: Any) -> list[dict[str, Any]]:
    """Each rule and size solved from the start (South moving first), C where it
    applies; the Python solver too on the PYTHON_SOLVER_SIZES."""
    rows = []
    for rule in SOLVER_RULES:
        for holes, seeds in SOLVER_SIZES:
            engines = ["auto"] + (["python"] if (holes, seeds) in PYTHON_SOLVER_SIZES else [])
            for engine in engines:
                game = Game(sized_variant(rule, holes, seeds))  # a fresh game: a cold table
                t0 = time.perf_counter()
                sol = solve(game, game.start(0), time_limit=limit, engine=engine)
                seconds = time.perf_counter() - t0
                row: dict[str, Any] = {"rule": rule, "holes": holes, "seeds": seeds, "limit": limit,
                                       "seconds": seconds, "solved": sol is not None}
                if sol is not None:
                    row |= {"engine": sol.engine, "value": sol.value, "best_moves": list(sol.best_moves),
                            "nodes": sol.nodes, "iterations": sol.probes}
                else:
                    row |= {"engine": "Python" if engine == "python" else "C"}
                print(f"solver: {rule} {holes}x{seeds} [{row['engine']}]: "
                      f"{row.get('value', 'unsolved')} in {seconds:.2f} s", file=err, flush=True)
                rows.append(row)
    return rows


def solver_table(rows: list[dict[str, Any]]) -> str:
    head = ("| rule | holes x seeds | solver | value (starter) | with best play | best first moves | nodes | "
            "MTD(f) iterations | seconds | nodes/s |\n"
            "| --- | --- | --- | ---: | --- | --- | ---: | ---: | ---: | ---: |")
    body = []
    for r in rows:
        board = f"{r['holes']} x {r['seeds']}"
        if not r["solved"]:
            body.append(f"| {r['rule']} | {board} | {r['engine']} | - | not solved within {r['limit']:.0f} s "
                        f"| - | - | - | > {r['limit']:.0f} | - |")
            continue
        rate = r["nodes"] / r["seconds"] if r["seconds"] > 0 else 0.0
        body.append(f"| {r['rule']} | {board} | {r['engine']} | {r['value']:+d} | {describe(r['value'], 0)} | "
                    f"{', '.join(map(str, r['best_moves']))} | {r['nodes']:,} | {r['iterations']} | "
                    f"{r['seconds']:.2f} | {rate:,.0f} |")
    return "\n".join([head, *body])


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def _split(block: str) -> tuple[str, dict[str, str]]:
    """A section's text before its first ### heading, and its ### subsections by heading."""
    parts = re.split(r"^(?=### )", block, flags=re.M)
    head, subs = parts[0], {}
    for part in parts[1:]:
        title = part.split("\n", 1)[0].strip()
        subs[title] = part.rstrip() + "\n\n"
    return head, subs


def write_doc(text: str) -> None:
    """Replace (or append) this benchmark's section of docs/performance.md; the rest of the
    file stays, and so do the section's subsections this run did not measure."""
    doc = DOC.read_text() if DOC.exists() else "# Performance\n"
    pattern = re.compile(rf"^{re.escape(SECTION)}\n.*?(?=^## |\Z)", re.S | re.M)
    head, subs = _split(text.rstrip() + "\n\n")
    found = pattern.search(doc)
    if found:
        subs = _split(found.group(0))[1] | subs
    ordered = [subs[t] for t in SUBSECTIONS if t in subs] + [v for t, v in subs.items() if t not in SUBSECTIONS]
    block = head.rstrip() + "\n\n" + "".join(ordered)
    if found:
        doc = doc[:found.start()] + block + doc[found.end():]
    else:
        doc = doc.rstrip() + "\n\n" + block
    DOC.write_text(doc.rstrip() + "\n")


def section(speed_rows: list[dict[str, Any]], notes: list[str], ladder_rows: list[dict[str, Any]],
            games: int, turn_rows: list[dict[str, Any]] | None = None,
            solved_rows: list[dict[str, Any]] | None = None) -> str:
    parts = [SECTION, "",
             "Measured by `python -m benchmarks.ai --write-doc` (see its docstring), on "
             f"{machine()}; one process per core for the ladder, one core for the speed table.", ""]
    if speed_rows or notes:
        parts += ["### Time to move from the opening", "",
                  "Each algorithm at each difficulty (the variant's own `player` settings) chooses a move "
                  "from the opening and from 5 positions 2 to 8 random moves in; mean and slowest time per "
                  "move, nodes searched per move (MCTS: tree expansions, each with its random playouts) "
                  "and nodes per second.", ""]
        if speed_rows:
            parts += [speed_table(speed_rows), ""]
        parts += [f"- {n}" for n in notes]
        if notes:
            parts.append("")
    if ladder_rows:
        parts += ["### Difficulty ladder", "",
                  f"Each difficulty against the one below, {games} games a match (`mancala arena ai:N ai:N-1 "
                  f"--variant V --games {games}`): pairs of games share a 2-move random opening and swap the "
                  "starter; the players' seeds vary equally good moves. Score counts a draw as half; the "
                  "interval is Wilson's. The goal: each difficulty wins at least 65% against the one below.",
                  "", ladder_table(ladder_rows), ""]
    if turn_rows:
        parts += ["### One-turn challenge", "",
                  "Jackman's 1994 challenge (`mancala solve --one-turn VARIANT`, mancala.ai.oneturn): the most "
                  "seeds South can hold in the store before North ever moves, over every chain of repeat "
                  "turns from the start (depth-first, positions met again skipped, branches cut when even "
                  "all the seeds outside North's store could not beat the best chain). Jackman wrote \"30 is "
                  "the best I've done\" for his game (multilap_jackman). Under the project's rules the game "
                  "ends once a player holds more than half the seeds and the board is collected; "
                  "`--play-on` keeps playing past a majority, as his rules do (the game ends only when "
                  "the seeds are all captured). Holes are numbered 0-5 for South.", "",
                  one_turn_table(turn_rows), ""]
    if solved_rows:
        limit = solved_rows[0]["limit"]
        parts += ["### Exact solver", "",
                  "`python -m benchmarks.ai --only-solver` (`mancala solve RULE --holes N --seeds K` for one "
                  "row): the value of the start position with best play (the final store difference, "
                  "South moving first), every best first move (holes 0.. from South's left), on one core, "
                  f"a fresh transposition table each (up to 192 MiB), at most {limit:.0f} s a solve. "
                  "kalah_4 captures only when the hole facing the last seed has seeds; "
                  "kalah_empty_capture also banks the lone last seed when it faces an empty hole. "
                  "Goals: 4 x 3 under 5 s, 6 x 3 under 60 s, either rule. The machine is shared with "
                  "other work, so times are noisy (a second run can differ by half).", "",
                  "The same solver plays the \"perfect\" computer level (rooms' `computer: \"perfect\"`, "
                  "`mancala ai` with `\"algorithm\": \"solver\"`, `mancala arena ai:perfect`): half of the "
                  "move's budget (2 s in rooms) goes to the solver, whose table of proven bounds is kept "
                  "between moves; where it proves the value, the move keeps it, else the variant's own "
                  "search at difficulty 3 uses the rest. So in rooms it plays exactly from the first move "
                  "where the table shows a solve well under a second (4 x 3, 5 x 3, 4 x 4), and on "
                  "bigger boards once what is left of the game is small enough.", "",
                  solver_table(solved_rows), "", published_note(solved_rows), ""]
    return "\n".join(parts)


# the one published value compared (Irving, Donkers and Uiterwijk 2000): six holes, four
# seeds, a first-player win by 10
PUBLISHED = {(6, 4): 10}


def published_note(rows: list[dict[str, Any]]) -> str:
    """The published result in words, and whether the measured rows agree with it."""
    found = [r for r in rows if (r["holes"], r["seeds"]) in PUBLISHED and r["engine"] == "C"]
    solved = [r for r in found if r["solved"]]
    if not solved:
        verdict = "The 6 x 4 rows did not finish within the limit this run, so they are not compared."
    else:
        parts = [f"{r['rule']} {r['value']:+d} (best first move {', '.join(map(str, r['best_moves']))})"
                 for r in solved]
        agree = all(r["value"] == PUBLISHED[(r["holes"], r["seeds"])] for r in solved)
        verdict = (f"This run's 6 x 4 values: {'; '.join(parts)} -- "
                   + ("the same margin." if agree else "a DIFFERENT margin: look into it."))
    return ("Published results: Irving, Donkers and Uiterwijk (\"Solving Kalah\", ICGA Journal, 2000) "
            "solved Kalah on boards of up to six holes with a few seeds each, with an MTD(f)-style "
            "search, a transposition table and endgame databases; their headline is that the usual game, "
            "six holes and four seeds, is won by the first player by 10 seeds with best play. "
            f"{verdict} Hole 2 (the third from South's left) drops its last seed in the store, "
            "so the starter moves again. The published figure is quoted from memory (the paper "
            "was not at hand), so only that headline is compared; the smaller boards are checked "
            "instead by a second, independent implementation (the pure-Python solver, same values "
            "on 4 x 3 here and on every board up to 4 x 3 in tests/ai/test_solver.py) and by brute "
            "force on the tiniest boards.")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=200, help="games per ladder match (default 200)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for the ladder")
    p.add_argument("--seed", type=int, default=1, help="match seed (default 1)")
    p.add_argument("--positions", type=int, default=6, help="positions per speed row (default 6)")
    p.add_argument("--skip-speed", action="store_true")
    p.add_argument("--skip-ladder", action="store_true")
    p.add_argument("--skip-one-turn", action="store_true")
    p.add_argument("--skip-solver", action="store_true")
    p.add_argument("--only-solver", action="store_true", help="only the solver table")
    p.add_argument("--solver-limit", type=float, default=150.0,
                   help="seconds a solve may take before it is reported unsolved (default 150)")
    p.add_argument("--variant", action="append", help="speed variants (default kalah_4, oware_abapa, toguz_kumalak)")
    p.add_argument("--json", action="store_true", help="the numbers as JSON on stdout instead of tables")
    p.add_argument("--write-doc", action="store_true", help=f"write the tables into {DOC.relative_to(ROOT)}")
    args = p.parse_args(argv)
    err = sys.stderr
    if args.only_solver:
        args.skip_speed = args.skip_ladder = args.skip_one_turn = True
        args.skip_solver = False
    speed_rows, notes = ([], []) if args.skip_speed else speed(args.variant or SPEED_VARIANTS, args.positions, err)
    ladder_rows = [] if args.skip_ladder else ladder(LADDER_VARIANTS, args.games, args.jobs, args.seed, err)
    turn_rows = [] if args.skip_one_turn else one_turn_rows(ONE_TURN_VARIANTS, err)
    solved_rows = [] if args.skip_solver else solver_rows(args.solver_limit, err)
    if args.json:
        print(json.dumps({"speed": speed_rows, "notes": notes, "ladder": ladder_rows, "one_turn": turn_rows,
                          "solver": solved_rows}))
    else:
        if speed_rows:
            print(speed_table(speed_rows))
            print()
        for n in notes:
            print(f"note: {n}")
        if ladder_rows:
            print(ladder_table(ladder_rows))
            print()
        if turn_rows:
            print(one_turn_table(turn_rows))
            print()
        if solved_rows:
            print(solver_table(solved_rows))
    if args.write_doc:
        write_doc(section(speed_rows, notes, ladder_rows, args.games, turn_rows, solved_rows))
        print(f"wrote {DOC.relative_to(ROOT)}", file=err)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
