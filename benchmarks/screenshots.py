"""The README's pictures of the web page, made anew with a real server and Chromium.

    python -m benchmarks.screenshots [--out docs/screenshots]

Starts a real server (temporary data directory, free port) and drives Debian's Chromium
(/usr/bin/chromium, `apt-get install chromium`; nothing downloads a browser) with
Playwright: two players (two browser contexts) play Kalah up to an extra turn and a
capture while a third watches, then to the end. It saves (the names in OUTPUTS, which
README.md shows and tests/test_screenshots.py checks):

- lobby.png: the lobby's form, variant picker and opponent choice (the computer's levels);
- game.png: a game under way: the annotated move list, the last move marked;
- sowing-1.png ... sowing-5.png: the next move (the fullest hole of the player to move)
  played out seed by seed, as a watcher saw it: the page's timers run under Playwright's
  clock, moved on a seed's time per frame, so the frames are the same each run;
- replay.png: the finished game in the replay viewer (/games/{id}), stepped back a move;
- phone.png: the game under way in a 390 px wide window;
- phone-bao.png, phone-bao-wide.png: Bao (8 holes a row, four rows, a direction to
  choose on some holes) on a phone held upright (375 x 812) and sideways (812 x 375);
- phone-toguz.png, phone-toguz-wide.png: Toguz Kumalak (9 holes a side) the same two ways.

Pictures are stored with at most 256 colours (Pillow, a dev dependency) to keep them small.
"""

from __future__ import annotations

import argparse
import io
import random
import tempfile
from pathlib import Path
from typing import Any

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from tests.web.helpers import (
    CHROMIUM,
    LAUNCH_ARGS,
    LiveServer,
    create_room,
    legal_holes,
    moves_to_a_capture_and_an_extra_turn,
    ply,
    wait_in_room,
    wait_online,
    wait_ply,
)

ROOT = Path(__file__).resolve().parents[1]
DESKTOP = {"width": 1180, "height": 860}
PHONE = {"width": 390, "height": 844}
UPRIGHT, SIDEWAYS = {"width": 375, "height": 812}, {"width": 812, "height": 375}
WIDE_BOARDS = {"bao": "bao", "toguz": "toguz_kumalak"}  # picture name -> variant
VARIANT = "kalah_4"
FRAMES = 5  # sowing frames kept: the first, the last and evenly between
SEED_MS = 320  # a seed's time at the "slow" speed (client/mancala_client/web/sowing.js)
OUTPUTS = ("lobby.png", "game.png", *(f"sowing-{i}.png" for i in range(1, FRAMES + 1)),
           "replay.png", "phone.png",
           *(f"phone-{name}{how}.png" for name in WIDE_BOARDS for how in ("", "-wide")))


def click_move(players: list[Any], hole: int) -> None:
    """The player to move clicks `hole`; every page waits for the move to be shown."""
    mover = next(p for p in players if legal_holes(p))
    before = ply(mover)
    mover.click(f"button.hole[data-hole='{hole}']")
    for page in players:
        wait_ply(page, before + 1, timeout=30_000)


def play_random(players: list[Any], rng: random.Random) -> bool:
    """The player to move clicks one of the holes its page offers; False when none does."""
    for page in players:
        holes = legal_holes(page)
        if holes:
            click_move(players, rng.choice(holes))
            return True
    return False


def save(png: bytes, path: Path, colours: int = 256) -> None:
    """A screenshot stored with a palette of at most `colours` (a third of the bytes)."""
    from PIL import Image

    Image.open(io.BytesIO(png)).convert("RGB").quantize(colours).save(path, optimize=True)


def shot(page: Any, path: Path, **options: Any) -> None:
    save(page.screenshot(**options), path)


def board_box(page: Any) -> dict[str, float]:
    """The board with both players' bars: the part of the room the sowing frames show."""
    return page.evaluate("""() => {
      const boxes = ['player-top', 'board', 'player-bottom'].map(
        (id) => document.getElementById(id).getBoundingClientRect());
      const x = Math.min(...boxes.map((b) => b.left)), y = Math.min(...boxes.map((b) => b.top));
      return {x, y, width: Math.max(...boxes.map((b) => b.right)) - x,
              height: Math.max(...boxes.map((b) => b.bottom)) - y};
    }""")


def pick(frames: list[bytes], keep: int) -> list[bytes]:
    """`keep` frames: the first, the last and evenly spaced between (all when fewer)."""
    if len(frames) <= keep:
        return frames
    return [frames[round(i * (len(frames) - 1) / (keep - 1))] for i in range(keep)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--seed", type=int, default=7, help="the random moves after the capture")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(args.seed)
    game = Game(load_variant(config_paths()[VARIANT]))
    moves, _, _ = moves_to_a_capture_and_an_extra_turn(game)
    with tempfile.TemporaryDirectory() as tmp:
        # a dozen people from one address: more new players than an address may register
        server = LiveServer(Path(tmp) / "data", register_burst=50)
        server.start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)

                def page_for(name: str, path: str | None = "/", viewport: dict[str, int] | None = None,
                             speed: str = "fast", clock: bool = False) -> Any:
                    context = browser.new_context(viewport=viewport or DESKTOP, device_scale_factor=1)
                    context.set_default_timeout(20_000)
                    page = context.new_page()
                    page.add_init_script(f"localStorage.setItem('mancala.name', JSON.stringify({name!r}));"
                                         f"localStorage.setItem('mancala.speed', {speed!r});")
                    if clock:
                        page.clock.install()
                    if path is not None:
                        page.goto(server.url + path)
                    return page

                # public rooms, so that the lobby lists some
                create_room(page_for("carol"), "oware_abapa", public=True)
                create_room(page_for("dave"), "congklak", public=True, seat="1")

                lobby = page_for("frank")
                wait_online(lobby)
                lobby.wait_for_selector("#rooms-body tr")
                lobby.wait_for_selector(f"#create-variant option[value='{VARIANT}']", state="attached")
                lobby.select_option("#create-variant", "oware_abapa")
                lobby.check("#create-form input[name='opponent'][value='computer']")
                lobby.wait_for_selector("#level-field:not([hidden])")
                shot(lobby, out / "lobby.png")

                alice = page_for("alice")
                code = create_room(alice, VARIANT, public=False, seat="0", starter="0")
                bob = page_for("bob", f"/#room={code}")
                wait_in_room(bob)
                players = [alice, bob]
                for move in moves:
                    click_move(players, move)
                alice.wait_for_timeout(300)
                shot(alice, out / "game.png")
                phone = page_for("grace", f"/#watch={code}", PHONE)
                wait_in_room(phone)
                phone.wait_for_timeout(300)
                shot(phone, out / "phone.png")

                # a watcher sees the next move seed by seed, its page's timers stopped:
                # each frame stays until the clock is moved on
                erin = page_for("erin", f"/#watch={code}", speed="slow", clock=True)
                wait_in_room(erin)
                wait_ply(erin, len(moves))
                now = erin.evaluate("Date.now()")
                erin.clock.pause_at(now + 1000)
                mover = next(p for p in players if legal_holes(p))
                fullest = max(legal_holes(mover), key=lambda hole: int(mover.get_attribute(
                    f"button.hole[data-hole='{hole}']", "data-seeds")))
                mover.click(f"button.hole[data-hole='{fullest}']")
                erin.wait_for_selector("#room[data-sowing='1']")
                box = board_box(erin)
                frames: list[bytes] = []
                for _ in range(100):
                    frame = erin.screenshot(clip=box)
                    if not frames or frame != frames[-1]:
                        frames.append(frame)
                    if erin.get_attribute("#room", "data-sowing") != "1":
                        break
                    erin.clock.run_for(SEED_MS)
                erin.clock.resume()
                kept = pick(frames, FRAMES)
                if len(kept) != FRAMES:
                    raise RuntimeError(f"only {len(kept)} frames of the move were seen")
                for i, frame in enumerate(kept, 1):
                    save(frame, out / f"sowing-{i}.png", colours=64)
                for page in players:
                    wait_ply(page, len(moves) + 1)

                while play_random(players, rng):
                    pass
                alice.wait_for_selector("#replay-link")
                href = alice.get_attribute("#replay-link", "href")
                viewer = page_for("alice", href)
                viewer.wait_for_selector("body[data-loaded='game']")
                viewer.keyboard.press("ArrowLeft")
                viewer.wait_for_timeout(200)
                shot(viewer, out / "replay.png")

                # the widest boards on a phone both ways: a game begun, watched
                for name, variant in WIDE_BOARDS.items():
                    host = page_for(f"{name}-south")
                    code = create_room(host, variant, public=False, seat="0", starter="0")
                    wait_in_room(page_for(f"{name}-north", f"/#room={code}"))
                    for how, viewport in (("", UPRIGHT), ("-wide", SIDEWAYS)):
                        watcher = page_for(f"{name}-fan{how}", f"/#watch={code}", viewport)
                        wait_in_room(watcher)
                        watcher.wait_for_timeout(300)
                        shot(watcher, out / f"phone-{name}{how}.png")
                browser.close()
        finally:
            server.stop()
    for name in OUTPUTS:
        print(out / name, (out / name).stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
