"""The id of a client's request, as a reply may echo it."""

from __future__ import annotations

from typing import Any


def echoable_id(value: Any) -> int | str | None:
    """The request id to echo in a reply, if it fits the protocol (else None)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int) and -(2**53) <= value <= 2**53:
        return value
    if isinstance(value, str) and len(value) <= 64:
        try:
            # JSON text may hold a lone surrogate ("\\ud800"), which no reply can carry (the
            # Error model refused it, and the socket closed with 1011)
            value.encode()
        except UnicodeEncodeError:
            return None
        return value
    return None
