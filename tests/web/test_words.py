"""Issue 24 points 8 and 9: the words a player reads. Variants by their titles, never by
their file names; "1 game"; empty tables that say so; no engine parameters; friendly
pages for unknown addresses; the computer named by its level."""

from __future__ import annotations

import sqlite3

from tests.web.helpers import LiveServer, create_room, wait_in_room, wait_online
from tests.web.test_competitive import known

OWARE = "Oware (Abapa)"  # configs/oware_abapa.json's title


def rate(server: LiveServer, name: str, games: int) -> None:
    """Give a known player a rating in Oware, as a finished rated game would."""
    db = sqlite3.connect(server.data_dir / "mancala.sqlite3")
    with db:
        db.execute("INSERT INTO ratings (player, variant, rating, rd, vol, games, updated) "
                   "SELECT id, 'oware_abapa', 1500, 200, 0.06, ?, 0 FROM players WHERE name = ?", (games, name))
    db.close()


def test_variants_are_named_by_title_counts_agree_and_empty_tables_say_so(new_page, server: LiveServer) -> None:
    alice = new_page(name="alice")
    known(alice)
    profile = new_page("/players/alice")
    profile.wait_for_selector("body[data-loaded='alice']")
    for empty in ("#ratings-empty", "#games-empty", "#history-empty"):
        assert profile.is_visible(empty), empty
    assert profile.inner_text("#games-empty") == "No games yet."
    assert not profile.is_visible("#ratings-table")
    alice.wait_for_selector("#me-ratings li")
    assert alice.inner_text("#me-ratings") == "No rated games yet."

    rate(server, "alice", 1)
    alice.reload()
    known(alice)
    alice.wait_for_selector("#me-ratings li[data-variant='oware_abapa']")
    # drawn once when the player is known, again when the variants' titles have come
    alice.wait_for_selector("body[data-ready='1']", state="attached")
    assert alice.inner_text("#me-ratings li[data-variant='oware_abapa']") == f"{OWARE}: 1500? (1 game)"

    board = new_page("/leaderboard/oware_abapa")
    board.wait_for_selector("body[data-loaded='oware_abapa']")
    assert board.inner_text("#board-title") == f"Leaderboard: {OWARE}"
    profile.reload()
    profile.wait_for_selector("body[data-loaded='alice']")
    assert profile.inner_text("#ratings-body tr td:first-child") == OWARE
    assert not profile.is_visible("#ratings-empty")

    bob = new_page(name="bob")
    known(bob)
    wait_online(alice)
    alice.select_option("#create-variant", "oware_abapa")
    alice.fill("#challenge-to", "bob")
    alice.click("#challenge-form button[type='submit']")
    bob.wait_for_selector("#challenges li button")
    assert f"→ bob: {OWARE}, no clock" in bob.inner_text("#challenges li")
    assert "oware_abapa" not in bob.inner_text("#challenges li")


def test_an_unknown_variant_gets_a_page_that_says_so(new_page, server: LiveServer) -> None:
    board = new_page("/leaderboard/nope")  # a script error here fails the test (conftest)
    board.wait_for_selector("body[data-loaded='missing']")
    assert "There is no variant called “nope”" in board.inner_text("#board-missing")
    assert board.eval_on_selector("#board-variant", "s => s.selectedOptions[0]?.textContent") == "Choose a variant"
    board.select_option("#board-variant", "oware_abapa")  # and the list still leads somewhere
    board.wait_for_selector("body[data-loaded='oware_abapa']")
    assert board.is_hidden("#board-missing")

    page = new_page("/one-turn/nope")
    page.wait_for_selector("body[data-loaded='missing']")
    assert page.inner_text("#one-turn-status") == "There is no variant called “nope”."
    assert page.inner_text("header h1") == "Mancala"


def test_the_one_turn_page_of_a_variant_without_laps_says_why_in_plain_words(new_page) -> None:
    page = new_page("/one-turn/oware_abapa")
    page.wait_for_selector("body[data-loaded='missing']")
    text = page.inner_text("#one-turn-status")
    assert OWARE in text and "laps" in text
    assert "mlaps" not in text and "OFF" not in text


def test_the_computer_is_named_by_its_level_not_its_number(new_page) -> None:
    """The server names the seat "Computer (level 0)" (the protocol's and the stored games'
    name, kept); the page says "Computer (easy)"."""
    alice = new_page(name="alice")
    create_room(alice, "kalah_4", computer=0)
    wait_in_room(alice)
    assert alice.evaluate("window.mancala.room.seats[1].name") == "Computer (level 0)"
    alice.wait_for_selector("#move-heads .side-1")
    assert alice.inner_text("#move-heads .side-1") == "Computer (easy)"
    assert "level 0" not in alice.inner_text("body")


def test_a_kept_name_that_now_passes_for_the_computer_still_reaches_the_lobby(new_page) -> None:
    """A browser that kept the name "Computer" from before such names were refused
    (names.py) is not stuck before the lobby: it plays on under a free name, told why."""
    page = new_page(name="Computer")
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert known(page) != "Computer"
    assert "computer" in page.inner_text("#notice").lower()
