"""Plain HTTP on the game port: health check, read-only JSON API, the web page.

The websockets server owns the port; requests that are not websocket upgrades
are answered here, so one port serves everything.
"""

from __future__ import annotations

import json
import mimetypes
import re
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from mancala.server.hub import Hub

WEB_DIR = Path(__file__).resolve().parent.parent / "client" / "web"
GAME_PATH = re.compile(r"^/api/games/(\d{1,18})$")  # an SQLite INTEGER; longer ids are 404


def _response(status: HTTPStatus, body: bytes, content_type: str) -> Response:
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))),
                       ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")])
    return Response(status.value, status.phrase, headers, body)


def json_response(data: Any, status: HTTPStatus = HTTPStatus.OK) -> Response:
    return _response(status, json.dumps(data).encode(), "application/json")


def not_found(path: str) -> Response:
    return json_response({"error": "not_found", "message": f"nothing at {path}"}, HTTPStatus.NOT_FOUND)


class HttpRoutes:
    def __init__(self, hub: Hub, web_dir: Path = WEB_DIR) -> None:
        self.hub = hub
        self.web_dir = web_dir

    def handle(self, request: Request) -> Response:
        path = request.path.split("?", 1)[0]
        if path == "/healthz":
            return _response(HTTPStatus.OK, b"ok\n", "text/plain")
        if path == "/api/variants":
            return json_response([v.model_dump() for v in self.hub.variants.values()])
        if path == "/api/rooms":
            return json_response([r.model_dump() for r in self.hub.public_rooms()])
        match = GAME_PATH.match(path)
        if match:
            return self.game(int(match.group(1)), path)
        return self.static(path)

    def game(self, game_id: int, path: str) -> Response:
        row = self.hub.store.game(game_id)
        if row is None:
            return not_found(path)
        return json_response({
            "id": row.id, "room": row.room, "variant": row.variant, "starter": row.starter,
            "players": row.players, "moves": [m for _, m in row.moves],
            "seats": [s for s, _ in row.moves], "outcome": row.outcome, "reason": row.reason,
            "result": row.result,
        })

    def static(self, path: str) -> Response:
        if path in ("", "/"):
            path = "/index.html"
        target = (self.web_dir / path.lstrip("/")).resolve()
        if not target.is_file() or self.web_dir.resolve() not in target.parents:
            return not_found(path)
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if target.suffix == ".js":
            kind = "text/javascript"
        return _response(HTTPStatus.OK, target.read_bytes(), kind)
