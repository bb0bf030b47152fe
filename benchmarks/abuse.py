"""Issue 23's nine attacks, replayed against a real server behind a real Caddy.

    python -m benchmarks.abuse            # the full replay, a minute or two
    python -m benchmarks.abuse --quick    # smaller numbers, about half a minute (the test's)
    python -m benchmarks.abuse --only 3 5 --keep   # some points; keep the logs
    python -m benchmarks.abuse --json

Starts `mancala serve --trusted-proxies 127.0.0.1` (a subprocess on a free port, a
scratch data directory, every limit at its default: MANCALA_* settings of the caller's
environment are dropped) and the project's own proxy, deploy/Caddyfile run by
/usr/bin/caddy on another free port. Every client reaches the server through Caddy from
a loopback address of its own (127.23.x.y; Caddy writes the address it saw into
X-Forwarded-For and the server, trusting only 127.0.0.1, counts every quota by it), so
the per-address limits meet many addresses as they would on the internet. Only point
4's forger bypasses Caddy, to check that its X-Forwarded-For is not believed.

Each point replays the attack the issue describes and says "held" when the defence
stood, "broken" when it did not, with what was measured (the bound each verdict is
judged by is printed on its line):

1. first-move wins: a rated Jackman room without the swap rule; rated quick pairing
   in it; rated against the computer there; the computer's ladder apart from people's.
2. others' requests starve the rated computer: addresses hammer one-turn searches
   while a rated, timed game against the computer is played (its search process is
   started by a casual game first: a process's own start is not the attack).
3. one endless game: a long bule_perga game, then its positions at 20 a second and
   spectators catching up, while a bystander (its own process) pings.
4. behind the proxy one user's quota is everyone's: room quotas per client address.
5. rating farming: fresh identities resigning at move 0, and one pair's rematches.
6. identity flood and look-alike names; invisible characters in chat.
7. spectators whisper, private games leak: the stored chat and private game ids.
8. lag credit claimed: pongs held back 0.45 s, a move thought over 1 s.
9. spam: challenges from one socket and from many identities, chat over many rooms
   and from many sockets, a muted guest who says hello again.

Progress (one line a point) goes to stderr; the table (or --json) to stdout. The exit
status is 0 whatever the verdicts: this is a report, not a gate (a server or Caddy
that does not start is an error, status 1).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from benchmarks.abuse_games import endless_game, first_move_wins, lag_credit, starved_computer
from benchmarks.abuse_net import CADDY, FULL, QUICK, Net, Point, Processes, Sizes, progress
from benchmarks.abuse_people import (
    identity_flood,
    proxy_quota,
    rating_farming,
    spam,
    whispers_and_leaks,
)

# ---- the run --------------------------------------------------------------------------------

POINTS: list[tuple[str, Callable[[Net, Sizes, Point], Awaitable[None]]]] = [
    ("first-move wins", first_move_wins),
    ("others' requests starve the computer", starved_computer),
    ("one endless game", endless_game),
    ("behind the proxy one quota for all", proxy_quota),
    ("rating farming", rating_farming),
    ("identity flood, look-alike names", identity_flood),
    ("spectators whisper, private games leak", whispers_and_leaks),
    ("lag credit claimed", lag_credit),
    ("spam", spam),
]


async def run(sizes: Sizes, only: set[int], keep: bool) -> list[Point]:
    scratch = Path(tempfile.mkdtemp(prefix="mancala-abuse-"))
    began = time.monotonic()
    procs = await asyncio.to_thread(Processes, scratch)
    progress(f"abuse: server on {procs.server_port}, Caddy on {procs.port} ({time.monotonic() - began:.0f} s), "
             f"scratch {scratch}")
    net = Net(procs)
    results = []
    try:
        for number, (title, attack) in enumerate(POINTS, 1):
            point = Point(number, title)
            results.append(point)
            if only and number not in only:
                point.verdict, point.measured = "skipped", ""
                continue
            began = time.monotonic()
            try:
                await asyncio.wait_for(attack(net, sizes, point), 300)
            except Exception as exc:  # the replay failed, not the defence: said as such
                point.verdict, point.measured = "error", f"{type(exc).__name__}: {exc}"
            point.seconds = time.monotonic() - began
            await net.close_clients()
            progress(f"abuse: {number}. {title}: {point.verdict} ({point.seconds:.0f} s)")
    finally:
        await net.close()
        began = time.monotonic()
        await asyncio.to_thread(procs.stop)
        progress(f"abuse: stopped in {time.monotonic() - began:.0f} s")
        if keep:
            progress(f"abuse: the logs are in {scratch}")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    return results


def table(points: list[Point]) -> str:
    lines = ["| point | verdict | measured |", "| --- | --- | --- |"]
    lines += [f"| {p.number}. {p.title} | {p.verdict} | {p.measured} |" for p in points]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller numbers (the test's run)")
    parser.add_argument("--only", type=int, nargs="*", default=[], help="replay only these points")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (server and Caddy logs)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not os.access(CADDY, os.X_OK):
        sys.exit(f"{CADDY} is missing: apt-get install -y caddy")
    began = time.monotonic()
    points = asyncio.run(run(QUICK if args.quick else FULL, set(args.only), args.keep))
    progress(f"abuse: done in {time.monotonic() - began:.0f} s")
    if args.json:
        print(json.dumps([{"point": p.number, "title": p.title, "verdict": p.verdict, "measured": p.measured,
                           "numbers": p.numbers, "seconds": round(p.seconds, 1)} for p in points]))
    else:
        print(table(points))


if __name__ == "__main__":
    main()
