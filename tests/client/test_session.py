"""The session under the terminal: reconnecting after drops and restarts, saved seat tokens."""

from __future__ import annotations

import asyncio
import json
import stat
from pathlib import Path
from typing import Any

import pytest

from mancala_client.api import MancalaClient
from mancala_client.saved import SeatFile
from mancala_client.session import NotConnected, Session
from mancala_server.app import MancalaServer, running
from mancala_server.config import Settings

FAST_RETRY = (0.05, 0.1, 0.2)


async def next_of(session: Session, kind: str, timeout: float = 5.0) -> Any:
    """The next event of a kind from the session's queue (others are skipped)."""
    async def find() -> Any:
        while True:
            item = await session.events.get()
            if item.type == kind:
                return item
    return await asyncio.wait_for(find(), timeout)


def server_side(server: MancalaServer, name: str) -> Any:
    return next(c for c in server.hub.clients if c.name == name)


async def test_a_dropped_connection_comes_back_to_the_same_seat(url: str, server: MancalaServer,
                                                                tmp_path: Path) -> None:
    seats = SeatFile(tmp_path / "seats.json")
    s = Session(url, name="ann", seats=seats, retry_delays=FAST_RETRY)
    await s.start()
    try:
        await s.subscribe_lobby()
        granted = await s.create_room("kalah_4", public=True, seat=1, starter=0)
        assert (s.room, s.seat, s.token) == (granted.room, 1, granted.token)
        assert seats.get(url, granted.room).token == granted.token
        async with await MancalaClient.connect(url, name="ben") as ben:
            await ben.join(granted.room)
            await ben.move(granted.room, 2)

            await server_side(server, "ann").ws.close()
            await next_of(s, "connection_lost")
            with pytest.raises(NotConnected):
                await s.move(8, None)
            await next_of(s, "reconnected")
            await next_of(s, "lobby")  # the lobby subscription is renewed
            state = await next_of(s, "room_state")
            assert state.you == 1 and state.ply == 1 and state.moves[0].move == 2
            assert server.hub.rooms[granted.room].seats[1].connected
            # ben's side heard ann leave and come back
            statuses: list[tuple[int, str]] = []
            while not statuses or statuses[-1][1] != "back":
                ev = await ben.next_event("player_status")
                statuses.append((ev.seat, ev.status))
            assert statuses[-2:] == [(1, "disconnected"), (1, "back")]
            # and the seat plays on
            await ben.move(granted.room, 0)
            await s.move(8, 2)
            made = await next_of(s, "move_made")
            while made.ply != 2:
                made = await next_of(s, "move_made")
            assert (made.seat, made.move) == (1, 8)
    finally:
        await s.close()


async def test_the_seat_survives_a_server_restart(tmp_path: Path) -> None:
    settings = Settings(host="127.0.0.1", port=0, data_dir=tmp_path / "data",
                        rate_per_second=10_000.0, rate_burst=10_000)
    async with running(settings) as first:
        port = first.port
        url = f"ws://127.0.0.1:{port}/ws"
        s = Session(url, name="cat", retry_delays=FAST_RETRY)
        await s.start()
        granted = await s.create_room("kalah_4", public=False, seat=None, starter=0)
        async with await MancalaClient.connect(url, name="dan") as dan:
            await dan.join(granted.room)
        await s.move(0, 0)
    # the server is gone: the session keeps trying
    await next_of(s, "server_closing")
    await next_of(s, "connection_lost")
    try:
        async with running(Settings(**{**settings.__dict__, "port": port})):
            await next_of(s, "reconnected", timeout=10)
            state = await next_of(s, "room_state")
            assert state.room == granted.room and state.you == 0
            assert [m.move for m in state.moves] == [0]
    finally:
        await s.close()


async def test_a_seat_that_is_gone_is_reported_and_forgotten(url: str, server: MancalaServer,
                                                             tmp_path: Path) -> None:
    seats = SeatFile(tmp_path / "seats.json")
    s = Session(url, name="eve", seats=seats, retry_delays=FAST_RETRY)
    await s.start()
    try:
        granted = await s.create_room("kalah_4", public=False, seat=None, starter=0)
        server.hub.rooms.pop(granted.room)  # as if the room was closed while we were away
        await server_side(server, "eve").ws.close()
        notice = await next_of(s, "resume_failed")
        assert granted.room in notice.text and "no room" in notice.text
        assert s.room is None and seats.get(url, granted.room) is None
    finally:
        await s.close()


async def test_spectators_watch_again_after_a_drop(url: str, server: MancalaServer) -> None:
    async with await MancalaClient.connect(url, name="fay") as fay:
        made = await fay.create_room("kalah_4")
        s = Session(url, name="gus", retry_delays=FAST_RETRY)
        await s.start()
        try:
            state = await s.spectate(made.room)
            assert state.you is None and s.token is None
            await server_side(server, "gus").ws.close()
            again = await next_of(s, "room_state")
            assert again.room == made.room and again.you is None
            assert len(server.hub.rooms[made.room].spectators) == 1
        finally:
            await s.close()


def test_seat_file_round_trip_and_privacy(tmp_path: Path) -> None:
    path = tmp_path / "dir" / "seats.json"
    f = SeatFile(path)
    f.put("ws://a/ws", "abc123", "t" * 32, 1, "kalah_4")
    f.put("ws://b/ws", "XYZ789", "u" * 32, 0)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = SeatFile(path)
    assert again.get("ws://a/ws", "ABC123").token == "t" * 32  # codes are upper case
    assert [s.room for s in again.for_server("ws://b/ws")] == ["XYZ789"]
    again.put("ws://a/ws", "ABC123", "v" * 32, 0)
    assert len(SeatFile(path).seats) == 2 and SeatFile(path).get("ws://a/ws", "ABC123").seat == 0
    again.forget("ws://a/ws", "ABC123")
    assert SeatFile(path).get("ws://a/ws", "ABC123") is None
    path.write_text("{not json")
    assert SeatFile(path).seats == []  # a damaged file costs only the saved seats
    path.write_text(json.dumps({"seats": [{"server": "x", "room": "R", "token": "t", "seat": 0,
                                           "saved": 1.0}]}))
    assert SeatFile(path).seats == []  # too old
    mem = SeatFile(None)
    mem.put("x", "ROOM", "t", 0)
    assert mem.get("x", "room") is not None
