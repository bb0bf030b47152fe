"""Issue 16 point 4: Jackman's challenge on the page. A multi-lap variant's rules panel
offers its best first turn; the page it opens plays the solver's line out on a board,
seed by seed with the room's animation, and ends on the count docs/variants.md states
(39 of 48 for multilap_jackman under the reference's rules)."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import SEARCH_PAGE_MS, create_room, wait_online

# the line waits for the search's worker process to start (spawn, imports), then 15
# moves are played out seed by seed
SLOW = SEARCH_PAGE_MS
# a step button redraws one position: instant on a quiet machine, but a loaded one (load 11)
# took over 2 s; the waits bound a hang, not the speed
STEP_MS = 10_000


def in_a_room_of(new_page: Any, variant: str) -> Any:
    """Alice's page in a new private room of `variant`, its rules panel loaded."""
    alice = new_page(name="alice")
    wait_online(alice)
    alice.wait_for_selector(f"#create-variant option[value='{variant}']", state="attached")
    create_room(alice, variant, public=False)
    alice.wait_for_selector(f"#rules-panel[data-loaded='{variant}']")
    return alice


def test_the_rules_panel_opens_the_best_first_turn_played_out_to_its_count(new_page) -> None:
    alice = in_a_room_of(new_page, "multilap_jackman")
    button = alice.locator("#one-turn-button")
    assert button.inner_text() == "Jackman's challenge: the best first turn"
    errors: list[str] = []

    def watch(page: Any) -> None:  # the new tab's script errors fail the test too (conftest)
        page.js_errors = errors
        page.on("pageerror", lambda exc: errors.append(str(exc)))

    alice.context.on("page", watch)
    with alice.context.expect_page() as opened:
        button.click()
    page = opened.value
    page.wait_for_selector("body[data-loaded='line']", timeout=SLOW)
    # it is played out: seeds dropped one by one (a board mid-move), move after move
    page.wait_for_selector(".board .path", timeout=SLOW)
    page.wait_for_selector("#main[data-ply='3']", timeout=SLOW)
    assert page.locator("#result").is_hidden()
    # no need to sit through it: skip to the count, step back and on, by buttons and keys
    page.click("#step-end")
    page.wait_for_selector("#main[data-done='1'][data-ply='15']", timeout=STEP_MS)
    page.click("#step-back")
    page.wait_for_selector("#main[data-done='0'][data-ply='14']", timeout=STEP_MS)
    assert page.locator("#result").is_hidden()
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#main[data-ply='13']", timeout=STEP_MS)
    page.keyboard.press("End")
    page.wait_for_selector("#main[data-done='1']", timeout=STEP_MS)
    page.wait_for_timeout(500)  # nothing of the line plays on behind the skip
    assert page.get_attribute("#main", "data-ply") == "15"
    assert page.get_attribute("#one-turn-count", "data-captured") == "39"
    assert page.inner_text("#one-turn-count") == "39 of 48 seeds in South's store"
    assert page.locator("#move-list li").count() == 15
    # the board's South store holds the count
    assert "39" in page.inner_text(".board .store.side-0")


def test_a_variant_without_laps_offers_no_challenge(new_page) -> None:
    alice = in_a_room_of(new_page, "oware_abapa")
    assert alice.locator("#one-turn-button").count() == 0
    page = new_page("/one-turn/oware_abapa")
    page.wait_for_selector("body[data-loaded='missing']")
    assert "laps" in page.inner_text("#one-turn-status")
