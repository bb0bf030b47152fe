"""The computer's view of a stored game's position (issue 13): `GET /api/games/{id}/analysis?ply=N`.

The server plays the stored game again to ply N, under the definition it was stored
with (stored_rules.py), so no position is read from the client, and asks the computer players'
on-demand search processes (on_demand.py: never the event loop, never ahead of a room's
computer, at their lower priority) for the best move and its
value: the exact solver first (mancala.ai.solver, small boards and endgames), else the
strongest search for the rest of `analysis_budget_ms` (mancala.ai.player's "perfect"
difficulty). The value is the final store difference with best play (exact) or the
search's score in seeds, both from the view of the player to move.

A live game is analysed as far as it has been played (the room stores each move before
anyone hears of it), so spectators on the web page ask the same path. Our rule against
a player asking the computer about their own game (a spectator's tab is anyone's):
while a rated game is not over its positions are refused, 403 `analysis_rated_live`,
whoever asks; casual games, and rated ones once over, are answered
(docs/protocol.md "Analysis").

Only games whose stored definition is a built-in file today are analysed: the search
processes have a budget but no way to stop one move of an unknown definition, so a
custom variant's game is 404 `not_found` and a game stored under an earlier definition
of its variant (its file has changed since) is 409 `rules_changed`.

Answers are kept per (game, ply, the moves that led there) in memory (bounded): a
casual game's takeback can replace the moves after a ply. A search is paid for from a token
bucket per address (`analysis_rate` a second, `analysis_burst` at once): over it, 429
`analysis_quota`. Answers from memory are free. The on-demand processes are shared with
the one-turn searches and bounded: when they are busy and their queue full, 503
`analysis_busy` at once.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from mancala.ai.player import PERFECT, choose_move
from mancala.engine.game import Game, IllegalMove
from mancala.engine.position import Position
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from mancala_server.on_demand import OnDemandSearches, SearchBusy
from mancala_server.rate_limits import Limits, Rule
from mancala_server.store import GameRow
from mancala_server.stored_replay import position_at
from mancala_server.stored_rules import CUSTOM, Definitions

PLY = re.compile(r"^\d{1,5}$")
KEEP = 2_000  # answers kept in memory


class AnalysisError(Exception):
    """A typed refusal: `code` is the JSON `error`, `status` the HTTP status."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def ply_of(query: str) -> int:
    """The `ply` of a query string (`ply=12`)."""
    for part in query.split("&"):
        name, _, value = part.partition("=")
        if name == "ply":
            if PLY.match(value):
                return int(value)
            break
    raise AnalysisError(400, "bad_request", "give the position as ?ply=N (0: the start)")


# ---- in the worker process ------------------------------------------------------------


@lru_cache(maxsize=16)
def _game(definition: str) -> Game:
    return Game(parse_variant(json.loads(definition)))


def analyse(definition: str, pos: Position, budget_ms: int) -> dict[str, Any]:
    """The best move and value for the player to move in `pos` under `definition` (a
    built-in variant's JSON: the stored one, not the file of its name)."""
    game = _game(definition)
    pos.legal = None  # computed fresh in this process
    start = time.perf_counter()
    answer = choose_move(game, pos, difficulty=PERFECT, budget_ms=budget_ms)
    # in the search process, not at the server's start
    from mancala.ai.books import find as find_book
    from mancala.ai.egtb import move_values as from_database

    book = find_book(game.variant)
    values = book.move_values(game, pos) if book is not None else None
    if values is None:
        values = from_database(game, pos)
    return {"best_move": answer.move, "value": answer.value, "exact": bool(answer.exact),
            "algorithm": answer.fallback or answer.algorithm, "depth": answer.depth, "nodes": answer.nodes,
            "seconds": round(time.perf_counter() - start, 3),
            # every move's exact value where an opening book or an endgame database holds
            # the position, else null
            "moves": [{"move": m, "value": v} for m, v in values] if values else None}


# ---- in the server ----------------------------------------------------------------------


Key = tuple[int, int, str]  # game id, ply, digest of what leads to the position


def key_of(row: GameRow, ply: int) -> Key:
    """The position's key: a takeback in a casual game then a different move at the same
    ply is another position, not the one kept."""
    rounds = {str(at): start for at, start in (row.rounds or {}).items() if at <= ply}
    leading = json.dumps([row.moves[:ply], row.start, rounds], sort_keys=True, separators=(",", ":"))
    return row.id, ply, hashlib.blake2b(leading.encode(), digest_size=16).hexdigest()


def refuse_live_rated(row: GameRow) -> None:
    """A rated game's positions only once it is over: a player could otherwise ask the
    computer for their next move from a spectator's tab (a casual game has no rating to gain)."""
    over = row.outcome is not None or row.result is not None
    if row.match is not None and row.match.terms.rated and not over:
        raise AnalysisError(403, "analysis_rated_live",
                            "analysis is off during rated games: ask again when the game is over")


class Analyses:
    """Answers per position (`key_of`), computed in `searches` once however many ask, and kept."""

    def __init__(self, searches: OnDemandSearches, definitions: Definitions, budget_ms: int, rate: float,
                 burst: int, limits: Callable[[], Limits]) -> None:
        self.searches = searches
        self.definitions = definitions
        self.budget_ms = budget_ms
        # the searches an address may ask for: one of the hub's limits (asked for each time: a
        # cluster node's are in Redis, counted by all the nodes together)
        self.rule, self.limits = Rule("analysis-address", rate, burst), limits
        self.kept: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self.running: dict[Key, asyncio.Future[dict[str, Any]]] = {}
        self.computed = 0  # searches started (tests: a second request is served from memory)

    async def _charge(self, address: str) -> None:
        if not await self.limits().take([(self.rule, f"address:{address}")]):
            raise AnalysisError(429, "analysis_quota",
                                f"more than {self.rule.burst:g} analyses at once or {self.rule.rate:g} a second "
                                "from one address; answers already given are free")

    async def answer(self, row: GameRow | None, ply: int, address: str) -> dict[str, Any]:
        if row is None or (row.variant == CUSTOM and not self.definitions.trusted(row.variant_json)):
            raise AnalysisError(404, "not_found", "no stored game of a built-in variant with that id")
        if not self.definitions.trusted(row.variant_json):
            raise AnalysisError(409, "rules_changed", f"game {row.id} was played under an earlier definition "
                                f"of {row.variant}: analysis is for games of today's definitions")
        refuse_live_rated(row)  # the rule before memory: nothing of a live rated game is answered
        key = key_of(row, ply)
        kept = self.kept.get(key)
        if kept is not None:
            self.kept.move_to_end(key)
            return kept
        fut = self.running.get(key)
        if fut is None:
            try:
                game = await self.definitions.game_off_loop(row.variant_json)
                pos = await asyncio.to_thread(position_at, game, row, ply)
            except (IllegalMove, VariantError) as exc:
                raise AnalysisError(409, "unreplayable", f"the game no longer replays: {exc}") from None
            if pos is None:
                raise AnalysisError(404, "no_such_ply", f"game {row.id} has {len(row.moves)} moves")
            head = {"game": row.id, "ply": ply, "turn": pos.turn}
            if pos.outcome is not None or not game.legal_moves(pos):
                return self._keep(key, {**head, "over": True})
            if self.searches.running + self.searches.waiting >= self.searches.workers + self.searches.queue:
                # before the quota is charged: a refusal costs the asker nothing
                raise AnalysisError(503, "analysis_busy", "too many searches asked for now; try again later")
            await self._charge(address)
            definition = json.dumps(row.variant_json, sort_keys=True)
            fut = self.running[key] = asyncio.ensure_future(self._compute(key, definition, pos, head))
            fut.add_done_callback(lambda f: f.cancelled() or f.exception())
        # one asker going away does not stop the search for the others
        return await asyncio.shield(fut)

    async def _compute(self, key: Key, definition: str, pos: Position,
                       head: dict[str, Any]) -> dict[str, Any]:
        try:
            self.computed += 1
            # the margin: a worker's start
            got = await self.searches.run(self.budget_ms / 1000 + 60.0, analyse, definition, pos, self.budget_ms)
        except SearchBusy:
            raise AnalysisError(503, "analysis_busy", "too many searches asked for now; try again later") from None
        except TimeoutError:
            raise AnalysisError(503, "analysis_timeout", "the search did not answer in time; try again") from None
        except Exception as exc:  # a broken worker: a typed error
            raise AnalysisError(500, "analysis_failed", f"the search failed: {exc}") from None
        finally:
            self.running.pop(key, None)
        return self._keep(key, {**head, "over": False, **got})

    def _keep(self, key: Key, answer: dict[str, Any]) -> dict[str, Any]:
        self.kept[key] = answer
        while len(self.kept) > KEEP:
            self.kept.popitem(last=False)
        return answer
