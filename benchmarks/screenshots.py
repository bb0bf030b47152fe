"""Screenshots of the web page: lobby, a game under way, a finished game.

    python benchmarks/screenshots.py [--out docs/screenshots] [--phone]

Starts a real server (temporary data directory, free port), drives Debian's Chromium
(/usr/bin/chromium, `apt-get install chromium`) with Playwright through a short Kalah
game between two browser contexts, with a third watching, and saves lobby.png,
game.png and finished.png. `--phone` also saves game-phone.png at 390x844.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.web.helpers import (  # noqa: E402
    CHROMIUM,
    LAUNCH_ARGS,
    LiveServer,
    create_room,
    legal_holes,
    ply,
    wait_in_room,
    wait_online,
    wait_ply,
)

DESKTOP = {"width": 1180, "height": 860}
PHONE = {"width": 390, "height": 844}


def play_one(pages: list, rng: random.Random) -> bool:
    """The player to move clicks one of the holes its page offers; False when none does."""
    for page in pages:
        holes = legal_holes(page)
        if holes:
            before = ply(page)
            page.click(f"button.hole[data-hole='{rng.choice(holes)}']")
            for p in pages:
                wait_ply(p, before + 1)
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--moves", type=int, default=9, help="moves played before game.png")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--phone", action="store_true", help="also save game-phone.png")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "data")
        server.start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)

                def page_for(name: str, path: str = "/", viewport: dict | None = None):
                    context = browser.new_context(viewport=viewport or DESKTOP)
                    context.set_default_timeout(15_000)
                    page = context.new_page()
                    page.add_init_script(f"localStorage.setItem('mancala.name', JSON.stringify({name!r}))")
                    page.goto(server.url + path)
                    return page

                # a couple of public rooms so the lobby has something to list
                carol = page_for("carol")
                create_room(carol, "oware_abapa", public=True)
                dave = page_for("dave")
                create_room(dave, "congklak", public=True, seat="1")

                alice = page_for("alice")
                code = create_room(alice, "kalah_4", public=False, seat="0", starter="0")
                bob = page_for("bob", f"/#room={code}")
                wait_in_room(bob)
                watcher = page_for("erin", f"/#watch={code}")
                wait_in_room(watcher)

                lobby = page_for("frank")
                wait_online(lobby)
                lobby.wait_for_selector("#rooms-body tr")
                lobby.fill("#variant-search", "kalah")
                lobby.screenshot(path=str(args.out / "lobby.png"), full_page=True)

                players = [alice, bob]
                for _ in range(args.moves):
                    if not play_one(players, rng):
                        break
                alice.wait_for_timeout(300)
                alice.screenshot(path=str(args.out / "game.png"), full_page=True)
                if args.phone:
                    phone = page_for("alice", f"/#watch={code}", PHONE)
                    wait_in_room(phone)
                    phone.screenshot(path=str(args.out / "game-phone.png"), full_page=True)

                while play_one(players, rng):
                    pass
                bob.wait_for_selector("#result:not([hidden])")
                bob.wait_for_timeout(300)
                bob.screenshot(path=str(args.out / "finished.png"), full_page=True)
                browser.close()
        finally:
            server.stop()
    for name in ("lobby.png", "game.png", "finished.png"):
        print(args.out / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
