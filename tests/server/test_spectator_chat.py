"""Spectators' chat: kept from the players while the game runs, told to them when it ends
(issue 24, point 9: they came only after a reload)."""

from __future__ import annotations

from tests.server.helpers import ann_and_bob


async def test_the_spectators_lines_reach_the_players_when_the_game_ends(connect) -> None:
    ann, bob, room, _ = await ann_and_bob(connect)
    cy = await connect("cy")
    await cy.spectate(room)
    await cy.request({"type": "chat", "room": room, "text": "North should take the left hole"})
    assert (await cy.next_event("chat_message")).channel == "spectators"
    await ann.resign(room)
    for player in (ann, bob):
        seen = []
        while not seen or seen[-1].type != "chat_message":
            seen.append(await player.next_event(timeout=5))
        kinds = [e.type for e in seen]
        assert "game_over" in kinds and kinds.count("chat_message") == 1  # the line came after the end
        line = seen[-1]
        assert (line.channel, line.name, line.text) == ("spectators", "cy", "North should take the left hole")
