"""Writing one frame to many sockets at once, with the send() calls spread over threads.

A move watched by a thousand spectators is a thousand send() system calls. On loopback
each costs 13-20 us of kernel time (benchmarks/send_threads.py), so one thread needs about
20 ms to reach the last spectator however little Python runs around the calls. os.write
releases the GIL for the call, so a few threads make the kernel's part run on every core:
about 13 ms instead of 20 ms on two cores with the readers busy on the same cores.

Order is kept because the event loop does not run anything else while the threads write:
write() blocks until every socket has had its send (the loop thread takes a share itself),
so no other frame can reach these sockets in between, and a socket that could not take the
whole frame gets the rest through its transport (buffered there, ahead of any later frame)
before write() returns. Only sockets whose transport holds nothing come here (the caller
checks), since bytes written around a non-empty transport buffer would overtake it.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor, wait

# below this many sockets the threads' hand-over (tens of microseconds) costs more than
# the calls they take off the loop thread
PARALLEL_MIN = 128
MAX_THREADS = 4


def default_threads() -> int:
    """Writer threads besides the loop thread: one for each other CPU this process may use
    (none on one CPU, where threads would only add hand-overs)."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(0, min(MAX_THREADS, cpus) - 1)


class FanoutWriter:
    """Writes a frame's bytes to many asyncio socket transports: through their own write()
    for a few, straight to their file descriptors from `threads` threads for many."""

    def __init__(self, threads: int, parallel_min: int = PARALLEL_MIN) -> None:
        self.threads = threads
        self.parallel_min = parallel_min
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="fanout") if threads else None
        self.parallel_frames = 0  # frames written by the threads (how often the path is taken)

    def write(self, transports: Sequence[asyncio.WriteTransport], data: bytes) -> None:
        """`data` to each transport, whose write buffer must be empty. Call from the loop."""
        if self._pool is None or len(transports) < self.parallel_min:
            for transport in transports:
                transport.write(data)
            return
        # the descriptors are read here, in the loop thread: a transport that is not closing
        # now keeps its socket open until the loop runs again, so no descriptor can be
        # closed and reused by another connection while the threads write to it
        open_: list[asyncio.WriteTransport] = []
        for transport in transports:
            if transport.get_extra_info("sslcontext") is not None:
                transport.write(data)  # TLS: the bytes on the socket are not these
            elif not transport.is_closing():
                open_.append(transport)
        fds = [t.get_extra_info("socket").fileno() for t in open_]
        parts = self.threads + 1
        self.parallel_frames += 1
        futures = [self._pool.submit(_send_all, fds[i::parts], data) for i in range(1, parts)]
        shares = [_send_all(fds[0::parts], data)]
        wait(futures)
        shares += [future.result() for future in futures]
        for part, share in enumerate(shares):
            for k, sent in share.items():
                index = part + parts * k  # share `part` had fds[part::parts]
                # the rest after a partial write, or all of it after an error: the
                # transport buffers it (EAGAIN) or meets the error again and closes
                open_[index].write(data[sent:])


def _send_all(fds: list[int], data: bytes) -> dict[int, int]:
    """Write `data` to each descriptor; returns {index: bytes written} for those that did
    not take all of it."""
    short: dict[int, int] = {}
    size = len(data)
    for index, fd in enumerate(fds):
        try:
            sent = os.write(fd, data)
        except OSError:  # EAGAIN, or a broken connection: the transport deals with it
            sent = 0
        if sent != size:
            short[index] = sent
    return short
