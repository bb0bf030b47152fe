"""Fair rated play: a rating must not be won by moving first.

Some variants are decided by their first turn: in Jackman's multi-lap game the starter
banks 39 of 48 seeds before the opponent ever moves (benchmarks/decisive_starts.py
searches every built-in variant; data/decisive_starts.json is its table), and solved
Kalah boards are first-player wins. A rated game of such a variant is played under the
swap ("pie") rule: after the first move the second player may take over the side that
moved, so the first player gains by nothing but a balanced opening. A custom variant has
no entry in the table: its rated games get the swap rule too. The computer never swaps,
so a rated game against it in a decisive variant would hand the human the first turn's
win: refused. Games against the computer are rated on a ladder of their own
(`rating_pool`), apart from the ratings people earn against people.
docs/competitive.md ("Fair rated play") lists the variants and the reasons.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from mancala.protocol.messages import ErrorCode
from mancala_server.room_ports import RoomError

TABLE = Path(__file__).with_name("data") / "decisive_starts.json"
COMPUTER_POOL = "@computer"  # the suffix of a variant's ladder against the computer
BOT_POOL = "@bots"  # the suffix of a variant's ladder of games with a bot (docs/bots.md)


@lru_cache(maxsize=1)
def _table() -> dict[str, str]:
    rows = json.loads(TABLE.read_text())["variants"]
    return {name: row["why"] for name, row in rows.items() if row["decisive"]}


def decisive(variant: str, built_in: bool = True) -> str | None:
    """Why the variant's first move decides the game, or None when it does not."""
    if not built_in:
        return "a custom variant: nobody measured its first move"
    return _table().get(variant)


def terms_pie(variant: str, built_in: bool, rated: bool, pie: bool, computer: bool) -> bool:
    """The swap rule for a new room's terms: as asked, and always on in a rated game of a
    decisive variant. Raises NOT_RATED_HERE where no swap can make rated play fair."""
    why = decisive(variant, built_in) if rated else None
    if why is None:
        return pie
    if computer:
        raise RoomError(ErrorCode.NOT_RATED_HERE,
                        f"{variant} is not rated against the computer: its first move decides the game ({why}) "
                        "and the computer never swaps; play it casual, or rated against a person")
    return True


def rating_pool(variant: str, against_computer: bool, with_bot: bool = False) -> str:
    """The ladder a rated game moves: the variant's, its ladder against the computer, or
    its ladder of games with a bot (people's ratings there are apart from their own)."""
    if against_computer:
        return variant + COMPUTER_POOL
    return variant + BOT_POOL if with_bot else variant


def pool_variant(pool: str) -> tuple[str, str | None]:
    """A ladder's variant and its kind: None for people's, else the suffix."""
    for suffix in (COMPUTER_POOL, BOT_POOL):
        if pool.endswith(suffix):
            return pool[: -len(suffix)], suffix
    return pool, None
