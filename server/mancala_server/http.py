"""Plain HTTP on the game port: health check, read-only JSON API, the web pages.

One aiohttp route table (`HttpRoutes.table`) holds every page and API path; the game
socket at /ws is added beside them (app.py). What every request goes through first (the
rate limit, the Origin check, typed error pages) is in middlewares.py.

Stored games are read through the async storage interface (app_keys.STORAGE): a cluster
node's PostgreSQL, or the single server's SQLite behind the same calls, so each path has
one handler for both.
"""

from __future__ import annotations

import json
import mimetypes
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

from mancala.ai.puzzles import DIFFICULTIES
from mancala.engine.game import IllegalMove
from mancala.record import replay_request
from mancala.rules.errors import VariantError
from mancala_server import compete_http, game_pages
from mancala_server.analysis import AnalysisError, ply_of
from mancala_server.app_keys import HUB, STORAGE
from mancala_server.explorer_view import ExplorerError, ExplorerView
from mancala_server.game_access import may_read
from mancala_server.hub import Hub
from mancala_server.metrics import CONTENT_TYPE
from mancala_server.one_turn import OneTurnError
from mancala_server.position_pages import PageError, page_of
from mancala_server.rules_worker import RulesTimeout
from mancala_server.storage import Storage
from mancala_server.store import GameRow
from mancala_server.stored_replay import record_info
from mancala_server.stored_rules import CUSTOM
from mancala_server.tourney_doc import Tourney, tourney_summary, view
from mancala_server.variant_settings import file_id, room_title

# the page is the web client's; found by its package's location (data, not an import)
WEB_DIR = Path(str(resources.files("mancala_client") / "web"))
DIFFICULTY_NAMES = tuple(name for name, _, _ in DIFFICULTIES)
MAX_PATH = 200  # no file of ours has a longer path; longer ones are 404 before the disk is asked
METHODS = ("GET", "HEAD")
# route patterns: as the paths' regular expressions in game_pages.py, compete_http.py,
# one_turn.py and analysis.py (an SQLite INTEGER id; longer ids are 404)
GAME_ID = r"{game:\d{1,18}}"
NAME = r"{name:[A-Za-z0-9_]{1,60}}"
PERSON = r"{name:[^/]{1,120}}"
TOURNEY = r"{tid:[A-Za-z0-9_-]{8,40}}"


def _response(status: HTTPStatus, body: bytes, content_type: str) -> web.Response:
    return web.Response(status=status.value, body=body,
                        headers={"Content-Type": content_type, "Cache-Control": "no-store",
                                 "X-Content-Type-Options": "nosniff"})


def json_response(data: Any, status: HTTPStatus = HTTPStatus.OK) -> web.Response:
    return _response(status, json.dumps(data).encode(), "application/json")


def not_found(path: str) -> web.Response:
    return json_response({"error": "not_found", "message": f"nothing at {path[:MAX_PATH]}"},
                         HTTPStatus.NOT_FOUND)


def error_response(status: HTTPStatus, code: str, message: str) -> web.Response:
    return json_response({"error": code, "message": message}, status)


def unreplayable(exc: Exception) -> web.Response:
    """A stored game its stored definition no longer plays (409), or one whose rules the
    rules workers gave up on (503, typed: stored_rules.py)."""
    if isinstance(exc, RulesTimeout):
        return error_response(HTTPStatus.SERVICE_UNAVAILABLE, "replay_timeout",
                              f"the game's rules are too slow to play again here: {exc}")
    return error_response(HTTPStatus.CONFLICT, "unreplayable", f"the game no longer replays: {exc}")


def method_not_allowed(method: str) -> web.Response:
    response = error_response(HTTPStatus.METHOD_NOT_ALLOWED, "method_not_allowed",
                              f"{method[:20]} is not served here; use GET")
    response.headers["Allow"] = ", ".join(METHODS)
    return response


def remote(request: web.Request) -> str:
    return request.remote or "?"


class HttpRoutes:
    """The handlers of every HTTP path, reading the hub and storage of their application."""

    def __init__(self, app: web.Application, web_dir: Path = WEB_DIR) -> None:
        self.app = app
        self.web_dir = web_dir
        self.explorer_view = ExplorerView(lambda: self.storage, self.hub.stored.definitions)

    @property
    def hub(self) -> Hub:
        return self.app[HUB]

    @property
    def storage(self) -> Storage:
        return self.app[STORAGE]

    def table(self) -> list[web.RouteDef]:
        """Every page and API path; the catch-all for the web client's files comes last.
        (GET routes answer HEAD too: aiohttp sends their headers without the body.)"""
        page = self.page
        return [
            web.get("/healthz", self.healthz),
            web.get("/readyz", self.readyz),
            web.get("/metrics", self.metrics),
            web.get("/api/variants", self.variants),
            web.get("/api/rooms", self.rooms),
            web.get(f"/api/variants/{NAME}", self.variant),
            web.get(f"/api/variants/{NAME}/one-turn", self.one_turn),
            web.get(f"/api/explorer/{NAME}", self.explorer),
            web.get(f"/api/puzzles/{NAME}", self.puzzles),
            web.get(f"/api/games/{GAME_ID}", self.game),
            web.get(f"/api/games/{GAME_ID}/positions", self.positions),
            web.get(f"/api/games/{GAME_ID}/record.{{kind:json|txt}}", self.record),
            web.get(f"/api/games/{GAME_ID}/analysis", self.analysis),
            web.get(f"/api/games/{GAME_ID}/chat", self.chat),
            web.get(f"/api/leaderboard/{NAME}", self.leaderboard),
            web.get(f"/api/players/{PERSON}", self.player),
            web.get("/api/tournaments", self.tournaments),
            web.get(f"/api/tournaments/{TOURNEY}", self.tournament),
            web.get(f"/games/{GAME_ID}", page("game.html")),
            # any name gets the page: it says in words when there is no such variant (as
            # /games/{id} does of an unknown game), where a 404 here showed raw JSON
            web.get(f"/one-turn/{NAME}", page("oneturn.html")),
            web.get(f"/explorer/{NAME}", page("explorer.html")),
            web.get(f"/puzzles/{NAME}", page("puzzles.html")),
            web.get("/leaderboard", page("leaderboard.html")),
            web.get(r"/leaderboard/{variant:[A-Za-z0-9_]{0,60}}", page("leaderboard.html")),
            web.get(f"/players/{PERSON}", page("player.html")),
            web.get("/tournaments", page("tournaments.html")),
            web.get(f"/tournaments/{TOURNEY}", page("tournament.html")),
            web.get("/{path:.*}", self.static),
        ]

    # ---- the server -----------------------------------------------------------------------

    async def healthz(self, request: web.Request) -> web.Response:
        return _response(HTTPStatus.OK, b"ok\n", "text/plain")

    async def readyz(self, request: web.Request) -> web.Response:
        problem = self.hub.unready()
        if problem:
            return _response(HTTPStatus.SERVICE_UNAVAILABLE, f"not ready: {problem}\n".encode(), "text/plain")
        return _response(HTTPStatus.OK, b"ready\n", "text/plain")

    async def metrics(self, request: web.Request) -> web.Response:
        return _response(HTTPStatus.OK, self.hub.metrics.text(), CONTENT_TYPE)

    async def variants(self, request: web.Request) -> web.Response:
        return json_response([v.model_dump() for v in self.hub.variants.values()])

    async def rooms(self, request: web.Request) -> web.Response:
        return json_response([r.model_dump() for r in self.hub.public_rooms()])

    async def variant(self, request: web.Request) -> web.Response:
        info = self.hub.variants.get(request.match_info["name"])
        if info is None:
            return not_found(request.path)
        game = await self.hub.stored.definitions.game_off_loop(self.hub.stored.definitions.raw[info.name])
        start = game.start(0)
        # the server's move limit for its games, stated with its rules (move_cap.py)
        limit = self.hub.move_limit(start.total or sum(start.board) + sum(start.stores))
        return json_response({**game_pages.variant_json(info.name, info.model_dump(), game.variant),
                              "move_cap": limit})

    # ---- searched off the event loop --------------------------------------------------------

    async def one_turn(self, request: web.Request) -> web.Response:
        """`/api/variants/{name}/one-turn`: the best first turn, searched off the event loop
        (server/mancala_server/one_turn.py), answered from memory once found."""
        try:
            line = await self.hub.one_turn.line(request.match_info["name"])
        except OneTurnError as exc:
            response = error_response(HTTPStatus(exc.status), exc.code, exc.message)
            if exc.code == "search_busy":
                response.headers["Retry-After"] = "30"
            return response
        return json_response(line)

    async def analysis(self, request: web.Request) -> web.Response:
        """`/api/games/{id}/analysis?ply=N`: the best move and value of a stored game's
        position, searched off the event loop (server/mancala_server/analysis.py)."""
        try:
            ply = ply_of(request.query_string)
            row = await self.readable(request)
            answer = await self.hub.analyses.answer(row, ply, remote(request))
        except AnalysisError as exc:
            response = error_response(HTTPStatus(exc.status), exc.code, exc.message)
            if exc.status in (HTTPStatus.TOO_MANY_REQUESTS, HTTPStatus.SERVICE_UNAVAILABLE):
                response.headers["Retry-After"] = "5"
            return response
        return json_response(answer)

    async def explorer(self, request: web.Request) -> web.Response:
        """`/api/explorer/{variant}?moves=[...]&starter=0`: a position of the variant's opening
        tree and the moves counted games played there (explorer_view.py)."""
        try:
            return json_response(await self.explorer_view.answer(request.match_info["name"], request.query))
        except ExplorerError as exc:
            return error_response(exc.status, exc.code, exc.message)

    async def puzzles(self, request: web.Request) -> web.Response:
        """`/api/puzzles/{variant}?difficulty=easy&after=ID`: the variant's next puzzle, without
        its solution (answers go over the socket: puzzle_answer; docs/puzzles.md)."""
        variant = request.match_info["name"]
        info = self.hub.variants.get(variant)
        if info is None:
            return not_found(request.path)
        difficulty = request.query.get("difficulty") or None
        after = request.query.get("after", "0")
        if difficulty not in (None, *DIFFICULTY_NAMES) or not after.isdigit() or len(after) > 18:
            return error_response(HTTPStatus.BAD_REQUEST, "bad_request",
                                  "difficulty: easy, medium or hard; after: a puzzle id")
        found = await self.storage.next_puzzle(variant, difficulty, int(after))
        if found is None:
            return error_response(HTTPStatus.NOT_FOUND, "no_puzzles",
                                  f"no puzzle of {info.title} yet: they come from finished games")
        return json_response({**found.public_json(), "title": info.title, "holes": info.holes})

    # ---- stored games -----------------------------------------------------------------------

    async def readable(self, request: web.Request) -> GameRow | None:
        """The stored game of the path, or None when there is none or the asker may not read
        it (a private room's game without its share key: game_access.py)."""
        row = await self.storage.game(int(request.match_info["game"]))
        if row is None:
            return None
        public = await self.storage.room_public(row.room)
        return row if may_read(row.room, row.id, public, request.query.get("key")) else None

    async def game(self, request: web.Request) -> web.Response:
        row = await self.readable(request)
        if row is None:
            return not_found(request.path)
        return self.game_record(row, await self.storage.room_public(row.room))

    async def positions(self, request: web.Request) -> web.Response:
        """A page of the stored game's positions (position_pages.py: replayed off the loop,
        a finished game's kept)."""
        try:
            start, limit = page_of(dict(request.query))
        except PageError as exc:
            return error_response(HTTPStatus.BAD_REQUEST, "bad_request", str(exc))
        row = await self.readable(request)
        if row is None or (row.variant == CUSTOM and not self.hub.stored.trusted(row)):
            return not_found(request.path)
        try:
            return _response(HTTPStatus.OK, await self.hub.position_pages.page_body(row, start, limit),
                             "application/json")
        except (IllegalMove, VariantError, RulesTimeout) as exc:
            return unreplayable(exc)

    async def record(self, request: web.Request) -> web.Response:
        """A stored game as a download: the replay request, or the text notation (the game
        played again by its stored definition: stored_rules.py)."""
        row = await self.readable(request)
        if row is None:
            return not_found(request.path)
        kind = request.match_info["kind"]
        if kind == "json":
            body = json.dumps(replay_request(row.variant_json, record_info(row, self._title(row)))).encode()
            response = _response(HTTPStatus.OK, body, "application/json")
        else:
            try:
                text = await self.hub.stored.record(row, self._title(row))
            except (VariantError, RulesTimeout) as exc:
                return unreplayable(exc)
            response = _response(HTTPStatus.OK, text.encode(), "text/plain; charset=utf-8")
        response.headers["Content-Disposition"] = f'attachment; filename="mancala-{row.id}.{kind}"'
        return response

    # ---- tournaments (tourney_doc.py: what a viewer sees) ---------------------------------

    async def tournaments(self, request: web.Request) -> web.Response:
        """`/api/tournaments`: those open or running, and the last finished ones."""
        rows = await self.storage.tournaments(["open", "running"], 200)
        rows += await self.storage.tournaments(["finished"], 20)
        return json_response({"tournaments": [tourney_summary(r) for r in rows]})

    async def tournament(self, request: web.Request) -> web.Response:
        """`/api/tournaments/{id}`: the standings as the socket pushes them."""
        row = await self.storage.tournament(request.match_info["tid"])
        if row is None:
            return not_found(request.path)
        return json_response(view(Tourney.model_validate(row.doc), row.version).model_dump(mode="json"))

    # ---- competitive play (compete_http.py) ---------------------------------------------

    async def leaderboard(self, request: web.Request) -> web.Response:
        variant = request.match_info["name"]
        if file_id(variant) not in self.hub.variants:  # a settled variant's ladder too
            return not_found(request.path)
        return json_response(compete_http.leaderboard_json(variant, await self.storage.leaderboard(variant)))

    async def player(self, request: web.Request) -> web.Response:
        profile = await self.storage.player_profile(request.match_info["name"])
        return not_found(request.path) if profile is None else json_response(compete_http.profile_json(profile))

    async def chat(self, request: web.Request) -> web.Response:
        row = await self.readable(request)
        if row is None:
            return not_found(request.path)
        return json_response(compete_http.chat_json(row.id, await self.storage.chat(row.id), row.outcome is not None))

    def _title(self, row: GameRow) -> str:
        """The name the stored definition gives itself; a custom variant's marked, so that it
        cannot pass for a built-in one."""
        named = (row.variant_json.get("game_info") or {}).get("name")
        if row.variant == CUSTOM:
            return f"{room_title(str(named or 'a variant'), row.variant_json)} (custom)"
        known = self.hub.variants.get(row.variant)
        title = str(named) if named else known.title if known is not None else row.variant
        return room_title(title, row.variant_json)  # a settled variant's settings in words

    @staticmethod
    def game_record(row: GameRow, public: bool) -> web.Response:
        # a private room's code would let anyone who learns the game id walk in
        room = row.room if public else None
        return json_response({
            "id": row.id, "room": room, "variant": row.variant, "starter": row.starter,
            "players": row.players, "moves": [m for _, m in row.moves],
            "seats": [s for s, _ in row.moves], "outcome": row.outcome.to_json() if row.outcome else None, "reason": row.reason,
            "result": row.result,
        })

    # ---- the web client's files ---------------------------------------------------------

    def page(self, name: str) -> Any:
        """The handler of a path that shows one of the web client's pages."""
        async def handler(request: web.Request) -> web.StreamResponse:
            return self.file("/" + name)
        return handler

    async def static(self, request: web.Request) -> web.StreamResponse:
        return self.file(request.path)

    def file(self, path: str) -> web.StreamResponse:
        """A file of the web client, sent by aiohttp (from the disk as it is now: the
        pages may be edited while the server runs)."""
        if len(path) > MAX_PATH:
            return not_found(path)
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
        return web.FileResponse(target, headers={"Content-Type": kind, "Cache-Control": "no-store",
                                                 "X-Content-Type-Options": "nosniff"})
