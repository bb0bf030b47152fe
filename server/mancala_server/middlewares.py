"""What every request to the port goes through before its handler (http.py, game_socket.py).

- `client_address`: behind a trusted reverse proxy, the request's `remote` becomes the
  client's address from the proxy's header (client_address.py), for every quota after it.
- `error_pages`: whatever aiohttp itself answers (no route, a bad upgrade) and whatever a
  handler raises become the typed JSON error bodies of docs/protocol.md.
- `socket_gate`: websocket upgrades go to /ws only, and only from pages of this server or
  of the configured origins (MANCALA_ALLOWED_ORIGINS); they are not rate limited here
  (the socket has its own limit per message).
- `http_limits`: plain requests are GET or HEAD (405 otherwise, before a token is taken),
  and at most `http_rate` a second per address (429 with Retry-After), counted by the
  hub's limits: in a cluster, by all the nodes together.
"""

from __future__ import annotations

import logging
import re
from http import HTTPStatus
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from mancala_server.app_keys import HUB
from mancala_server.client_address import TrustedProxies
from mancala_server.config import Settings
from mancala_server.http import (
    METHODS,
    error_response,
    method_not_allowed,
    not_found,
    remote,
)
from mancala_server.rate_limits import LimitRules

log = logging.getLogger("mancala_server")
WS_PATH = "/ws"


def is_upgrade(request: web.Request) -> bool:
    return request.headers.get("Upgrade", "").lower() == "websocket"


@web.middleware
async def error_pages(request: web.Request, handler: Handler) -> web.StreamResponse:
    try:
        return await handler(request)
    except web.HTTPNotFound:
        return not_found(request.path)
    except web.HTTPMethodNotAllowed:
        return method_not_allowed(request.method)
    except web.HTTPException as exc:
        if exc.status < 400:
            raise  # not an error (a redirect): aiohttp sends it as it is
        status = HTTPStatus(exc.status)
        return error_response(status, re.sub(r"\W+", "_", status.phrase.lower()), exc.text or status.phrase)
    except ConnectionError:
        raise  # the client is gone: nobody to answer, nothing to log
    except Exception:
        log.exception("%s %s failed", request.method, request.path[:200])
        return error_response(HTTPStatus.INTERNAL_SERVER_ERROR, "internal_error",
                              "the server failed to answer; this was logged")


def client_address(settings: Settings) -> Middleware:
    proxies = TrustedProxies.parse(settings.trusted_proxies, settings.proxy_header)

    @web.middleware
    async def resolve(request: web.Request, handler: Handler) -> web.StreamResponse:
        if proxies.networks and request.remote is not None:
            client = proxies.client(request.remote, request.headers)
            if client != request.remote:
                request = request.clone(remote=client)
        return await handler(request)

    return resolve


def socket_gate(settings: Settings) -> Middleware:
    allowed = {o.strip().rstrip("/") for o in settings.allowed_origins.split(",") if o.strip()}

    def origin_allowed(request: web.Request) -> bool:
        """A browser names the page that opens a socket (Origin): only this server's own
        pages and the configured origins may; clients without an Origin are not pages."""
        origin = request.headers.get("Origin")
        if origin is None or origin.rstrip("/") in allowed:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc == request.headers.get("Host", "")

    @web.middleware
    async def gate(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not is_upgrade(request):
            return await handler(request)
        if request.path != WS_PATH:
            return not_found(request.path)  # the game socket lives at /ws only
        if not origin_allowed(request):
            return error_response(HTTPStatus.FORBIDDEN, "origin_not_allowed",
                                  f"pages from {request.headers.get('Origin', '')[:100]} may not open "
                                  "the game socket (MANCALA_ALLOWED_ORIGINS)")
        return await handler(request)

    return gate


def http_limits(settings: Settings) -> Middleware:
    # the hub's limits: in memory, or in a cluster shared by every node (rate_limits.py)
    rule = LimitRules.of(settings).http_address

    @web.middleware
    async def limits(request: web.Request, handler: Handler) -> web.StreamResponse:
        if is_upgrade(request):
            return await handler(request)
        if request.method not in METHODS:
            return method_not_allowed(request.method)
        if not await request.app[HUB].limits.take([(rule, f"address:{remote(request)}")]):
            response = error_response(HTTPStatus.TOO_MANY_REQUESTS, "rate_limited",
                                      f"more than {settings.http_rate:g} requests a second")
            response.headers["Retry-After"] = "1"
            return response
        return await handler(request)

    return limits
