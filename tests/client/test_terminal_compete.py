"""The terminal client in competitive play: the real `mancala play` process on a
pseudo-terminal, a known player kept in a file of mode 600, a challenge by name, the
clock under the board, chat both ways, a draw by agreement. The opponent is a
MancalaClient in the test."""

from __future__ import annotations

import json
import stat
from collections.abc import Callable
from pathlib import Path

from mancala.client.api import MancalaClient
from tests.client.pty_terminal import Terminal


async def test_a_challenge_chat_and_a_draw_from_the_terminal(url: str, terminal: Callable[..., Terminal],
                                                            tmp_path: Path) -> None:
    player_file = tmp_path / "config" / "player.json"
    t = terminal("--server", url, "--name", "alice", MANCALA_PLAYER_FILE=str(player_file))
    await t.expect(r"Connected to .* as alice\.")
    kept = json.loads(player_file.read_text())["players"][url]
    assert stat.S_IMODE(player_file.stat().st_mode) == 0o600 and kept["player"] and kept["secret"]

    async with await MancalaClient.connect(url, name="bob") as bob:
        me = await bob.request({"type": "identify", "name": "bob"})
        assert me.name == "bob"
        t.send("challenge bob kalah_4 clock 5+3")
        await t.expect(r"Challenge sent to bob \(kalah_4, 5\+3, casual\)")
        offered = await bob.next_event("challenge")
        assert (offered.by, offered.clock.base, offered.clock.increment) == ("alice", 300, 3)
        await bob.request({"type": "answer_challenge", "challenge": offered.challenge, "accept": True})
        state = await bob.next_event("room_state")
        await t.expect(r"Challenge accepted: room (\w+)")
        # the challenge's room draws its starter: whoever it is, their clock runs
        if state.state.turn == 0:
            await t.expect(r"Clock 5\+3: South [45]:\d\d \(running\)  North 5:00")
        else:
            await t.expect(r"Clock 5\+3: South 5:00  North [45]:\d\d \(running\)")

        await bob.request({"type": "chat", "room": state.room, "text": "good luck, alice"})
        await t.expect(r"bob: good luck, alice")
        t.send("say thanks, you too")
        said = await bob.next_event("chat_message")
        assert (said.name, said.text) == ("bob", "good luck, alice")  # one's own line comes back too
        said = await bob.next_event("chat_message")
        assert (said.name, said.text, said.channel) == ("alice", "thanks, you too", "players")

        t.send("draw")
        await t.expect(r"Offer sent; waiting for the answer\.")
        offer = await bob.next_event("offer")
        assert (offer.kind, offer.status) == ("draw", "offered")
        await bob.request({"type": "answer_draw", "room": state.room, "accept": True})
        await t.expect(r"Game over: draw by agreement\.")
        over = await bob.next_event("game_over")
        assert over.reason == "agreement"

    t.send("me")
    await t.expect(r"You are alice\. No rated games yet\.")
