"""What the aiohttp application holds (typed keys; app.py makes and fills them).

The application is the only place these live: tests run several servers in one process,
so nothing of a server's is a module global."""

from __future__ import annotations

from aiohttp import web

from mancala_server.config import Settings
from mancala_server.hub import Hub
from mancala_server.storage import Storage

SETTINGS = web.AppKey("settings", Settings)
HUB = web.AppKey("hub", Hub)
# where HTTP reads stored games: a cluster node's PostgreSQL, or the single server's SQLite
# through the same async interface (set when the hub has started: a cluster connects then)
STORAGE = web.AppKey("storage", Storage)
