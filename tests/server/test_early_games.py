"""When a game counts (docs/competitive.md, "Early games" and "Farming limits"): no clock
runs until both players have moved, a game ended before both moved is aborted, and a
rated game counts once each player made MIN_MOVES_EACH moves. By the room's fake clock,
with a real SQLite store."""

from __future__ import annotations

from pathlib import Path

import pytest

from mancala.protocol.messages import MoveRecord, TimeControl
from mancala_server.match import MIN_MOVES_EACH, moves_by_player
from mancala_server.room import Room
from mancala_server.room_ports import RoomError
from tests.server.fakes import FakeClock, FakeMember
from tests.server.room_setup import ABANDON, against_computer, established, make_room, moves_each

BLITZ = TimeControl(base=60, increment=2)
NO_RESULT = {"kind": "TIE", "winner": None}


def rated_pair(room: Room) -> tuple[FakeMember, FakeMember]:
    """Ann and Bob, known players past their first games, seated in a rated room."""
    for player in ("p-ann", "p-bob"):
        established(room.store, player)  # type: ignore[arg-type]
    ann, bob = FakeMember("ann", player="p-ann"), FakeMember("bob", player="p-bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    return ann, bob


def stored_ratings(room: Room) -> list[tuple[str, int]]:
    return room.store.db.execute("SELECT player, games FROM ratings ORDER BY player").fetchall()  # type: ignore[attr-defined]


# ---- a rated game counts once each player made two moves --------------------------------


async def test_rule_a_rated_game_resigned_before_two_moves_each_keeps_its_result_but_moves_no_rating(
        tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True)
    ann, bob = rated_pair(room)
    await room.move(ann, 2, 0)
    await room.move(bob, 8, 1)
    await room.move(ann, 3, 2)  # South has made two moves, North one
    room.resign(bob)
    over = ann.of_type("game_over")[0]
    assert (over.reason, over.outcome, over.unrated) == ("resign", {"kind": "WIN", "winner": 0}, "short")
    assert not ann.of_type("ratings_changed") and room.seats[0].rating is None
    assert stored_ratings(room) == [("p-ann", 10), ("p-bob", 10)]  # as they were: no game added


async def test_rule_thirteen_draws_agreed_at_move_0_move_no_rating(tmp_path: Path) -> None:
    """Issue 23: 13 draws agreed at move 0 all counted."""
    for n in range(13):
        room = make_room(tmp_path / str(n), FakeClock(), rated=True, code=f"DRAW{n:02d}")
        ann, bob = rated_pair(room)
        room.offer_draw(0)
        room.answer_draw(1, True)
        over = bob.of_type("game_over")[0]
        assert (over.reason, over.unrated) == ("agreement", "short") and not bob.of_type("ratings_changed")
        assert stored_ratings(room) == [("p-ann", 10), ("p-bob", 10)]


async def test_rule_a_rated_game_counts_once_each_player_made_two_moves(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True)
    ann, bob = rated_pair(room)
    await moves_each(room, MIN_MOVES_EACH)
    room.resign(bob)
    over = ann.of_type("game_over")[0]
    assert over.unrated is None
    changes = ann.of_type("ratings_changed")[0].changes
    assert changes[0].after > 1500 > changes[1].after and [c.weight for c in changes] == [1.0, 1.0]
    assert stored_ratings(room) == [("p-ann", 11), ("p-bob", 11)]


def test_rule_after_a_swap_the_first_move_is_counted_for_the_player_who_made_it() -> None:
    """A move belongs to a side; the swap hands the first move's side to the second player,
    who has made no move of their own until they sow."""
    moves = [MoveRecord(ply=0, seat=0, move=2), MoveRecord(ply=1, seat=1, move=8)]
    assert moves_by_player(moves, swapped=False) == (1, 1)
    assert moves_by_player(moves, swapped=True) == (0, 2)  # the first mover now sits North


# ---- no clock runs until both players have moved ------------------------------------------


async def test_rule_no_clock_runs_until_both_players_have_moved(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=BLITZ)
    ann, bob = make_pair(room)
    shown = room.room_state(0).clocks
    assert shown is not None and (shown.running, shown.first_move_ms) == (None, 30_000)
    clock.advance(20)
    assert room.room_state(0).clocks.first_move_ms == 10_000  # type: ignore[union-attr]
    await room.move(ann, 2, 0)  # 20 s for a first move: charged nothing, no increment
    made = bob.of_type("move_made")[0].clocks
    assert (made.remaining, made.running, made.first_move_ms) == ([60_000, 60_000], None, 30_000)
    clock.advance(25)
    await room.move(bob, 8, 1)
    made = ann.of_type("move_made")[1].clocks
    assert (made.remaining, made.running, made.first_move_ms) == ([60_000, 60_000], 0, None)
    clock.advance(5)
    await room.move(ann, 3, 2)  # from now on, charged as ever
    assert bob.of_type("move_made")[2].clocks.remaining == [57_000, 60_000]


def make_pair(room: Room) -> tuple[FakeMember, FakeMember]:
    ann, bob = FakeMember("ann"), FakeMember("bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    return ann, bob


@pytest.mark.parametrize("rated", [False, True])
async def test_rule_a_first_move_not_made_in_time_aborts_the_game(tmp_path: Path, rated: bool) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=BLITZ, rated=rated)
    ann, bob = rated_pair(room) if rated else make_pair(room)
    await room.move(ann, 2, 0)
    clock.advance(29.9)  # North's first move is due 30 s after South's
    assert not room.finished
    clock.advance(0.2)
    over = ann.of_type("game_over")[0]
    assert (over.reason, over.outcome, over.result) == ("aborted", NO_RESULT,
                                                        "aborted: North made no first move in time")
    assert over.unrated == ("aborted" if rated else None) and not ann.of_type("ratings_changed")
    assert room.store.game(room.game_id).reason == "aborted"  # type: ignore[attr-defined,arg-type]
    assert room.room_state(0).clocks.remaining == [60_000, 60_000]  # type: ignore[union-attr]  # nobody flagged
    if rated:
        assert stored_ratings(room) == [("p-ann", 10), ("p-bob", 10)]


async def test_rule_a_first_move_that_comes_after_its_limit_is_refused_and_aborts(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=BLITZ)
    ann, _ = make_pair(room)
    clock.time += 31  # the timer has not run (a busy loop)
    with pytest.raises(RoomError) as err:
        await room.move(ann, 2, 0)
    assert err.value.code == "game_over" and not room.moves
    assert ann.of_type("game_over")[0].reason == "aborted"


async def test_rule_a_correspondence_games_first_move_has_its_days(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=TimeControl(days=1))
    ann, bob = make_pair(room)
    clock.advance(86_399)
    assert not room.finished and room.room_state(0).clocks.first_move_ms == 1_000  # type: ignore[union-attr]
    clock.advance(2)
    assert bob.of_type("game_over")[0].reason == "aborted"


# ---- a game left before both players moved is aborted --------------------------------------


async def test_rule_a_rated_game_left_before_both_moved_is_aborted_not_forfeited(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, rated=True)  # no clock: the grace period ends it
    ann, bob = rated_pair(room)
    await room.move(ann, 2, 0)
    room.detach(bob, leaving=True)
    clock.advance(ABANDON + 1)
    over = ann.of_type("game_over")[0]
    assert (over.reason, over.outcome, over.unrated) == ("aborted", NO_RESULT, "aborted")
    assert over.result == "aborted: North left before both players had moved"
    assert "claimable" not in [m.status for m in ann.of_type("player_status")]  # no win to claim
    assert stored_ratings(room) == [("p-ann", 10), ("p-bob", 10)]


async def test_rule_a_rated_game_both_left_after_a_move_each_costs_nobody_points(tmp_path: Path) -> None:
    """Issue 24: a rated game both players abandoned after a move or two cost one of them
    162 points. Both have moved, so it is forfeited as any game, but not rated."""
    clock = FakeClock()
    room = make_room(tmp_path, clock, rated=True)
    ann, bob = rated_pair(room)
    await moves_each(room, 1)
    room.detach(ann, leaving=True)
    room.detach(bob, leaving=True)
    clock.advance(ABANDON + 1)
    game = room.store.game(room.game_id)  # type: ignore[attr-defined,arg-type]
    assert room.finished and game.reason == "forfeit"
    assert stored_ratings(room) == [("p-ann", 10), ("p-bob", 10)]


async def test_rule_leaving_a_rated_game_against_the_computer_before_moving_aborts_it(tmp_path: Path) -> None:
    room = make_room(tmp_path, FakeClock(), rated=True)
    established(room.store, "p-ann", "oware_abapa@computer")  # type: ignore[arg-type]
    room.add_computer(1, 1)
    ann = FakeMember("ann", player="p-ann")
    room.claim(ann, 0)
    watcher = FakeMember("cy")
    room.watch(watcher)
    room.detach(ann, leaving=True)
    over = watcher.of_type("game_over")[0]
    assert (over.reason, over.unrated) == ("aborted", "aborted") and not watcher.of_type("ratings_changed")


async def test_a_casual_game_without_a_clock_left_at_once_is_still_forfeited(tmp_path: Path) -> None:
    """The abort is for games that cost something (a rating) or run a clock; a casual
    untimed game costs nothing, and its forfeit stays as it was."""
    clock = FakeClock()
    room = make_room(tmp_path, clock)
    ann, bob = make_pair(room)
    room.detach(bob, leaving=True)
    clock.advance(ABANDON + 1)
    room.claim_win(ann)
    assert ann.of_type("game_over")[0].reason == "forfeit"


async def test_rule_a_swap_is_the_second_players_first_move_and_starts_the_clocks(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=BLITZ)
    room.match.pie = True
    ann, bob = make_pair(room)
    await room.move(ann, 2, 0)
    clock.advance(10)
    room.swap(bob, 1)  # Bob takes South's side; Ann, now North, is to move
    shown = room.room_state(0).clocks
    assert shown is not None and (shown.running, shown.first_move_ms) == (1, None)
    assert shown.remaining == [60_000, 60_000]  # the swap's 10 s were a first move's: not charged
    clock.advance(61)
    over = bob.of_type("game_over")[0]
    assert (over.reason, over.outcome) == ("timeout", {"kind": "WIN", "winner": 0})


async def test_a_computers_first_move_has_its_first_move_limit_too(tmp_path: Path) -> None:
    """A computer that never gets to move (no search process free) aborts the game, as a
    person would, instead of losing on time before anyone played."""
    clock = FakeClock()
    room = make_room(tmp_path, clock, control=BLITZ)
    against_computer(room)
    await room.play_for(0, 2, 0)
    clock.advance(31)
    assert room.finished and room.store.game(room.game_id).reason == "aborted"  # type: ignore[attr-defined,arg-type]
