"""The limits per person and per address (rate_limits.py) of a cluster, kept in Redis.

Behind deploy/'s Caddy one user's requests are spread over the nodes, so limits counted
in each node's memory gave one person as many times every limit as there were nodes.
Here each bucket is a Redis hash, `{cluster}:limit:{rule}:{key}` = tokens and when they
were counted, taken by one Lua script that checks every bucket an act is charged to and
takes from all or none, by Redis' own clock (the nodes' clocks need not agree). A bucket
expires once it would have refilled: an absent bucket is a full one.

Only acts that other users are protected from come here (chat, challenges, new players,
catch-ups, analyses, HTTP requests): one round trip each, which none of them notices. Moves never
come here: a socket's own message rate and a connection's own catch-up budget are that
socket's, and a socket lives on one node, so they stay in its memory.

Redis out of reach: the node counts in its own memory (`LocalLimits`, the single server's
limits) until Redis answers again, asked again at most every `RETRY_AFTER` seconds. Not
open (no limit at all while Redis is down, which an attacker could wait for) and not
closed (every chat line and page refused while a restart takes a few seconds: the
cluster's games go on through a Redis restart, docs/scale-out.md): per node, so at worst
the nodes' count times the limit, for as long as Redis is away. A request waits for
Redis at most the setting `limits_redis_timeout` (0.25 s); a Redis slower than that, as
on a machine loaded far past its cores, counts as away too, so the benchmark and the
tests that measure the shared count give it longer.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence

from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from mancala_server.cluster import ERRORS
from mancala_server.rate_limits import Charge, LocalLimits

log = logging.getLogger("mancala_server")

RETRY_AFTER = 1.0  # seconds of counting locally after Redis failed, before asking it again

# KEYS: the buckets; ARGV: the cost, then each bucket's rate and burst. 1 when taken.
TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local cost = tonumber(ARGV[1])
local left = {}
for i, key in ipairs(KEYS) do
  local rate, burst = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  local held = redis.call('HMGET', key, 't', 's')
  local tokens = burst
  if held[1] then
    tokens = math.min(burst, tonumber(held[1]) + math.max(0, now - tonumber(held[2])) * rate)
  end
  if tokens < cost then return 0 end
  left[i] = tokens - cost
end
for i, key in ipairs(KEYS) do
  local rate, burst = tonumber(ARGV[2 * i]), tonumber(ARGV[2 * i + 1])
  redis.call('HSET', key, 't', tostring(left[i]), 's', tostring(now))
  redis.call('PEXPIRE', key, math.ceil((burst - left[i]) / rate * 1000) + 1000)
end
return 1
"""


class SharedLimits:
    """`Limits` in the cluster's Redis, the node's memory standing in while it is away."""

    def __init__(self, url: str, cluster: str, local: LocalLimits, timeout: float) -> None:
        self.prefix = f"{cluster}:limit:"
        self.local = local
        # a request waits this long for Redis' answer (or a connection)
        self.redis = Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout,
                                    retry=Retry(NoBackoff(), 0))
        self._take = self.redis.register_script(TAKE)
        self.away_until = 0.0  # monotonic: until then, counted locally without asking Redis
        self.away = False  # the last time Redis was asked, it did not answer

    async def take(self, charges: Sequence[Charge], cost: float = 1.0) -> bool:
        if time.monotonic() >= self.away_until:
            keys = [f"{self.prefix}{rule.name}:{key}" for rule, key in charges]
            args: list[float] = [cost]
            for rule, _ in charges:
                args += [rule.rate, rule.burst]
            try:
                taken = bool(await self._take(keys=keys, args=args))
            except ERRORS as exc:
                if not self.away:
                    log.warning("limits: Redis out of reach (%s: %s); counting on this node alone",
                                type(exc).__name__, exc)
                self.away, self.away_until = True, time.monotonic() + RETRY_AFTER
            else:
                if self.away:
                    log.info("limits: Redis answers again; counting with the cluster")
                self.away = False
                return taken
        return self.local.take_now(charges, cost)

    async def close(self) -> None:
        await self.redis.aclose()
