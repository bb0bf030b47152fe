"""The opening explorer's page (/explorer/{variant}): the moves counted games played from
a position, followed move by move on the board, and an unknown variant said in words."""

from __future__ import annotations

import json
import time
import urllib.request
from contextlib import ExitStack
from typing import Any

from tests.server.helpers import engine
from tests.web.helpers import SocketPlayer

VARIANT = "kalah_4"


def counted_game(server: Any, stack: ExitStack) -> list[Any]:
    """Ann and Bob, both known players, play a public game that Bob resigns after two
    moves each: the moves made."""
    ann, bob = SocketPlayer(server, "ann", stack), SocketPlayer(server, "bob", stack)
    for player, name in ((ann, "ann"), (bob, "bob")):
        player.ask({"type": "identify", "name": name})
    room = ann.ask({"type": "create_room", "variant": VARIANT, "public": True, "seat": 0, "starter": 0})["room"]
    bob.ask({"type": "join_room", "room": room, "seat": 1})
    game = engine(VARIANT)
    pos = game.start(0)
    made, moves = [0, 0], []
    while min(made) < 2:
        move = game.move_json(game.legal_moves(pos)[0])
        (ann, bob)[pos.turn].ask({"type": "move", "room": room, "move": move, "ply": len(moves)})
        made[pos.turn] += 1
        moves.append(move)
        pos = game.play(pos, move)
    bob.ask({"type": "resign", "room": room})
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:  # the feed counts it within a second of its end
        with urllib.request.urlopen(f"{server.url}/api/explorer/{VARIANT}", timeout=5) as reply:
            if json.load(reply)["games"] == 1:
                return moves
        time.sleep(0.2)
    raise AssertionError("the explorer never counted the game")


def rows(page: Any) -> list[list[str]]:
    return page.evaluate("""() => [...document.querySelectorAll('#explorer-body tr')]
        .map((tr) => [...tr.children].map((td) => td.textContent))""")


def test_the_explorer_follows_a_counted_game_move_by_move(new_page, server, stack) -> None:
    moves = counted_game(server, stack)
    page = new_page(f"/explorer/{VARIANT}")
    page.wait_for_selector("body[data-loaded='kalah_4:0']")
    assert page.text_content("#explorer-title").startswith("Openings: ") and "kalah_4" not in page.title()
    (first,) = rows(page)
    assert first[1:] == ["1", "100%", "0%", "0%", "–", "–"], "one game, won by South who made the move (no book)"
    page.click("#explorer-body tr button")
    page.wait_for_selector("body[data-loaded='kalah_4:1']")
    assert json.loads(page.evaluate("new URLSearchParams(location.search).get('moves')")) == moves[:1]
    (second,) = rows(page)
    assert second[1:5] == ["1", "0%", "0%", "100%"], "North made the second move and lost"
    assert "After " in page.text_content("#explorer-where")
    board = page.evaluate("[...document.querySelectorAll('#board .hole')].length")
    assert board > 0
    page.click("#explorer-back")
    page.wait_for_selector("body[data-loaded='kalah_4:0']")
    page.select_option("#explorer-starter", "1")
    page.wait_for_selector("#explorer-empty:not([hidden])")
    assert rows(page) == [], "no counted game had North start"


def test_an_unknown_variant_is_said_in_words(new_page) -> None:
    page = new_page("/explorer/no_such_game")
    page.wait_for_selector("body[data-loaded='missing']")
    assert "There is no variant called “no_such_game”" in page.text_content("#explorer-missing")
