"""End to end: claiming the win in the terminal, against a real server whose grace period
passes when the test says (its clock is the test's), with the opponent a MancalaClient."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from mancala.engine.game import Game
from mancala.protocol.messages import RoomState, SeatInfo, State
from mancala.rules.loading import load_variant
from mancala_client.api import MancalaClient
from mancala_client.console import Output
from mancala_client.screen import Screen
from mancala_client.session import Session
from mancala_server.app import running
from mancala_server.config import Settings
from tests.client.pty_terminal import Terminal
from tests.server.fakes import FakeClock


def shown_after_a_reload(you: int | None) -> str:
    """What the terminal says on a room_state whose North seat is away past its grace period."""
    text = io.StringIO()
    screen = Screen(Session("ws://127.0.0.1:9/ws"), Output(text, prompt=False))
    game = Game(load_variant("kalah_4"))
    screen.handle(RoomState(
        room="ABC123", variant="kalah_4", title="Kalah 4", holes=6, public=False,
        seats=[SeatInfo(name="ann", connected=True), SeatInfo(name="bob", connected=False, claimable=True)],
        spectators=0, status="playing", you=you, ply=0, moves=[], state=State(**game.state_json(game.start(0)))))
    return text.getvalue()


def test_a_claimable_win_is_said_again_to_the_player_who_comes_back_to_the_room() -> None:
    assert "North (bob) has been away too long. Type `claim` to claim the win" in shown_after_a_reload(0)
    assert "claim" not in shown_after_a_reload(None)  # a spectator has nothing to claim


async def test_the_player_who_stayed_claims_the_win_in_the_terminal(
        tmp_path: Path, terminal: Callable[..., Terminal]) -> None:
    clock = FakeClock()
    settings = Settings(host="127.0.0.1", port=0, data_dir=tmp_path / "data",
                        rate_per_second=10_000.0, rate_burst=10_000, abandon_timeout=30.0)
    async with running(settings, clock) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        t = terminal("--server", url, "--name", "alice")
        await t.expect(r"Connected to .* as alice\.")
        t.send("help")
        await t.expect(r"claim +claim the win once your opponent has been away too long")
        t.send("claim")
        await t.expect(r"You are not playing a game\.")

        t.send("create kalah_4 private south first south")
        code = (await t.expect(r"Created private room (\w+) \(kalah_4\); you are South"))[1]
        bob = await MancalaClient.connect(url, name="bob")
        await bob.join(code)
        await t.expect(r"North \(bob\) joined the game\.")
        await bob.close()
        await t.expect(r"North \(bob\) lost the connection")

        # too early: the server refuses, and says how long Bob still has
        t.send("claim")
        await t.expect(r"There is no win to claim: room \w+: nothing to claim: North has 30 s left to come back")

        clock.advance(30.1)
        await t.expect(r"North \(bob\) has been away too long: you may claim the win\.")
        await t.expect(r"Type `claim` to claim the win, or keep waiting: they may still come back\.")
        t.send("claim")
        await t.expect(r"North \(bob\) forfeited: away too long\.")
        await t.expect(r"Game over: South wins: North abandoned the game\.")
        t.send("claim")
        await t.expect(r"There is no game going on: nothing to claim\.")
