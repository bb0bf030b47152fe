"""Tournaments from the terminal: the real `mancala play` process on a pseudo-terminal
lists the open ones, enters one, is paired into a room and plays there, and a refusal is
said in words. The other entrant and the maker are MancalaClients in the test."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mancala_client.api import MancalaClient
from tests.client.pty_terminal import Terminal


async def test_the_terminal_enters_a_tournament_and_is_seated_when_paired(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    t = terminal("--server", url, "--name", "tess", MANCALA_PLAYER_FILE=str(tmp_path / "player.json"))
    await t.expect(r"Connected to .* as tess\.")
    async with await MancalaClient.connect(url, name="uma") as uma:
        await uma.request({"type": "identify", "name": "uma"})
        made = await uma.request({"type": "create_tournament", "kind": "swiss", "variant": "kalah_4_pits_3",
                                  "name": "Terminal Swiss", "starts_in": 600, "rounds": 1, "games": 1,
                                  "rated": False})
        tid = made.tournament
        await uma.request({"type": "join_tournament", "tournament": tid})
        t.send("tournaments")
        await t.expect(rf"{tid}\s+Terminal Swiss: swiss, Kalah 4 Pits 3, 1 in, open")
        t.send("tjoin tNOSUCH00")
        await t.expect(r"There is no such tournament")
        t.send(f"tjoin {tid}")
        await t.expect(r"Terminal Swiss \(\S+\): Kalah 4 Pits 3, Swiss, round 0 of 1, open")
        await t.expect(r"1\. tess  0 points, 0 games, 1500")  # level on points: one rank
        await uma.request({"type": "start_tournament", "tournament": tid})
        paired = await uma.next_event("tournament_game")
        shown = await t.expect(r"Tournament game against uma: room (\w+), you are (South|North)\.")
        assert shown.group(1) == paired.room and paired.opponent == "tess"
        await t.expect(r"Swiss, round 1 of 1, running")
        # the terminal player is seated: uma resigns and the terminal hears the game end
        await uma.next_event("room_state")
        await uma.resign(paired.room)
        await t.expect(r"Game over")
        await t.expect(r"Swiss, round 1 of 1, finished", timeout=15)
        t.send(f"tleave {tid}")
        await t.expect(r"tournament_closed|not taking|over|withdrawn|finished")
