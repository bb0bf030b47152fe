"""More of competitive play in real browsers against a real server: a takeback asked for
with the button and accepted in the other browser, a transfer code that makes a second
browser the same player, a clock that ticks and turns low, and a rated game aborted when its
first move never comes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.helpers import board, create_room, legal_holes, stores, wait_in_room, wait_ply
from tests.web.test_competitive import known, request


def test_a_takeback_asked_with_the_button_and_accepted_in_the_other_browser(new_page) -> None:
    alice = new_page(name="tia")
    code = create_room(alice, "kalah_4", public=False)
    bob = new_page(f"/#room={code}", name="tom")
    wait_in_room(bob)
    alice.wait_for_selector("#room[data-status='playing']")
    start = board(alice)
    assert alice.is_hidden("#takeback-button")  # no move of hers yet: nothing to take back

    alice.click("button.hole[data-hole='0']")  # four seeds into b..e: North's turn
    for page in (alice, bob):
        wait_ply(page, 1)
    assert board(bob) != start
    assert bob.is_hidden("#takeback-button")  # North has not moved
    alice.click("#takeback-button:visible")
    bob.wait_for_selector("#offer:not([hidden])")
    assert bob.inner_text("#offer-text") == "Your opponent asks to take their last move back."
    bob.click("#offer-accept")
    for page in (alice, bob):
        wait_ply(page, 0)
        assert board(page) == start and stores(page) == [0, 0]
    alice.wait_for_selector("#notice:not([hidden])")
    assert "taken back" in alice.inner_text("#notice")
    assert legal_holes(alice) == [0, 1, 2, 3, 4, 5] and legal_holes(bob) == []  # South to move again
    assert bob.is_hidden("#offer")
    assert alice.is_hidden("#takeback-button")  # her move is gone: nothing to take back now


def test_a_transfer_code_makes_a_second_browser_the_same_player(new_page) -> None:
    laptop, phone = new_page(name="lou"), new_page(name="pat")
    assert (known(laptop), known(phone)) == ("lou", "pat")
    lou = laptop.evaluate("window.mancala.me.player")
    laptop.click("#devices summary")
    laptop.click("#transfer-button")
    laptop.wait_for_function("document.querySelector('#transfer-code').textContent.length > 0")
    code = laptop.inner_text("#transfer-code")

    phone.click("#devices summary")
    phone.fill("#redeem-code", code)
    phone.click("#redeem-form button[type='submit']")
    phone.wait_for_selector("#me-line:text('You play as lou.')")
    assert phone.evaluate("window.mancala.me.player") == lou
    assert phone.input_value("#player-name") == "lou"
    kept = phone.evaluate("JSON.parse(localStorage.getItem('mancala.player'))")
    assert kept["player"] == lou

    phone.reload()  # the secret it was given is its own: it comes back as lou
    assert known(phone) == "lou" and phone.evaluate("window.mancala.me.player") == lou


def reading(page: Any, bar: str) -> tuple[int, bool]:
    """A clock's milliseconds and whether it is shown low, from one rendering of it."""
    ms, low = page.evaluate(f"""() => {{ const el = document.querySelector('{bar}');
        return [Number(el.dataset.ms), el.querySelector('.time').classList.contains('low')]; }}""")
    return int(ms), bool(low)


def test_the_clock_ticks_down_and_turns_low(new_page, server) -> None:
    alice = new_page(name="kit")
    known(alice)
    # 12 s each: "low" under 10 s (a tenth of the start would be 1.2 s)
    granted = request(alice, {"type": "create_room", "variant": "kalah_4", "seat": 0, "public": False,
                              "clock": {"base": 12, "increment": 0}})
    assert wait_in_room(alice) == granted["room"]
    bob = new_page(f"/#room={granted['room']}", name="kim")
    wait_in_room(bob)
    for page in (alice, bob):
        page.wait_for_selector("#room[data-status='playing']")
    # no clock runs until both players have moved: South's first-move limit shows instead
    alice.wait_for_selector("#clock-bottom .first-move")
    assert alice.locator("#clock-bottom .time.running").count() == 0
    alice.click("button.hole[data-hole='0']")  # four seeds, no extra turn
    wait_ply(bob, 1)
    bob.click("button.hole[data-hole='6']")
    wait_ply(alice, 2)
    alice.wait_for_selector("#clock-bottom .time.running")

    first_ms, first_low = reading(alice, "#clock-bottom")
    assert first_low == (0 < first_ms < 10_000)
    alice.wait_for_function(f"Number(document.querySelector('#clock-bottom').dataset.ms) < {first_ms}")
    later_ms, _ = reading(alice, "#clock-bottom")
    assert later_ms < first_ms  # it ticks by itself: nobody moved since
    assert reading(alice, "#clock-top") == (12_000, False)  # North's clock is not running

    alice.wait_for_selector("#clock-bottom .time.low", timeout=15_000)
    low_ms, _ = reading(alice, "#clock-bottom")
    assert 0 < low_ms < 10_000
    bob.wait_for_selector("#clock-top .time.low", timeout=15_000)  # the opponent sees it low too
    assert not alice.is_visible("#clock-top .time.low")


# 4 s: the page must draw the first-move marker before the limit passes, on a loaded machine too
@pytest.mark.server_settings(first_move_timeout=4.0)
def test_a_rated_game_whose_first_move_never_comes_is_shown_aborted(new_page) -> None:
    """Issue 24: no clock runs before both players have moved; the first-move limit passes
    and the game is aborted: the page says so, with no winner and no rating change."""
    alice = new_page(name="ava")
    known(alice)
    granted = request(alice, {"type": "create_room", "variant": "kalah_4", "seat": 0, "public": False,
                              "rated": True, "clock": {"base": 60, "increment": 0}})
    assert wait_in_room(alice) == granted["room"]
    bob = new_page(f"/#room={granted['room']}", name="bea")
    known(bob)
    wait_in_room(bob)
    alice.wait_for_selector("#clock-bottom .first-move")
    for page in (alice, bob):
        page.wait_for_selector("#room[data-status='finished']", timeout=15_000)
        assert page.inner_text("#result h3") == "Aborted!"
        assert "South made no first move in time" in page.inner_text("#result")
        page.wait_for_selector("#notice:not([hidden])")
        assert "aborted before both players had moved" in page.inner_text("#notice-text")
        assert page.locator("#clock-bottom .first-move").count() == 0  # nothing runs any more
