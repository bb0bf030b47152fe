"""What a joiner needs to know before joining (issue 24, point 6): each listed room's time
control, rated or casual and swap rule, in the lobby's table and the room's header; and
the quick-pairing grid, where one click each puts two players in one game."""

from __future__ import annotations

from tests.web.helpers import request, wait_in_room


def test_the_lobby_and_the_room_header_show_clock_rated_and_swap(new_page) -> None:
    host, joiner = new_page(name="host"), new_page(name="joiner")
    host.wait_for_function("window.mancala.me !== null")
    granted = request(host, {"type": "create_room", "variant": "oware_abapa", "seat": 0, "public": True,
                             "rated": True, "pie": True, "clock": {"base": 300, "increment": 3}})
    row = f"#rooms-body tr[data-room='{granted['room']}'] td.terms"
    joiner.wait_for_selector(row)
    assert joiner.inner_text(row) == "5+3 · rated · swap rule"
    assert host.inner_text("#room-terms") == "5+3 · rated · swap rule"


def test_two_clicks_on_the_same_pool_make_one_game(new_page) -> None:
    ann, bob = new_page(name="ann"), new_page(name="bob")
    assert ann.locator("#pools .pool").count() >= 9
    pool = "#pools .pool[data-variant='oware_abapa'][data-clock='5+3']"
    ann.click(pool)
    code = wait_in_room(ann)
    bob.click(pool)
    assert wait_in_room(bob) == code
    ann.wait_for_selector("#room[data-status='playing']")
    assert ann.inner_text("#room-terms") == "5+3 · casual"
