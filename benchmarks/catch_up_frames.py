"""The event loop's cost of one catch-up (`spectate`, `reconnect`): a room_state built and
encoded for a game of N moves, as the room builds it and as room_states.py does.

    python -m benchmarks.catch_up_frames            # 100, 500, 2,000 and 6,000 moves
    python -m benchmarks.catch_up_frames --plies 2000 --repeat 50

A real Room (bule_perga, the game of abuse.py's point 3) over a scratch SQLite store, its
moves made by the engine with random legal moves; one JSON and one msgpack frame per
catch-up, each checked to be the same bytes both ways. Prints the median and p90 per
catch-up, in milliseconds; the cached column is a catch-up after the first (which
encodes every move once, as the plain way does each time).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from mancala.protocol.codec import JSON_SUBPROTOCOL, MSGPACK_SUBPROTOCOL, Codec
from mancala.protocol.move_events import move_events
from mancala.protocol.server_messages import MoveRecord
from mancala.rules.loading import config_paths, load_variant
from mancala_server.room import Room
from mancala_server.room_states import RoomStates
from mancala_server.store import Store

VARIANT = "bule_perga"


class Clock:
    def now(self) -> float:
        return time.monotonic()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Any:
        return asyncio.get_running_loop().call_later(delay, callback)


def nowhere(members: Collection[Any], message: Any) -> None:
    pass


def long_room(folder: Path, plies: int) -> Room:
    path = config_paths()[VARIANT]
    room = Room("LONG01", VARIANT, json.loads(path.read_text()), load_variant(path), public=True,
                store=Store(folder / "db.sqlite3"), on_change=lambda room: None, abandon_timeout=60.0,
                clock=Clock(), deliver=nowhere)
    room.begin(0, room.game.start(0))
    rng = random.Random(23)
    while len(room.moves) < plies:
        pos = room.position
        if pos.outcome is not None:  # a game over before N: start again from its start
            room.position = room.game.start(0)
            continue
        move = rng.choice(room.game.legal_moves(pos))
        new, events = room.game.play_events(pos, move)
        wire = list(move) if isinstance(move, tuple) else move
        room.moves.append(MoveRecord(ply=len(room.moves), seat=pos.turn, move=wire, events=move_events(events)))
        room.position = new
    return room


def timed(work: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        began = time.perf_counter()
        work()
        out.append((time.perf_counter() - began) * 1000)
    return out


async def measure(plies: int, repeat: int) -> dict[str, Any]:
    text, binary = Codec(JSON_SUBPROTOCOL), Codec(MSGPACK_SUBPROTOCOL)
    with tempfile.TemporaryDirectory() as scratch:
        room = long_room(Path(scratch), plies)
        states = RoomStates()
        plain = {c.binary: c.encode(room.room_state(None)) for c in (text, binary)}
        cached = {c.binary: c.encode(states.of(room, None)) for c in (text, binary)}
        if plain != cached:
            raise SystemExit(f"{plies} moves: the cached frames differ from RoomState's own")
        row: dict[str, Any] = {"plies": plies, "json_bytes": len(plain[False]), "msgpack_bytes": len(plain[True])}
        for codec in (text, binary):
            name = "msgpack" if codec.binary else "json"
            for way, build in (("plain", lambda: room.room_state(None)), ("cached", lambda: states.of(room, None))):
                times = timed(lambda c=codec, b=build: c.encode(b()), repeat)  # type: ignore[misc]
                row[f"{name}_{way}_ms"] = (statistics.median(times), statistics.quantiles(times, n=10)[-1])
        room.store.close()  # type: ignore[attr-defined]
        return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, nargs="*", default=[100, 500, 2000, 6000])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    print(f"{'moves':>6} {'bytes (json)':>12} {'json plain':>16} {'json cached':>16} "
          f"{'msgpack plain':>16} {'msgpack cached':>16}   (median / p90 ms a catch-up)")
    for plies in args.plies:
        row = asyncio.run(measure(plies, args.repeat))
        cells = [f"{row[k][0]:7.3f} / {row[k][1]:6.3f}" for k in
                 ("json_plain_ms", "json_cached_ms", "msgpack_plain_ms", "msgpack_cached_ms")]
        print(f"{plies:>6} {row['json_bytes']:>12} " + " ".join(f"{c:>16}" for c in cells))


if __name__ == "__main__":
    main()
