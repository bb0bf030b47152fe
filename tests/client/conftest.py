"""Fixtures for the client tests: a real server on an ephemeral port (in this event loop),
and `mancala play` driven through a pseudo-terminal."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mancala_server.app import MancalaServer, running
from mancala_server.config import Settings
from tests.client.pty_terminal import Terminal


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[MancalaServer]:
    settings = Settings(host="127.0.0.1", port=0, data_dir=tmp_path / "data",
                        rate_per_second=10_000.0, rate_burst=10_000, abandon_timeout=60.0)
    async with running(settings) as srv:
        yield srv


@pytest.fixture
def url(server: MancalaServer) -> str:
    return f"ws://127.0.0.1:{server.port}/ws"


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    """Start `mancala play` processes on pseudo-terminals; all are killed at teardown.
    HOME is a temporary directory, so saved seats land in tmp_path/home/.mancala."""
    started: list[Terminal] = []
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)

    def start(*args: str, **env: Any) -> Terminal:
        t = Terminal(["play", *args], env={"HOME": str(home), **env})
        started.append(t)
        return t

    yield start
    for t in started:
        with contextlib.suppress(Exception):
            t.close()
