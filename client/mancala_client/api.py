"""A small programmatic client for tests, bots, the load benchmark and the terminal client.

    async with await MancalaClient.connect("ws://127.0.0.1:8080/ws") as c:
        seat = await c.create_room("kalah_4")
        await c.move(seat.room, 2)

Requests carry ids and wait for the matching reply; pushed messages (moves,
player status, lobby updates) queue up in `events`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from typing import Any

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Subprotocol

from mancala.protocol.codec import JSON_SUBPROTOCOL, MSGPACK_SUBPROTOCOL, Codec
from mancala.protocol.messages import SERVER_MESSAGE

FORMATS = {"json": Subprotocol(JSON_SUBPROTOCOL), "msgpack": Subprotocol(MSGPACK_SUBPROTOCOL)}


class ServerError(Exception):
    """The server answered a request with a typed error."""

    def __init__(self, code: str, message: str, params: list[str] | None = None,
                 rules: list[str] | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.params = params or []
        self.rules = rules or []  # the rules broken, by name (invalid_variant, invalid_setting)


class MancalaClient:
    def __init__(self, ws: ClientConnection, events: asyncio.Queue[Any] | None = None) -> None:
        self.ws = ws
        self.codec = Codec(ws.subprotocol)
        # pushed messages; a caller may pass its own queue to keep it across reconnections
        self.events: asyncio.Queue[Any] = events if events is not None else asyncio.Queue()
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._reader = asyncio.create_task(self._read_loop())
        self.closed = asyncio.Event()

    @classmethod
    async def connect(cls, url: str, *, fmt: str = "json", name: str = "guest",
                      events: asyncio.Queue[Any] | None = None,
                      open_timeout: float = 10.0) -> MancalaClient:
        """Open the socket and say hello; `events` receives the pushed messages."""
        ws = await connect(url, subprotocols=[FORMATS[fmt]], max_size=2**22,
                           open_timeout=open_timeout)
        client = cls(ws, events)
        try:
            await client.request({"type": "hello", "name": name})
        except BaseException:
            await client.close()
            raise
        return client

    async def __aenter__(self) -> MancalaClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader

    async def _read_loop(self) -> None:
        try:
            async for frame in self.ws:
                try:
                    data = self.codec.decode(frame)
                    message = SERVER_MESSAGE.validate_python(data)
                except (ValueError, ValidationError):
                    continue  # a frame this client does not understand: skip it, keep reading
                rid = data.get("id")
                future = self._waiting.pop(rid, None) if rid is not None else None
                if future is not None and not future.done():
                    future.set_result(message)
                else:
                    await self.events.put(message)
        except ConnectionClosed:
            pass
        finally:
            self.closed.set()
            for future in self._waiting.values():
                if not future.done():
                    future.set_exception(ConnectionError("connection closed"))

    async def send_raw(self, frame: str | bytes) -> None:
        await self.ws.send(frame)

    async def request(self, message: dict[str, Any], timeout: float = 10.0) -> Any:
        """Send a request and wait for its reply; a typed error raises ServerError."""
        if self.closed.is_set():
            raise ConnectionError("connection closed")
        rid = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[rid] = future
        try:
            await self.ws.send(self.codec.encode({**message, "id": rid}))
            reply = await asyncio.wait_for(future, timeout)
        except ConnectionClosed:
            raise ConnectionError("connection closed") from None
        finally:
            self._waiting.pop(rid, None)
        if reply.type == "error":
            raise ServerError(reply.code.value, reply.message, reply.params, reply.rules)
        return reply

    async def next_event(self, kind: str | None = None, timeout: float = 10.0) -> Any:
        """The next pushed message (of a given type, skipping others)."""
        while True:
            message = await asyncio.wait_for(self.events.get(), timeout)
            if kind is None or message.type == kind:
                return message

    # ---- conveniences -------------------------------------------------------------------

    async def variants(self) -> list[Any]:
        return (await self.request({"type": "list_variants"})).variants

    async def subscribe_lobby(self) -> list[Any]:
        return (await self.request({"type": "subscribe_lobby"})).rooms

    async def create_room(self, variant: str | dict[str, Any], *, public: bool = True,
                          seat: int | None = None, starter: int | str = 0,
                          computer: int | str | None = None, clock: dict[str, int] | None = None,
                          rated: bool = False, settings: dict[str, Any] | None = None) -> Any:
        """Create a room and take a seat: returns SeatGranted (room, seat, token); `computer`:
        a computer opponent at difficulty 0..3 or "perfect"; `clock`: a time control
        ({"base": s, "increment": s} or {"days": d}); `rated`: for known players;
        `settings`: values of the variant's adjustable parameters ({param: value})."""
        message: dict[str, Any] = {"type": "create_room", "variant": variant, "public": public,
                                   "seat": seat, "starter": starter}
        if computer is not None:
            message["computer"] = computer
        if clock is not None:
            message["clock"] = clock
        if rated:
            message["rated"] = True
        if settings:
            message["settings"] = settings
        return await self.request(message)

    async def join(self, room: str, seat: int | None = None) -> Any:
        return await self.request({"type": "join_room", "room": room, "seat": seat})

    async def quick_pair(self, variant: str, *, clock: dict[str, int] | None = None, rated: bool = False,
                         settings: dict[str, Any] | None = None) -> Any:
        """Pair with a waiting player of the same variant, terms and settings (or wait)."""
        message = {"type": "quick_pair", "variant": variant, "clock": clock, "rated": rated}
        if settings:
            message["settings"] = settings
        return await self.request(message)

    async def spectate(self, room: str) -> Any:
        return await self.request({"type": "spectate", "room": room})

    async def reconnect(self, room: str, token: str) -> Any:
        return await self.request({"type": "reconnect", "room": room, "token": token})

    async def move(self, room: str, move: Any, ply: int | None = None) -> Any:
        return await self.request({"type": "move", "room": room, "move": move, "ply": ply})

    async def choose_round(self, room: str, choice: dict[str, list[int]]) -> Any:
        """The next round's layout, as a round_choice push asked: {"fill"|"layout"|"own": [...]}."""
        return await self.request({"type": "choose_round", "room": room, "choice": choice})

    async def resign(self, room: str) -> Any:
        return await self.request({"type": "resign", "room": room})

    async def claim_win(self, room: str) -> Any:
        return await self.request({"type": "claim_win", "room": room})

    async def swap(self, room: str) -> Any:
        return await self.request({"type": "swap", "room": room})

    async def rematch(self, room: str) -> Any:
        return await self.request({"type": "rematch", "room": room})

    async def leave(self, room: str) -> Any:
        return await self.request({"type": "leave", "room": room})

    async def unsubscribe_lobby(self) -> Any:
        return await self.request({"type": "unsubscribe_lobby"})

    async def ping(self) -> Any:
        return await self.request({"type": "ping"})
