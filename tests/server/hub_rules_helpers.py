"""Helpers shared by the hub rules tests (test_hub_*.py): a request sent, a room made, a
player identified, a first move played, the event loop run until a condition holds."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from mancala_server.hub import Hub
from tests.server.fakes import FakeMember


async def send(hub: Hub, member: FakeMember, **message: Any) -> Any:
    """Hand the hub one request; the last message the member got."""
    await hub.handle(member, json.dumps(message))  # type: ignore[arg-type]
    return member.got[-1]


async def create(hub: Hub, member: FakeMember, **options: Any) -> str:
    """A room made by `member` (seated): its code."""
    await send(hub, member, type="create_room", variant=options.pop("variant", "oware_abapa"), **options)
    return str(member.of_type("seat_granted")[-1].room)


async def until(condition: Any, limit: float = 30.0) -> None:
    """Let the event loop run until `condition()` holds (the hub's loops sleep for real);
    the limit only stops a broken test from hanging, it is no claim about speed."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not condition():
        assert loop.time() < end, "the condition never came to hold"
        await asyncio.sleep(0.02)


async def identified(hub: Hub, name: str) -> FakeMember:
    member = FakeMember(name, address=f"10.0.1.{len(name)}")
    reply = await send(hub, member, type="identify", name=name)
    assert reply.type == "identity"
    return member


async def first_move_played(hub: Hub, pie: bool = False) -> tuple[FakeMember, FakeMember, str]:
    """Ann (South, starting) and Bob in a room where Ann has made the first move."""
    ann, bob = FakeMember("ann"), FakeMember("bob")
    code = await create(hub, ann, seat=0, starter=0, pie=pie)
    await send(hub, bob, type="join_room", room=code)
    await send(hub, ann, type="move", room=code, move=2, ply=0)
    return ann, bob, code
