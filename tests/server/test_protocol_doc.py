"""docs/protocol.md against the message models: every client and server message type, every
error code and every end reason the code can send is in the document (a new message
added without its documentation fails here)."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from mancala.protocol.messages import CLIENT_TYPES, EndReason, ErrorCode, ServerMessage

DOC = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()


def table_keys(doc: str) -> set[str]:
    """The backquoted names in the first column of every table row."""
    out: set[str] = set()
    for line in doc.splitlines():
        if line.startswith("| `"):
            out.update(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
    return out


def server_types() -> set[str]:
    union = typing.get_args(typing.get_args(ServerMessage)[0])
    return {m.model_fields["type"].default for m in union}


def test_every_message_type_has_a_row() -> None:
    rows = table_keys(DOC)
    assert sorted(CLIENT_TYPES - rows) == []
    assert sorted(server_types() - rows) == []


def test_every_error_code_is_in_the_error_table() -> None:
    errors = DOC.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    assert sorted(c.value for c in ErrorCode if f"| `{c.value}` |" not in errors) == []


def test_every_end_reason_is_named() -> None:
    game_over = next(line for line in DOC.splitlines() if line.startswith("| `game_over` |"))
    assert sorted(r for r in typing.get_args(EndReason) if f"`{r}`" not in game_over) == []
