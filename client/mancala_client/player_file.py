"""The terminal's player identity, kept in a file only its owner may read (mode 600):
the player id and the secret the server gave it (the secret is the only key).

Default: $MANCALA_PLAYER_FILE, else $XDG_CONFIG_HOME/mancala/player.json (~/.config/...).
One file holds a player per server.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path


def default_player_path() -> Path:
    env = os.environ.get("MANCALA_PLAYER_FILE")
    if env:
        return Path(env)
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "mancala" / "player.json"


class PlayerFile:
    """Players by server; `path` None keeps them in memory only."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.players: dict[str, dict[str, str]] = self._read()

    def _read(self) -> dict[str, dict[str, str]]:
        if self.path is None or not self.path.is_file():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return {k: {"player": str(v["player"]), "secret": str(v["secret"])}
                    for k, v in data.get("players", {}).items()}
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return {}  # a damaged file: a new player is made

    def get(self, server: str) -> tuple[str, str] | None:
        entry = self.players.get(server)
        return None if entry is None else (entry["player"], entry["secret"])

    def put(self, server: str, player: str, secret: str) -> None:
        self.players[server] = {"player": player, "secret": secret}
        if self.path is None:
            return
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            tmp = self.path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"players": self.players}, f, indent=1)
            os.chmod(tmp, 0o600)  # also when the file was there before with wider modes
            os.replace(tmp, self.path)
