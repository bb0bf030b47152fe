"""Bots (docs/bots.md): an identity made a bot when it registers stays one; it plays through
the same protocol as a person, is labelled wherever its seat, challenge or name is shown,
and its rated games move the variant's ladder for bots, not the people's. Two copies of the
example bot play a whole rated game on a real server."""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

from mancala_client.api import MancalaClient
from mancala_client.example_bot import run
from mancala_server.app import MancalaServer
from tests.server.helpers import get_json

VARIANT = "kalah_4"


def bot_args(server: MancalaServer, name: str, tmp_path: Path, **more: object) -> argparse.Namespace:
    values: dict[str, object] = {
        "server": f"ws://127.0.0.1:{server.port}/ws", "name": name, "secret_file": str(tmp_path / f"{name}.json"),
        "challenge": None, "variant": VARIANT, "rated": False, "level": 0, "budget_ms": 50, "games": 1,
        "idle": 60.0, "tournament": None}
    values.update(more)
    return argparse.Namespace(**values)


async def test_two_example_bots_play_a_whole_rated_game_on_the_bots_ladder(server: MancalaServer,
                                                                          tmp_path: Path) -> None:
    alpha = asyncio.create_task(run(bot_args(server, "alpha", tmp_path)))
    deadline = time.monotonic() + 30  # a limit against a hang, not a claim about speed
    while True:  # alpha is connected and signed in once its name is taken
        status, _ = await get_json(server.port, "/api/players/alpha")
        if status == 200:
            break
        assert time.monotonic() < deadline, "alpha never signed in"
        await asyncio.sleep(0.05)
    beta = asyncio.create_task(run(bot_args(server, "beta", tmp_path, challenge="alpha", rated=True)))
    assert await asyncio.wait_for(asyncio.gather(alpha, beta), 120) == [1, 1]
    for name in ("alpha", "beta"):
        status, profile = await get_json(server.port, f"/api/players/{name}")
        assert status == 200 and profile["bot"] is True
        assert [r["variant"] for r in profile["ratings"]] == [f"{VARIANT}@bots"], \
            "a bot's rated game moves the bots' ladder"
        (game,) = profile["games"]
        status, record = await get_json(server.port, game["url"].replace("/games/", "/api/games/"))
        assert status == 200 and record["outcome"] is not None and len(record["moves"]) >= 4
    status, board = await get_json(server.port, f"/api/leaderboard/{VARIANT}")
    assert status == 200 and board["players"] == [], "the people's ladder has no bot on it"


async def test_a_bot_is_labelled_on_its_seat_and_its_challenges(connect) -> None:
    bot = await connect("gamma")
    me = await bot.request({"type": "identify", "name": "gamma", "bot": True})
    assert me.bot and me.player.startswith("bot-")
    ann: MancalaClient = await connect("ann")
    person = await ann.request({"type": "identify", "name": "ann"})
    assert not person.bot and not person.player.startswith("bot-")
    await bot.request({"type": "challenge", "to": "ann", "variant": VARIANT})
    pushed = await ann.next_event("challenge")
    assert pushed.by == "gamma" and pushed.bot
    await ann.request({"type": "answer_challenge", "challenge": pushed.challenge, "accept": True})
    state = await ann.next_event("room_state")
    bot_seat = 1 - state.you
    assert state.seats[bot_seat].bot and not state.seats[state.you].bot


async def test_signing_in_cannot_change_what_an_identity_is(connect) -> None:
    """A person's identity stays a person's when it signs in asking to be a bot, and a bot's
    stays a bot's: the kind is fixed when the identity is made."""
    first = await connect("dora")
    made = await first.request({"type": "identify", "name": "dora"})
    again = await connect("dora")
    back = await again.request({"type": "identify", "player": made.player, "secret": made.secret, "bot": True})
    assert back.player == made.player and not back.bot
