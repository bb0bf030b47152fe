"""Tournaments in the browser (docs/tournaments.md): two people in their pages and two
copies of the example bot play a whole four-player arena and a Swiss round; a third page
follows the standings as the server pushes them, and the lobby lists the event."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from mancala_client.example_bot import run
from tests.web.helpers import request

VARIANT = "kalah_4_pits_3"  # four holes of three seeds: games of a few moves
PEOPLE = ("ann", "bob")
BOTS = ("robo", "tron")


def start_bots(server: Any, tmp_path: Path, tid: str) -> list[threading.Thread]:
    """The example bot, twice, each on its own loop in a thread, joined to `tid`; each
    stops once nothing has happened for a while (the event is over)."""
    threads = []
    for name in BOTS:
        args = argparse.Namespace(server=f"ws://127.0.0.1:{server.port}/ws", name=name,
                                  secret_file=str(tmp_path / f"{name}.json"), challenge=None, variant=VARIANT,
                                  rated=False, level=0, budget_ms=20, games=0, idle=8.0, tournament=tid)

        def play(args: argparse.Namespace = args) -> None:
            with contextlib.suppress(TimeoutError):  # idle: the tournament is over
                asyncio.run(run(args))

        thread = threading.Thread(target=play, daemon=True, name=f"bot-{name}")
        thread.start()
        threads.append(thread)
    return threads


def wait_entered(page: Any, count: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#standings-body tr').length === {count}", timeout=20_000)


def play_until_over(pages: list[Any], watcher: Any, timeout: float = 150.0) -> None:
    """The people click a legal hole whenever it is their turn, until the watcher's page
    says the tournament is finished."""
    end = time.monotonic() + timeout
    while watcher.evaluate("document.body.dataset.status") != "finished":
        assert time.monotonic() < end, "the tournament did not finish in time"
        for page in pages:
            hole = page.query_selector("button.hole[data-legal]")
            if hole is not None:
                # the board may be redrawn under the click: the next look plays
                with contextlib.suppress(Exception):
                    hole.click(timeout=2_000)
        time.sleep(0.1)


@pytest.mark.server_settings(tourney_entries_per_address=8)
def test_a_four_player_arena_with_two_bots_runs_to_the_end(new_page, server, tmp_path) -> None:
    people = [new_page("/", name=n) for n in PEOPLE]
    for page in people:
        page.wait_for_selector("body[data-ready='1']", state="attached")
    made = request(people[0], {"type": "create_tournament", "kind": "arena", "variant": VARIANT,
                               "name": "Browser arena", "clock": {"base": 120, "increment": 2},
                               "starts_in": 120, "minutes": 0.25, "rated": True})
    tid = made["tournament"]
    lobby = new_page("/", name="carl")
    lobby.wait_for_function("document.querySelector('#tourneys')?.textContent.includes('Browser arena')")
    watcher = new_page(f"/tournaments/{tid}")
    watcher.wait_for_selector("body[data-status='open']")
    # nothing to show yet, and the page says so under each heading
    assert watcher.is_visible("#standings-none") and watcher.is_visible("#t-games-none")
    bots = start_bots(server, tmp_path, tid)
    for page in people:
        request(page, {"type": "join_tournament", "tournament": tid})
    wait_entered(watcher, 4)
    assert watcher.is_hidden("#standings-none")
    assert "(bot)" in watcher.text_content("#standings-body")
    request(people[0], {"type": "start_tournament", "tournament": tid})
    watcher.wait_for_function("document.body.dataset.status === 'running'")
    watcher.wait_for_function("document.querySelectorAll('#t-games li').length > 0")
    assert watcher.is_hidden("#t-games-none")
    play_until_over(people, watcher)
    rows = watcher.eval_on_selector_all("#standings-body tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    assert len(rows) == 4 and [r[0] for r in rows] == ["1", "2", "3", "4"]
    points = [float(r[2]) for r in rows]
    assert points == sorted(points, reverse=True) and sum(points) > 0
    assert sum(int(r[3]) for r in rows) >= 4, "each player played (games counted twice: once a side)"
    assert "wins with" in watcher.text_content("#t-status")
    for thread in bots:
        thread.join(30)


@pytest.mark.server_settings(tourney_entries_per_address=8)
def test_a_swiss_round_of_micro_matches_with_two_bots(new_page, server, tmp_path) -> None:
    people = [new_page("/", name=n) for n in PEOPLE]
    for page in people:
        page.wait_for_selector("body[data-ready='1']", state="attached")
    made = request(people[0], {"type": "create_tournament", "kind": "swiss", "variant": VARIANT,
                               "name": "Browser Swiss", "clock": {"base": 120, "increment": 2},
                               "starts_in": 120, "rounds": 1, "games": 2, "mode": "play", "rated": False})
    tid = made["tournament"]
    bots = start_bots(server, tmp_path, tid)
    watcher = new_page(f"/tournaments/{tid}")
    for page in people:
        request(page, {"type": "join_tournament", "tournament": tid})
    wait_entered(watcher, 4)
    request(people[0], {"type": "start_tournament", "tournament": tid})
    watcher.wait_for_function("document.body.dataset.status === 'running'")
    play_until_over(people, watcher)
    rows = watcher.eval_on_selector_all("#standings-body tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    assert len(rows) == 4
    assert sum(float(r[2]) for r in rows) == 2.0, "two micro-matches: a point each"
    assert all(r[3] == "2" for r in rows), "each pairing played both sides"
    assert all(r[5] != "" for r in rows), "the Swiss table shows its tiebreak"
    for thread in bots:
        thread.join(30)
