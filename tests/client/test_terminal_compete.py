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


async def test_the_terminal_answers_a_challenge_and_a_draw_and_hears_only_the_players(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    """The other way round: the terminal player is challenged and accepts, hears the
    opponent's chat but not the spectators' while the game is on, and accepts a draw."""
    t = terminal("--server", url, "--name", "ada", MANCALA_PLAYER_FILE=str(tmp_path / "player.json"))
    await t.expect(r"Connected to .* as ada\.")
    async with await MancalaClient.connect(url, name="ben") as ben, \
            await MancalaClient.connect(url, name="cy") as cy:
        await ben.request({"type": "identify", "name": "ben"})
        sent = await ben.request({"type": "challenge", "to": "ADA", "variant": "oware_abapa",
                                  "clock": {"base": 600, "increment": 5}})
        shown = await t.expect(r"ben challenges you: oware_abapa, 10\+5, casual\. `accept (\S+)`")
        assert shown.group(1) == sent.challenge
        t.send(f"accept {sent.challenge}")
        await t.expect(r"Challenge accepted: room (\w+)\.")
        update = await ben.next_event("challenge_update")
        assert update.status == "accepted"
        room = update.room
        await t.expect(r"Clock 10\+5: ")
        since = t.pos

        watching = await cy.spectate(room)
        assert watching.status == "playing"
        await cy.request({"type": "chat", "room": room, "text": "ada should sow f"})
        await ben.request({"type": "chat", "room": room, "text": "hello ada"})
        await t.expect(r"ben: hello ada")
        await t.settle()
        assert "ada should sow f" not in t.text[since:]  # the spectators' channel: not for players

        await ben.request({"type": "offer_draw", "room": room})
        await t.expect(r"North \(ben\) offers a draw: `draw` to accept|South \(ben\) offers a draw: `draw` to accept")
        t.send("draw")
        await t.expect(r"Game over: draw by agreement\.")
        over = await ben.next_event("game_over")
        assert (over.reason, over.outcome) == ("agreement", {"kind": "TIE", "winner": None})

        await cy.request({"type": "chat", "room": room, "text": "well played"})  # the game is over: all hear
        await t.expect(r"cy \(watching\): well played")
