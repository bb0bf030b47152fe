"""The round trip a timed game may credit, as the server itself measured it.

A websocket ping's round trip includes however long the client takes to answer: a client
that held its pongs back by 0.45 s was given back half a second of every move. The
kernel's own estimate of the TCP round trip (TCP_INFO's smoothed rtt, Linux) comes from
the timing of acknowledgements the client's kernel sends, which a page or a program cannot
hold back without slowing everything else it sends too. The credit is the smaller of the
two, so a client's delay only ever lowers its own credit. Behind a reverse proxy the kernel
measures the hop to the proxy only: players there get little credit, which is the honest
side to err on (docs/competitive.md).
"""

from __future__ import annotations

import socket
import struct
from typing import Any

# struct tcp_info (linux/tcp.h): eight one-byte fields, then u32s; tcpi_rtt (microseconds)
# is the sixteenth u32
_RTT_OFFSET = 8 + 15 * 4
_INFO_BYTES = _RTT_OFFSET + 4


def kernel_rtt(transport: Any) -> float | None:
    """The kernel's smoothed TCP round trip of the transport's socket (seconds), or None
    where the system does not say (not Linux, not TCP, closed)."""
    sock = transport.get_extra_info("socket") if transport is not None else None
    option = getattr(socket, "TCP_INFO", None)
    if sock is None or option is None:
        return None
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, option, _INFO_BYTES)
    except OSError:
        return None
    if len(info) < _INFO_BYTES:
        return None
    (rtt_us,) = struct.unpack_from("I", info, _RTT_OFFSET)
    return rtt_us / 1_000_000 if rtt_us else None


def credited(ping_rtt: float, kernel: float | None) -> float:
    """The round trip to credit: the ping's, never more than the kernel measured."""
    return ping_rtt if kernel is None else min(ping_rtt, kernel)
