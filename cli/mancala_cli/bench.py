"""`mancala bench`: how fast the engine plays, and how fast `mancala replay` answers.

Random playouts per variant (legal-move generation, a random choice from a
fixed-seed random.Random, `apply` in place) for a fixed time each; then a batch
of random games, generated once, replayed through `mancala.replay.run_request`
with every state line written (to memory), one row per variant; then the whole
batch through `python -m mancala replay` end to end (JSON lines from a file,
state lines to a file, process start-up included). One table, or JSON with --json.

    mancala bench                      # Kalah, Oware, multi-lap; 3 s each
    mancala bench --seconds 10 --json
    mancala bench --variant kalah_6 --variant configs/wari.json
    python -m benchmarks.engine        # the same, from a checkout
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import IO, Any

# The three reference games of the performance goals. Each is read from configs/
# when the file is there, else from these dicts (the same rules).
DEFAULT_VARIANTS: dict[str, dict[str, Any]] = {
    "kalah_4": {
        "game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"name": "Kalah 4", "stores": True, "sow_own_store": True, "crosscapt": True,
                      "xcpickown": "PICK_ON_CAPT", "capt_side": "OPP_SIDE"},
    },
    "oware_abapa": {
        "game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"name": "Oware (Abapa)", "stores": True, "capt_on": [2, 3], "multicapt": -1,
                      "capt_side": "OPP_SIDE", "skip_start": True, "mustshare": True,
                      "grandslam": "NO_CAPT"},
    },
    "multilap_jackman": {
        "game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"name": "Multilap Jackman", "stores": True, "sow_own_store": True,
                      "mlaps": "LAPPER", "crosscapt": True, "xcpickown": "PICK_ON_CAPT",
                      "capt_side": "OPP_SIDE", "mustpass": True},
    },
}

# a random game longer than this is stopped (Oware, for one, can cycle for ever)
MAX_GAME_MOVES = 1000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="time per variant for the playouts, and for the replay row (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random move choices (default 1)")
    parser.add_argument("--variant", action="append", metavar="NAME_OR_PATH",
                        help="a variant to time (name in configs/ or a file); repeat for more. "
                             "Default: kalah_4, oware_abapa, multilap_jackman")
    parser.add_argument("--replay-games", type=int, default=300, metavar="N",
                        help="random games generated for the replay rows, spread over the variants "
                             "(default 300; 0 skips the rows)")
    parser.add_argument("--repeat", type=int, default=1, metavar="K",
                        help="time each row K times from the same seed and keep the fastest "
                             "(steadier on a busy machine; default 1)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON instead of a table")


@dataclass
class Row:
    variant: str
    games: int
    moves: int
    seconds: float
    capped: int = 0  # games stopped at MAX_GAME_MOVES

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def avg_moves(self) -> float:
        return self.moves / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out.update(moves_per_s=round(self.moves_per_s), games_per_s=round(self.games_per_s, 1),
                   avg_moves=round(self.avg_moves, 1))
        out["seconds"] = round(self.seconds, 3)
        return out


class Progress:
    """A one-line status on stderr: rewritten in place on a terminal, else start and end lines."""

    def __init__(self, stream: IO[str] = sys.stderr) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        self.last = 0.0

    def start(self, label: str) -> None:
        self.label = label
        self.last = 0.0
        if not self.tty:
            self.stream.write(f"bench: {label} ...\n")
            self.stream.flush()

    def update(self, elapsed: float, moves: int) -> None:
        if self.tty and elapsed - self.last >= 0.2:
            self.last = elapsed
            self.stream.write(f"\rbench: {self.label}: {elapsed:5.1f}s {moves:>10,} moves")
            self.stream.flush()

    def done(self, row: Row) -> None:
        text = f"bench: {self.label}: {row.moves:,} moves in {row.seconds:.1f}s"
        self.stream.write(("\r" + text + " " * 12 + "\n") if self.tty else text + "\n")
        self.stream.flush()


def load_bench_variants(names: list[str] | None) -> list[tuple[str, Any]]:
    """(label, Variant) pairs: the named ones, or the three default games."""
    from mancala.rules.loading import config_paths, load_variant, parse_variant

    if names:
        return [(os.path.splitext(os.path.basename(name))[0], load_variant(name)) for name in names]
    paths = config_paths()
    out = []
    for stem, raw in DEFAULT_VARIANTS.items():
        out.append((stem, load_variant(paths[stem]) if stem in paths else parse_variant(raw)))
    return out


def random_playouts(game: Any, seconds: float, rng: random.Random, progress: Progress | None = None) -> Row:
    """Random games for `seconds`: legal moves, a random choice, apply in place."""
    legal_moves = game.legal_moves
    apply = game.apply
    choice = rng.choice
    start = game.start
    games = moves = capped = 0
    clock = time.perf_counter
    t0 = clock()
    elapsed = 0.0
    while elapsed < seconds:
        pos = start(games & 1)
        n = 0
        while n < MAX_GAME_MOVES:
            legal = legal_moves(pos)
            if not legal:
                break
            apply(pos, choice(legal))
            n += 1
        else:
            capped += 1
        games += 1
        moves += n
        elapsed = clock() - t0
        if progress is not None:
            progress.update(elapsed, moves)
    return Row(game.variant.name, games, moves, elapsed, capped)


def random_game_moves(game: Any, starter: int, rng: random.Random) -> list[Any]:
    """The moves of one random game, in replay form."""
    pos = game.start(starter)
    moves: list[Any] = []
    while len(moves) < MAX_GAME_MOVES:
        legal = game.legal_moves(pos)
        if not legal:
            break
        move = rng.choice(legal)
        game.apply(pos, move)
        moves.append(game.move_json(move))
    return moves


def replay_requests(variants: list[tuple[str, Any]], count: int, rng: random.Random) -> list[dict[str, Any]]:
    """`count` replay requests of random games, spread evenly over the variants."""
    from mancala.engine.game import Game
    from mancala.rules.variant import as_config

    requests = []
    for i in range(count):
        _, variant = variants[i % len(variants)]
        starter = (i // len(variants)) & 1
        moves = random_game_moves(Game(variant), starter, rng)
        config = as_config(variant)
        requests.append({"config": config, "starter": starter, "moves": moves})
    return requests


REPLAY_CLI = "mancala replay (all variants, JSON in and out)"


def time_replay(requests: list[dict[str, Any]], seconds: float, progress: Progress | None = None) -> Row:
    """Replay the batch through run_request (all state lines, to memory) until `seconds` have passed."""
    from mancala.replay import run_request

    games = moves = 0
    per_batch = sum(len(r["moves"]) for r in requests)
    clock = time.perf_counter
    t0 = clock()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        out, err = io.StringIO(), io.StringIO()
        for request in requests:
            if run_request(request, out, err) != 0:
                raise RuntimeError(f"replay failed: {err.getvalue()}")
        games += len(requests)
        moves += per_batch
        elapsed = clock() - t0
        if progress is not None:
            progress.update(elapsed, moves)
    return Row("replay (run_request, state lines)", games, moves, elapsed)


def time_replay_cli(requests: list[dict[str, Any]], seconds: float, progress: Progress | None = None) -> Row:
    """`python -m mancala replay` as a user runs it: JSON lines in from a file, state lines
    out to a file, process start-up included. The batch is repeated to last about `seconds`."""
    import subprocess
    import tempfile

    per_batch = sum(len(r["moves"]) for r in requests)
    # about 300,000 moves a second end to end with the C core: size the input for `seconds`
    repeats = max(1, round(seconds * 300_000 / max(1, per_batch)))
    text = "".join(json.dumps(r) + "\n" for r in requests)
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "requests.jsonl"), os.path.join(tmp, "states.jsonl")
        with open(src, "w") as f:
            f.write(text * repeats)
        with open(src) as stdin, open(dst, "w") as stdout:
            t0 = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "mancala", "replay"], stdin=stdin, stdout=stdout,
                                  stderr=subprocess.PIPE, text=True, check=False)
            elapsed = time.perf_counter() - t0
        if proc.returncode != 0:
            raise RuntimeError(f"mancala replay failed: {proc.stderr}")
    games, moves = len(requests) * repeats, per_batch * repeats
    if progress is not None:
        progress.update(elapsed, moves)
    return Row(REPLAY_CLI, games, moves, elapsed)


def format_table(rows: list[Row]) -> str:
    head = ("variant", "games", "moves", "moves/s", "games/s", "avg moves/game")
    body = [
        (r.variant, f"{r.games:,}", f"{r.moves:,}", f"{r.moves_per_s:,.0f}", f"{r.games_per_s:,.1f}",
         f"{r.avg_moves:.1f}")
        for r in rows
    ]
    widths = [max(len(line[i]) for line in [head, *body]) for i in range(len(head))]

    def fmt(line: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths, strict=True)))

    lines = [fmt(head), "  ".join("-" * w for w in widths), *(fmt(b) for b in body)]
    notes = [f"{r.variant}: {r.capped} game(s) stopped at {MAX_GAME_MOVES} moves" for r in rows if r.capped]
    return "\n".join(lines + notes)


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpus": os.cpu_count(),
        "platform": platform.platform(terse=True),
    }


def main(args: argparse.Namespace) -> int:
    from mancala.engine.game import Game
    from mancala.rules.errors import VariantError

    seconds = float(args.seconds)
    seed = int(args.seed)
    try:
        variants = load_bench_variants(getattr(args, "variant", None))
    except VariantError as exc:
        print(f"invalid variant: {exc}", file=sys.stderr)
        return 2
    repeat = max(1, int(getattr(args, "repeat", 1)))
    progress = Progress()
    rows: list[Row] = []

    def best(label: str, run: Callable[[], Row]) -> Row:
        runs = []
        for i in range(repeat):
            progress.start(label if repeat == 1 else f"{label} (run {i + 1}/{repeat})")
            runs.append(run())
            progress.done(runs[-1])
        row = max(runs, key=lambda r: r.moves_per_s)
        row.variant = label
        return row

    def playouts_of(game: Game) -> Callable[[], Row]:  # each run from the same seed
        return lambda: random_playouts(game, seconds, random.Random(seed), progress)

    def replays_of(mine: list[dict[str, Any]]) -> Callable[[], Row]:
        return lambda: time_replay(mine, seconds, progress)

    for label, variant in variants:
        game = Game(variant)
        rows.append(best(label, playouts_of(game)))

    count = getattr(args, "replay_games", 300)
    if count > 0:
        progress.start(f"generating {count} random games for the replay rows")
        requests = replay_requests(variants, count, random.Random(seed))
        for j, (label, _) in enumerate(variants):
            mine = requests[j::len(variants)]  # replay_requests takes the variants in turn
            rows.append(best(f"replay {label}", replays_of(mine)))
        rows.append(best(REPLAY_CLI, lambda: time_replay_cli(requests, seconds, progress)))

    if getattr(args, "json", False):
        print(json.dumps({"machine": machine(), "seconds": seconds, "seed": seed, "repeat": repeat,
                          "rows": [r.to_json() for r in rows]}, indent=2))
    else:
        m = machine()
        print(f"Python {m['python']} ({m['implementation']}), {m['cpus']} CPUs, {m['platform']}; "
              f"{seconds:g} s per row, seed {seed}" + (f", best of {repeat}" if repeat > 1 else ""))
        print(format_table(rows))
    return 0
