"""The game clock's arithmetic and the event loop's clock, rule by rule: the numbers a
player sees at the edges (a clock that reaches exactly zero, a stopped clock that ran
over, a move without a measured lag). Written from docs/mutation.md's survivors."""

from __future__ import annotations

import asyncio

from mancala.protocol.messages import TimeControl
from mancala_server.clock import LoopClock
from mancala_server.game_clock import LAG_CREDIT, GameClock

ONE_MINUTE = TimeControl(base=60, increment=2)


def test_a_move_that_arrives_as_the_clock_reaches_zero_loses_on_time() -> None:
    clock = GameClock(ONE_MINUTE)
    clock.start(0, 100.0)
    assert clock.charge(0, 160.0) is False
    assert clock.marks() == (0, 60_000) and clock.running is None


def test_a_move_with_a_millisecond_left_is_in_time_and_gets_the_increment() -> None:
    clock = GameClock(ONE_MINUTE)
    clock.start(0, 100.0)
    assert clock.charge(0, 159.999) is True
    assert clock.marks() == (1 + 2_000, 60_000)


def test_a_charged_clock_stands_still_until_the_next_start() -> None:
    clock = GameClock(ONE_MINUTE)
    clock.start(1, 0.0)
    assert clock.charge(1, 5.0) is True
    shown = clock.snapshot(50.0)
    assert shown.running is None and shown.remaining == [60_000, 57_000]


def test_a_move_without_a_measured_lag_gets_no_credit() -> None:
    clock = GameClock(TimeControl(base=60))
    clock.start(0, 0.0)
    clock.charge(0, 10.0)
    assert clock.marks() == (50_000, 60_000)
    clock.start(1, 10.0)
    clock.charge(1, 20.0, lag=5.0)  # a long round trip: only LAG_CREDIT of it is given back
    assert clock.marks() == (50_000, 50_000 + round(LAG_CREDIT * 1000))


def test_stopping_a_running_clock_keeps_the_time_it_used_and_nothing_runs() -> None:
    clock = GameClock(ONE_MINUTE)
    clock.start(0, 10.0)
    clock.stop(14.5)
    assert clock.running is None and clock.marks() == (55_500, 60_000)
    clock.stop(99.0)  # stopped already: nothing more is taken
    assert clock.marks() == (55_500, 60_000)


def test_a_clock_stopped_after_it_ran_out_shows_zero_not_a_negative_or_a_millisecond() -> None:
    clock = GameClock(ONE_MINUTE)
    clock.start(0, 0.0)
    assert clock.snapshot(61.0).remaining == [0, 60_000]
    clock.stop(61.0)
    assert clock.marks() == (0, 60_000)


def test_a_correspondence_move_in_time_gives_the_next_move_the_full_days() -> None:
    clock = GameClock(TimeControl(days=2))
    clock.start(1, 0.0)
    assert clock.charge(1, 86_400.0) is True
    assert clock.marks() == (2 * 86_400_000, 2 * 86_400_000)


async def test_the_loop_clock_runs_a_callback_after_its_delay_unless_cancelled() -> None:
    clock = LoopClock()
    fired: list[str] = []
    done = asyncio.Event()
    start = clock.now()
    cancelled = clock.call_later(0.01, lambda: fired.append("cancelled"))
    clock.call_later(0.02, lambda: (fired.append("kept"), done.set()))
    cancelled.cancel()
    await asyncio.wait_for(done.wait(), 30)
    assert fired == ["kept"] and clock.now() > start
