"""HTTP/1.1 on the game port as aiohttp serves it: requests pipelined on one connection
are answered in order, and a slow answer (a search in a worker) comes as a response, its
typed error when it fails, never as an empty reply (the websockets handshake hook that
served HTTP before cut an answer at 10 s and dropped pipelined requests)."""

from __future__ import annotations

import asyncio
import json
import socket

SLOW = 90.0  # the one-turn search waits for a worker process to start (spawn, imports)


def exchange(port: int, requests: list[bytes], timeout: float = 10.0) -> bytes:
    """Every request written at once on one connection (the last says Connection: close);
    everything read until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(b"".join(requests))
        chunks = []
        while data := sock.recv(65536):
            chunks.append(data)
    return b"".join(chunks)


def request(method: str, path: str, close: bool = False) -> bytes:
    extra = b"Connection: close\r\n" if close else b""
    return f"{method} {path} HTTP/1.1\r\nHost: x\r\n".encode() + extra + b"\r\n"


def responses(raw: bytes, methods: list[str]) -> list[tuple[int, dict[str, str], bytes]]:
    """The responses in `raw`, one per request method (a HEAD's has no body)."""
    out = []
    for method in methods:
        head, sep, raw = raw.partition(b"\r\n\r\n")
        assert sep, f"a response is missing: {len(out)} of {len(methods)}"
        status_line, *lines = head.decode("latin-1").split("\r\n")
        headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
        size = 0 if method == "HEAD" else int(headers["content-length"])
        body, raw = raw[:size], raw[size:]
        out.append((int(status_line.split()[1]), headers, body))
    assert raw == b"", "more than was asked for"
    return out


async def test_pipelined_requests_are_answered_in_order(server) -> None:
    asked = [("GET", "/healthz"), ("GET", "/api/variants"), ("HEAD", "/healthz"),
             ("GET", "/api/games/999"), ("GET", "/api/rooms")]
    raw = await asyncio.to_thread(exchange, server.port, [request(m, p, close=i == len(asked) - 1)
                                                          for i, (m, p) in enumerate(asked)])
    got = responses(raw, [m for m, _ in asked])
    assert [status for status, _, _ in got] == [200, 200, 200, 404, 200]
    assert got[0][2] == b"ok\n"
    assert "kalah_4" in [v["name"] for v in json.loads(got[1][2])]
    assert got[2][1]["content-length"] == "3" and got[2][2] == b""
    assert json.loads(got[3][2])["error"] == "not_found"
    assert json.loads(got[4][2]) == []


async def test_a_slow_search_answers_its_typed_error_and_the_next_request_follows(start_server) -> None:
    # no time for the search: after the worker's start it stops at its first check
    server = await start_server(one_turn_time_limit=0.0)
    raw = await asyncio.to_thread(exchange, server.port,
                                  [request("GET", "/api/variants/multilap_jackman/one-turn"),
                                   request("GET", "/healthz", close=True)], SLOW)
    (status, headers, body), after = responses(raw, ["GET", "GET"])
    assert status == 503 and headers["content-type"] == "application/json"
    assert json.loads(body)["error"] == "one_turn_timeout"
    assert after[0] == 200 and after[2] == b"ok\n"


async def test_a_search_past_the_on_demand_share_answers_busy_in_order(start_server) -> None:
    """The on-demand share full (one search running, none may wait): a pipelined search
    request is answered at once with its typed 503, and the request after it follows."""
    server = await start_server(search_workers=1, search_queue=0, one_turn_time_limit=6.0)
    # a search that runs to its limit takes the share (measured: it does not finish in 2 s)
    running = asyncio.create_task(asyncio.to_thread(exchange, server.port, [
        request("GET", "/api/variants/dakon_mg/one-turn", close=True)], SLOW))
    for _ in range(int(SLOW / 0.05)):
        if server.hub.searches.running:
            break
        await asyncio.sleep(0.05)
    assert server.hub.searches.running == 1
    raw = await asyncio.to_thread(exchange, server.port,
                                  [request("GET", "/api/variants/multilap_jackman/one-turn"),
                                   request("GET", "/healthz", close=True)], SLOW)
    (status, headers, body), after = responses(raw, ["GET", "GET"])
    assert status == 503 and json.loads(body)["error"] == "search_busy" and headers["retry-after"] == "30"
    assert after[0] == 200 and after[2] == b"ok\n"
    assert not running.done()  # answered while the search that holds the share goes on
    (status, _, body), = responses(await running, ["GET"])
    assert status == 503 and json.loads(body)["error"] == "one_turn_timeout"
