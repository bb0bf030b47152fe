"""Rows the storage tests start from: a room with its game, and a rated game played to
its end (North wins by resignation), written through either port."""

from __future__ import annotations

from mancala.engine.position import Outcome, OutcomeKind
from mancala_server.compete_store import Terms
from mancala_server.fencing import Fence, new_game_id
from mancala_server.ratings import RatedSide
from mancala_server.storage import Storage
from mancala_server.store import RoomRow

VARIANT = {"game_info": {"name": "Oware"}}


async def a_game(storage: Storage, code: str, public: bool = True) -> tuple[int, Fence]:
    await storage.reserve_room(RoomRow(code, "oware_abapa", VARIANT, public, "waiting", None,
                                       [(None, None), (None, None)], None))
    fence = Fence(code, 1)
    gid = new_game_id()
    await storage.new_game(gid, code, "oware_abapa", VARIANT, 0, ["Ann", "Bob"], {}, fence)
    return gid, fence


async def rated_game(storage: Storage, code: str, south: str, north: str, public: bool = True,
                     clock: dict[str, int] | None = None) -> int:
    gid, fence = await a_game(storage, code, public)
    await storage.set_terms(gid, Terms(True, clock, (south, north)), fence)
    sides = [RatedSide(0, south, "S"), RatedSide(1, north, "N")]
    await storage.end_rated_game(gid, Outcome(OutcomeKind.WIN, 1), "resign", "North wins: South resigned",
                                 "oware_abapa", sides, fence)
    return gid
