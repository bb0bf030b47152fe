"""The `mancala` command: one console script with subcommands.

Start-up time matters here (`mancala replay` runs in scripts, once per batch): this
module imports only argparse. Each command imports what it needs when it runs, and
the subcommands whose options live in other modules (play, arena, solve, bench, egtb, book)
get those options only when that subcommand is the one on the command line
(`build_parser()` without an argument still builds the whole parser).
"""

from __future__ import annotations

import argparse
import os
import sys
from importlib import import_module


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, given the terminal's width by os: argparse finds it itself
    through shutil, which imports bz2 and lzma, at every start of every command."""

    def __init__(self, prog: str) -> None:
        try:  # as shutil: COLUMNS first, then the terminal's size
            width = int(os.environ.get("COLUMNS", "")) - 2
        except ValueError:
            try:
                width = os.get_terminal_size().columns - 2
            except OSError:  # not a terminal
                width = 78
        super().__init__(prog, width=max(width, 40))


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]


def _cmd_replay(args: argparse.Namespace) -> int:
    from mancala.replay import main

    return main()


def _cmd_ai(args: argparse.Namespace) -> int:
    from mancala.ai_requests import main

    return main()


def _cmd_variants(args: argparse.Namespace) -> int:
    from mancala.rules.index import variant_index

    rows = []
    for entry in variant_index():
        if entry.error is not None:
            if args.all:
                rows.append((entry.stem, "(not playable yet)", entry.error[:60]))
            continue
        rows.append((entry.stem, entry.name, entry.about))
    wid = [max(len(r[i]) for r in rows) for i in range(2)] if rows else [0, 0]
    for stem, name, about in rows:
        print(f"{stem.ljust(wid[0])}  {name.ljust(wid[1])}  {about}")
    return 0


def _cmd_show(args: argparse.Namespace) -> int:
    from mancala.engine.game import Game
    from mancala.render import board_text
    from mancala.rules.errors import VariantError
    from mancala.rules.loading import load_variant

    try:
        variant = load_variant(args.variant, remember=True)
    except VariantError as exc:
        print(f"invalid variant: {exc}", file=sys.stderr)
        return 2
    game = Game(variant)
    print(f"{variant.name}: {variant.holes} holes a side")
    if variant.game_info.about:
        print(variant.game_info.about)
    if variant.game_info.rules:
        print(f"Rules: {variant.game_info.rules}")
    print()
    from mancala.rules.summary import summary

    for line in summary(variant):
        print(f"- {line}")
    from mancala.rules.advice import advice

    # the reference's warnings: for whoever wrote the variant file, the game still plays
    for note in advice(variant):
        print(f"Advice: {note}")
    print()
    print(board_text(game, game.start(args.starter, seed=args.seed)))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from mancala_client.terminal import main

    return main(args)


def _cmd_bench(args: argparse.Namespace) -> int:
    from mancala_cli.bench import main

    return main(args)


def _cmd_arena(args: argparse.Namespace) -> int:
    from mancala.ai.arena import main

    return main(args)


def _cmd_egtb(args: argparse.Namespace) -> int:
    from mancala_cli.egtb import main

    return main(args)


def _cmd_book(args: argparse.Namespace) -> int:
    from mancala_cli.book import main

    return main(args)


def _cmd_solve(args: argparse.Namespace) -> int:
    from mancala_cli.solve import main

    return main(args)


def _cmd_serve(args: argparse.Namespace) -> int:
    from pathlib import Path

    from mancala_server.app import run
    from mancala_server.config import Settings

    settings = Settings.from_env(host=args.host, port=args.port,
                                 data_dir=Path(args.data_dir) if args.data_dir else None,
                                 trusted_proxies=args.trusted_proxies)
    run(settings)
    return 0


# subcommands whose options are defined by another module: (module, function) that adds them
_OPTIONS_FROM = {
    "play": ("mancala_client.options", "add_arguments"),
    "arena": ("mancala.ai.arena", "add_arguments"),
    "solve": ("mancala_cli.solve", "add_arguments"),
    "bench": ("mancala_cli.bench", "add_arguments"),
    "egtb": ("mancala_cli.egtb", "add_arguments"),
    "book": ("mancala_cli.book", "add_arguments"),
}


def _add_options(name: str, parser: argparse.ArgumentParser, only: str | None) -> None:
    """The options of subcommand `name`, imported from their module, unless another
    subcommand is the one being parsed (`only`): their parsers are then never used."""
    if only is not None and only != name:
        return
    module, function = _OPTIONS_FROM[name]
    getattr(import_module(module), function)(parser)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole `mancala` parser; with `only`, the subcommands other than `only` get
    no options of their own (main passes the subcommand it found on the command line)."""
    parser = _Parser(prog="mancala", description="Mancala: rules engine, server and clients.")
    sub = parser.add_subparsers(dest="command", required=True)  # its parsers are _Parsers too

    p = sub.add_parser("replay", help="replay games given as JSON requests on stdin (contracts/replay.md)")
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("ai", help="answer computer-move requests given as JSON lines (contracts/ai.md)")
    p.set_defaults(func=_cmd_ai)

    p = sub.add_parser("variants", help="list the variants in configs/")
    p.add_argument("--all", action="store_true", help="also list variants that do not play yet")
    p.set_defaults(func=_cmd_variants)

    p = sub.add_parser("show", help="print a variant's starting board")
    p.add_argument("variant", help="variant name (file stem in configs/) or path to a variant file")
    p.add_argument("--starter", type=int, choices=(0, 1), default=0)
    p.add_argument("--seed", type=int, default=None)
    p.set_defaults(func=_cmd_show)

    p = sub.add_parser("serve", help="start the game server (websocket + HTTP on one port)")
    p.add_argument("--host", default=None, help="address to listen on (MANCALA_HOST, default 127.0.0.1)")
    p.add_argument("--port", type=int, default=None, help="port (MANCALA_PORT, default 8080; 0 = any)")
    p.add_argument("--data-dir", default=None, help="where the SQLite file lives (MANCALA_DATA_DIR, default ./data)")
    p.add_argument("--trusted-proxies", default=None, metavar="ADDRESSES",
                   help="reverse proxies whose X-Forwarded-For names the client, addresses or networks "
                        "separated by commas (MANCALA_TRUSTED_PROXIES, default none)")
    p.set_defaults(func=_cmd_serve)

    p = sub.add_parser("play", help="play in the terminal against people or the computer on a server")
    _add_options("play", p, only)
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser("arena", help="a match between two computer players (wins, score rate, time per move)")
    _add_options("arena", p, only)
    p.set_defaults(func=_cmd_arena)

    p = sub.add_parser("solve", help="exact value and best first moves of a small board (mancala.ai.solver)")
    _add_options("solve", p, only)
    p.set_defaults(func=_cmd_solve)

    p = sub.add_parser("bench", help="engine benchmark: random playouts and replay (moves/s, games/s)")
    _add_options("bench", p, only)
    p.set_defaults(func=_cmd_bench)

    p = sub.add_parser("egtb", help="endgame databases: build every board with up to N seeds (mancala.ai.egtb)")
    _add_options("egtb", p, only)
    p.set_defaults(func=_cmd_egtb)

    p = sub.add_parser("book", help="opening books: every position within N moves solved (mancala.ai.books)")
    _add_options("book", p, only)
    p.set_defaults(func=_cmd_book)
    return parser


def _subcommand(argv: list[str]) -> str | None:
    """The subcommand named on the command line (the first word; the top-level parser
    has no option that takes a value), or None (`mancala --help`, a typo...)."""
    return argv[0] if argv and argv[0] in _OPTIONS_FROM else None


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    args = build_parser(only=_subcommand(words) or "").parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except BrokenPipeError:
        # the reader went away (`mancala variants | head`): that is not an error of ours;
        # stdout is pointed at devnull so the interpreter's final flush stays quiet
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
