"""Quotas per address behind a reverse proxy (issue 23, point 4): the client's address is
taken from the proxy's header only when the connection comes from a trusted proxy
(`trusted_proxies`), never from anyone else; through the real Caddy of deploy/, clients
at different addresses get different quotas."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from multidict import CIMultiDict
from websockets.asyncio.client import connect as ws_connect

from mancala.protocol.codec import JSON_SUBPROTOCOL
from mancala_client.api import MancalaClient, ServerError
from mancala_server.client_address import TrustedProxies, address_of, forwarded_for
from tests.cluster.services import free_port, stop

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
CADDY = "/usr/bin/caddy"


async def connect_as(port: int, name: str, *, headers: dict[str, str] | None = None,
                     source: str | None = None) -> MancalaClient:
    """A client with extra handshake headers, or connecting from another loopback address."""
    ws = await ws_connect(f"ws://127.0.0.1:{port}/ws", subprotocols=[JSON_SUBPROTOCOL],  # type: ignore[list-item]
                          additional_headers=headers, open_timeout=10,
                          local_addr=(source, 0) if source else None)
    client = MancalaClient(ws)
    await client.request({"type": "hello", "name": name})
    return client


async def quota_refused(client: MancalaClient) -> bool:
    try:
        await client.create_room("kalah_4", public=False)
    except ServerError as exc:
        assert exc.code == "quota", exc
        return True
    return False


# ---- the header, read ---------------------------------------------------------------------


def test_hops_name_addresses_with_ports_and_ipv6_and_nothing_else() -> None:
    assert str(address_of("203.0.113.7:4711")) == "203.0.113.7"
    assert str(address_of('"[2001:db8::1]:4711"')) == "2001:db8::1"
    assert str(address_of("::ffff:192.0.2.1")) == "192.0.2.1"
    assert address_of("unknown") is None and address_of("_hidden") is None
    assert forwarded_for(['for=192.0.2.60;proto=http;by=203.0.113.43, for="[2001:db8:cafe::17]:4711"']) == \
        ["192.0.2.60", "[2001:db8:cafe::17]:4711"]
    assert forwarded_for(["for=1.2.3.4 garbage"]) is None


def test_the_client_is_the_first_untrusted_hop_from_the_right() -> None:
    proxies = TrustedProxies.parse("10.0.0.0/8 192.0.2.1")
    xff = CIMultiDict([("X-Forwarded-For", "6.6.6.6, 203.0.113.7"), ("X-Forwarded-For", "10.1.1.1")])
    assert proxies.client("192.0.2.1", xff) == "203.0.113.7"
    # a proxy chain of ours all the way: the left-most is the client
    assert proxies.client("10.0.0.1", CIMultiDict({"X-Forwarded-For": "10.0.0.2"})) == "10.0.0.2"
    # garbage written into the header ends the walk at the proxy that passed it on
    assert proxies.client("192.0.2.1", CIMultiDict({"X-Forwarded-For": "6.6.6.6, nonsense"})) == "192.0.2.1"
    assert proxies.client("192.0.2.1", CIMultiDict()) == "192.0.2.1"


def test_only_the_configured_header_is_believed() -> None:
    both = CIMultiDict({"X-Forwarded-For": "203.0.113.7", "Forwarded": "for=6.6.6.6"})
    assert TrustedProxies.parse("192.0.2.1").client("192.0.2.1", both) == "203.0.113.7"
    assert TrustedProxies.parse("192.0.2.1", "forwarded").client("192.0.2.1", both) == "6.6.6.6"


def test_a_wrong_proxy_setting_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'10.0.0.300'"):
        TrustedProxies.parse("10.0.0.300")
    with pytest.raises(ValueError, match="proxy_header"):
        TrustedProxies.parse("10.0.0.1", "x-real-ip")


# ---- the server -----------------------------------------------------------------------------


async def test_a_spoofed_forwarded_for_from_an_untrusted_peer_is_ignored(start_server) -> None:
    # a proxy is configured, but these connections do not come from it
    server = await start_server(trusted_proxies="192.0.2.1", rooms_per_address=2, rooms_per_client=100)
    clients = [await connect_as(server.port, f"p{i}", headers={"X-Forwarded-For": f"203.0.113.{i}"})
               for i in range(3)]
    try:
        assert not await quota_refused(clients[0])
        assert not await quota_refused(clients[1])
        assert await quota_refused(clients[2])  # one address: 127.0.0.1's quota is used up
    finally:
        for c in clients:
            await c.close()


async def test_from_the_trusted_proxy_each_client_address_has_its_own_quota(start_server) -> None:
    server = await start_server(trusted_proxies="127.0.0.1", rooms_per_address=1, rooms_per_client=100,
                                http_rate=0.001, http_burst=2)
    ann = await connect_as(server.port, "ann", headers={"X-Forwarded-For": "6.6.6.6, 203.0.113.1"})
    bob = await connect_as(server.port, "bob", headers={"X-Forwarded-For": "203.0.113.2"})
    ann2 = await connect_as(server.port, "ann2", headers={"X-Forwarded-For": "7.7.7.7, 203.0.113.1"})
    try:
        assert not await quota_refused(ann)
        assert not await quota_refused(bob)
        assert await quota_refused(ann2)  # the left-most hop is the client's own word: not believed
        assert sorted(room.creator for room in server.hub.rooms.values()) == ["203.0.113.1", "203.0.113.2"]
    finally:
        for c in (ann, bob, ann2):
            await c.close()

    def status(address: str) -> int:
        request = urllib.request.Request(f"http://127.0.0.1:{server.port}/healthz",
                                         headers={"X-Forwarded-For": address})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return int(response.status)
        except urllib.error.HTTPError as exc:
            return exc.code

    # the HTTP rate limit too: a burst of 2 per client address
    got = [await asyncio.to_thread(status, a) for a in ("203.0.113.5",) * 3 + ("203.0.113.6",) * 2]
    assert got == [200, 200, 429, 200, 200]


# ---- through the real Caddy of deploy/ -------------------------------------------------------------


@pytest.fixture
def caddy_in_front(tmp_path: Path) -> Iterator[Callable[[int], int]]:
    """Start deploy/Caddyfile in front of a node at a port: plain HTTP on a free port (the
    TLS of the same file is the subject of tests/cluster/test_deploy.py)."""
    if not os.access(CADDY, os.X_OK):
        pytest.fail(f"{CADDY} is missing: apt-get install -y caddy (.ci/run installs it)")
    procs: list[subprocess.Popen[bytes]] = []

    def start(node_port: int) -> int:
        port, admin = free_port(), free_port()
        env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path),
               "MANCALA_SITE": f"http://127.0.0.1:{port}", "CADDY_HTTP_PORT": str(port),
               "CADDY_HTTPS_PORT": str(free_port()), "CADDY_ADMIN": f"127.0.0.1:{admin}",
               "MANCALA_NODES": f"127.0.0.1:{node_port}"}
        log = (tmp_path / "caddy.log").open("wb")
        proc = subprocess.Popen([CADDY, "run", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
                                env=env, stdout=log, stderr=subprocess.STDOUT)
        procs.append(proc)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
                    if response.status == 200:
                        return port
            except OSError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, (tmp_path / "caddy.log").read_text()
            time.sleep(0.2)

    yield start
    for proc in procs:
        stop(proc)
    shutil.rmtree(tmp_path / "caddy", ignore_errors=True)


async def test_behind_caddy_clients_at_different_addresses_have_different_quotas(start_server,
                                                                                 caddy_in_front) -> None:
    server = await start_server(trusted_proxies="127.0.0.1", rooms_per_address=1, rooms_per_client=100)
    port = await asyncio.to_thread(caddy_in_front, server.port)
    # every client reaches Caddy on 127.0.0.1, from an address of its own in 127/8
    ann = await connect_as(port, "ann", source="127.0.0.2")
    bob = await connect_as(port, "bob", source="127.0.0.3", headers={"X-Forwarded-For": "127.0.0.2"})
    ann2 = await connect_as(port, "ann2", source="127.0.0.2", headers={"X-Forwarded-For": "203.0.113.9"})
    try:
        assert not await quota_refused(ann)
        # bob says he is ann's address: Caddy writes what it saw, and the server reads that
        assert not await quota_refused(bob)
        assert await quota_refused(ann2)  # ann's address again, whatever it claims
        assert sorted(room.creator for room in server.hub.rooms.values()) == ["127.0.0.2", "127.0.0.3"]
    finally:
        for c in (ann, bob, ann2):
            await c.close()
