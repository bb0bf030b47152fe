"""Which node directs a tournament, in a cluster: the one holding its lease in Redis.

`{cluster}:tourney:{id}` holds the director's node name for a few seconds; the holder
renews it at every tick, another node takes it only once it has lapsed (its holder died
or lost Redis). A single server needs none (tourneys.always).
"""

from __future__ import annotations

from redis.asyncio import Redis
from redis.exceptions import RedisError

# take the lease when free, renew it when ours; 1 when we hold it afterwards
HOLD = """
local cur = redis.call('GET', KEYS[1])
if cur == false or cur == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""


class TourneyLeases:
    def __init__(self, redis: Redis, cluster: str, node: str, lease_s: float) -> None:
        self.prefix = f"{cluster}:tourney:"
        self.node = node
        self.lease_ms = max(1000, int(lease_s * 1000))
        self._hold = redis.register_script(HOLD)

    async def hold(self, tid: str) -> bool:
        """Whether this node directs the tournament now (taking or renewing its lease)."""
        try:
            return bool(await self._hold(keys=[self.prefix + tid], args=[self.node, self.lease_ms]))
        except RedisError:  # Redis away: nobody directs until it is back (no two at once)
            return False
