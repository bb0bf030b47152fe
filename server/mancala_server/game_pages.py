"""HTTP for the replay viewer and the rules panel (web page, issue 13).

| path | what |
| --- | --- |
| `/games/{id}` | the replay viewer (client/mancala_client/web/game.html) |
| `/api/games/{id}/positions` | the stored game replayed: the position before the first move and after each (position_pages.py) |
| `/api/variants/{name}` | one variant with its rules in words (`summary`, from the engine's parameters) |
| `/one-turn/{name}` | Jackman's challenge: the best first turn played out (client/mancala_client/web/oneturn.html; its line from server/mancala_server/one_turn.py) |

Positions are computed from the stored moves by the engine, under the definition the
game was stored with (stored_rules.py): here for a definition that is a built-in file
today, in the rules workers for an earlier one. A custom variant's games are answered
404 here (their moves are in `/api/games/{id}`): the rules workers are for its live rooms.
"""

from __future__ import annotations

from typing import Any

from mancala.rules.summary import summary
from mancala.rules.variant import Variant
from mancala_server import one_turn


def variant_json(name: str, info: dict[str, Any], variant: Variant) -> dict[str, Any]:
    """A variant's list entry with its rules in words; `one_turn`: Jackman's challenge is
    answered for it (/api/variants/{name}/one-turn, a multi-lap variant)."""
    return {**info, "summary": summary(variant), "one_turn": one_turn.applies(name)}
