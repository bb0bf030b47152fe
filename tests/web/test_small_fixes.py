"""Issue 24 point 9: smaller defects of the page, each seen in a real browser."""

from __future__ import annotations

from tests.web.helpers import create_room, request, wait_in_room, wait_ply
from tests.web.test_competitive import known


def test_a_takeback_keeps_the_marks_of_the_moves_that_stand(new_page) -> None:
    alice = new_page(name="tia")
    code = create_room(alice, "kalah_4", public=False)
    bob = new_page(f"/#room={code}", name="tom")
    wait_in_room(bob)
    alice.wait_for_selector("#room[data-status='playing']")
    alice.click("button.hole[data-hole='2']")  # c: its last seed in South's store, another turn
    wait_ply(alice, 1)
    alice.click("button.hole[data-hole='0']")  # a: four seeds into b..e, North's turn
    wait_ply(bob, 2)
    bob.click("button.hole[data-hole='6']")
    wait_ply(alice, 3)
    alice.wait_for_selector("#move-list li[data-ply='0'][data-extra='1']")
    assert "+" in alice.inner_text("#move-list li[data-ply='0'] .marks")

    bob.click("#takeback-button:visible")
    alice.wait_for_selector("#offer:not([hidden])")
    alice.click("#offer-accept")
    for page in (alice, bob):
        wait_ply(page, 2)
        page.wait_for_function("document.querySelectorAll('#move-list li').length === 2")
        assert page.get_attribute("#move-list li[data-ply='0']", "data-extra") == "1"
        assert page.inner_text("#move-list li[data-ply='0'] .marks").strip() == "+"


def test_both_players_may_offer_a_draw_before_the_first_move(new_page) -> None:
    """Before anyone has moved, the creator was offered no draw while the joiner was: both
    are now (docs/competitive.md, "Early games": an agreed draw before both moved is a
    draw, unrated), in a casual game as in a rated, timed one."""
    for n, terms in enumerate(({}, {"rated": True, "clock": {"base": 300, "increment": 0}})):
        alice = new_page(name=f"ann{n}")
        known(alice)
        granted = request(alice, {"type": "create_room", "variant": "kalah_4", "seat": 0, "public": False, **terms})
        wait_in_room(alice)
        bob = new_page(f"/#room={granted['room']}", name=f"ben{n}")
        wait_in_room(bob)
        for page in (alice, bob):
            page.wait_for_selector("#room[data-status='playing']")
            page.wait_for_selector("#draw-button:visible")
            assert page.get_attribute("#room", "data-ply") == "0"
            if terms:
                assert "no rating change" in (page.get_attribute("#draw-button", "title") or "")
        alice.click("#draw-button")
        bob.wait_for_selector("#offer:not([hidden])")
        bob.click("#offer-accept")
        for page in (alice, bob):
            page.wait_for_selector("#room[data-status='finished']")
            assert page.inner_text("#result h3") == "Draw!"


def test_a_muted_name_stays_muted_after_a_reload(new_page) -> None:
    alice = new_page(name="ann")
    code = create_room(alice, "kalah_4", public=False)
    bob = new_page(f"/#room={code}", name="ben")
    wait_in_room(bob)
    bob.fill("#chat-text", "hello")
    bob.press("#chat-text", "Enter")
    alice.wait_for_selector("#chat-lines li:has-text('hello')")
    alice.click("#chat-lines li .chat-name")  # ben's name: mute him
    alice.wait_for_selector("#chat-lines li.muted", state="attached")

    alice.reload()
    wait_in_room(alice)
    alice.wait_for_selector("#chat-lines li", state="attached")  # the recent lines, sent again
    assert alice.locator("#chat-lines li:visible").count() == 0
    bob.fill("#chat-text", "still here")
    bob.press("#chat-text", "Enter")
    bob.wait_for_selector("#chat-lines li:has-text('still here')")
    request(alice, {"type": "ping"})  # a line for alice would have come before this answer
    assert alice.locator("#chat-lines li:visible").count() == 0
    alice.click("#chat-muted button[data-name='ben']")  # and the way back
    alice.wait_for_selector("#chat-lines li:has-text('hello')")
