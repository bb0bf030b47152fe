"""Issue 13 point 5, the page's share: defects a new player met, each pinned by a browser
test against a real server."""

from __future__ import annotations

import urllib.request
from typing import Any

import pytest

from tests.web.helpers import (
    LiveServer,
    SocketPlayer,
    create_room,
    legal_holes,
    wait_in_room,
    wait_online,
    wait_ply,
)


def two_players(new_page, variant: str = "kalah_4", *, alice: str | None = "alice", bob: str | None = "bob"):
    """Alice creates a private room (South, South starts); Bob opens its link."""
    a = new_page(name=alice)
    code = create_room(a, variant, public=False, seat="0", starter="0")
    b = new_page(f"/#room={code}", name=bob)
    assert wait_in_room(b) == code
    a.wait_for_selector("#room[data-status='playing']")
    return a, b, code


@pytest.mark.server_settings(abandon_timeout=9.0)
def test_an_absent_opponent_is_counted_down_to_the_forfeit_even_after_a_reload(new_page) -> None:
    alice, bob, code = two_players(new_page)
    bob.close()  # his socket closes: the server starts his grace period
    alice.wait_for_selector("#away:not([hidden])")
    assert "bob (North) is away" in alice.inner_text("#away")
    first = int(alice.get_attribute("#away", "data-left"))
    assert 5000 < first <= 9000
    # a reload learns the time left from room_state's seats
    alice.reload()
    wait_in_room(alice)
    alice.wait_for_selector("#away:not([hidden])")
    reloaded = int(alice.get_attribute("#away", "data-left"))
    assert reloaded < first, (first, reloaded)  # the server's time left, not a fresh grace period
    # and it counts down (waited for: a loaded machine's page ticks late)
    alice.wait_for_function(f"Number(document.querySelector('#away').dataset.left) < {reloaded - 1000}",
                            timeout=10_000)
    # still there after the 6 s a notice lasts; at zero the game does not end by itself:
    # Alice may claim the win (or keep waiting), a spectator only hears of it
    watcher = new_page(f"/#watch={code}", name="wes")
    wait_in_room(watcher)
    alice.wait_for_selector("#claim-button:visible", timeout=15_000)
    assert "You may claim the win, or keep waiting" in alice.inner_text("#away")
    assert alice.get_attribute("#away", "data-left") == "0"
    watcher.wait_for_selector("#away:has-text('South may claim the win')")
    assert watcher.is_hidden("#claim-button")
    assert alice.get_attribute("#room", "data-status") == "playing"
    alice.reload()  # the choice outlives a reload: room_state's seat says claimable
    wait_in_room(alice)
    alice.wait_for_selector("#claim-button:visible")
    alice.click("#claim-button")
    alice.wait_for_selector("#room[data-status='finished']")
    assert alice.is_hidden("#away") and alice.is_hidden("#claim-button")
    assert "You win" in alice.inner_text("#result")
    assert "abandoned" in alice.inner_text("#result")
    watcher.wait_for_selector("#room[data-status='finished']")
    assert watcher.is_hidden("#claim-button")


@pytest.mark.server_settings(abandon_timeout=2.0)
def test_an_opponent_back_after_the_deadline_takes_the_claim_away_and_play_goes_on(new_page, server, stack) -> None:
    alice = new_page(name="alice")
    code = create_room(alice, public=False, seat="0", starter="0")
    bob = SocketPlayer(server, "bob", stack)
    token = bob.ask({"type": "join_room", "room": code})["token"]
    alice.wait_for_selector("#room[data-status='playing']")
    bob.ws.close()
    alice.wait_for_selector("#claim-button:visible", timeout=15_000)
    back = SocketPlayer(server, "bob", stack)
    state = back.ask({"type": "reconnect", "room": code, "token": token})
    assert state["you"] == 1 and not state["seats"][1]["claimable"]
    alice.wait_for_selector("#away", state="hidden")
    assert alice.is_hidden("#claim-button")
    assert alice.get_attribute("#room", "data-status") == "playing"
    hole = legal_holes(alice)[0]
    alice.click(f"#board button.hole[data-hole='{hole}']")
    wait_ply(alice, 1)


def test_the_invitation_is_for_a_player_waiting_for_an_opponent(new_page) -> None:
    alice = new_page(name="alice")
    code = create_room(alice, public=True)
    assert alice.is_visible("#share")
    watcher = new_page(f"/#watch={code}", name="wes")
    assert wait_in_room(watcher) == code
    assert watcher.get_attribute("#room", "data-status") == "waiting"
    assert watcher.is_hidden("#share")  # nobody for a spectator to invite
    bob = new_page(f"/#room={code}", name="bob")
    wait_in_room(bob)
    alice.wait_for_selector("#room[data-status='playing']")
    for page in (alice, bob, watcher):
        assert page.is_hidden("#share")


GEOMETRY = """() => [...document.querySelectorAll('#board button.hole')].map(h => {
  const r = (e) => e ? e.getBoundingClientRect().toJSON() : null;
  return {hole: r(h), count: r(h.querySelector('.count')), text: h.querySelector('.count').textContent,
          name: r(h.parentElement.querySelector('.hole-name')),
          seeds: [...h.querySelectorAll('.seed')].map(r)
            .filter(s => s.width > 0 && s.top < r(h).bottom && s.bottom > r(h).top)};
})"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def inside(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] >= b["left"] and a["right"] <= b["right"] and a["top"] >= b["top"] and a["bottom"] <= b["bottom"]


def check_counts(phone: Any) -> list[dict[str, Any]]:
    """Every hole's count inside the hole, no seed over it or over the hole's letter."""
    phone.wait_for_function("() => [...document.querySelectorAll('#board button.hole')]"
                            ".every(b => b.getBoundingClientRect().width > 0)")
    holes: list[dict[str, Any]] = phone.evaluate(GEOMETRY)
    assert len(holes) == 18
    assert max(h["hole"]["width"] for h in holes) < 40  # a small hole indeed
    for h in holes:
        count, hole = h["count"], h["hole"]
        assert count["width"] > 0 and count["height"] >= 8 and inside(count, hole), h
        for seed in h["seeds"]:
            assert seed["width"] >= 2 and inside(seed, hole), (h["text"], seed, hole)
            assert not overlap(seed, count), (h["text"], seed, count)
            assert not overlap(seed, h["name"]), (h["text"], seed, h["name"])
        assert not overlap(count, h["name"]) and not overlap(hole, h["name"])
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    return holes


def test_every_count_is_legible_on_a_phone_with_nine_holes(new_page) -> None:
    """Toguz kumalak: 9 holes a side, 9 seeds each; after South's first move eight holes
    hold 10. On a 375 px phone each count sits inside its hole with no seed over it, and
    the hole's letter is covered by nothing (a small hole with many seeds shows its count
    alone)."""
    alice, bob, code = two_players(new_page, "toguz_kumalak")
    alice.wait_for_selector("#board button.hole[data-hole='0'][data-legal]")
    alice.click("#board button.hole[data-hole='0']")
    wait_ply(alice, 1)
    phone = new_page(f"/#watch={code}", name="pat", viewport={"width": 375, "height": 740})
    wait_in_room(phone)
    wait_ply(phone, 1)
    holes = check_counts(phone)
    assert sum(h["text"] == "10" for h in holes) >= 8


def test_seeds_drawn_on_a_small_hole_stay_clear_of_its_count(new_page, server, stack) -> None:
    """Nine holes of five seeds (a custom Kalah), then six: the seeds are drawn, and drawn
    under the count, on a 375 px phone."""
    ann = SocketPlayer(server, "ann", stack)
    nine = {"game_class": "Mancala", "game_constants": {"holes": 9, "nbr_start": 5},
            "game_info": {"name": "Kalah 9x5", "stores": True, "sow_own_store": True}}
    code = ann.ask({"type": "create_room", "variant": nine, "public": False, "seat": 0})["room"]
    phone = new_page(f"/#watch={code}", name="pat", viewport={"width": 375, "height": 740})
    wait_in_room(phone)
    holes = check_counts(phone)
    assert all(h["text"] == "5" and len(h["seeds"]) == 5 for h in holes)
    bob = SocketPlayer(server, "bob", stack)
    bob.ask({"type": "join_room", "room": code})
    ann.ask({"type": "move", "room": code, "move": 2, "ply": 0})
    wait_ply(phone, 1)
    holes = check_counts(phone)
    assert sum(len(h["seeds"]) == 6 for h in holes) == 5


def test_a_notice_does_not_move_the_board(new_page) -> None:
    alice, bob, code = two_players(new_page)
    alice.wait_for_selector("#board button.hole[data-legal]")
    top = alice.evaluate("document.getElementById('board').getBoundingClientRect().top")
    alice.click("#board button.hole[data-hole='8']", force=True)  # North's hole: refused, explained
    alice.wait_for_selector("#notice:not([hidden])")
    assert alice.evaluate("document.getElementById('board').getBoundingClientRect().top") == top
    # and on the other side of the board: a player's own news
    bob.wait_for_selector("#board")
    bob_top = bob.evaluate("document.getElementById('board').getBoundingClientRect().top")
    alice.close()
    bob.wait_for_selector("#notice:not([hidden])")
    bob.wait_for_selector("#away:not([hidden])")
    assert bob.evaluate("document.getElementById('board').getBoundingClientRect().top") == bob_top


def test_players_without_a_name_are_told_apart(new_page) -> None:
    alice, bob, code = two_players(new_page, alice=None, bob=None)
    names = [alice.inner_text(f"#room .player.{where} .who") for where in ("top", "bottom")]
    assert not any("guest" in n for n in names), names
    assert names[0] != names[1] and all(n.strip() for n in names)
    assert legal_holes(alice)


def test_the_pages_have_a_favicon(new_page, server: LiveServer) -> None:
    page = new_page()
    wait_online(page)
    href = page.evaluate("document.querySelector('link[rel=icon]').href")
    with urllib.request.urlopen(href) as response:
        assert response.status == 200
        assert response.headers["Content-Type"] == "image/svg+xml"
        assert b"<svg" in response.read()
