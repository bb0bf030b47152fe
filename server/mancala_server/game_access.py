"""Who may read a stored game over HTTP (moves, positions, records, analysis, chat).

A public room's games are anyone's to read. A private room's game is its players' and
their guests': it is read with its share key, which the server gives to the people in the
room (room_state `share_key`) and which the page's replay link carries. The key is derived
from the room's code, which is itself the secret that lets people into a private room
(12 random characters), so nobody who could not have walked in can read the game, every
node of a cluster checks it alike, and nothing new is stored. A wrong or missing key is
answered as if the game did not exist.

Spectators' chat is the players' to read only once the game is over (room_chat.py says
why): until then the HTTP chat has the players' channel alone.
"""

from __future__ import annotations

import hashlib
import hmac

KEY_CHARS = 24


def share_key(room: str, game_id: int) -> str:
    return hashlib.sha256(f"mancala-share:{room.upper()}:{game_id}".encode()).hexdigest()[:KEY_CHARS]


def may_read(room: str, game_id: int, public: bool, key: str | None) -> bool:
    """The game of room `room` is readable with `key` (None: none was given)."""
    if public:
        return True
    return key is not None and hmac.compare_digest(key.encode(), share_key(room, game_id).encode())
