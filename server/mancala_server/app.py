"""The server: one port for the game socket (websockets) and plain HTTP.

`run(settings)` serves until SIGINT/SIGTERM, then tells every client, closes
the sockets with 1001 and the store; every move was committed as it came.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
from collections.abc import AsyncIterator, Sequence
from http import HTTPStatus
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed, NegotiationError
from websockets.http11 import Request, Response
from websockets.typing import Subprotocol

from mancala.protocol.codec import SUBPROTOCOLS
from mancala.protocol.messages import ServerClosing
from mancala_server.analysis import ANALYSIS
from mancala_server.clock import Clock
from mancala_server.config import Settings
from mancala_server.connection import Client, configure_fanout
from mancala_server.http import HttpRoutes, error_response, not_found
from mancala_server.hub import Hub
from mancala_server.logs import setup_logging
from mancala_server.one_turn import ONE_TURN

log = logging.getLogger("mancala_server")
WS_PATH = "/ws"


def make_hub(settings: Settings, clock: Clock | None = None) -> Hub:
    """One server on SQLite, or a node of a cluster on Redis and PostgreSQL."""
    if not settings.scale_out:
        return Hub(settings, clock=clock)
    if not (settings.redis_url and settings.database_url.startswith(("postgres://", "postgresql://"))):
        raise SystemExit("scale-out needs both MANCALA_REDIS_URL (redis://...) and "
                         "MANCALA_DATABASE_URL (postgresql://...)")
    from mancala_server.cluster_hub import ClusterHub  # with redis and asyncpg: only in a cluster

    return ClusterHub(settings, clock=clock)


class MancalaServer:
    def __init__(self, settings: Settings, clock: Clock | None = None) -> None:
        """`clock`: the hub's time (timers, rate limits); the event loop's by default."""
        self.settings = settings
        configure_fanout(settings.fanout_threads)
        self.hub = make_hub(settings, clock)
        self.http = HttpRoutes(self.hub)
        self.server: Server | None = None
        self._background: list[asyncio.Task[None]] = []  # the hub's periodic chores

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.sockets[0].getsockname()[1]

    def process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            if request.path.split("?", 1)[0] != WS_PATH:
                return not_found(request.path)  # the game socket lives at /ws only
            if not self.origin_allowed(request):
                return error_response(HTTPStatus.FORBIDDEN, "origin_not_allowed",
                                      f"pages from {request.headers.get('Origin', '')[:100]} may not open "
                                      "the game socket (MANCALA_ALLOWED_ORIGINS)")
            return None
        addr = connection.remote_address
        return self.http.handle(request, str(addr[0]) if addr else "?")

    async def process_request_async(self, connection: ServerConnection, request: Request) -> Response | None:
        """The same, with what is awaited: Jackman's challenge (searched in a worker), and a
        cluster node's stored games (read from PostgreSQL)."""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return self.process_request(connection, request)
        addr = connection.remote_address
        address = str(addr[0]) if addr else "?"
        one_turn = ONE_TURN.match(request.path.split("?", 1)[0])
        if one_turn is not None:
            return await self.http.one_turn(request, one_turn.group(1), address)
        analysis = ANALYSIS.match(request.path.split("?", 1)[0])
        if analysis is not None:
            return await self.http.analysis(request, int(analysis.group(1)), address)
        if not self.settings.scale_out:
            return self.http.handle(request, address)
        return await self.http.handle_async(request, address)

    def origin_allowed(self, request: Request) -> bool:
        """A browser names the page that opens a socket (Origin): only this server's own
        pages and the configured origins may; clients without an Origin are not pages."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        allowed = {o.strip().rstrip("/") for o in self.settings.allowed_origins.split(",") if o.strip()}
        if origin.rstrip("/") in allowed:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc == request.headers.get("Host", "")

    @staticmethod
    def select_subprotocol(connection: ServerConnection,
                           offered: Sequence[Subprotocol]) -> Subprotocol | None:
        """The client's first supported format; none offered means JSON; only unknown ones: 400."""
        if not offered:
            return None
        for proto in offered:
            if proto in SUBPROTOCOLS:
                return proto
        raise NegotiationError(f"unsupported subprotocol; this server speaks {', '.join(SUBPROTOCOLS)}")

    async def handler(self, ws: ServerConnection) -> None:
        s = self.settings
        client = Client(ws, queue_size=s.send_queue, rate=s.rate_per_second, burst=s.rate_burst,
                        send_timeout=s.send_timeout, now=self.hub.clock.now)
        self.hub.connected(client)
        log.info("connection open %s (%s)", client.peer, ws.subprotocol or "json")
        try:
            # a round trip measured now: a timed game's lag credit (docs/competitive.md) is
            # the last one, and the keepalive's first ping goes only 20 s in
            await ws.ping()
            async for frame in ws:
                await self.hub.handle(client, frame)
                if client.closed:
                    break
        except ConnectionClosed:
            pass
        finally:
            if client.closing is not None:
                # the close we started (1008 for a client too slow or too fast) goes out
                # before the handler returns; returning first would close with 1000
                with contextlib.suppress(Exception):
                    await client.closing
            self.hub.clients.discard(client)
            self.hub.disconnected(client)
            if not client.closed:
                client.closed = True
                client.writer.cancel()
            log.info("connection closed %s", client.peer)

    async def start(self) -> None:
        cluster = self.settings.scale_out
        await self.hub.start()
        self.server = await serve(
            self.handler, self.settings.host, self.settings.port,
            subprotocols=[Subprotocol(p) for p in SUBPROTOCOLS],
            select_subprotocol=self.select_subprotocol,
            process_request=self.process_request_async,
            max_size=self.settings.hard_max_frame,
            compression=None,
        )
        self._background = [asyncio.create_task(self.hub.sweep()),
                            asyncio.create_task(self.hub.watch_senders())]
        if cluster:
            log.info("listening on http://%s:%d (websocket and HTTP); node %s", self.settings.host, self.port,
                     self.hub.node)
        else:
            log.info("listening on http://%s:%d (websocket and HTTP); data in %s",
                     self.settings.host, self.port, self.settings.data_dir)

    async def stop(self) -> None:
        """Graceful shutdown: tell the clients, close their sockets (1001), close the store."""
        log.info("shutting down: %d clients", len(self.hub.clients))
        for task in self._background:
            task.cancel()
        if self.server is not None:
            self.server.close(close_connections=False)
        closing = ServerClosing()
        await asyncio.gather(*(self._say_goodbye(c, closing) for c in list(self.hub.clients)),
                             return_exceptions=True)
        if self.server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.server.wait_closed(), 5)
        for room in self.hub.rooms.values():
            room.pause()  # the clocks as they stand, for the restart (match.py)
            room.cancel_timers()
        self.hub.computers.close()
        self.hub.rules.close()
        await self.hub.stop()
        self.hub.store.close()
        log.info("stopped")

    @staticmethod
    async def _say_goodbye(client: Client, message: ServerClosing) -> None:
        client.send(message)
        await client.drain_and_close(1001, "server shutting down")


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
        await stop.wait()


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
