"""The server: one aiohttp application on one port for the game socket (/ws) and HTTP.

`make_app` builds it: the route table (http.py, game_socket.py), the middlewares
(middlewares.py), and the hub's life in `cleanup_ctx` (started before the port opens;
stopped, and the store closed, after the sockets are). `run(settings)` serves until
SIGINT/SIGTERM, then tells every client, closes the sockets with 1001 and the store;
every move was committed as it came.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sys
from collections.abc import AsyncIterator

from aiohttp import web

from mancala.protocol.messages import ServerClosing
from mancala_server.app_keys import HUB, SETTINGS, STORAGE
from mancala_server.clock import Clock
from mancala_server.config import Settings
from mancala_server.connection import Client, configure_fanout
from mancala_server.game_socket import game_socket
from mancala_server.http import HttpRoutes
from mancala_server.hub import Hub
from mancala_server.keepalive import keep_alive
from mancala_server.logs import setup_logging
from mancala_server.middlewares import (
    WS_PATH,
    client_address,
    error_pages,
    http_limits,
    socket_gate,
)
from mancala_server.storage import Storage

log = logging.getLogger("mancala_server")
# seconds the handlers of open connections get to end once the sockets were told to close
SHUTDOWN_TIMEOUT = 5.0


def make_hub(settings: Settings, clock: Clock | None = None) -> Hub:
    """One server on SQLite, or a node of a cluster on Redis and PostgreSQL."""
    if not settings.scale_out:
        return Hub(settings, clock=clock)
    if not (settings.redis_url and settings.database_url.startswith(("postgres://", "postgresql://"))):
        raise SystemExit("scale-out needs both MANCALA_REDIS_URL (redis://...) and "
                         "MANCALA_DATABASE_URL (postgresql://...)")
    from mancala_server.cluster_hub import ClusterHub  # with redis and asyncpg: only in a cluster

    return ClusterHub(settings, clock=clock)


def make_app(settings: Settings, clock: Clock | None = None) -> web.Application:
    """The server's application: its hub (`clock`: the hub's time, for timers and rate
    limits; the event loop's by default), every route, and the hub's life."""
    configure_fanout(settings.fanout_threads)
    app = web.Application(middlewares=[client_address(settings), error_pages, socket_gate(settings),
                                       http_limits(settings)])
    app[SETTINGS] = settings
    app[HUB] = make_hub(settings, clock)
    app.router.add_routes([web.get(WS_PATH, game_socket), *HttpRoutes(app).table()])
    app.cleanup_ctx.append(hub_life)
    app.on_shutdown.append(say_goodbye)
    return app


async def hub_life(app: web.Application) -> AsyncIterator[None]:
    """Start the hub (a cluster node joins its cluster, connects to PostgreSQL) and its
    periodic chores; once the sockets are closed, stop it and close the store."""
    hub = app[HUB]
    await hub.start()
    app[STORAGE] = stored_games(hub)
    chores = [asyncio.create_task(hub.sweep(), name="sweep"),
              asyncio.create_task(hub.watch_senders(), name="watch-senders"),
              asyncio.create_task(keep_alive(lambda: hub.clients), name="keepalive"),
              asyncio.create_task(hub.explorer.run(), name="explorer"),
              asyncio.create_task(hub.tournaments.run(), name="tournaments")]
    try:
        yield
    finally:
        for task in chores:
            task.cancel()
        for room in hub.rooms.values():
            room.pause()  # the clocks as they stand, for the restart (match.py)
            room.cancel_timers()
        hub.computers.close()
        hub.searches.close()
        hub.rules.close()
        await hub.stop()
        await hub.storage.close()
        log.info("stopped")


def stored_games(hub: Hub) -> Storage:
    """Where HTTP reads stored games: the hub's storage (a cluster node's PostgreSQL,
    connected when its hub started, or the single server's SQLite file)."""
    return hub.storage


async def say_goodbye(app: web.Application) -> None:
    """Graceful shutdown, once the port no longer takes connections: tell the clients,
    close their sockets (1001)."""
    hub = app[HUB]
    log.info("shutting down: %d clients", len(hub.clients))
    closing = ServerClosing()
    await asyncio.gather(*(_goodbye(c, closing) for c in list(hub.clients)), return_exceptions=True)


async def _goodbye(client: Client, message: ServerClosing) -> None:
    client.send(message)
    await client.drain_and_close(1001, "server shutting down")


class MancalaServer:
    """The application served on `settings.host`/`settings.port` (0: any free port)."""

    def __init__(self, settings: Settings, clock: Clock | None = None) -> None:
        """`clock`: the hub's time (timers, rate limits); the event loop's by default."""
        self.settings = settings
        self.app = make_app(settings, clock)
        self.hub = self.app[HUB]
        self.runner: web.AppRunner | None = None

    @property
    def port(self) -> int:
        assert self.runner is not None
        return int(self.runner.addresses[0][1])

    async def start(self) -> None:
        # no access log: a line per request would cost more than most answers
        self.runner = web.AppRunner(self.app, access_log=None, handle_signals=False,
                                    shutdown_timeout=SHUTDOWN_TIMEOUT)
        await self.runner.setup()
        await web.TCPSite(self.runner, self.settings.host, self.settings.port).start()
        if self.settings.scale_out:
            log.info("listening on http://%s:%d (websocket and HTTP); node %s", self.settings.host, self.port,
                     self.hub.node)
        else:
            log.info("listening on http://%s:%d (websocket and HTTP); data in %s",
                     self.settings.host, self.port, self.settings.data_dir)

    async def stop(self) -> None:
        """Graceful shutdown: stop listening, tell the clients and close their sockets
        (1001), then stop the hub and close the store."""
        if self.runner is not None:
            await self.runner.cleanup()


@contextlib.asynccontextmanager
async def running(settings: Settings, clock: Clock | None = None) -> AsyncIterator[MancalaServer]:
    server = MancalaServer(settings, clock)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def serve_forever(settings: Settings) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with running(settings):
        keep_out_of_full_collections()
        # the loop gets the interpreter back from a busy thread (a game's replay, a
        # record's text) within 0.5 ms instead of 5: it asks again after each of its
        # system calls, so at 5 ms a bystander's ping waited tens of milliseconds behind
        # one replay (abuse.py, point 3: p99 61 ms during the pages, 2.5 ms before)
        sys.setswitchinterval(SWITCH_INTERVAL)
        await stop.wait()


SWITCH_INTERVAL = 0.0005  # seconds (Python's default: 0.005)


def keep_out_of_full_collections() -> None:
    """Fewer and shorter full passes of the garbage collector, which stop the event loop.

    What the server holds for good once started (modules, the variants, restored rooms:
    some 40,000 objects) is frozen out of the passes, and a full pass waits for 100
    passes of the middle generation instead of 10: the server's garbage is mostly freed by
    reference counting, while its live rooms grow the heap, and every 25 % of growth
    started a full pass. In the long fuzz run such passes came every 15 s or so and held
    every room up for 50 to 190 ms (2 in 2 minutes, not 8, with this; docs/performance.md)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 100)


def run(settings: Settings) -> None:
    setup_logging(settings.log_format, settings.node_id)
    asyncio.run(serve_forever(settings))
