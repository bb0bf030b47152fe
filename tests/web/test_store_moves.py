"""Azigo's store moves in a real browser against a real server: where the legal moves
include ["STORE", k], the mover's page shows a number of seeds and a Sow button beside
the holes; the move is played, both boards show it, and the panel is not offered to the
player who is not to move."""

from __future__ import annotations

from tests.web.helpers import board, seated_pair, wait_ply


def test_the_mover_sows_from_the_store_on_the_page(new_page) -> None:
    alice, bob, _ = seated_pair(new_page, "azigo")
    alice.wait_for_selector("#store-move:not([hidden])")
    assert bob.is_hidden("#store-move"), "only the player to move is offered a store move"
    stores = alice.evaluate("window.mancala.room.state.stores")
    assert alice.get_attribute("#store-seeds", "max") == str(stores[0])
    alice.fill("#store-seeds", "3")
    alice.click("#store-move-button")
    for page in (alice, bob):
        wait_ply(page, 1)
    after = alice.evaluate("window.mancala.room.state")
    assert after["turn"] == 1
    assert board(bob) == board(alice)
    assert alice.evaluate("window.mancala.room.moves[0].move") == ["STORE", 3]
    alice.wait_for_selector("#move-list li")
    assert "store 3" in alice.inner_text("#move-list")
    alice.wait_for_selector("#store-move[hidden]", state="attached")
