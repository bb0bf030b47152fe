"""HTTP of competitive play: the leaderboard of a variant, a player's page data, a game's
chat, and the two pages that show them (static files of client/mancala_client/web/).

| path | what |
| --- | --- |
| `/api/leaderboard/{variant}` | the variant's rated players, best first |
| `/api/players/{name}` | a player's ratings, rating history and recent games |
| `/api/games/{id}/chat` | a stored game's chat: the players' channel, and the spectators' once the game is over |
| `/leaderboard/{variant}`, `/players/{name}` | the pages (leaderboard.html, player.html) |

Both databases answer the same (the reads are one storage call each, http.py's handlers):
a single server's SQLite and a cluster node's PostgreSQL behind one async interface.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from mancala_server.bots import is_bot
from mancala_server.compete_store import ChatRow, PlayerRow, Profile
from mancala_server.ratings import Rating


def _rating(r: Rating) -> dict[str, Any]:
    return {"rating": r.shown(), "rd": round(r.rd), "provisional": r.provisional, "games": r.games}


def leaderboard_json(variant: str, rows: list[tuple[PlayerRow, Rating]]) -> dict[str, Any]:
    return {"variant": variant, "players": [{"rank": i + 1, "name": p.name, "bot": is_bot(p.id), **_rating(r)}
                                            for i, (p, r) in enumerate(rows)]}


def profile_json(profile: Profile) -> dict[str, Any]:
    return {"name": profile.player.name, "bot": is_bot(profile.player.id),
            "ratings": [{"variant": v, **_rating(r)} for v, r in sorted(profile.ratings.items())],
            "history": profile.history,
            "games": [g if g["private"] else {**g, "url": f"/games/{g['id']}"} for g in profile.games]}


def chat_json(game_id: int, rows: list[ChatRow], over: bool) -> dict[str, Any]:
    """The spectators' lines only once the game is over: a spectator could otherwise pass
    the players moves through this page while they play."""
    return {"id": game_id, "chat": [asdict(r) for r in rows if over or r.channel == "players"]}
