"""benchmarks/abuse.py's attacks through play: a first move that wins at once (1), others'
requests starving a rated game's computer (2), one endless game against its bystanders (3)
and lag credit claimed by holding back pongs (8)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import multiprocessing
import random
import time
from collections import Counter
from multiprocessing.connection import Connection
from typing import Any

import aiohttp
from websockets.asyncio.client import connect as ws_connect
from websockets.typing import Subprotocol

from benchmarks.abuse_net import (
    CREDIT_MS,
    FRAMES_PER_SECOND,
    HARD_ONE_TURN,
    HELD_PONG,
    LATE_MS,
    PING_P99_MS,
    POSITIONS_PAGE,
    THINK,
    Net,
    Point,
    Sizes,
    code_of,
    drain,
    moves_each,
    percentile,
    progress,
    rating_of,
    value,
    wait_for,
)
from mancala.protocol.codec import JSON_SUBPROTOCOL
from mancala.rules.enums import LapSower
from mancala.rules.loading import config_paths, load_variant
from mancala_client.api import MancalaClient, ServerError

# ---- 1. first-move wins -------------------------------------------------------------------


async def first_move_wins(net: Net, sizes: Sizes, point: Point) -> None:
    # rated quick pairing in Jackman's game: both ask without the swap rule
    r, s = await net.player("quick1"), await net.player("quick2")
    first = await r.quick_pair("multilap_jackman", rated=True)
    second = await s.quick_pair("multilap_jackman", rated=True)
    paired = first.room == second.room
    pair_pie = (await wait_for(s, "room_state", second.room)).pie
    # a rated room made by hand, without `pie`
    p, q = await net.player("pat1"), await net.player("quin1")
    made = await p.create_room("multilap_jackman", rated=True, seat=0)
    room_pie = (await wait_for(p, "room_state", made.room)).pie
    refused = await code_of(p.create_room("multilap_jackman", rated=True, computer=1))
    # the computer's ladder: Pat wins a rated game against a person, then loses to the computer
    human = await p.create_room("oware_abapa", rated=True, seat=0, starter=0)
    await q.join(human.room)
    await moves_each(human.room, {0: p, 1: q}, (await wait_for(q, "room_state", human.room)).state, 2)
    await q.resign(human.room)
    await wait_for(p, "game_over", human.room)
    before = await rating_of(net, "pat1", "oware_abapa")
    # the computer starts, so that its first search (the process's first) is warmed here
    computer = await p.create_room("oware_abapa", rated=True, seat=0, starter=1, computer=1)
    await moves_each(computer.room, {0: p}, (await wait_for(p, "room_state", computer.room)).state, 2)
    await p.resign(computer.room)
    await wait_for(p, "game_over", computer.room)
    after = await rating_of(net, "pat1", "oware_abapa")
    ladder = await rating_of(net, "pat1", "oware_abapa@computer")
    held = paired and pair_pie and room_pie and refused == "not_rated_here" and before == after \
        and ladder is not None
    point.verdict = "held" if held else "broken"
    point.measured = (f"rated Jackman room without pie: pie {'on' if room_pie else 'OFF'}; rated quick pair: "
                      f"{'paired' if paired else 'NOT paired'}, pie {'on' if pair_pie else 'OFF'}; rated vs "
                      f"computer: {refused}; a loss to the computer: human rating {before} -> {after}, "
                      f"oware_abapa@computer {ladder}")
    point.numbers = {"room_pie": room_pie, "pair_pie": pair_pie, "paired": paired, "computer_rated": refused,
                     "human_before": before, "human_after": after, "computer_ladder": ladder}


# ---- 2. others' requests starve the rated computer ------------------------------------------


def one_turn_variants() -> list[str]:
    return [name for name, path in sorted(config_paths().items())
            if load_variant(path).game_info.mlaps is not LapSower.OFF]


async def starved_computer(net: Net, sizes: Sizes, point: Point) -> None:
    # the computer's search process is started first: its own start-up (a second or two on
    # a busy machine) is not what the attack is about
    warm = await net.client("warm")
    warmed = await warm.create_room("kalah_4", seat=0, starter=1, computer=0)
    await wait_for(warm, "move_made", warmed.room)
    await warm.leave(warmed.room)
    variants = one_turn_variants()
    answers: Counter[str] = Counter()
    stop = asyncio.Event()

    async def hammer(number: int) -> None:
        address = net.fresh()
        rng = random.Random(number)
        rest = [v for v in variants if v not in HARD_ONE_TURN]
        rng.shuffle(rest)
        order = HARD_ONE_TURN + rest

        async def ask(name: str) -> None:
            try:
                status, body, _ = await net.get(f"/api/variants/{name}/one-turn", address)
                error = body.get("error", "?") if isinstance(body, dict) else "untyped"
                answers["200" if status == 200 else f"{status} {error}"] += 1
            except (TimeoutError, aiohttp.ClientError) as exc:
                answers[f"failed {type(exc).__name__}"] += 1

        asking: set[asyncio.Task[None]] = set()
        for name in itertools.cycle(order):  # 5 a second from each address, far under its HTTP rate
            if stop.is_set():
                break
            task = asyncio.create_task(ask(name))
            asking.add(task)
            task.add_done_callback(asking.discard)
            await asyncio.sleep(0.2)
        answers["still waiting at the end"] += len(asking)
        for task in list(asking):  # searches still waiting are the server's; the client gives up
            task.cancel()

    hammers = [asyncio.create_task(hammer(i)) for i in range(sizes.hammer_addresses)]
    await asyncio.sleep(2.0)  # the backlog builds up first
    player = await net.player("clocked")
    base_ms, increment_ms = sizes.clock_base * 1000, 1000
    granted = await player.create_room("oware_abapa", rated=True, seat=0, starter=1, computer=3,
                                       clock={"base": sizes.clock_base, "increment": 1})
    room = granted.room
    await wait_for(player, "room_state", room)
    left, sent = base_ms, time.monotonic()  # the computer's clock at the start of its move
    charged: list[float] = []
    over_budget: list[float] = []
    waited: list[float] = []
    flagged = False
    while len(charged) < sizes.computer_moves:
        event = await player.next_event(timeout=120)
        if event.type == "game_over" and event.room == room:
            flagged = value(event.reason) == "timeout" and event.outcome.get("winner") == 0
            break
        if event.type != "move_made" or event.room != room:
            continue
        if event.seat == 1:
            now_left = event.clocks.remaining[1]
            charged.append(left - now_left + increment_ms)
            budget = max(20.0, min(2000.0, left / 25 + 0.8 * increment_ms))
            over_budget.append(charged[-1] - budget)
            waited.append((time.monotonic() - sent) * 1000)
            left, sent = now_left, time.monotonic()  # if it moves again (an extra turn)
        if event.state.outcome is not None:
            break
        if event.state.turn == 0:
            await player.move(room, random.choice(event.state.legal))
            made = await wait_for(player, "move_made", room)
            while made.seat != 0:
                made = await wait_for(player, "move_made", room)
            left, sent = made.clocks.remaining[1], time.monotonic()
            if made.state.outcome is not None:
                break
    with contextlib.suppress(ServerError):
        await player.resign(room)
    stop.set()
    await asyncio.gather(*hammers)
    busy = answers.get("503 search_busy", 0)
    untyped = sum(n for k, n in answers.items() if k.startswith("failed") or "untyped" in k or " ?" in k)
    late = max(over_budget, default=0.0)
    held = not flagged and bool(charged) and late <= LATE_MS and busy > 0 and untyped == 0
    point.verdict = "held" if held else "broken"
    answered = ", ".join(f"{n} {k}" for k, n in sorted(answers.items()))
    point.measured = (f"{sizes.hammer_addresses} addresses asked one-turn lines ({answered}); the expert "
                      f"computer ({sizes.clock_base}+1 clock) moved {len(charged)} times, charged "
                      f"{min(charged, default=0):.0f}-{max(charged, default=0):.0f} ms (wall "
                      f"{min(waited, default=0):.0f}-{max(waited, default=0):.0f} ms), at most "
                      f"{late:+.0f} ms over its budget (bound +{LATE_MS:.0f}); "
                      f"{'LOST ON TIME' if flagged else 'no flag'}")
    point.numbers = {"answers": dict(answers), "charged_ms": charged, "wall_ms": waited,
                     "over_budget_ms": over_budget, "flagged": flagged, "search_busy": busy}


# ---- 3. one endless game ------------------------------------------------------------------


def bystander_main(url: str, address: str, out: Connection) -> None:
    out.send(asyncio.run(bystander(url, address, out)))


async def bystander(url: str, address: str, out: Connection) -> list[tuple[float, float]]:
    """Pings every 60 ms (under the frame rate) until told to stop: its own process, so
    that the attackers' work in the benchmark's process does not delay its clock."""
    ws = await ws_connect(url, subprotocols=[Subprotocol(JSON_SUBPROTOCOL)], local_addr=(address, 0),
                          open_timeout=30)
    client = MancalaClient(ws)
    pings: list[tuple[float, float]] = []  # (when it was sent, on the machine's monotonic clock; ms)
    try:
        await client.request({"type": "hello", "name": "bystander"}, timeout=30)
        out.send("ready")
        while not out.poll():
            at, sent = time.monotonic(), time.perf_counter()
            await client.ping()
            pings.append((at, (time.perf_counter() - sent) * 1000))
            await asyncio.sleep(0.06)
    finally:
        await client.close()
    return pings


async def receive(conn: Connection, timeout: float) -> Any:
    """The next object from the bystander, or TimeoutError: a process that hangs must not
    hang the benchmark."""
    if not await asyncio.to_thread(conn.poll, timeout):
        raise TimeoutError("the bystander did not answer")
    return conn.recv()


class Pacer:
    """Connections used in turn, none faster than FRAMES_PER_SECOND (the server's frame
    rate would refuse the rest)."""

    def __init__(self, clients: list[MancalaClient]) -> None:
        self.free_at = {id(c): 0.0 for c in clients}
        self.clients = clients

    async def next(self) -> MancalaClient:
        client = min(self.clients, key=lambda c: self.free_at[id(c)])
        wait = self.free_at[id(client)] - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        self.free_at[id(client)] = time.monotonic() + 1 / FRAMES_PER_SECOND
        return client


async def endless_game(net: Net, sizes: Sizes, point: Point) -> None:
    south, north = net.fresh(), net.fresh()
    ann = await net.client("ann3", south)
    granted = await ann.create_room("bule_perga", seat=0)
    room = granted.room
    game_id = (await wait_for(ann, "room_state", room)).game_id
    bob = await net.client("bob3", north)
    bob_seat = await bob.join(room)
    # more sockets in each seat (a second tab: reconnect with the token), so that the game
    # grows faster than one socket's frame rate allows
    seats: list[list[MancalaClient]] = [[ann], [bob]]
    for side, address, token in ((0, south, granted.token), (1, north, bob_seat.token)):
        for _ in range(3):
            extra = await net.client(f"tab{side}", address)
            await extra.reconnect(room, token)
            seats[side].append(extra)
    pacers = [Pacer(seats[0]), Pacer(seats[1])]
    state = (await wait_for(bob, "room_state", room)).state
    rng = random.Random(3)
    plies, ended = 0, ""
    began = time.monotonic()
    while plies < sizes.plies and state.outcome is None:
        mover = await pacers[state.turn].next()
        await mover.move(room, rng.choice(state.legal))
        plies += 1
        for event in await drain(mover):
            if event.type in ("move_made", "round_started") and event.room == room:
                state = event.state
            elif event.type == "game_over" and event.room == room:
                ended = f", ended ({value(event.reason)})"
        for tabs in seats:  # the others' pushes are dropped unread
            for client in tabs:
                if client is not mover:
                    await drain(client)
    built = time.monotonic() - began
    progress(f"  3: {plies} plies in {built:.0f} s{ended}; positions and spectators next")

    ctx = multiprocessing.get_context("spawn")
    mine, theirs = ctx.Pipe()
    watcher = ctx.Process(target=bystander_main, args=(net.ws_url(), net.fresh(), theirs), daemon=True)
    watcher.start()
    if await receive(mine, 60) != "ready":
        raise RuntimeError("the bystander did not start")

    pages: list[tuple[int, int, int]] = []  # (states, bytes, from) of each 200
    statuses: Counter[int] = Counter()
    unbounded = 0
    reader = net.fresh()

    async def positions(i: int) -> None:
        nonlocal unbounded
        start = rng.randrange(plies + 1)
        status, body, size = await net.get(f"/api/games/{game_id}/positions?from={start}", reader)
        statuses[status] += 1
        if status == 200:
            pages.append((len(body["states"]), size, start))
            whole = start + len(body["states"]) >= body["total"]
            if len(body["states"]) > POSITIONS_PAGE or (body["next"] is None) != whole:
                unbounded += 1

    spectates: Counter[str] = Counter()

    async def spectator(client: MancalaClient, until: float) -> None:
        while time.monotonic() < until:  # twice a second: past the burst, the catch-up rate refuses some
            spectates[await code_of(client.spectate(room))] += 1
            await drain(client)
            await asyncio.sleep(0.5)

    watchers = [await net.client(f"fan{i}") for i in range(sizes.spectators)]
    storm = sizes.position_requests / 20
    # three phases, so that a slow bystander can be put down to its cause: the machine
    # alone (other work shares it), the positions requests, the spectators' catch-ups
    phases = [time.monotonic()]
    await asyncio.sleep(storm / 2)
    phases.append(time.monotonic())
    asking = []
    for i in range(sizes.position_requests):  # ~20 a second
        asking.append(asyncio.create_task(positions(i)))
        await asyncio.sleep(0.05)
    await asyncio.gather(*asking)
    phases.append(time.monotonic())
    await asyncio.gather(*(spectator(w, time.monotonic() + storm) for w in watchers))
    phases.append(time.monotonic())
    mine.send("stop")
    pings: list[tuple[float, float]] = await receive(mine, 60)
    watcher.join(10)

    def during(phase: int) -> dict[str, float]:
        ms = [m for at, m in pings if phases[phase] <= at < phases[phase + 1]]
        return {"n": len(ms), "p50": percentile(ms, 0.5), "p99": percentile(ms, 0.99), "max": max(ms, default=0.0)}

    quiet, paging, catching = during(0), during(1), during(2)
    biggest = max((size for _, size, _ in pages), default=0)
    most = max((n for n, _, _ in pages), default=0)
    held = paging["n"] > 0 and catching["n"] > 0 and max(paging["p99"], catching["p99"]) < PING_P99_MS \
        and unbounded == 0 and statuses.get(200, 0) > 0 and not any(s >= 500 for s in statuses)
    point.verdict = "held" if held else "broken"
    got = ", ".join(f"{n}x {s}" for s, n in sorted(statuses.items()))
    spec = ", ".join(f"{n} {k}" for k, n in sorted(spectates.items()))

    def said(ping: dict[str, float]) -> str:
        return f"p50 {ping['p50']:.1f} / p99 {ping['p99']:.1f} ms"

    point.measured = (f"bule_perga, {plies} plies{ended}; {sizes.position_requests} positions requests at 20/s "
                      f"({got}), pages of at most {most} states / {biggest / 1000:.0f} KB, {unbounded} unbounded; "
                      f"then {sizes.spectators} sockets spectating for {storm:.0f} s ({spec}); bystander ping "
                      f"{said(quiet)} before, {said(paging)} during the pages, {said(catching)} during the "
                      f"spectates (bar p99 < {PING_P99_MS:.0f})")
    point.numbers = {"plies": plies, "built_s": built, "statuses": dict(statuses), "page_states_max": most,
                     "page_bytes_max": biggest, "unbounded": unbounded, "spectates": dict(spectates),
                     "ping_ms": {"before": quiet, "pages": paging, "spectates": catching}}


# ---- 8. lag credit claimed -----------------------------------------------------------------


async def lag_credit(net: Net, sizes: Sizes, point: Point) -> None:
    """A client that sits on every websocket ping HELD_PONG seconds (aiohttp, autoping off)
    thinks THINK seconds: the server must charge all of it (tests/server/test_lag_credit.py)."""
    cheat_address = net.fresh()
    url = f"http://127.0.0.1:{net.procs.port}/ws"
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(cheat_address, 0))) as http, \
            http.ws_connect(url, protocols=(JSON_SUBPROTOCOL,), autoping=False) as cheat:

        async def next_of(kind: str) -> dict[str, Any]:
            while True:
                frame = await asyncio.wait_for(cheat.receive(), 30)
                if frame.type == aiohttp.WSMsgType.PING:
                    await asyncio.sleep(HELD_PONG)
                    await cheat.pong(frame.data)
                    continue
                if frame.type != aiohttp.WSMsgType.TEXT:
                    raise ConnectionError(f"the cheat's socket got {frame.type}")
                message = json.loads(frame.data)
                if message.get("type") in (kind, "error"):
                    return dict(message)

        await cheat.send_str(json.dumps({"type": "hello", "name": "cheat", "id": 1}))
        await next_of("welcome")
        await cheat.send_str(json.dumps({"type": "create_room", "variant": "kalah_4", "seat": 1, "id": 2,
                                         "clock": {"base": 60, "increment": 0}}))
        granted = await next_of("seat_granted")
        honest = await net.client("honest")
        await honest.join(granted["room"], seat=0)
        await honest.move(granted["room"], 0, 0)  # four seeds from the first hole: North's turn
        await next_of("move_made")
        # no clock runs until both players have moved (docs/competitive.md, "Early games"):
        # the cheat's first move is quick, its second is the one timed
        await cheat.send_str(json.dumps({"type": "move", "room": granted["room"], "move": 7, "ply": 1, "id": 3}))
        await next_of("move_made")
        await honest.move(granted["room"], 5, 2)  # ends in North's holes: North's turn
        moved = await next_of("move_made")
        before = moved["clocks"]["remaining"][1]
        await asyncio.sleep(THINK)
        await cheat.send_str(json.dumps({"type": "move", "room": granted["room"], "move": 6, "ply": 3, "id": 4}))
        mine = await next_of("move_made")
        charged = before - mine["clocks"]["remaining"][1]
    credit = THINK * 1000 - charged
    point.verdict = "held" if credit <= CREDIT_MS else "broken"
    point.measured = (f"pongs held {HELD_PONG * 1000:.0f} ms, thought {THINK * 1000:.0f} ms (from the client's "
                      f"side): charged {charged} ms, credit {credit:.0f} ms (bound {CREDIT_MS:.0f})")
    point.numbers = {"held_ms": HELD_PONG * 1000, "thought_ms": THINK * 1000, "charged_ms": charged,
                     "credit_ms": credit}
