"""A connection that survives: reconnects after a drop and puts the player back in their seat.

`Session` wraps `MancalaClient`. Pushed messages from every connection it
opens go into one queue, `events`, together with `Notice`s about the
connection itself (lost, back, resume failed). After a drop it keeps trying
with growing pauses; once back it says hello, re-subscribes to the lobby and
reclaims the seat with the token the server granted (or spectates again).
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from mancala_client.api import MancalaClient, ServerError
from mancala_client.player_file import PlayerFile
from mancala_client.saved import SeatFile

RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0)  # then every 5 s until it works or the user quits


@dataclass(frozen=True)
class Notice:
    """Something about the connection, not from the server."""

    type: str  # connection_lost | reconnected | resume_failed | low_time (compete_screen.py)
    text: str = ""


class NotConnected(ConnectionError):
    """A request while the connection is down (a reconnection is under way)."""


class Session:
    def __init__(self, url: str, *, name: str = "guest", fmt: str = "json",
                 seats: SeatFile | None = None,
                 retry_delays: tuple[float, ...] = RETRY_DELAYS, players: PlayerFile | None = None) -> None:
        self.url = url
        self.name = name
        self.fmt = fmt
        self.seats = seats if seats is not None else SeatFile(None)
        self.retry_delays = retry_delays
        # a known player (None: a guest); every connection identifies with it first
        self.players = players
        self.identity: Any = None
        self.events: asyncio.Queue[Any] = asyncio.Queue()
        self.client: MancalaClient | None = None
        self.connected = asyncio.Event()
        # where we are, to restore after a reconnection
        self.lobby = False
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.variant: str = ""
        self._closing = False
        self._watcher: asyncio.Task[None] | None = None

    # ---- connection -------------------------------------------------------------------

    async def start(self) -> None:
        """Connect once; failures raise (the caller reports them)."""
        self.client = await self._open()
        self.connected.set()
        self._watcher = asyncio.create_task(self._watch(), name="session-watch")

    async def _open(self) -> MancalaClient:
        client = await MancalaClient.connect(self.url, fmt=self.fmt, name=self.name, events=self.events,
                                             open_timeout=5.0)
        if self.players is not None:
            await self._identify(client)
        return client

    async def _identify(self, client: MancalaClient) -> None:
        """The kept player, or a new one (named as asked, else a free name) kept for next time."""
        assert self.players is not None
        held = self.players.get(self.url)
        reply = None
        if held is not None:
            try:
                reply = await client.request({"type": "identify", "player": held[0], "secret": held[1]})
            except ServerError as exc:
                if exc.code != "bad_secret":
                    raise
        if reply is None:
            try:
                reply = await client.request({"type": "identify", "name": self.name})
            except ServerError as exc:
                if exc.code != "name_taken":
                    raise
                reply = await client.request({"type": "identify"})
        self.remember(reply)

    def remember(self, identity: Any) -> None:
        """A new identity (made, renamed, or moved here with a transfer code)."""
        if identity.secret and self.players is not None:
            self.players.put(self.url, identity.player, identity.secret)
        self.identity = identity
        self.name = identity.name

    async def close(self) -> None:
        self._closing = True
        if self._watcher is not None:
            self._watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._watcher
        if self.client is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.client.close(), 3)

    async def drop(self) -> None:
        """Close the current socket as if the network failed (the watcher reconnects)."""
        if self.client is not None:
            await self.client.ws.close()

    async def _watch(self) -> None:
        while not self._closing:
            assert self.client is not None
            await self.client.closed.wait()
            if self._closing:
                return
            self.connected.clear()
            await self.events.put(Notice("connection_lost", "Connection to the server lost; reconnecting..."))
            self.client = await self._reopen()
            self.connected.set()
            await self._restore()

    async def _reopen(self) -> MancalaClient:
        attempt = 0
        while True:
            delay = self.retry_delays[min(attempt, len(self.retry_delays) - 1)]
            await asyncio.sleep(delay)
            attempt += 1
            try:
                return await self._open()
            except asyncio.CancelledError:
                raise
            except Exception:
                continue

    async def _restore(self) -> None:
        """Back on a new connection: the lobby subscription, then the seat (or the watch)."""
        await self.events.put(Notice("reconnected", "Reconnected."))
        try:
            if self.lobby:
                await self.events.put(await self.request({"type": "subscribe_lobby"}))
            if self.room is not None and self.token is not None:
                await self.events.put(await self.request(
                    {"type": "reconnect", "room": self.room, "token": self.token}))
            elif self.room is not None:
                await self.events.put(await self.request({"type": "spectate", "room": self.room}))
        except ServerError as exc:
            room = self.room
            if exc.code in ("bad_token", "no_such_room") and room is not None:
                self.seats.forget(self.url, room)
            self._clear_room()
            await self.events.put(Notice("resume_failed", f"Could not get back into room {room}: {exc.message}"))
        except (ConnectionError, TimeoutError):
            pass  # dropped again: the watcher starts over

    # ---- requests ---------------------------------------------------------------------

    async def request(self, message: dict[str, Any], timeout: float = 10.0) -> Any:
        client = self.client
        if client is None or client.closed.is_set():
            raise NotConnected("not connected to the server (reconnecting...)")
        try:
            return await client.request(message, timeout)
        except ConnectionError:
            raise NotConnected("the connection dropped before the server answered (reconnecting...)") from None

    def _clear_room(self) -> None:
        self.room = self.seat = self.token = None
        self.variant = ""

    def _seated(self, granted: Any, variant: str = "") -> Any:
        self.room, self.seat, self.token = granted.room, granted.seat, granted.token
        self.variant = variant
        self.seats.put(self.url, granted.room, granted.token, granted.seat, variant)
        return granted

    async def variants(self) -> list[Any]:
        return (await self.request({"type": "list_variants"})).variants

    async def subscribe_lobby(self) -> list[Any]:
        rooms = (await self.request({"type": "subscribe_lobby"})).rooms
        self.lobby = True
        return rooms

    async def create_room(self, variant: str, *, public: bool, seat: int | None,
                          starter: int | str, computer: int | str | None = None, **terms: Any) -> Any:
        message: dict[str, Any] = {"type": "create_room", "variant": variant, "public": public,
                                   "seat": seat, "starter": starter, **terms}
        if computer is not None:
            message["computer"] = computer
        return self._seated(await self.request(message), variant)

    async def join(self, room: str, seat: int | None = None) -> Any:
        return self._seated(await self.request({"type": "join_room", "room": room, "seat": seat}))

    async def quick_pair(self, variant: str, **terms: Any) -> Any:
        return self._seated(await self.request({"type": "quick_pair", "variant": variant, **terms}), variant)

    def seated_by_challenge(self, update: Any, variant: str = "") -> None:
        """A challenge we made was accepted: the seat it gave us (its room_state follows)."""
        self.room, self.seat, self.token = update.room, update.seat, update.token
        self.variant = variant
        self.seats.put(self.url, update.room, update.token, update.seat, variant)

    async def spectate(self, room: str) -> Any:
        state = await self.request({"type": "spectate", "room": room})
        self._clear_room()
        self.room = state.room
        return state

    async def resume(self, room: str, token: str) -> Any:
        state = await self.request({"type": "reconnect", "room": room, "token": token})
        self.room, self.token, self.seat = state.room, token, state.you
        self.variant = state.variant
        self.seats.put(self.url, state.room, token, state.you, state.variant)
        return state

    async def move(self, move: Any, ply: int | None) -> Any:
        return await self.request({"type": "move", "room": self.room, "move": move, "ply": ply})

    async def resign(self) -> Any:
        return await self.request({"type": "resign", "room": self.room})

    async def claim_win(self) -> Any:
        return await self.request({"type": "claim_win", "room": self.room})

    async def swap(self) -> Any:
        """The swap rule: take over the side that made the first move."""
        return await self.request({"type": "swap", "room": self.room})

    async def choose_round(self, choice: dict[str, list[int]]) -> Any:
        """The next round's layout, when a round_choice asked this seat for it."""
        return await self.request({"type": "choose_round", "room": self.room, "choice": choice})

    async def rematch(self) -> Any:
        return await self.request({"type": "rematch", "room": self.room})

    async def leave(self) -> Any:
        room = self.room
        try:
            return await self.request({"type": "leave", "room": room})
        finally:
            if room is not None:
                self.seats.forget(self.url, room)
            self._clear_room()

    def seat_moved(self, seat: int) -> None:
        """The seat changed under the same token (a rematch swaps sides)."""
        if self.room is not None and self.token is not None and seat != self.seat:
            self.seat = seat
            self.seats.put(self.url, self.room, self.token, seat, self.variant)

    def forget_room(self) -> None:
        """Stop following the room locally (e.g. after a failed resume)."""
        if self.room is not None and self.token is not None:
            self.seats.forget(self.url, self.room)
        self._clear_room()
