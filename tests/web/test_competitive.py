"""Competitive play in real browsers against a real server: a timed, rated Oware game that
ends on time across a server restart and moves both ratings onto the leaderboard; a draw
by agreement; chat seen by the right people only; a challenge by name."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from mancala_server.game_clock import TOLERANCE
from tests.web.helpers import LiveServer, create_room, request, wait_in_room, wait_online, wait_ply

TOLERANCE_MS = TOLERANCE * 1000



def known(page: Any) -> str:
    """Wait until the page is a known player; its name."""
    page.wait_for_function("window.mancala.me !== null")
    return page.evaluate("window.mancala.me.name")


def clocks(page: Any) -> dict[str, Any]:
    return page.evaluate("window.mancala.match.clocks")


def test_a_timed_rated_game_survives_a_restart_and_ends_on_time_with_both_ratings(new_page, server: LiveServer) -> None:
    alice, bob = new_page(name="alice"), new_page(name="bob")
    assert (known(alice), known(bob)) == ("alice", "bob")
    # a short clock (the form offers a minute at least): 10 s each, no increment
    granted = request(alice, {"type": "create_room", "variant": "oware_abapa", "seat": 0, "public": True,
                              "rated": True, "clock": {"base": 10, "increment": 0}})
    code = wait_in_room(alice)
    assert code == granted["room"]
    bob.goto(f"{server.url}/#room={code}")
    assert wait_in_room(bob) == code
    alice.wait_for_selector("#room[data-status='playing']")
    for page in (alice, bob):
        page.wait_for_selector("#clock-top:not([hidden]) .time")
    assert alice.get_attribute("#clock-bottom", "data-seat") == "0"
    assert bob.get_attribute("#clock-bottom", "data-seat") == "1"
    alice.click("button.hole[data-hole='2']")
    wait_ply(bob, 1)
    first = clocks(bob)  # no clock runs before both players have moved: a first-move limit instead
    assert first["running"] is None and first["remaining"] == [10_000, 10_000] and first["first_move_ms"] > 0
    assert bob.get_attribute("#clock-bottom", "data-first-move") != ""  # shown by North's clock
    # two moves each (a rated game shorter than that is not rated); North to move
    for page, other, hole, ply in ((bob, alice, 8, 2), (alice, bob, 3, 3), (bob, alice, 9, 4), (alice, bob, 4, 5)):
        page.click(f"button.hole[data-hole='{hole}']")
        wait_ply(other, ply)
    assert clocks(bob)["running"] == 1 and clocks(bob)["remaining"][0] <= 10_000

    server.stop()  # graceful: the clocks as they stand are stored
    db = sqlite3.connect(server.data_dir / "mancala.sqlite3")
    (south_ms, north_ms), = db.execute("SELECT south_ms, north_ms FROM clock_pauses").fetchall()
    # alice and bob become players past their first games (ratings.NEW_PLAYER_GAMES), still
    # provisional, so that the game moves both ratings in full (a new player's results move
    # their opponent not at all: docs/competitive.md, "Farming limits")
    with db:
        db.execute("INSERT INTO ratings (player, variant, rating, rd, vol, games, updated) "
                   "SELECT id, 'oware_abapa', 1500, 200, 0.06, 10, 0 FROM players")
    db.close()
    told = [page.evaluate("window.mancala.match.at") for page in (alice, bob)]
    restarting = time.monotonic()
    server.start()
    for page, before in zip((alice, bob), told, strict=True):  # the clocks as the restarted server tells them
        page.wait_for_selector("body[data-conn='open']", timeout=30_000)
        page.wait_for_function(f"window.mancala.match.code === {json.dumps(code)} "
                               f"&& window.mancala.match.at > {before}", timeout=30_000)
    # when the page sees the room finished, by its own clock (the one its ticking uses)
    bob.evaluate("""() => new MutationObserver((_, seen) => {
        if (document.querySelector('#room').dataset.status === 'finished' && !window.finishedAt) {
            window.finishedAt = performance.now(); seen.disconnect(); }
    }).observe(document.querySelector('#room'), {attributes: true})""")
    # the clocks and when the page received them, read together: a later push (the other
    # page reconnecting) moves both, and an old reading paired with a newer time shifts the
    # expected flag by the gap between the pushes (seen: 739 ms early on a loaded box)
    told_at, after = bob.evaluate("[window.mancala.match.at, window.mancala.match.clocks]")
    back_ms = (time.monotonic() - restarting) * 1000
    # North was thinking: its clock goes on from the stored pause, charged only for the time
    # since the server came back (the server was down: nobody could move); South's is unchanged
    assert after["remaining"][0] == south_ms and after["running"] == 1
    assert 0 <= north_ms - after["remaining"][1] <= back_ms + TOLERANCE_MS

    for page in (alice, bob):  # nobody moves: North's time runs out
        page.wait_for_selector("#room[data-status='finished']", timeout=30_000)
        page.wait_for_selector("#room[data-ratings-changed='1']")
    # the flag fell when North's clock, as the page was told it, reached zero: never before
    # it (less the tolerance). How late it may fall is the machine's (the server's timer,
    # its push, the page's event): measured by benchmarks, not bounded here (CI once saw
    # 865 ms on a loaded box), beyond what shows the flag waited for the clock at all
    late = bob.evaluate("window.finishedAt") - (told_at + after["remaining"][1])
    assert -TOLERANCE_MS <= late <= after["remaining"][1], late
    assert alice.inner_text("#result h3") == "You win!" and bob.inner_text("#result h3") == "You lose!"
    assert "on time" in alice.inner_text("#result")
    assert bob.get_attribute("#clock-bottom", "data-ms") == "0"
    seats = alice.evaluate("window.mancala.room.seats.map(s => s.rating)")
    assert seats[0] > 1500 > seats[1]

    board = new_page("/leaderboard/oware_abapa")
    board.wait_for_selector("body[data-loaded='oware_abapa']")
    rows = board.eval_on_selector_all("#board-body tr", "rs => rs.map(r => r.dataset.name)")
    assert rows == ["alice", "bob"]
    assert board.inner_text("#board-body tr:first-child td:nth-child(3)") == f"{seats[0]}?"
    profile = new_page("/players/bob")
    profile.wait_for_selector("body[data-loaded='bob']")
    assert profile.get_attribute("#history-chart circle", "data-rating") == str(seats[1])
    assert profile.get_attribute("#games-list a", "href") == f"/games/{game_id(server, code)}"


def game_id(server: LiveServer, code: str) -> int:
    db = sqlite3.connect(server.data_dir / "mancala.sqlite3")
    (gid,), = db.execute("SELECT game_id FROM rooms WHERE code=?", (code,)).fetchall()
    db.close()
    return int(gid)


def test_a_draw_by_agreement_and_chat_seen_by_the_right_people(new_page) -> None:
    alice = new_page(name="ann")
    code = create_room(alice, "kalah_4", public=False)
    bob = new_page(f"/#room={code}", name="ben")
    wait_in_room(bob)
    carol = new_page(f"/#watch={code}", name="cleo")
    dave = new_page(f"/#watch={code}", name="dan")
    for page in (carol, dave):
        wait_in_room(page)
    alice.fill("#chat-text", "<b>good luck</b>")
    alice.press("#chat-text", "Enter")
    carol.fill("#chat-text", "ann should play f")
    carol.press("#chat-text", "Enter")
    dave.wait_for_selector("#chat-lines li.channel-spectators")
    for page in (alice, bob, carol, dave):
        page.wait_for_selector("#chat-lines li.channel-players")
        assert page.inner_text("#chat-lines li.channel-players") == "ann: <b>good luck</b>"  # shown as text
    request(bob, {"type": "ping"})  # anything for the players was sent before this answer
    for page in (alice, bob):
        assert page.locator("#chat-lines li.channel-spectators").count() == 0
    assert dave.inner_text("#chat-lines li.channel-spectators") == "cleo (watching): ann should play f"

    alice.click("#draw-button")
    bob.wait_for_selector("#offer:not([hidden])")
    assert "offers a draw" in bob.inner_text("#offer-text")
    bob.click("#offer-accept")
    for page in (alice, bob, carol):
        page.wait_for_selector("#room[data-status='finished']")
    assert alice.inner_text("#result h3") == "Draw!" and "agreement" in bob.inner_text("#result")
    # at the end the players are told what the spectators said during the game ...
    alice.wait_for_selector("#chat-lines li.channel-spectators")
    assert alice.inner_text("#chat-lines li.channel-spectators") == "cleo (watching): ann should play f"
    carol.fill("#chat-text", "well played")
    carol.press("#chat-text", "Enter")
    # ... and hear what they say after it
    alice.wait_for_function("document.querySelectorAll('#chat-lines li.channel-spectators').length === 2")
    assert alice.locator("#chat-lines li.channel-spectators").all_inner_texts() == [
        "cleo (watching): ann should play f", "cleo (watching): well played"]


def test_a_challenge_by_name_from_the_lobby(new_page) -> None:
    alice, bob = new_page(name="ada"), new_page(name="bo")
    known(alice), known(bob)
    wait_online(alice)
    alice.select_option("#create-clock", "180+2")
    alice.fill("#challenge-to", "BO")
    alice.click("#challenge-form button[type='submit']")
    bob.wait_for_selector("#challenges li button")
    assert "ada" in bob.inner_text("#challenges li") and "3+2" in bob.inner_text("#challenges li")
    bob.click("#challenges li button:text('Accept')")
    for page in (alice, bob):
        wait_in_room(page)
        page.wait_for_selector("#room[data-status='playing']")
        page.wait_for_selector("#clock-top:not([hidden])")
    assert {alice.get_attribute("#room", "data-you"), bob.get_attribute("#room", "data-you")} == {"0", "1"}
    assert json.loads(json.dumps(clocks(alice)))["remaining"][0] <= 180_000
