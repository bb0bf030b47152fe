"""A tournament across three nodes: players connected to different nodes are paired into
one room (seated wherever they are), its standings are held once in PostgreSQL and every
node serves and pushes the same table; when the node directing it dies, another takes
the lease and the tournament goes on to its end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import urllib.request
from collections.abc import Callable
from typing import Any

from redis import Redis

from mancala_client.api import MancalaClient, ServerError
from tests.cluster.conftest import Connect
from tests.cluster.services import Cluster

VARIANT = "kalah_4_pits_3"


def standings(url: str, tid: str) -> dict[str, Any]:
    http = url.replace("ws://", "http://").removesuffix("/ws")
    with urllib.request.urlopen(f"{http}/api/tournaments/{tid}", timeout=5) as reply:  # noqa: S310 - loopback
        return dict(json.loads(reply.read()))


class Entrant:
    """A player who plays every game the tournament seats them in (the first legal move
    each turn) and, like the page, connects again when their node closes the socket: to
    their own node first, else (a proxy in front sending them to a living one) the next."""

    def __init__(self, urls: list[str], name: str) -> None:
        self.urls, self.name = urls, name
        self.client: MancalaClient | None = None
        self.me: Any = None
        self.paired: list[str] = []
        self.tokens: dict[str, str] = {}
        self.rooms: dict[str, int] = {}
        self.replies: list[Any] = []  # the rooms' states the reconnects answered: acted on as pushes

    async def connect(self) -> MancalaClient:
        client = None
        for url in self.urls:
            try:
                client = await MancalaClient.connect(url, name=self.name)
                break
            except OSError:
                if url == self.urls[-1]:
                    raise
        assert client is not None
        if self.me is None:
            self.me = await client.request({"type": "identify", "name": self.name})
        else:
            await client.request({"type": "identify", "player": self.me.player, "secret": self.me.secret})
            for room, token in self.tokens.items():  # back into the games being played
                with contextlib.suppress(ServerError):
                    self.replies.append(await client.request({"type": "reconnect", "room": room, "token": token}))
        self.client = client
        return client

    async def play(self, until: Callable[[], bool]) -> None:
        while not until():
            client = self.client
            if client is None or client.closed.is_set():
                with contextlib.suppress(OSError, ConnectionError, TimeoutError, ServerError):
                    await self.connect()
                await asyncio.sleep(0.2)
                continue
            try:
                event = self.replies.pop(0) if self.replies else await client.next_event(timeout=0.5)
            except (TimeoutError, ConnectionError):
                continue
            if event.type == "tournament_game":
                self.paired.append(event.room)
                self.tokens[event.room] = event.token
                continue
            if event.type == "room_state" and event.you is not None:
                self.rooms[event.room] = event.you
            elif event.type == "game_over":
                self.tokens.pop(event.room, None)
                continue
            elif event.type != "move_made" or event.room not in self.rooms:
                continue
            state = event.state
            if state.outcome is None and state.turn == self.rooms[event.room] and state.legal:
                with contextlib.suppress(ServerError, ConnectionError):
                    await client.move(event.room, state.legal[0])

    async def close(self) -> None:
        if self.client is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.client.close(), 2)


async def test_an_arena_over_three_nodes_is_one_table_and_outlives_its_director(
        new_cluster: Callable[..., Cluster], connect: Connect) -> None:
    cluster = new_cluster(3, MANCALA_TOURNEY_ENTRIES_PER_ADDRESS="8")
    redis_url = cluster.env["MANCALA_REDIS_URL"]
    urls = cluster.urls()
    names = ["ann", "bob", "cy", "dee"]
    # each on its own node; a player whose node dies comes back through a living one (a
    # player left unable to move would hold their opponent in a game until it timed out)
    entrants = [Entrant(urls[n % 3:] + urls[:n % 3], name) for n, name in enumerate(names)]
    clients = [await e.connect() for e in entrants]
    made = await clients[0].request({"type": "create_tournament", "kind": "arena", "variant": VARIANT,
                                     "name": "Cluster arena", "clock": {"base": 15, "increment": 1},
                                     "starts_in": 120, "minutes": 0.4, "rated": True})
    tid = made.tournament
    for c in clients:  # each joins on its own node: the document takes every one
        await c.request({"type": "join_tournament", "tournament": tid})
    watchers = [await connect(url, "watcher") for url in urls]
    for w in watchers:
        seen = await w.request({"type": "watch_tournament", "tournament": tid})
        assert sorted(r.name for r in seen.standings) == sorted(names)
    await clients[0].request({"type": "start_tournament", "tournament": tid})

    done = asyncio.Event()
    paired = [e.paired for e in entrants]
    players = [asyncio.create_task(e.play(done.is_set)) for e in entrants]
    try:
        # a few games in, the node that directs it (the one holding its lease) dies
        async with asyncio.timeout(40):
            while sum(len(p) for p in paired) < 4:
                await asyncio.sleep(0.2)
        holder = Redis.from_url(redis_url).get(f"{cluster.env['MANCALA_CLUSTER_NAME']}:tourney:{tid}")
        director = int(bytes(holder or b"node0-").decode().removeprefix("node").split("-")[0])
        before = [len(p) for p in paired]
        cluster.nodes[director].kill()
        alive = [u for i, u in enumerate(urls) if i != director]
        async with asyncio.timeout(120):
            while standings(alive[0], tid)["status"] != "finished":
                await asyncio.sleep(0.5)
    finally:
        done.set()
        await asyncio.gather(*players)
        for e in entrants:
            await e.close()
    tables = [standings(url, tid) for url in alive]
    assert tables[0] == tables[1], "both living nodes serve the one table"
    final = tables[0]
    assert final["status"] == "finished" and len(final["standings"]) == 4
    # the players on the living nodes kept being paired after the director died
    survivors = [n for n in range(len(names)) if n % 3 != director]
    assert all(len(paired[n]) > before[n] for n in survivors), (before, [len(p) for p in paired])
    assert sum(r["games"] for r in final["standings"]) >= 8
    # a watcher on a living node heard the end, whichever node directed it
    last = None
    with contextlib.suppress(TimeoutError):
        while True:
            last = await watchers[urls.index(alive[-1])].next_event("tournament_state", timeout=3)
    assert last is not None and last.status == "finished" and last.version == final["version"]
