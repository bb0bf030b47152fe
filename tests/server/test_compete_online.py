"""Competitive play on a real server through real sockets: computer opponents on the
clock (charged for their moves, and flagged when their time runs out), a rated game's
ratings told after its end, the chat line's length, display names checked on
`identify` and `rename` as on `hello`, and the round trip a lag credit needs measured as
soon as a connection opens."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from mancala_client.api import MancalaClient, ServerError
from mancala_server.app import MancalaServer
from tests.server.conftest import Connect, StartServer
from tests.server.helpers import get_json, moves_each


async def until_move(client: MancalaClient, seat: int) -> Any:
    """The next move_made of `seat` (a computer may sow again: several in a row)."""
    while True:
        made = await client.next_event("move_made", timeout=30)
        if made.seat == seat:
            return made


async def test_a_computer_is_charged_for_its_moves(connect: Connect) -> None:
    ann = await connect("ann")
    granted = await ann.create_room("kalah_4", seat=1, starter=0, computer=1, clock={"base": 60, "increment": 0})
    state = await ann.next_event("room_state")
    assert state.clocks.running is None and state.clocks.first_move_ms  # no clock runs before both have moved
    made = await until_move(ann, 0)
    while made.state.turn != 1:  # it sowed into its store: it moves again
        made = await ann.next_event("move_made", timeout=30)
    assert made.clocks.remaining == [60_000, 60_000]  # its first moves were charged nothing
    await ann.move(granted.room, made.state.legal[0], made.ply + 1)
    mine = await until_move(ann, 1)
    assert mine.clocks.running == 0  # both have moved: its clock runs
    first = await until_move(ann, 0)
    assert first.clocks.remaining[0] < 60_000, first.clocks  # its thinking was charged
    made = first
    while made.state.turn != 1 and made.state.outcome is None:
        made = await ann.next_event("move_made", timeout=30)
    computer_left = made.clocks.remaining[0]
    await ann.move(granted.room, made.state.legal[0], made.ply + 1)
    mine = await until_move(ann, 1)
    assert mine.clocks.running == 0 and mine.clocks.remaining[0] <= computer_left  # its clock runs again
    again = await until_move(ann, 0)
    assert again.clocks.remaining[0] < computer_left  # and its next move is charged again


async def test_a_computer_whose_clock_runs_out_loses_on_time(start_server: StartServer) -> None:
    """The computer budgets its thinking from its clock (1/25 of what it has left, at least
    20 ms), so it does not flag by thinking; but it is charged from the moment the position
    went out, like anyone, and that includes waiting for a search process on a busy server.
    Here the only search process is busy for seconds with another room's perfect player
    (which thinks for its whole cap, 9 s), while a computer with a six-second clock waits.
    Ann's clock runs as well while she opens that room: six seconds leave her room on a
    loaded machine (with two, one run saw her flag first; with four, one fresh-clone run)."""
    server = await start_server(computer_workers=1, computer_cap_ms=9_000)
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with await MancalaClient.connect(url, name="ann") as ann:
        # Ann starts; the computer answers at once (its process is free): both have moved,
        # so from Ann's next move on its clock runs (no clock runs before: "Early games")
        timed = await ann.create_room("kalah_4", seat=1, starter=1, computer=0, public=False,
                                      clock={"base": 6, "increment": 0})
        state, ply, answered = (await ann.next_event("room_state")).state, 0, False
        while not (answered and state.turn == 1):
            if state.turn == 1:
                await ann.move(timed.room, state.legal[0], ply)
            made = await ann.next_event("move_made", timeout=30)
            state, ply, answered = made.state, made.ply + 1, answered or made.seat == 0
        busy = await ann.create_room("oware_abapa", seat=1, starter=0, computer="perfect", public=False)
        await ann.move(timed.room, state.legal[0], ply)  # the computer's turn, its process busy
        over = await ann.next_event("game_over", timeout=30)
        assert over.room == timed.room
        assert (over.reason, over.outcome, over.result) == ("timeout", {"kind": "WIN", "winner": 1},
                                                            "North wins on time")
        late = await ann.spectate(timed.room)
        assert late.status == "finished" and len(late.moves) == ply + 1  # its move came too late: none stands
        assert late.clocks.remaining[0] == 0 and late.clocks.remaining[1] > 0
        first = await until_move(ann, 0)  # the busy room's computer did move, in its own time
        assert first.room == busy.room


async def test_a_rated_game_tells_its_end_then_the_new_ratings(connect: Connect) -> None:
    """In this order on every store: SQLite settles the ratings inside the call that ends
    the game, PostgreSQL (a cluster's journal) once the transaction commits."""
    ann, bob = await connect("ann"), await connect("bob")
    for who, name in ((ann, "ann"), (bob, "bob")):
        await who.request({"type": "identify", "name": name})
    granted = await ann.create_room("oware_abapa", seat=0, rated=True)
    await bob.join(granted.room)
    state = (await bob.next_event("room_state")).state
    await moves_each(granted.room, [ann, bob], state, 2)  # resigned sooner, it would not be rated
    await bob.resign(granted.room)
    for who in (ann, bob):
        told = []
        while len(told) < 2:
            event = await who.next_event()
            if event.type in ("game_over", "ratings_changed"):
                told.append(event)
        assert [e.type for e in told] == ["game_over", "ratings_changed"]
        over, changed = told
        assert changed.game_id == over.game_id and over.reason == "resign" and over.unrated is None
        # both are new players: each one's first game moves the other's rating not at all
        # (docs/competitive.md, "Farming limits"; moved ratings: test_compete_hub_unit.py)
        assert [(c.before, c.after, c.weight) for c in changed.changes] == [(1500, 1500, 0.0)] * 2


async def room_state_of(client: MancalaClient, room: str) -> Any:
    """The next room_state of `room` (those of rooms the client was in before are passed)."""
    while True:
        state = await client.next_event("room_state")
        if state.room == room:
            return state


async def test_a_rated_game_counts_only_once_played_and_one_never_begun_is_aborted(
        start_server: StartServer) -> None:
    """Issues 23 and 24 through a real server: a rated game resigned at move 0 keeps its
    result but rates nobody; a timed one whose second player never makes a first move is
    aborted when the first-move limit passes (no clock ran: nobody loses on time); one
    with two moves each is rated."""
    server = await start_server(first_move_timeout=2.0)  # room for a loaded machine before Ann's move
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with await MancalaClient.connect(url, name="ann") as ann, \
            await MancalaClient.connect(url, name="bob") as bob:
        for who, name in ((ann, "ann"), (bob, "bob")):
            await who.request({"type": "identify", "name": name})
        resigned = await ann.create_room("oware_abapa", seat=0, starter=0, rated=True)
        await bob.join(resigned.room)
        await bob.resign(resigned.room)
        over = await ann.next_event("game_over")
        assert (over.reason, over.outcome, over.unrated) == ("resign", {"kind": "WIN", "winner": 0}, "short")
        assert (await get_json(server.port, "/api/leaderboard/oware_abapa"))[1]["players"] == []

        idle = await ann.create_room("oware_abapa", seat=0, starter=0, rated=True, clock={"base": 60})
        await bob.join(idle.room)
        opening = await room_state_of(bob, idle.room)
        # no clock runs; the first-move limit counts down from 2 s (a few ms gone by now)
        assert opening.clocks.running is None and 1000 < opening.clocks.first_move_ms <= 2000
        await ann.move(idle.room, 2, 0)
        over = await ann.next_event("game_over", timeout=10)  # Bob never moves
        assert (over.room, over.reason, over.outcome, over.unrated) == (idle.room, "aborted",
                                                                       {"kind": "TIE", "winner": None}, "aborted")
        assert over.result == "aborted: North made no first move in time"
        assert (await bob.next_event("game_over")).reason == "aborted"

        played = await ann.create_room("oware_abapa", seat=0, starter=0, rated=True, clock={"base": 60})
        await bob.join(played.room)
        state = (await room_state_of(bob, played.room)).state
        await moves_each(played.room, [ann, bob], state, 2)
        await bob.resign(played.room)
        over = await ann.next_event("game_over")
        assert (over.reason, over.unrated) == ("resign", None)
        assert [c.weight for c in (await ann.next_event("ratings_changed")).changes] == [0.0, 0.0]
        board = (await get_json(server.port, "/api/leaderboard/oware_abapa"))[1]["players"]
        assert sorted(p["name"] for p in board) == ["ann", "bob"]


async def test_a_chat_line_of_300_characters_is_said_and_one_of_301_refused(connect: Connect) -> None:
    ann = await connect("ann")
    granted = await ann.create_room("kalah_4")
    await ann.next_event("room_state")
    with pytest.raises(ServerError) as refused:
        await ann.request({"type": "chat", "room": granted.room, "text": "x" * 301})
    assert refused.value.code == "bad_message" and "chat: text:" in refused.value.message
    await ann.request({"type": "chat", "room": granted.room, "text": "y" * 300})
    said = await ann.next_event("chat_message")
    assert said.text == "y" * 300  # the 301 was never said: this is the first line


@pytest.mark.parametrize("name", ["ann\x1b[2J", "ann\u202e", "ann\nbob"])
async def test_identify_and_rename_refuse_names_with_control_characters(connect: Connect, name: str) -> None:
    ann = await connect("ann")
    with pytest.raises(ServerError) as refused:
        await ann.request({"type": "identify", "name": name})
    assert refused.value.code == "bad_message" and "identify: name:" in refused.value.message
    assert "printable characters only" in refused.value.message
    me = await ann.request({"type": "identify", "name": "ann"})
    with pytest.raises(ServerError) as refused:
        await ann.request({"type": "rename", "name": name})
    assert refused.value.code == "bad_message" and "rename: name:" in refused.value.message
    assert "printable characters only" in refused.value.message
    again = await ann.request({"type": "identify", "player": me.player, "secret": me.secret})
    assert again.name == "ann"  # the name stayed as it was


async def test_a_connection_round_trip_is_measured_when_it_opens(server: MancalaServer, connect: Connect) -> None:
    """The lag credit of a timed game is the connection's last measured round trip: the
    server pings once at the start instead of leaving it at none until the keepalive's
    first ping, 20 s in (a player's first moves were charged the network's time)."""
    await connect("ann")
    deadline = time.monotonic() + 15  # a limit against a hang, not a claim about speed
    while time.monotonic() < deadline:
        found = [c for c in server.hub.clients if c.name == "ann"]
        if found and found[0].latency > 0:
            break
        await asyncio.sleep(0.02)
    assert found and 0 < found[0].latency < 1.0


async def test_a_rated_game_never_seats_one_player_twice(connect: Connect) -> None:
    """A known player on a second connection (another tab) cannot take the other seat of
    their own rated game: a game against oneself would rate them on their own result."""
    first, second = await connect("ann"), await connect("ann")
    me = await first.request({"type": "identify", "name": "ann"})
    await second.request({"type": "identify", "player": me.player, "secret": me.secret})
    granted = await first.create_room("oware_abapa", seat=0, rated=True)
    with pytest.raises(ServerError) as refused:
        await second.join(granted.room)
    assert refused.value.code == "seat_taken" and "rated" in refused.value.message
    bob = await connect("bob")
    await bob.request({"type": "identify", "name": "bob"})
    assert (await bob.join(granted.room)).seat == 1  # the seat stayed free for someone else
