"""A room's seats and spectators: who may sit where, a seat taken back with its token,
who is told of each arrival (ratings, clocks, the audience counted), and the room's
summary.

Through the room's public methods and the messages its (fake) members get. Written from
docs/mutation.md's survivors of room.py."""

from __future__ import annotations

from pathlib import Path

from mancala.protocol.messages import ErrorCode, TimeControl
from mancala_server.fair_start import BOT_POOL
from tests.server.fakes import FakeClock, FakeMember
from tests.server.room_rules_helpers import refused
from tests.server.room_setup import (
    ABANDON,
    make_room,
    seat_both,
)


async def test_a_seat_is_refused_to_a_second_seat_a_full_room_a_taken_seat_and_a_finished_game(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, cy = FakeMember("ann"), FakeMember("cy")
    assert room.claim(ann, 1)[0] == 1
    assert refused(ErrorCode.SEAT_TAKEN, room.claim, ann, None) == "you already sit North in room RULES1"
    assert refused(ErrorCode.SEAT_TAKEN, room.claim, cy, 1) == "seat 1 (North) is taken"
    bob = FakeMember("bob")
    assert room.claim(bob, None)[0] == 0  # the free one
    assert refused(ErrorCode.ROOM_FULL, room.claim, cy, None) == "room RULES1 has no free seat"
    room.resign(ann)
    assert refused(ErrorCode.GAME_OVER, room.claim, cy, None) == "room RULES1: the game is over"
    assert cy.seats == {} and [s.name for s in room.seats] == ["bob", "ann"]


async def test_a_rated_seat_is_for_an_identified_player_once(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True)
    guest = FakeMember("guest")
    assert refused(ErrorCode.NOT_IDENTIFIED, room.claim, guest, None) \
        == "a rated game is for known players: identify first"
    ann, again = FakeMember("ann", player="p-ann"), FakeMember("ann too", player="p-ann")
    room.claim(ann, 0)
    assert refused(ErrorCode.SEAT_TAKEN, room.claim, again, None) == "you already sit in this rated game"
    assert not room.seats[1].taken and guest.seats == {} == again.seats


async def test_taking_a_seat_tells_everyone_who_sat_where_and_stops_watching(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, cy = FakeMember("ann", ratings={"oware_abapa": (1610, True)}), FakeMember("cy")
    room.watch(cy)
    room.watch(ann)
    room.claim(ann, 1)
    joined = cy.of_type("player_status")
    assert [(j.seat, j.status, j.name) for j in joined] == [(1, "joined", "ann")]
    assert room.spectators == {cy} and ann.watching == set() and cy.of_type("spectators")[-1].count == 1
    assert room.room_state(None).seats[1].rating == 1610 and room.room_state(None).seats[1].provisional


async def test_a_wrong_token_or_a_second_seat_on_reconnect_is_refused(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = FakeMember("ann"), FakeMember("bob")
    _, ann_token = room.claim(ann, 0)
    _, bob_token = room.claim(bob, 1)
    assert refused(ErrorCode.BAD_TOKEN, room.reconnect, FakeMember("eve"), "nope") \
        == "room RULES1: that token holds no seat"
    assert refused(ErrorCode.SEAT_TAKEN, room.reconnect, ann, bob_token) \
        == "this connection already sits South in room RULES1"
    assert room.reconnect(ann, ann_token) == 0  # its own seat again: fine
    assert not bob.of_type("player_status")[1:]  # ann never left: nobody is told she is back


async def test_coming_back_tells_the_room_once_and_brings_the_players_rating(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = FakeMember("ann", player="p-ann"), FakeMember("bob")
    room.claim(ann, 0)
    _, token = room.claim(bob, 1)
    room.detach(bob)
    clock.advance(10)
    bob2 = FakeMember("bob", ratings={"oware_abapa": (1400, False)})
    assert room.reconnect(bob2, token) == 1
    back = [(s.seat, s.status, s.name) for s in ann.of_type("player_status") if s.status == "back"]
    assert back == [(1, "back", "bob")] and room.seats[1].rating == (1400, False)
    assert room.room_state(0).seats[1].grace_ms is None and room.seats[1].forfeit_at is None
    clock.advance(ABANDON)
    assert not room.finished  # the cancelled grace period no longer ends the game
    third = FakeMember("bob", player="p-other", ratings={"oware_abapa": (2000, False)})
    room.reconnect(third, token)  # a second connection: no news, and not another player's rating
    assert len([s for s in ann.of_type("player_status") if s.status == "back"]) == 1
    assert room.seats[1].rating == (1400, False)


async def test_spectators_arriving_together_are_counted_in_one_message_per_interval(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, count_interval=2.0)
    ann, bob = seat_both(room)
    crowd = [FakeMember(f"s{i}") for i in range(3)]
    for member in crowd:
        room.watch(member)
    assert not ann.of_type("spectators")
    clock.advance(1.9)
    assert not ann.of_type("spectators")
    clock.advance(0.1)
    assert [m.count for m in ann.of_type("spectators")] == [3]
    room.detach(crowd[0])
    clock.advance(2.0)
    assert [m.count for m in bob.of_type("spectators")] == [3, 2] and crowd[0].watching == set()


async def test_each_spectator_change_is_told_at_once_without_an_interval(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, _ = seat_both(room)
    cy, dee = FakeMember("cy"), FakeMember("dee")
    room.watch(cy)
    room.watch(dee)
    room.detach(cy)
    assert [m.count for m in ann.of_type("spectators")] == [1, 2, 1]
    assert cy.watching == set() and dee.watching == {"RULES1"}


async def test_a_room_summary_shows_its_terms_and_its_seats(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True, control=TimeControl(base=300, increment=3))
    ann = FakeMember("ann", player="p-ann")
    room.claim(ann, 0)
    summary = room.summary()
    assert summary.clock == TimeControl(base=300, increment=3)
    assert (summary.room, summary.variant, summary.title, summary.public, summary.status, summary.rated) \
        == ("RULES1", "oware_abapa", room.variant.name, True, "waiting", True)
    assert [s.name for s in summary.seats] == ["ann", None] and summary.spectators == 0


async def test_a_big_audience_is_counted_less_often(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, count_interval=0.5)
    ann, _ = seat_both(room)
    for i in range(500):  # the first arrival arms the count: one interval
        room.watch(FakeMember(f"s{i}"))
    assert not ann.of_type("spectators")
    clock.advance(0.5)
    assert [m.count for m in ann.of_type("spectators")] == [500]
    room.watch(FakeMember("late"))  # 501 watching: twice COUNT_FRAMES, so about twice the interval
    clock.advance(1.0)
    assert len(ann.of_type("spectators")) == 1
    clock.advance(0.01)
    assert [m.count for m in ann.of_type("spectators")] == [500, 501]


async def test_a_computer_seat_is_named_by_its_level(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    room.add_computer(0, "perfect")
    room.add_computer(1, 2)
    assert [s.name for s in room.seats] == ["Computer (perfect)", "Computer (level 2)"]


async def test_a_player_back_in_a_room_left_empty_makes_it_occupied_again(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    _, token = room.claim(ann, 0)
    room.claim(bob, 1)
    room.detach(bob)
    room.detach(ann)
    assert room.empty_since == clock.now()
    clock.advance(5)
    room.reconnect(FakeMember("ann"), token)
    assert room.empty_since is None


async def test_what_a_member_muted_is_forgotten_when_it_leaves(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, _ = seat_both(room)
    room.chat.mute(ann, "bob", True)
    assert ann in room.chat.muted
    room.detach(ann)
    assert ann not in room.chat.muted


async def test_a_bot_sitting_down_shows_its_opponent_on_the_bots_ladder(tmp_path: Path) -> None:
    """A rated game with a bot moves the bots' ladder (fair_start.rating_pool): the person
    already seated is shown with their rating there, not their own ladder's."""
    room = make_room(tmp_path, FakeClock(), rated=True)
    ann = FakeMember("ann", player="p-ann", ratings={"oware_abapa": (1700, False),
                                                     "oware_abapa" + BOT_POOL: (1420, True)})
    room.claim(ann, 0)
    assert room.seats[0].rating == (1700, False)
    bot = FakeMember("leo", player="bot-leo", ratings={"oware_abapa" + BOT_POOL: (1550, False)})
    room.claim(bot, 1)
    assert [s.rating for s in room.seats] == [(1420, True), (1550, False)]
    assert [s.rating for s in room.room_state(None).seats] == [1420, 1550]


async def test_the_second_player_sitting_down_in_a_timed_room_is_told_with_the_clocks(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), control=TimeControl(base=300, increment=2))
    ann, bob = seat_both(room)
    joined = ann.of_type("player_status")[-1]
    assert (joined.seat, joined.status) == (1, "joined")
    assert joined.clocks is not None and joined.clocks.remaining == [300_000, 300_000]


async def test_a_seat_taken_after_the_game_began_is_stored_with_the_game(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann = FakeMember("ann")
    room.claim(ann, 0)
    room.claim(FakeMember("bob"), 1)
    assert room.game_id is not None
    stored = room.store.game(room.game_id)  # type: ignore[attr-defined]
    assert stored.players == ["ann", "bob"] and stored.variant_json == room.variant_json  # replays from it
