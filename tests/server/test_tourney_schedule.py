"""The site's own tournaments (tourney_schedule.py): the setting is read strictly, each
scheduled tournament is announced ahead of its start on the clock's multiples, and made
once however often (or on however many nodes) it is announced."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from mancala_server.tourney_schedule import ScheduleError, parse_schedule
from tests.server.helpers import get_json

VARIANTS = {"kalah_4", "oware_abapa"}


def test_an_entry_is_read_with_its_terms() -> None:
    (arena, swiss) = parse_schedule("kalah_4 arena every 60 for 30 clock 3+2; oware_abapa swiss every 1440 "
                                    "rounds 4 games 3 clock 5+0", VARIANTS)
    assert (arena.variant, arena.kind, arena.every, arena.minutes, arena.clock.base, arena.clock.increment) == (
        "kalah_4", "arena", 60.0, 30.0, 180, 2)
    assert (swiss.kind, swiss.rounds, swiss.games, swiss.clock.base) == ("swiss", 4, 3, 300)
    assert arena.title("Kalah") == "Hourly Kalah arena" and swiss.title("Oware") == "Daily Oware Swiss"
    assert parse_schedule("", VARIANTS) == [] and parse_schedule(" ; ", VARIANTS) == []


@pytest.mark.parametrize(("text", "named"), [
    ("nope arena every 60", "no variant named 'nope'"),
    ("kalah_4 blitz every 60", "arena or swiss"),
    ("kalah_4 arena each 60", "VARIANT arena|swiss every"),
    ("kalah_4 arena every 60 colour red", "unknown word 'colour'"),
    ("kalah_4 arena every 0", "1..10080"),
    ("kalah_4 arena every 30 for 45", "until the next one"),
    ("kalah_4 swiss every 60 rounds 99", "rounds 1..30"),
    ("kalah_4 arena every sixty", "every 'sixty'"),
    ("kalah_4 arena every 60 clock 3+x", "clock '3+x'"),
    ("kalah_4 arena every 60 for", "one value"),
])
def test_an_entry_that_cannot_be_read_is_named(text: str, named: str) -> None:
    with pytest.raises(ScheduleError) as refused:
        parse_schedule(f"kalah_4 arena every 60; {text}", VARIANTS)
    assert named in str(refused.value) and text.split()[0] in str(refused.value)


def test_starts_fall_on_the_clocks_multiples_and_are_announced_ahead() -> None:
    (hourly,) = parse_schedule("kalah_4 arena every 60 for 30", VARIANTS)
    start = 1_800_000_000.0 - 1_800_000_000.0 % 3600 + 3600
    assert hourly.next_start(start - 1) == start and hourly.next_start(start) == start
    assert hourly.due(start - 600) == start, "within the hour before: announced"
    (often,) = parse_schedule("kalah_4 arena every 10 for 5", VARIANTS)
    assert often.due(start - 400) is None and often.due(start - 200) == start, "half its period ahead"
    assert hourly.tid(start) == hourly.tid(start) != hourly.tid(start + 3600)
    assert re.fullmatch(r"[A-Za-z0-9_-]{8,40}", hourly.tid(start))


async def test_the_server_announces_the_next_one_once(start_server: Any) -> None:
    server = await start_server(tourney_schedule="kalah_4_pits_3 arena every 1 for 1 clock 1+0")
    tournaments = server.hub.tournaments
    (entry,) = tournaments.schedule
    now = entry.next_start(time.time()) - 10  # within the half minute before a start
    await tournaments.announce(now - 40)  # not yet
    await tournaments.announce(now)
    await tournaments.announce(now + 0.5)  # again (another node, a restart): the same one
    status, listing = await get_json(server.port, "/api/tournaments")
    # (the server's own tick may announce the one after, should a minute pass meanwhile)
    made = [t for t in listing["tournaments"] if t["starts_at"] == now + 10]
    assert status == 200 and len(made) == 1
    (one,) = made
    assert one["name"] == "1-minute Kalah 4 Pits 3 arena" and one["kind"] == "arena"
    assert one["starts_at"] % 60 == 0 and one["status"] == "open"
    status, state = await get_json(server.port, one["url"].replace("/tournaments/", "/api/tournaments/"))
    assert state["created_by"] == "Mancala" and state["clock"]["base"] == 60 and state["rated"] is True


async def test_a_schedule_that_cannot_be_read_stops_the_server_saying_why(start_server: Any) -> None:
    with pytest.raises(ScheduleError, match="no variant named 'nope'"):
        await start_server(tourney_schedule="nope arena every 60")
