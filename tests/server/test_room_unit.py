"""Room and Hub rules without sockets: fake members, a fake clock, a real SQLite store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mancala.engine.position import Outcome, OutcomeKind
from mancala.rules.loading import config_paths, load_variant
from mancala_server.config import Settings
from mancala_server.hub import Hub
from mancala_server.room import Room
from mancala_server.room_ports import RoomError
from mancala_server.store import Store
from tests.server.fakes import FakeClock, FakeMember, deliver

ABANDON = 60.0


def make_room(tmp_path: Path, clock: FakeClock, changes: list[Room] | None = None) -> Room:
    path = config_paths()["kalah_4"]
    room = Room("ABCDEF", "kalah_4", json.loads(path.read_text()), load_variant(path), public=True,
                store=Store(tmp_path / "db.sqlite3"), on_change=(changes or []).append,
                abandon_timeout=ABANDON, clock=clock, deliver=deliver)
    room.begin(0, room.game.start(0))
    return room


async def seated(tmp_path: Path) -> tuple[Room, FakeClock, FakeMember, FakeMember]:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    return room, clock, ann, bob


async def bob_gone(tmp_path: Path) -> tuple[Room, FakeClock, FakeMember, str]:
    """Ann and Bob seated, then Bob's connection gone: the room, its clock, Ann, and the
    token Bob can come back with."""
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    room.claim(ann, 0)
    _, token = room.claim(bob, 1)
    room.detach(bob)
    return room, clock, ann, token


async def test_a_move_is_stored_then_told_to_everyone_in_the_room(tmp_path: Path) -> None:
    room, _, ann, bob = await seated(tmp_path)
    watcher = FakeMember("cy")
    room.watch(watcher)
    await room.move(ann, 2, 0)
    assert room.game_id is not None
    row = room.store.game(room.game_id)
    assert row is not None and row.moves == [(0, 2)]
    for member in (ann, bob, watcher):
        made = member.of_type("move_made")
        assert len(made) == 1 and made[0].ply == 0 and made[0].move == 2


async def test_refusals_leave_the_position_as_it_was(tmp_path: Path) -> None:
    room, _, ann, bob = await seated(tmp_path)
    before = room.state()
    for who, move, ply, code in ((bob, 8, None, "not_your_turn"), (ann, 8, None, "illegal_move"),
                                 (ann, 2, 5, "stale_ply"), (FakeMember("eve"), 2, None, "not_a_player")):
        with pytest.raises(RoomError) as err:
            await room.move(who, move, ply)
        assert err.value.code == code
    assert room.state() == before and not room.moves


async def test_a_seat_left_empty_forfeits_when_its_grace_period_ends_and_the_win_is_claimed(
        tmp_path: Path) -> None:
    room, clock, ann, bob = await seated(tmp_path)
    room.detach(bob)
    clock.advance(ABANDON - 1)
    assert not room.finished
    clock.advance(2)
    assert [m.status for m in ann.of_type("player_status")][-1] == "claimable"
    assert not room.finished and room.room_state(0).seats[1].claimable
    room.claim_win(ann)
    assert room.finished and ann.of_type("game_over")[0].reason == "forfeit"
    assert ann.of_type("game_over")[0].outcome == {"kind": "WIN", "winner": 0}


async def test_with_both_players_away_the_first_deadline_ends_the_game_by_itself(tmp_path: Path) -> None:
    """Nobody is there to claim: the seat that went away first forfeits at its deadline."""
    room, clock, ann, bob = await seated(tmp_path)
    watcher = FakeMember("cy")
    room.watch(watcher)
    room.detach(bob)
    clock.advance(10)
    room.detach(ann)
    clock.advance(ABANDON - 10 + 1)  # bob's deadline, not yet ann's
    over = watcher.of_type("game_over")
    assert room.finished and [m.status for m in watcher.of_type("player_status")][-1] == "forfeited"
    assert len(over) == 1 and (over[0].reason, over[0].outcome) == ("forfeit", {"kind": "WIN", "winner": 0})


async def test_a_player_who_waited_past_the_deadline_then_went_away_still_wins(tmp_path: Path) -> None:
    """Bob's win became claimable; Ann, who could have claimed it, leaves too. At her own
    deadline nobody is there: the seat whose deadline passed first, Bob's, forfeits."""
    room, clock, ann, bob = await seated(tmp_path)
    watcher = FakeMember("cy")
    room.watch(watcher)
    room.detach(bob)
    clock.advance(ABANDON + 1)
    assert room.seats[1].claimable and not room.finished
    room.detach(ann)
    clock.advance(ABANDON - 1)
    assert not room.finished
    clock.advance(2)
    over = watcher.of_type("game_over")
    assert len(over) == 1 and (over[0].reason, over[0].outcome) == ("forfeit", {"kind": "WIN", "winner": 0})
    assert [(m.seat, m.status) for m in watcher.of_type("player_status")][-1] == (1, "forfeited")


async def test_a_player_who_waited_then_went_away_can_come_back_and_still_claim(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    _, token = room.claim(ann, 0)
    room.claim(bob, 1)
    room.detach(bob)
    clock.advance(ABANDON + 1)
    room.detach(ann)
    clock.advance(ABANDON - 1)  # her own deadline not yet passed
    again = FakeMember("ann")
    assert room.reconnect(again, token) == 0
    assert room.room_state(0).seats[1].claimable and not room.finished
    room.claim_win(again)
    over = again.of_type("game_over")
    assert len(over) == 1 and (over[0].reason, over[0].outcome) == ("forfeit", {"kind": "WIN", "winner": 0})


async def test_a_claim_with_nothing_to_claim_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    room, clock, ann, bob = await seated(tmp_path)
    watcher = FakeMember("cy")
    room.watch(watcher)
    for who, code in ((ann, "not_claimable"), (bob, "not_claimable"), (watcher, "not_a_player")):
        with pytest.raises(RoomError) as err:
            room.claim_win(who)
        assert err.value.code == code
    room.detach(bob)
    clock.advance(ABANDON - 1)
    with pytest.raises(RoomError) as err:
        room.claim_win(ann)
    assert err.value.code == "not_claimable" and "1 s left to come back" in err.value.message
    assert not room.finished and not ann.of_type("game_over")
    assert [m.status for m in ann.of_type("player_status")][-1] == "disconnected"


async def test_the_time_left_to_come_back_is_told_and_shown_in_the_room_state(tmp_path: Path) -> None:
    """Issue 13: pages count down to the forfeit, from player_status and, after a reload,
    from room_state's seats."""
    room, clock, ann, token = await bob_gone(tmp_path)
    away = ann.of_type("player_status")[-1]
    assert away.status == "disconnected" and away.grace_ms == ABANDON * 1000
    clock.advance(20)
    seats = room.room_state(0).seats
    assert seats[1].grace_ms == (ABANDON - 20) * 1000 and seats[0].grace_ms is None
    assert room.summary().seats[1].grace_ms is None  # the lobby is not told
    room.reconnect(FakeMember("bob"), token)
    assert room.room_state(0).seats[1].grace_ms is None


async def test_a_reconnect_with_the_token_cancels_the_forfeit(tmp_path: Path) -> None:
    room, clock, ann, token = await bob_gone(tmp_path)
    clock.advance(ABANDON - 1)
    again = FakeMember("bob")
    assert room.reconnect(again, token) == 1
    clock.advance(ABANDON * 2)
    assert not room.finished and [m.status for m in ann.of_type("player_status")][-1] == "back"


async def test_rematch_needs_both_players_and_swaps_the_seats(tmp_path: Path) -> None:
    room, _, ann, bob = await seated(tmp_path)
    room.resign(bob)
    assert not await room.rematch(ann)
    assert bob.of_type("rematch_offer")[0].seat == 0
    assert await room.rematch(bob)
    assert ann.seats[room.code] == 1 and bob.seats[room.code] == 0
    assert ann.of_type("room_state")[-1].you == 1 and not room.finished


def hub(tmp_path: Path, clock: FakeClock, **settings: float) -> Hub:
    values: dict[str, Any] = {"data_dir": tmp_path / "data", "idle_room_ttl": 100.0, "empty_room_ttl": 50.0,
                              **settings}
    return Hub(Settings(**values), clock=clock, deliver=deliver)


async def test_the_hub_closes_idle_rooms_by_its_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    h = hub(tmp_path, clock)
    ann = FakeMember("ann")
    await h.handle(ann, json.dumps({"type": "create_room", "variant": "kalah_4", "id": 1}))  # type: ignore[arg-type]
    granted = ann.of_type("seat_granted")[0]
    clock.advance(99)
    h.sweep_once()
    assert granted.room in h.rooms
    clock.advance(2)
    h.sweep_once()
    assert granted.room not in h.rooms and ann.of_type("room_closed")[0].room == granted.room
    assert not ann.seats
    h.rules.close()


async def test_the_hub_answers_every_bad_frame_with_a_typed_error(tmp_path: Path) -> None:
    h = hub(tmp_path, FakeClock())
    ann = FakeMember("ann")
    frames = ['{"type": ["ping"]}', "[1]", "{", '{"type": "move", "room": "ABCDEF", "move": true}',
              '{"type": "nope"}', json.dumps({"type": "ping", "id": 2**60})]
    for frame in frames:
        await h.handle(ann, frame)  # type: ignore[arg-type]
    kinds = [(m.type, getattr(m, "code", None)) for m in ann.got]
    assert kinds == [("error", "unknown_type"), ("error", "bad_message"), ("error", "bad_message"),
                     ("error", "bad_message"), ("error", "unknown_type"), ("error", "bad_message")]
    assert ann.got[-1].id is None  # an id beyond 2**53 is not echoed
    h.rules.close()


def test_the_rate_bucket_allows_its_burst_then_its_rate() -> None:
    from mancala_server.connection import TokenBucket

    clock = FakeClock()
    bucket = TokenBucket(10.0, 5, now=clock.now)
    assert [bucket.take() for _ in range(6)] == [True] * 5 + [False]
    clock.advance(0.25)  # 2.5 tokens back
    assert [bucket.take() for _ in range(3)] == [True, True, False]
    clock.advance(60)  # never more than the burst
    assert sum(bucket.take() for _ in range(10)) == 5


async def test_the_result_names_the_winners_count_first(tmp_path: Path) -> None:
    room, _, ann, bob = await seated(tmp_path)
    room.position = room.game.start(1, board=[0] * 11 + [1], stores=[11, 36])
    await room.move(bob, 11, None)  # North's last seed into its store: 37 of 48
    assert room.finished and bob.of_type("game_over")[0].result == "North wins, 37-11"


# CLEAR with MOVE_ALL_HOLES_FIRST can leave the player to move no legal move while the
# rules name no end: these moves get there
STUCK = {"game_class": "Mancala", "game_constants": {"holes": 5, "nbr_start": 1},
         "game_info": {"sow_direct": "SPLIT", "evens": True, "goal": "CLEAR",
                       "allow_rule": "MOVE_ALL_HOLES_FIRST", "udir_holes": [2]}}
TO_STUCK = [0, 5, 1, (7, "CW"), (2, "CCW"), 8]


async def stuck_room(store: Store) -> tuple[Room, FakeMember, FakeMember]:
    from mancala.rules.loading import parse_variant

    room = Room("STUCK1", "custom", STUCK, parse_variant(STUCK), public=False, store=store,
                on_change=lambda _r: None, abandon_timeout=ABANDON, clock=FakeClock(), deliver=deliver)
    room.begin(0, room.game.start(0))
    ann, bob = FakeMember("ann"), FakeMember("bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    for move in TO_STUCK:
        await room.play_for(room.position.turn, move, None)
    return room, ann, bob


async def test_a_player_left_without_a_move_ends_the_game_as_a_draw(tmp_path: Path) -> None:
    """Online that is a draw, not a room waiting for ever."""
    room, ann, _ = await stuck_room(Store(tmp_path / "db.sqlite3"))
    assert room.position.outcome is None and not room.game.legal_moves(room.position)
    over = ann.of_type("game_over")[0]
    assert room.finished and over.outcome == {"kind": "TIE", "winner": None}
    assert over.result == "draw: South has no legal move and the rules name no end"


async def test_a_game_restored_without_a_move_left_ends_as_the_draw(tmp_path: Path) -> None:
    """Killed after the move that left nobody a move was committed, before the draw was: the
    restored room was playing for ever (nobody could move, nothing ended it)."""
    settings = Settings(data_dir=tmp_path / "data")
    store = Store(settings.db_path)
    room, _, _ = await stuck_room(store)
    with store.db:  # the draw never reached the store
        store.db.execute("UPDATE games SET outcome=NULL, reason=NULL, result=NULL, ended=NULL WHERE id=?",
                         (room.game_id,))
    store.set_room_status(room.code, "playing")
    store.close()
    h = Hub(settings, clock=FakeClock(), deliver=deliver)
    await h.restore()
    back = h.rooms[room.code]
    assert back.finished and back.status == "finished"
    assert (await h.storage.game(room.game_id)).outcome == Outcome(OutcomeKind.TIE, None)  # type: ignore[arg-type, union-attr]
    h.rules.close()
    await h.storage.close()


async def test_a_game_restored_after_its_last_move_ends_as_the_rules_say(tmp_path: Path) -> None:
    """The same window after a game's last move: the room came back finished, but its game
    was never recorded as ended (no outcome over HTTP, no result)."""
    import random

    settings = Settings(data_dir=tmp_path / "data")
    clock = FakeClock()
    path = config_paths()["kalah_4"]
    room = Room("ABCDEF", "kalah_4", json.loads(path.read_text()), load_variant(path), public=True,
                store=Store(settings.db_path), on_change=lambda _r: None, abandon_timeout=ABANDON,
                clock=clock, deliver=deliver)
    room.begin(0, room.game.start(0))
    room.claim(FakeMember("ann"), 0)
    room.claim(FakeMember("bob"), 1)
    rng = random.Random(5)
    while not room.finished:
        await room.play_for(room.position.turn, rng.choice(room.game.legal_moves(room.position)), None)
    ended = room.store.game(room.game_id)  # type: ignore[arg-type]
    with room.store.db:
        room.store.db.execute("UPDATE games SET outcome=NULL, reason=NULL, result=NULL, ended=NULL WHERE id=?",
                              (room.game_id,))
    room.store.set_room_status(room.code, "playing")
    room.store.close()
    h = Hub(settings, clock=FakeClock(), deliver=deliver)
    await h.restore()
    again = await h.storage.game(room.game_id)  # type: ignore[arg-type]
    assert h.rooms[room.code].finished and h.rooms[room.code].result == ended.result  # type: ignore[union-attr]
    assert (again.outcome, again.reason, again.result) == (ended.outcome, "rules", ended.result)  # type: ignore[union-attr]
    h.rules.close()
    await h.storage.close()


async def test_a_room_closed_idle_while_a_win_waits_to_be_claimed_gives_it_to_the_player_who_waited(
        tmp_path: Path) -> None:
    clock = FakeClock()
    h = hub(tmp_path, clock, abandon_timeout=10.0)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    await h.handle(ann, json.dumps({"type": "create_room", "variant": "kalah_4", "id": 1}))  # type: ignore[arg-type]
    code = ann.of_type("seat_granted")[0].room
    await h.handle(bob, json.dumps({"type": "join_room", "room": code, "id": 2}))  # type: ignore[arg-type]
    room = h.rooms[code]
    game_id = room.game_id
    h.disconnected(bob)  # type: ignore[arg-type]
    clock.advance(11)
    assert room.seats[1].claimable and not room.finished  # Ann may claim, or wait
    clock.advance(100)
    journal = h.journals[code]
    h.sweep_once()  # nobody moved or claimed for idle_room_ttl: the room closes...
    await journal.settled()  # (what it tells waits for its writes)
    assert code not in h.rooms
    over = ann.of_type("game_over")  # ...and the game ends as the claim would have ended it
    assert over and over[0].reason == "forfeit" and over[0].outcome == {"kind": "WIN", "winner": 0}
    assert (await h.storage.game(game_id)).result is not None  # type: ignore[arg-type, union-attr]
    h.rules.close()
