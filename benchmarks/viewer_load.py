"""A 400-move game's record and replay viewer, measured (issue 13).

    python -m benchmarks.viewer_load [--moves 400] [--repeat 5] [--variant oware_abapa]

Plays a game of random legal moves with the engine until it has `--moves` moves (Oware
by default: random play rarely ends it sooner), stores it in a fresh data directory as
the server stores games (the server's own Store: a game row, every move, the end), then
starts the real server on a free port and asks for it as the viewer does: the time of
each HTTP answer (the game record, its positions replayed by the engine, the two
downloads) and the viewer page's load in Debian's Chromium (/usr/bin/chromium, through
Playwright; nothing downloads a browser) from navigation to the board drawn with the
whole move list (`body[data-loaded='game']`). Prints a table of the median and worst of
`--repeat` runs, with the sizes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path

from mancala.engine.game import Game
from mancala.engine.position import Outcome, OutcomeKind
from mancala.rules.loading import config_paths, load_variant, read_json
from mancala_server.config import Settings
from mancala_server.store import Store
from tests.web.helpers import CHROMIUM, LAUNCH_ARGS, LiveServer

ROOT = Path(__file__).resolve().parents[1]

def long_game(variant: str, moves: int, seed: int) -> tuple[Game, list[object], object]:
    """Random legal moves from the start, `moves` of them (a game that ends sooner is
    played again with the next seed)."""
    game = Game(load_variant(config_paths()[variant]))
    while True:
        rng = random.Random(seed)
        pos, played = game.start(0), []
        while len(played) < moves and pos.outcome is None and game.legal_moves(pos):
            move = rng.choice(game.legal_moves(pos))
            played.append(game.move_json(move))
            pos = game.play(pos, move)
        if len(played) == moves:
            return game, played, pos
        seed += 1


def store_game(data: Path, variant: str, game: Game, moves: list[object]) -> int:
    store = Store(Settings(data_dir=data).db_path)
    try:
        start = game.start(0)
        game_id = store.new_game("BENCH1", variant, read_json(config_paths()[variant]), 0, ["ann", "bob"],
                                 {"board": list(start.board), "stores": list(start.stores)})
        pos = start
        for ply, move in enumerate(moves):
            store.add_move(game_id, ply, pos.turn, move)
            pos = game.play(pos, move)
        store.end_game(game_id, Outcome(OutcomeKind.WIN, 0), "resign", "South wins: North resigned")
        return game_id
    finally:
        store.close()


def timed_get(url: str) -> tuple[float, int]:
    began = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as answer:
        body = answer.read()
    return time.perf_counter() - began, len(body)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="oware_abapa")
    p.add_argument("--moves", type=int, default=400)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    game, moves, _ = long_game(args.variant, args.moves, args.seed)
    with tempfile.TemporaryDirectory(prefix="mancala-viewer-") as tmp:
        data = Path(tmp) / "data"
        game_id = store_game(data, args.variant, game, moves)
        server = LiveServer(data, http_rate=1e6, http_burst=1_000_000)
        server.start()
        try:
            rows: dict[str, list[float]] = {}
            sizes: dict[str, int] = {}
            paths = {"game record (/api/games/{id})": f"/api/games/{game_id}",
                     "positions (/api/games/{id}/positions)": f"/api/games/{game_id}/positions",
                     "record.json": f"/api/games/{game_id}/record.json",
                     "record.txt": f"/api/games/{game_id}/record.txt"}
            for _ in range(args.repeat):
                for label, path in paths.items():
                    took, size = timed_get(server.url + path)
                    rows.setdefault(label, []).append(took)
                    sizes[label] = size
            from playwright.sync_api import sync_playwright

            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
                try:
                    for _ in range(args.repeat):
                        context = browser.new_context(viewport={"width": 1100, "height": 900})
                        page = context.new_page()
                        began = time.perf_counter()
                        page.goto(f"{server.url}/games/{game_id}")
                        page.wait_for_selector("body[data-loaded='game']", timeout=60_000)
                        rows.setdefault("viewer page load (Chromium)", []).append(time.perf_counter() - began)
                        shown = page.locator("#move-list li").count()
                        context.close()
                        if shown != len(moves):
                            raise SystemExit(f"the viewer listed {shown} moves of {len(moves)}")
                finally:
                    browser.close()
        finally:
            server.stop()

    print(f"{args.variant}: a stored game of {len(moves)} moves, {args.repeat} runs each\n")
    print("| what | median | worst | size |")
    print("| --- | ---: | ---: | ---: |")
    for label, times in rows.items():
        size = f"{sizes[label] / 1024:.1f} KiB" if label in sizes else ""
        print(f"| {label} | {statistics.median(times) * 1000:.1f} ms | {max(times) * 1000:.1f} ms | {size} |")


if __name__ == "__main__":
    main()
