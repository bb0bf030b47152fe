"""The lobby of a cluster: every node's public rooms.

Each owner keeps its public rooms' summaries in a Redis hash (read whole by a node that
starts, or that lost Redis) and announces its changes on the lobby channel, batched as
a single server batches its pushes (lobby_interval); every node answers `subscribe_lobby`
and /api/rooms from its own rooms plus what it heard, and pushes what it hears to its
own subscribers.
"""

from __future__ import annotations

import logging
from typing import Any

import msgpack
from pydantic import BaseModel

from mancala.protocol import codec
from mancala.protocol.messages import LobbyUpdate, RoomSummary
from mancala_server.cluster import ClusterLink
from mancala_server.hub import Hub
from mancala_server.node_messages import LobbyNews, pack
from mancala_server.room import Room

log = logging.getLogger("mancala_server")


class SharedLobby(Hub):
    """The part of ClusterHub that shares the lobby."""

    link: ClusterLink
    remote_lobby: dict[str, tuple[str, RoomSummary]]  # code -> (owner node, summary)

    def _background(self, work: Any) -> None:
        raise NotImplementedError

    async def load_lobby(self) -> None:
        entries = await self.link.lobby_entries()
        lobby = {}
        for code, raw in entries.items():
            try:
                data = msgpack.unpackb(raw, raw=False)
                lobby[code] = (str(data["node"]), RoomSummary.model_validate(data["room"]))
            except Exception as exc:
                log.warning("lobby entry %s unreadable (%s)", code, exc)
        self.remote_lobby = {c: e for c, e in lobby.items() if e[0] != self.node}

    def public_rooms(self) -> list[Any]:
        mine = super().public_rooms()
        return mine + [s for code, (_, s) in self.remote_lobby.items() if code not in self.rooms]

    def room_changed(self, room: Room) -> None:
        # unlike a single server, other nodes' subscribers hear of it too
        if not room.public:
            return
        self._lobby_dirty[room.code] = room
        if self._lobby_flush is None:
            self._lobby_flush = self.clock.call_later(self.settings.lobby_interval, self._flush_lobby)

    def push_lobby(self, message: BaseModel) -> None:
        super().push_lobby(message)
        if not isinstance(message, LobbyUpdate):
            return
        rooms = message.changed()
        removed = [message.removed] if message.removed else []
        news = LobbyNews(node=self.node, rooms=rooms, removed=removed)
        self.link.publish(self.link.lobby_channel, pack(news))
        entries = {s.room: codec.pack({"node": self.node, "room": s.model_dump(mode="json")}) for s in rooms}
        self._background(self.link.set_lobby(entries, removed))

    def _on_lobby_news(self, news: LobbyNews) -> None:
        for summary in news.rooms:
            self.remote_lobby[summary.room] = (news.node, summary)
        for code in news.removed:
            self.remote_lobby.pop(code, None)
        if self.lobby_clients:
            if news.rooms:
                super().push_lobby(LobbyUpdate(rooms=list(news.rooms)) if len(news.rooms) > 1
                                   else LobbyUpdate(room=news.rooms[0]))
            for code in news.removed:
                super().push_lobby(LobbyUpdate(removed=code))
