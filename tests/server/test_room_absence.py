"""A player away from a room: leaving and disconnecting, the grace period, claiming the
win, forfeits and aborted rated games.

Through the room's public methods and the messages its (fake) members get. Written from
docs/mutation.md's survivors of room.py."""

from __future__ import annotations

from pathlib import Path

from mancala.protocol.messages import ErrorCode, TimeControl
from tests.server.fakes import FakeClock, FakeMember
from tests.server.room_rules_helpers import refused
from tests.server.room_setup import (
    ABANDON,
    against_computer,
    make_room,
    seat_both,
)


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
