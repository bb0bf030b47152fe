"""Issue 24 point 9 in the terminal: an aborted game still reads aborted after the player
comes back, help wraps to the terminal's width, an early win is said in words, and a
second terminal of the same player is told so."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from mancala_client.api import MancalaClient
from mancala_server.app import MancalaServer, running
from mancala_server.config import Settings
from tests.client.pty_terminal import Terminal


@pytest.fixture
async def quick_abort(tmp_path: Path) -> AsyncIterator[MancalaServer]:
    """A server whose first-move limit is one second."""
    settings = Settings(host="127.0.0.1", port=0, data_dir=tmp_path / "data", rate_per_second=10_000.0,
                        rate_burst=10_000, abandon_timeout=60.0, first_move_timeout=1.0)
    async with running(settings) as srv:
        yield srv


async def test_an_aborted_game_reads_aborted_live_and_after_coming_back(
        quick_abort: MancalaServer, terminal: Callable[..., Terminal]) -> None:
    url = f"ws://127.0.0.1:{quick_abort.port}/ws"
    t = terminal("--server", url, "--name", "ida")
    await t.expect(r"Connected to")
    t.send("create kalah_4 private clock 5+3")
    code = (await t.expect(r"Created private room (\w+)"))[1]
    async with await MancalaClient.connect(url, name="jon") as jon:
        await jon.join(code)
        await t.expect(r"Game aborted: South made no first move in time\.")
        # the room as a terminal gets it afresh (its room_state), as after a restart
        t.send("leave")
        await t.expect(rf"Left room {code}\.")
        t.send(f"watch {code}")
        await t.expect(r"Game aborted: South made no first move in time\.")
        assert "Game over" not in t.unread()
