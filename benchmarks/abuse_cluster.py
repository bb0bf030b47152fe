"""Issue 23's limits per person and per address, replayed against the deployed shape: three
nodes on a real Redis and PostgreSQL behind deploy/'s Caddy, which spreads one user's
sockets and requests over the nodes (`lb_policy least_conn`).

    python -m benchmarks.abuse_cluster            # about a minute
    python -m benchmarks.abuse_cluster --json

The attacks are abuse.py's (points 6 and 9, and the HTTP rate of point 3) from one client
address (a loopback address of its own, named to the nodes by Caddy's X-Forwarded-For;
the nodes trust 127.0.0.1 only), with its sockets on all three nodes: each line says
"held" when the one limit held across the nodes, "broken" when the address or person got
more, as it did when each node counted alone (three times every limit). Every limit is
at its default (the settings below are written out: the test services' own defaults
raise some of them). Redis, PostgreSQL and the nodes are started as the scale-out tests
start them (tests/cluster/services.py). Exit status 0 whatever the verdicts.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from benchmarks import abuse_net  # abuse.py's clients, its Caddy start and its verdict bounds
from mancala_client.api import MancalaClient
from mancala_server.config import Settings
from tests.cluster.services import Cluster, PostgresServer, RedisServer, free_port, stop

ROOT = Path(__file__).resolve().parents[1]
NODES = 3
# written out: tests/cluster/services.py raises the message rate and new players for tests
DEFAULTS: dict[str, Any] = {f"MANCALA_{name.upper()}": str(getattr(Settings(), name))
            for name in ("rate_per_second", "rate_burst", "register_rate", "register_burst", "chat_rate",
                         "chat_burst", "chat_address_rate", "chat_address_burst", "http_rate", "http_burst")}
# what is measured is the count the nodes share: a Redis slowed by a loaded machine must
# not pass for one out of reach (each node would count alone)
DEFAULTS["MANCALA_LIMITS_REDIS_TIMEOUT"] = "2"


class Deployed:
    """Redis, PostgreSQL, three nodes, and Caddy in front of them (plain HTTP)."""

    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        self.redis = RedisServer(scratch)
        self.postgres = PostgresServer(scratch)
        self.cluster = Cluster(scratch / "nodes", self.redis.url, self.postgres.new_database("abuse"),
                               nodes=NODES, name="abuse", MANCALA_TRUSTED_PROXIES="127.0.0.1", **DEFAULTS)
        self.port, admin = free_port(), free_port()
        env = {**os.environ, "XDG_DATA_HOME": str(scratch), "XDG_CONFIG_HOME": str(scratch),
               "MANCALA_SITE": f"http://127.0.0.1:{self.port}", "CADDY_HTTP_PORT": str(self.port),
               "CADDY_HTTPS_PORT": str(free_port()), "CADDY_ADMIN": f"127.0.0.1:{admin}",
               "MANCALA_NODES": " ".join(f"127.0.0.1:{p}" for p in self.cluster.ports)}
        with (scratch / "caddy.log").open("ab") as log:
            self.caddy = subprocess.Popen([abuse_net.CADDY, "run", "--config", str(ROOT / "deploy" / "Caddyfile"),
                                           "--adapter", "caddyfile"], env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while not abuse_net.get_ok(f"http://127.0.0.1:{self.port}/healthz"):
            if self.caddy.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Caddy did not start; see {scratch / 'caddy.log'}")
            time.sleep(0.1)

    def sockets(self) -> list[int]:
        """Sockets on each node now (their /metrics)."""
        return [int(float(re.search(r"^mancala_sockets (\S+)$", n.http("/metrics")[1].decode(), re.M)[1]))  # type: ignore[index]
                for n in self.cluster.nodes]

    def stop(self) -> None:
        stop(self.caddy)
        self.cluster.stop()
        self.postgres.stop()
        self.redis.stop()


class Through(abuse_net.Net):
    """abuse.py's clients (an address of their own each), through this Caddy."""

    def __init__(self, deployed: Deployed) -> None:
        self.deployed = deployed
        super().__init__(deployed)  # type: ignore[arg-type]  # it reads .port only

    def ws_url(self, direct: bool = False) -> str:
        return f"ws://127.0.0.1:{self.deployed.port}/ws"


async def counted(times: int, act: Callable[[int], Awaitable[Any]]) -> Counter[str]:
    return Counter([await abuse_net.code_of(act(i)) for i in range(times)])


async def spread(net: Through, address: str, name: str) -> list[MancalaClient]:
    """One socket on each node from one address (least_conn: each goes where fewest are)."""
    clients = [await net.client(name, address) for _ in range(NODES)]
    await asyncio.sleep(0.2)
    return clients


async def replay(net: Through, deployed: Deployed) -> list[dict[str, Any]]:
    lines = []

    def verdict(title: str, got: int, bound: float, said: str) -> None:
        lines.append({"title": title, "verdict": "held" if got <= bound else "broken", "measured": said,
                      "got": got, "bound": bound})
        abuse_net.progress(f"abuse_cluster: {title}: {lines[-1]['verdict']} ({said})")

    # new players from one address, its sockets on every node (abuse.py point 6)
    address = net.fresh()
    tabs = await spread(net, address, "flood")
    on_nodes = deployed.sockets()
    began = time.monotonic()
    made = await counted(60, lambda i: tabs[i % NODES].request({"type": "identify"}))
    bound = abuse_net.REGISTER_BURST + abuse_net.REGISTER_RATE * (time.monotonic() - began) + 1
    verdict("new players from one address over 3 nodes", made["ok"], bound,
            f"{made['ok']} of 60 registered (sockets per node {on_nodes}; one limit: burst "
            f"{abuse_net.REGISTER_BURST}, then 1 a minute; three nodes alone: {NODES * abuse_net.REGISTER_BURST})")

    # one known player's chat from a socket on every node, each in a room of its own node (point 9)
    who = net.fresh()
    ann = await net.client("ann-c", who)
    me = await ann.request({"type": "identify", "name": "ann-c"}, timeout=30)
    tabs = [ann] + [await net.client("ann-c", who) for _ in range(NODES - 1)]
    for tab in tabs[1:]:
        await tab.request({"type": "identify", "player": me.player, "secret": me.secret}, timeout=30)
    rooms = [(await tab.create_room("kalah_4", seat=0)).room for tab in tabs]
    began = time.monotonic()
    said = await counted(30, lambda i: tabs[i % NODES].request(
        {"type": "chat", "room": rooms[i % NODES], "text": f"line {i}"}))
    bound = abuse_net.CHAT_BURST + abuse_net.CHAT_RATE * (time.monotonic() - began) + 1
    verdict("one player's chat over 3 nodes", said["ok"], bound,
            f"{said['ok']} of 30 lines in {time.monotonic() - began:.1f} s (sockets per node "
            f"{deployed.sockets()}; one limit: burst {abuse_net.CHAT_BURST}, then {abuse_net.CHAT_RATE:g}/s)")

    # HTTP from one address, spread by Caddy over the nodes (abuse.py point 3's rate)
    reader = net.fresh()
    began = time.monotonic()
    statuses = Counter([(await net.get("/api/variants", reader))[0] for _ in range(150)])
    spent = time.monotonic() - began
    settings = Settings()
    bound = settings.http_burst + settings.http_rate * spent + 1
    verdict("HTTP requests from one address over 3 nodes", statuses[200], bound,
            f"{statuses[200]} of 150 GETs answered 200 in {spent:.1f} s ({statuses[429]} x 429; one limit: burst "
            f"{settings.http_burst}, then {settings.http_rate:g}/s)")
    return lines


async def run(keep: bool) -> list[dict[str, Any]]:
    scratch = Path(tempfile.mkdtemp(prefix="mancala-abuse-cluster-"))
    began = time.monotonic()
    deployed = await asyncio.to_thread(Deployed, scratch)
    abuse_net.progress(f"abuse_cluster: {NODES} nodes and Caddy on {deployed.port} "
                   f"({time.monotonic() - began:.0f} s), scratch {scratch}")
    net = Through(deployed)
    try:
        return await replay(net, deployed)
    finally:
        await net.close()
        await asyncio.to_thread(deployed.stop)
        if keep:
            abuse_net.progress(f"abuse_cluster: the logs are in {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (logs)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    lines = asyncio.run(run(args.keep))
    if args.json:
        print(json.dumps(lines))
        return
    print("| point | verdict | measured |\n| --- | --- | --- |")
    for line in lines:
        print(f"| {line['title']} | {line['verdict']} | {line['measured']} |")


if __name__ == "__main__":
    main()
