"""The puzzles page (/puzzles/{variant}): a puzzle from a finished game, answered by a
click on a hole; the server's verdict with the solution (and the refutation of a wrong
move) is shown, and a variant without puzzles says so in words."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from contextlib import ExitStack
from typing import Any

from tests.server.helpers import engine
from tests.web.helpers import SocketPlayer

VARIANT = "kalah_4"


def finished_games(server: Any, stack: ExitStack, count: int) -> None:
    ann, bob = SocketPlayer(server, "ann", stack), SocketPlayer(server, "bob", stack)
    for player, name in ((ann, "ann"), (bob, "bob")):
        player.ask({"type": "identify", "name": name})
    game, rng = engine(VARIANT), random.Random(5)
    for _ in range(count):
        room = ann.ask({"type": "create_room", "variant": VARIANT, "public": True, "seat": 0, "starter": 0})["room"]
        bob.ask({"type": "join_room", "room": room, "seat": 1})
        pos, ply = game.start(0), 0
        while pos.outcome is None:
            move = game.move_json(rng.choice(game.legal_moves(pos)))
            (ann, bob)[pos.turn].ask({"type": "move", "room": room, "move": move, "ply": ply})
            pos, ply = game.play(pos, move), ply + 1


def a_puzzle(server: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{server.url}/api/puzzles/{VARIANT}", timeout=5) as reply:
                return dict(json.load(reply))
        except urllib.error.HTTPError:
            time.sleep(0.2)
    raise AssertionError("no puzzle was found")


def test_a_puzzle_is_answered_by_a_click_and_judged(new_page, server, stack) -> None:
    finished_games(server, stack, 2)
    puzzle = a_puzzle(server)
    page = new_page(f"/puzzles/{VARIANT}")
    page.wait_for_selector(f"body[data-loaded='puzzle-{puzzle['id']}']")
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert "find the one best move" in page.text_content("#puzzle-task")
    page.click(".hole.legal >> nth=0")
    page.wait_for_selector(f"body[data-loaded='answered-{puzzle['id']}']")
    verdict = page.text_content("#puzzle-result")
    right = page.get_attribute("#puzzle-result", "data-correct") == "1"
    assert verdict.startswith("Right:") if right else verdict.startswith("Not this one:")
    assert "The move was" in verdict or right


def test_a_variant_without_puzzles_says_so(new_page) -> None:
    page = new_page("/puzzles/oware_abapa")
    page.wait_for_selector("body[data-loaded='missing']")
    assert "No puzzle of" in page.text_content("#puzzle-missing")
