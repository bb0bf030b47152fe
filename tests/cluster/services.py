"""Real Redis and PostgreSQL servers for the scale-out tests and benchmarks, and
`mancala serve` nodes on them: each on a free loopback port, its files in a
temporary directory, stopped (and the directory removed) afterwards.

Debian's packages: `apt-get install redis-server postgresql` (.ci/run installs them).
PostgreSQL refuses to run as root, so when we are root its programs run as the
`postgres` user (Popen's user=, so that signals reach the server itself) on a
directory that user owns.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

REDIS_SERVER = "/usr/bin/redis-server"
PG_BIN = Path("/usr/lib/postgresql/15/bin")
INSTALL = "apt-get install -y redis-server postgresql"


class MissingServer(RuntimeError):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def require(path: Path | str) -> str:
    if not os.access(path, os.X_OK):
        raise MissingServer(f"{path} is missing: the scale-out tests need Debian's Redis and PostgreSQL "
                            f"servers ({INSTALL}; .ci/run installs them)")
    return str(path)


def wait_port(port: int, proc: subprocess.Popen[bytes], log: Path, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"exited with {proc.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise TimeoutError(f"port {port} not open after {timeout} s:\n{log.read_text(errors='replace')[-3000:]}")


def stop(proc: subprocess.Popen[bytes] | None, sig: int = signal.SIGTERM, timeout: float = 10.0) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(sig)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


class RedisServer:
    """redis-server on a free port; no persistence (a restart starts empty, the worst case)."""

    def __init__(self, root: Path) -> None:
        self.binary = require(REDIS_SERVER)
        self.dir = root / "redis"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = self.dir / "redis.log"
        with log.open("ab") as out:
            self.proc = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                 "--dir", str(self.dir), "--protected-mode", "no"], stdout=out, stderr=subprocess.STDOUT)
        wait_port(self.port, self.proc, log)

    def stop(self) -> None:
        stop(self.proc)

    def restart(self) -> None:
        self.stop()
        self.start()


class PostgresServer:
    """A fresh PostgreSQL cluster (initdb) on a free port, trust authentication on loopback."""

    def __init__(self, root: Path) -> None:
        for tool in ("initdb", "postgres"):
            require(PG_BIN / tool)
        self.dir = root / "pg"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.data = self.dir / "data"
        self.port = free_port()
        self.as_user: dict[str, Any] = {}
        if os.geteuid() == 0:  # postgres will not run as root
            self.as_user = {"user": "postgres", "group": "postgres", "extra_groups": []}
            shutil.chown(self.dir, "postgres", "postgres")
            # the user must be able to reach its directory through the temporary ones above it
            for parent in self.dir.parents:
                if parent == Path(tempfile.gettempdir()) or parent == Path("/"):
                    break
                parent.chmod(parent.stat().st_mode | 0o711)
        log = self.dir / "initdb.log"
        with log.open("wb") as out:
            done = subprocess.run([str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres",
                                   "--auth=trust", "-E", "UTF8", "--no-sync"], stdout=out, stderr=subprocess.STDOUT,
                                  cwd=self.dir, **self.as_user)
        if done.returncode:
            raise RuntimeError(f"initdb failed:\n{log.read_text(errors='replace')}")
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()
        self._databases = 0

    def start(self) -> None:
        log = self.dir / "postgres.log"
        with log.open("ab") as out:
            # fsync off: a test cluster need not survive a power cut (a killed node it does)
            self.proc = subprocess.Popen(
                [str(PG_BIN / "postgres"), "-D", str(self.data), "-p", str(self.port),
                 "-c", "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={self.dir}",
                 "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
                 "-c", "max_connections=300"], stdout=out, stderr=subprocess.STDOUT, cwd=self.dir, **self.as_user)
        wait_port(self.port, self.proc, log)
        self._wait_ready()

    def _wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            done = subprocess.run([str(PG_BIN / "pg_isready"), "-h", "127.0.0.1", "-p", str(self.port)],
                                  capture_output=True)
            if done.returncode == 0:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"postgres not ready: {done.stdout!r}")
            time.sleep(0.1)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self, prefix: str = "t") -> str:
        """A fresh empty database; returns its URL."""
        self._databases += 1
        name = f"{prefix}_{os.getpid()}_{self._databases}"
        done = subprocess.run([str(PG_BIN / "psql"), "-h", "127.0.0.1", "-p", str(self.port),
                               "-U", "postgres", "-q", "-c", f"CREATE DATABASE {name}"], capture_output=True)
        if done.returncode:
            raise RuntimeError(f"CREATE DATABASE failed: {done.stderr.decode(errors='replace')}")
        return self.url(name)

    def stop(self) -> None:
        stop(self.proc, signal.SIGINT)  # fast shutdown


class Node:
    """`mancala serve` as a child process on a known port, in a cluster."""

    def __init__(self, port: int, data_dir: Path, log: Path, env: dict[str, str],
                 command: list[str] | None = None) -> None:
        self.port = port
        self.url = f"ws://127.0.0.1:{port}/ws"
        self.log = log
        # the nodes count one address's new players together (cluster_limits.py), and every
        # test's players come from 127.0.0.1: a test of that limit sets its own
        environ = {**os.environ, "MANCALA_RATE_PER_SECOND": "10000", "MANCALA_RATE_BURST": "10000",
                   "MANCALA_REGISTER_BURST": "10000",
                   "MANCALA_HOST": "127.0.0.1", "MANCALA_PORT": str(port), "MANCALA_DATA_DIR": str(data_dir),
                   **env}
        self.out = open(log, "ab")  # noqa: SIM115 - closed in kill()/stop()
        argv = command or [sys.executable, "-m", "mancala_cli", "serve"]
        self.proc = subprocess.Popen(argv, stdout=self.out, stderr=subprocess.STDOUT, env=environ)

    def http(self, path: str, timeout: float = 2.0) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=timeout) as resp:
                return resp.status, resp.read()
        except urllib.error.HTTPError as err:
            return err.code, err.read()

    def ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"node exited with {self.proc.returncode}:\n{self.log.read_text()[-4000:]}")
            with contextlib.suppress(OSError):
                if self.http("/healthz", 0.5)[0] == 200:
                    return
            time.sleep(0.05)
        raise TimeoutError(f"node not ready:\n{self.log.read_text()[-4000:]}")

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        stop(self.proc, signal.SIGKILL, 5)
        self.out.close()

    def stop(self) -> None:
        stop(self.proc, signal.SIGTERM, 15)
        self.out.close()


class Cluster:
    """N nodes on one Redis and one PostgreSQL database, each named node0, node1, ..."""

    def __init__(self, root: Path, redis_url: str, database_url: str, nodes: int = 3,
                 name: str = "mancala", command: list[str] | None = None, **env: str) -> None:
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.command = command
        self.env = {"MANCALA_REDIS_URL": redis_url, "MANCALA_DATABASE_URL": database_url,
                    "MANCALA_CLUSTER_NAME": name, "MANCALA_NODE_LEASE": "2.0",
                    "MANCALA_COMPUTER_WORKERS": "1", "MANCALA_RULES_WORKERS": "1", **env}
        self.ports = [free_port() for _ in range(nodes)]
        self.nodes: list[Node] = [self._node(i) for i in range(nodes)]
        for node in self.nodes:
            node.ready()

    def _node(self, i: int) -> Node:
        data = self.root / f"node{i}"
        data.mkdir(parents=True, exist_ok=True)
        starts = sum(1 for _ in self.root.glob(f"node{i}*.log"))
        return Node(self.ports[i], data, self.root / f"node{i}.{starts}.log",
                    {**self.env, "MANCALA_NODE_ID": f"node{i}"}, self.command)

    def restart(self, i: int) -> Node:
        """Start node i again (after a kill or stop), on the same port."""
        if self.nodes[i].alive:
            self.nodes[i].stop()
        self.nodes[i] = self._node(i)
        self.nodes[i].ready()
        return self.nodes[i]

    def urls(self) -> list[str]:
        return [n.url for n in self.nodes]

    def logs(self) -> str:
        return "\n".join(f"---- {p.name}\n{p.read_text(errors='replace')[-3000:]}"
                         for p in sorted(self.root.glob("node*.log")))

    def stop(self) -> None:
        for node in self.nodes:
            if node.alive:
                node.stop()
