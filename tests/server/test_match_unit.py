"""Clocks, offers, takebacks and chat in a room, by the fake clock: no socket, no waiting,
a real SQLite store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mancala.protocol.messages import TimeControl
from mancala.rules.loading import config_paths, load_variant
from mancala_server.game_clock import LAG_CREDIT
from mancala_server.room import Room
from mancala_server.room_ports import RoomError
from mancala_server.store import Store
from tests.server.fakes import FakeClock, FakeMember, deliver
from tests.server.room_setup import moves_each

FIVE_PLUS_TWO = TimeControl(base=300, increment=2)


def timed_room(tmp_path: Path, clock: FakeClock, control: TimeControl | None = FIVE_PLUS_TWO, *,
               variant: str = "oware_abapa", rated: bool = False, store: Store | None = None) -> Room:
    path = config_paths()[variant]
    room = Room("CLOCKS", variant, json.loads(path.read_text()), load_variant(path), public=True,
                store=store or Store(tmp_path / "db.sqlite3"), on_change=lambda _r: None, abandon_timeout=10_000,
                clock=clock, deliver=deliver)
    room.match.configure(control, rated)
    room.begin(0, room.game.start(0))
    return room


def seat_both(room: Room) -> tuple[FakeMember, FakeMember]:
    ann, bob = FakeMember("ann"), FakeMember("bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    return ann, bob


async def test_the_mover_is_charged_from_the_position_sent_and_gets_the_increment(tmp_path: Path) -> None:
    clock = FakeClock()
    room = timed_room(tmp_path, clock)
    ann, bob = seat_both(room)
    assert room.room_state(0).clocks.remaining == [300_000, 300_000]  # type: ignore[union-attr]
    assert room.room_state(0).clocks.running is None  # type: ignore[union-attr]  # until both have moved
    clock.advance(10)
    await room.move(ann, 2, 0)  # a first move: charged nothing, and no increment either
    clock.advance(3)
    await room.move(bob, 8, 1)
    opened = ann.of_type("move_made")[1]
    assert opened.clocks.remaining == [300_000, 300_000] and opened.clocks.running == 0  # both moved: it runs
    clock.advance(10)
    await room.move(ann, 3, 2)
    made = bob.of_type("move_made")[2]
    assert made.clocks.remaining == [300_000 - 10_000 + 2_000, 300_000] and made.clocks.running == 1
    clock.advance(3.5)
    await room.move(bob, 9, 3)
    assert ann.of_type("move_made")[3].clocks.remaining == [292_000, 298_500]
    assert room.game_id is not None
    stored = room.store.match_state(room.game_id)  # type: ignore[attr-defined]
    assert stored.last.ply == 3 and stored.last.remaining == (292_000, 298_500)


async def test_a_clock_that_runs_out_ends_the_game_on_time(tmp_path: Path) -> None:
    clock = FakeClock()
    room = timed_room(tmp_path, clock, TimeControl(base=60))
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    await room.move(bob, 8, 1)
    await room.move(ann, 3, 2)  # both have moved: North's clock runs
    clock.advance(59.9)
    assert not room.finished
    clock.advance(0.2)
    over = ann.of_type("game_over")[0]
    assert room.finished and (over.reason, over.outcome) == ("timeout", {"kind": "WIN", "winner": 0})
    assert over.result == "South wins on time"
    assert room.store.game(room.game_id).reason == "timeout"  # type: ignore[attr-defined,arg-type]
    assert room.room_state(0).clocks.remaining[1] == 0  # type: ignore[union-attr]


async def test_a_move_after_the_flag_is_refused_and_the_game_ends_on_time(tmp_path: Path) -> None:
    clock = FakeClock()
    room = timed_room(tmp_path, clock, TimeControl(base=60))
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    await room.move(bob, 8, 1)  # both have moved: South's clock runs
    clock.time += 61  # time passes without the timer having run (a busy loop)
    with pytest.raises(RoomError) as err:
        await room.move(ann, 3, 2)
    assert err.value.code == "game_over" and room.finished and len(room.moves) == 2
    assert ann.of_type("game_over")[0].outcome == {"kind": "WIN", "winner": 1}


@pytest.mark.parametrize(("stores", "outcome"), [
    ((25, 11), {"kind": "TIE", "winner": None}),  # South holds more than half of 48: North cannot win
    ((24, 12), {"kind": "TIE", "winner": None}),  # half: North could at best tie
    ((23, 13), {"kind": "WIN", "winner": 1}),  # North could still win: the flag loses
])
async def test_on_time_it_is_a_draw_when_the_other_can_no_longer_win(tmp_path: Path, stores: tuple[int, int],
                                                                   outcome: dict[str, object]) -> None:
    clock = FakeClock()
    room = timed_room(tmp_path, clock, TimeControl(base=60))
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    await room.move(bob, 8, 1)  # both have moved: South's clock runs
    room.position = room.game.start(0, board=[1] * 12, stores=list(stores))  # South to move, 48 seeds
    clock.advance(61)
    over = ann.of_type("game_over")[0]
    assert (over.reason, over.outcome) == ("timeout", outcome)
    assert over.result == ("draw: South ran out of time, but North could no longer win" if outcome["kind"] == "TIE"
                           else "North wins on time")


async def test_correspondence_gives_each_move_its_days_and_the_lag_credit_is_capped(tmp_path: Path) -> None:
    clock = FakeClock()
    room = timed_room(tmp_path, clock, TimeControl(days=2))
    ann, bob = seat_both(room)
    await moves_each(room, 1)  # both have moved: South's clock runs
    clock.advance(86_400)
    await room.move(ann, 3, 2)
    assert bob.of_type("move_made")[2].clocks.remaining == [172_800_000, 172_800_000]
    fast = timed_room(tmp_path / "b", FakeClock(), TimeControl(base=60))
    south, _ = seat_both(fast)
    await moves_each(fast, 1)
    south.latency = 5.0  # type: ignore[attr-defined]  # a slow network: the credit stops at the cap
    fast.clock.advance(10)  # type: ignore[attr-defined]
    await fast.move(south, 3, 2)
    assert south.of_type("move_made")[2].clocks.remaining[0] == 60_000 - round((10 - LAG_CREDIT) * 1000)


async def test_clocks_come_back_after_a_restart_from_the_pause_or_the_last_move(tmp_path: Path) -> None:
    clock = FakeClock()
    store = Store(tmp_path / "db.sqlite3")
    room = timed_room(tmp_path, clock, store=store)
    ann, bob = seat_both(room)
    await moves_each(room, 1)  # both have moved: South's clock runs
    clock.advance(5)
    await room.move(ann, 3, 2)
    clock.advance(7)
    room.pause()  # a graceful stop: North had thought for 7 s
    room.cancel_timers()
    row, game = store.room("CLOCKS"), store.game(room.game_id)  # type: ignore[arg-type]
    again = timed_room(tmp_path, FakeClock(5000), None, store=store)
    assert row is not None and game is not None
    again.restore(row, game)
    state = again.room_state(None)
    assert state.clock == FIVE_PLUS_TWO and state.clocks.remaining == [297_000, 293_000]  # type: ignore[union-attr]
    assert state.clocks.running == 1  # type: ignore[union-attr]
    # killed instead (no pause after the last move): the clocks as the last move left them
    crash = timed_room(tmp_path / "c", FakeClock(), store=Store(tmp_path / "c.sqlite3"))
    south, _ = seat_both(crash)
    await moves_each(crash, 1)
    await crash.move(south, 3, 2)
    crash.clock.advance(30)  # type: ignore[attr-defined]
    crash.cancel_timers()
    row2, game2 = crash.store.room("CLOCKS"), crash.store.game(crash.game_id)  # type: ignore[attr-defined]
    back = timed_room(tmp_path / "d", FakeClock(), None, store=Store(tmp_path / "d.sqlite3"))
    back.restore(row2, game2)
    assert back.room_state(None).clocks.remaining == [302_000, 300_000]  # type: ignore[union-attr]


async def test_a_draw_offer_accepted_ends_the_game_and_a_move_withdraws_it(tmp_path: Path) -> None:
    room = timed_room(tmp_path, FakeClock(), None)
    ann, bob = seat_both(room)
    room.offer_draw(0)
    assert bob.of_type("offer")[0].status == "offered" and room.room_state(1).offer.kind == "draw"  # type: ignore[union-attr]
    with pytest.raises(RoomError) as err:
        room.answer_draw(0, True)  # one's own offer
    assert err.value.code == "no_offer"
    await room.move(ann, 2, 0)
    with pytest.raises(RoomError):
        room.answer_draw(1, True)  # the move withdrew it
    room.offer_draw(1)
    room.answer_draw(0, False)
    assert ann.of_type("offer")[-1].status == "declined" and room.match.offer is None
    room.offer_draw(1)
    room.answer_draw(0, True)
    over = bob.of_type("game_over")[0]
    assert (over.reason, over.outcome) == ("agreement", {"kind": "TIE", "winner": None})


async def test_an_offer_made_over_the_opponents_offer_declines_theirs_and_says_so(tmp_path: Path) -> None:
    room = timed_room(tmp_path, FakeClock(), None)
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    await room.move(bob, 8, 1)
    room.offer_draw(0)
    room.offer_takeback(1)  # North asks for a takeback instead of answering
    news = [(o.kind, o.seat, o.status) for o in ann.of_type("offer")]
    assert news == [("draw", 0, "offered"), ("draw", 0, "declined"), ("takeback", 1, "offered")]
    assert [(o.kind, o.seat, o.status) for o in bob.of_type("offer")] == news
    state = room.room_state(0)
    assert state.offer is not None and (state.offer.kind, state.offer.seat) == ("takeback", 1)
    with pytest.raises(RoomError) as err:
        room.answer_draw(1, True)  # South's draw offer stands no longer
    assert err.value.code == "no_offer"
    room.answer_takeback(0, True)
    assert ann.of_type("taken_back")[0].ply == 1


async def test_a_takeback_by_agreement_undoes_the_offerers_last_move_everywhere(tmp_path: Path) -> None:
    room = timed_room(tmp_path, FakeClock(), None)
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    await room.move(bob, 8, 1)
    before = room.replay_to(1)
    room.offer_takeback(0)  # South takes back its move and North's reply
    room.answer_takeback(1, True)
    back = ann.of_type("taken_back")[0]
    assert back.ply == 0 and back.moves == [] and room.position.turn == 0 and not room.moves
    assert room.store.game(room.game_id).moves == []  # type: ignore[attr-defined,arg-type]
    await room.move(ann, 3, 0)
    assert before is not None and room.moves[0].move == 3
    rated = timed_room(tmp_path / "r", FakeClock(), None, rated=True, store=Store(tmp_path / "r.sqlite3"))
    with pytest.raises(RoomError) as err:
        rated.match._takeback_target(0)
    assert err.value.code == "no_takeback"


async def test_players_do_not_see_spectators_chat_until_the_game_is_over(tmp_path: Path) -> None:
    room = timed_room(tmp_path, FakeClock(), None)
    ann, bob = seat_both(room)
    cy, di = FakeMember("cy"), FakeMember("di")
    room.watch(cy)
    room.watch(di)
    room.chat.say(ann, "good luck")
    room.chat.say(cy, "South should play f")
    for member, heard in ((ann, ["good luck"]), (bob, ["good luck"]), (cy, ["good luck", "South should play f"]),
                          (di, ["good luck", "South should play f"])):
        assert [m.text for m in member.of_type("chat_message")] == heard
    assert [m.channel for m in di.of_type("chat_message")] == ["players", "spectators"]
    room.chat.mute(di, "CY", True)
    room.chat.say(cy, "again")
    assert [m.text for m in di.of_type("chat_message")][-1] == "South should play f"
    room.resign(bob)
    room.chat.say(cy, "well played")
    assert ann.of_type("chat_message")[-1].text == "well played"
    stored = room.store.chat(room.game_id)  # type: ignore[attr-defined,arg-type]
    assert [(r.channel, r.name, r.seat) for r in stored][:2] == [("players", "ann", 0), ("spectators", "cy", None)]
    with pytest.raises(RoomError) as err:
        room.chat.say(FakeMember("eve"), "hello")
    assert err.value.code == "not_a_player"


async def test_chat_is_rate_limited_and_filtered(tmp_path: Path) -> None:
    from mancala_server.room_chat import MaskWords

    clock = FakeClock()
    room = timed_room(tmp_path, clock, None)
    ann, bob = seat_both(room)
    room.chat.filter = MaskWords(["darn"])
    room.chat.say(ann, "Darn, that was good")
    assert bob.of_type("chat_message")[0].text == "****, that was good"
    for _ in range(room.chat.limit.person.burst - 1):
        room.chat.say(ann, "x")
    with pytest.raises(RoomError) as err:
        room.chat.say(ann, "one too many")
    assert err.value.code == "rate_limited"
    clock.advance(1 / room.chat.limit.person.rate)
    room.chat.say(ann, "fine again")


async def test_a_computer_on_a_clock_thinks_for_a_share_of_its_time(tmp_path: Path) -> None:
    clock = FakeClock()
    room = timed_room(tmp_path, clock, TimeControl(base=20, increment=1))
    room.add_computer(1, 1)
    ann = FakeMember("ann")
    room.claim(ann, 0)
    await room.move(ann, 2, 0)
    assert room.computer_budget(2000) == 20_000 // 25 + 800  # less than the cap
    assert timed_room(tmp_path / "u", FakeClock(), None, store=Store(tmp_path / "u.sqlite3")).computer_budget(2000) \
        == 2000


@pytest.mark.parametrize("control", [TimeControl(days=1), TimeControl(base=600)])
async def test_away_from_a_correspondence_game_is_no_forfeit_its_clock_is_the_limit(
        tmp_path: Path, control: TimeControl) -> None:
    clock = FakeClock()
    room = timed_room(tmp_path, clock, control)
    room.abandon_timeout = 120
    ann, bob = seat_both(room)
    await moves_each(room, 1)  # both have moved: leaving now is no abort (test_early_games.py)
    room.detach(ann)  # South, to move, closes the page
    clock.advance(121)
    if not control.days:
        # a live game: two minutes away, as before clocks, and Bob, who is there, may claim
        # the win; while he waits South's clock runs on and ends the game on time
        assert [m.status for m in bob.of_type("player_status")][-1] == "claimable"
        assert not room.finished
        clock.advance(600 - 121)
        over = bob.of_type("game_over")[0]
        assert (over.reason, over.outcome) == ("timeout", {"kind": "WIN", "winner": 1})
        return
    assert not room.finished
    clock.advance(86_400 - 121)
    over = bob.of_type("game_over")[0]
    assert (over.reason, over.outcome) == ("timeout", {"kind": "WIN", "winner": 1})


async def test_a_computer_seat_shows_its_rating_in_the_rooms_variant(tmp_path: Path) -> None:
    from mancala_server.ratings import COMPUTER_RATINGS_BY_VARIANT

    for variant in ("kalah_4", "oware_abapa"):
        room = timed_room(tmp_path / variant, FakeClock(), None, variant=variant,
                          store=Store(tmp_path / f"{variant}.sqlite3"))
        room.add_computer(1, 3)
        assert room.seats[1].rating == (round(COMPUTER_RATINGS_BY_VARIANT[variant][3]), False)


# ---- the match's decisions, asked directly: it returns what happened; the room acts --------


async def test_rule_a_draw_offered_over_the_opponents_draw_offer_is_agreement(tmp_path: Path) -> None:
    from mancala.engine.position import Outcome, OutcomeKind

    room = timed_room(tmp_path, FakeClock(), None)
    ann, bob = seat_both(room)
    first = room.match.offer_draw(0)
    assert [(n.kind, n.seat, n.status) for n in first.news] == [("draw", 0, "offered")]
    assert first.ending is None and first.take_back_to is None
    assert not ann.of_type("offer") and not bob.of_type("offer")  # deciding tells nobody
    agreed = room.match.offer_draw(1)
    assert agreed.news == () and agreed.ending is not None
    assert (agreed.ending.outcome, agreed.ending.reason) == (Outcome(OutcomeKind.TIE, None), "agreement")
    assert room.match.offer is None and not room.finished  # ending the game is the room's part


async def test_rule_an_offer_over_the_opponents_other_offer_declines_it_first(tmp_path: Path) -> None:
    room = timed_room(tmp_path, FakeClock(), None)
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    room.match.offer_draw(1)
    decision = room.match.offer_takeback(0)
    assert [(n.kind, n.seat, n.status) for n in decision.news] == [("draw", 1, "declined"),
                                                                   ("takeback", 0, "offered")]
    assert room.match.offer is not None and (room.match.offer.kind, room.match.offer.seat) == ("takeback", 0)


async def test_rule_a_takeback_goes_back_to_the_offerers_last_move_and_a_no_goes_nowhere(tmp_path: Path) -> None:
    room = timed_room(tmp_path, FakeClock(), None)
    ann, bob = seat_both(room)
    await room.move(ann, 2, 0)
    await room.move(bob, 8, 1)
    room.match.offer_takeback(1)
    declined = room.match.answer_takeback(0, False)
    assert [(n.kind, n.seat, n.status) for n in declined.news] == [("takeback", 1, "declined")]
    assert declined.take_back_to is None and room.match.offer is None
    room.match.offer_takeback(0)
    agreed = room.match.answer_takeback(1, True)
    assert agreed.take_back_to == 0 and agreed.news == () and agreed.ending is None
    assert len(room.moves) == 2 and not ann.of_type("taken_back")  # going back is the room's part


async def test_rule_a_move_charges_the_clock_and_returns_the_marks_to_store(tmp_path: Path) -> None:
    clock = FakeClock()
    room = timed_room(tmp_path, clock, TimeControl(base=60, increment=1))
    assert room.match.pause() is None  # no clock runs before both seats are taken: nothing to store
    seat_both(room)
    clock.advance(2)
    assert room.match.pause() is None  # nor before both players have moved
    await moves_each(room, 1)
    clock.advance(2)
    mark = room.match.pause()  # a stop now: South, to move, has thought for 2 s
    assert mark is not None and (mark.ply, mark.remaining) == (2, (58_000, 60_000))
    clock.advance(2)
    assert room.match.moved(0, clock.now(), 0.0) == (60_000 - 4_000 + 1_000, 60_000)
    untimed = timed_room(tmp_path / "u", FakeClock(), None, store=Store(tmp_path / "u.sqlite3"))
    seat_both(untimed)
    assert untimed.match.moved(0, 0.0, 0.0) is None and untimed.match.pause() is None


async def test_rule_a_rated_end_names_both_sides_and_their_new_ratings_are_news(tmp_path: Path) -> None:
    from mancala_server.ratings import Rating, Settled

    room = timed_room(tmp_path, FakeClock(), None, rated=True)
    ann, bob = FakeMember("ann", player="p-ann"), FakeMember("bob", player="p-bob")
    room.claim(ann, 0)
    room.claim(bob, 1)
    await moves_each(room, 2)  # fewer, and it would not be rated (test_early_games.py)
    ended = room.match.finish("resign")
    assert ended is not None and ended.pool == "oware_abapa"
    assert [(s.seat, s.player, s.name) for s in ended.sides] == [(0, "p-ann", "ann"), (1, "p-bob", "bob")]
    settled = [Settled(ended.sides[0], Rating(), Rating(1600.4, 100)), Settled(ended.sides[1], Rating(), Rating(1400))]
    rerated = room.match.rerated(settled)
    assert rerated.shown == ((0, (1600, False)), (1, (1400, True)))
    assert [(c.seat, c.before, c.after) for c in rerated.news.changes] == [(0, 1500, 1600), (1, 1500, 1400)]
    assert room.seats[0].rating != (1600, False)  # showing them is the room's part
    casual = timed_room(tmp_path / "c", FakeClock(), None, store=Store(tmp_path / "c.sqlite3"))
    seat_both(casual)
    assert casual.match.finish("resign") is None  # not rated: the room stores a plain end
