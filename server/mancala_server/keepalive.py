"""Websocket pings for every game socket from one task: the round trip they measure is a
timed game's lag credit (docs/competitive.md), and a socket whose pong does not come back
within the timeout is dropped (a peer that vanished without closing).

aiohttp's own heartbeat would keep timers for every socket and re-arm one on each frame
that arrives; one pass over the sockets every `INTERVAL` does the same work for a
thousand spectators with one timer. The interval and timeout are those websockets used
by default when it served the sockets."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Collection

from mancala_server.connection import Client

log = logging.getLogger("mancala_server")
INTERVAL = 20.0  # seconds between pings of a socket
TIMEOUT = 20.0  # seconds a pong may take before the socket is dropped


async def keep_alive(clients: Callable[[], Collection[Client]], interval: float = INTERVAL,
                     timeout: float = TIMEOUT) -> None:
    while True:
        await asyncio.sleep(interval)
        ping_all(clients(), timeout)


def ping_all(clients: Collection[Client], timeout: float) -> None:
    now = time.monotonic()
    for client in list(clients):
        if client.closed:
            continue
        sent = client.ping_sent
        if sent is not None and now - sent[1] > timeout:
            log.info("client %s: no pong in %g s; dropping it", client.peer, timeout)
            client.close(1011, "keepalive ping timeout", timeout=1.0)
            continue
        if sent is None:
            client.ping_now()
