"""Issue 24 point 9, the last of it on the page: the replay viewer opens at its top on a
phone, one notation for North's holes (the text record's), hole letters and rings that
can be told apart without colour vision, "seeds only" that counts past six, and the end
of an aborted game said after a reload."""

from __future__ import annotations

import re
import urllib.request

import pytest

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from tests.web.helpers import (
    SocketPlayer,
    create_room,
    moves_to_a_capture_and_an_extra_turn,
    request,
    wait_in_room,
    wait_ply,
)
from tests.web.test_competitive import known
from tests.web.test_replay import played_game

PORTRAIT = {"width": 375, "height": 667}


def test_the_replay_viewer_on_a_phone_opens_with_the_board_in_view(new_page, server, stack) -> None:
    """375 x 667: the viewer opened 265 px down (the last move of the list scrolled the
    window, not the list). It opens at the top, the board's top edge in sight."""
    _, game_id, moves, _, _, _ = played_game(server, stack)
    page = new_page(f"/games/{game_id}", viewport=PORTRAIT)
    page.wait_for_selector("body[data-loaded='game']")
    assert page.get_attribute("#main", "data-at") == str(len(moves))  # it opened on the end
    page.wait_for_timeout(300)  # any late scrolling has happened
    assert page.evaluate("window.scrollY") == 0
    top = page.eval_on_selector("#board .board", "b => b.getBoundingClientRect().top")
    assert 0 <= top < PORTRAIT["height"] / 2
    # stepping keeps the page where it is too (the list scrolls inside itself)
    page.keyboard.press("Home")
    page.keyboard.press("End")
    assert page.evaluate("window.scrollY") == 0


@pytest.mark.server_settings(first_move_timeout=2.0)
def test_an_aborted_game_still_reads_aborted_after_a_reload(new_page) -> None:
    """The room_state of a finished room carried no end reason: reloaded, an aborted game
    (and a resigned one) read "Game over!". Now it reads as it did live."""
    alice = new_page(name="ava")
    known(alice)
    granted = request(alice, {"type": "create_room", "variant": "kalah_4", "seat": 0, "public": False,
                              "rated": True, "clock": {"base": 60, "increment": 0}})
    bob = new_page(f"/#room={granted['room']}", name="bea")
    known(bob)
    wait_in_room(bob)
    for page in (alice, bob):
        page.wait_for_selector("#room[data-status='finished']", timeout=15_000)
        assert page.inner_text("#result h3") == "Aborted!"  # live
    for page in (alice, bob):
        page.reload()
        page.wait_for_selector("#room[data-status='finished']")
        page.wait_for_selector("#result:not([hidden])")
        assert page.inner_text("#result h3") == "Aborted!"
        assert "South made no first move in time" in page.inner_text("#result")


def test_a_resigned_game_names_its_winner_after_a_reload(new_page, server, stack) -> None:
    alice = new_page(name="ann")
    code = create_room(alice, "kalah_4", public=False)
    bob = SocketPlayer(server, "bob", stack)
    bob.ask({"type": "join_room", "room": code})
    alice.wait_for_selector("#room[data-status='playing']")
    bob.ask({"type": "resign", "room": code})
    alice.wait_for_selector("#result:not([hidden])")
    assert alice.inner_text("#result h3") == "You win!"
    alice.reload()
    alice.wait_for_selector("#room[data-status='finished']")
    alice.wait_for_selector("#result:not([hidden])")
    assert alice.inner_text("#result h3") == "You win!"
    assert "North resigned" in alice.inner_text("#result")


def record_holes(server, game_id: int) -> list[tuple[str, str]]:
    """(seat, hole) of each move line of the game's text record."""
    with urllib.request.urlopen(f"{server.url}/api/games/{game_id}/record.txt") as reply:
        text = reply.read().decode()
    return [(m[1], m[2]) for m in re.finditer(r"^\d+\. (South|North) (\S+)", text, re.M)]


def test_the_page_names_holes_as_the_text_record_does(new_page, server, stack) -> None:
    """North's holes were lower case on the page, capitals in record.txt: one notation now
    (docs/notation.md), South's a..f and North's A..F, also on North's own screen."""
    ann = SocketPlayer(server, "ann", stack)
    code = ann.ask({"type": "create_room", "variant": "kalah_4", "public": True, "seat": 0})["room"]
    bob = new_page(f"/#room={code}", name="bob")
    wait_in_room(bob)
    ann.ask({"type": "ping"})
    game_id = next(m for m in ann.pushed if m["type"] == "room_state")["game_id"]
    game = Game(load_variant(config_paths()["kalah_4"]))
    moves, _, _ = moves_to_a_capture_and_an_extra_turn(game)
    pos = game.start(0)
    for at, move in enumerate(moves):
        if pos.turn == 0:
            ann.ask({"type": "move", "room": code, "move": move, "ply": at})
        else:
            wait_ply(bob, at)
            request(bob, {"type": "move", "room": code, "move": move, "ply": at})
        pos = game.play(pos, move)
    wait_ply(bob, len(moves))
    record = record_holes(server, game_id)
    assert len(record) == len(moves) and {seat for seat, _ in record} == {"South", "North"}
    shown = bob.eval_on_selector_all("#move-list li .what", "ws => ws.map(w => w.textContent)")
    assert shown == [hole for _, hole in record]
    # North's own row, at the bottom of North's screen, carries North's capitals
    names = bob.eval_on_selector_all(".cell .hole-name", "ns => ns.map(n => n.textContent)")
    assert names == list("fedcba") + list("ABCDEF")
    assert bob.get_attribute("button.hole[data-hole='6']", "aria-label").startswith("Your hole A,")
    viewer = new_page(f"/games/{game_id}")
    viewer.wait_for_selector("body[data-loaded='game']")
    assert viewer.eval_on_selector_all("#move-list li .what", "ws => ws.map(w => w.textContent)") == shown


# WCAG's contrast of the text of each hole letter against what lies under it: the nearest
# background colour, or every colour of a gradient (the board's wood), the worst one
# counting; the text's own alpha and the element's opacity are mixed in first
CONTRASTS = """() => {
  const rgba = (s) => (s.match(/[\\d.]+/g) || []).map(Number).concat([1]).slice(0, 4);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const mix = (fg, bg, alpha) => fg.slice(0, 3).map((c, i) => alpha * c + (1 - alpha) * bg[i]);
  const under = (el) => {
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const bg = rgba(style.backgroundColor);
      if (bg[3] >= 0.99) return [bg];
      const stops = style.backgroundImage.match(/rgba?\\([^)]*\\)/g);
      if (stops) return stops.map(rgba);
    }
    return [[255, 255, 255, 1]];
  };
  return [...document.querySelectorAll('.cell .hole-name')].map((el) => {
    const style = getComputedStyle(el);
    const fg = rgba(style.color);
    const alpha = fg[3] * Number(style.opacity);
    return Math.min(...under(el).map((bg) => ratio(mix(fg, bg, alpha), bg)));
  });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_hole_letters_are_legible_and_the_last_move_ring_is_not_only_a_hue(new_page, server, stack, scheme) -> None:
    """The letters were at 2.9-3.6:1 on the wood; WCAG asks 4.5:1 of text. The ring of
    the last move and the ring of a playable hole differed only by hue (yellow, green)."""
    ann = SocketPlayer(server, "ann", stack)
    code = ann.ask({"type": "create_room", "variant": "kalah_4", "public": True, "seat": 1})["room"]
    page = new_page(f"/#room={code}", name="bob")
    page.emulate_media(color_scheme=scheme)
    wait_in_room(page)
    ratios = page.evaluate(CONTRASTS)
    assert len(ratios) == 12 and min(ratios) >= 4.5, ratios
    # South (bob) plays a, which sows into b..e: a is the last move, not playable (empty)
    request(page, {"type": "move", "room": code, "move": 0, "ply": 0})
    wait_ply(page, 1)
    ann.ask({"type": "move", "room": code, "move": 11, "ply": 1})  # North's F: South to move
    wait_ply(page, 2)
    rings = page.evaluate("""() => {
      const ring = (sel) => { const s = getComputedStyle(document.querySelector(sel));
        return {style: s.borderTopStyle, width: s.borderTopWidth, color: s.borderTopColor}; };
      return {last: ring("button.hole.last:not(.legal)"), legal: ring("button.hole.legal:not(.last)")};
    }""")
    assert rings["last"]["style"] != rings["legal"]["style"] or rings["last"]["width"] != rings["legal"]["width"], rings


def test_seeds_only_shows_counts_past_six_truthfully(new_page, server, stack) -> None:
    """"Seeds only" drew at most 6 seeds: 10 or 12 seeds looked like 6. Every seed is
    drawn up to 12, and past that the count is shown (seeds that small are not counted)."""
    game = Game(load_variant(config_paths()["toguz_kumalak"]))  # nine seeds a hole
    pos, moves = game.start(0), []
    while max(pos.board) <= 12:  # on until a hole holds more than twelve
        move = game.legal_moves(pos)[len(moves) % 3]
        moves.append(move)
        pos = game.play(pos, move)
    ann, bob = SocketPlayer(server, "ann", stack), SocketPlayer(server, "bob", stack)
    code = ann.ask({"type": "create_room", "variant": "toguz_kumalak", "public": True, "seat": 0})["room"]
    bob.ask({"type": "join_room", "room": code})
    page = new_page(name="cy")
    page.add_init_script("localStorage.setItem('mancala.counts', 'stones')")
    page.add_init_script("localStorage.setItem('mancala.speed', 'instant')")
    page.goto(f"{server.url}/index.html#watch={code}")
    wait_in_room(page)
    turn = game.start(0)
    for at, move in enumerate(moves):
        (ann if turn.turn == 0 else bob).ask({"type": "move", "room": code, "move": move, "ply": at})
        turn = game.play(turn, move)
    wait_ply(page, len(moves))
    assert page.input_value("#counts-select") == "stones"
    shown = page.eval_on_selector_all("#board button.hole", """hs => hs.map(h => [Number(h.dataset.hole),
        h.querySelectorAll('.seed').length, h.querySelector('.count')?.textContent ?? null,
        h.querySelector('.count') ? getComputedStyle(h.querySelector('.count')).display : null])""")
    by_hole = {hole: (drawn, count, display) for hole, drawn, count, display in shown}
    assert any(7 <= n <= 12 for n in pos.board) and any(n > 12 for n in pos.board)
    for hole, seeds in enumerate(pos.board):
        drawn, count, display = by_hole[hole]
        if seeds <= 12:
            assert (drawn, count) == (seeds, None), (hole, seeds, by_hole[hole])
        else:
            assert count == str(seeds) and display != "none", (hole, seeds, by_hole[hole])
