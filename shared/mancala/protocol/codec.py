"""Frames: JSON text or msgpack binary, chosen per connection by websocket subprotocol."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any, cast

import msgpack
from pydantic import BaseModel
from pydantic_core import PydanticSerializationError

JSON_SUBPROTOCOL = "mancala.v1.json"
MSGPACK_SUBPROTOCOL = "mancala.v1.msgpack"
SUBPROTOCOLS = (JSON_SUBPROTOCOL, MSGPACK_SUBPROTOCOL)
# A variant object, the deepest message, is four levels deep. The parsers themselves
# allow about a thousand, and everything after them that walks a message (json.dumps
# in validation, pydantic, repr in error texts) recurses on a stack that is already a few
# dozen frames deep: a msgpack frame nested 980 levels ended in a RecursionError there.
MAX_DEPTH = 32


class FrameError(ValueError):
    """A frame that is not a message object in the connection's encoding; `request_id`
    is the frame's "id" where it could still be read (a JSON object holding NaN)."""

    def __init__(self, message: str, request_id: Any = None) -> None:
        super().__init__(message)
        self.request_id = request_id


def pack(data: Any) -> bytes:
    """msgpack's bytes (`packb` is typed as possibly None: only a Packer built with
    autoreset=False returns nothing, and packb never is one)."""
    return cast(bytes, msgpack.packb(data, use_bin_type=True))


class OwnFrames:
    """A message that can give its own frame (the server's catch-up room_states, whose long
    move lists are encoded once per move: server/mancala_server/room_states.py). It must
    give the same bytes `Codec.encode` would; None: encode it as any other."""

    def frame(self, binary: bool) -> str | bytes | None:
        return None


class Codec:
    def __init__(self, subprotocol: str | None) -> None:
        self.binary = subprotocol == MSGPACK_SUBPROTOCOL

    def encode(self, message: BaseModel | dict[str, Any]) -> str | bytes:
        if isinstance(message, OwnFrames):
            own = message.frame(self.binary)
            if own is not None:
                return own
        if isinstance(message, BaseModel) and not self.binary:
            # pydantic's own serialiser writes the same JSON a quarter of the time a dump
            # to dicts and json.dumps take (a move's frame: 4.6 against 17.5 us), text as
            # UTF-8 rather than \u escapes. A string with a lone surrogate (JSON can spell
            # one) has no UTF-8: json.dumps escapes it, as it always did
            try:
                return message.model_dump_json()
            except PydanticSerializationError:
                pass
        data = message.model_dump(mode="json") if isinstance(message, BaseModel) else message
        if self.binary:
            return pack(data)
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
                # NaN and infinities are no JSON values; refused here, the text can go to
                # validation as it came (client_messages.validate_client)
                data = _STRICT_JSON.decode(frame)
        except NotJsonValue as exc:
            raise FrameError(f"cannot decode frame: {exc}", _id_of(frame)) from None
        except (ValueError, RecursionError, msgpack.UnpackException, msgpack.ExtraData) as exc:
            # RecursionError: nesting deeper than the parser's stack (a few KB of "[[[[")
            raise FrameError(f"cannot decode frame: {exc}") from None
        if not isinstance(data, dict):
            raise FrameError("a message must be an object")
        if _deeper_than(data, MAX_DEPTH):
            raise FrameError(f"the message is nested deeper than {MAX_DEPTH} levels")
        return data


class NotJsonValue(ValueError):
    """NaN, an infinity, or a number beyond a float's range in a JSON frame."""


def _not_json(word: str) -> Any:
    raise NotJsonValue(f"{word} is not a JSON value")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise NotJsonValue(f"{text[:20]} is out of a float's range")
    return number


# one reader for every frame (json.loads with these options would build one per call)
_STRICT_JSON = json.JSONDecoder(parse_constant=_not_json, parse_float=_finite)


def _id_of(frame: str | bytes) -> Any:
    """The id of a frame the strict reading refused, read leniently so the error can
    carry it back (the client matches answers by id)."""
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        return None
    return data.get("id") if isinstance(data, dict) else None


def _deeper_than(data: Any, limit: int) -> bool:
    """Whether lists and maps nest more than `limit` levels (without recursing ourselves)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False
