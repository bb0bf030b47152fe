"""Known players across the nodes of a cluster: where each one is connected, so that a
challenge reaches them on whichever node they are (issue 15).

Each node keeps, in one Redis hash per player (`{c}:player:{id}`, cluster.py), a field
per socket of that player on it, `{node}/{client id}`, whose value is the socket as
other nodes see it (a ClientRef, msgpack). It is written when the socket identifies
(before the `identity` reply), removed when it closes or identifies as someone else,
and written again for all of a node's players when its lease was gone (Redis restarted
empty). Fields of nodes whose lease ran out are ignored, and dropped when read.

What it serves (compete_hub.py): `reach` — a player's sockets here, and those on other
nodes as RemoteMembers, which are told through their node like any room's remote people
(a Push); `no_such_player` and the withdrawal of a challenger's challenges when they are
connected nowhere; and the challenger's socket that an accepted challenge seats in a room
of this node (`seated_for`: kept as the RemoteMember a forwarded join would have made,
its node told the route with `Seated`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Collection
from typing import Any

import msgpack
from pydantic import BaseModel

from mancala_server.cluster import ERRORS, ClusterLink
from mancala_server.connection import Client
from mancala_server.hub import Hub
from mancala_server.node_messages import ClientRef, Gone, Seated, pack
from mancala_server.remote_member import RemoteMember

log = logging.getLogger("mancala_server")


class PlayerPresence(Hub):
    """The part of ClusterHub that knows where known players are connected."""

    link: ClusterLink
    remote: dict[tuple[str, int], RemoteMember]
    routes: dict[int, dict[str, str]]
    by_id: dict[int, Client]

    def ref_of(self, client: Client) -> ClientRef:
        raise NotImplementedError

    def send_node(self, node: str, message: BaseModel) -> None:
        raise NotImplementedError

    def cluster_deliver(self, members: Collection[Any], message: BaseModel) -> None:
        raise NotImplementedError

    def _field(self, client: Client) -> str:
        return f"{self.node}/{client.id}"

    async def identified(self, client: Client, before: str | None) -> None:
        if client.player is None:
            return
        try:
            if before is not None and before != client.player:
                await self.link.drop_presence(before, [self._field(client)])
            await self.link.set_presence(client.player, self._field(client), pack(self.ref_of(client)))
        except ERRORS as exc:  # the player is known here; other nodes do not find them until it works again
            log.warning("cluster: cannot note where player %s is connected (%s)", client.player, exc)

    async def unidentified(self, client: Client, player: str) -> None:
        try:
            await self.link.drop_presence(player, [self._field(client)])
        except ERRORS as exc:
            log.warning("cluster: cannot note that player %s left (%s)", player, exc)

    async def present_all(self) -> None:
        """Every known player's socket here, noted again (after Redis restarted empty)."""
        for client in list(self.by_id.values()):
            if client.player is not None and not client.closed:
                await self.identified(client, None)

    async def reach(self, player: str) -> list[Any]:
        here = self.competition.connections_of(player)
        try:
            entries = await self.link.presence(player)
        except ERRORS as exc:
            log.warning("cluster: cannot read where player %s is connected (%s)", player, exc)
            return here
        refs: list[ClientRef] = []
        stale: list[str] = []
        for field, raw in entries.items():
            try:
                ref = ClientRef.model_validate(msgpack.unpackb(raw, raw=False))
            except Exception as exc:  # written by another version: said, dropped
                log.warning("cluster: player %s's entry %s unreadable (%s)", player, field, exc)
                stale.append(field)
                continue
            if ref.node == self.node:  # ours: `here` has it if it is still open
                mine = self.by_id.get(ref.id)
                if mine is None or mine.closed or mine.player != player:
                    stale.append(field)
            else:
                refs.append(ref)
        try:
            alive = await self.link.alive({r.node for r in refs})
        except ERRORS as exc:
            log.warning("cluster: cannot read which nodes are alive (%s)", exc)
            return here
        stale += [f"{r.node}/{r.id}" for r in refs if r.node not in alive]
        if stale:
            asyncio.get_running_loop().create_task(self.unidentified_fields(player, stale))
        there = [self.remote.get((r.node, r.id)) or RemoteMember(self.cluster_deliver, r)
                 for r in refs if r.node in alive]
        return here + there

    async def unidentified_fields(self, player: str, fields: list[str]) -> None:
        try:
            await self.link.drop_presence(player, fields)
        except ERRORS as exc:
            log.warning("cluster: cannot drop player %s's stale entries (%s)", player, exc)

    def adopt(self, member: Any) -> Any:
        if isinstance(member, RemoteMember):
            # the one its forwarded requests find (seats and all): kept from now on
            return self.remote.setdefault((member.node, member.id), member)
        return member

    def seated_for(self, member: Any, code: str) -> None:
        if isinstance(member, RemoteMember):
            self.send_node(member.node, Seated(node=self.node, client=member.id, room=code))

    def _on_seated(self, seated: Seated) -> None:
        client = self.by_id.get(seated.client)
        if client is None or client.closed:
            self.send_node(seated.node, Gone(node=self.node, client=seated.client))
        else:
            self.routes.setdefault(client.id, {})[seated.room] = seated.node
