"""What tournaments ask of the hub (a Hub, or a cluster node's, is one): its public calls
only, so the tournament modules and the hub read, and test, apart."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from mancala_server.clock import Clock
from mancala_server.config import Settings
from mancala_server.rate_limits import Limits
from mancala_server.room import Room
from mancala_server.storage import Storage


class TourneyVenue(Protocol):
    settings: Settings
    clock: Clock
    rooms: dict[str, Room]
    variants: dict[str, Any]
    configs: dict[str, Path]
    limits: Limits

    def new_room(self, code: str, name: str, variant_json: dict[str, Any], variant: Any,
                 public: bool) -> Room: ...

    async def fresh_code(self, public: bool, variant: str, variant_json: dict[str, Any]) -> str: ...

    def players_storage(self) -> Storage: ...

    async def reach(self, player: str) -> list[Any]: ...

    def adopt(self, member: Any) -> Any: ...

    def seated_for(self, member: Any, code: str) -> None: ...
