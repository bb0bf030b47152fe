"""What strangers may read of a game over HTTP (issue 23, point 7): spectators cannot
whisper to the players through the stored chat, and a private room's game, moves,
positions, record, analysis and chat open only with its share key. A real server, real
sockets, a real SQLite file."""

from __future__ import annotations

import asyncio

from tests.server.helpers import get_json, http_get


async def status_of(port: int, path: str) -> int:
    return (await asyncio.to_thread(http_get, port, path))[0]


async def test_the_spectators_channel_reaches_the_http_chat_only_after_the_game(server, connect) -> None:
    ann, bob, cy = await connect("ann"), await connect("bob"), await connect("cy")
    granted = await ann.create_room("kalah_4", seat=0)
    state = await ann.next_event("room_state")
    await bob.join(granted.room)
    await cy.spectate(granted.room)
    await ann.request({"type": "chat", "room": granted.room, "text": "good luck"})
    await cy.request({"type": "chat", "room": granted.room, "text": "play hole c"})
    status, chat = await get_json(server.port, f"/api/games/{state.game_id}/chat")
    assert status == 200 and [line["text"] for line in chat["chat"]] == ["good luck"]
    await bob.resign(granted.room)
    await ann.next_event("game_over")
    status, chat = await get_json(server.port, f"/api/games/{state.game_id}/chat")
    assert [line["text"] for line in chat["chat"]] == ["good luck", "play hole c"]


async def test_a_private_game_opens_only_with_its_share_key(server, connect) -> None:
    ann = await connect("ann")
    granted = await ann.create_room("kalah_4", computer=0, seat=0, public=False)  # against the computer: private
    state = await ann.next_event("room_state")
    assert not state.public and state.share_key
    game = state.game_id
    await ann.resign(granted.room)
    await ann.next_event("game_over")
    # (the analysis path too, without a key: refused before any search starts; with its key
    # it searches, which tests/web/test_live_analysis.py covers)
    for tail in ("", "/positions", "/record.json", "/record.txt", "/chat", "/analysis?ply=0"):
        path = f"/api/games/{game}{tail}"
        assert await status_of(server.port, path) == 404, path  # as if there were no such game
        joined = "&" if "?" in path else "?"
        wrong = f"{path}{joined}key={'0' * len(state.share_key)}"
        assert await status_of(server.port, wrong) == 404, path  # a wrong key is no key
        if "analysis" not in path:
            assert await status_of(server.port, f"{path}{joined}key={state.share_key}") == 200, path


async def test_a_players_page_lists_private_games_without_a_link(server, connect) -> None:
    ann = await connect("ann")
    await ann.request({"type": "identify", "name": "Ann"})
    private = await ann.create_room("kalah_4", computer=0, seat=0, public=False)
    await ann.next_event("room_state")
    await ann.resign(private.room)
    status, profile = await get_json(server.port, "/api/players/Ann")
    assert status == 200
    (game,) = profile["games"]
    assert game["private"] and "url" not in game
