"""What a load run found (Result), the percentiles it reports, the table and the latency
plot benchmarks/load.py prints."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from benchmarks.load_clients import Samples


@dataclass
class Result:
    rooms: int
    spectators: int
    computer_rooms: int
    computer_level: int | str
    think_ms: float
    procs: int
    lobby: int
    connections: int
    lost: int
    setup_s: float
    seconds: float
    moves: int
    computer_moves: int
    games: int
    lobby_updates: int
    latency_ms: dict[str, float]
    reply_ms: dict[str, float]
    server_cpu_pct: float | None
    server_cpu_us_per_move: float | None
    workers_cpu_pct: float | None
    server_rss_mb: float | None
    generators_cpu_pct: float
    lag_ms: dict[str, float]
    errors: list[str]
    nodes: int = 0
    services_cpu_pct: float | None = None
    node_cpu_us_per_move: list[float] = field(default_factory=list)
    server_fanout_ms: list[dict[str, float]] = field(default_factory=list)  # per node, from /metrics
    clock: dict[str, int] | None = None
    overcharge_ms: dict[str, float] = field(default_factory=dict)  # timed rooms: charged - thought
    timeouts: int = 0

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def fanout_quantiles(port: int) -> dict[str, float]:
    """The server's own part of the latency, from its /metrics: the fan-out histogram (a
    move's arrival -> its move_made handed to the last of the node's sockets in the room),
    p50 and p99 interpolated within the buckets."""
    try:
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    except OSError:
        return {}
    buckets = [(float("inf") if le == "+Inf" else float(le), float(n)) for le, n in
               re.findall(r'^mancala_move_fanout_seconds_bucket\{le="([^"]+)"\} (\S+)$', text, re.M)]
    total = buckets[-1][1] if buckets else 0
    out: dict[str, float] = {}
    for name, q in (("p50", 0.5), ("p99", 0.99)):
        if not total:
            break
        rank, low, below = q * total, 0.0, 0.0
        for le, n in buckets:
            if n >= rank:
                high = le if le != float("inf") else low
                out[name] = round(1000 * (low + (high - low) * (rank - below) / max(n - below, 1e-9)), 2)
                break
            low, below = le, n
    return out


def latencies(reports: list[Samples]) -> list[float]:
    """Milliseconds from each move sent to the last of its receivers in any process (moves
    some receivers had not got by the end are left out)."""
    sent: dict[str, float] = {}
    for r in reports:
        sent.update(r.sent)
    receiving = [(r.done, {k.split(":", 1)[0] for k in r.done}) for r in reports]  # rooms each one heard
    out = []
    for key, at in sent.items():
        room = key.split(":", 1)[0]
        last = [done.get(key) for done, rooms in receiving if room in rooms]
        if last and all(t is not None for t in last):
            out.append((max(t for t in last if t is not None) - at) * 1000)
    return out


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    v = sorted(values)

    def at(p: float) -> float:
        return round(v[min(len(v) - 1, int(p * len(v)))], 2)

    return {"n": len(v), "p50": at(0.50), "p90": at(0.90), "p99": at(0.99), "max": round(v[-1], 2)}


def signed_percentiles(values: list[float]) -> dict[str, float]:
    """As percentiles, with the low end too: the clock's error can go either way."""
    if not values:
        return {}
    v = sorted(values)
    return {**percentiles(values), "min": round(v[0], 2), "p1": round(v[int(0.01 * len(v))], 2),
            "mean": round(sum(v) / len(v), 2)}


def table(results: list[Result]) -> str:
    def ms(d: dict[str, float], key: str) -> str:
        return f"{d[key]:,.1f} ms" if key in d else "-"

    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{x:.0f} %"

    rows: list[tuple[str, Callable[[Result], str]]] = [
        ("server", lambda r: f"{r.nodes} nodes, Redis, PostgreSQL" if r.nodes else "one process, SQLite"),
        ("human rooms x (players + spectators)", lambda r: f"{r.rooms} x (2 + {r.spectators})"),
        ("computer rooms (level)", lambda r: f"{r.computer_rooms} ({r.computer_level})" if r.computer_rooms else "0"),
        ("lobby subscribers (rooms public)", lambda r: f"{r.lobby:,}"),
        ("players' think time", lambda r: f"{r.think_ms:g} ms" if r.think_ms else "none (flat out)"),
        ("connections held", lambda r: f"{r.connections - r.lost:,}"
         + (f" ({r.lost:,} of {r.connections:,} dropped)" if r.lost else "")),
        ("load generator processes", lambda r: f"{r.procs}"),
        ("set-up time", lambda r: f"{r.setup_s:.1f} s"),
        ("human-room moves", lambda r: f"{r.moves:,} in {r.seconds:.1f} s"),
        ("human-room moves/s", lambda r: f"{r.moves / r.seconds:,.0f}"),
        ("games finished", lambda r: f"{r.games:,}"),
        ("lobby updates received/s", lambda r: f"{r.lobby_updates / r.seconds:,.0f}" if r.lobby else "-"),
        ("latency p50 (move sent -> last spectator)", lambda r: ms(r.latency_ms, "p50")),
        ("latency p90", lambda r: ms(r.latency_ms, "p90")),
        ("latency p99", lambda r: ms(r.latency_ms, "p99")),
        ("latency max", lambda r: ms(r.latency_ms, "max")),
        ("server's part p50/p99 (its /metrics, per node)", lambda r: "; ".join(
            f"{f.get('p50', 0):,.1f}/{f.get('p99', 0):,.1f} ms" for f in r.server_fanout_ms) or "-"),
        ("computer moves/s", lambda r: f"{r.computer_moves / r.seconds:,.1f}" if r.computer_rooms else "-"),
        ("computer reply p50 (bot's move -> its move)", lambda r: ms(r.reply_ms, "p50")),
        ("computer reply p99", lambda r: ms(r.reply_ms, "p99")),
        ("server CPU (its event loops, % of a core)", lambda r: pct(r.server_cpu_pct)),
        ("server CPU per move", lambda r: "n/a" if r.server_cpu_us_per_move is None
         else f"{r.server_cpu_us_per_move:,.0f} us"),
        ("  of which each node", lambda r: ", ".join(f"{x:,.0f}" for x in r.node_cpu_us_per_move) + " us"
         if r.nodes else "-"),
        ("search workers CPU (% of a core)", lambda r: pct(r.workers_cpu_pct)),
        ("server RSS (peak; of one node)", lambda r: "n/a" if r.server_rss_mb is None else f"{r.server_rss_mb:.0f} MB"),
        ("Redis + PostgreSQL CPU (% of a core)", lambda r: pct(r.services_cpu_pct) if r.nodes else "-"),
        ("load generators CPU (% of a core)", lambda r: pct(r.generators_cpu_pct)),
        ("load generator loop lag p99", lambda r: ms(r.lag_ms, "p99")),
        ("time control (human rooms)", lambda r: f"{r.clock['base']}+{r.clock.get('increment', 0)} s"
         if r.clock else "none"),
        ("clock: charged - thought, min/p1/p50", lambda r: " / ".join(
            f"{r.overcharge_ms[k]:,.1f}" for k in ("min", "p1", "p50")) + " ms" if r.overcharge_ms else "-"),
        ("clock: charged - thought, p99/max (n)", lambda r: f"{r.overcharge_ms['p99']:,.1f} / "
         f"{r.overcharge_ms['max']:,.1f} ms ({r.overcharge_ms['n']:,})" if r.overcharge_ms else "-"),
        ("games ended on time", lambda r: f"{r.timeouts:,}" if r.clock else "-"),
        ("errors", lambda r: f"{len(r.errors)}"),
    ]
    width = max(len(name) for name, _ in rows)
    cells = [[fmt(r) for r in results] for _, fmt in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(results))]
    lines = []
    if len(results) > 1:
        lines.append(" " * width + "  " + "  ".join(f"K={r.computer_rooms}".rjust(w)
                                                     for r, w in zip(results, widths, strict=True)))
    for (name, _), row in zip(rows, cells, strict=True):
        lines.append(name.ljust(width) + "  " + "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True)))
    return "\n".join(lines)


def latency_plot(results: list[Result]) -> str:
    """The human rooms' latency percentiles, one bar per run (K computer rooms)."""
    from mancala_cli.svgplot import grouped_bars

    keys = ["p50", "p90", "p99", "max"]
    r0 = results[0]
    title = (f"Move sent -> last spectator: {r0.rooms} rooms x (2 + {r0.spectators}), "
             f"think {r0.think_ms:g} ms")
    series = {(f"{r.computer_rooms} computer room{'s' if r.computer_rooms > 1 else ''}"
               if r.computer_rooms else "no computer rooms")
              + (f" (run {i + 1})" if len(results) > 2 else ""): [r.latency_ms.get(k, 0.0) for k in keys]
              for i, r in enumerate(results)}
    return grouped_bars(title, keys, series, unit="ms", log=True)
