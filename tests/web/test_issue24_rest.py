"""Issue 24 point 9, the last of it on the page: the replay viewer opens at its top on a
phone, one notation for North's holes (the text record's), hole letters and rings that
can be told apart without colour vision, "seeds only" that counts past six, and the end
of an aborted game said after a reload."""

from __future__ import annotations

from tests.web.helpers import SocketPlayer, request, wait_in_room
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
