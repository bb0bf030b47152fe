"""The storage port of competitive play (storage.py's `Storage` includes it), and its
SQLite side for `SqliteStorage`. PostgreSQL: pg_compete.py.

Players, ratings and challenges belong to no room and are not fenced; what a room
writes here (chat, a rated end) is fenced like its moves.
"""

from __future__ import annotations

from typing import Protocol

from mancala.engine.position import Outcome
from mancala_server.compete_store import ChallengeRow, ChatRow, PlayerRow, Profile
from mancala_server.fencing import Fence
from mancala_server.ratings import RatedSide, Rating, Settled
from mancala_server.store import Store


class CompeteStorage(Protocol):
    # ---- players ----------------------------------------------------------------------
    async def new_player(self, player_id: str, name: str, secret_hash: str) -> bool:
        """False when the name is taken (names are unique regardless of case)."""
        ...

    async def player(self, player_id: str) -> PlayerRow | None: ...

    async def player_by_name(self, name: str) -> PlayerRow | None: ...

    async def player_by_secret(self, player_id: str, secret_hash: str) -> PlayerRow | None: ...

    async def rename_player(self, player_id: str, name: str) -> bool:
        """False when the name is another player's (regardless of case)."""
        ...

    async def add_transfer(self, code_hash: str, player_id: str, expires: float) -> None: ...

    async def redeem_transfer(self, code_hash: str, secret_hash: str) -> PlayerRow | None:
        """The code's player, the new secret added and the older ones ended; the code used
        up (None: no such code, or expired)."""
        ...

    # ---- ratings ----------------------------------------------------------------------
    async def ratings_of(self, player_id: str) -> dict[str, Rating]: ...

    async def leaderboard(self, variant: str, limit: int = 100) -> list[tuple[PlayerRow, Rating]]: ...

    async def player_profile(self, name: str, games: int = 20) -> Profile | None: ...

    async def end_rated_game(self, game_id: int, outcome: Outcome, reason: str, result: str, variant: str,
                             sides: list[RatedSide], fence: Fence) -> list[Settled]:
        """The game's end and both sides' new ratings (computed from the ratings read in
        the same transaction), with their history."""
        ...

    # ---- chat -------------------------------------------------------------------------
    async def add_chat(self, game_id: int, row: ChatRow, fence: Fence) -> None: ...

    async def chat(self, game_id: int) -> list[ChatRow]: ...

    # ---- challenges ---------------------------------------------------------------------
    async def add_challenge(self, row: ChallengeRow) -> None: ...

    async def settle_challenge(self, challenge_id: str, status: str) -> ChallengeRow | None:
        """Close an open challenge; None when it was no longer open."""
        ...

    async def challenge(self, challenge_id: str) -> ChallengeRow | None: ...

    async def open_challenges(self, to_player: str) -> list[ChallengeRow]: ...

    async def open_challenges_by(self, by_player: str) -> list[ChallengeRow]:
        """The open challenges a player made (withdrawn when they are connected nowhere)."""
        ...


class SqliteCompete:
    """`SqliteStorage`'s side of CompeteStorage: the store's calls (compete_store.py holds
    the SQL), a room's writes fenced inside their own transaction."""

    store: Store

    async def new_player(self, player_id: str, name: str, secret_hash: str) -> bool:
        return self.store.new_player(player_id, name, secret_hash)

    async def player(self, player_id: str) -> PlayerRow | None:
        return self.store.player(player_id)

    async def player_by_name(self, name: str) -> PlayerRow | None:
        return self.store.player_by_name(name)

    async def player_by_secret(self, player_id: str, secret_hash: str) -> PlayerRow | None:
        return self.store.player_by_secret(player_id, secret_hash)

    async def rename_player(self, player_id: str, name: str) -> bool:
        return self.store.rename_player(player_id, name)

    async def add_transfer(self, code_hash: str, player_id: str, expires: float) -> None:
        self.store.add_transfer(code_hash, player_id, expires)

    async def redeem_transfer(self, code_hash: str, secret_hash: str) -> PlayerRow | None:
        return self.store.redeem_transfer(code_hash, secret_hash)

    async def ratings_of(self, player_id: str) -> dict[str, Rating]:
        return self.store.ratings_of(player_id)

    async def leaderboard(self, variant: str, limit: int = 100) -> list[tuple[PlayerRow, Rating]]:
        return self.store.leaderboard(variant, limit)

    async def player_profile(self, name: str, games: int = 20) -> Profile | None:
        return self.store.player_profile(name, games)

    async def end_rated_game(self, game_id: int, outcome: Outcome, reason: str, result: str, variant: str,
                             sides: list[RatedSide], fence: Fence) -> list[Settled]:
        return self.store.end_rated_game(game_id, outcome, reason, result, variant, sides, fence)

    async def add_chat(self, game_id: int, row: ChatRow, fence: Fence) -> None:
        self.store.add_chat(game_id, row, fence)

    async def chat(self, game_id: int) -> list[ChatRow]:
        return self.store.chat(game_id)

    async def add_challenge(self, row: ChallengeRow) -> None:
        self.store.add_challenge(row)

    async def settle_challenge(self, challenge_id: str, status: str) -> ChallengeRow | None:
        return self.store.settle_challenge(challenge_id, status)

    async def challenge(self, challenge_id: str) -> ChallengeRow | None:
        return self.store.challenge(challenge_id)

    async def open_challenges(self, to_player: str) -> list[ChallengeRow]:
        return self.store.open_challenges(to_player)

    async def open_challenges_by(self, by_player: str) -> list[ChallengeRow]:
        return self.store.open_challenges_by(by_player)
