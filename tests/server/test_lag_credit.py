"""A timed game's lag credit is what the server measured (issue 23, point 8): a client
that holds back its pongs is charged for its thinking as if it had not, and no player is
given back more than a cap a move and a game. A real server and real sockets; the client
that withholds its pongs is aiohttp's with autoping off."""

from __future__ import annotations

import asyncio
import json
import socket

import aiohttp

from mancala.protocol.codec import JSON_SUBPROTOCOL
from mancala.protocol.messages import TimeControl
from mancala_server.game_clock import GAME_LAG_CREDIT, LAG_CREDIT, GameClock
from mancala_server.lag import credited, kernel_rtt

HELD = 0.45  # how long the client sits on each pong
THINK = 1.0  # how long it thinks before its move


def test_the_credit_is_never_more_than_the_kernel_measured() -> None:
    assert credited(0.45, 0.0003) == 0.0003
    assert credited(0.08, 0.1) == 0.08  # a ping's round trip below the kernel's smoothed one
    assert credited(0.2, None) == 0.2  # where the system does not say


def test_the_kernel_reports_a_round_trip_for_a_real_tcp_connection() -> None:
    with socket.create_server(("127.0.0.1", 0)) as server:
        client = socket.create_connection(server.getsockname())
        accepted, _ = server.accept()
        client.sendall(b"x")
        accepted.recv(1)
        accepted.sendall(b"y")
        client.recv(1)

        class Transport:  # what kernel_rtt reads of an asyncio transport
            def get_extra_info(self, name: str) -> socket.socket:
                return accepted

        rtt = kernel_rtt(Transport())
        client.close()
        accepted.close()
    assert rtt is not None and 0 < rtt < 0.5


def test_a_games_credit_is_capped_per_move_and_per_game() -> None:
    clock = GameClock(TimeControl(base=600, increment=0))
    now = 0.0
    given = 0.0
    for _ in range(100):
        clock.start(0, now)
        now += 2.0
        before = clock.remaining[0]
        clock.charge(0, now, lag=5.0)  # a claimed 5 s round trip each move
        given += 2.0 - (before - clock.remaining[0]) / 1000
    assert abs(given - GAME_LAG_CREDIT) < 1e-6 and LAG_CREDIT * 100 > GAME_LAG_CREDIT


async def test_holding_back_pongs_buys_no_time(server, connect) -> None:
    url = f"http://127.0.0.1:{server.port}/ws"
    async with aiohttp.ClientSession() as http, \
            http.ws_connect(url, protocols=(JSON_SUBPROTOCOL,), autoping=False) as cheat:

        async def next_of(kind: str) -> dict:
            while True:
                frame = await cheat.receive()
                if frame.type == aiohttp.WSMsgType.PING:  # answered late, as the cheat does
                    await asyncio.sleep(HELD)
                    await cheat.pong(frame.data)
                    continue
                message = json.loads(frame.data)
                if message.get("type") == kind:
                    return message

        await cheat.send_str(json.dumps({"type": "hello", "name": "cheat", "id": 1}))
        await next_of("welcome")
        await cheat.send_str(json.dumps({"type": "create_room", "variant": "kalah_4", "seat": 1, "id": 2,
                                         "clock": {"base": 60, "increment": 0}}))
        granted = await next_of("seat_granted")
        honest = await connect("honest")
        await honest.join(granted["room"], seat=0)
        await honest.move(granted["room"], 0, 0)  # four seeds from the first hole: North's turn
        await next_of("move_made")
        # no clock runs until both players have moved (docs/competitive.md, "Early games"):
        # the cheat's first move is quick, its second is the one timed
        await cheat.send_str(json.dumps({"type": "move", "room": granted["room"], "move": 7, "ply": 1, "id": 3}))
        await next_of("move_made")
        await honest.move(granted["room"], 5, 2)  # ends in North's holes: North's turn
        moved = await next_of("move_made")
        before = moved["clocks"]["remaining"][1]
        await asyncio.sleep(THINK)
        await cheat.send_str(json.dumps({"type": "move", "room": granted["room"], "move": 6, "ply": 3, "id": 4}))
        mine = await next_of("move_made")
        charged_ms = before - mine["clocks"]["remaining"][1]
    # all of the thinking is charged, less at most what the kernel measured (microseconds here)
    assert charged_ms >= THINK * 1000 - 20, charged_ms
