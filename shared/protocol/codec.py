"""Frames: JSON text or msgpack binary, chosen per connection by websocket subprotocol."""

from __future__ import annotations

import json
from typing import Any

import msgpack
from pydantic import BaseModel

JSON_SUBPROTOCOL = "mancala.v1.json"
MSGPACK_SUBPROTOCOL = "mancala.v1.msgpack"
SUBPROTOCOLS = (JSON_SUBPROTOCOL, MSGPACK_SUBPROTOCOL)


class FrameError(ValueError):
    """A frame that is not a message object in the connection's encoding."""


class Codec:
    def __init__(self, subprotocol: str | None) -> None:
        self.binary = subprotocol == MSGPACK_SUBPROTOCOL

    def encode(self, message: BaseModel | dict[str, Any]) -> str | bytes:
        data = message.model_dump(mode="json") if isinstance(message, BaseModel) else message
        if self.binary:
            return msgpack.packb(data, use_bin_type=True)
        return json.dumps(data, separators=(",", ":"))

    def decode(self, frame: str | bytes) -> dict[str, Any]:
        if isinstance(frame, bytes) != self.binary:
            # one encoding per connection, chosen by subprotocol: a frame of the other kind
            # is a client bug, said as such rather than guessed at
            want = "binary (msgpack)" if self.binary else "text (JSON)"
            raise FrameError(f"this connection speaks {want} frames")
        try:
            if isinstance(frame, bytes):
                data = msgpack.unpackb(frame, raw=False, strict_map_key=True)
            else:
                data = json.loads(frame)
        except (ValueError, RecursionError, msgpack.UnpackException, msgpack.ExtraData) as exc:
            # RecursionError: nesting deeper than the parser's stack (a few KB of "[[[[")
            raise FrameError(f"cannot decode frame: {exc}") from None
        if not isinstance(data, dict):
            raise FrameError("a message must be an object")
        return data
