"""Seat tokens kept on disk, so a player can come back to a game after closing the client.

The file (default ~/.mancala/seats.json, or $MANCALA_CLIENT_STATE) holds, per
server and room, the token the server granted with the seat. It is written
with owner-only permissions: a token is the key to the seat.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

KEEP_SECONDS = 7 * 24 * 3600  # forget seats older than a week


def default_path() -> Path:
    env = os.environ.get("MANCALA_CLIENT_STATE")
    if env:
        return Path(env)
    return Path.home() / ".mancala" / "seats.json"


@dataclass
class SavedSeat:
    server: str
    room: str
    token: str
    seat: int
    variant: str = ""
    saved: float = 0.0


class SeatFile:
    """The saved seats; `path` None keeps them in memory only."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.seats: list[SavedSeat] = self._read()

    def _read(self) -> list[SavedSeat]:
        if self.path is None or not self.path.is_file():
            return []
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            seats = [SavedSeat(**row) for row in data.get("seats", [])]
        except (OSError, ValueError, TypeError):
            return []  # a damaged file only costs the saved seats
        now = time.time()
        return [s for s in seats if now - s.saved < KEEP_SECONDS]

    def _write(self) -> None:
        if self.path is None:
            return
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"seats": [asdict(s) for s in self.seats]}, f, indent=1)
            os.replace(tmp, self.path)

    def for_server(self, server: str) -> list[SavedSeat]:
        return [s for s in self.seats if s.server == server]

    def get(self, server: str, room: str) -> SavedSeat | None:
        room = room.upper()
        return next((s for s in self.seats if s.server == server and s.room == room), None)

    def put(self, server: str, room: str, token: str, seat: int, variant: str = "") -> None:
        room = room.upper()
        self.seats = [s for s in self.seats if not (s.server == server and s.room == room)]
        self.seats.append(SavedSeat(server, room, token, seat, variant, time.time()))
        self._write()

    def forget(self, server: str, room: str) -> None:
        room = room.upper()
        before = len(self.seats)
        self.seats = [s for s in self.seats if not (s.server == server and s.room == room)]
        if len(self.seats) != before:
            self._write()
