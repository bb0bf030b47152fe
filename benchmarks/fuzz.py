"""The long fuzz run: random frames against a real server while a bystander plays on.

    python -m benchmarks.fuzz --minutes 10
    python -m benchmarks.fuzz --minutes 1 --clients 4 --seed 7 --baseline 0 --json

Starts `mancala serve` (a subprocess on a free port of 127.0.0.1, its own scratch data
directory) with the default quotas and limits, but for the per-connection rate limit
(raised: every fuzzed frame is followed by a ping, and a flood of rate_limited errors
would test nothing else). Then, for --minutes:

- --clients fuzzing connections (half `mancala.v1.json`, half `mancala.v1.msgpack`),
  each from its own loopback address, which changes every few hundred frames (the
  quotas count per address; the connection's rooms are left behind to be abandoned).
  Each sends one frame from tests/server/fuzz_messages.py (every client message type,
  valid and broken shapes, huge numbers, deep nesting, custom variants near and past
  the variant model's named limits, frames cut short, of the other encoding, too
  large, a few over the 1 MiB hard limit) and a ping after it, and reads everything up
  to that ping's pong;
- one HTTP client asks random paths and methods, a few a second;
- a bystander, in a process of its own (so the fuzzers' work does not delay it), plays
  a Kalah room with a second connection, a move every 100 ms and a rematch after each
  game, and pings as often as the rate limit lets it (every 60 ms): its ping round trips
  are the latency measured. It plays alone for --baseline minutes first, on the same
  server: on a machine shared with other work, that row is what the machine costs.

A crash is any of: the server process died; a socket closed with 1011, or closed at
all except with 1009 after a frame over the hard limit; a reply that is not a
documented message (or of the wrong frame kind, or answering another request); a
request with an id not answered exactly once before the next pong; `internal_error`
(a handler failed); an HTTP 5xx. Tracebacks in the server's log are counted too. The
issue's bar: 0 crashes and a bystander p99 under 50 ms. Progress goes to stderr every
10 s; the table (or --json) to stdout at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import statistics
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import msgpack
from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed

from benchmarks.server_process import ServerProcess
from mancala.protocol.messages import CLIENT_TYPES, SERVER_MESSAGE
from mancala_client.api import MancalaClient
from tests.server.fuzz_messages import Fuzzer, Known

FENCE_TIMEOUT = 60.0  # a pong later than this is a stall (rules work is limited to 2 s)
ROTATE_EVERY = 400  # frames from one address before the connection moves to another
HTTP_PATHS = ["/", "/healthz", "/api/variants", "/api/rooms", "/api/games/1", "/api/games/" + "9" * 18,
              "/api/games/" + "9" * 30, "/api/games/-1", "/api/games/abc", "/index.html", "/app.js",
              "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%00", "/" + "a" * 300, "/ws",
              "/index.html?x=" + "y" * 100, "/static/../index.html", "/api/", "/api/games/"]
HTTP_METHODS = ["GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "BREW"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# ---- the bystander (its own process) -----------------------------------------------------


def bystander_main(url: str, seconds: float, every: float, out: Connection) -> None:
    out.send(asyncio.run(bystander(url, seconds, every, out)))


async def bystander(url: str, seconds: float, every: float, out: Connection) -> dict[str, Any]:
    """A Kalah game between two connections of this process, a move every 100 ms, while
    a third pings every `every` seconds (under the server's rate limit). Returns the ping
    and move round trips (ms)."""
    pings: list[float] = []
    moves: list[float] = []
    errors: list[str] = []
    until = time.monotonic() + seconds
    ann = await MancalaClient.connect(url, name="bystander-ann")
    bob = await MancalaClient.connect(url, name="bystander-bob")
    pat = await MancalaClient.connect(url, name="bystander-pat")

    async def pinger() -> None:
        last = time.monotonic()
        while time.monotonic() < until:
            sent = time.perf_counter()
            await pat.request({"type": "ping"}, timeout=30)
            pings.append((time.perf_counter() - sent) * 1000)
            if time.monotonic() - last > 5:  # the parent shows it as progress
                out.send(("progress", len(pings), percentile(pings, 0.99)))
                last = time.monotonic()
            await asyncio.sleep(every)

    async def player() -> None:
        rng = random.Random(1)
        players = [ann, bob]
        while time.monotonic() < until:
            granted = await ann.create_room("kalah_4", public=False, seat=0)
            await bob.join(granted.room)
            state = (await bob.next_event("room_state", timeout=30)).state
            while state.outcome is None and time.monotonic() < until:
                sent = time.perf_counter()
                await players[state.turn].request({"type": "move", "room": granted.room,
                                                   "move": rng.choice(state.legal)}, timeout=30)
                moves.append((time.perf_counter() - sent) * 1000)
                state = (await bob.next_event("move_made", timeout=30)).state
                await asyncio.sleep(0.1)
            if state.outcome is None:
                await ann.resign(granted.room)
            await ann.leave(granted.room)
            await bob.leave(granted.room)

    try:
        await asyncio.gather(pinger(), player())
    except Exception as exc:  # reported: a bystander that could not play on is a failure
        errors.append(f"{type(exc).__name__}: {exc}")
    finally:
        for client in (ann, bob, pat):
            await client.close()
    return {"pings": pings, "moves": moves, "errors": errors}


# ---- the fuzzing connections -------------------------------------------------------------


@dataclass
class Tally:
    frames: Counter[str] = field(default_factory=Counter)  # by frame kind
    types: Counter[str] = field(default_factory=Counter)  # message types sent (whole messages)
    replies: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)  # typed errors by code
    closes: Counter[str] = field(default_factory=Counter)  # closes we caused (1009), fences sent again
    crashes: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)  # one example per crash kind
    http: Counter[str] = field(default_factory=Counter)
    round_trips: list[float] = field(default_factory=list)  # ms, a frame sent to its fence's pong

    def crash(self, kind: str, example: str) -> None:
        self.crashes[kind] += 1
        self.examples.setdefault(kind, example[:600])


def decode(data: str | bytes) -> Any:
    return msgpack.unpackb(data) if isinstance(data, bytes) else json.loads(data)


async def fuzz_connection(url: str, number: int, binary: bool, until: float, rng: random.Random,
                          shared: Known, tally: Tally, rate: float) -> None:
    """One connection: a frame, a ping after it, everything up to its pong; paced to stay
    under the server's rate limit (a frame over it only gets rate_limited)."""
    fmt = "msgpack" if binary else "json"
    gap = 2 / (0.9 * rate)  # seconds per frame and its ping
    next_send = time.monotonic()
    sent_on_address = ROTATE_EVERY  # connect at once
    address_count = 0
    ws: ClientConnection | None = None
    fuzzer = Fuzzer(rng, huge=True)
    fence_number = 0
    try:
        while time.monotonic() < until:
            if ws is None or sent_on_address >= ROTATE_EVERY:
                if ws is not None:
                    await ws.close()
                address_count += 1
                # 127.1.x.y: one address per connection and round, never the bystander's
                address = f"127.1.{(number * 37 + address_count) % 250 + 1}.{address_count % 250 + 1}"
                ws = await ws_connect(url, subprotocols=[f"mancala.v1.{fmt}"],  # type: ignore[list-item]
                                      local_addr=(address, 0), max_size=2**24, open_timeout=30)
                fuzzer.known = Known(rooms=shared.rooms, tokens=shared.tokens)
                sent_on_address = 0
            await asyncio.sleep(max(0.0, next_send - time.monotonic()))
            next_send = max(next_send + gap, time.monotonic() - 1)
            frame = fuzzer.frame(binary)
            tally.frames[frame.kind] += 1
            if frame.kind == "message":
                with contextlib.suppress(Exception):
                    kind = decode(frame.data).get("type")
                    tally.types[kind if kind in CLIENT_TYPES else "(no such type)"] += 1
            fence_number += 1
            fence = {"type": "ping", "id": f"fence-{number}-{fence_number}"}
            try:
                sent = time.perf_counter()
                await ws.send(frame.data)
                await ws.send(msgpack.packb(fence) if binary else json.dumps(fence))
                replies = await asyncio.wait_for(until_fence(ws, fence["id"], binary, tally), FENCE_TIMEOUT)
                tally.round_trips.append((time.perf_counter() - sent) * 1000)
            except TimeoutError:
                tally.crash("no pong (stall)", f"{fmt} {frame.kind}: {frame.data[:300]!r}")
                await ws.close()
                ws = None
                continue
            except ConnectionClosed:
                code = ws.close_code
                if code == 1009 and frame.kind == "over_hard_limit":
                    tally.closes["1009 (over 1 MiB, documented)"] += 1
                elif code == 1011:
                    tally.crash("closed 1011", f"{fmt} {frame.kind}: {frame.data[:300]!r}")
                else:
                    tally.crash(f"closed {code}", f"{fmt} {frame.kind}: {frame.data[:300]!r}")
                ws = None
                continue
            sent_on_address += 1
            check(frame, replies, fmt, tally)
            for reply in replies:
                fuzzer.known.learn(reply)
    finally:
        if ws is not None:
            await ws.close()


async def until_fence(ws: ClientConnection, fence: str, binary: bool, tally: Tally) -> list[dict[str, Any]]:
    out = []
    while True:
        data = await ws.recv()
        if isinstance(data, bytes) != binary:
            tally.crash("wrong frame kind", repr(data)[:300])
            continue
        reply = decode(data)
        if reply.get("id") == fence:
            if reply.get("type") == "pong":
                return out
            if reply.get("code") == "rate_limited":  # the pacing was not enough: ask again
                tally.closes["fence pings rate_limited (sent again)"] += 1
                await asyncio.sleep(0.2)
                message = {"type": "ping", "id": fence}
                await ws.send(msgpack.packb(message) if binary else json.dumps(message))
                continue
        out.append(reply)


def check(frame: Any, replies: list[dict[str, Any]], fmt: str, tally: Tally) -> None:
    """Every reply documented; the request answered once; no handler crash."""
    answered = 0
    for reply in replies:
        try:
            parsed = SERVER_MESSAGE.validate_python(reply)
        except ValidationError as exc:
            tally.crash("undocumented reply", f"{reply!r} ({exc.errors()[0]['msg']})")
            continue
        tally.replies[parsed.type] += 1
        if parsed.type == "error":
            tally.errors[parsed.code.value] += 1
            if parsed.code.value == "internal_error":
                tally.crash("internal_error", f"{fmt} {frame.data[:300]!r} -> {reply!r}")
        rid = reply.get("id")
        if rid is not None and rid == frame.expect_id:
            answered += 1
        elif rid is not None:  # only this frame's request can have been answered here
            tally.crash("reply to another request", f"{fmt} {frame.data[:200]!r} -> {reply!r}")
    if frame.expect_id is not None and answered != 1:
        tally.crash("not answered once", f"{fmt} {frame.data[:300]!r}: {answered} replies {replies!r}"[:600])


async def http_fuzz(port: int, until: float, rng: random.Random, tally: Tally) -> None:
    """Random paths and methods, a few a second, from the HTTP client's own address."""

    def one(method: str, path: str) -> int:
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method)
        try:
            with urllib.request.urlopen(request, timeout=30) as resp:
                body = resp.read()
                if method == "HEAD" and body:
                    return 599  # HEAD must not have a body
                return resp.status
        except urllib.error.HTTPError as err:
            return err.code
        except (urllib.error.URLError, ConnectionError, ValueError) as exc:
            tally.crash("http failed", f"{method} {path[:80]}: {exc}")
            return 0

    while time.monotonic() < until:
        method, path = rng.choice(HTTP_METHODS), rng.choice(HTTP_PATHS)
        status = await asyncio.to_thread(one, method, path)
        tally.http[str(status)] += 1
        if status >= 500:
            tally.crash("http 5xx", f"{method} {path[:80]} -> {status}")
        await asyncio.sleep(0.2)


# ---- the run -------------------------------------------------------------------------------


async def fuzz(args: argparse.Namespace, server: ServerProcess, tally: Tally, until: float,
               bystander_pipe: Connection, bystander_pipe_result: list[dict[str, Any]]) -> None:
    rng = random.Random(args.seed)
    shared = Known()
    tasks = [asyncio.create_task(fuzz_connection(server.url, n, n % 2 == 1, until, random.Random(rng.random()),
                                                 shared, tally, args.rate)) for n in range(args.clients)]
    tasks.append(asyncio.create_task(http_fuzz(server.port, until, random.Random(rng.random()), tally)))
    started = next_report = time.monotonic()
    bystander_p99, pings = 0.0, 0
    while not all(t.done() for t in tasks):
        await asyncio.sleep(1)
        while bystander_pipe.poll():
            message = bystander_pipe.recv()
            if isinstance(message, tuple):
                _, pings, bystander_p99 = message
            else:  # its final result, early
                bystander_pipe_result.append(message)
        if not server.alive():
            tally.crash("server died", f"exit status {server.proc.returncode}")
            break
        elapsed = time.monotonic() - started
        if time.monotonic() >= next_report:
            next_report += 10
            progress(f"[{elapsed / 60:4.1f} min] {sum(tally.frames.values()):,} frames, "
                     f"{sum(tally.errors.values()):,} typed errors, {sum(tally.crashes.values())} crashes, "
                     f"bystander {pings:,} pings p99 {bystander_p99:.1f} ms")
    for task in tasks:
        task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
            tally.crash("fuzzer failed", f"{type(result).__name__}: {result}")


def final_result(pipe: Connection, wait: float) -> dict[str, Any]:
    """The bystander's result (it sends progress tuples before it)."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if pipe.poll(1):
            message = pipe.recv()
            if isinstance(message, dict):
                return message
    return {"pings": [], "moves": [], "errors": ["no result from the bystander"]}


def latency(result: dict[str, Any]) -> dict[str, Any]:
    pings, moves = result["pings"], result["moves"]
    return {"pings": len(pings), "p50": statistics.median(pings) if pings else 0.0,
            "p90": percentile(pings, 0.9), "p99": percentile(pings, 0.99), "max": max(pings, default=0.0),
            "moves": len(moves), "move_p50": statistics.median(moves) if moves else 0.0,
            "move_p99": percentile(moves, 0.99), "errors": result["errors"]}


def server_tracebacks(log: Path) -> list[str]:
    """The last line of every traceback in the server's log (what was raised)."""
    lines = log.read_text(errors="replace").splitlines()
    out, inside = [], False
    for line in lines:
        if line.startswith("Traceback"):
            inside = True
        elif inside and line and not line.startswith((" ", "\t")):
            out.append(line[:200])
            inside = False
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    seconds = args.minutes * 60
    # the server's own defaults: server_process.ServerProcess lifts the quotas and rates for load tests
    server = ServerProcess(quotas=True, MANCALA_RATE_PER_SECOND=str(args.rate),
                           MANCALA_RATE_BURST=str(int(2 * args.rate)), MANCALA_HTTP_RATE="20", MANCALA_HTTP_BURST="60")
    progress(f"server pid {server.pid} on {server.url}, data in {server.data}")
    tally = Tally()
    ctx = multiprocessing.get_context("spawn")
    every = max(0.02, 1.2 / args.rate)  # the pinger stays under the rate limit
    alone: dict[str, Any] = {"pings": [], "moves": [], "errors": []}
    if args.baseline > 0:  # the same bystander with nobody fuzzing: what the machine itself costs
        progress(f"bystander alone for {args.baseline:g} min")
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=bystander_main, args=(server.url, args.baseline * 60, every, theirs), daemon=True)
        proc.start()
        alone = final_result(mine, args.baseline * 60 + 60)
        proc.join(10)
    load_before = os.getloadavg()[0]
    cpu_before, cpu_at = server.cpu(), time.monotonic()
    mine, theirs = ctx.Pipe()
    bystander_proc = ctx.Process(target=bystander_main, args=(server.url, seconds, every, theirs), daemon=True)
    bystander_proc.start()
    if args.nice:  # after starting the server and the bystander, which keep the usual priority
        # the attackers' CPU is not the server machine's: on two cores a fuzzer at the
        # server's priority would measure the scheduler more than the server
        os.nice(args.nice)
    try:
        early: list[dict[str, Any]] = []
        asyncio.run(fuzz(args, server, tally, time.monotonic() + seconds, mine, early))
        bystander_result = early[0] if early else final_result(mine, 60)
        bystander_proc.join(10)
        alive = server.alive()
        cpu_after, spent = server.cpu(), time.monotonic() - cpu_at
        server_cpu = [(cpu_after[i] - cpu_before[i]) / spent for i in (0, 1)]  # the loop, its workers
        load_after = os.getloadavg()[0]
    finally:
        server.stop()
    if not alive:
        tally.crash("server died", "")
    tracebacks = server_tracebacks(server.log_path)
    return {
        "minutes": args.minutes, "clients": args.clients, "seed": args.seed,
        "frames": sum(tally.frames.values()), "frame_kinds": dict(tally.frames),
        "message_types": dict(tally.types), "replies": dict(tally.replies),
        "typed_errors": sum(tally.errors.values()), "errors_by_code": dict(tally.errors),
        "documented_closes": dict(tally.closes), "crashes": sum(tally.crashes.values()),
        "crash_kinds": dict(tally.crashes), "crash_examples": tally.examples, "http": dict(tally.http),
        "server_tracebacks": dict(Counter(tracebacks)),
        "fuzz_round_trip_ms": {"p50": statistics.median(tally.round_trips) if tally.round_trips else 0.0,
                               "p99": percentile(tally.round_trips, 0.99),
                               "max": max(tally.round_trips, default=0.0)},
        "bystander": latency(bystander_result), "bystander_alone": latency(alone) if args.baseline > 0 else None,
        "server_cpu": server_cpu, "load_average": [load_before, load_after],
        "server_log": str(server.log_path),
    }


def table(r: dict[str, Any]) -> str:
    b = r["bystander"]
    lines = [f"fuzz run: {r['minutes']:g} min, {r['clients']} fuzzing connections (half JSON, half msgpack), "
             f"seed {r['seed']}", "",
             "| frames sent | whole messages | cut short | other encoding | garbage | nested deep | too large "
             "| over 1 MiB |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    k = r["frame_kinds"]
    lines.append("| " + " | ".join(f"{v:,}" for v in [r["frames"]] + [k.get(x, 0) for x in (
        "message", "cut", "other_encoding", "garbage", "deep", "too_large", "over_hard_limit")]) + " |")
    lines += ["", "| typed errors | " + " | ".join(sorted(r["errors_by_code"])) + " |",
              "| ---: | " + " | ".join("---:" for _ in r["errors_by_code"]) + " |",
              f"| {r['typed_errors']:,} | " + " | ".join(f"{r['errors_by_code'][c]:,}"
                                                      for c in sorted(r["errors_by_code"])) + " |"]
    rt = r["fuzz_round_trip_ms"]
    lines += ["", f"a fuzzed frame to the pong after it: p50 {rt['p50']:.1f} ms, p99 {rt['p99']:.1f} ms, "
                  f"max {rt['max']:.0f} ms (custom variants' rules included)"]
    lines += ["", "replies: " + ", ".join(f"{t} {n:,}" for t, n in sorted(r["replies"].items())),
              "messages sent by type: " + ", ".join(f"{t} {n:,}" for t, n in sorted(r["message_types"].items())),
              "HTTP statuses: " + ", ".join(f"{s} {n:,}" for s, n in sorted(r["http"].items())),
              "closes we caused, fences sent again: " + (", ".join(f"{c} x{n}" for c, n in r["documented_closes"].items()) or "none")]
    lines += ["", "| crashes | server died | closed 1011 | other closes | undocumented replies | internal_error "
              "| not answered once | HTTP 5xx |",
              "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    c = r["crash_kinds"]
    other_closes = sum(n for kind, n in c.items() if kind.startswith("closed") and kind != "closed 1011")
    lines.append(f"| {r['crashes']} | {c.get('server died', 0)} | {c.get('closed 1011', 0)} | {other_closes} "
                 f"| {c.get('undocumented reply', 0) + c.get('wrong frame kind', 0) + c.get('reply to another request', 0)} "
                 f"| {c.get('internal_error', 0)} | {c.get('not answered once', 0) + c.get('no pong (stall)', 0)} "
                 f"| {c.get('http 5xx', 0)} |")
    for kind, example in r["crash_examples"].items():
        lines.append(f"  {kind}: {example}")
    lines.append(f"tracebacks in the server log: {sum(r['server_tracebacks'].values())}")
    for text, n in r["server_tracebacks"].items():
        lines.append(f"  {n} x {text}")
    lines += ["", "| bystander | pings | p50 | p90 | p99 | max | moves | move p50 | move p99 |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    rows = [("alone (before the fuzz)", r["bystander_alone"]), ("during the fuzz", b)]
    for label, x in rows:
        if x is None:
            continue
        lines.append(f"| {label} | {x['pings']:,} | {x['p50']:.1f} ms | {x['p90']:.1f} ms | {x['p99']:.1f} ms "
                     f"| {x['max']:.1f} ms | {x['moves']:,} | {x['move_p50']:.1f} ms | {x['move_p99']:.1f} ms |")
        if x["errors"]:
            lines.append(f"bystander errors ({label}): {x['errors']}")
    lines.append(f"server CPU during the fuzz: {100 * r['server_cpu'][0]:.0f} % of one core for its event loop, "
                 f"{100 * r['server_cpu'][1]:.0f} % for its rules and search workers (at lower priority); "
                 f"load average {r['load_average'][0]:.1f} at the start, {r['load_average'][1]:.1f} at the end")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--clients", type=int, default=16, help="fuzzing connections (default 16)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=20.0,
                        help="messages a second per connection the server allows (default 20, its own)")
    parser.add_argument("--nice", type=int, default=10,
                        help="niceness of the fuzzing process (not the server nor the bystander; default 10)")
    parser.add_argument("--baseline", type=float, default=1.0,
                        help="minutes the bystander first plays alone, for comparison (default 1; 0: none)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    result = run(args)
    text = json.dumps(result, indent=1) if args.json else table(result)
    print(text.encode("utf-8", "backslashreplace").decode())  # examples may hold lone surrogates
    ok = result["crashes"] == 0 and result["bystander"]["p99"] < 50 and not result["bystander"]["errors"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
