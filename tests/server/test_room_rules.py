"""A room's seats, spectators, refusals and endings, through its public methods and the
messages its members get. Written from docs/mutation.md's survivors of room.py."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from mancala.protocol.messages import ErrorCode, TimeControl
from mancala.rules.loading import config_paths, parse_variant
from mancala_server.config import Settings
from mancala_server.fair_start import BOT_POOL
from mancala_server.room import Room
from mancala_server.room_ports import RoomError
from mancala_server.rules_worker import RulesWorkers
from mancala_server.store import Store
from tests.server.fakes import FakeClock, FakeMember, deliver
from tests.server.room_setup import (
    ABANDON,
    against_computer,
    make_hub,
    make_room,
    moves_each,
    seat_both,
)


def refused(code: ErrorCode, call: object, *args: object) -> str:
    with pytest.raises(RoomError) as err:
        call(*args)  # type: ignore[operator]
    assert err.value.code == code
    return err.value.message


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


async def test_resigning_is_refused_before_the_game_starts_and_after_it_ends(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann = FakeMember("ann")
    room.claim(ann, 0)
    assert refused(ErrorCode.NOT_YOUR_TURN, room.resign, ann) == "room RULES1: the game has not started"
    bob = FakeMember("bob")
    room.claim(bob, 1)
    room.resign(bob)
    over = ann.of_type("game_over")[0]
    assert (over.reason, over.outcome, over.result) == ("resign", {"kind": "WIN", "winner": 0},
                                                         "South wins: North resigned")
    assert refused(ErrorCode.GAME_OVER, room.resign, ann) == "room RULES1: the game is over"
    assert refused(ErrorCode.NOT_A_PLAYER, room.resign, FakeMember("eve")) == "you have no seat in room RULES1"


async def test_a_move_before_the_opponent_sits_is_refused_as_waiting(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann = FakeMember("ann")
    room.claim(ann, 0)
    with pytest.raises(RoomError) as err:
        await room.move(ann, 2, 0)
    assert err.value.code == ErrorCode.NOT_YOUR_TURN and err.value.message == "room RULES1: waiting for an opponent"
    assert not room.moves


async def test_refusals_of_a_move_say_whose_turn_and_which_ply(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    with pytest.raises(RoomError) as err:
        await room.move(bob, 8, 0)
    assert err.value.message == "it is South's turn, you are North"
    with pytest.raises(RoomError) as err:
        await room.move(ann, 2, 1)
    assert err.value.code == ErrorCode.STALE_PLY and err.value.message == "the game is at ply 0, not 1"
    await room.move(ann, 2, 0)  # the ply given and right: accepted
    await room.move(bob, 8, None)  # no ply given: accepted
    assert [m.move for m in room.moves] == [2, 8]


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


async def test_a_player_who_leaves_is_told_as_left_with_the_grace_left(tmp_path: Path) -> None:
    clock = FakeClock()
    changes: list[object] = []
    room = make_room(tmp_path, clock, changes=changes)  # type: ignore[arg-type]
    ann, bob = seat_both(room)
    clock.advance(1)
    room.detach(bob, leaving=True)
    left = ann.of_type("player_status")[-1]
    assert (left.seat, left.status, left.name, left.grace_ms) == (1, "left", "bob", round(ABANDON * 1000))
    assert bob.seats == {} and room.empty_since is None and changes[-1] is room
    room.detach(ann)
    assert room.empty_since == clock.now()


async def test_a_player_leaving_a_finished_game_starts_no_grace_period(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    room.resign(ann)
    room.detach(bob)
    gone = ann.of_type("player_status")[-1]
    assert (gone.status, gone.grace_ms) == ("disconnected", None) and room.seats[1].abandon_timer is None


async def test_away_from_a_computer_past_the_grace_period_forfeits_without_a_claim(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    room.add_computer(1, 2)
    ann, cy = FakeMember("ann"), FakeMember("cy")
    room.claim(ann, 0)
    room.watch(cy)
    room.detach(ann)
    clock.advance(ABANDON)
    over = cy.of_type("game_over")[0]
    assert (over.reason, over.outcome, over.result) == ("forfeit", {"kind": "WIN", "winner": 1},
                                                         "North wins: South abandoned the game")
    assert [s.status for s in cy.of_type("player_status")][-1] == "forfeited"


async def test_a_claim_is_refused_while_the_opponent_is_here_or_within_the_grace_period(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = seat_both(room)
    assert refused(ErrorCode.NOT_CLAIMABLE, room.claim_win, ann) == "room RULES1: nothing to claim: North is here"
    room.detach(bob)
    clock.advance(ABANDON - 30)
    assert refused(ErrorCode.NOT_CLAIMABLE, room.claim_win, ann) \
        == "room RULES1: nothing to claim: North has 30 s left to come back"
    room.resign(ann)
    assert refused(ErrorCode.GAME_OVER, room.claim_win, ann) == "room RULES1: the game is over"


async def test_a_rematch_is_refused_during_the_game_and_offered_by_the_first_to_ask(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    with pytest.raises(RoomError) as err:
        await room.rematch(ann)
    assert (err.value.code, err.value.message) == (ErrorCode.NOT_YOUR_TURN, "room RULES1: the game is still going")
    room.resign(bob)
    assert await room.rematch(bob) is False
    assert [(o.room, o.seat) for o in ann.of_type("rematch_offer")] == [("RULES1", 1)]
    first_game = room.game_id
    assert await room.rematch(ann) is True
    assert room.game_id != first_game and not room.finished and room.status == "playing"
    fresh = room.room_state(None)  # the last game's end is not the new one's
    assert (fresh.result, fresh.outcome, fresh.reason) == (None, None, None)
    assert ann.seats == {"RULES1": 1} and bob.seats == {"RULES1": 0}
    assert ann.of_type("room_state")[-1].you == 1 and bob.of_type("room_state")[-1].you == 0
    assert not any(s.wants_rematch for s in room.seats)


async def test_a_rematch_against_the_computer_starts_when_the_player_asks(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    room.add_computer(1, 1)
    ann, cy = FakeMember("ann"), FakeMember("cy")
    room.claim(ann, 0)
    room.watch(cy)
    room.resign(ann)
    assert await room.rematch(ann) is True
    assert ann.seats == {"RULES1": 1} and room.seats[0].computer and not room.seats[1].computer
    assert cy.of_type("room_state")[-1].you is None and not ann.of_type("rematch_offer")


async def test_a_room_summary_shows_its_terms_and_its_seats(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True, control=TimeControl(base=300, increment=3))
    ann = FakeMember("ann", player="p-ann")
    room.claim(ann, 0)
    summary = room.summary()
    assert summary.clock == TimeControl(base=300, increment=3)
    assert (summary.room, summary.variant, summary.title, summary.public, summary.status, summary.rated) \
        == ("RULES1", "oware_abapa", room.variant.name, True, "waiting", True)
    assert [s.name for s in summary.seats] == ["ann", None] and summary.spectators == 0


async def test_a_claim_names_the_opponent_whichever_seat_claims(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    assert refused(ErrorCode.NOT_CLAIMABLE, room.claim_win, bob) == "room RULES1: nothing to claim: South is here"
    room.detach(ann)
    assert refused(ErrorCode.NOT_CLAIMABLE, room.claim_win, bob) \
        == "room RULES1: nothing to claim: South has 60 s left to come back"


async def test_nothing_is_claimable_from_a_correspondence_opponent_away_between_moves(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=TimeControl(days=1))
    ann, bob = seat_both(room)
    room.detach(bob)
    clock.advance(3600)
    assert refused(ErrorCode.NOT_CLAIMABLE, room.claim_win, ann) \
        == "room RULES1: nothing to claim: North is not away past a grace period"
    assert not room.finished


async def test_a_claim_after_the_grace_period_gives_the_win_to_the_claimer(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = seat_both(room)
    room.detach(ann)
    clock.advance(ABANDON)
    room.claim_win(bob)
    over = bob.of_type("game_over")[0]
    assert (over.outcome, over.result) == ({"kind": "WIN", "winner": 1}, "North wins: South abandoned the game")



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


async def test_a_player_back_after_the_grace_period_can_no_longer_be_claimed_against(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = FakeMember("ann"), FakeMember("bob")
    room.claim(ann, 0)
    _, token = room.claim(bob, 1)
    room.detach(bob)
    clock.advance(ABANDON)
    claimable = ann.of_type("player_status")[-1]
    assert (claimable.seat, claimable.status, claimable.name) == (1, "claimable", "bob")
    room.reconnect(FakeMember("bob"), token)
    assert not room.room_state(0).seats[1].claimable
    assert refused(ErrorCode.NOT_CLAIMABLE, room.claim_win, ann) == "room RULES1: nothing to claim: North is here"


async def test_a_computer_seat_is_named_by_its_level(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    room.add_computer(0, "perfect")
    room.add_computer(1, 2)
    assert [s.name for s in room.seats] == ["Computer (perfect)", "Computer (level 2)"]



def with_swap_rule(room: Room) -> Room:
    """The room's game begun again with the swap rule on (a room's terms are set before
    its first game: make_room's is replaced)."""
    room.match.configure(room.match.control, room.match.rated, pie=True)
    room.begin(0, room.game.start(0))
    return room


async def test_a_swap_seats_the_second_player_on_the_side_that_moved_and_stores_it(tmp_path: Path) -> None:
    clock = FakeClock()
    changes: list[Room] = []
    room = with_swap_rule(make_room(tmp_path, clock, changes=changes))
    ann, bob = seat_both(room)
    cy = FakeMember("cy")
    room.watch(cy)
    await room.move(ann, 2, 0)
    room.detach(ann)  # away: her grace period named seat 0, her seat until the swap
    clock.advance(10)
    changes.clear()
    room.swap(bob, 1)
    assert bob.seats == {"RULES1": 0} and ann.seats == {} and [s.name for s in room.seats] == ["bob", "ann"]
    assert bob.of_type("room_state")[-1].you == 0 and cy.of_type("room_state")[-1].you is None
    assert room.seats[1].abandon_timer is not None and room.seats[0].abandon_timer is None
    assert room.seats[1].forfeit_at == clock.now() + ABANDON  # armed again, in full, for her new seat
    assert room.position.turn == 1 and room.match.swapped and changes == [room]
    assert room.game_id is not None
    stored = room.store.game(room.game_id)  # type: ignore[attr-defined]
    assert stored.players == ["bob", "ann"] and stored.match.terms.swapped
    assert room.store.room("RULES1").seats[0][0] == "bob"  # type: ignore[attr-defined]
    assert room.last_activity == clock.now()
    clock.advance(ABANDON)
    assert [(s.seat, s.status) for s in bob.of_type("player_status")][-1] == (1, "claimable")
    room.claim_win(bob)
    assert bob.of_type("game_over")[-1].outcome == {"kind": "WIN", "winner": 0}


async def test_a_swap_against_the_computer_hands_it_the_turn(tmp_path: Path) -> None:
    room = with_swap_rule(make_room(tmp_path, FakeClock()))
    turns: list[Room] = []
    room.add_computer(0, 1)
    room.turn_hook = turns.append
    bob = FakeMember("bob")
    room.claim(bob, 1)
    await room.play_for(0, 2, 0)  # the computer's first move
    turns.clear()
    room.swap(bob, None)
    assert room.seats[1].computer and room.position.turn == 1 and turns == [room]
    with pytest.raises(RoomError) as err:
        room.swap(FakeMember("eve"), None)
    assert err.value.code == ErrorCode.NOT_A_PLAYER


async def test_the_summary_shows_the_swap_rule(tmp_path: Path) -> None:
    room = with_swap_rule(make_room(tmp_path, FakeClock()))
    assert room.summary().pie and room.room_state(None).pie
    assert not make_room(tmp_path, FakeClock(), code="RULES2").summary().pie


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


async def test_a_rated_game_left_before_both_players_moved_is_aborted_not_forfeited(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, rated=True)
    ann, bob = FakeMember("ann", player="p-ann"), FakeMember("bob", player="p-bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    await room.move(ann, 2, 0)
    room.detach(bob)
    clock.advance(ABANDON)
    over = ann.of_type("game_over")[0]
    assert (over.reason, over.outcome, over.result) == (
        "aborted", {"kind": "TIE", "winner": None}, "aborted: North left before both players had moved")
    assert not [s for s in ann.of_type("player_status") if s.status == "forfeited"]
    # why no rating moves, and which game: the page links the game and says "aborted"
    assert (over.game_id, over.unrated) == (room.game_id, "aborted")
    late = room.room_state(None)  # someone arriving afterwards reads the same end
    assert (late.outcome, late.reason) == ({"kind": "TIE", "winner": None}, "aborted")


async def test_a_rated_game_resigned_at_once_is_a_result_that_moves_no_rating(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True)
    ann, bob = FakeMember("ann", player="p-ann"), FakeMember("bob", player="p-bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    await room.move(ann, 2, 0)
    room.resign(bob)
    over = bob.of_type("game_over")[0]
    assert (over.reason, over.result, over.unrated, over.game_id) == (
        "resign", "South wins: North resigned", "short", room.game_id)
    assert not bob.of_type("ratings_changed")
    assert refused(ErrorCode.GAME_OVER, room.check_can_move, 1, 1) == "room RULES1: the game is over"


async def test_a_move_carries_what_the_sowing_did(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    made = bob.of_type("move_made")[0]
    assert made.events and made.events == room.moves[0].events  # the page animates from them
    assert (made.events[0].kind, made.events[0].hole) == ("sow", 2)  # type: ignore[union-attr]


async def test_a_forfeit_names_the_player_who_lost_it(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = seat_both(room)
    room.detach(bob)
    clock.advance(ABANDON)
    room.claim_win(ann)
    forfeited = ann.of_type("player_status")[-1]
    assert (forfeited.seat, forfeited.status, forfeited.name) == (1, "forfeited", "bob")


async def test_the_time_left_to_come_back_is_given_in_whole_seconds_rounded(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = seat_both(room)
    room.detach(bob)
    clock.advance(ABANDON - 1.5)
    assert refused(ErrorCode.NOT_CLAIMABLE, room.claim_win, ann) \
        == "room RULES1: nothing to claim: North has 2 s left to come back"


async def test_north_claiming_against_a_correspondence_opponent_is_told_south_is_not_away(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), control=TimeControl(days=1))
    ann, bob = seat_both(room)
    room.detach(ann)
    assert refused(ErrorCode.NOT_CLAIMABLE, room.claim_win, bob) \
        == "room RULES1: nothing to claim: South is not away past a grace period"


async def test_a_swap_after_the_first_players_grace_period_leaves_the_win_claimable(tmp_path: Path) -> None:
    clock = FakeClock()
    room = with_swap_rule(make_room(tmp_path, clock))
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    room.detach(ann)
    clock.advance(ABANDON)
    room.swap(bob, 1)  # ann's seat is North now: still away past her grace period
    assert room.seats[1].claimable and room.seats[1].abandon_timer is None
    room.claim_win(bob)
    assert bob.of_type("game_over")[-1].outcome == {"kind": "WIN", "winner": 0}


def logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "mancala_server"]


async def test_the_server_log_tells_each_turn_of_a_rooms_life_by_room_seat_and_who(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The log is how an operator follows a room after the fact (who sat, left, came
    back, took back, forfeited): each line names the room, the seat and the connection."""
    caplog.set_level(logging.INFO, logger="mancala_server")
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob, cy = FakeMember("ann"), FakeMember("bob"), FakeMember("cy")
    room.claim(ann, 0)
    room.watch(cy)
    _, token = room.claim(bob, 1)
    room.detach(bob)
    bob = FakeMember("bob")
    room.reconnect(bob, token)
    await room.move(ann, 2, 0)
    await room.move(bob, 8, 1)
    room.offer_takeback(0)
    room.answer_takeback(1, True)
    room.detach(bob, leaving=True)
    clock.advance(ABANDON)
    room.claim_win(ann)
    await room.rematch(ann)
    bob = FakeMember("bob")
    room.reconnect(bob, token)
    await room.rematch(bob)
    wanted = ["room RULES1: fake ann takes seat 0 (South)", "room RULES1: fake cy spectates (1 watching)",
              "room RULES1: fake bob takes seat 1 (North)", "room RULES1: seat 1 disconnected",
              "room RULES1: fake bob back in seat 1", "room RULES1: moves from ply 0 taken back",
              "room RULES1: seat 1 left",
              "room RULES1: seat 1 away past its grace period; the win is claimable",
              "room RULES1: seat 1 abandoned; forfeit",
              "room RULES1: game over (forfeit): South wins: North abandoned the game",
              "room RULES1: fake bob back in seat 1", "room RULES1: rematch, seats swapped"]
    lines = logged(caplog)
    assert [line for line in lines if line in wanted] == wanted, lines


async def test_the_server_log_tells_a_swap_by_who_and_the_side_taken(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="mancala_server")
    room = with_swap_rule(make_room(tmp_path, FakeClock()))
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    room.swap(bob, 1)
    assert "room RULES1: fake bob swaps to South" in logged(caplog)


async def test_leaving_a_game_against_the_computer_forfeits_it_at_once(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann = against_computer(room)
    cy = FakeMember("cy")
    room.watch(cy)
    room.detach(ann, leaving=True)
    over = cy.of_type("game_over")[0]
    assert (over.reason, over.outcome) == ("forfeit", {"kind": "WIN", "winner": 1})
    assert room.seats[0].abandon_timer is None


async def test_a_player_who_leaves_before_anyone_joined_starts_no_grace_period(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann = FakeMember("ann")
    room.claim(ann, 0)
    room.detach(ann, leaving=True)
    assert room.seats[0].abandon_timer is None
    clock.advance(ABANDON)
    assert not room.finished and room.status == "waiting"


async def test_both_away_the_player_whose_deadline_passed_first_loses_whichever_seat(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = seat_both(room)
    cy = FakeMember("cy")
    room.watch(cy)
    room.detach(ann)
    clock.advance(ABANDON)  # South claimable: North may claim, and goes away instead
    room.detach(bob)
    clock.advance(ABANDON)
    over = cy.of_type("game_over")[0]
    assert (over.reason, over.outcome) == ("forfeit", {"kind": "WIN", "winner": 1})


async def test_what_a_member_muted_is_forgotten_when_it_leaves(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, _ = seat_both(room)
    room.chat.mute(ann, "bob", True)
    assert ann in room.chat.muted
    room.detach(ann)
    assert ann not in room.chat.muted


async def test_a_new_rounds_first_layout_is_stored_at_the_ply_it_starts(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), variant="dakon_rounds")
    ann, _ = seat_both(room)
    while not ann.of_type("round_started"):
        assert not room.finished
        await room.play_for(room.position.turn, room.game.legal_moves(room.position)[0], None)
    started = ann.of_type("round_started")[0]
    assert room.game_id is not None
    stored = room.store.game(room.game_id)  # type: ignore[attr-defined]
    assert stored.rounds == {started.ply: {"board": started.state.board, "stores": started.state.stores}}


async def test_a_swap_naming_an_old_ply_is_refused_as_stale(tmp_path: Path) -> None:
    room = with_swap_rule(make_room(tmp_path, FakeClock()))
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    assert refused(ErrorCode.STALE_PLY, room.swap, bob, 0) == "the game is at ply 1, not 0"
    assert bob.seats == {"RULES1": 1} and not room.match.swapped


async def test_a_game_whose_end_was_stored_comes_back_ended_as_stored(tmp_path: Path) -> None:
    """Killed between the game's end and the room's status: the room comes back, its game
    over with the stored outcome, reason and result; nobody can sit or move."""
    settings = Settings(data_dir=tmp_path / "data")
    store = Store(settings.db_path)
    room = make_room(tmp_path, FakeClock(), store=store)
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    room.resign(bob)
    store.set_room_status(room.code, "playing")  # the status write never happened
    store.close()
    hub = make_hub(tmp_path, FakeClock())
    try:
        await hub.restore()
        back = hub.rooms[room.code]
        assert back.finished and back.result == "South wins: North resigned"
        late = back.room_state(None)
        assert (late.outcome, late.reason, late.result) == ({"kind": "WIN", "winner": 0}, "resign",
                                                            "South wins: North resigned")
        assert refused(ErrorCode.GAME_OVER, back.claim, FakeMember("cy"), None) == "room RULES1: the game is over"
    finally:
        hub.rules.close()
        await hub.storage.close()


async def test_a_restored_rated_game_keeps_its_players_and_an_old_computer_seat_plays_medium(
        tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    store = Store(settings.db_path)
    rated = make_room(tmp_path, FakeClock(), rated=True, store=store)
    rated.claim(FakeMember("ann", player="p-ann"), 0)
    rated.claim(FakeMember("bob", player="p-bob"), 1)
    computer = make_room(tmp_path, FakeClock(), code="RULES2", store=store)
    against_computer(computer, level=3)
    with store.db:  # a room stored before the computer's level was
        store.db.execute("UPDATE rooms SET computer_level=NULL WHERE code='RULES2'")
    store.close()
    hub = make_hub(tmp_path, FakeClock())
    try:
        await hub.restore()
        assert [s.player for s in hub.rooms["RULES1"].seats] == ["p-ann", "p-bob"]  # whose ratings move
        assert hub.rooms["RULES2"].computer_level == 1
    finally:
        hub.rules.close()
        await hub.storage.close()


async def test_an_illegal_move_is_refused_in_the_engines_words(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock())
    ann, _ = seat_both(room)
    with pytest.raises(RoomError) as err:
        await room.move(ann, 9, 0)  # North's hole
    assert (err.value.code, err.value.message) == (
        ErrorCode.ILLEGAL_MOVE, "hole 9 is not allowed by the rules here (legal: [0, 1, 2, 3, 4, 5])")
    assert room.moves == []


async def test_a_move_after_the_flag_fell_ends_the_game_on_time_and_says_so(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=TimeControl(base=60, increment=0))
    ann, _ = seat_both(room)
    await moves_each(room, 1)  # the clocks run once both have moved
    mover = room.position.turn
    clock.time += 61  # past the mover's minute, before its flag timer fired
    with pytest.raises(RoomError) as err:
        await room.play_for(mover, room.game.legal_moves(room.position)[0], None)
    over = ann.of_type("game_over")[-1]
    assert (err.value.code, over.reason) == (ErrorCode.GAME_OVER, "timeout")
    assert err.value.message == f"room RULES1: your time ran out ({over.result})"


async def test_a_move_that_came_without_a_network_is_charged_in_full(tmp_path: Path) -> None:
    """The computer's moves (and a restart's) come through play_for with no lag: nothing is
    credited, as the computer is on the server (docs/competitive.md)."""
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=TimeControl(base=60, increment=0))
    seat_both(room)
    await moves_each(room, 1)
    mover = room.position.turn
    before = room.match.snapshot().remaining[mover]
    clock.advance(3)
    await room.play_for(mover, room.game.legal_moves(room.position)[0], None)
    assert room.match.snapshot().remaining[mover] == before - 3000


async def test_a_custom_rooms_moves_are_played_in_the_rules_workers_as_any_room_plays_them(
        tmp_path: Path) -> None:
    """A definition that is not a built-in file is played in the worker processes (the
    second half of Room.play_for): the same checks, the same commit, the same words."""
    definition = json.loads(config_paths()["oware_abapa"].read_text())
    workers = RulesWorkers(1, 30.0)
    clock = FakeClock()
    room = Room("CUSTOM", "custom", definition, parse_variant(definition), public=False,
                store=Store(tmp_path / "custom.sqlite3"), on_change=lambda _r: None, abandon_timeout=ABANDON,
                clock=clock, deliver=deliver, rules=workers)
    room.match.configure(TimeControl(base=60, increment=0), False)  # a timed one: moves are charged
    room.begin(0, room.game.start(0))
    ann, bob = seat_both(room)
    try:
        expected = room.game.play(room.position, 2)
        await room.move(ann, 2, 0)
        made = bob.of_type("move_made")[0]
        assert (made.ply, made.seat, made.move) == (0, 0, 2)
        assert room.position == expected and made.state == room.state()
        assert made.events and made.events[0].kind == "sow"  # type: ignore[union-attr]
        assert room.store.game(room.game_id).moves == [(0, 2)]  # type: ignore[arg-type, attr-defined, union-attr]
        with pytest.raises(RoomError) as err:
            await room.move(bob, 1, 1)  # South's hole
        assert (err.value.code, err.value.message) == (
            ErrorCode.ILLEGAL_MOVE, "hole 1 is not allowed by the rules here (legal: [6, 7, 8, 9, 10, 11])")
        with pytest.raises(RoomError) as err:
            await room.move(bob, 7, 0)
        assert (err.value.code, err.value.message) == (ErrorCode.STALE_PLY, "the game is at ply 1, not 0")
        workers.time_limit = 1e-6  # far less than a move takes
        with pytest.raises(RoomError) as err:
            await room.move(bob, 7, 1)
        assert err.value.code == ErrorCode.RULES_TIMEOUT
        assert err.value.message == "this variant's move took too long (the rules took over 1e-06 s); " \
                                    "the position is unchanged"
        assert room.position == expected and len(room.moves) == 1
        workers.time_limit = 30.0
        await room.move(bob, 7, 1)  # each side's first move is charged nothing
        clock.advance(2)
        await room.move(ann, room.game.legal_moves(room.position)[0], 2)
        assert room.match.snapshot().remaining == [58_000, 60_000]
    finally:
        workers.close()


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
