"""The swap rule in real browsers against a real server: the second player's page offers
"Swap sides" after the first move (and nowhere else), and a click seats each page on the
other side, the first player's page then to move."""

from __future__ import annotations

from tests.web.helpers import LiveServer, request, wait_in_room, wait_ply


def test_the_second_player_swaps_sides_with_one_click(new_page, server: LiveServer) -> None:
    alice, bob = new_page(name="alice"), new_page(name="bob")
    granted = request(alice, {"type": "create_room", "variant": "kalah_4", "seat": 0, "public": True, "pie": True})
    code = wait_in_room(alice)
    assert code == granted["room"]
    bob.goto(f"{server.url}/#room={code}")
    assert wait_in_room(bob) == code
    alice.wait_for_selector("#room[data-status='playing']")
    assert alice.is_hidden("#swap-button") and bob.is_hidden("#swap-button")  # nothing to swap yet
    alice.click("button.hole[data-hole='0']")  # four seeds end on her own row: North's turn
    wait_ply(bob, 1)
    bob.wait_for_selector("#swap-button:not([hidden])")
    assert alice.is_hidden("#swap-button")  # only the second player may
    bob.click("#swap-button")
    for page, seat in ((bob, 0), (alice, 1)):
        page.wait_for_function(f"window.mancala.room.you === {seat} && window.mancala.match.swapped")
    alice.wait_for_selector("#swap-button", state="hidden")
    bob.wait_for_selector("#swap-button", state="hidden")
    # Alice, now North, is to move: her page lets her
    alice.wait_for_function("window.mancala.room.state.turn === window.mancala.room.you")


def test_a_private_games_replay_link_carries_its_key_and_others_find_nothing(new_page, server: LiveServer) -> None:
    alice = new_page(name="alice")
    request(alice, {"type": "create_room", "variant": "kalah_4", "seat": 0, "computer": 0, "public": False})
    code = wait_in_room(alice)
    request(alice, {"type": "resign", "room": code})
    alice.wait_for_selector("#replay-link")
    href = alice.get_attribute("#replay-link", "href")
    assert href is not None and "?key=" in href
    alice.click("#replay-link")
    alice.wait_for_selector("body[data-loaded='game']")  # the players' link opens the viewer
    stranger = new_page(href.split("?")[0], name="eve")  # the id alone: nothing
    stranger.wait_for_selector("body[data-loaded='missing']")
