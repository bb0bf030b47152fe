"""The options of `mancala play` (kept apart so the `mancala` command starts fast)."""

from __future__ import annotations

import argparse
import os

DEFAULT_SERVER = "ws://127.0.0.1:8080/ws"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--server", default=os.environ.get("MANCALA_SERVER", DEFAULT_SERVER),
                   help=f"the server's websocket URL (MANCALA_SERVER, default {DEFAULT_SERVER})")
    p.add_argument("--name", default=None, help="your name as others see it (default: your login)")
    p.add_argument("--format", choices=("json", "msgpack"), default="json", help="wire format")
    p.add_argument("--resume", default=None, metavar="ROOM[:TOKEN]",
                   help="go straight back to your seat in ROOM (the token comes from the saved seats "
                        "when left out)")
    p.add_argument("--state-file", default=None,
                   help="where seat tokens are saved (MANCALA_CLIENT_STATE, default ~/.mancala/seats.json)")
    p.add_argument("--no-save", action="store_true", help="keep seat tokens (and the player) in memory only")
    p.add_argument("--player-file", default=None,
                   help="where your player id and secret are kept (MANCALA_PLAYER_FILE, default "
                        "~/.config/mancala/player.json, mode 600)")
    p.add_argument("--guest", action="store_true", help="play as a guest: no known player, no ratings")
    p.add_argument("--clear", action="store_true", help="clear the screen before each board")
    p.add_argument("--bell", action="store_true",
                   help="ring the terminal's bell on a refused move, a capture, a last seed in the "
                        "mover's own store and the end of the game")
