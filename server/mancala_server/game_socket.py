"""The game socket at /ws: aiohttp's WebSocketResponse, one `Client` per connection
(connection.py: its send queue, rate limit and fan-out), messages handed to the hub.

The subprotocol is the client's first supported wire format (none offered: JSON); a
client offering only unknown ones is refused 400 before the upgrade. No extension is
negotiated (compress=False): the fan-out writes one pre-built frame to every socket.
Pings are the keepalive's (keepalive.py), so aiohttp's autoping is off: pongs come to
this loop, which times them.
"""

from __future__ import annotations

import contextlib
import logging
from http import HTTPStatus

from aiohttp import WSMsgType, web

from mancala.protocol.codec import SUBPROTOCOLS
from mancala_server.app_keys import HUB, SETTINGS
from mancala_server.connection import WRITE_LIMIT, Client
from mancala_server.http import error_response, not_found
from mancala_server.middlewares import is_upgrade

log = logging.getLogger("mancala_server")


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
    ws: web.WebSocketResponse = web.WebSocketResponse(
        protocols=SUBPROTOCOLS, compress=False, autoping=False, max_msg_size=s.hard_max_frame,
        writer_limit=WRITE_LIMIT)
    try:
        await ws.prepare(request)
    except ConnectionError:  # the client went away during the handshake
        return ws
    transport = request.transport
    if transport is None:
        return ws
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
        log.info("connection closed %s", client.peer)
    return ws
