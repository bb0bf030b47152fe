"""Fixtures for the server tests: a real server on an ephemeral port with its SQLite
file in tmp_path, and real websocket clients. Nothing of ours is mocked."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from mancala_client.api import MancalaClient
from mancala_server.app import MancalaServer, running
from mancala_server.clock import Clock
from mancala_server.config import Settings
from mancala_server.hub import Hub
from tests.server.fakes import FakeClock
from tests.server.room_setup import make_hub

# the rate limit is the subject of one test; everywhere else it must not get in the way.
# The rules time limit too: here it also counts a rules worker's own start (spawn,
# imports), which a busy machine can stretch past the default 2 s
FAST = {"rate_per_second": 10_000.0, "rate_burst": 10_000, "abandon_timeout": 30.0,
        "empty_room_ttl": 600.0, "rules_time_limit": 60.0}

StartServer = Callable[..., Awaitable[MancalaServer]]
Connect = Callable[..., Awaitable[MancalaClient]]


@pytest.fixture
def make_settings(tmp_path: Path) -> Callable[..., Settings]:
    def make(**overrides: Any) -> Settings:
        values: dict[str, Any] = {"host": "127.0.0.1", "port": 0, "data_dir": tmp_path / "data", **FAST}
        values.update(overrides)
        return Settings(**values)

    return make


@pytest.fixture
async def start_server(make_settings: Callable[..., Settings]) -> AsyncIterator[StartServer]:
    """Start servers (in this event loop) with given settings, and the hub's clock if one
    is given (tests/server/fakes.py: FakeClock moves when the test says); all stop at
    teardown."""
    stack = contextlib.AsyncExitStack()

    async def start(clock: Clock | None = None, **overrides: Any) -> MancalaServer:
        return await stack.enter_async_context(running(make_settings(**overrides), clock))

    yield start
    await stack.aclose()


@pytest.fixture
async def server(start_server: StartServer) -> MancalaServer:
    return await start_server()


@pytest.fixture
def url(server: MancalaServer) -> str:
    return f"ws://127.0.0.1:{server.port}/ws"


@pytest.fixture
async def connect(url: str) -> AsyncIterator[Connect]:
    """Connect clients (JSON unless fmt="msgpack"); all are closed at teardown."""
    clients: list[MancalaClient] = []

    async def make(name: str = "guest", fmt: str = "json", to: str | None = None) -> MancalaClient:
        client = await MancalaClient.connect(to or url, fmt=fmt, name=name)
        clients.append(client)
        return client

    yield make
    for client in clients:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.close(), 2)


# the hub rules tests' (test_hub_*.py): a hub on a fake clock, with no server or socket,
# its quotas small enough to reach


@pytest.fixture
async def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def hub(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Hub]:
    h = make_hub(tmp_path, clock, rooms_per_client=2, rooms_per_address=3, computer_rooms_per_client=1,
                 computer_rooms_per_address=2, lobby_interval=0.25, idle_room_ttl=100.0, empty_room_ttl=50.0)
    yield h
    h.rules.close()
