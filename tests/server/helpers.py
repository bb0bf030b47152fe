"""Shared helpers for the server tests (imported as tests.server.helpers)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from mancala_client.api import MancalaClient


def engine(variant: str) -> Game:
    return Game(load_variant(config_paths()[variant]))


def replay(game: Game, moves: list[Any], starter: int = 0) -> dict[str, Any]:
    """The state the engine reaches by playing `moves` from the start: what the server must show."""
    pos = game.start(starter)
    for move in moves:
        pos = game.play(pos, tuple(move) if isinstance(move, list) else move)
    return game.state_json(pos)


def state_dict(state: Any) -> dict[str, Any]:
    return state.model_dump(mode="json")


async def next_move(client: MancalaClient, ply: int, timeout: float = 5.0) -> Any:
    """The next move_made the client hears; it must be the given ply."""
    event = await client.next_event("move_made", timeout=timeout)
    assert event.ply == ply, f"expected ply {ply}, got {event.ply}"
    return event


async def play_moves(room: str, players: list[MancalaClient], state: Any, *, rng: random.Random,
                     count: int, start_ply: int = 0, watchers: tuple[MancalaClient, ...] = ()) -> Any:
    """Play up to `count` random legal moves (fewer if the game ends); every player and
    watcher must hear each move in order. Returns the last state."""
    ply = start_ply
    for _ in range(count):
        if state.outcome is not None:
            break
        move = rng.choice(state.legal)
        mover = players[state.turn]
        await mover.move(room, move, ply)
        events = [await next_move(c, ply) for c in (*players, *watchers)]
        assert all(e.state == events[0].state for e in events)
        assert events[0].move == move and events[0].seat == state.turn
        state = events[0].state
        ply += 1
    return state


async def moves_each(room: str, players: list[MancalaClient], state: Any, n: int, *, ply: int = 0,
                     watchers: tuple[MancalaClient, ...] = ()) -> tuple[Any, int]:
    """Play the first legal move for whoever is to move (`players` by seat) until each has
    made `n` moves (a player given an extra turn makes more): clocks run once both have
    made one, and a rated game counts once both have made two (docs/competitive.md, "Early
    games"). Everyone hears each move. Returns the state and the next ply."""
    made = [0, 0]
    while min(made) < n:
        assert state.outcome is None, f"the game ended at ply {ply}"
        seat = state.turn
        await players[seat].move(room, state.legal[0], ply)
        state = [await next_move(c, ply) for c in (*dict.fromkeys(players), *watchers)][0].state
        made[seat] += 1
        ply += 1
    return state, ply


async def wait_status(client: MancalaClient, seat: int, status: str, timeout: float = 5.0) -> Any:
    while True:
        event = await client.next_event("player_status", timeout=timeout)
        if event.seat == seat and event.status == status:
            return event


# ---- HTTP and server processes ------------------------------------------------------------


def http_get(port: int, path: str, timeout: float = 5.0) -> tuple[int, str, bytes]:
    """(status, content type, body) of GET http://127.0.0.1:port/path (blocking)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as resp:
            return resp.status, resp.headers.get("Content-Type", ""), resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers.get("Content-Type", ""), err.read()


async def get_json(port: int, path: str) -> tuple[int, Any]:
    status, _, body = await asyncio.to_thread(http_get, port, path)
    return status, json.loads(body)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """`python -m mancala_cli serve` as a child process on a known port."""

    def __init__(self, port: int, data_dir: Path, log: Path, **env: str) -> None:
        self.port = port
        self.url = f"ws://127.0.0.1:{port}/ws"
        self.log = log
        environ = {**os.environ, "MANCALA_RATE_PER_SECOND": "10000", "MANCALA_RATE_BURST": "10000",
                   **env}
        self.out = open(log, "ab")  # noqa: SIM115 - closed in wait()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mancala_cli", "serve", "--port", str(port), "--data-dir", str(data_dir)],
            stdout=self.out, stderr=subprocess.STDOUT, env=environ,
        )

    async def ready(self, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                status, _, _ = await asyncio.to_thread(http_get, self.port, "/healthz", 0.5)
                if status == 200:
                    return
            except OSError:
                pass
            await asyncio.sleep(0.05)
        raise TimeoutError(f"server not ready:\n{self.log.read_text()}")

    def signal(self, sig: signal.Signals) -> None:
        self.proc.send_signal(sig)

    async def wait(self, timeout: float = 10.0) -> int:
        try:
            return await asyncio.to_thread(self.proc.wait, timeout)
        finally:
            self.out.close()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        self.out.close()


async def ann_and_bob(connect: Any, variant: str = "kalah_4") -> tuple[MancalaClient, MancalaClient, str, Any]:
    """Ann (South) and Bob seated in a new room of `variant`, through the `connect`
    fixture: both clients, the room's code, and the room_state Bob was sent."""
    a = await connect("ann")
    b = await connect("bob")
    granted = await a.create_room(variant, seat=0)
    await b.join(granted.room)
    return a, b, granted.room, await b.next_event("room_state")


async def two_players_and_a_slow_spectator(server: Any) -> tuple[Any, ...]:
    """A Kalah room of two players, and a spectator whose socket reads almost nothing
    (small buffer; websockets stops reading after one unread frame) that has asked for
    200 big answers it never reads. Returns (south, north, room, state, slow socket,
    the slow client's connection on the server)."""
    from websockets.asyncio.client import connect as ws_connect
    from websockets.typing import Subprotocol

    url = f"ws://127.0.0.1:{server.port}/ws"
    south = await MancalaClient.connect(url, name="ann")
    north = await MancalaClient.connect(url, name="bob")
    granted = await south.create_room("kalah_4", seat=0)
    await north.join(granted.room)
    room = granted.room
    state = (await north.next_event("room_state")).state
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    slow = await ws_connect(url, sock=sock, subprotocols=[Subprotocol("mancala.v1.json")], max_queue=1,
                            ping_interval=None)
    await slow.send(json.dumps({"type": "spectate", "room": room}))
    port = sock.getsockname()[1]
    deadline = time.monotonic() + 3
    while not (found := [c for c in server.hub.clients if (c.remote_address or (None, None))[1] == port]) \
            or not found[0].watching:
        assert time.monotonic() < deadline, "the slow spectator never joined"
        await asyncio.sleep(0.02)
    for i in range(200):
        await slow.send(json.dumps({"type": "list_variants", "id": i}))
    return south, north, room, state, slow, found[0]


def closed_on_server(client: Any) -> bool:
    """The server's side of a client's socket is closed: its close begun and its TCP
    connection closed (or closing: aborted when the close frame could not be sent)."""
    return bool(client.ws.closed and client.transport.is_closing())


async def pushed_so_far(client: MancalaClient) -> list[Any]:
    """Every message the server pushed to `client` before now, taken off its queue: the
    answer to a ping comes after anything queued for it earlier (one connection's frames
    keep their order), so nothing is still on its way."""
    await client.request({"type": "ping"})
    pushed = []
    while not client.events.empty():
        pushed.append(client.events.get_nowait())
    return pushed


def apply_events(events: list[dict[str, Any]], board: list[int], stores: list[int]) -> tuple[list[int], list[int]]:
    """What a client does with `move_made.events`, written from the protocol document alone
    (docs/protocol.md, "What a move did"): the events applied in order."""
    board, stores = list(board), list(stores)

    def add(place: int, seeds: int) -> None:
        if place < 0:
            stores[-1 - place] += seeds
        else:
            board[place] += seeds

    for ev in events:
        if ev["kind"] == "sow":
            add(ev["hole"], -len(ev["path"]))  # a hole, or a store (a store move)
            for place in ev["path"]:
                add(place, 1)
        elif ev["kind"] == "capture":
            add(ev["src"], -ev["seeds"])
            add(ev["dst"], ev["seeds"])
        elif ev["kind"] == "settle":
            add(ev["place"], ev["seeds"])
    return board, stores
