"""Issue 24 point 1: every variant whose moves carry a direction choice is playable by
touch on a 375 px phone. Side by side, a hole's two direction buttons overran its column
on a 7- or 8-hole board and the clockwise one lay under the next hole's counter-clockwise
one, so a tap on it did nothing. Checked by geometry: the centre of each direction button
hits that button, and each is at least TOUCH px a side (24 px: WCAG 2.2's minimum target
size, what a hole on a 9-hole phone board is held to as well)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from tests.web.helpers import LiveServer, SocketPlayer, create_room
from tests.web.page_pool import player_page

TOUCH = 24
PHONE = {"width": 375, "height": 740}


def directional_variants() -> list[str]:
    """The variants in configs/ whose opening moves offer a direction (South starts)."""
    names = []
    for name, path in sorted(config_paths().items()):
        game = Game(load_variant(path))
        # a direction is a (hole, "CW"/"CCW") move; a store move ("STORE", k) is not one
        if any(isinstance(move, tuple) and isinstance(move[0], int) for move in game.legal_moves(game.start(0))):
            names.append(name)
    return names


DIRECTIONAL = directional_variants()

# for each direction button: does the point at its centre belong to it, and its size
HITS = """() => [...document.querySelectorAll('#board button[data-dir-hole]')].map(b => {
  const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {hole: b.dataset.dirHole, dir: b.dataset.dir, width: r.width, height: r.height,
          own: hit !== null && hit.closest('button') === b};
})"""


def test_the_direction_variants_include_bao_and_olinda() -> None:
    # the two the issue names, so that the check below cannot pass by finding none
    assert any(name.startswith("bao") for name in DIRECTIONAL), DIRECTIONAL
    assert any("olinda" in name for name in DIRECTIONAL), DIRECTIONAL


@pytest.fixture(scope="module")
def phone_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One server for the module's thirty rooms (a private room each, all from one address)."""
    live = LiveServer(Path(tmp_path_factory.mktemp("phone")) / "data", rooms_per_client=100,
                      rooms_per_address=100)
    live.start()
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="module")
def phone(browser: Any, phone_server: LiveServer) -> Iterator[Any]:
    """One phone-sized page for every variant: a browser context a variant cost 1.5 CPU
    seconds (a renderer started and the page's modules fetched and compiled with an empty
    cache), which was most of this module's time; the page is loaded again for each."""
    page = player_page(browser, name="sam", viewport=PHONE)
    try:
        yield page
    finally:
        page.context.close()


@pytest.mark.parametrize("variant", DIRECTIONAL)
def test_every_direction_button_can_be_tapped_on_a_phone(phone: Any, phone_server: LiveServer,
                                                          stack: ExitStack, variant: str) -> None:
    sam, server = phone, phone_server
    sam.goto(f"{server.url}/?variant={variant}")  # a new document each time: the lobby
    code = create_room(sam, variant, public=False, seat="0", starter="0")
    SocketPlayer(server, "bob", stack).ask({"type": "join_room", "room": code})
    sam.wait_for_selector("#board button[data-dir-hole]")
    buttons: list[dict[str, Any]] = sam.evaluate(HITS)
    assert buttons and {b["dir"] for b in buttons} == {"CW", "CCW"}
    for b in buttons:
        assert b["own"], f"{variant}: a tap on hole {b['hole']} {b['dir']} reaches another element"
        assert b["width"] >= TOUCH and b["height"] >= TOUCH, (variant, b)
    assert sam.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert sam.js_errors == [], sam.js_errors
