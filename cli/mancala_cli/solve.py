"""`mancala solve`: the exact value of a variant's start position and its best first
moves (mancala.ai.solver), or with `--one-turn` the most seeds the starter can bank
before the opponent moves (mancala.ai.oneturn)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from mancala.ai import egtb
from mancala.ai.egtb import Database
from mancala.ai.oneturn import OneTurn, has_repeat_turns, one_turn, play_on_game, replay_chain
from mancala.ai.solver import MAX_THREADS, NotSolvable, Progress, solve
from mancala.ai.solver.binding import why_not_egtb_leaves
from mancala.engine.game import Game
from mancala.render import board_text, move_name
from mancala.rules.errors import VariantError
from mancala.rules.loading import load_variant, sized_variant
from mancala.rules.variant import Variant

PLAYER_NAMES = ("South", "North")
DEFAULT_LIMIT = 60.0  # seconds: Kalah 6 x 3 (about 4 s) fits, 6 x 4 (7 minutes) asks for more
# C-solver times of Kalah's start (docs/performance.md, the solver table), by seeds on the
# board: the estimate interpolates between them on a log scale. Other rules differ (often
# by a lot): the estimate says so
KALAH_SECONDS = ((24, 0.01), (30, 0.02), (32, 0.3), (36, 3.8), (40, 8.6), (48, 420.0))


def estimate_seconds(seeds: int) -> float:
    """A rough time for the C solver on a Kalah-like start with `seeds` seeds.

    >>> round(estimate_seconds(36), 1), round(estimate_seconds(48)), estimate_seconds(12)
    (3.8, 420, 0.01)
    >>> estimate_seconds(60) > 3600
    True
    """
    import math

    pts = KALAH_SECONDS
    if seeds <= pts[0][0]:
        return pts[0][1]
    for (s0, t0), (s1, t1) in zip(pts, pts[1:], strict=False):
        if seeds <= s1:
            f = (seeds - s0) / (s1 - s0)
            return math.exp(math.log(t0) + f * (math.log(t1) - math.log(t0)))
    (s0, t0), (s1, t1) = pts[-2], pts[-1]  # beyond the table: the last slope goes on
    return t1 * math.exp((seeds - s1) * (math.log(t1) - math.log(t0)) / (s1 - s0))


def duration_text(seconds: float) -> str:
    """
    >>> duration_text(0.2), duration_text(42), duration_text(420), duration_text(9e5)
    ('under a second', 'about 42 s', 'about 7 min', 'about 10 days')
    """
    if seconds < 1:
        return "under a second"
    for unit, size in (("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size * (1 if unit != "days" else 2):
            return f"about {seconds / size:.0f} {unit}"
    return f"about {seconds:.0f} s"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", help="variant name (file stem in configs/) or path to a variant file")
    p.add_argument("--holes", type=int, default=None, help="holes a side instead of the variant's")
    p.add_argument("--seeds", type=int, default=None, help="seeds a hole instead of the variant's")
    p.add_argument("--starter", type=int, choices=(0, 1), default=0)
    p.add_argument("--time-limit", type=float, default=DEFAULT_LIMIT,
                   help=f"give up after this many seconds (default {DEFAULT_LIMIT:g}; 0: no limit). "
                        "An estimate of the time is printed first")
    p.add_argument("--engine", choices=("auto", "c", "python"), default="auto",
                   help="auto: the C solver where it applies, else the Python one")
    p.add_argument("--tt-mb", type=float, default=256, help="transposition table memory (C solver)")
    p.add_argument("--threads", type=threads_arg, default=1, metavar="N",
                   help="search on N threads sharing the table (C solver; 0: one a core; "
                        "the table then takes its full --tt-mb at once)")
    p.add_argument("--egtb", nargs="?", const="find", default=None, metavar="PATH",
                   help="take an endgame database's values as leaves (`mancala egtb build`): the "
                        "file PATH, or with no PATH the biggest of the variant's in the database folder")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    # --one-turn: Jackman's challenge instead of the game's value (mancala.ai.oneturn)
    p.add_argument("--one-turn", action="store_true",
                   help="the most seeds the starter can bank before the opponent ever moves")
    p.add_argument("--play-on", action="store_true",
                   help="with --one-turn: a majority does not end the game (Jackman's own rules)")
    p.add_argument("--node-limit", type=int, default=None, help="with --one-turn: stop after this many moves")


def threads_arg(text: str) -> int:
    """--threads: 1 to 64, or 0 for one a core.

    >>> threads_arg("3"), threads_arg("0") >= 1
    (3, True)
    """
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of threads: {text!r}") from None
    if n == 0:
        return min(os.cpu_count() or 1, MAX_THREADS)
    if not 1 <= n <= MAX_THREADS:
        raise argparse.ArgumentTypeError(f"threads must be 0 (one a core) or 1 to {MAX_THREADS}")
    return n


def leaves(variant: Variant, choice: str | None, asked: str) -> Database | None:
    """The database `--egtb` asks for (None: not asked). ValueError naming why not: no
    file, none of the variant's in the folder, or rules whose values are not leaves (the
    search takes a database only where its rules are the variant's and the end reads no
    stores: `why_not_egtb_leaves`)."""
    if choice is None:
        return None
    if choice == "find":
        db = egtb.find(variant)
        if db is None:
            why = egtb.why_not_egtb(variant)
            raise ValueError("; ".join(why) if why else
                             f"no database of {variant.name}'s rules in {egtb.egtb_dir()} "
                             f"(`mancala egtb build {asked} --seeds N`)")
    else:
        try:
            db = egtb.Database.open(Path(choice))
        except (OSError, TypeError) as exc:
            raise ValueError(f"{choice}: {exc}") from exc
    reasons = why_not_egtb_leaves(variant, db)
    if reasons:
        raise ValueError(f"{db.path.name}: " + "; ".join(reasons))
    return db


def tt_bits_for(megabytes: float) -> int:
    """The largest table (a power of two of 24-byte slots) that fits the memory given.

    >>> tt_bits_for(256)
    23
    """
    slots = max(2, int(megabytes * (1 << 20)) // 24)
    return max(1, slots.bit_length() - 1)


def describe(value: int, starter: int) -> str:
    """The result in words, from the starter's view.

    >>> describe(8, 0), describe(-1, 1), describe(0, 0)
    ('South (the starter) wins by 8 seeds with best play', 'South wins by 1 seed with best play', 'a draw with best play')
    """
    if value == 0:
        return "a draw with best play"
    winner = starter if value > 0 else 1 - starter
    who = PLAYER_NAMES[winner] + (" (the starter)" if winner == starter else "")
    seeds = abs(value)
    return f"{who} wins by {seeds} seed{'s' if seeds != 1 else ''} with best play"


def progress_printer(stream: TextIO) -> Callable[[Progress], None]:
    """A progress report as one line on `stream`."""
    def show(p: Progress) -> None:
        doing = f"look-ahead to depth {p.test} for a first guess" if p.lookahead else f"value >= {p.test}?"
        print(f"iteration {p.probe}: {doing} (known {p.lower}..{p.upper})  "
              f"{p.nodes:,} nodes  {p.rate / 1e6:.2f}M nodes/s  {p.seconds:.1f} s  [{p.engine}]",
              file=stream, flush=True)
    return show


def main(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """`mancala solve`: the value of a variant's start position and its best first moves."""
    if args.one_turn:  # the starter's best chain of repeat turns
        return one_turn_main(args, out, err)
    out = out or sys.stdout
    err = err or sys.stderr
    if err is None:  # started without a stderr: nowhere to say anything
        raise SystemExit(2)
    try:
        variant = sized_variant(args.variant, args.holes, args.seeds)
    except VariantError as exc:
        print(f"invalid variant: {exc}", file=err)
        return 2
    game = Game(variant)
    pos = game.start(args.starter)
    try:
        db = leaves(variant, args.egtb, args.variant)
    except ValueError as exc:
        print(f"no database leaves: {exc}", file=err)
        return 2
    progress = None if args.quiet else progress_printer(err)
    limit = args.time_limit if args.time_limit and args.time_limit > 0 else None
    if not args.quiet:
        seeds_on_board = sum(pos.board) + sum(pos.stores)
        guess = estimate_seconds(seeds_on_board)
        print(f"estimate: {duration_text(guess)} ({seeds_on_board} seeds; from Kalah's times, "
              "other rules can take far longer or shorter); "
              + (f"time limit {limit:g} s (--time-limit 0 for none)" if limit else "no time limit"),
              file=err, flush=True)
    try:
        sol = solve(game, pos, time_limit=limit, progress=progress, engine=args.engine,
                    tt_bits=tt_bits_for(args.tt_mb), egtb=db, threads=args.threads)
    except NotSolvable as exc:
        print(f"cannot solve {variant.name}: {exc}", file=err)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=err)
        return 130
    seeds = variant.nbr_start
    if sol is None:
        print(f"no result within {limit:g} s: give it more with --time-limit SECONDS "
              "(0: no limit)", file=err)
        return 1
    winner = None if sol.value == 0 else (args.starter if sol.value > 0 else 1 - args.starter)
    moves = [game.move_json(m) for m in sol.best_moves]
    if args.json:
        print(json.dumps({
            "variant": variant.name, "holes": variant.holes, "seeds": seeds,
            "starter": args.starter, "value": sol.value, "winner": winner,
            "best_moves": moves, "nodes": sol.nodes, "iterations": sol.probes,
            "seconds": round(sol.seconds, 3), "engine": sol.engine,
            "egtb_seeds": db.header.seeds if db is not None else None, "threads": args.threads,
        }), file=out)
        return 0
    print(f"{variant.name}: {variant.holes} holes a side, {seeds} seed{'s' if seeds != 1 else ''}"
          f" a hole; {PLAYER_NAMES[args.starter]} (player {args.starter}) moves first", file=out)
    print(f"value: {sol.value:+d} (final store difference, starter's view): "
          f"{describe(sol.value, args.starter)}", file=out)
    label = "best first move" if len(moves) == 1 else "best first moves"
    named = ", ".join(f"{move_name(m, variant.holes)} ({json.dumps(m)})" for m in moves)
    print(f"{label}: {named} (letters as on the clients' boards; board index as in replay)",
          file=out)
    rate = sol.nodes / sol.seconds if sol.seconds > 0 else 0.0
    # the progress lines count the look-ahead's depths as iterations too
    how = (f"{sol.lookahead + sol.probes} iterations (a look-ahead to depth {sol.lookahead} for the "
           f"first guess, then {sol.probes} null-window tests)" if sol.lookahead else f"{sol.probes} iterations")
    used = f", boards of up to {db.header.seeds} seeds read from {db.path.name}" if db is not None else ""
    threads = f" on {args.threads} threads" if args.threads > 1 and sol.engine == "C" else ""
    print(f"solved by the {sol.engine} solver{threads} in {sol.seconds:.2f} s: {sol.nodes:,} nodes "
          f"({rate / 1e6:.2f}M nodes/s), {how}{used}", file=out)
    return 0


def one_turn_main(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """`mancala solve --one-turn VARIANT [--holes N --seeds K --starter S --play-on]`."""
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        if args.holes is None and args.seeds is None:
            variant = load_variant(args.variant)
        else:
            variant = sized_variant(args.variant, args.holes, args.seeds)
        game = play_on_game(variant) if args.play_on else Game(variant)
    except (VariantError, OSError) as exc:
        print(f"invalid variant: {exc}", file=err)
        return 2
    start = game.start(args.starter)
    if not has_repeat_turns(game):
        print(f"note: {variant.name} has no repeat turns: the turn is a single move", file=err)

    def report(res: OneTurn, positions: int) -> None:
        rate = res.nodes / res.seconds if res.seconds else 0.0
        print(f"one-turn: {res.nodes:,} moves, {positions:,} positions, {rate:,.0f} moves/s, "
              f"best so far {res.best} ({len(res.moves)} moves)", file=err, flush=True)

    res = one_turn(game, start, node_limit=args.node_limit, time_limit=args.time_limit or None,
                   progress=None if args.quiet else report)
    end = replay_chain(game, start, res.moves)
    if args.json:
        print(json.dumps({"variant": variant.name, "holes": variant.holes, "seeds": variant.nbr_start,
                          "play_on": args.play_on} | res.to_json()), file=out)
        return 0
    who = PLAYER_NAMES[res.player]
    total = start.total or sum(start.board)
    rate = res.nodes / res.seconds if res.seconds else 0.0
    rules = " (playing on past a majority, as Jackman's rules do)" if args.play_on else ""
    print(f"{variant.name}{rules}: {who} starts; the most seeds in {who}'s store before the opponent "
          f"moves: {res.best} of {total}" + ("" if res.complete else
                                             " (search stopped early: at least this many)"), file=out)
    print(f"moves ({len(res.moves)}): {' '.join(move_name(Game.move_json(m), variant.holes) for m in res.moves)}"
          f" (board index: {' '.join(json.dumps(Game.move_json(m)) for m in res.moves)})", file=out)
    print(f"searched {res.nodes:,} moves over {res.positions:,} positions in {res.seconds:.1f} s "
          f"({rate:,.0f} moves/s)", file=out)
    print("", file=out)
    print(board_text(game, end), file=out)
    return 0
