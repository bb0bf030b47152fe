"""A tournament as both storages keep it: one row, its whole state one JSON document,
changed only by compare-and-set on its version (tourney_store.py, pg_tourney.py).

One document rather than tables of entrants and games: a tournament's director (one
node at a time, tourney_lease.py) reads it, decides, and writes it back whole; a write
that raced another (a join on another node) loses and is tried again on the new state.
So the standings are held once, in the store every node shares, never per node.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

TOURNEY_COLUMNS = "id, created_by, status, doc, version"


@dataclass(frozen=True)
class TourneyRow:
    id: str
    created_by: str
    status: str  # open, running, finished
    doc: dict[str, Any]
    version: int


def tourney_of(r: Any) -> TourneyRow:
    doc = r[3]
    return TourneyRow(r[0], r[1], r[2], json.loads(doc) if isinstance(doc, str) else doc, r[4])
