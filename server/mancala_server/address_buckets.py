"""A token bucket per client address (HTTP requests, new players), bounded in memory."""

from __future__ import annotations

from mancala_server.connection import TokenBucket


class AddressBuckets:
    """A token bucket per remote address (HTTP requests), forgetting idle addresses."""

    def __init__(self, rate: float, burst: int, keep: int = 10_000) -> None:
        self.rate, self.burst, self.keep = rate, burst, keep
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.keep:  # full ones refill; forget the oldest
                for key in list(self.buckets)[: self.keep // 2]:
                    del self.buckets[key]
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        return bucket.take()
