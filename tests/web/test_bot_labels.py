"""A bot says it is one on every page that names it (docs/bots.md): its seat in the room,
its challenge, its player page and the lobby's room list."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

from tests.web.helpers import SocketPlayer, request, wait_in_room


def a_bot(server: Any, stack: ExitStack, name: str = "robo") -> SocketPlayer:
    bot = SocketPlayer(server, name, stack)
    assert bot.ask({"type": "identify", "name": name, "bot": True})["bot"] is True
    return bot


def test_a_bots_seat_in_the_lobby_and_in_the_room_says_bot(new_page, server, stack) -> None:
    bot = a_bot(server, stack)
    room = bot.ask({"type": "create_room", "variant": "kalah_4", "public": True, "seat": 0, "starter": 0})["room"]
    page = new_page("/", name="ann")
    page.wait_for_function("document.querySelector('#rooms-body')?.textContent.includes('robo (bot)')")
    request(page, {"type": "join_room", "room": room, "seat": 1})
    assert wait_in_room(page) == room
    page.wait_for_function("[...document.querySelectorAll('.who')].some((e) => e.textContent.includes('robo (bot)'))")


def test_a_bots_challenge_and_player_page_say_bot(new_page, server, stack) -> None:
    page = new_page("/", name="ann")  # the page makes ann a known player as it greets the server
    page.wait_for_selector("body[data-ready='1']", state="attached")
    bot = a_bot(server, stack)
    bot.ask({"type": "challenge", "to": "ann", "variant": "kalah_4"})
    page.wait_for_function("document.body.textContent.includes('robo (bot)') || "
                           "document.body.textContent.includes('robo (a bot)')")
    profile = new_page("/players/robo")
    profile.wait_for_selector("body[data-loaded='robo']")
    assert profile.text_content("#player-title") == "robo (bot)"
