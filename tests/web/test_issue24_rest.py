"""Issue 24 point 9, the last of it on the page: the replay viewer opens at its top on a
phone, one notation for North's holes (the text record's), hole letters and rings that
can be told apart without colour vision, "seeds only" that counts past six, and the end
of an aborted game said after a reload."""

from __future__ import annotations

import pytest

from tests.web.helpers import SocketPlayer, create_room, request, wait_in_room
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
