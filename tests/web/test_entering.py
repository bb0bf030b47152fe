"""Getting into a room by link while the page is still greeting the server.

A link followed before the lobby has loaded starts entering the room at once, and the
greeting, when it finishes, enters the room named in the address too. The two must not
both ask for a seat: the second ask finds the room full (the first took the seat) and
falls back to watching, which left the player's page showing them as a spectator of
their own game (seen as a swap button that never appeared, under load)."""

from __future__ import annotations

import json
from typing import Any

from tests.web.helpers import LiveServer, request, wait_in_room
from tests.web.page_pool import player_page

ROOM_REQUESTS = {"join_room", "spectate", "reconnect"}


def test_a_link_followed_while_the_lobby_loads_takes_the_seat_once(browser: Any, new_page: Any,
                                                                    server: LiveServer) -> None:
    alice = new_page(name="alice")
    request(alice, {"type": "create_room", "variant": "kalah_4", "seat": 0, "public": True})
    code = wait_in_room(alice)

    # Bob's socket runs through a relay that holds back the lobby's answer (in order: it
    # was sent before anything else Bob asks) until his page asks for the room, so that
    # the greeting finishes while the seat is on its way: the race, made certain
    sent: list[str] = []
    lobby_ids: set[Any] = set()
    held: list[str | bytes] = []
    state = {"released": False}

    def relay(page_ws: Any) -> None:
        server_ws = page_ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            msg = json.loads(message)
            sent.append(msg["type"])
            if msg["type"] == "subscribe_lobby":
                lobby_ids.add(msg.get("id"))
            server_ws.send(message)
            if msg["type"] in ROOM_REQUESTS and not state["released"]:
                state["released"] = True
                for answer in held:
                    page_ws.send(answer)
                held.clear()

        def from_server(message: str | bytes) -> None:
            msg = json.loads(message)
            if not state["released"] and (held or msg.get("id") in lobby_ids):
                held.append(message)  # the lobby's answer and whatever follows it, in order
            else:
                page_ws.send(message)

        page_ws.on_message(from_page)
        server_ws.on_message(from_server)

    bob = player_page(browser, name="bob")
    try:
        bob.route_web_socket("**/ws", relay)
        bob.goto(server.url + "/")
        for _ in range(500):  # until the page has asked for the lobby (the relay saw it)
            if lobby_ids:
                break
            bob.wait_for_timeout(20)
        assert lobby_ids, f"the page never asked for the lobby: {sent}"
        # the lobby's answer is held: the page is still greeting when the link is followed
        assert bob.get_attribute("body", "data-ready") is None
        bob.evaluate(f"location.hash = '#room={code}'")
        assert wait_in_room(bob) == code
        bob.wait_for_selector("body[data-ready='1']", state="attached")
        bob.wait_for_function("() => window.mancala.room?.you === 1")
        alice.wait_for_selector("#room[data-status='playing']")
        # ready comes after the greeting's own entering: by now every request was sent.
        # One request for the room, no fall back to watching
        assert [t for t in sent if t in ROOM_REQUESTS] == ["join_room"], sent
        assert bob.evaluate("window.mancala.room.you") == 1
        assert bob.js_errors == []
    finally:
        bob.context.close()
