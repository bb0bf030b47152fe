"""A cluster node's upkeep: its lease, other nodes' deaths, rooms left without an owner.

Every quarter of a lease the node renews its lease (and claims its rooms back when the
lease was gone: Redis restarted empty, or the node stalled), checks that the nodes it
deals with still hold theirs (a dead one: its people here are sent to reconnect, its
people in our rooms leave them), and now and then takes over rooms whose owner is dead
(from the owners in Redis, and from the database for rooms nobody claims).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import time

from mancala.protocol.messages import RoomSummary
from mancala_server.cluster import ERRORS, ClusterLink
from mancala_server.connection import Client
from mancala_server.hub import Hub
from mancala_server.node_messages import Done
from mancala_server.protocol_codes import MOVED
from mancala_server.remote_member import RemoteMember
from mancala_server.room import Room
from mancala_server.storage import Storage

log = logging.getLogger("mancala_server")
SCAN_EVERY = 2  # lease periods between scans for rooms whose owner is dead
DB_SCAN_EVERY = 8  # ... and between scans of the database for rooms nobody owns


class NodeUpkeep(Hub):
    """The part of ClusterHub that keeps the node's place in the cluster."""

    link: ClusterLink
    remote: dict[tuple[str, int], RemoteMember]
    routes: dict[int, dict[str, str]]
    pending: dict[int, tuple[str, asyncio.Future[Done | str]]]
    by_id: dict[int, Client]
    remote_lobby: dict[str, tuple[str, RoomSummary]]
    _unowned: set[str]

    @property
    def db(self) -> Storage:
        raise NotImplementedError

    def give_up(self, room: Room, why: str) -> None:
        raise NotImplementedError

    async def take_over(self, code: str) -> Room | str | None:
        raise NotImplementedError

    def _on_gone(self, node: str, cid: int) -> None:
        raise NotImplementedError

    async def keep_lease(self) -> None:
        lease = self.settings.node_lease
        for tick in itertools.count(1):
            await asyncio.sleep(lease / 4)
            try:
                if not await self.link.renew():
                    log.warning("node %s: lease was gone (expired, or Redis restarted); claiming rooms back",
                                self.node)
                    await self.claim_back()
                await self.check_peers()
                if tick % SCAN_EVERY == 0:
                    await self.scan_owners()
                if tick % DB_SCAN_EVERY == 0:
                    await self.scan_database()
            except ERRORS as exc:
                if time.monotonic() - self.link.lease_renewed > 0.8 * lease and self.rooms:
                    log.error("node %s: cannot renew its lease (%s): giving up its %d rooms", self.node, exc,
                              len(self.rooms))
                    for room in list(self.rooms.values()):
                        self.give_up(room, "this server lost its lease")
                else:
                    log.warning("node %s: Redis unreachable (%s)", self.node, exc)
            except Exception:
                log.exception("node %s: lease upkeep failed", self.node)

    async def claim_back(self) -> None:
        for code, room in list(self.rooms.items()):
            owner = await self.link.acquire(code)
            if owner != self.node:
                self.give_up(room, f"node {owner} owns it now")
        self._lobby_dirty.update({r.code: r for r in self.rooms.values() if r.public})
        if self._lobby_dirty and self._lobby_flush is None:
            self._lobby_flush = self.clock.call_later(self.settings.lobby_interval, self._flush_lobby)

    async def check_peers(self) -> None:
        if await self.link.settling():
            return  # nodes are registering again after Redis started empty: none is dead yet
        nodes = {m.node for m in self.remote.values()}
        nodes |= {n for routes in self.routes.values() for n in routes.values()}
        nodes |= {n for n, _ in self.pending.values()}
        nodes |= {n for n, _ in self.remote_lobby.values()}
        nodes.discard(self.node)
        alive = await self.link.alive(nodes)
        for node in nodes - alive:
            self.node_down(node)

    def node_down(self, node: str) -> None:
        log.warning("node %s: node %s is gone (its lease ran out)", self.node, node)
        for key, member in list(self.remote.items()):
            if member.node == node:
                self._on_gone(*key)
        for cid, routes in list(self.routes.items()):
            if node in routes.values():
                self.routes[cid] = {code: n for code, n in routes.items() if n != node}
                client = self.by_id.get(cid)
                if client is not None:
                    client.close(MOVED, "the room's server went away; reconnect")
        for _, (n, future) in list(self.pending.items()):
            if n == node and not future.done():
                future.set_result("dead")
        for code, (n, _) in list(self.remote_lobby.items()):
            if n == node:
                del self.remote_lobby[code]

    async def scan_owners(self) -> None:
        """Take over rooms whose owner's lease ran out (a few at a time; each node tries,
        in random order, so the rooms spread over the live nodes)."""
        if await self.link.settling():
            return
        owners = await self.link.owners()
        alive = await self.link.alive(set(owners.values()) - {self.node})
        orphans = [code for code, node in owners.items() if node != self.node and node not in alive]
        random.shuffle(orphans)
        gone = []
        for code in orphans[:50]:
            if await self.take_over(code) is None:
                gone.append(code)
        await self.link.forget(gone)

    async def scan_database(self) -> None:
        """Rooms the database has as live that nobody owned at this scan and the one before
        (after a Redis restart the nodes first claim their own rooms back): taken over."""
        if await self.link.settling():
            return
        owners = await self.link.owners()
        unowned = {r.code for r in await self.db.live_rooms()} - set(owners) - set(self.rooms)
        again = list(unowned & self._unowned)
        self._unowned = unowned - set(again)
        random.shuffle(again)
        for code in again[:50]:
            await self.take_over(code)
