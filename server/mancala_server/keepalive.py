"""Websocket pings for every game socket from one task: the round trip they measure is a
timed game's lag credit (docs/competitive.md), and a socket whose pong does not come back
within the timeout is dropped (a peer that vanished without closing).

aiohttp's own heartbeat would keep timers for every socket and re-arm one on each frame
that arrives; one pass over the sockets every `TICK` does the same work for a thousand
spectators with one timer. Each socket is pinged `INTERVAL` after its last ping, so the
pings (and their pongs) are spread over the interval as the sockets came, not sent to a
whole room at once. The interval and timeout are those websockets used by default when
it served the sockets."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Collection

from mancala_server.connection import Client

log = logging.getLogger("mancala_server")
INTERVAL = 20.0  # seconds between pings of a socket
TIMEOUT = 20.0  # seconds a pong may take before the socket is dropped
TICK = 1.0  # seconds between passes over the sockets


async def keep_alive(clients: Callable[[], Collection[Client]], interval: float = INTERVAL,
                     timeout: float = TIMEOUT, tick: float = TICK) -> None:
    while True:
        await asyncio.sleep(tick)
        ping_due(clients(), interval, timeout)


def ping_due(clients: Collection[Client], interval: float, timeout: float) -> None:
    now = time.monotonic()
    for client in list(clients):
        if client.closed:
            continue
        sent = client.ping_sent
        if sent is not None:
            if now - sent[1] > timeout:
                log.info("client %s: no pong in %g s; dropping it", client.peer, timeout)
                client.close(1011, "keepalive ping timeout", timeout=1.0)
        elif now - client.pinged_at >= interval:
            client.ping_now()
