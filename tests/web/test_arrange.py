"""Bao's arrangement in a real browser against a real server (bao_mg, prescribed
ARNGE_LIMIT): the starter's page shows a number box a hole with the seeds used and an
Arrange button beside the sowing; a refused layout is said and stays; the arranged rows
show on both players' boards; the other page says who may arrange."""

from __future__ import annotations

from tests.web.helpers import board, seated_pair, wait_ply

LAYOUT = [7, 0, 5, 4, 4, 4, 4]


def test_the_starter_arranges_the_seeds_on_the_page(new_page) -> None:
    alice, bob, _ = seated_pair(new_page, "bao_mg")
    alice.wait_for_selector("#arrange:not([hidden])")
    text = alice.inner_text("#arrange-text")
    assert "Arrange seeds" in text and "28 of 28 seeds used" in text
    bob.wait_for_selector("#arrange:not([hidden])")
    assert "may arrange the seeds of their row" in bob.inner_text("#arrange-text")
    assert bob.is_hidden("#arrange-confirm")
    boxes = alice.query_selector_all("#arrange-picks input")
    assert len(boxes) == 7
    # an unchanged total but the same layout: the server refuses, the page says why
    alice.click("#arrange-confirm")
    alice.wait_for_selector("#notice:not([hidden])")
    assert "sow" in alice.inner_text("#notice")
    assert alice.is_visible("#arrange")
    boxes[0].fill("9")
    assert "33 of 28 seeds used" in alice.inner_text("#arrange-text")
    assert alice.is_disabled("#arrange-confirm")
    for box, count in zip(boxes, LAYOUT, strict=True):
        box.fill(str(count))
    assert "28 of 28 seeds used" in alice.inner_text("#arrange-text")
    alice.click("#arrange-confirm")
    for page in (alice, bob):
        wait_ply(page, 1)
        page.wait_for_selector("#arrange", state="hidden")
        page.wait_for_function(f"JSON.stringify(window.mancala.room.state.board) === '{LAYOUT + LAYOUT}'"
                               ".replace(/ /g, '')")
        assert board(page) == LAYOUT + LAYOUT
    # the move list names it
    assert "arranged 7 0 5 4 4 4 4" in alice.inner_text("body")
