"""A choice between rounds in a real browser against a real server (bechi_mg, round_fill
UCHOOSE): the chooser's page shows the holes to pick, a countdown and Confirm; a
spectator's page says who is choosing; the refused choice is said, the confirmed one
starts the next round as chosen."""

from __future__ import annotations

from contextlib import ExitStack

from mancala.engine.game import Game
from mancala.rules.loading import load_variant
from tests.server.test_round_choices import BECHI, _moves_to_a_choice
from tests.web.helpers import LiveServer, SocketPlayer, request, wait_in_room, wait_ply


def test_the_chooser_picks_the_next_rounds_hole_on_the_page(new_page, server: LiveServer, stack: ExitStack) -> None:
    alice = new_page(name="alice")
    request(alice, {"type": "create_room", "variant": "bechi_mg", "seat": 0, "public": True})
    code = wait_in_room(alice)
    bob = SocketPlayer(server, "bob", stack)
    bob.ask({"type": "join_room", "room": code})
    eve = new_page(f"/#watch={code}", name="eve")
    wait_in_room(eve)
    alice.wait_for_selector("#room[data-status='playing']")
    assert alice.is_hidden("#round-choice")
    for ply, move in enumerate(BECHI):
        if ply % 2 == 0:
            request(alice, {"type": "move", "room": code, "move": move, "ply": ply})
        else:
            bob.ask({"type": "move", "room": code, "move": move, "ply": ply})
    wait_ply(alice, len(BECHI))
    alice.wait_for_selector("#round-choice:not([hidden])[data-form='fill']")
    text = alice.inner_text("#round-choice-text")
    assert "pick 1 hole of your row to fill" in text and " s left" in text
    eve.wait_for_selector("#round-choice:not([hidden])")
    assert "is choosing which holes of their row are filled" in eve.inner_text("#round-choice-text")
    assert eve.is_hidden("#round-choice-confirm")
    default = alice.eval_on_selector_all("#round-choice-picks button[aria-pressed='true']",
                                         "bs => bs.map(b => Number(b.dataset.hole))")
    assert len(default) == 1
    pick = next(h for h in range(4) if h not in default)
    # picking a second hole too: the server refuses, the page says so and the choice stays open
    alice.click(f"#round-choice-picks button[data-hole='{pick}']")
    alice.click("#round-choice-confirm")
    alice.wait_for_selector("#notice:not([hidden])")
    assert "exactly 1" in alice.inner_text("#notice")
    assert alice.is_visible("#round-choice")
    # the rules' hole unpicked (by clicking it on the board): just the hole chosen
    assert alice.get_attribute(f"button.hole[data-hole='{default[0]}']", "aria-pressed") == "true"
    alice.click(f"button.hole[data-hole='{default[0]}']")
    alice.wait_for_selector(f"#round-choice-picks button[data-hole='{default[0]}'][aria-pressed='false']")
    alice.click("#round-choice-confirm")
    alice.wait_for_selector("#round-choice", state="hidden")
    eve.wait_for_selector("#round-choice", state="hidden")
    blocked = alice.evaluate("window.mancala.room.state.blocked")
    assert not blocked[pick] and all(blocked[h] for h in range(4) if h != pick)
    started = bob.pushed + [bob.ask({"type": "ping"})]
    assert any(m["type"] == "round_started" and not m["state"]["blocked"][pick] for m in started)


def test_the_loser_lays_out_their_row_on_the_page(new_page, server: LiveServer, stack: ExitStack) -> None:
    """UMOVE (giuthi_mg): a number box a hole; the confirmed layout starts the round."""
    moves, needed = _moves_to_a_choice("giuthi_mg")
    mine = needed["player"]  # the page sits where the loser will be
    alice = new_page(name="alice")
    request(alice, {"type": "create_room", "variant": "giuthi_mg", "seat": mine, "public": True, "starter": 0})
    code = wait_in_room(alice)
    bob = SocketPlayer(server, "bob", stack)
    bob.ask({"type": "join_room", "room": code})
    alice.wait_for_selector("#room[data-status='playing']")
    game = Game(load_variant("giuthi_mg"))
    pos = game.start(0)
    for ply, move in enumerate(moves):
        wire = list(move) if isinstance(move, tuple) else move
        message = {"type": "move", "room": code, "move": wire, "ply": ply}
        if pos.turn == mine:
            request(alice, message)
        else:
            bob.ask(message)
        pos = game.play(pos, move)
    alice.wait_for_selector("#round-choice:not([hidden])[data-form='layout']")
    assert f"of {needed['seeds']} seeds used" in alice.inner_text("#round-choice-text")
    counts = [needed["min_move"]] + [1] * (needed["holes"] - 1)
    boxes = alice.query_selector_all("#round-choice-picks input")
    assert len(boxes) == needed["holes"]
    for box, count in zip(boxes, counts, strict=True):
        box.fill(str(count))
    assert f"{sum(counts)} of {needed['seeds']} seeds used" in alice.inner_text("#round-choice-text")
    alice.click("#round-choice-confirm")
    alice.wait_for_selector("#round-choice", state="hidden")
    expected = game.next_round(pos, {"layout": counts})
    alice.wait_for_function(f"JSON.stringify(window.mancala.room.state.board) === '{expected.board}'.replace(/ /g, '')")
