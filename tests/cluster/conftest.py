"""Fixtures for the scale-out tests: a real redis-server and a real PostgreSQL, started
once per session -- each xdist worker is a session of its own, with its own servers --
on free ports (tests/cluster/services.py), and three `mancala serve`
nodes on them. Nothing is mocked. A missing server binary fails with the command that
installs it: these tests never skip."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import shutil
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mancala_client.api import MancalaClient
from tests.cluster.services import Cluster, PostgresServer, RedisServer

_names = itertools.count(1)


class Services:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.redis = RedisServer(root)
        self.postgres = PostgresServer(root)

    def stop(self) -> None:
        self.redis.stop()
        self.postgres.stop()


@pytest.fixture(scope="session")
def services() -> Iterator[Services]:
    root = Path(tempfile.mkdtemp(prefix="mancala-cluster-"))
    started = Services(root)
    try:
        yield started
    finally:
        started.stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def new_cluster(services: Services, tmp_path: Path) -> Iterator[Callable[..., Cluster]]:
    """Start clusters of nodes on the shared Redis (each under its own name) and a fresh
    database each; all nodes are stopped at teardown (their logs shown if the test failed)."""
    made: list[Cluster] = []

    def make(nodes: int = 3, redis: RedisServer | None = None, **env: str) -> Cluster:
        name = f"c{next(_names)}"
        root = tmp_path / name
        root.mkdir()
        cluster = Cluster(root, (redis or services.redis).url, services.postgres.new_database(name),
                          nodes=nodes, name=name, **env)
        made.append(cluster)
        return cluster

    make.made = made  # type: ignore[attr-defined]  # for the failure report's node logs
    yield make
    for cluster in made:
        cluster.stop()


@pytest.fixture(scope="module")
def cluster(services: Services, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """Three nodes shared by a module's tests (a test that kills or stops a node starts it
    again before it ends)."""
    name = f"m{next(_names)}"
    root = tmp_path_factory.mktemp(name)
    made = Cluster(root, services.redis.url, services.postgres.new_database(name), nodes=3, name=name)
    yield made
    made.stop()


Connect = Callable[..., Awaitable[MancalaClient]]


@pytest.fixture
async def connect() -> AsyncIterator[Connect]:
    """Connect clients to a node's URL; all are closed at teardown."""
    clients: list[MancalaClient] = []

    async def make(url: str, name: str = "guest", fmt: str = "json") -> MancalaClient:
        client = await MancalaClient.connect(url, fmt=fmt, name=name)
        clients.append(client)
        return client

    yield make
    for client in clients:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.close(), 2)


def pytest_runtest_makereport(item: Any, call: Any) -> None:
    """When a scale-out test fails, the nodes' logs are what tells why."""
    if call.when == "call" and call.excinfo is not None:
        funcargs = getattr(item, "funcargs", {})
        clusters = [funcargs.get("cluster"), *getattr(funcargs.get("new_cluster"), "made", [])]
        for value in clusters:
            if isinstance(value, Cluster):
                item.add_report_section("call", f"node logs ({value.root.name})", value.logs())
