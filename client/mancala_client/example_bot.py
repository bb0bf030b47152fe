"""An example bot (docs/bots.md): it registers once as a bot and keeps its secret in a
file, accepts every challenge (or challenges a player itself, or joins a tournament),
and plays each game with the library's computer player, the one `mancala ai` answers with.

    python -m mancala_client.example_bot --server ws://127.0.0.1:8080/ws --name my-bot
    python -m mancala_client.example_bot --name bot-b --challenge my-bot --games 1   (or --tournament ID)
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
from pathlib import Path
from typing import Any

from mancala.ai_requests import answer
from mancala.rules.loading import config_paths
from mancala_client.api import MancalaClient


def choose(variant: str, starter: int, moves: list[Any], level: int, budget_ms: int) -> Any:
    """A move for the player to move after `moves`, as `mancala ai` answers (contracts/ai.md)."""
    config = json.loads(config_paths()[variant].read_text(encoding="utf-8"))
    out = io.StringIO()
    answer({"config": config, "starter": starter, "moves": moves, "difficulty": level, "budget_ms": budget_ms},
           out, io.StringIO())
    return json.loads(out.getvalue())["move"]


async def sign_in(client: MancalaClient, name: str, saved: Path) -> str:
    """Sign in as the bot this file names, or register a new bot and save its secret: the
    name it has on the server."""
    if saved.exists():
        me = json.loads(saved.read_text())
        reply = await client.request({"type": "identify", "player": me["player"], "secret": me["secret"]})
    else:
        reply = await client.request({"type": "identify", "name": name, "bot": True})
        saved.write_text(json.dumps({"player": reply.player, "secret": reply.secret}))
    return str(reply.name)


async def run(args: argparse.Namespace) -> int:
    """Play until `args.games` games ended (0: for ever); how many it played."""
    async with await MancalaClient.connect(args.server, name=args.name) as client:
        me = await sign_in(client, args.name, Path(args.secret_file or f"{args.name}.bot.json"))
        if args.challenge:
            await client.request({"type": "challenge", "to": args.challenge, "variant": args.variant, "rated": args.rated})
        if args.tournament:  # its games come as any game does: a room_state with a seat
            await client.request({"type": "join_tournament", "tournament": args.tournament})
        rooms: dict[str, dict[str, Any]] = {}  # room code -> the game as the bot follows it
        played = 0
        while not args.games or played < args.games:
            event = await client.next_event(timeout=args.idle)
            if event.type == "challenge" and event.to == me:
                await client.request({"type": "answer_challenge", "challenge": event.challenge, "accept": True})
                continue
            if event.type == "room_state" and event.you is not None:
                rooms[event.room] = {"variant": event.variant, "you": event.you, "state": event.state,
                                     "moves": [m.move for m in event.moves],
                                     "starter": event.moves[0].seat if event.moves else event.state.turn}
            elif event.type == "move_made" and event.room in rooms:
                rooms[event.room]["moves"].append(event.move)
                rooms[event.room]["state"] = event.state
            elif event.type == "round_started" and event.room in rooms:
                rooms[event.room]["state"] = event.state
            elif event.type == "game_over" and rooms.pop(event.room, None) is not None:
                played += 1
                continue
            else:
                continue  # the position did not change: nothing to answer
            game = rooms[event.room]
            if game["state"].turn == game["you"] and game["state"].outcome is None:
                move = await asyncio.to_thread(choose, game["variant"], game["starter"], game["moves"],
                                               args.level, args.budget_ms)
                await client.move(event.room, move, len(game["moves"]))
        return played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="An example bot (docs/bots.md).")
    parser.add_argument("--server", default="ws://127.0.0.1:8080/ws")
    parser.add_argument("--name", required=True, help="the bot's name (registered on its first run)")
    parser.add_argument("--secret-file", help="where its id and secret are kept (default NAME.bot.json)")
    parser.add_argument("--challenge", help="challenge this player at start")
    parser.add_argument("--tournament", help="join this tournament (its id) at start")
    parser.add_argument("--variant", default="kalah_4")
    parser.add_argument("--rated", action="store_true")
    parser.add_argument("--level", type=int, default=2, choices=range(4), help="the computer player's difficulty")
    parser.add_argument("--budget-ms", type=int, default=500, help="thinking time a move")
    parser.add_argument("--games", type=int, default=0, help="stop after this many games (0: never)")
    parser.add_argument("--idle", type=float, default=3600, help="stop when nothing happens for this long (s)")
    print(f"played {asyncio.run(run(parser.parse_args(argv)))} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
