"""The game socket at /ws: aiohttp's WebSocketResponse, one `Client` per connection
(connection.py: its send queue, rate limit and fan-out), messages handed to the hub.

The subprotocol is the client's first supported wire format (none offered: JSON); a
client offering only unknown ones is refused 400 before the upgrade. No extension is
negotiated (compress=False): the fan-out writes one pre-built frame to every socket.
Pings are the keepalive's (keepalive.py), so aiohttp's autoping is off: pongs come to
this loop, which times them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from http import HTTPStatus
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from mancala.protocol.codec import SUBPROTOCOLS
from mancala_server.app_keys import HUB, SETTINGS
from mancala_server.connection import WRITE_LIMIT, Client
from mancala_server.http import error_response, not_found
from mancala_server.middlewares import is_upgrade

log = logging.getLogger("mancala_server")


# After a frame over the hard limit: how long, and how much, of what the client is still
# writing is read and dropped before the socket closes
LINGER_SECONDS = 2.0
LINGER_IDLE = 0.2
LINGER_BYTES = 8 * 1024 * 1024
_lingering: set[asyncio.Task[None]] = set()


class GameSocketResponse(web.WebSocketResponse):
    """aiohttp's socket response, closing gracefully after a frame over the hard limit.

    aiohttp stops reading such a frame at its head, sends the close frame (1009) and
    closes the socket at once, with the rest of the frame (and whatever the client sent
    behind it) unread: the kernel then answers with a reset, and a client whose kernel
    takes the reset before it reads the close frame sees its connection broken (1006)
    instead of told why (the fuzz run met it a few times in a hundred). So the socket is
    duplicated before aiohttp closes its own, and that copy reads and drops what still
    comes for a moment (`linger`) before the connection really closes."""

    raw_socket: Any = None  # the transport's socket, set once the response is prepared
    lingering: socket.socket | None = None

    async def close(self, *, code: int = WSCloseCode.OK, message: bytes = b"", drain: bool = True) -> bool:
        if code == WSCloseCode.MESSAGE_TOO_BIG and self.lingering is None and self.raw_socket is not None:
            fd = self.raw_socket.fileno()
            if fd >= 0:
                self.lingering = socket.socket(fileno=os.dup(fd))
        return await super().close(code=code, message=message, drain=drain)


async def linger(sock: socket.socket) -> None:
    """Read and drop until the client is done (end of stream, or quiet for LINGER_IDLE),
    at most LINGER_SECONDS and LINGER_BYTES, then close: the close frame already went."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + LINGER_SECONDS
    dropped = 0
    try:
        sock.setblocking(False)
        while dropped < LINGER_BYTES:
            wait = min(LINGER_IDLE, deadline - loop.time())
            if wait <= 0:
                break
            data = await asyncio.wait_for(loop.sock_recv(sock, 65536), wait)
            if not data:
                break
            dropped += len(data)
    except (TimeoutError, OSError):
        pass
    finally:
        sock.close()


def offered_protocols(request: web.Request) -> list[str]:
    header = ",".join(request.headers.getall("Sec-WebSocket-Protocol", []))
    return [p.strip() for p in header.split(",") if p.strip()]


async def game_socket(request: web.Request) -> web.StreamResponse:
    if not is_upgrade(request):
        return not_found(request.path)
    offered = offered_protocols(request)
    if offered and not any(p in SUBPROTOCOLS for p in offered):
        return error_response(HTTPStatus.BAD_REQUEST, "unsupported_subprotocol",
                              f"unsupported subprotocol; this server speaks {', '.join(SUBPROTOCOLS)}")
    hub, s = request.app[HUB], request.app[SETTINGS]
    ws = GameSocketResponse(
        protocols=SUBPROTOCOLS, compress=False, autoping=False, max_msg_size=s.hard_max_frame,
        writer_limit=WRITE_LIMIT)
    try:
        await ws.prepare(request)
    except ConnectionError:  # the client went away during the handshake
        return ws
    transport = request.transport
    if transport is None:
        return ws
    ws.raw_socket = transport.get_extra_info("socket")
    client = Client(ws, transport, queue_size=s.send_queue, rate=s.rate_per_second, burst=s.rate_burst,
                    send_timeout=s.send_timeout, now=hub.clock.now)
    if client.remote_address and request.remote and request.remote != client.remote_address[0]:
        # behind a trusted proxy: the client's address (middlewares.client_address), which
        # the quotas per address count, and the logs show
        client.remote_address = (request.remote, *client.remote_address[1:])
    hub.connected(client)
    log.info("connection open %s (%s)", client.peer, ws.ws_protocol or "json")
    try:
        # a round trip measured now: a timed game's lag credit (docs/competitive.md) is
        # the last one, and the keepalive's first ping goes only 20 s in
        client.ping_now()
        while True:
            msg = await ws.receive()
            kind = msg.type
            if kind is WSMsgType.TEXT or kind is WSMsgType.BINARY:
                await hub.handle(client, msg.data)
                if client.closed:
                    break
            elif kind is WSMsgType.PING:
                await ws.pong(msg.data)
            elif kind is WSMsgType.PONG:
                client.pong(msg.data)
            else:  # CLOSE, CLOSING, CLOSED, ERROR: the connection is over
                break
    except (ConnectionError, RuntimeError):
        pass
    finally:
        if client.closing is not None:
            # the close we started (1008 for a client too slow or too fast) goes out
            # before the handler returns; returning first would close with 1000
            with contextlib.suppress(Exception):
                await client.closing
        hub.clients.discard(client)
        hub.disconnected(client)
        if not client.closed:
            client.closed = True
            client.writer.cancel()
        if ws.lingering is not None:
            task = asyncio.create_task(linger(ws.lingering))
            _lingering.add(task)
            task.add_done_callback(_lingering.discard)
        log.info("connection closed %s", client.peer)
    return ws
