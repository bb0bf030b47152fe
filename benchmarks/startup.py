"""Start-up of the `mancala` command, and `mancala replay` throughput on 800 Kalah games.

Each figure is a whole process timed from outside: from the start of the child to
its exit, start-up included, several runs after one warm-up run; min and median.

    python -m benchmarks.startup                       # start-up table + 800 games
    python -m benchmarks.startup --runs 15 --games 800
    python -m benchmarks.startup --reference ../MancalaGames   # also time the reference

Start-up rows: `replay` with nothing on stdin, `replay` of one Kalah game, `show
kalah_4`, `variants` (~170 files; its index is warmed by the warm-up run) and `ai`
with nothing on stdin.

Throughput: N games of Kalah (configs/kalah.json) with random legal moves from a
fixed seed, generated with this project's engine and written as a JSON-lines file of
`mancala replay` requests (starters alternate); then `mancala replay < games.jsonl`
with every state line written to a file. With --reference DIR (a checkout of
StoneShark/MancalaGames, e.g. release 1.10), a small driver imports the reference's
own game classes from DIR/src, builds Kalah from DIR/GameProps/Kalah.txt and plays the
same moves, game after game, in one process; its game log is switched off and it
writes nothing per move (both in its favour). The final board and stores of every game
are compared between the two programs, so the ratio is for the same games.

Whether the project's modules run from cached bytecode depends on the environment
(PYTHONDONTWRITEBYTECODE=1 makes every run compile them again); the table says which.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import random
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KALAH = ROOT / "configs" / "kalah.json"

# The reference driver, run as its own process: argv = reference checkout, games file.
# It runs with `python -c` from the checkout's src/ folder, where that program keeps its
# modules side by side (its own way of starting), so they import without a path edit.
# It prints one line: the games played and a digest of every game's final board and stores.
REFERENCE_DRIVER = r'''
import copy, hashlib, json, sys
import man_config
from game_logger import game_log

game_log.active = False
config = man_config.read_game(sys.argv[1] + "/GameProps/Kalah.txt")
digest = hashlib.sha1()
games = 0
with open(sys.argv[2], encoding="utf-8") as requests:
    for line in requests:
        request = json.loads(line)
        game = man_config.game_from_config(copy.deepcopy(config))
        game.turn = bool(request.get("starter", 0))
        size = 2 * game.cts.holes
        for hole in request["moves"]:
            # a board index (the replay contract) is a position on the mover's row
            ended = game.move(size - 1 - hole if game.turn else hole)
            if ended is not None and ended.is_ended():  # WIN or TIE (not REPEAT_TURN)
                break
            game.test_pass()  # a forced pass, as the reference's own play loop does
        digest.update(repr((list(game.board), list(game.store))).encode())
        games += 1
print(games, digest.hexdigest())
'''


def mancala_command() -> list[str]:
    """The installed console script beside this interpreter, else `python -m mancala`."""
    script = Path(sys.executable).with_name("mancala")
    return [str(script)] if script.exists() else [sys.executable, "-m", "mancala_cli"]


def time_runs(cmd: Sequence[str], runs: int, stdin: Path | None = None,
              stdout: Path | None = None, cwd: Path | None = None) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds (user + sys) of `runs` runs of cmd, after one warm-up run."""
    walls, cpus = [], []
    for index in range(runs + 1):
        with open(stdin or os.devnull, "rb") as fin, open(stdout or os.devnull, "wb") as fout:
            start = time.perf_counter()
            proc = subprocess.Popen(cmd, stdin=fin, stdout=fout, stderr=subprocess.DEVNULL, cwd=cwd)
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - start
            proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} exited with {proc.returncode}")
        if index:  # the first run warms caches (bytecode where allowed, the variant index)
            walls.append(wall)
            cpus.append(usage.ru_utime + usage.ru_stime)
    return walls, cpus


def generate_games(count: int, seed: int, path: Path) -> int:
    """`count` Kalah games of random legal moves as replay requests; returns the moves."""
    from mancala.engine.game import Game
    from mancala.rules.loading import load_variant

    game = Game(load_variant(KALAH))
    rng = random.Random(seed)
    total = 0
    with path.open("w", encoding="utf-8") as out:
        for number in range(count):
            starter = number % 2
            pos = game.start(starter)
            moves = []
            while pos.outcome is None:
                move = rng.choice(game.legal_moves(pos))
                pos = game.play(pos, move)
                moves.append(move)
            total += len(moves)
            out.write(json.dumps({"config": "kalah", "starter": starter, "moves": moves}) + "\n")
    return total


def final_digest(states: Path) -> tuple[int, str]:
    """Games and the digest of their final boards and stores, from replay's output."""
    digest = hashlib.sha1()
    games = 0
    last = None
    with states.open(encoding="utf-8") as lines:
        for line in lines:
            state = json.loads(line)
            if "end" in state:
                assert last is not None and "error" not in state, state
                digest.update(repr((last["board"], last["stores"])).encode())
                games += 1
            else:
                last = state
    return games, digest.hexdigest()


def row(label: str, walls: list[float], cpus: list[float]) -> str:
    return (f"{label:<28} {min(walls):8.3f} {statistics.median(walls):8.3f} "
            f"{min(cpus):8.3f} {statistics.median(cpus):8.3f}")


HEADER = f"{'command':<28} {'wall min':>8} {'wall med':>8} {'cpu min':>8} {'cpu med':>8}   (seconds)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs of each start-up command (default 9)")
    parser.add_argument("--replay-runs", type=int, default=5, help="timed runs of each throughput row (default 5)")
    parser.add_argument("--games", type=int, default=800, help="Kalah games for the throughput rows (default 800)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random moves (default 2024)")
    parser.add_argument("--reference", type=Path, default=None, metavar="DIR",
                        help="a checkout of StoneShark/MancalaGames: time it on the same games")
    parser.add_argument("--command", default=None, metavar="CMD",
                        help="the mancala command to time, split as a shell would "
                             "(default: the console script beside this Python)")
    args = parser.parse_args(argv)

    mancala = shlex.split(args.command) if args.command else mancala_command()
    bytecode = "not cached (PYTHONDONTWRITEBYTECODE set)" if os.environ.get("PYTHONDONTWRITEBYTECODE") \
        else "cached"
    print(f"{time.strftime('%Y-%m-%d')}  Python {platform.python_version()}  {platform.machine()}  "
          f"{os.cpu_count()} CPUs  load {os.getloadavg()[0]:.2f}  bytecode: {bytecode}")
    print(f"command: {' '.join(mancala)}")
    with tempfile.TemporaryDirectory(prefix="mancala-startup-") as tmp:
        work = Path(tmp)
        games = work / "games.jsonl"
        moves = generate_games(args.games, args.seed, games)
        one = work / "one.jsonl"
        one.write_text(games.read_text(encoding="utf-8").split("\n", 1)[0] + "\n", encoding="utf-8")

        print(f"\nStart-up: {args.runs} runs each after one warm-up; process start to exit")
        print(HEADER)
        rows = [
            ("replay < /dev/null", ["replay"], None),
            ("replay < one Kalah game", ["replay"], one),
            ("show kalah_4", ["show", "kalah_4"], None),
            ("variants", ["variants"], None),
            ("ai < /dev/null", ["ai"], None),
        ]
        for label, words, stdin in rows:
            print(row(label, *time_runs(mancala + words, args.runs, stdin)), flush=True)

        print(f"\nThroughput: {args.games} Kalah games, {moves} moves (seed {args.seed}); "
              f"{args.replay_runs} runs each after one warm-up; whole process")
        print(HEADER)
        states = work / "states.jsonl"
        ours = time_runs(mancala + ["replay"], args.replay_runs, games, states)
        print(row("mancala replay", *ours), flush=True)
        played, our_digest = final_digest(states)
        if args.reference is None:
            return 0
        reference = args.reference.resolve()
        if not (reference / "src" / "man_config.py").is_file():
            raise SystemExit(f"{reference} is not a MancalaGames checkout (no src/man_config.py)")
        cmd = [sys.executable, "-c", REFERENCE_DRIVER, str(reference), str(games)]
        theirs = time_runs(cmd, args.replay_runs, cwd=reference / "src")
        print(row("reference (MancalaGames)", *theirs))
        answer = subprocess.run(cmd, capture_output=True, text=True, check=True,
                                cwd=reference / "src").stdout.split()
        same = answer == [str(played), our_digest]
        print(f"final boards and stores of all {played} games: "
              f"{'identical' if same else 'DIFFERENT (the ratio compares different games)'}")
        ratio = statistics.median(theirs[0]) / statistics.median(ours[0])
        ratio_min = min(theirs[0]) / min(ours[0])
        cpu = statistics.median(theirs[1]) / statistics.median(ours[1])
        print(f"reference / mancala replay, wall: {ratio:.1f}x (medians), {ratio_min:.1f}x (minimums); "
              f"cpu: {cpu:.1f}x (medians)")
        return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
