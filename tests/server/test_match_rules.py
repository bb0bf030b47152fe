"""Offers, takebacks, clocks across rounds and the computer's budget, told through the
room's public entry points and the messages its members get. Written from
docs/mutation.md's survivors of match.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mancala.ai.player import plays_as
from mancala.protocol.messages import ErrorCode, TimeControl
from mancala.rules.loading import config_paths, load_variant
from mancala_server.ratings import COMPUTER_RATINGS
from mancala_server.room import Room
from mancala_server.room_ports import RoomError
from tests.server.fakes import FakeClock, FakeMember, deliver
from tests.server.room_setup import (
    ABANDON,
    against_computer,
    established,
    make_room,
    moves_each,
    seat_both,
)

BLITZ = TimeControl(base=60, increment=2)


async def test_a_second_offer_from_the_same_player_is_refused_and_says_why(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    room.offer_draw(0)
    with pytest.raises(RoomError) as err:
        room.offer_draw(0)
    assert err.value.code == ErrorCode.NO_OFFER and err.value.message == "you have offered a draw already"
    assert len(bob.of_type("offer")) == 1 and not ann.of_type("game_over")


async def test_an_offer_to_the_computer_is_refused_at_once(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann = against_computer(room)
    for offer, kind in ((room.offer_draw, "draw"), (room.offer_takeback, "takeback")):
        if kind == "takeback":
            await room.move(ann, 2, 0)
        with pytest.raises(RoomError) as err:
            offer(0)
        assert err.value.code == ErrorCode.NO_OFFER
        assert err.value.message == f"the computer does not take {kind} offers"
    assert not ann.of_type("offer") and room.match.offer is None


async def test_an_answer_without_an_offer_is_refused_and_says_what_is_missing(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    seat_both(room)
    with pytest.raises(RoomError) as err:
        room.answer_draw(1, True)
    assert err.value.code == ErrorCode.NO_OFFER and err.value.message == "your opponent has not offered a draw"


async def test_two_draw_offers_are_an_agreement_and_the_game_ends_drawn(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    room.offer_draw(0)
    room.offer_draw(1)
    over = ann.of_type("game_over")
    assert len(over) == 1 and over[0].reason == "agreement" and over[0].result == "draw by agreement"
    assert over[0].outcome == {"kind": "TIE", "winner": None}
    assert [o.status for o in bob.of_type("offer")] == ["offered"]  # agreed: never declined


async def test_the_player_who_asked_for_a_takeback_cannot_grant_it(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, _ = seat_both(room)
    await room.move(ann, 2, 0)
    room.offer_takeback(0)
    with pytest.raises(RoomError) as err:
        room.answer_takeback(0, True)
    assert err.value.code == ErrorCode.NO_OFFER and len(room.moves) == 1


async def test_a_takeback_of_the_reply_only_goes_back_one_move(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    after_first = room.state()
    await room.move(bob, 8, 1)
    await room.move(ann, 3, 2)
    room.offer_takeback(1)  # North's reply (ply 1) and South's move after it
    room.answer_takeback(0, True)
    back = ann.of_type("taken_back")[0]
    assert back.ply == 1 and [m.move for m in back.moves] == [2]
    assert room.state() == after_first == back.state and room.position.turn == 1


async def test_a_takeback_on_a_clock_keeps_the_time_used_and_runs_the_new_movers_clock(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=BLITZ)
    ann, bob = seat_both(room)
    await moves_each(room, 1)  # both have moved: the clocks run
    clock.advance(4)
    await room.move(ann, 2, 2)
    clock.advance(6)
    room.offer_takeback(0)
    clock.advance(1)
    room.answer_takeback(1, True)
    back = bob.of_type("taken_back")[0]
    assert back.clocks is not None
    assert back.clocks.remaining == [58_000, 53_000] and back.clocks.running == 0
    clock.advance(3)
    assert room.room_state(0).clocks.remaining == [55_000, 53_000]  # type: ignore[union-attr]


async def test_a_new_round_runs_the_clock_of_the_player_who_starts_it(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, variant="dakon_rounds", control=TimeControl(base=600))
    ann, bob = seat_both(room)
    members = (ann, bob)
    while not ann.of_type("round_started") and not room.finished:
        turn = room.position.turn
        clock.advance(1)
        await room.move(members[turn], room.game.legal_moves(room.position)[0], len(room.moves))
    started = ann.of_type("round_started")
    assert started, "the first round ends before the game does"
    state = room.room_state(0)
    assert state.clocks is not None and state.clocks.running == started[0].state.turn
    before = state.clocks.remaining[started[0].state.turn]
    clock.advance(5)
    assert room.room_state(0).clocks.remaining[started[0].state.turn] == before - 5_000  # type: ignore[union-attr]


async def test_a_computer_short_of_time_thinks_at_least_20_ms(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=TimeControl(base=20))
    ann = against_computer(room)
    await moves_each(room, 1)  # both have moved: the computer's clock runs after South's next
    await room.move(ann, 2, 2)
    clock.advance(19.9)
    assert room.computer_budget(2000) == 20


async def test_a_computers_budget_is_a_whole_number_of_milliseconds(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=TimeControl(base=20, increment=1))
    ann = against_computer(room)
    await moves_each(room, 1)  # both have moved: the computer's clock runs after South's next
    await room.move(ann, 2, 2)
    clock.advance(0.99)  # 19,010 ms left: a 25th of it is not whole
    assert room.computer_budget(5000) == 19_010 // 25 + 800


async def test_a_computer_in_a_correspondence_game_thinks_for_the_servers_cap(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), control=TimeControl(days=1))
    ann = against_computer(room)
    await room.move(ann, 2, 0)
    assert room.computer_budget(1500) == 1500


async def test_pausing_a_room_without_a_clock_changes_nothing(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    room.pause()
    await room.move(ann, 2, 0)
    assert room.room_state(0).clocks is None and bob.of_type("move_made")[0].clocks is None


async def test_a_rated_games_new_ratings_follow_its_end_and_go_with_the_players(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True)
    for player in ("p-ann", "p-bob"):  # past their first games: each moves the other fully
        established(room.store, player)  # type: ignore[arg-type]
    ann, bob = FakeMember("ann", player="p-ann"), FakeMember("bob", player="p-bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    await moves_each(room, 2)  # a game resigned sooner is not rated (test_early_games.py)
    room.resign(bob)
    kinds = [m.type for m in ann.got if m.type in ("game_over", "ratings_changed")]
    assert kinds == ["game_over", "ratings_changed"]
    news = bob.of_type("ratings_changed")[0]
    assert (news.room, news.game_id, news.variant) == ("RULES1", room.game_id, "oware_abapa")
    gained, lost = news.changes
    assert (gained.seat, gained.name, gained.before) == (0, "ann", 1500) and gained.after > 1500
    assert (lost.seat, lost.name) == (1, "bob") and lost.after < 1500 and not lost.provisional
    assert ann.ratings["oware_abapa"] == (gained.after, False) == room.seats[0].rating
    assert bob.ratings["oware_abapa"] == (lost.after, False)
    assert room.game_id is not None
    stored = room.store.game(room.game_id)  # type: ignore[attr-defined]
    assert (stored.reason, stored.result) == ("resign", "South wins: North resigned")


async def test_a_rated_game_against_the_computer_moves_only_the_players_rating(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True)
    room.add_computer(1, 2)
    ann = FakeMember("ann", player="p-ann")
    room.claim(ann, 0)
    await moves_each(room, 2)
    room.resign(ann)
    player, computer = ann.of_type("ratings_changed")[0].changes
    assert player.after < 1500 and (computer.name, computer.before, computer.after) == ("Computer (level 2)",
                                                                                        1790, 1790)


async def test_offers_are_refused_before_the_game_starts_and_after_it_ends(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann = FakeMember("ann")
    room.claim(ann, 0)
    with pytest.raises(RoomError) as err:
        room.offer_draw(0)
    assert (err.value.code, err.value.message) == (ErrorCode.NOT_YOUR_TURN, "room RULES1: the game has not started")
    bob = FakeMember("bob")
    room.claim(bob, 1)
    room.resign(bob)
    with pytest.raises(RoomError) as err:
        room.offer_takeback(0)
    assert (err.value.code, err.value.message) == (ErrorCode.GAME_OVER, "room RULES1: the game is over")


async def test_a_takeback_is_refused_in_a_rated_game_and_without_a_move_of_ones_own(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    with pytest.raises(RoomError) as err:
        room.offer_takeback(1)
    assert (err.value.code, err.value.message) == (ErrorCode.NO_TAKEBACK, "you have no move to take back")
    rated = make_room(tmp_path, FakeClock(), rated=True, code="RATED1")
    south, north = FakeMember("ann", player="p-ann"), FakeMember("bob", player="p-bob")
    rated.claim(south, 0)
    rated.claim(north, 1)
    await rated.move(south, 2, 0)
    with pytest.raises(RoomError) as err:
        rated.offer_takeback(0)
    assert (err.value.code, err.value.message) == (ErrorCode.NO_TAKEBACK, "no takebacks in a rated game")
    assert not north.of_type("offer")


async def test_moves_before_a_new_round_cannot_be_taken_back(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), variant="dakon_rounds")
    ann, bob = seat_both(room)
    members = (ann, bob)
    while not ann.of_type("round_started"):
        await room.move(members[room.position.turn], room.game.legal_moves(room.position)[0], len(room.moves))
    mover = room.position.turn  # the new round's first move: replaying to it crosses the round's end
    await room.move(members[mover], room.game.legal_moves(room.position)[0], len(room.moves))
    room.offer_takeback(mover)
    with pytest.raises(RoomError) as err:
        room.answer_takeback(1 - mover, True)
    assert (err.value.code, err.value.message) == (ErrorCode.NO_TAKEBACK,
                                                   "moves cannot be taken back across a new round")
    assert not ann.of_type("taken_back")


async def test_the_move_that_ended_a_round_taken_back_takes_the_new_rounds_layout_from_the_store(
        tmp_path: Path) -> None:
    """The takeback goes back into the round that move ended (replaying to it crosses no
    round's end); the next round's stored layout goes with the move, so a replay of the
    stored game finds no round where none began."""
    room = make_room(tmp_path, FakeClock(), variant="dakon_rounds")
    ann, bob = seat_both(room)
    members = (ann, bob)
    while not ann.of_type("round_started"):
        await room.move(members[room.position.turn], room.game.legal_moves(room.position)[0], len(room.moves))
    ended = room.moves[-1]
    assert room.game_id is not None
    stored = room.store.game(room.game_id)
    assert stored is not None and stored.rounds is not None and list(stored.rounds) == [ended.ply + 1]
    room.offer_takeback(ended.seat)
    room.answer_takeback(1 - ended.seat, True)
    assert ann.of_type("taken_back")[-1].ply == ended.ply == len(room.moves)
    assert room.position.outcome is None and room.position.turn == ended.seat
    stored = room.store.game(room.game_id)
    assert stored is not None and len(stored.moves) == ended.ply and not stored.rounds


async def test_north_flagged_with_half_the_seeds_is_a_draw_in_norths_words(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=TimeControl(base=60))
    ann, bob = seat_both(room)
    await moves_each(room, 1)
    await room.move(ann, 2, 2)  # both have moved: North's clock runs now
    room.position = room.game.start(1, board=[1] * 12, stores=[12, 24])  # North to move, 48 seeds
    clock.advance(61)
    over = ann.of_type("game_over")[0]
    assert (over.reason, over.outcome) == ("timeout", {"kind": "TIE", "winner": None})
    assert over.result == "draw: North ran out of time, but South could no longer win"


# ---- after a restart (docs/mutation.md, "match.py: 74 survivors": the missing tests) ----


def restarted(room: Room, clock: FakeClock) -> Room:
    """`room` as a restart brings it back (Hub._restore_room): the old process's timers gone
    with it, a new room of the variant restored from the stored row and game, nothing begun."""
    room.cancel_timers()
    assert room.game_id is not None
    row, game = room.store.room(room.code), room.store.game(room.game_id)  # type: ignore[attr-defined]
    assert row is not None and game is not None
    path = config_paths()[room.variant_name]
    back = Room(room.code, room.variant_name, json.loads(path.read_text()), load_variant(path), public=True,
                store=room.store, on_change=lambda _r: None, abandon_timeout=ABANDON, clock=clock, deliver=deliver)
    back.restore(row, game)
    return back


def stop(room: Room) -> None:
    """A graceful stop (app.py, hub_life): the clocks as they stand are stored, and the
    room's timers die with the process."""
    room.pause()
    room.cancel_timers()


async def first_legal(room: Room) -> None:
    await room.play_for(room.position.turn, room.game.legal_moves(room.position)[0], len(room.moves))


async def test_a_restored_rated_games_end_moves_the_ratings_of_the_players_seated_before(tmp_path: Path) -> None:
    """Rule: who plays a rated game is in its stored terms, and a restart keeps it: the
    game's end moves those players' ratings (seats come back with names and tokens only)."""
    clock = FakeClock()
    room = make_room(tmp_path, clock, rated=True)
    for player in ("p-ann", "p-bob"):
        established(room.store, player)  # type: ignore[arg-type]
    _, south = room.claim(FakeMember("ann", player="p-ann"), 0)
    _, north = room.claim(FakeMember("bob", player="p-bob"), 1)
    await moves_each(room, 2)  # enough for the game to count
    back = restarted(room, clock)
    ann, bob = FakeMember("ann", player="p-ann"), FakeMember("bob", player="p-bob")
    back.reconnect(ann, south)
    back.reconnect(bob, north)
    back.resign(bob)
    gained, lost = ann.of_type("ratings_changed")[0].changes
    assert (gained.seat, gained.name, lost.seat, lost.name) == (0, "ann", 1, "bob")
    assert ann.ratings["oware_abapa"] == (gained.after, False) and gained.after > 1500
    assert bob.ratings["oware_abapa"] == (lost.after, False) and lost.after < 1500
    stored = back.store.ratings_of  # type: ignore[attr-defined]
    assert round(stored("p-ann")["oware_abapa"].rating) == gained.after
    assert round(stored("p-bob")["oware_abapa"].rating) == lost.after


async def test_a_stop_with_south_to_move_keeps_the_time_south_had_thought(tmp_path: Path) -> None:
    """Rule: a graceful stop stores the clocks as they stand, the running one included: South,
    to move, gets back what it had at the stop, not its time before it began thinking."""
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=BLITZ)
    seat_both(room)
    await moves_each(room, 1)  # both have moved: South, to move, has its clock running
    clock.advance(7)
    stop(room)
    clock.advance(100)  # the server is down: nobody's clock runs
    back = restarted(room, clock)
    clocks = back.room_state(None).clocks
    assert clocks is not None and (clocks.remaining, clocks.running) == ([53_000, 60_000], 0)
    clock.advance(2)
    assert back.room_state(None).clocks.remaining == [51_000, 60_000]  # type: ignore[union-attr]


async def test_a_move_after_a_restart_makes_the_stops_pause_stale(tmp_path: Path) -> None:
    """Rule: the clocks come back from the latest stored mark: a stop's pause only while no
    move came after it; a server killed after the next move brings back that move's clocks."""
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=BLITZ)
    seat_both(room)
    await moves_each(room, 1)  # ply 2, South to move, the clocks run
    clock.advance(5)
    stop(room)  # at ply 2: 55 s for South
    back = restarted(room, clock)
    clock.advance(3)
    await first_legal(back)  # South moves at ply 2 (its mark: 55 - 3 + 2 s); the pause is at ply 2 too
    clock.advance(10)  # North thinks, and the server is killed: no pause this time
    again = restarted(back, clock)
    clocks = again.room_state(None).clocks
    assert clocks is not None and (clocks.remaining, clocks.running) == ([54_000, 60_000], 1)


async def test_with_every_move_taken_back_the_clocks_come_back_from_the_pause(tmp_path: Path) -> None:
    """Rule: with no move's clocks left (all taken back), a restart's clocks are the stored
    pause's, the only mark there is: the time used stays used (a timed game restarted before
    any move and without a pause starts with full clocks)."""
    clock = FakeClock()
    fresh = make_room(tmp_path, clock, control=BLITZ, code="FRESH1")
    seat_both(fresh)
    assert restarted(fresh, clock).room_state(None).clocks.remaining == [60_000, 60_000]  # type: ignore[union-attr]
    room = make_room(tmp_path, clock, control=BLITZ)
    seat_both(room)
    await moves_each(room, 1)  # ply 2, South to move, the clocks run
    clock.advance(4)
    stop(room)  # at ply 2: (56, 60)
    back = restarted(room, clock)
    back.offer_takeback(0)  # South's only move is ply 0: back to the start
    back.answer_takeback(1, True)
    assert back.moves == [] and back.match.clocks is not None
    again = restarted(back, clock)
    assert again.room_state(None).clocks.remaining == [56_000, 60_000]  # type: ignore[union-attr]


async def test_a_pause_from_before_a_takeback_loses_to_a_later_moves_clocks(tmp_path: Path) -> None:
    """Rule (restore's docstring): the clocks come back from the latest stored mark. A stop
    at ply 4, a takeback to ply 3 after the restart, North's move again, the server killed:
    North's time is what that move left it, not what it had at the stop."""
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=BLITZ)
    seat_both(room)
    await moves_each(room, 1)
    clock.advance(4)
    await first_legal(room)  # ply 2, South: 58 s
    clock.advance(6)
    await first_legal(room)  # ply 3, North: 56 s
    clock.advance(1)
    stop(room)  # at ply 4, South to move: (57, 56)
    back = restarted(room, clock)
    back.offer_takeback(1)  # North's ply 3 goes
    back.answer_takeback(0, True)
    clock.advance(10)
    await first_legal(back)  # ply 3 again, North: 56 - 10 + 2 s
    assert len(back.moves) == 4
    again = restarted(back, clock)
    assert again.room_state(None).clocks.remaining == [57_000, 48_000]  # type: ignore[union-attr]


async def test_a_takeback_in_a_variant_whose_moves_name_a_direction_replays_them(tmp_path: Path) -> None:
    """Rule: a takeback replays the moves it keeps as they were recorded; in Cross Kalah a
    move names its direction and is recorded as clients send it, a list ([hole, "CW"])."""
    room = make_room(tmp_path, FakeClock(), variant="cross_kalah")
    ann, bob = seat_both(room)
    await room.move(ann, [0, "CW"], 0)
    await room.move(bob, [6, "CW"], 1)
    after_two = room.state()
    await room.move(ann, [2, "CW"], 2)
    assert [m.move for m in room.moves] == [[0, "CW"], [6, "CW"], [2, "CW"]]
    room.offer_takeback(0)  # South's move at ply 2 goes; the two before it are replayed
    room.answer_takeback(1, True)
    back = bob.of_type("taken_back")[0]
    assert back.ply == 2 and [m.move for m in back.moves] == [[0, "CW"], [6, "CW"]]
    assert back.state == after_two == room.state() and room.position.turn == 0


async def test_a_rated_game_against_the_computer_rates_it_as_measured_in_its_variant(tmp_path: Path) -> None:
    """Rule: a computer level's fixed rating is the one measured in the game's variant
    (Kalah's level 2 is 1717; Oware Abapa's, the default, 1790)."""
    room = make_room(tmp_path, FakeClock(), variant="kalah_4", rated=True)
    room.add_computer(1, 2)
    ann = FakeMember("ann", player="p-ann")
    room.claim(ann, 0)
    await moves_each(room, 2)
    room.resign(ann)
    news = ann.of_type("ratings_changed")[0]
    player, computer = news.changes
    assert news.variant == "kalah_4" and (computer.name, computer.before, computer.after) == (
        "Computer (level 2)", 1717, 1717)
    assert player.after < 1500


async def test_a_level_merged_into_the_one_above_is_rated_as_that_one(tmp_path: Path) -> None:
    # crosscapt_six's hard plays as its expert (configs: mm_depth 1, 3, 7, 7; docs/competitive.md)
    room = make_room(tmp_path, FakeClock(), variant="crosscapt_six", rated=True)
    assert plays_as(room.game, 2) == 3
    room.add_computer(1, 2)
    assert room.seats[1].rating == (round(COMPUTER_RATINGS[3]), False)
    ann = FakeMember("ann", player="p-ann")
    room.claim(ann, 0)
    await moves_each(room, 2)
    room.resign(ann)
    _, computer = ann.of_type("ratings_changed")[0].changes
    assert (computer.name, computer.before) == ("Computer (level 2)", round(COMPUTER_RATINGS[3]))
