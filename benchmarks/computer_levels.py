"""Each computer level's answer time on the default variant, and a new user's first move.

    python -m benchmarks.computer_levels               # 20 answers a level, then the browser
    python -m benchmarks.computer_levels --moves 10 --no-browser

1. Levels: a server subprocess (`mancala serve`, default settings but the per-address
   quotas); for each level (0..3, perfect) a player creates a game of the lobby's default
   variant (kalah_4) against the computer, moves (its first legal hole) and times each
   answer, from its move sent to the computer's move_made, over --moves answers (games
   are started again until there are enough). Table: level, median and max ms.
2. First move: Debian's Chromium (Playwright) opens the lobby as a new user (an empty
   browser profile) against a live server, chooses "computer", creates the game with the
   form's defaults and plays a hole; the time from navigation to the board showing that
   move (the server's answer), median of --loads runs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.computer_share import victim
from benchmarks.server_process import ServerProcess

ROOT = Path(__file__).resolve().parents[1]

LEVELS: tuple[int | str, ...] = (0, 1, 2, 3, "perfect")


async def answers(url: str, level: int | str, wanted: int) -> list[float]:
    times: list[float] = []
    while len(times) < wanted:
        times += await victim(url, level, wanted - len(times))
    return times


def first_move_ms(loads: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    from tests.web.helpers import CHROMIUM, LAUNCH_ARGS, LiveServer

    # every run is a new user from the same address: the per-address computer quota lifted
    server = LiveServer(Path(tempfile.mkdtemp(prefix="mancala-first-")), computer_rooms_per_address=1000)
    server.start()
    out: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
            for _ in range(loads):
                context = browser.new_context(viewport={"width": 1100, "height": 900})
                page = context.new_page()
                start = time.perf_counter()
                page.goto(server.url + "/")
                page.check("#create-form input[name='opponent'][value='computer']")
                page.click("#create-button")
                page.wait_for_selector("#room:not([hidden]) button.hole[data-legal]")
                page.click("button.hole[data-legal] >> nth=0")
                page.wait_for_function("Number(document.getElementById('room').dataset.ply) >= 1")
                out.append((time.perf_counter() - start) * 1000)
                context.close()
            browser.close()
    finally:
        server.stop()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=20, help="answers timed per level")
    parser.add_argument("--loads", type=int, default=5, help="browser runs for the first move")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--no-levels", action="store_true")
    args = parser.parse_args()
    if not args.no_levels:
        server = ServerProcess()
        try:
            rows = [(level, asyncio.run(answers(server.url, level, args.moves))) for level in LEVELS]
        finally:
            server.stop()
        print(f"computer's answer on kalah_4, {args.moves} answers a level")
        print("| level | median ms | max ms |")
        print("| --- | ---: | ---: |")
        for level, times in rows:
            print(f"| {level} | {statistics.median(times) * 1000:.0f} | {max(times) * 1000:.0f} |")
    if not args.no_browser:
        runs = first_move_ms(args.loads)
        print(f"new user's first move in the browser (page load to the move shown), {args.loads} runs: "
              f"median {statistics.median(runs):.0f} ms, max {max(runs):.0f} ms")


if __name__ == "__main__":
    main()
