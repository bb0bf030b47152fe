"""Who is on the other end of a connection when a reverse proxy stands in between.

Behind the proxy of deploy/ every connection comes from the proxy's address, so the
quotas counted per address (HTTP rate, rooms, registrations, searches) would be one
quota for the whole site. The proxy says whom it serves in a header; a header is only
believed when the connection comes from a proxy the operator named
(`trusted_proxies`, addresses or networks): anyone else could write any address there.

Only one header is read (`proxy_header`), the one the proxy writes: a proxy passes the
other one through from the client untouched (Caddy writes X-Forwarded-For and passes a
client's `Forwarded` on), so reading both would believe the client.

The header is read from its right end: each trusted proxy added the address of whoever
connected to it, so the first address from the right that is not a trusted proxy is the
client; everything left of it was written by the client or its own proxies.

>>> from multidict import CIMultiDict
>>> proxies = TrustedProxies.parse("10.0.0.0/8, 192.0.2.1")
>>> proxies.client("192.0.2.1", CIMultiDict({"X-Forwarded-For": "6.6.6.6, 203.0.113.7"}))
'203.0.113.7'
>>> proxies.client("198.51.100.9", CIMultiDict({"X-Forwarded-For": "203.0.113.7"}))  # not ours
'198.51.100.9'
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address
HEADERS = ("x-forwarded-for", "forwarded")
# one `name=value` pair of a Forwarded element (RFC 7239), and what follows it
_PAIR = re.compile(r'\s*([!#$%&\'*+.^_`|~0-9A-Za-z-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;,"\s]*)\s*([;,]|$)')


class Headers(Protocol):
    def getall(self, key: str, default: list[str]) -> list[str]: ...


def address_of(node: str) -> Address | None:
    """The IP address in one hop of a header (`203.0.113.7`, `203.0.113.7:4711`,
    `[2001:db8::1]:4711`, `2001:db8::1`), IPv4-mapped IPv6 as IPv4; None for anything
    else (`unknown`, an obfuscated `_name`)."""
    node = node.strip().strip('"').strip()
    if node.startswith("["):
        node = node[1:].partition("]")[0]
    elif node.count(":") == 1:  # IPv4 with a port (an IPv6 address has several colons)
        node = node.partition(":")[0]
    try:
        ip = ipaddress.ip_address(node)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


def forwarded_for(values: Iterable[str]) -> list[str] | None:
    """The `for=` of each element of Forwarded header lines, left to right ("" where an
    element has none); None when the header does not parse."""
    hops: list[str] = []
    for value in values:
        rest, current = value, ""
        while rest.strip():
            match = _PAIR.match(rest)
            if match is None:
                return None
            name, raw, sep = match.groups()
            if name.lower() == "for":
                current = raw[1:-1].replace('\\"', '"') if raw.startswith('"') else raw
            rest = rest[match.end():]
            if sep != ";":  # "," or the end: the element is complete
                hops.append(current)
                current = ""
    return hops


@dataclass(frozen=True)
class TrustedProxies:
    """The proxies whose word on the client's address is taken, and the header they write."""

    networks: tuple[Network, ...] = ()
    header: str = "x-forwarded-for"

    @classmethod
    def parse(cls, spec: str, header: str = "x-forwarded-for") -> TrustedProxies:
        """`spec`: addresses or networks separated by commas or spaces (ValueError names a
        wrong one)."""
        networks = []
        for item in re.split(r"[\s,]+", spec.strip()):
            if not item:
                continue
            try:
                networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                raise ValueError(f"trusted_proxies: {item!r} is neither an IP address nor a network") from None
        if header.lower() not in HEADERS:
            raise ValueError(f"proxy_header: {header!r} is not one of {', '.join(HEADERS)}")
        return cls(tuple(networks), header.lower())

    def trusts(self, address: Address | None) -> bool:
        return address is not None and any(address in net for net in self.networks)

    def hops(self, headers: Headers) -> list[str] | None:
        """The header's addresses, left to right; None when it does not parse."""
        values = headers.getall(self.header, [])
        if self.header == "forwarded":
            return forwarded_for(values)
        return [hop for value in values for hop in value.split(",")]

    def client(self, peer: str, headers: Headers) -> str:
        """The client's address: the peer's own, unless the peer is a trusted proxy and its
        header names someone further out. A hop that is no address (garbage, `unknown`)
        ends the walk at the trusted proxy that wrote it."""
        here = address_of(peer)
        if not self.trusts(here):
            return str(here) if here is not None else peer
        assert here is not None
        hops = self.hops(headers)
        for hop in reversed(hops or []):
            found = address_of(hop)
            if found is None:
                break
            here = found
            if not self.trusts(here):
                break
        return str(here)
