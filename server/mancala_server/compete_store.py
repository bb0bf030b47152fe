"""SQLite tables of competitive play: players, ratings and their history, a game's
terms (time control, rated, who sat), clocks per move, chat, challenges.

`CompeteStore` is mixed into the single-node `Store` (same file, same connection) and
holds all of SQLite's SQL for these tables; `SqliteStorage` (storage.py) offers the same
calls through the async storage port without SQL of its own, and PostgreSQL has its own
(pg_compete.py). A room's writes given a `Fence` check it in their own transaction. Rows are the dataclasses below, shared by
both databases. A data dir from before these tables gets them on start (CREATE IF NOT
EXISTS): older games simply have no terms (untimed, casual).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mancala.engine.position import Outcome
from mancala_server.fencing import Fence
from mancala_server.names import skeleton
from mancala_server.ratings import PAIR_WINDOW, RatedSide, Rating, Settled, current, settle

COMPETE_SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS player_secrets (
    secret_hash TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS transfer_codes (
    code_hash TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL,
    variant TEXT NOT NULL,
    rating REAL NOT NULL, rd REAL NOT NULL, vol REAL NOT NULL,
    games INTEGER NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (player, variant)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (variant, rating);
CREATE TABLE IF NOT EXISTS rating_history (
    player TEXT NOT NULL,
    variant TEXT NOT NULL,
    game_id INTEGER NOT NULL,
    at REAL NOT NULL,
    rating REAL NOT NULL, rd REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS rating_history_player ON rating_history (player, at);
CREATE INDEX IF NOT EXISTS rating_history_game ON rating_history (game_id);
CREATE TABLE IF NOT EXISTS game_terms (
    game_id INTEGER PRIMARY KEY,
    rated INTEGER NOT NULL,
    clock TEXT,
    south TEXT, north TEXT
);
CREATE INDEX IF NOT EXISTS game_terms_south ON game_terms (south);
CREATE INDEX IF NOT EXISTS game_terms_north ON game_terms (north);
CREATE TABLE IF NOT EXISTS move_clocks (
    game_id INTEGER NOT NULL,
    ply INTEGER NOT NULL,
    south_ms INTEGER NOT NULL, north_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE IF NOT EXISTS clock_pauses (
    game_id INTEGER PRIMARY KEY,
    ply INTEGER NOT NULL,
    south_ms INTEGER NOT NULL, north_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS chat (
    game_id INTEGER NOT NULL,
    at REAL NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    channel TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_game ON chat (game_id, at);
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY,
    by_player TEXT NOT NULL,
    to_player TEXT NOT NULL,
    variant TEXT NOT NULL,
    clock TEXT,
    rated INTEGER NOT NULL,
    status TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS challenges_to ON challenges (to_player, status);
CREATE INDEX IF NOT EXISTS challenges_by ON challenges (by_player, status);
"""


def name_key(name: str) -> str:
    """Names are unique by what they look like: regardless of case, width and look-alike
    letters from other scripts ("Ann", "ann", "аnn" with a Cyrillic a are one name; names.py)."""
    return skeleton(name)


# players stored before names were keyed by their look (their keys were case folded only):
# keyed again once per database, so that lookups by name find them (a key that would clash
# with another player's stays as it was: that player keeps their name)
NAME_KEYS_MIGRATION = "name_key_skeleton"
MIGRATIONS_SCHEMA = "CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY);"


def rekeyed(rows: list[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """(id, new key) for the players (id, name, key) whose key is not their name's look."""
    return [(pid, name_key(name)) for pid, name, key in rows if key != name_key(name)]


@dataclass(frozen=True)
class PlayerRow:
    id: str
    name: str


@dataclass(frozen=True)
class Terms:
    """A game's terms: rated or not, its time control (a TimeControl's fields), who sat."""

    rated: bool = False
    clock: dict[str, int] | None = None
    players: tuple[str | None, str | None] = (None, None)
    pie: bool = False  # the swap rule is on (fair_start.py)
    swapped: bool = False  # the second player took it: `players` are as they sit now

    @property
    def pie_code(self) -> int:
        """As stored: 0 no swap rule, 1 the rule, 2 the rule and the swap made."""
        return 2 if self.swapped else int(self.pie)


@dataclass(frozen=True)
class ClockMark:
    """Both clocks (ms) as stored: after the move of `ply`, or at a pause."""

    ply: int
    remaining: tuple[int, int]


@dataclass
class MatchState:
    """What a room needs back after a restart: its terms and its clocks."""

    terms: Terms
    last: ClockMark | None = None  # after the last move
    pause: ClockMark | None = None  # at the last graceful stop


@dataclass(frozen=True)
class ChatRow:
    at: float
    seat: int | None
    name: str
    channel: str
    text: str


@dataclass(frozen=True)
class ChallengeRow:
    id: str
    by_player: str
    to_player: str
    variant: str
    clock: dict[str, int] | None
    rated: bool
    status: str
    created: float
    settings: dict[str, Any] | None = None  # the variant's settings (canonical; None: the file's own)


@dataclass
class Profile:
    """A player's page: ratings per variant, their history, and recent games."""

    player: PlayerRow
    ratings: dict[str, Rating] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)  # {variant, game_id, at, rating, rd}
    games: list[dict[str, Any]] = field(default_factory=list)  # {id, variant, players, result, rated, ...}


def _rating(r: Any) -> Rating:
    return Rating(r[0], r[1], r[2], r[3])


# ---- rows to models, for both databases (compete_store.py, pg_compete.py) ---------------
# A row is read by position (a SQLite tuple or an asyncpg Record): each query selects the
# columns named here, in this order.

CHALLENGE_COLUMNS = "id, by_player, to_player, variant, clock, rated, status, created, settings"
HISTORY_COLUMNS = "variant, game_id, at, rating, rd"
# with the game's room: a private room's game is listed without what would let anyone read it
RECENT_COLUMNS = ("g.id, g.variant, g.south, g.north, g.outcome, g.reason, g.result, g.started, t.rated, t.clock, "
                  "t.south, r.public")
RECENT_FROM = "game_terms t JOIN games g ON g.id = t.game_id LEFT JOIN rooms r ON r.code = g.room"


def _json(text: str | None) -> Any:
    return json.loads(text) if text else None


def challenge_row(r: Any) -> ChallengeRow | None:
    """A challenges row (CHALLENGE_COLUMNS); None for no row."""
    return None if r is None else ChallengeRow(r[0], r[1], r[2], r[3], _json(r[4]), bool(r[5]), r[6], r[7],
                                               _json(r[8]))


def history_entry(r: Any) -> dict[str, Any]:
    """A rating_history row (HISTORY_COLUMNS) as a profile's history entry."""
    return {"variant": r[0], "game_id": r[1], "at": r[2], "rating": round(r[3]), "rd": round(r[4])}


def recent_game(r: Any, player_id: str) -> dict[str, Any]:
    """A game of `player_id` (RECENT_COLUMNS) as a profile's recent game, `private` where its
    room is (or is unknown): its id alone does not open it (game_access.py)."""
    return {"id": r[0], "variant": r[1], "players": [r[2], r[3]], "outcome": _json(r[4]), "reason": r[5],
            "result": r[6], "started": r[7], "rated": bool(r[8]), "clock": _json(r[9]),
            "seat": 0 if r[10] == player_id else 1, "private": not r[11]}


def match_state_of(terms: Any, last: Any, pause: Any) -> MatchState:
    """A game's terms (rated, clock, south, north, pie) and clock marks (ply, south_ms, north_ms)."""
    return MatchState(Terms() if terms is None else Terms(bool(terms[0]), _json(terms[1]), (terms[2], terms[3]),
                                                          bool(terms[4]), terms[4] == 2),
                      None if last is None else ClockMark(last[0], (last[1], last[2])),
                      None if pause is None else ClockMark(pause[0], (pause[1], pause[2])))


def settle_sides(sides: list[RatedSide], stored: list[Rating | None], outcome: Outcome,
                 pair_games: int = 0) -> list[Settled]:
    """A rated game's ratings after it, from each side's stored rating in the variant
    (None: none yet, or a side with no player) and the two players' recent games together
    (`pair_players`), read in the transaction that stores them."""
    return settle([(side, current(side, r)) for side, r in zip(sides, stored, strict=True)], outcome.to_json(),
                  pair_games)


def pair_players(sides: list[RatedSide]) -> tuple[str, str] | None:
    """The two people of a rated game, whose games together count less and less (ratings.py,
    pair_weight); None against the computer."""
    a, b = (s.player for s in sides)
    return None if a is None or b is None else (a, b)


def pair_since(now: float) -> float:
    """The earliest time a pair's earlier game counts for `pair_weight`."""
    return now - PAIR_WINDOW


# the rated games two players played together in a ladder since a time: each such game left
# a rating_history row for both of them (a game that moved no rating, too short or aborted,
# left none). Parameters: (player a, player b, variant, since); PostgreSQL numbers them.
# a player's new rating on a ladder, written over the old one (both databases: formatted
# with their placeholders, as PAIR_GAMES_SQL is)
RATING_UPSERT_SQL = ("INSERT INTO ratings (player, variant, rating, rd, vol, games, updated) "
                     "VALUES ({0},{1},{2},{3},{4},{5},{6}) ON CONFLICT (player, variant) DO UPDATE SET "
                     "rating=excluded.rating, rd=excluded.rd, vol=excluded.vol, games=excluded.games, "
                     "updated=excluded.updated")
SQLITE_UPSERT = RATING_UPSERT_SQL.format(*"???????")
PG_UPSERT = RATING_UPSERT_SQL.format(*(f"${n}" for n in range(1, 8)))
PAIR_GAMES_SQL = ("SELECT COUNT(*) FROM rating_history a JOIN rating_history b "
                  "ON b.game_id = a.game_id AND b.variant = a.variant AND b.player = {1} "
                  "WHERE a.player = {0} AND a.variant = {2} AND a.at >= {3}")


def rated_players(settled: list[Settled]) -> list[tuple[str, Rating]]:
    """The players whose new ratings are stored (a computer's rating is fixed)."""
    return [(s.side.player, s.after) for s in settled if s.side.player is not None]


class CompeteStore:
    db: sqlite3.Connection
    observe: Callable[[float], None] | None

    def _tx(self, sql: str, args: tuple[Any, ...], fence: Fence | None = None) -> sqlite3.Cursor:  # Store's
        raise NotImplementedError

    def _check_fence(self, fence: Fence | None) -> None:  # Store's
        raise NotImplementedError

    def _compete_schema(self) -> None:
        self.db.executescript(COMPETE_SCHEMA + MIGRATIONS_SCHEMA)
        if self.db.execute("SELECT 1 FROM migrations WHERE name=?", (NAME_KEYS_MIGRATION,)).fetchone() is None:
            with self.db:
                for pid, key in rekeyed(self.db.execute("SELECT id, name, name_key FROM players").fetchall()):
                    with contextlib.suppress(sqlite3.IntegrityError):  # another player looks the same:
                        self.db.execute("UPDATE players SET name_key=? WHERE id=?", (key, pid))  # key kept
                self.db.execute("INSERT INTO migrations (name) VALUES (?)", (NAME_KEYS_MIGRATION,))
        # added with the swap rule: a data dir from before gets the column (old games: 0)
        if "pie" not in {r[1] for r in self.db.execute("PRAGMA table_info(game_terms)")}:
            self.db.execute("ALTER TABLE game_terms ADD COLUMN pie INTEGER NOT NULL DEFAULT 0")
        # added with settings in challenges: open challenges from before play the file's own
        if "settings" not in {r[1] for r in self.db.execute("PRAGMA table_info(challenges)")}:
            self.db.execute("ALTER TABLE challenges ADD COLUMN settings TEXT")

    # ---- players ------------------------------------------------------------------------

    def new_player(self, player_id: str, name: str, secret_hash: str) -> bool:
        """A new player; False when the name is taken."""
        now = time.time()
        try:
            with self.db:
                self.db.execute("INSERT INTO players (id, name, name_key, created) VALUES (?,?,?,?)",
                                (player_id, name, name_key(name), now))
                self.db.execute("INSERT INTO player_secrets (secret_hash, player, created) VALUES (?,?,?)",
                                (secret_hash, player_id, now))
        except sqlite3.IntegrityError:
            return False
        return True

    def player(self, player_id: str) -> PlayerRow | None:
        r = self.db.execute("SELECT id, name FROM players WHERE id=?", (player_id,)).fetchone()
        return None if r is None else PlayerRow(r[0], r[1])

    def player_by_name(self, name: str) -> PlayerRow | None:
        r = self.db.execute("SELECT id, name FROM players WHERE name_key=?", (name_key(name),)).fetchone()
        return None if r is None else PlayerRow(r[0], r[1])

    def player_by_secret(self, player_id: str, secret_hash: str) -> PlayerRow | None:
        r = self.db.execute("SELECT p.id, p.name FROM player_secrets s JOIN players p ON p.id = s.player "
                            "WHERE s.secret_hash=? AND s.player=?", (secret_hash, player_id)).fetchone()
        return None if r is None else PlayerRow(r[0], r[1])

    def rename_player(self, player_id: str, name: str) -> bool:
        try:
            with self.db:
                self.db.execute("UPDATE players SET name=?, name_key=? WHERE id=?", (name, name_key(name), player_id))
        except sqlite3.IntegrityError:
            return False
        return True

    def add_transfer(self, code_hash: str, player_id: str, expires: float) -> None:
        with self.db:
            self.db.execute("DELETE FROM transfer_codes WHERE expires < ?", (time.time(),))
            self.db.execute("INSERT INTO transfer_codes (code_hash, player, expires) VALUES (?,?,?)",
                            (code_hash, player_id, expires))

    def redeem_transfer(self, code_hash: str, secret_hash: str) -> PlayerRow | None:
        """The code's player, with a new secret for the new device; the code is used up, and
        the player's older secrets with it: a new secret ends the old ones, so a key copied
        off a device is worth nothing once its owner moves (compete_hub.py, transfers)."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            r = self.db.execute("SELECT player FROM transfer_codes WHERE code_hash=? AND expires >= ?",
                                (code_hash, time.time())).fetchone()
            self.db.execute("DELETE FROM transfer_codes WHERE code_hash=?", (code_hash,))
            if r is None:
                return None
            self.db.execute("DELETE FROM player_secrets WHERE player=?", (r[0],))
            self.db.execute("INSERT INTO player_secrets (secret_hash, player, created) VALUES (?,?,?)",
                            (secret_hash, r[0], time.time()))
        return self.player(r[0])

    # ---- ratings --------------------------------------------------------------------------

    def ratings_of(self, player_id: str) -> dict[str, Rating]:
        rows = self.db.execute("SELECT variant, rating, rd, vol, games FROM ratings WHERE player=?", (player_id,))
        return {r[0]: _rating(r[1:]) for r in rows}

    def leaderboard(self, variant: str, limit: int = 100) -> list[tuple[PlayerRow, Rating]]:
        rows = self.db.execute(
            "SELECT p.id, p.name, r.rating, r.rd, r.vol, r.games FROM ratings r JOIN players p ON p.id = r.player "
            "WHERE r.variant=? ORDER BY r.rating DESC, p.name LIMIT ?", (variant, limit))
        return [(PlayerRow(r[0], r[1]), _rating(r[2:])) for r in rows]

    def player_profile(self, name: str, games: int = 20) -> Profile | None:
        who = self.player_by_name(name)
        if who is None:
            return None
        history = [history_entry(r) for r in self.db.execute(
            f"SELECT {HISTORY_COLUMNS} FROM rating_history WHERE player=? ORDER BY at LIMIT 2000", (who.id,))]
        rows = self.db.execute(
            f"SELECT {RECENT_COLUMNS} FROM {RECENT_FROM} WHERE t.south=? OR t.north=? "
            "ORDER BY g.started DESC LIMIT ?", (who.id, who.id, games))
        recent = [recent_game(r, who.id) for r in rows]
        return Profile(who, self.ratings_of(who.id), history, recent)

    def end_rated_game(self, game_id: int, outcome: Outcome, reason: str, result: str, variant: str,
                       sides: list[RatedSide], fence: Fence | None = None) -> list[Settled]:
        """The game's end and both ratings, in one transaction; nothing (no ratings) for a
        game that has ended already, so a game's ratings are applied once."""
        now = time.time()
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self._check_fence(fence)
            ended = self.db.execute("UPDATE games SET outcome=?, reason=?, result=?, ended=? "
                                    "WHERE id=? AND ended IS NULL",
                                    (json.dumps(outcome.to_json()), reason, result, now, game_id)).rowcount
            if not ended:  # ended before (a repeated call): its ratings were applied then
                return []
            stored = []
            for side in sides:
                r = None if side.player is None else self.db.execute(
                    "SELECT rating, rd, vol, games FROM ratings WHERE player=? AND variant=?",
                    (side.player, variant)).fetchone()
                stored.append(None if r is None else _rating(r))
            pair = pair_players(sides)
            together = 0 if pair is None else self.db.execute(
                PAIR_GAMES_SQL.format("?", "?", "?", "?"), (*pair, variant, pair_since(now))).fetchone()[0]
            settled = settle_sides(sides, stored, outcome, together)
            for player, a in rated_players(settled):
                self.db.execute(SQLITE_UPSERT, (player, variant, a.rating, a.rd, a.vol, a.games, now))
                self.db.execute("INSERT INTO rating_history (player, variant, game_id, at, rating, rd) "
                                "VALUES (?,?,?,?,?,?)", (player, variant, game_id, now, a.rating, a.rd))
        return settled

    def finish_rated(self, game_id: int, outcome: Outcome, reason: str, result: str, variant: str,
                     sides: list[RatedSide], then: Callable[[list[Settled]], None]) -> None:
        """The room's call (RoomStore): stored when it returns, then `then` hears the ratings."""
        then(self.end_rated_game(game_id, outcome, reason, result, variant, sides))

    # ---- a game's terms, clocks and chat ----------------------------------------------------

    def set_terms(self, game_id: int, terms: Terms, fence: Fence | None = None) -> None:
        self._tx("INSERT INTO game_terms (game_id, rated, clock, south, north, pie) VALUES (?,?,?,?,?,?) "
                 "ON CONFLICT(game_id) DO UPDATE SET rated=excluded.rated, clock=excluded.clock, "
                 "south=excluded.south, north=excluded.north, pie=excluded.pie",
                 (game_id, int(terms.rated), json.dumps(terms.clock) if terms.clock else None, *terms.players,
                  terms.pie_code), fence)

    def add_move_clock(self, game_id: int, ply: int, remaining: tuple[int, int], fence: Fence | None = None) -> None:
        self._tx("INSERT OR REPLACE INTO move_clocks (game_id, ply, south_ms, north_ms) VALUES (?,?,?,?)",
                 (game_id, ply, *remaining), fence)

    def take_back(self, game_id: int, ply: int, mark: ClockMark | None = None, fence: Fence | None = None) -> None:
        """The moves from `ply` on are taken back (by agreement), with their clock marks, the
        rounds they began and any stop's pause, and `mark` (the clocks as they stand now)
        stored in their place, all in one transaction: a pause is of a position; once moves
        are taken back the game may come to its ply count again by other moves, and the old
        pause (or round layout) would then look current. Without the new mark in the same
        commit, a crash just after it would give a restart the last kept move's clocks: the
        time used since then back."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self._check_fence(fence)
            self.db.execute("DELETE FROM moves WHERE game_id=? AND ply>=?", (game_id, ply))
            row = self.db.execute("SELECT rounds FROM games WHERE id=?", (game_id,)).fetchone()
            if row and row[0]:  # a round at ply n began after move n - 1
                kept = {at: start for at, start in json.loads(row[0]).items() if int(at) <= ply}
                self.db.execute("UPDATE games SET rounds=? WHERE id=?", (json.dumps(kept) if kept else None, game_id))
            self.db.execute("DELETE FROM move_clocks WHERE game_id=? AND ply>=?", (game_id, ply))
            self.db.execute("DELETE FROM clock_pauses WHERE game_id=?", (game_id,))
            if mark is not None:
                self.db.execute("INSERT INTO clock_pauses (game_id, ply, south_ms, north_ms) VALUES (?,?,?,?)",
                                (game_id, mark.ply, *mark.remaining))

    def pause_clock(self, game_id: int, mark: ClockMark, fence: Fence | None = None) -> None:
        self._tx("INSERT OR REPLACE INTO clock_pauses (game_id, ply, south_ms, north_ms) VALUES (?,?,?,?)",
                 (game_id, mark.ply, *mark.remaining), fence)

    def add_chat(self, game_id: int, row: ChatRow, fence: Fence | None = None) -> None:
        self._tx("INSERT INTO chat (game_id, at, seat, name, channel, text) VALUES (?,?,?,?,?,?)",
                 (game_id, row.at, row.seat, row.name, row.channel, row.text), fence)

    def chat(self, game_id: int) -> list[ChatRow]:
        rows = self.db.execute("SELECT at, seat, name, channel, text FROM chat WHERE game_id=? ORDER BY at, rowid",
                               (game_id,))
        return [ChatRow(*r) for r in rows]

    def match_state(self, game_id: int) -> MatchState:
        terms = self.db.execute("SELECT rated, clock, south, north, pie FROM game_terms WHERE game_id=?",
                                (game_id,)).fetchone()
        last = self.db.execute("SELECT ply, south_ms, north_ms FROM move_clocks WHERE game_id=? ORDER BY ply DESC "
                               "LIMIT 1", (game_id,)).fetchone()
        pause = self.db.execute("SELECT ply, south_ms, north_ms FROM clock_pauses WHERE game_id=?",
                                (game_id,)).fetchone()
        return match_state_of(terms, last, pause)

    # ---- challenges -------------------------------------------------------------------------

    def add_challenge(self, row: ChallengeRow) -> None:
        self._tx("INSERT INTO challenges (id, by_player, to_player, variant, clock, rated, status, created, settings) "
                 "VALUES (?,?,?,?,?,?,?,?,?)", (row.id, row.by_player, row.to_player, row.variant,
                                                json.dumps(row.clock) if row.clock else None, int(row.rated),
                                                row.status, row.created,
                                                json.dumps(row.settings) if row.settings else None))

    def settle_challenge(self, challenge_id: str, status: str) -> ChallengeRow | None:
        """Close an open challenge (accepted, declined, ...): the row, or None when it was
        not open (someone else settled it first)."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            changed = self.db.execute("UPDATE challenges SET status=? WHERE id=? AND status='open'",
                                      (status, challenge_id)).rowcount
        return self.challenge(challenge_id) if changed else None

    def challenge(self, challenge_id: str) -> ChallengeRow | None:
        return challenge_row(self.db.execute(f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id=?",
                                             (challenge_id,)).fetchone())

    def open_challenges(self, to_player: str) -> list[ChallengeRow]:
        rows = self.db.execute("SELECT id FROM challenges WHERE to_player=? AND status='open' ORDER BY created",
                               (to_player,)).fetchall()
        return [c for (cid,) in rows if (c := self.challenge(cid)) is not None]

    def open_challenges_by(self, by_player: str) -> list[ChallengeRow]:
        rows = self.db.execute("SELECT id FROM challenges WHERE by_player=? AND status='open' ORDER BY created",
                               (by_player,)).fetchall()
        return [c for (cid,) in rows if (c := self.challenge(cid)) is not None]
