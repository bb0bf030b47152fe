"""Plain HTTP on the game port: health check, read-only JSON API, the web page.

The websockets server owns the port; requests that are not websocket upgrades
are answered here, so one port serves everything.
"""

from __future__ import annotations

import json
import mimetypes
import re
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from typing import Any

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from mancala.engine.game import Game, IllegalMove
from mancala.record import GameInfo, record_text, replay_request
from mancala.rules.loading import load_variant
from mancala_server import compete_http, game_pages
from mancala_server.analysis import AnalysisError, ply_of
from mancala_server.connection import TokenBucket
from mancala_server.hub import Hub
from mancala_server.metrics import CONTENT_TYPE
from mancala_server.one_turn import OneTurnError
from mancala_server.store import GameRow

# the page is the web client's; found by its package's location (data, not an import)
WEB_DIR = Path(str(resources.files("mancala_client") / "web"))
GAME_PATH = re.compile(r"^/api/games/(\d{1,18})$")  # an SQLite INTEGER; longer ids are 404
# a game's record to download: a `mancala replay` request (json) or docs/notation.md (txt)
RECORD_PATH = re.compile(r"^/api/games/(\d{1,18})/record\.(json|txt)$")
MAX_PATH = 200  # no file of ours has a longer path; longer ones are 404 before the disk is asked
METHODS = ("GET", "HEAD")


def _response(status: HTTPStatus, body: bytes, content_type: str) -> Response:
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))),
                       ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")])
    return Response(status.value, status.phrase, headers, body)


def json_response(data: Any, status: HTTPStatus = HTTPStatus.OK) -> Response:
    return _response(status, json.dumps(data).encode(), "application/json")


def not_found(path: str) -> Response:
    return json_response({"error": "not_found", "message": f"nothing at {path[:MAX_PATH]}"},
                         HTTPStatus.NOT_FOUND)


def error_response(status: HTTPStatus, code: str, message: str) -> Response:
    return json_response({"error": code, "message": message}, status)


class AddressBuckets:
    """A token bucket per remote address (HTTP requests), forgetting idle addresses."""

    def __init__(self, rate: float, burst: int, keep: int = 10_000) -> None:
        self.rate, self.burst, self.keep = rate, burst, keep
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.keep:  # full ones refill; forget the oldest
                for key in list(self.buckets)[: self.keep // 2]:
                    del self.buckets[key]
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        return bucket.take()


class HttpRoutes:
    def __init__(self, hub: Hub, web_dir: Path = WEB_DIR) -> None:
        self.hub = hub
        self.web_dir = web_dir
        self.buckets = AddressBuckets(hub.settings.http_rate, hub.settings.http_burst)
        self._games: dict[str, Game] = {}

    def handle(self, request: Request, address: str = "?") -> Response:
        """Answer a plain HTTP request: GET, or HEAD (the same headers, no body)."""
        method = getattr(request, "method", "GET")
        if method not in METHODS:
            response = error_response(HTTPStatus.METHOD_NOT_ALLOWED, "method_not_allowed",
                                      f"{method[:20]} is not served here; use GET")
            response.headers["Allow"] = ", ".join(METHODS)
            return response
        return self._head(request, self._limited(address) or self.route(request.path.split("?", 1)[0]))

    async def handle_async(self, request: Request, address: str = "?") -> Response:
        """The same for a cluster node, whose stored games are read from PostgreSQL (async)."""
        path = request.path.split("?", 1)[0]
        short = len(path) <= MAX_PATH
        method_ok = getattr(request, "method", "GET") in METHODS
        ours = compete_http.query(path) if short else None
        if ours is not None and method_ok:
            return self._head(request, self._limited(address) or await self.compete_async(ours, path))
        positions = game_pages.POSITIONS.match(path) if short else None
        if positions is not None and method_ok and getattr(self.hub, "storage", None) is not None:
            row = await self.hub.storage.game(int(positions.group(1)))  # type: ignore[attr-defined]
            return self._head(request, self._limited(address) or self.positions(row, path))
        match = GAME_PATH.match(path) if short else None
        record = RECORD_PATH.match(path) if short else None
        if (match is None and record is None) or not method_ok:
            return self.handle(request, address)
        limited = self._limited(address)
        if limited is not None:
            return self._head(request, limited)
        storage = self.hub.storage  # type: ignore[attr-defined]
        if record is not None:
            row = await storage.game(int(record.group(1)))
            return self._head(request, self.record(row, record.group(2), path))
        assert match is not None
        return self._head(request, await self.game_async(int(match.group(1)), path))

    async def one_turn(self, request: Request, name: str, address: str = "?") -> Response:
        """`/api/variants/{name}/one-turn`: the best first turn, searched off the event loop
        (server/mancala_server/one_turn.py), answered from memory once found."""
        refused = self._refused(request, address)
        if refused is not None:
            return refused
        try:
            line = await self.hub.one_turn.line(name)
        except OneTurnError as exc:
            return self._head(request, error_response(HTTPStatus(exc.status), exc.code, exc.message))
        return self._head(request, json_response(line))

    async def analysis(self, request: Request, game_id: int, address: str = "?") -> Response:
        """`/api/games/{id}/analysis?ply=N`: the best move and value of a stored game's
        position, searched off the event loop (server/mancala_server/analysis.py), from the game's store
        (a cluster node's PostgreSQL, else SQLite)."""
        refused = self._refused(request, address)
        if refused is not None:
            return refused
        try:
            ply = ply_of(request.path.partition("?")[2])
            storage = getattr(self.hub, "storage", None)
            row = await storage.game(game_id) if storage is not None else self.hub.store.game(game_id)
            answer = await self.hub.analyses.answer(row, ply, address)
        except AnalysisError as exc:
            response = error_response(HTTPStatus(exc.status), exc.code, exc.message)
            if exc.status == HTTPStatus.TOO_MANY_REQUESTS:
                response.headers["Retry-After"] = "5"
            return self._head(request, response)
        return self._head(request, json_response(answer))

    def _refused(self, request: Request, address: str) -> Response | None:
        """An API request's answer when it is not served: a method other than GET or HEAD
        (as `handle` answers it), or over the address's rate."""
        if getattr(request, "method", "GET") not in METHODS:
            return self.handle(request, address)
        limited = self._limited(address)
        return None if limited is None else self._head(request, limited)

    def _limited(self, address: str) -> Response | None:
        if self.buckets.take(address):
            return None
        response = error_response(HTTPStatus.TOO_MANY_REQUESTS, "rate_limited",
                                  f"more than {self.hub.settings.http_rate:g} requests a second")
        response.headers["Retry-After"] = "1"
        return response

    @staticmethod
    def _head(request: Request, response: Response) -> Response:
        if getattr(request, "method", "GET") == "HEAD":
            return Response(response.status_code, response.reason_phrase, response.headers, b"")
        return response

    def route(self, path: str) -> Response:
        if len(path) > MAX_PATH:
            return not_found(path)
        if path == "/healthz":
            return _response(HTTPStatus.OK, b"ok\n", "text/plain")
        if path == "/readyz":
            problem = self.hub.unready()
            if problem:
                return _response(HTTPStatus.SERVICE_UNAVAILABLE, f"not ready: {problem}\n".encode(), "text/plain")
            return _response(HTTPStatus.OK, b"ready\n", "text/plain")
        if path == "/metrics":
            return _response(HTTPStatus.OK, self.hub.metrics.text(), CONTENT_TYPE)
        if path == "/api/variants":
            return json_response([v.model_dump() for v in self.hub.variants.values()])
        if path == "/api/rooms":
            return json_response([r.model_dump() for r in self.hub.public_rooms()])
        match = GAME_PATH.match(path)
        if match:
            return self.game(int(match.group(1)), path)
        if match := game_pages.POSITIONS.match(path):
            return self.positions(self.hub.store.game(int(match.group(1))), path)
        if match := game_pages.VARIANT.match(path):
            info = self.hub.variants.get(match.group(1))
            return not_found(path) if info is None else json_response(
                game_pages.variant_json(info.name, info.model_dump()))
        if game_pages.GAME_PAGE.match(path):
            return self.static("/game.html")
        if match := game_pages.ONE_TURN_PAGE.match(path):
            return self.static("/oneturn.html") if match.group(1) in self.hub.variants else not_found(path)
        ours = compete_http.query(path)
        if ours is not None:
            return self.compete(ours, path)
        record = RECORD_PATH.match(path)
        if record:
            return self.record(self.hub.store.game(int(record.group(1))), record.group(2), path)
        page = compete_http.page_for(path)
        return self.static("/" + page if page else path)

    # ---- competitive play (compete_http.py) ---------------------------------------------

    def compete(self, ours: tuple[str, str], path: str) -> Response:
        store = self.hub.store
        what, arg = ours
        if what == "leaderboard":
            if arg not in self.hub.variants:
                return not_found(path)
            return json_response(compete_http.leaderboard_json(arg, store.leaderboard(arg)))
        if what == "player":
            profile = store.player_profile(arg)
            return not_found(path) if profile is None else json_response(compete_http.profile_json(profile))
        if store.game(int(arg)) is None:
            return not_found(path)
        return json_response(compete_http.chat_json(int(arg), store.chat(int(arg))))

    async def compete_async(self, ours: tuple[str, str], path: str) -> Response:
        """The same, from a cluster's database."""
        storage = getattr(self.hub, "storage", None)
        if storage is None:
            return self.compete(ours, path)
        what, arg = ours
        if what == "leaderboard":
            if arg not in self.hub.variants:
                return not_found(path)
            return json_response(compete_http.leaderboard_json(arg, await storage.leaderboard(arg)))
        if what == "player":
            profile = await storage.player_profile(arg)
            return not_found(path) if profile is None else json_response(compete_http.profile_json(profile))
        if await storage.game(int(arg)) is None:
            return not_found(path)
        return json_response(compete_http.chat_json(int(arg), await storage.chat(int(arg))))

    def positions(self, row: GameRow | None, path: str) -> Response:
        if row is None or not game_pages.built_in(row.variant):
            return not_found(path)
        try:
            return json_response(game_pages.positions(row))
        except IllegalMove as exc:  # the rules changed since it was played
            return error_response(HTTPStatus.CONFLICT, "unreplayable", f"the game no longer replays: {exc}")

    def record(self, row: GameRow | None, kind: str, path: str) -> Response:
        """A stored game as a download: the replay request, or the text notation."""
        if row is None:
            return not_found(path)
        info = GameInfo(variant=row.variant, title=self._title(row), starter=row.starter,
                        players=row.players, moves=[m for _, m in row.moves], game_id=row.id,
                        result=row.result, reason=row.reason, start=row.start,
                        seats=[s for s, _ in row.moves])
        name = f"mancala-{row.id}"
        if kind == "json":
            body = json.dumps(replay_request(row.variant_json, info)).encode()
            response = _response(HTTPStatus.OK, body, "application/json")
        else:
            # a custom variant's rules run only in the rules workers: its record is not
            # played again here, so its moves have hole letters (the variant was checked
            # when its room was made: its holes a side are known) but no marks
            game = self._game(row.variant) if row.variant in self.hub.variants else None
            holes = None if game is not None else row.variant_json.get("game_constants", {}).get("holes")
            text = record_text(game, info, row.rounds, holes if isinstance(holes, int) else None)
            response = _response(HTTPStatus.OK, text.encode(), "text/plain; charset=utf-8")
        response.headers["Content-Disposition"] = f'attachment; filename="{name}.{kind}"'
        return response

    def _title(self, row: GameRow) -> str:
        known = self.hub.variants.get(row.variant)
        if known is not None:
            return known.title
        name = (row.variant_json.get("game_info") or {}).get("name") or "a variant"
        return f"{name} (custom)"

    def _game(self, name: str) -> Game:
        """The rules of a built-in variant, made once (records are read again and again)."""
        game = self._games.get(name)
        if game is None:
            game = self._games[name] = Game(load_variant(name))
        return game

    def game(self, game_id: int, path: str) -> Response:
        row = self.hub.store.game(game_id)
        if row is None:
            return not_found(path)
        return self.game_record(row, self.hub.store.room_public(row.room))

    async def game_async(self, game_id: int, path: str) -> Response:
        """The same, from a cluster's database."""
        storage = self.hub.storage  # type: ignore[attr-defined]
        row = await storage.game(game_id)
        if row is None:
            return not_found(path)
        return self.game_record(row, await storage.room_public(row.room))

    @staticmethod
    def game_record(row: GameRow, public: bool) -> Response:
        # a private room's code would let anyone who learns the game id walk in
        room = row.room if public else None
        return json_response({
            "id": row.id, "room": room, "variant": row.variant, "starter": row.starter,
            "players": row.players, "moves": [m for _, m in row.moves],
            "seats": [s for s, _ in row.moves], "outcome": row.outcome, "reason": row.reason,
            "result": row.result,
        })

    def static(self, path: str) -> Response:
        if path in ("", "/"):
            path = "/index.html"
        try:
            target = (self.web_dir / path.lstrip("/")).resolve()
            if not target.is_file() or self.web_dir.resolve() not in target.parents:
                return not_found(path)
        except (OSError, ValueError):  # a name the file system refuses (too long, NUL)
            return not_found(path)
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if target.suffix == ".js":
            kind = "text/javascript"
        return _response(HTTPStatus.OK, target.read_bytes(), kind)
