"""Choices a player makes between rounds (round_fill UCHOOSE, UMOVE, UCHOWN): the room
waits for the chooser, checks the choice with the engine, and starts the next round
with it; the deadline's and a computer's choice is the rules' own layout; a restart
replays a choice made and waits again for one not made yet."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.protocol.messages import ErrorCode
from mancala.rules.loading import config_paths, load_variant
from mancala_client.api import MancalaClient, ServerError
from mancala_server.app import running
from mancala_server.room import Room
from mancala_server.room_ports import RoomError
from tests.server.fakes import FakeClock, FakeMember
from tests.server.room_setup import make_room, seat_both

# bechi_mg (UCHOOSE): these eight moves from South's start end the first round; South,
# whose row then has blocked holes, picks which one of holes 0-3 is filled
BECHI = [0, 4, 3, 7, 2, 5, 1, 6]


async def _to_round_end(room: Room) -> Position:
    """Play BECHI in the room; the round's last position, as the engine has it."""
    ended = room.game.start(0)
    for move in BECHI:
        await room.play_for(room.position.turn, move, None)
        ended = room.game.play(ended, move)
    assert ended.outcome is not None and ended.outcome.kind.ends_round
    return ended


def _refused(code: ErrorCode, call: Any, *args: Any) -> str:
    with pytest.raises(RoomError) as caught:
        call(*args)
    assert caught.value.code == code
    return caught.value.message


async def test_the_chooser_picks_the_next_rounds_holes_and_nothing_else_goes(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, variant="bechi_mg")
    ann, bob = seat_both(room)
    watcher = FakeMember("eve")
    room.watch(watcher)
    ended = await _to_round_end(room)
    push = watcher.of_type("round_choice")[-1]
    assert (push.seat, push.form, push.count, push.holes) == (0, "fill", 1, [0, 1, 2, 3])
    assert push.deadline_ms == 60_000 and len(push.default) == 1
    assert not watcher.of_type("round_started")  # the room waits
    assert room.room_state(None).round_choice == push
    # nobody moves, the other seat and a spectator do not choose
    assert _refused(ErrorCode.NOT_YOUR_TURN, room.check_can_move, room.position.turn, None) \
        == "South is choosing the next round's layout"
    assert "South" in _refused(ErrorCode.NO_CHOICE, room.choose_round, bob, {"fill": [4]})
    _refused(ErrorCode.NOT_A_PLAYER, room.choose_round, watcher, {"fill": [0]})
    # choices the rules refuse: typed, and the room still waits
    for bad in ({"fill": [5]}, {"fill": [0, 1]}, {"layout": [1, 1, 1, 1]}, {"fill": []}):
        _refused(ErrorCode.ILLEGAL_CHOICE, room.choose_round, ann, bad)
    assert room.position.board == ended.board and room.choosing is not None and not watcher.of_type("round_started")
    pick = next(h for h in push.holes if h not in push.default)  # not what the rules would do
    room.choose_round(ann, {"fill": [pick]})
    started = watcher.of_type("round_started")[-1]
    expected = room.game.next_round(ended, {"fill": [pick]})
    assert started.state.board == expected.board and started.state.blocked == expected.blocked
    assert not started.state.blocked[pick] and all(started.state.blocked[h] for h in (0, 1, 2, 3) if h != pick)
    assert started.state.blocked != room.game.state_json(room.game.next_round(ended))["blocked"]
    assert room.room_state(None).round_choice is None
    _refused(ErrorCode.NO_CHOICE, room.choose_round, ann, {"fill": [pick]})
    # stored with the round: the game replays with the choice
    assert room.game_id is not None
    row = room.store.game(room.game_id)  # type: ignore[attr-defined]
    assert row.rounds[len(BECHI)]["choice"] == {"fill": [pick]}


async def test_at_the_deadline_the_rules_layout_is_played(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, variant="bechi_mg")
    room.round_choice_timeout = 5.0
    ann, _ = seat_both(room)
    ended = await _to_round_end(room)
    assert ann.of_type("round_choice")[-1].deadline_ms == 5000
    clock.advance(4.9)
    assert not ann.of_type("round_started")
    clock.advance(0.2)
    started = ann.of_type("round_started")[-1]
    default = room.game.next_round(ended)
    assert started.state.blocked == default.blocked and started.state.board == default.board
    assert room.choosing is None and room.position.outcome is None
    _refused(ErrorCode.NO_CHOICE, room.choose_round, ann, {"fill": [0]})
    # recorded as the choice that lays it out, so that the record replays past the round
    row = room.store.game(room.game_id)  # type: ignore[attr-defined]
    assert row.rounds[len(BECHI)]["choice"] == {"fill": ann.of_type("round_choice")[-1].default}


async def test_a_game_ended_while_a_choice_waits_leaves_none_to_its_rematch(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, variant="bechi_mg")
    ann, bob = seat_both(room)
    await _to_round_end(room)
    room.resign(bob)
    assert room.finished and room.room_state(0).round_choice is None
    _refused(ErrorCode.NO_CHOICE, room.choose_round, ann, {"fill": [0]})
    await room.rematch(ann)
    await room.rematch(bob)
    assert not room.finished and room.choosing is None
    room.check_can_move(room.position.turn, None)  # moves are not held up by the old choice
    clock.advance(120)  # nor does the old deadline start anything
    assert not ann.of_type("round_started")


async def test_a_computer_chooser_takes_the_rules_layout_at_once(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, variant="bechi_mg")
    room.add_computer(0, 1)
    bob = FakeMember("bob")
    room.claim(bob, 1)
    ended = await _to_round_end(room)
    assert not bob.of_type("round_choice")
    started = bob.of_type("round_started")[-1]
    assert started.state.blocked == room.game.next_round(ended).blocked and room.choosing is None


def _same_store_room(tmp_path: Path, clock: FakeClock, room: Room) -> Room:
    """The room as a restarted server brings it back from its store."""
    path = config_paths()["bechi_mg"]
    back = Room(room.code, "bechi_mg", json.loads(path.read_text()), load_variant(path), public=True,
                store=room.store, on_change=lambda _: None, abandon_timeout=60.0, clock=clock,
                deliver=lambda members, message: None)
    store: Any = room.store
    back.restore(store.room(room.code), store.game(room.game_id))
    back.end_if_over()
    return back


async def test_a_restart_waits_again_for_a_choice_and_replays_a_choice_made(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, variant="bechi_mg")
    ann, _ = seat_both(room)
    ended = await _to_round_end(room)
    back = _same_store_room(tmp_path, clock, room)
    assert not back.finished and back.choosing is not None
    assert back.choosing.needed["player"] == 0 and back.position.board == ended.board
    state = back.room_state(0)
    assert state.round_choice is not None and state.round_choice.form == "fill"
    # the choice is made (before the restart): the restarted room is in the round it chose
    push = ann.of_type("round_choice")[-1]
    pick = next(h for h in push.holes if h not in push.default)
    room.choose_round(ann, {"fill": [pick]})
    back = _same_store_room(tmp_path, clock, room)
    assert back.choosing is None and back.position.blocked == room.position.blocked
    assert back.position.board == room.position.board and not back.position.blocked[pick]


async def test_choose_round_over_the_wire(url: str) -> None:
    """The push, the request and its errors as clients see them on a real server."""
    south = await MancalaClient.connect(url, name="ann")
    north = await MancalaClient.connect(url, name="bob")
    watcher = await MancalaClient.connect(url, name="eve")
    try:
        granted = await south.create_room("bechi_mg", seat=0)
        await north.join(granted.room)
        await watcher.spectate(granted.room)
        players = [south, north]
        for ply, move in enumerate(BECHI):
            await players[ply % 2].move(granted.room, move, ply)
        push = await watcher.next_event("round_choice")
        assert push.seat == 0 and push.form == "fill" and push.ply == len(BECHI)
        for client, choice, code in ((north, {"fill": [0]}, "no_choice"), (watcher, {"fill": [0]}, "not_a_player"),
                                     (south, {"fill": [7]}, "illegal_choice")):
            with pytest.raises(ServerError) as caught:
                await client.choose_round(granted.room, choice)
            assert caught.value.code == code
        with pytest.raises(ServerError) as caught:
            await south.request({"type": "choose_round", "room": granted.room, "choice": {"seeds": [1]}})
        assert caught.value.code == "bad_message"
        pick = next(h for h in push.holes if h not in push.default)
        await south.choose_round(granted.room, {"fill": [pick]})
        started = await watcher.next_event("round_started")
        assert not started.state.blocked[pick] and started.state.turn is not None
    finally:
        for c in (south, north, watcher):
            await c.close()


def _moves_to_a_choice(variant: str) -> tuple[list[Any], dict[str, Any]]:
    """Random moves (seeded) from South's start to a round's end that asks for a choice."""
    game = Game(load_variant(variant))
    for seed in range(300):
        rng = random.Random(seed)
        pos, moves = game.start(0), []
        while pos.outcome is None and len(moves) < 200:
            move = rng.choice(game.legal_moves(pos))
            moves.append(move)
            pos = game.play(pos, move)
        needed = game.round_choice(pos) if pos.outcome is not None and pos.outcome.kind.ends_round else None
        if needed is not None:
            return moves, needed
    raise AssertionError(f"no round choice found in {variant}")


@pytest.mark.parametrize("variant", ["adi", "giuthi_mg"])
async def test_own_and_layout_choices_start_the_round_as_chosen(tmp_path: Path, variant: str) -> None:
    """UCHOWN (adi: the winner picks their holes of the shared row) and UMOVE (giuthi_mg:
    the loser lays out their row, the winner's mirrors it)."""
    moves, needed = _moves_to_a_choice(variant)
    clock = FakeClock()
    room = make_room(tmp_path, clock, variant=variant)
    people = seat_both(room)
    ended = room.game.start(0)
    for move in moves:
        await room.play_for(room.position.turn, move, None)
        ended = room.game.play(ended, move)
    push = people[0].of_type("round_choice")[-1]
    chooser = people[needed["player"]]
    assert push.seat == needed["player"] and push.form == needed["form"]
    if push.form == "own":
        assert push.count == needed["count"] and push.holes == needed["holes"]
        choice = {"own": [h for h in reversed(push.holes)][: push.count]}
        _refused(ErrorCode.ILLEGAL_CHOICE, room.choose_round, chooser, {"own": push.holes[: push.count + 1]})
    else:
        assert push.seeds == needed["seeds"] and len(push.holes) == needed["holes"]
        counts = [1] * needed["holes"]
        counts[0] = max(needed["min_move"] or 1, 1)
        choice = {"layout": counts}
        _refused(ErrorCode.ILLEGAL_CHOICE, room.choose_round, chooser, {"layout": [0] * needed["holes"]})
        _refused(ErrorCode.ILLEGAL_CHOICE, room.choose_round, chooser,
                 {"layout": [needed["seeds"]] * needed["holes"]})
    room.choose_round(chooser, choice)
    expected = room.game.next_round(ended, choice)
    started = people[0].of_type("round_started")[-1]
    assert started.state.board == expected.board and started.state.owners == room.game.owners_json(expected)
    assert started.state.stores == expected.stores


async def test_a_restarted_server_asks_again_and_takes_the_choice(make_settings: Any) -> None:
    """The whole server stopped while South chooses: back up, the room waits again (a new
    deadline), South's page gets the choice in the room_state, and the choice goes in."""
    settings = make_settings(round_choice_timeout=30.0)
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        south = await MancalaClient.connect(url, name="ann")
        north = await MancalaClient.connect(url, name="bob")
        granted = await south.create_room("bechi_mg", seat=0)
        await north.join(granted.room)
        for ply, move in enumerate(BECHI):
            await (south, north)[ply % 2].move(granted.room, move, ply)
        push = await south.next_event("round_choice")
        await south.close()
        await north.close()
    async with running(settings) as server:
        url = f"ws://127.0.0.1:{server.port}/ws"
        south = await MancalaClient.connect(url, name="ann")
        try:
            back = await south.reconnect(granted.room, granted.token)
            assert back.ply == len(BECHI) and back.status == "playing"
            assert back.round_choice is not None and back.round_choice.seat == 0
            assert back.round_choice.default == push.default and back.round_choice.deadline_ms > 29_000
            pick = next(h for h in push.holes if h not in push.default)
            await south.choose_round(granted.room, {"fill": [pick]})
            started = await south.next_event("round_started")
            assert not started.state.blocked[pick]
        finally:
            await south.close()


async def test_the_choosers_clock_runs_while_they_choose(tmp_path: Path) -> None:
    """In a timed game the chooser is the one thinking: their clock runs during the choice
    (told with the round_choice), and the new round's first mover's after it (told with
    round_started); a chooser who lets it run out loses on time, as for a move."""
    from mancala.protocol.fields import TimeControl

    clock = FakeClock()
    room = make_room(tmp_path, clock, variant="bechi_mg", control=TimeControl(base=60, increment=0))
    ann, bob = seat_both(room)
    await _to_round_end(room)
    push = ann.of_type("round_choice")[-1]
    assert push.seat == 0 and push.clocks is not None and push.clocks.running == 0
    before = push.clocks.remaining[0]
    clock.advance(10.0)
    room.choose_round(ann, {"fill": [push.default[0]]})
    started = ann.of_type("round_started")[-1]
    assert started.clocks is not None and started.clocks.running == started.state.turn
    assert started.clocks.remaining[0] == before - 10_000, "the ten seconds of choosing were South's"

    room2 = make_room(tmp_path, FakeClock(), variant="bechi_mg", control=TimeControl(base=60, increment=0),
                      code="RULES2")
    room2.round_choice_timeout = 120.0  # longer than the clock: the flag falls first
    ann2, _ = seat_both(room2)
    await _to_round_end(room2)
    left = ann2.of_type("round_choice")[-1].clocks.remaining[0]
    room2.clock.advance(left / 1000 + 0.1)  # type: ignore[attr-defined]
    over = ann2.of_type("game_over")[-1]
    assert (over.reason, over.outcome) == ("timeout", {"kind": "WIN", "winner": 1})
