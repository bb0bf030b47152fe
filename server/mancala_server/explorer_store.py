"""The opening explorer's tables and SQL on SQLite (a mixin of store.Store; PostgreSQL's
are in pg_explorer.py). What a game adds is decided in explorer.py.

`explorer_games` holds every game the explorer has judged, counted or not, so each is
judged once (a restart, or a second node, finds it there); `explorer_cursor` the latest
end among them, from which the next look for finished games starts (less a margin for
ends committed late), so finding new games never reads the whole table of games.
"""

from __future__ import annotations

import sqlite3

from mancala_server.explorer_rows import PAIR_PER_DAY, PAIR_WINDOW, Judged, NodeRow

# ends stamped before the cursor but committed after it was moved (another node's clock,
# a slow commit) are still found this far back
CURSOR_MARGIN = 300.0

EXPLORER_SCHEMA = """
CREATE TABLE IF NOT EXISTS explorer_nodes (
    book TEXT NOT NULL,
    path TEXT NOT NULL,
    move TEXT NOT NULL,
    mover INTEGER NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL, draws INTEGER NOT NULL, losses INTEGER NOT NULL,
    rated INTEGER NOT NULL, rating_sum INTEGER NOT NULL,
    PRIMARY KEY (book, path, move)
);
CREATE TABLE IF NOT EXISTS explorer_games (
    game_id INTEGER PRIMARY KEY,
    book TEXT NOT NULL,
    pair TEXT NOT NULL,
    counted INTEGER NOT NULL,
    why_not TEXT,
    ended REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS explorer_games_pair ON explorer_games (pair, ended);
CREATE TABLE IF NOT EXISTS explorer_cursor (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    ended REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_ended ON games (ended);
"""

UPSERT_NODE = (
    "INSERT INTO explorer_nodes (book, path, move, mover, games, wins, draws, losses, rated, rating_sum) "
    "VALUES (?,?,?,?,1,?,?,?,?,?) ON CONFLICT (book, path, move) DO UPDATE SET "
    "games = games + 1, wins = wins + excluded.wins, draws = draws + excluded.draws, "
    "losses = losses + excluded.losses, rated = rated + excluded.rated, "
    "rating_sum = rating_sum + excluded.rating_sum"
)


class ExplorerStore:
    db: sqlite3.Connection

    def _explorer_schema(self) -> None:
        self.db.executescript(EXPLORER_SCHEMA)

    def explorer_pending(self, limit: int) -> list[tuple[int, float]]:
        row = self.db.execute("SELECT ended FROM explorer_cursor WHERE id = 1").fetchone()
        since = (row[0] if row else 0.0) - CURSOR_MARGIN
        return [(r[0], r[1]) for r in self.db.execute(
            "SELECT g.id, g.ended FROM games g WHERE g.ended IS NOT NULL AND g.ended >= ? "
            "AND NOT EXISTS (SELECT 1 FROM explorer_games e WHERE e.game_id = g.id) "
            "ORDER BY g.ended, g.id LIMIT ?", (since, limit))]

    def explorer_add(self, game_id: int, ended: float, judged: Judged) -> bool:
        """Store what a judged game adds, once: False when it was judged already. A pair of
        players past PAIR_PER_DAY counted games within PAIR_WINDOW adds nothing more."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            done = self.db.execute("INSERT INTO explorer_games (game_id, book, pair, counted, why_not, ended) "
                                   "VALUES (?,?,?,0,?,?) ON CONFLICT (game_id) DO NOTHING",
                                   (game_id, judged.book, judged.pair, judged.why_not, ended))
            if done.rowcount == 0:
                return False
            why_not = judged.why_not
            if why_not is None:
                (recent,) = self.db.execute(
                    "SELECT COUNT(*) FROM explorer_games WHERE pair = ? AND counted = 1 AND ended > ?",
                    (judged.pair, ended - PAIR_WINDOW)).fetchone()
                if recent >= PAIR_PER_DAY:
                    why_not = "the pair's games of the day are counted"
            if why_not is None:
                self.db.execute("UPDATE explorer_games SET counted = 1 WHERE game_id = ?", (game_id,))
                rated, rating = (1, judged.rating) if judged.rating is not None else (0, 0)
                self.db.executemany(UPSERT_NODE, [
                    (judged.book, step.path, step.move, step.mover, *judged.result_for(step.mover), rated, rating)
                    for step in judged.steps])
            else:
                self.db.execute("UPDATE explorer_games SET why_not = ? WHERE game_id = ?", (why_not, game_id))
            self.db.execute("INSERT INTO explorer_cursor (id, ended) VALUES (1, ?) ON CONFLICT (id) "
                            "DO UPDATE SET ended = max(ended, excluded.ended)", (ended,))
        return True

    def explorer_moves(self, book: str, path: str) -> list[NodeRow]:
        return [NodeRow(*r) for r in self.db.execute(
            "SELECT move, mover, games, wins, draws, losses, rated, rating_sum FROM explorer_nodes "
            "WHERE book = ? AND path = ? ORDER BY games DESC, move", (book, path))]

    def explorer_judged(self, game_id: int) -> tuple[bool, str | None] | None:
        """Whether a game was counted, and why not (None: not judged yet)."""
        row = self.db.execute("SELECT counted, why_not FROM explorer_games WHERE game_id = ?",
                              (game_id,)).fetchone()
        return None if row is None else (bool(row[0]), row[1])
