"""Which rules a stored game is played again by: the definition it was stored with.

Every game is stored with its variant's name and its JSON (games.variant_json). The
catalogue in configs/ changes (the move to the reference's 1.10 rules: Oware takes on
2 and 3 only there, 29 older games changed settings), so a stored game is replayed,
shown and resumed from its stored JSON (no `rules_version`: 1.8), never from the file
its name has today.

Trust. A stored definition whose canonical JSON (keys sorted) is that of a file in the
configs directory today is a built-in one: its costs are known, so it is played in this
server (threads, the C core), its `Game` made once per definition, keyed by the JSON's
digest (`KEEP_GAMES` at most). Any other definition -- a custom variant's, or a built-in
variant's as it was before its file changed -- is trusted no more than a custom variant
sent today: its work goes to the rules workers (rules_worker.py), killed past their time
limit, and comes back typed (RulesTimeout, VariantError, IllegalMove).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

from mancala.engine.game import Game
from mancala.record import record_text
from mancala.rules.loading import parse_variant
from mancala_server.rules_worker import RulesWorkers
from mancala_server.store import GameRow
from mancala_server.stored_replay import Progress, Restored, carry_on, record_info
from mancala_server.variant_settings import without_settings

KEEP_GAMES = 64  # built-in definitions' Games kept (today's files, and a few more)
CUSTOM = "custom"  # the stored name of a client's own variant


def digest(variant_json: dict[str, Any]) -> str:
    """A definition's key: the digest of its canonical JSON (key order does not count)."""
    text = json.dumps(variant_json, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class NotBuiltIn(Exception):
    """The definition is not one of today's files: only the rules workers play it."""


class Definitions:
    """Today's built-in definitions by digest, and the Games of those asked for."""

    def __init__(self, paths: dict[str, Path]) -> None:
        self.raw: dict[str, dict[str, Any]] = {}  # by variant name
        self.built_in: dict[str, str] = {}  # digest -> variant name
        for name, path in paths.items():
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue  # the hub says which files are broken (catalogue.py)
            if isinstance(raw, dict):
                self.raw[name] = raw
                self.built_in[digest(raw)] = name
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()  # the replays' threads ask too

    def trusted(self, variant_json: dict[str, Any]) -> bool:
        # a settled one too: a file of today's with settings it offers (variant_settings.py)
        return digest(without_settings(variant_json)) in self.built_in

    def game(self, variant_json: dict[str, Any]) -> Game:
        """The Game of a built-in definition (NotBuiltIn for any other; VariantError when
        today's model refuses the file). Made once: validating a variant is milliseconds
        of pydantic, so callers on the event loop use `game_off_loop`."""
        key = digest(variant_json)
        if not self.trusted(variant_json):
            raise NotBuiltIn("this game's rules are not one of the server's variant files")
        with self._lock:
            game = self._games.get(key)
            if game is not None:
                self._games.move_to_end(key)
                return game
        game = Game(parse_variant(variant_json))
        with self._lock:
            self._games[key] = game
            while len(self._games) > KEEP_GAMES:
                self._games.popitem(last=False)
        return game

    async def game_off_loop(self, variant_json: dict[str, Any]) -> Game:
        with self._lock:
            kept = self._games.get(digest(variant_json))
        return kept if kept is not None else await asyncio.to_thread(self.game, variant_json)


class StoredGames:
    """A stored game's work by its stored definition: here for a built-in one, in the
    rules workers for any other."""

    def __init__(self, definitions: Definitions, rules: RulesWorkers) -> None:
        self.definitions = definitions
        self.rules = rules

    def trusted(self, row: GameRow) -> bool:
        return self.definitions.trusted(row.variant_json)

    async def progress(self, row: GameRow, kept: Progress | None, stop: int | None) -> Progress:
        """The positions pages' replay carried on (stored_replay.carry_on): in a thread, or
        from the start in a rules worker (a Progress is not sent there and back)."""
        if self.trusted(row):
            game = await self.definitions.game_off_loop(row.variant_json)
            return await asyncio.to_thread(carry_on, game, row, kept, stop)
        got: Progress = await self.rules.stored(row.variant_json, "positions", (row, stop), len(row.moves))
        return got

    async def restored(self, variant_json: dict[str, Any], row: GameRow) -> Restored | None:
        """A live room's game played again in a rules worker, or None when its definition
        is a built-in one (the room replays it itself, as before)."""
        if self.definitions.trusted(variant_json):
            return None
        got: Restored = await self.rules.stored(variant_json, "restore", (row,), len(row.moves))
        return got

    async def record(self, row: GameRow, title: str) -> str:
        """The text record (docs/notation.md) by the stored definition; a custom variant's
        without marks, as before (its moves are not played again for a download)."""
        info = record_info(row, title)
        if self.trusted(row):
            game = await self.definitions.game_off_loop(row.variant_json)
            return await asyncio.to_thread(record_text, game, info, row.rounds)
        if row.variant == CUSTOM:
            holes = row.variant_json.get("game_constants", {}).get("holes")
            return await asyncio.to_thread(record_text, None, info, row.rounds,
                                           holes if isinstance(holes, int) else None)
        got: str = await self.rules.stored(row.variant_json, "record", (info, row.rounds), len(row.moves))
        return got
