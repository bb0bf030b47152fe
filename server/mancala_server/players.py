"""Who a connection is: players known by an id and a secret the client keeps (no
passwords yet). `Identity` is the one interface the hub asks; `SecretIdentity` is the
only implementation today, over the storage interface (SQLite or PostgreSQL). A later
login (passwords, an outside provider) is another implementation of the same calls.

Secrets and transfer codes are kept only as SHA-256 hashes, like seat tokens.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Protocol

from mancala_server.bots import BOT_PREFIX
from mancala_server.compete_storage import CompeteStorage
from mancala_server.compete_store import PlayerRow

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # read aloud, typed on a phone


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class NameTaken(Exception):
    pass


class Identity(Protocol):
    async def register(self, name: str | None, bot: bool = False) -> tuple[PlayerRow, str]:
        """A new player, or a bot (a free name is made up when none is given); its secret."""
        ...

    async def sign_in(self, player_id: str, secret: str) -> PlayerRow | None: ...

    async def rename(self, player_id: str, name: str) -> None:
        """NameTaken when another player has it."""
        ...

    async def transfer_code(self, player_id: str, ttl: float) -> str: ...

    async def redeem(self, code: str) -> tuple[PlayerRow, str] | None:
        """The code's player and a new secret for this device (None: no such code)."""
        ...


class SecretIdentity:
    def __init__(self, storage: CompeteStorage) -> None:
        self.storage = storage

    async def register(self, name: str | None, bot: bool = False) -> tuple[PlayerRow, str]:
        secret = secrets.token_urlsafe(24)
        for attempt in range(20):
            player_id = (BOT_PREFIX if bot else "p") + secrets.token_urlsafe(12)
            chosen = name if name is not None and attempt == 0 else \
                f"player-{''.join(secrets.choice(CODE_ALPHABET) for _ in range(5)).lower()}"
            if await self.storage.new_player(player_id, chosen, digest(secret)):
                return PlayerRow(player_id, chosen), secret
            if name is not None:
                raise NameTaken(name)
        raise RuntimeError("no free name found")

    async def sign_in(self, player_id: str, secret: str) -> PlayerRow | None:
        return await self.storage.player_by_secret(player_id, digest(secret))

    async def rename(self, player_id: str, name: str) -> None:
        if not await self.storage.rename_player(player_id, name):
            raise NameTaken(name)

    async def transfer_code(self, player_id: str, ttl: float) -> str:
        raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(10))
        await self.storage.add_transfer(digest(raw), player_id, time.time() + ttl)
        return f"{raw[:5]}-{raw[5:]}"

    async def redeem(self, code: str) -> tuple[PlayerRow, str] | None:
        secret = secrets.token_urlsafe(24)
        row = await self.storage.redeem_transfer(digest(code.replace("-", "").upper()), digest(secret))
        return None if row is None else (row, secret)
