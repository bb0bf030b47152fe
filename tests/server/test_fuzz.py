"""Random messages against a real server: every reply is a documented message, no
socket is closed, and a game in another room goes on meanwhile.

Hypothesis draws the messages: valid and broken shapes of every client message type
(wrong types in every field, huge numbers, nesting, unknown and missing fields, random
custom variants, frames cut short), in both encodings. The server runs on its own
thread and event loop; the test talks to it with websockets' synchronous client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from mancala.protocol.messages import CLIENT_TYPES, SERVER_MESSAGE, ErrorCode
from mancala.server.app import running
from mancala.server.config import Settings

ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ["id", "name", "protocol", "variant", "public", "seat", "starter", "computer", "room", "token",
          "move", "ply", "clock", "rated", "player", "secret", "code", "accept", "text", "muted", "to", "challenge"]
GAME_INFO = st.fixed_dictionaries({}, optional={
    "stores": st.booleans(), "sow_own_store": st.booleans(), "crosscapt": st.booleans(),
    "mlaps": st.sampled_from(["OFF", "LAPPER", "LAPPER_NEXT", "BOGUS"]), "multicapt": st.integers(-2, 5),
    "capt_on": st.lists(st.integers(0, 8), max_size=3), "grandslam": st.sampled_from(["LEGAL", "NOT_LEGAL"]),
    "mustshare": st.booleans(), "min_move": st.integers(0, 6), "skip_start": st.booleans(),
    "name": st.text(max_size=30)})
VARIANT = st.fixed_dictionaries({"game_constants": st.fixed_dictionaries(
    {"holes": st.integers(-2, 20), "nbr_start": st.integers(-1, 120)}), "game_info": GAME_INFO})
CODES = {c.value for c in ErrorCode}


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(sorted(CLIENT_TYPES) + ["nope", "", "MOVE"]))
    msg: dict[str, Any] = {"type": draw(st.sampled_from([kind, kind, kind, [kind], {"t": kind}, 7]))}
    for field in draw(st.lists(st.sampled_from(FIELDS), max_size=4, unique=True)):
        if field == "variant" and draw(st.booleans()):
            msg[field] = draw(VARIANT | st.sampled_from(["kalah_4", "oware_abapa", "no_such"]))
        elif field == "move" and draw(st.booleans()):
            msg[field] = draw(st.integers(-3, 30) | st.tuples(st.integers(0, 12), st.sampled_from(["CW", "x"])))
        else:
            msg[field] = draw(ANY_JSON)
    return msg


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server on its own thread and loop (the synchronous test drives it)."""
    data: Path = tmp_path_factory.mktemp("fuzz")
    ready, stop = threading.Event(), threading.Event()
    url: list[str] = []

    async def serve() -> None:
        settings = Settings(host="127.0.0.1", port=0, data_dir=data, rate_per_second=10_000.0,
                            rate_burst=10_000, rooms_per_client=1_000, rooms_per_address=10_000,
                            computer_rooms_per_client=1_000, computer_rooms_per_address=1_000)
        async with running(settings) as server:
            url.append(f"ws://127.0.0.1:{server.port}/ws")
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.05)

    thread = threading.Thread(target=lambda: asyncio.run(serve()), daemon=True)
    thread.start()
    assert ready.wait(30)
    yield url[0]
    stop.set()
    thread.join(30)


def request(ws: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    ws.send(json.dumps(message))
    while True:
        reply = json.loads(ws.recv(timeout=10))
        if reply.get("id") == message.get("id"):
            return reply


def until_fence(ws: ClientConnection, binary: bool) -> list[dict[str, Any]]:
    """Everything the server sends up to the answer to a ping sent after the frame."""
    fence = {"type": "ping", "id": "fence"}
    ws.send(msgpack.packb(fence) if binary else json.dumps(fence))
    out = []
    while True:
        data = ws.recv(timeout=10)
        reply = msgpack.unpackb(data) if isinstance(data, bytes) else json.loads(data)
        if reply.get("type") == "pong" and reply.get("id") == "fence":
            return out
        out.append(reply)


def test_random_messages_get_documented_answers_and_others_play_on(server_url: str) -> None:
    with contextlib.ExitStack() as stack:
        check_messages(server_url, lambda *a, **k: stack.enter_context(connect(*a, **k)))


def check_messages(server_url: str, open_socket: Any) -> None:
    ann = open_socket(server_url, subprotocols=["mancala.v1.json"])
    bob = open_socket(server_url, subprotocols=["mancala.v1.json"])
    room = request(ann, {"type": "create_room", "variant": "kalah_4", "seat": 0, "public": False, "id": 1})["room"]
    request(bob, {"type": "join_room", "room": room, "id": 1})
    sockets = {fmt: open_socket(server_url, subprotocols=[f"mancala.v1.{fmt}"], max_size=2**22)
               for fmt in ("json", "msgpack")}
    seen: dict[str, int] = {}

    @settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
    @given(message=messages(), fmt=st.sampled_from(["json", "msgpack"]), cut=st.booleans())
    def one(message: dict[str, Any], fmt: str, cut: bool) -> None:
        binary = fmt == "msgpack"
        frame: str | bytes = msgpack.packb(message, use_bin_type=True) if binary else json.dumps(message)
        if cut and not binary:
            frame = frame[: len(frame) // 2]  # a frame cut short
        sockets[fmt].send(frame)
        for reply in until_fence(sockets[fmt], binary):
            parsed = SERVER_MESSAGE.validate_python(reply)  # a documented message
            seen[parsed.type] = seen.get(parsed.type, 0) + 1
            if parsed.type == "error":
                assert parsed.code.value in CODES

    one()
    assert seen.get("error", 0) > 20 and len(seen) > 2
    # the other room played on: South's move is accepted and North hears of it
    assert request(ann, {"type": "move", "room": room, "move": 2, "ply": 0, "id": 2})["type"] == "ack"
    while (made := json.loads(bob.recv(timeout=10)))["type"] != "move_made":
        pass
    assert made["ply"] == 0
