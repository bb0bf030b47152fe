"""Tournaments on a real server (docs/tournaments.md): an arena pairs its players again and
again until its time is up and scores with streaks; a Swiss event pairs a round, plays
each micro-match with both sides and ranks by points; the standings are pushed to
watchers, stored, and served over HTTP; what a stranger would try is refused."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from mancala_client.api import MancalaClient, ServerError
from mancala_server.app import MancalaServer
from tests.server.helpers import get_json

Connect = Callable[..., Awaitable[MancalaClient]]
VARIANT = "kalah_4_pits_3"  # four holes of three seeds: games of a few moves


async def player(connect: Connect, name: str) -> MancalaClient:
    client = await connect(name)
    await client.request({"type": "identify", "name": name})
    return client


async def play_games(client: MancalaClient, until: Callable[[], bool], log: list[str]) -> None:
    """Play every game the server seats this client in (its first legal move each turn),
    answering pushes until `until()`; `log` gets each tournament_game's room."""
    rooms: dict[str, int] = {}
    while not until():
        try:
            event = await client.next_event(timeout=0.5)
        except TimeoutError:
            continue
        if event.type == "tournament_game":
            log.append(event.room)
            continue
        if event.type == "room_state" and event.you is not None:
            rooms[event.room] = event.you
        elif event.type != "move_made" or event.room not in rooms:
            continue
        state = event.state
        if state.outcome is None and state.turn == rooms[event.room] and state.legal:
            with contextlib.suppress(ServerError):  # a move crossed another push: the next one answers
                await client.move(event.room, state.legal[0])


async def finished_table(server: MancalaServer, tid: str, within: float) -> dict[str, Any]:
    """The tournament's table over HTTP once it is finished (at most `within` seconds)."""
    async with asyncio.timeout(within):
        while True:
            await asyncio.sleep(0.3)
            _, state = await get_json(server.port, f"/api/tournaments/{tid}")
            if state["status"] == "finished":
                return state


@pytest.fixture
async def server(start_server: Any) -> MancalaServer:
    """Every test player connects from 127.0.0.1: the entries an address may make are
    raised here (the abuse test below runs on the default)."""
    return await start_server(tourney_entries_per_address=8)


async def test_an_arena_pairs_again_and_again_and_stores_its_standings(server: MancalaServer,
                                                                        connect: Connect) -> None:
    names = ["ann", "bob", "cy", "dee"]
    clients = [await player(connect, n) for n in names]
    made = await clients[0].request({"type": "create_tournament", "kind": "arena", "variant": VARIANT,
                                     "name": "Quick arena", "clock": {"base": 60, "increment": 1},
                                     "starts_in": 60, "minutes": 0.12, "rated": True})
    tid = made.tournament
    assert made.status == "open" and made.kind == "arena" and made.standings == []
    for c in clients:
        joined = await c.request({"type": "join_tournament", "tournament": tid})
        assert joined.tournament == tid
    watcher = await connect("watcher")
    seen = await watcher.request({"type": "watch_tournament", "tournament": tid})
    assert sorted(r.name for r in seen.standings) == sorted(names)
    with pytest.raises(ServerError) as refused:
        await clients[1].request({"type": "start_tournament", "tournament": tid})
    assert refused.value.code == "not_a_player", "only the maker starts it early"
    await clients[0].request({"type": "start_tournament", "tournament": tid})

    done = asyncio.Event()
    logs: list[list[str]] = [[] for _ in clients]
    players = [asyncio.create_task(play_games(c, done.is_set, log)) for c, log in zip(clients, logs, strict=True)]
    states = []
    try:
        async with asyncio.timeout(60):
            while True:
                pushed = await watcher.next_event("tournament_state", timeout=30)
                states.append(pushed)
                if pushed.status == "finished":
                    break
    finally:
        done.set()
        await asyncio.gather(*players)
    final = states[-1]
    assert any(s.status == "running" and s.pairings for s in states), "games were shown as they were played"
    assert sum(len(log) for log in logs) >= 8, "everybody was paired more than once (two games a pairing)"
    total_games = sum(r.games for r in final.standings) // 2
    assert total_games >= 4
    # arena points: 2 a win, 1 a draw, doubled on a streak: the table is ordered by them
    scores = [r.score for r in final.standings]
    assert scores == sorted(scores, reverse=True) and sum(scores) >= 2 * total_games
    assert [r.rank for r in final.standings] == [1, 2, 3, 4]
    status, api = await get_json(server.port, f"/api/tournaments/{tid}")
    assert status == 200 and api["status"] == "finished"
    assert [r["name"] for r in api["standings"]] == [r.name for r in final.standings]
    status, listing = await get_json(server.port, "/api/tournaments")
    assert status == 200 and tid in [t["tournament"] for t in listing["tournaments"]]
    status, profile = await get_json(server.port, "/api/players/ann")
    assert status == 200 and [r["variant"] for r in profile["ratings"]] == [VARIANT], "rated per game"


async def test_a_swiss_round_plays_micro_matches_with_both_sides(server: MancalaServer, connect: Connect) -> None:
    names = ["eve", "fay", "gus", "hal", "ivy"]
    clients = [await player(connect, n) for n in names]
    made = await clients[0].request({"type": "create_tournament", "kind": "swiss", "variant": VARIANT,
                                     "name": "Swiss one", "clock": {"base": 60, "increment": 1}, "starts_in": 60,
                                     "rounds": 1, "games": 2, "mode": "play", "rated": False})
    tid = made.tournament
    for c in clients:
        await c.request({"type": "join_tournament", "tournament": tid})
    await clients[0].request({"type": "start_tournament", "tournament": tid})
    done = asyncio.Event()
    logs: list[list[str]] = [[] for _ in clients]
    players = [asyncio.create_task(play_games(c, done.is_set, log)) for c, log in zip(clients, logs, strict=True)]
    try:
        state = await finished_table(server, tid, 60)
    finally:
        done.set()
        await asyncio.gather(*players)
    # five players: two micro-matches of two games and a bye
    assert sorted(len(log) for log in logs) == [0, 2, 2, 2, 2]
    assert state["round"] == 1 and state["bye"] is not None
    by_name = {r["name"]: r for r in state["standings"]}
    assert by_name[state["bye"]]["score"] == 1.0 and by_name[state["bye"]]["games"] == 0
    assert sum(r["score"] for r in state["standings"]) == 3.0, "two matches and a bye: a point each"
    assert all(r["games"] == 2 for n, r in by_name.items() if n != state["bye"])


async def test_what_a_stranger_tries_is_refused(start_server: Any) -> None:
    server = await start_server()  # the default entries an address may make
    opened: list[MancalaClient] = []

    async def connect(name: str) -> MancalaClient:
        opened.append(await MancalaClient.connect(f"ws://127.0.0.1:{server.port}/ws", name=name))
        return opened[-1]

    try:
        await strangers(server, connect)
    finally:
        for c in opened:
            await c.close()


async def strangers(server: MancalaServer, connect: Connect) -> None:
    guest = await connect("guest")
    with pytest.raises(ServerError) as refused:
        await guest.request({"type": "create_tournament", "kind": "arena", "variant": VARIANT, "name": "x"})
    assert refused.value.code == "not_identified"
    maker = await connect("maker")
    maker_id = (await maker.request({"type": "identify", "name": "maker"})).player
    with pytest.raises(ServerError) as refused:
        await maker.request({"type": "create_tournament", "kind": "arena", "variant": VARIANT, "name": "x",
                             "clock": {"days": 2}})
    assert refused.value.code == "bad_message" and "clock" in str(refused.value)
    with pytest.raises(ServerError) as refused:
        await maker.request({"type": "create_tournament", "kind": "arena", "variant": "nope", "name": "x"})
    assert refused.value.code == "unknown_variant"
    made = []
    for n in range(3):
        made.append(await maker.request({"type": "create_tournament", "kind": "arena", "variant": VARIANT,
                                         "name": f"mine {n}"}))
    with pytest.raises(ServerError) as refused:
        await maker.request({"type": "create_tournament", "kind": "arena", "variant": VARIANT, "name": "one more"})
    assert refused.value.code in ("quota", "rate_limited")
    tid = made[0].tournament
    # many identities from one address: four may enter, the fifth is refused
    for n in range(4):
        puppet = await player(connect, f"puppet{n}")
        await puppet.request({"type": "join_tournament", "tournament": tid})
    extra = await player(connect, "puppet4")
    with pytest.raises(ServerError) as refused:
        await extra.request({"type": "join_tournament", "tournament": tid})
    assert refused.value.code == "quota" and "address" in str(refused.value)
    with pytest.raises(ServerError) as refused:
        await extra.request({"type": "join_tournament", "tournament": "tNOSUCHTHING"})
    assert refused.value.code == "no_such_tournament"
    with pytest.raises(ServerError) as refused:
        await extra.request({"type": "leave_tournament", "tournament": tid})
    assert refused.value.code == "not_a_player"
    with pytest.raises(ServerError) as refused:
        await guest.request({"type": "watch_tournament", "tournament": "../../etc"})
    assert refused.value.code == "bad_message"
    # what a viewer reads carries no player ids and no addresses
    status, body = await get_json(server.port, f"/api/tournaments/{tid}")
    text = str(body)
    assert status == 200 and "address" not in text and maker_id not in text


async def test_an_arena_player_who_does_not_play_is_withdrawn_until_back(start_server: Any,
                                                                          connect: Connect) -> None:
    """A player at their screen who never makes a first move aborts the game; the arena then
    withdraws them, so they are not paired again (each pairing held an opponent for the
    first-move limit) while the others play on, until they join again."""
    server = await start_server(tourney_entries_per_address=8, first_move_timeout=1.0)
    url = f"ws://127.0.0.1:{server.port}/ws"

    async def entrant(name: str) -> MancalaClient:
        client = await connect(name, to=url)
        await client.request({"type": "identify", "name": name})
        return client

    ann, bob, idle = [await entrant(n) for n in ("ann", "bob", "idle")]
    made = await ann.request({"type": "create_tournament", "kind": "arena", "variant": VARIANT,
                              "name": "Idle arena", "clock": {"base": 60, "increment": 1},
                              "starts_in": 60, "minutes": 0.5, "rated": False})
    tid = made.tournament
    for c in (ann, bob, idle):
        await c.request({"type": "join_tournament", "tournament": tid})
    watcher = await connect("watcher", to=url)
    await watcher.request({"type": "watch_tournament", "tournament": tid})
    await ann.request({"type": "start_tournament", "tournament": tid})

    done = asyncio.Event()
    logs: list[list[str]] = [[], []]
    players = [asyncio.create_task(play_games(c, done.is_set, log)) for c, log in zip((ann, bob), logs, strict=True)]
    heard: list[Any] = []  # everything pushed to idle, who answers nothing

    async def listen() -> None:
        while not done.is_set():
            with contextlib.suppress(TimeoutError):
                heard.append(await idle.next_event(timeout=0.5))

    players.append(asyncio.create_task(listen()))
    try:
        async with asyncio.timeout(25):
            while True:  # ann and bob meet first; then idle is paired, never moves, is withdrawn
                state = await watcher.next_event("tournament_state", timeout=20)
                if any(r.name == "idle" and r.withdrawn for r in state.standings):
                    break
        paired_idle = [e for e in heard if e.type == "tournament_game"]
        assert len(paired_idle) == 1
        games_then = sum(map(len, logs))
        await asyncio.sleep(3.0)  # several pairing waves: ann and bob play on, idle waits
        # on a loaded machine their next game may take longer than the waves: waited for
        async with asyncio.timeout(20):
            while sum(map(len, logs)) <= games_then:  # "the other two were paired again"
                await asyncio.sleep(0.1)
        assert [e for e in heard if e.type == "tournament_game"] == paired_idle, "idle was not paired"
        done.set()
        await asyncio.gather(*players)
        back = await idle.request({"type": "join_tournament", "tournament": tid})
        assert [r.withdrawn for r in back.standings if r.name == "idle"] == [False]
    finally:
        done.set()
        await asyncio.gather(*players)


async def test_a_swiss_game_a_player_lets_abort_is_theirs_to_lose(start_server: Any, connect: Connect) -> None:
    """In a micro-match, the game a player lets abort (no first move) goes to the opponent,
    as a game a player is gone for does, and the player is withdrawn from later rounds."""
    server = await start_server(tourney_entries_per_address=8, first_move_timeout=1.0)
    url = f"ws://127.0.0.1:{server.port}/ws"
    clients = []
    for name in ("kim", "lou"):
        client = await connect(name, to=url)
        await client.request({"type": "identify", "name": name})
        clients.append(client)
    kim, lou = clients
    made = await kim.request({"type": "create_tournament", "kind": "swiss", "variant": VARIANT,
                              "name": "Swiss idle", "clock": {"base": 60, "increment": 1}, "starts_in": 60,
                              "rounds": 2, "games": 1, "mode": "play", "rated": False})
    tid = made.tournament
    for c in clients:
        await c.request({"type": "join_tournament", "tournament": tid})
    await kim.request({"type": "start_tournament", "tournament": tid})
    done = asyncio.Event()
    log: list[str] = []
    playing = asyncio.create_task(play_games(kim, done.is_set, log))  # lou never moves
    try:
        state = await finished_table(server, tid, 30)
    finally:
        done.set()
        await playing
    by_name = {r["name"]: r for r in state["standings"]}
    assert by_name["kim"]["score"] == 1.0 and by_name["lou"]["score"] == 0.0
    assert by_name["lou"]["withdrawn"] is True
    assert len(log) == 1, "one game: lou was not paired for the second round"


async def test_a_player_who_lost_the_news_of_their_game_is_seated_in_it_again(start_server: Any,
                                                                              connect: Connect) -> None:
    """The news of a new tournament game goes to the socket the player had then; if it is
    lost with that socket (a node closed it as the game was made), the player, connected
    again but not at the game, is seated in it again with a new token, the old one void.
    Nobody else hears of it, and a player at their game is not told twice."""
    server = await start_server(tourney_entries_per_address=8, tourney_recall_after=0.5)
    url = f"ws://127.0.0.1:{server.port}/ws"
    ann = await connect("ann", to=url)
    await ann.request({"type": "identify", "name": "ann"})
    bob = await connect("bob", to=url)
    me = await bob.request({"type": "identify", "name": "bob"})
    made = await ann.request({"type": "create_tournament", "kind": "arena", "variant": VARIANT,
                              "name": "Lost news", "clock": {"base": 60, "increment": 1},
                              "starts_in": 60, "minutes": 1, "rated": False})
    tid = made.tournament
    for c in (ann, bob):
        await c.request({"type": "join_tournament", "tournament": tid})
    await ann.request({"type": "start_tournament", "tournament": tid})
    first = await bob.next_event("tournament_game", timeout=10)
    await ann.next_event("tournament_game", timeout=10)
    await bob.close()  # the news is gone with this socket

    stranger = await connect("eve", to=url)
    await stranger.request({"type": "identify", "name": "eve"})
    again = await connect("bob", to=url)
    await again.request({"type": "identify", "player": me.player, "secret": me.secret})
    told = await again.next_event("tournament_game", timeout=10)
    assert (told.room, told.seat, told.tournament, told.opponent) == (first.room, first.seat, tid, "ann")
    assert first.opponent == "ann"
    assert told.token != first.token
    state = await again.next_event("room_state", timeout=5)
    assert state.room == first.room and state.you == first.seat
    with pytest.raises(ServerError) as refused:  # the token the lost socket had is void
        await stranger.request({"type": "reconnect", "room": first.room, "token": first.token})
    assert refused.value.code == "bad_token"
    await asyncio.sleep(1.5)  # several ticks: those at their game are not told again
    for client in (ann, again, stranger):
        while True:
            try:
                event = await client.next_event(timeout=0.1)
            except TimeoutError:
                break
            assert event.type != "tournament_game", f"{client} was told again: {event}"
