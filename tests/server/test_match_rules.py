"""Offers, takebacks, clocks across rounds and the computer's budget, told through the
room's public entry points and the messages its members get. Written from
docs/mutation.md's survivors of match.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from mancala.protocol.messages import ErrorCode, TimeControl
from mancala_server.room_ports import RoomError
from tests.server.fakes import FakeClock, FakeMember
from tests.server.room_setup import against_computer, established, make_room, moves_each, seat_both

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
