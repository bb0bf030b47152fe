"""What the nodes of a cluster share in Redis: leases, room owners, the lobby, channels.

Keys (all under the cluster name, MANCALA_CLUSTER_NAME, so clusters can share a Redis):

| key | what |
| --- | --- |
| `{c}:node:{id}` | a node's lease: set with a time to live, renewed by the node; gone = node dead |
| `{c}:owners` | hash, room code -> the node that owns it (valid while that node's lease lives) |
| `{c}:lobby` | hash, room code -> the public room's summary (msgpack), kept by its owner |
| `{c}:boot` | when this Redis first served the cluster (milliseconds, Redis' clock): see SETTLING |
| `{c}:player:{id}` | hash, `{node}/{client id}` -> a known player's socket as other nodes see it (cluster_players.py) |
| channel `{c}:to:{id}` | messages for one node (node_messages.py) |
| channel `{c}:lobby` | lobby changes, for every node |

Redis holds nothing that cannot be rebuilt: after a Redis restart (empty) each node
registers its lease again and claims its rooms back, and rooms nobody claims are taken
over from PostgreSQL when next asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.client import PubSub
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff, NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from mancala_server.node_messages import NodeMessage, unpack

log = logging.getLogger("mancala_server")

# owner of a room: the node named in the owners hash, if its lease lives
OWNER = """
local cur = redis.call('HGET', KEYS[1], ARGV[1])
if cur and redis.call('EXISTS', ARGV[2] .. cur) == 1 then return cur end
return false
"""
# take a room unless a live node owns it; returns the owner after the attempt
ACQUIRE = """
local cur = redis.call('HGET', KEYS[1], ARGV[1])
if cur and cur ~= ARGV[3] and redis.call('EXISTS', ARGV[2] .. cur) == 1 then return cur end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return ARGV[3]
"""
RELEASE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return 0
"""
# seconds left of the grace after Redis started empty (first start, or a restart without
# persistence): every node's lease and rooms were forgotten, and the live nodes need a
# lease period to register and claim their rooms back before anyone may call a node dead
# or take a room over. The start is stamped on the first call, by Redis' own clock.
SETTLING = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local boot = tonumber(redis.call('GET', KEYS[1]) or '0')
if boot == 0 then
  redis.call('SET', KEYS[1], now)
  return tonumber(ARGV[1])
end
return math.max(0, tonumber(ARGV[1]) - (now - boot))
"""
ERRORS = (RedisError, OSError)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


class ClusterLink:
    """This node's connection to the cluster's Redis."""

    def __init__(self, url: str, name: str, node: str, lease: float,
                 on_message: Callable[[NodeMessage], None],
                 on_resubscribed: Callable[[], None]) -> None:
        self.name = name
        self.node = node
        self.lease_ms = max(100, int(lease * 1000))
        self.on_message = on_message
        self.on_resubscribed = on_resubscribed  # messages may have been lost meanwhile
        # commands retry briefly (a Redis restart takes a moment); the subscriber does not
        # retry on its own, so that a lost subscription is noticed (on_resubscribed)
        common: dict[str, Any] = {"socket_connect_timeout": 1.0, "socket_timeout": 2.0}
        self.redis = Redis.from_url(url, retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 4),
                                    retry_on_error=[RedisConnectionError, RedisTimeoutError], **common)
        self.sub_redis = Redis.from_url(url, retry=Retry(NoBackoff(), 0), **common)
        self.owners_key = f"{name}:owners"
        self.lobby_key = f"{name}:lobby"
        self.node_prefix = f"{name}:node:"
        self.lobby_channel = f"{name}:lobby"
        self._owner = self.redis.register_script(OWNER)
        self._acquire = self.redis.register_script(ACQUIRE)
        self._release = self.redis.register_script(RELEASE)
        self._settling = self.redis.register_script(SETTLING)
        self.boot_key = f"{name}:boot"
        self._out: deque[tuple[str, bytes, asyncio.Future[int] | None]] = deque()
        self._sender: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self.subscribed = asyncio.Event()
        self.lease_renewed = 0.0  # monotonic time of the last renewal that worked

    def channel(self, node: str) -> str:
        return f"{self.name}:to:{node}"

    # ---- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        await self.renew()
        self._listener = asyncio.get_running_loop().create_task(self._listen(), name="cluster-listen")
        await asyncio.wait_for(self.subscribed.wait(), 10)

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        with contextlib.suppress(*ERRORS):
            await asyncio.wait_for(self.flush(), 2)
        with contextlib.suppress(*ERRORS):
            await self.redis.delete(self.node_prefix + self.node)  # others take our rooms at once
        for r in (self.redis, self.sub_redis):
            with contextlib.suppress(*ERRORS):
                await r.aclose()

    async def renew(self) -> bool:
        """Renew the lease: False when it was gone (it expired, or Redis restarted empty) and
        had to be set anew; then this node must claim its rooms again."""
        key = self.node_prefix + self.node
        info = json.dumps({"node": self.node, "at": time.time()})
        kept = await self.redis.set(key, info, px=self.lease_ms, xx=True)
        if not kept:
            await self.redis.set(key, info, px=self.lease_ms)
        self.lease_renewed = time.monotonic()
        return bool(kept)

    # ---- owners -------------------------------------------------------------------------

    async def owner(self, code: str) -> str | None:
        found = await self._owner(keys=[self.owners_key], args=[code, self.node_prefix])
        return found.decode() if found else None

    async def acquire(self, code: str) -> str:
        """Own the room unless a live node does: the owner after the attempt."""
        found = await self._acquire(keys=[self.owners_key], args=[code, self.node_prefix, self.node])
        return str(found.decode())

    async def release(self, code: str) -> None:
        await self._release(keys=[self.owners_key, self.lobby_key], args=[code, self.node])

    async def settling(self) -> float:
        """Seconds until rooms without a live owner may be taken over (0: now)."""
        left = await self._settling(keys=[self.boot_key], args=[self.lease_ms])
        return float(left) / 1000

    async def owners(self) -> dict[str, str]:
        raw = await self.redis.hgetall(self.owners_key)
        return {_text(k): _text(v) for k, v in raw.items()}

    async def alive(self, nodes: set[str]) -> set[str]:
        """Which of these nodes hold a lease."""
        if not nodes:
            return set()
        order = sorted(nodes)
        async with self.redis.pipeline(transaction=False) as pipe:
            for n in order:
                pipe.exists(self.node_prefix + n)
            found = await pipe.execute()
        return {n for n, there in zip(order, found, strict=True) if there}

    async def forget(self, codes: list[str]) -> None:
        """Drop owner and lobby entries of rooms that are no longer live."""
        if codes:
            await self.redis.hdel(self.owners_key, *codes)
            await self.redis.hdel(self.lobby_key, *codes)

    # ---- where known players are connected (cluster_players.py) -------------------------

    def player_key(self, player: str) -> str:
        return f"{self.name}:player:{player}"

    async def set_presence(self, player: str, field: str, data: bytes) -> None:
        await self.redis.hset(self.player_key(player), field, data)

    async def drop_presence(self, player: str, fields: list[str]) -> None:
        if fields:
            await self.redis.hdel(self.player_key(player), *fields)

    async def presence(self, player: str) -> dict[str, bytes]:
        raw = await self.redis.hgetall(self.player_key(player))
        return {_text(k): v.encode() if isinstance(v, str) else v for k, v in raw.items()}

    # ---- lobby --------------------------------------------------------------------------

    async def lobby_entries(self) -> dict[str, bytes]:
        raw = await self.redis.hgetall(self.lobby_key)
        return {_text(k): v.encode() if isinstance(v, str) else v for k, v in raw.items()}

    async def set_lobby(self, rooms: dict[str, bytes], removed: list[str]) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            if rooms:
                pipe.hset(self.lobby_key, mapping=rooms)  # type: ignore[arg-type]
            if removed:
                pipe.hdel(self.lobby_key, *removed)
            await pipe.execute()

    # ---- messages -----------------------------------------------------------------------

    def publish(self, channel: str, data: bytes, *, want_result: bool = False) -> asyncio.Future[int] | None:
        """Queue a message; all go out in the order queued (one task, pipelined). With
        want_result, a future of how many nodes heard it (0: nobody listens there)."""
        future = asyncio.get_running_loop().create_future() if want_result else None
        self._out.append((channel, data, future))
        if self._sender is None:
            self._sender = asyncio.get_running_loop().create_task(self._send())
        return future

    async def flush(self) -> None:
        while self._sender is not None:
            await asyncio.shield(self._sender)

    async def _send(self) -> None:
        try:
            while self._out:
                batch = list(self._out)
                self._out.clear()
                try:
                    if len(batch) == 1:
                        heard = [await self.redis.publish(batch[0][0], batch[0][1])]
                    else:
                        async with self.redis.pipeline(transaction=False) as pipe:
                            for channel, data, _ in batch:
                                pipe.publish(channel, data)
                            heard = await pipe.execute()
                except ERRORS as exc:
                    # lost: the receivers notice their subscription broke and resynchronise
                    log.warning("cluster: %d messages not sent (%s)", len(batch), exc)
                    for _, _, future in batch:
                        if future is not None and not future.done():
                            future.set_result(0)
                    continue
                for (_, _, future), count in zip(batch, heard, strict=True):
                    if future is not None and not future.done():
                        future.set_result(int(count))
        finally:
            self._sender = None

    async def _listen(self) -> None:
        first = True
        while True:
            pubsub: PubSub | None = None
            try:
                pubsub = self.sub_redis.pubsub(ignore_subscribe_messages=True)
                await pubsub.subscribe(self.channel(self.node), self.lobby_channel)
                self.subscribed.set()
                if not first:
                    log.warning("cluster: subscribed again after losing Redis")
                    self.on_resubscribed()
                first = False
                while True:
                    message = await pubsub.get_message(timeout=None)
                    if message is None or message.get("type") != "message":
                        continue
                    try:
                        decoded = unpack(message["data"])
                    except Exception as exc:  # not ours, or from a newer node: said, skipped
                        log.error("cluster: an unreadable node message (%s)", exc)
                        continue
                    try:
                        self.on_message(decoded)
                    except Exception:
                        log.exception("cluster: handling a %s message failed", decoded.kind)
            except asyncio.CancelledError:
                raise
            except ERRORS as exc:
                self.subscribed.clear()
                log.warning("cluster: subscription lost (%s); retrying", exc)
                await asyncio.sleep(0.2)
            finally:
                if pubsub is not None:
                    with contextlib.suppress(BaseException):
                        await pubsub.aclose()
