"""`mancala arena`: two computer players play a match of N games.

    mancala arena minimaxer:3 minimaxer:2 --variant kalah_4 --games 200
    mancala arena negamaxer@500ms montecarlo_ts:3 --variant oware_abapa --games 20 --jobs 2
    mancala arena ai:perfect ai:0 --variant kalah_4 --holes 4 --seeds 3

A player spec is `ALGORITHM[:DIFFICULTY][@BUDGETms]` (algorithm `minimaxer`,
`negamaxer`, `montecarlo_ts`, or `ai` for the variant's own algorithm; difficulty
0..3, default the variant's; a budget thinks for that long instead) or `random`;
`ai:perfect` (or `solver`) is the exact solver within the budget (default 2 s a move),
else the strongest search for the rest of it. `--holes`/`--seeds` resize the variant.

Games come in pairs: both games of a pair start with the same opening (a few
random moves, `--opening`, drawn from the match seed) and the players swap who
starts, so neither gains from the starter's advantage or a lucky opening. The
players' own seeds differ from game to game, so equally good moves vary. A game
still running after `--cap` moves is scored by the stores (territory games: by the holes
each player owns, then the stores). Games run in a process
pool (`--jobs`, default: all cores); a progress bar goes to stderr.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from mancala.ai.player import LEVEL_NAMES, Level
from mancala.engine.game import Game
from mancala.engine.outcome import decide
from mancala.engine.position import Position
from mancala.rules.enums import Algorithm

DEFAULT_CAP = 1000
DEFAULT_OPENING = 2
Z95 = 1.959963984540054


class SpecError(ValueError):
    """A player spec that cannot be read."""


@dataclass(frozen=True)
class Spec:
    """Who plays: an algorithm (None: the variant's), a difficulty (None: the variant's),
    a time budget per move (None: the difficulty's depth or node count); or random moves."""

    text: str
    algorithm: str | None = None
    difficulty: Level | None = None  # 0..3 or "perfect"
    budget_ms: int | None = None
    random: bool = False


def parse_spec(text: str) -> Spec:
    """`minimaxer:2`, `negamaxer@500ms`, `montecarlo_ts:1@200ms`, `ai:3`, `random`; a
    level's word alone (`easy`, `hard`, `perfect`) or after the colon (`ai:expert`)."""
    raw = text.strip()
    if raw.lower() == "random":
        return Spec(raw, random=True)
    if raw.lower() in LEVEL_NAMES or raw.lower() == "perfect":  # the variant's own player
        raw = f"ai:{raw}"
    body, budget = raw, None
    if "@" in raw:
        body, _, when = raw.partition("@")
        digits = when.lower().removesuffix("ms")
        if not digits.isdigit() or int(digits) < 1:
            raise SpecError(f"{text!r}: a budget is a positive number of milliseconds, e.g. @500ms")
        budget = int(digits)
    name, _, level = body.partition(":")
    difficulty: Level | None = None
    if level:
        if level.lower() == "perfect":
            difficulty = "perfect"
        elif level.lower() in LEVEL_NAMES:
            difficulty = LEVEL_NAMES.index(level.lower())
        elif level not in ("0", "1", "2", "3"):
            raise SpecError(f"{text!r}: the difficulty is 0..3 ({', '.join(LEVEL_NAMES)}) or perfect")
        else:
            difficulty = int(level)
    algorithm: str | None = None
    if name.lower() == "solver":
        algorithm = "solver"
    elif name.lower() not in ("ai", ""):
        try:
            algorithm = Algorithm(name).value
        except ValueError:
            names = ", ".join(a.value for a in Algorithm)
            raise SpecError(f"{text!r}: unknown algorithm {name!r} ({names}, solver, ai or random)") from None
    return Spec(raw, algorithm, difficulty, budget)


@dataclass
class GameResult:
    """One game, seen from player A."""

    index: int
    a_seat: int  # 0: A is South (and starts: the starter is South), 1: A is North
    score: float  # 1 A won, 0.5 draw, 0 A lost
    moves: int  # moves of the whole game, the opening included
    capped: bool
    ms: list[float] = field(default_factory=lambda: [0.0, 0.0])  # thinking time of A and B
    thought: list[int] = field(default_factory=lambda: [0, 0])  # moves A and B chose
    stores: list[int] = field(default_factory=lambda: [0, 0])  # A's and B's seeds at the end


def opening_moves(game: Game, plies: int, seed: int) -> list[Any]:
    """`plies` random legal moves from the start (fewer if the game ends), as played."""
    rng = random.Random(seed)
    pos = game.start(0, seed=seed)
    moves: list[Any] = []
    for _ in range(plies):
        if pos.outcome is not None:
            break
        legal = game.legal_moves(pos)
        if not legal:
            break
        mv = legal[rng.randrange(len(legal))]
        game.apply(pos, mv)
        moves.append(mv)
    return moves


def adjudication(game: Game) -> str:
    """How a game stopped before its end is scored, by what the game itself counts:
    "territory" where it is won by holes owned, "tallies" where its goal tallies rounds
    (the RND_* goals: round wins, seeds, margins or points), else "stores"; the current
    round's stores break a tie of the first two. Such games between computer players can
    run for thousands of moves, round after round, and the stores of the round in
    progress at the cap say little about who was winning the game (Lam Waladach's levels
    looked inverted that way: docs/competitive.md)."""
    if game.territory:
        return "territory"
    return "tallies" if game.pipe.tally is not None else "stores"


def adjudge(game: Game, pos: Position) -> int | None:
    """The winner of a game stopped before its end (None: even)."""
    rule = adjudication(game)
    counted: tuple[int, int] | None = None
    if rule == "territory":
        counted = (pos.owner.count(0), pos.owner.count(1))
    elif rule == "tallies":
        assert game.pipe.tally is not None
        counted = game.pipe.tally.values(pos)
    if counted is not None and counted[0] != counted[1]:
        return 0 if counted[0] > counted[1] else 1
    return decide(pos.stores, on_tie=None)[1]


def _next_round(game: Game, pos: Position) -> bool:
    """A round ended and the next one needs no player's choice (else the match scores it as is)."""
    assert pos.outcome is not None
    return pos.outcome.kind.value.startswith("ROUND") and game.round_choice(pos) is None


def play_game(game: Game, specs: tuple[Spec, Spec], index: int, seed: int, *,
              cap: int = DEFAULT_CAP, opening: int = DEFAULT_OPENING, cap_ms: int | None = None) -> GameResult:
    """Game `index` of a match: pair index // 2 shares its opening, A starts the even games.
    `cap_ms` stops each move's search there at the latest, as a room's cap does."""
    from mancala.ai.player import choose_move

    pair = index // 2
    a_seat = index % 2  # even games: A is South, the starter
    start_seed = seed * 1_000_003 + pair
    pos = game.start(0, seed=start_seed)
    opened = opening_moves(game, opening, start_seed)
    for mv in opened:
        game.apply(pos, mv)
    rng = random.Random(f"{seed}/{index}")
    result = GameResult(index, a_seat, 0.5, len(opened), False)
    while result.moves < cap:
        if pos.outcome is not None:
            if not _next_round(game, pos):
                break
            pos = game.next_round(pos)
            continue
        legal = game.legal_moves(pos)
        if not legal:
            break
        side = 0 if pos.turn == a_seat else 1  # 0: A to move
        spec = specs[side]
        t0 = time.perf_counter()
        if spec.random:
            mv = legal[rng.randrange(len(legal))]
        else:
            answer = choose_move(game, pos, difficulty=spec.difficulty, algorithm=spec.algorithm,
                                 budget_ms=spec.budget_ms, seed=rng.randrange(1 << 30), cap_ms=cap_ms)
            mv = game.normalize(pos, answer.move)
        result.ms[side] += (time.perf_counter() - t0) * 1000
        result.thought[side] += 1
        game.apply(pos, mv)
        result.moves += 1
    if pos.outcome is not None and pos.outcome.kind.value in ("WIN", "TIE"):
        winner = pos.outcome.winner
    else:  # capped, stopped without moves, or a round ended: adjudged
        result.capped = pos.outcome is None
        winner = adjudge(game, pos)
    result.score = 0.5 if winner is None else (1.0 if winner == a_seat else 0.0)
    result.stores = [pos.stores[a_seat], pos.stores[1 - a_seat]]
    return result


# ---- running a match: inline or in a process pool -----------------------------------

_WORKER: dict[str, Any] = {}


def _load(variant: str, size: tuple[int | None, int | None] = (None, None)) -> Game:
    """The variant by name or path; `size` (holes a side, seeds a hole) resizes it."""
    if size != (None, None):
        from mancala.rules.loading import sized_variant

        return Game(sized_variant(variant, *size))
    from mancala.rules.loading import load_variant

    return Game(load_variant(variant))


def _init_worker(variant: str, specs: tuple[Spec, Spec], seed: int, cap: int, opening: int,
                 size: tuple[int | None, int | None] = (None, None), cap_ms: int | None = None) -> None:
    _WORKER.update(game=_load(variant, size), specs=specs, seed=seed, cap=cap, opening=opening, cap_ms=cap_ms)


def _run_one(index: int) -> GameResult:
    w = _WORKER
    return play_game(w["game"], w["specs"], index, w["seed"], cap=w["cap"], opening=w["opening"],
                     cap_ms=w["cap_ms"])


def run_match(variant: str, specs: tuple[Spec, Spec], games: int, *, seed: int = 1, jobs: int = 1,
              cap: int = DEFAULT_CAP, opening: int = DEFAULT_OPENING,
              progress: Callable[[GameResult, int], None] | None = None,
              size: tuple[int | None, int | None] = (None, None),
              cap_ms: int | None = None) -> list[GameResult]:
    """Play the match; results in game order. `progress(result, done)` after each game;
    `size`: (holes, seeds) to resize the variant, None keeping its own; `cap_ms`: each
    move's search stops there at the latest (the server's computer cap)."""
    results: list[GameResult] = []
    if jobs <= 1 or games <= 1:
        _init_worker(variant, specs, seed, cap, opening, size, cap_ms)
        stream: Iterator[GameResult] = (_run_one(i) for i in range(games))
        for res in stream:
            results.append(res)
            if progress:
                progress(res, len(results))
    else:
        import multiprocessing

        ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        with ctx.Pool(min(jobs, games), _init_worker, (variant, specs, seed, cap, opening, size, cap_ms)) as pool:
            for res in pool.imap_unordered(_run_one, range(games)):
                results.append(res)
                if progress:
                    progress(res, len(results))
    results.sort(key=lambda r: r.index)
    return results


# ---- the summary --------------------------------------------------------------------


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a rate measured over n games (draws count half)."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Summary:
    games: int
    wins: int
    draws: int
    losses: int
    score: float  # A's score rate, draws half
    low: float
    high: float
    avg_moves: float
    capped: int
    ms_per_move: tuple[float, float]
    a_start_score: float  # A's score rate in the games A started
    b_start_score: float

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def summarize(results: list[GameResult]) -> Summary:
    n = len(results)
    wins = sum(1 for r in results if r.score == 1.0)
    losses = sum(1 for r in results if r.score == 0.0)
    draws = n - wins - losses
    total = sum(r.score for r in results)
    low, high = wilson(total, n)
    ms_a, ms_b = (sum(r.ms[i] for r in results) / max(1, sum(r.thought[i] for r in results)) for i in (0, 1))
    a_first = [r.score for r in results if r.a_seat == 0]
    b_first = [r.score for r in results if r.a_seat == 1]
    return Summary(n, wins, draws, losses, total / n if n else 0.0, low, high,
                   sum(r.moves for r in results) / n if n else 0.0, sum(r.capped for r in results),
                   (ms_a, ms_b),
                   sum(a_first) / len(a_first) if a_first else 0.0,
                   sum(b_first) / len(b_first) if b_first else 0.0)


def table(variant: str, a: Spec, b: Spec, s: Summary) -> str:
    """The match as a small table (rows: A and B)."""
    lines = [f"{variant}: {s.games} games, {s.avg_moves:.1f} moves a game on average"
             + (f", {s.capped} stopped at the move cap" if s.capped else "")]
    wid = max(len(a.text), len(b.text), 6)
    head = f"{'player':<{wid}}  {'wins':>5} {'draws':>5} {'losses':>6}  {'score':>6}  {'95% CI':<13}  " \
           f"{'as starter':>10}  {'ms/move':>8}"
    lines += [head, "-" * len(head)]
    rows = [(a, s.wins, s.losses, s.score, (s.low, s.high), s.a_start_score, s.ms_per_move[0]),
            (b, s.losses, s.wins, 1 - s.score, (1 - s.high, 1 - s.low), 1 - s.b_start_score, s.ms_per_move[1])]
    for spec, w, lo, score, (ci_lo, ci_hi), start, ms in rows:
        lines.append(f"{spec.text:<{wid}}  {w:>5} {s.draws:>5} {lo:>6}  {score:>6.1%}  "
                     f"{ci_lo:>5.1%}-{ci_hi:<6.1%}  {start:>10.1%}  {ms:>8.1f}")
    return "\n".join(lines)


class ProgressBar:
    """`[#####.....] 57/200  A 30 +2 =25 -` on stderr, redrawn in place on a terminal."""

    def __init__(self, total: int, out: IO[str], width: int = 30) -> None:
        self.total, self.out, self.width = total, out, width
        self.tty = out.isatty()
        self.w = self.d = self.l = 0
        self.t0 = time.perf_counter()
        self.shown = -1

    def __call__(self, res: GameResult, done: int) -> None:
        if res.score == 1.0:
            self.w += 1
        elif res.score == 0.0:
            self.l += 1
        else:
            self.d += 1
        step = max(1, self.total // 20)
        if not self.tty and done != self.total and done // step == self.shown:
            return
        self.shown = done // step
        fill = self.width * done // self.total
        secs = time.perf_counter() - self.t0
        eta = secs / done * (self.total - done)
        text = (f"arena [{'#' * fill}{'.' * (self.width - fill)}] {done}/{self.total}  "
                f"A +{self.w} ={self.d} -{self.l}  {secs:.0f}s, {eta:.0f}s left")
        self.out.write(("\r" + text) if self.tty else text + "\n")
        if self.tty and done == self.total:
            self.out.write("\n")
        self.out.flush()


def add_arguments(p: argparse.ArgumentParser) -> None:
    algorithms = ", ".join(a.value for a in Algorithm)
    p.add_argument("a", metavar="A", help=f"player A: ALGORITHM[:DIFFICULTY][@BUDGETms], a level alone "
                   f"({', '.join(LEVEL_NAMES)}, perfect: the variant's own player), or random. "
                   f"ALGORITHM: {algorithms}, solver, or ai (the variant's); DIFFICULTY: 0..3, "
                   "a level's name, or perfect")
    p.add_argument("b", metavar="B", help="player B, likewise")
    p.add_argument("--variant", required=True, help="variant name (file stem in configs/) or path")
    p.add_argument("--holes", type=int, default=None, help="holes a side instead of the variant's")
    p.add_argument("--seeds", type=int, default=None, help="seeds a hole instead of the variant's")
    p.add_argument("--games", type=int, default=20, help="games to play (default 20; pairs share an opening)")
    p.add_argument("--seed", type=int, default=1, help="match seed: openings and the players' seeds (default 1)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    p.add_argument("--cap", type=int, default=DEFAULT_CAP,
                   help=f"moves before a game is stopped and adjudged: the stores, territory games' holes "
                        f"first (default {DEFAULT_CAP})")
    p.add_argument("--opening", type=int, default=DEFAULT_OPENING,
                   help=f"random moves that open each pair of games (default {DEFAULT_OPENING})")
    p.add_argument("--json", action="store_true", help="print the summary as JSON instead of a table")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def main(args: argparse.Namespace) -> int:
    import json

    from mancala.rules.errors import VariantError

    try:
        specs = (parse_spec(args.a), parse_spec(args.b))
    except SpecError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("arena: --games must be at least 1", file=sys.stderr)
        return 2
    size = (args.holes, args.seeds)
    try:
        _load(args.variant, size)
    except (VariantError, OSError) as exc:
        print(f"arena: invalid variant: {exc}", file=sys.stderr)
        return 2
    bar = None if args.quiet else ProgressBar(args.games, sys.stderr)
    results = run_match(args.variant, specs, args.games, seed=args.seed, jobs=args.jobs, cap=args.cap,
                        opening=args.opening, progress=bar, size=size)
    summary = summarize(results)
    name = args.variant + "".join(f" {flag} {v}" for flag, v in (("--holes", args.holes), ("--seeds", args.seeds))
                                  if v is not None)
    if args.json:
        print(json.dumps({"variant": args.variant, "holes": args.holes, "seeds": args.seeds,
                          "a": specs[0].text, "b": specs[1].text} | summary.to_json()))
    else:
        print(table(name, specs[0], specs[1], summary))
    return 0
