"""The terminal's player identity, kept in a file only its owner may read (mode 600):
the player id and the secret the server gave it (the secret is the only key).

Default: $MANCALA_PLAYER_FILE, else $XDG_CONFIG_HOME/mancala/player.json (~/.config/...).
One file holds a player per server.

Every terminal started with the same file is the same player, as two browser tabs are:
the person at the keyboard, with their ratings and seats. A second window is told so
(`hold`) rather than left to find out from the lobby that both windows bear one name;
someone else at the same machine plays with --guest or a --player-file of their own.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
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
        self._held: list[int] = []  # lock files kept open while this process runs

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

    def hold(self, server: str) -> bool:
        """Mark the server's player as in use by this process, until it ends; True when
        another running process (another terminal window) already uses it. A shared lock
        on a file beside the player file: held by every window, so the first to ask for
        it alone learns it is the only one, and the kernel drops it when a window ends,
        however it ends."""
        if self.path is None:
            return False
        digest = hashlib.sha256(server.encode()).hexdigest()[:12]
        try:
            fd = os.open(self.path.with_name(f".{self.path.name}.{digest}.lock"), os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            others = False
        except BlockingIOError:
            others = True
        fcntl.flock(fd, fcntl.LOCK_SH)
        self._held.append(fd)
        return others
