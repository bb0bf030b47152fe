"""The server a benchmark runs against: one `mancala serve` process on a free port with a
scratch data directory (ServerProcess), or a cluster of nodes on a real redis-server and
PostgreSQL (ClusterServer); what they cost (CPU seconds, resident memory, their worker
processes'), and a client that connects from its own loopback address."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect as ws_connect
from websockets.typing import Subprotocol

from mancala_client.api import MancalaClient

TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class ServerProcess:
    """`mancala serve` on a free port with a scratch data directory; its log goes to a file.

    `data` and `port` pin both (the crash-loop benchmark restarts on the same ones);
    `start()` after `kill()` or `stop()` runs the server again. `started_in` is how long
    the last start took to answer /healthz (it restores every room first)."""

    def __init__(self, quotas: bool = False, data: Path | None = None, port: int | None = None,
                 **env_overrides: str) -> None:
        self.port = port or free_port()
        self.data = data or Path(tempfile.mkdtemp(prefix="mancala-load-"))
        self.log_path = self.data / "server.log"
        # the rate limit is per connection; a bot moving at once may send more than a human
        # and every generator connects from 127.0.0.1: the per-address quotas are lifted
        env = dict(os.environ, MANCALA_RATE_PER_SECOND="1000", MANCALA_RATE_BURST="1000",
                   MANCALA_ROOMS_PER_ADDRESS="1000000", MANCALA_COMPUTER_ROOMS_PER_ADDRESS="1000000",
                   MANCALA_ROOMS_PER_CLIENT="1000000", MANCALA_COMPUTER_ROOMS_PER_CLIENT="1000000",
                   MANCALA_HTTP_RATE="1000000", MANCALA_HTTP_BURST="1000000")
        if quotas:  # the defaults, for benchmarks of the quotas themselves
            env = {k: v for k, v in env.items() if "ROOMS_PER" not in k}
        env.update(env_overrides)
        self.env = env
        self.url = f"ws://127.0.0.1:{self.port}/ws"
        self.started_in = 0.0
        self.start()

    def start(self, wait: bool = True) -> None:
        """Start the server; with `wait`, return once /healthz answers."""
        began = time.monotonic()
        with self.log_path.open("a") as log:
            self.proc = subprocess.Popen(
                # MANCALA_BENCH_PYTHON: another install's interpreter (a before/after comparison)
                [os.environ.get("MANCALA_BENCH_PYTHON", sys.executable), "-m", "mancala_cli", "serve", "--port",
                 str(self.port), "--data-dir", str(self.data)],
                env=self.env, stderr=log, stdout=log)
        if not wait:
            return
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1).read()
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start; see {self.log_path}") from None
                time.sleep(0.02)
        self.started_in = time.monotonic() - began

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.poll() is None

    def cpu(self) -> tuple[float, float]:
        """(the server's own CPU seconds, its child processes' - the search workers)."""
        return cpu_seconds(self.pid), sum(cpu_seconds(c) for c in children(self.pid))

    def kill(self) -> None:
        """SIGKILL, as a crash: no goodbye, no flush. Its worker processes are daemons of a
        dead parent; they are killed too, so that they do not pile up over many kills."""
        workers = children(self.pid)
        self.proc.kill()
        self.proc.wait()
        for pid in workers:
            with contextlib.suppress(OSError):
                os.kill(pid, 9)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


async def connect_from(url: str, address: str, name: str) -> MancalaClient:
    """A client on its own loopback address (127.x.y.z): the server's quotas and the
    computer's turn-taking count per address."""
    ws = await ws_connect(url, subprotocols=[Subprotocol("mancala.v1.json")],
                          local_addr=(address, 0), max_size=2**22)
    client = MancalaClient(ws)
    await client.request({"type": "hello", "name": name})
    return client


class ClusterServer:
    """--nodes N: a real redis-server and PostgreSQL for the run, and N nodes on them."""

    def __init__(self, nodes: int, **env: str) -> None:
        from tests.cluster.services import Cluster, PostgresServer, RedisServer

        self.root = Path(tempfile.mkdtemp(prefix="mancala-load-cluster-"))
        self.redis = RedisServer(self.root)
        self.postgres = PostgresServer(self.root)
        lifted = {k: "1000000" for k in ("MANCALA_ROOMS_PER_ADDRESS", "MANCALA_COMPUTER_ROOMS_PER_ADDRESS",
                                         "MANCALA_ROOMS_PER_CLIENT", "MANCALA_COMPUTER_ROOMS_PER_CLIENT",
                                         "MANCALA_HTTP_RATE", "MANCALA_HTTP_BURST")}
        self.cluster = Cluster(self.root / "nodes", self.redis.url, self.postgres.new_database("load"), nodes=nodes,
                               name="load", **{"MANCALA_NODE_LEASE": "3", "MANCALA_RATE_PER_SECOND": "1000",
                                                "MANCALA_RATE_BURST": "1000", **lifted, **env})
        self.urls = self.cluster.urls()
        self.pids = [n.proc.pid for n in self.cluster.nodes]

    def cpu(self) -> tuple[float, float]:
        return (sum(cpu_seconds(p) for p in self.pids),
                sum(cpu_seconds(c) for p in self.pids for c in children(p)))

    def node_cpu(self) -> list[float]:
        return [cpu_seconds(p) for p in self.pids]

    def services_cpu(self) -> float:
        """Redis' and PostgreSQL's CPU seconds (the postmaster and its backends)."""
        pids = [p.pid for p in (self.redis.proc, self.postgres.proc) if p is not None]
        return sum(cpu_seconds(p) for p in pids) + sum(cpu_seconds(c) for c in children(pids[-1]))

    def stop(self) -> None:
        self.cluster.stop()
        self.redis.stop()
        self.postgres.stop()
        shutil.rmtree(self.root, ignore_errors=True)
