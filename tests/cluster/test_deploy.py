"""deploy/: what can be checked without Docker (this machine has no container engine).

The compose file's shape and settings; the Caddyfile parsed by the real caddy; and the
image's command (its CMD, with the compose file's node environment) run as three nodes
behind the real caddy with that Caddyfile, terminating TLS: a game through wss://."""

from __future__ import annotations

import ipaddress
import json
import os
import random
import re
import shutil
import ssl
import subprocess
import sys
import time
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
import yaml
from websockets.asyncio.client import connect as ws_connect

from mancala.protocol.codec import JSON_SUBPROTOCOL
from mancala_client.api import MancalaClient
from mancala_server.config import Settings
from tests.cluster.conftest import Services
from tests.cluster.services import Cluster, free_port, stop
from tests.server.helpers import play_moves

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
CADDY = "/usr/bin/caddy"
SETTINGS = {Settings.ENV.get(f.name, f"MANCALA_{f.name.upper()}") for f in fields(Settings)}


def compose() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def image_command() -> list[str]:
    match = re.search(r"^CMD (\[.*\])$", (DEPLOY / "Dockerfile").read_text(), re.M)
    assert match, "deploy/Dockerfile has no CMD [...]"
    return list(json.loads(match.group(1)))


def image_env() -> dict[str, str]:
    env: dict[str, str] = {}
    for line in re.findall(r"^ENV ((?:.*\\\n)*.*)$", (DEPLOY / "Dockerfile").read_text(), re.M):
        for name, value in re.findall(r"(\w+)=(\S+)", line):
            env[name] = value
    return env


async def connect_tls(url: str, name: str, tls: ssl.SSLContext) -> MancalaClient:
    ws = await ws_connect(url, ssl=tls, subprotocols=[JSON_SUBPROTOCOL], open_timeout=10)  # type: ignore[list-item]
    client = MancalaClient(ws)
    await client.request({"type": "hello", "name": name})
    return client


def caddy() -> str:
    if not os.access(CADDY, os.X_OK):
        pytest.fail(f"{CADDY} is missing: apt-get install -y caddy (.ci/run installs it)")
    return CADDY


def test_the_compose_file_runs_three_nodes_redis_postgres_and_the_proxy() -> None:
    services = compose()["services"]
    assert {"node1", "node2", "node3", "redis", "postgres", "proxy"} <= set(services)
    for name in ("node1", "node2", "node3"):
        node = services[name]
        assert node["build"]["dockerfile"] == "deploy/Dockerfile" and "command" not in node  # the image's CMD
        env = node["environment"]
        assert set(env) <= SETTINGS, set(env) - SETTINGS  # every variable is a setting
        assert env["MANCALA_NODE_ID"] == name
        assert env["MANCALA_REDIS_URL"].startswith("redis://redis:")
        assert env["MANCALA_DATABASE_URL"].startswith("postgresql://") and "@postgres:" in env["MANCALA_DATABASE_URL"]
    assert set(image_env()) <= SETTINGS | {"PYTHONUNBUFFERED"}
    proxy = services["proxy"]
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"]
    # the nodes believe X-Forwarded-For from the proxy's fixed address, and from nobody else
    address = ipaddress.ip_address(proxy["networks"]["default"]["ipv4_address"])
    ipam = compose()["networks"]["default"]["ipam"]["config"][0]
    assert address in ipaddress.ip_network(ipam["subnet"]) and address not in ipaddress.ip_network(ipam["ip_range"])
    assert {services[f"node{i}"]["environment"]["MANCALA_TRUSTED_PROXIES"] for i in (1, 2, 3)} == {str(address)}
    assert proxy["environment"]["MANCALA_NODES"].split() == [f"node{i}:8080" for i in (1, 2, 3)]


def test_the_caddyfile_is_valid_for_caddy(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([caddy(), "validate", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


async def test_the_image_command_behind_caddy_serves_a_game_over_tls(services: Services, tmp_path: Path) -> None:
    command = image_command()
    assert command[0] == "mancala"
    command[0] = str(Path(sys.executable).parent / "mancala")  # the installed script, as in the image
    # the image's environment but where each node listens (its own port, on loopback here)
    image = {k: v for k, v in image_env().items() if k not in ("MANCALA_HOST", "MANCALA_PORT", "MANCALA_DATA_DIR")}
    node_env = {k: v for k, v in compose()["services"]["node1"]["environment"].items()
                if k not in ("MANCALA_REDIS_URL", "MANCALA_DATABASE_URL", "MANCALA_NODE_ID")}
    cluster = Cluster(tmp_path / "nodes", services.redis.url, services.postgres.new_database("deploy"),
                      name="deploy", command=command, **{**image, **node_env})
    port, admin, plain = free_port(), free_port(), free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path),
           "MANCALA_SITE": "127.0.0.1", "CADDY_HTTPS_PORT": str(port), "CADDY_HTTP_PORT": str(plain),
           "CADDY_ADMIN": f"127.0.0.1:{admin}", "MANCALA_NODES": " ".join(f"127.0.0.1:{p}" for p in cluster.ports)}
    log = (tmp_path / "caddy.log").open("wb")
    proxy = subprocess.Popen([caddy(), "run", "--config", str(DEPLOY / "Caddyfile"), "--adapter", "caddyfile"],
                             env=env, stdout=log, stderr=subprocess.STDOUT)
    clients: list[MancalaClient] = []
    try:
        root = tmp_path / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        tls = ssl.create_default_context()
        deadline = time.monotonic() + 30
        url = f"wss://127.0.0.1:{port}/ws"
        while True:  # Caddy makes its CA and the site's certificate first
            try:
                tls.load_verify_locations(root)
                clients.append(await connect_tls(url, "ann", tls))
                break
            except (OSError, ssl.SSLError):
                assert proxy.poll() is None and time.monotonic() < deadline, (tmp_path / "caddy.log").read_text()
                time.sleep(0.2)
        clients += [await connect_tls(url, n, tls) for n in ("bob", "cy")]
        south, north, watcher = clients
        granted = await south.create_room("kalah_4", seat=0)
        await north.join(granted.room)
        state = (await north.next_event("room_state")).state
        await watcher.spectate(granted.room)
        await play_moves(granted.room, [south, north], state, rng=random.Random(5), count=10, watchers=(watcher,))
        # least_conn: three sockets, three nodes
        sockets = [int(float(re.search(r"^mancala_sockets (\S+)$", n.http("/metrics")[1].decode(), re.M)[1]))
                   for n in cluster.nodes]
        assert sockets == [1, 1, 1]
    finally:
        for c in clients:
            await c.close()
        stop(proxy)
        log.close()
        cluster.stop()
        shutil.rmtree(tmp_path / "caddy", ignore_errors=True)
