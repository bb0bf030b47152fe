"""A message's JSON frame says exactly what the message holds: written by pydantic's
serialiser (the fast path), or by json.dumps where that one cannot (a lone surrogate)."""

from __future__ import annotations

import json

import msgpack
import pytest
from pydantic import ValidationError

from mancala.protocol.client_messages import validate_client
from mancala.protocol.codec import JSON_SUBPROTOCOL, MSGPACK_SUBPROTOCOL, Codec, FrameError
from mancala.protocol.messages import ChatMessage


def chat(text: str) -> ChatMessage:
    return ChatMessage(room="ABCD", channel="players", name="Zoë", seat=0, text=text, at=1764189000.123456)


def test_a_json_frame_holds_the_messages_dump_and_text_as_written() -> None:
    message = chat("élan → 勝")
    frame = Codec(JSON_SUBPROTOCOL).encode(message)
    assert isinstance(frame, str) and json.loads(frame) == message.model_dump(mode="json")
    assert "Zoë" in frame and "勝" in frame  # UTF-8, not \u escapes
    assert frame.startswith('{"type":"chat_message","room":"ABCD"')  # compact, in field order


def test_a_lone_surrogate_is_escaped_where_utf8_cannot_carry_it() -> None:
    message = chat("a\ud800b")  # JSON text may spell one; UTF-8 has none
    frame = Codec(JSON_SUBPROTOCOL).encode(message)
    assert isinstance(frame, str) and "\\ud800" in frame and json.loads(frame)["text"] == "a\ud800b"
    frame.encode()  # what the socket writes


def test_a_msgpack_frame_holds_the_same_data() -> None:
    message = chat("élan")
    frame = Codec(MSGPACK_SUBPROTOCOL).encode(message)
    assert isinstance(frame, bytes) and msgpack.unpackb(frame) == message.model_dump(mode="json")


def test_a_json_frame_with_nan_or_an_infinite_number_is_refused_as_it_is_read() -> None:
    # validation then reads the frame's own text (validate_client): nothing non-JSON gets past
    codec = Codec(JSON_SUBPROTOCOL)
    for frame, said in (('{"type":"ping","id":NaN}', "NaN is not a JSON value"),
                        ('{"type":"make_move","room":"ABCD","move":-Infinity}', "-Infinity is not a JSON value"),
                        ('{"type":"make_move","room":"ABCD","move":1e400}', "1e400 is out of a float's range")):
        with pytest.raises(FrameError, match=said):
            codec.decode(frame)
    assert codec.decode('{"type":"ping","id":1.5}') == {"type": "ping", "id": 1.5}
    with pytest.raises(FrameError) as refused:
        codec.decode('{"type":"challenge","id":41,"variant":-Infinity}')
    assert refused.value.request_id == 41  # the error can answer the request it refuses


def test_a_json_frame_is_validated_from_its_own_text() -> None:
    text = '{"type":"move","room":"ABCD","move":3,"ply":4,"id":"x"}'
    from_text = validate_client(json.loads(text), text)
    assert from_text == validate_client(json.loads(text))  # the same model as from the data
    with pytest.raises(ValidationError):
        validate_client({}, '{"type":"move","room":"ABCD","move":3,"ply":true}')  # strict: no bool for an int
