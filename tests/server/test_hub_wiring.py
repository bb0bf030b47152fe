"""The hub hands each setting an operator gives to the part it is for (Hub.__init__):
the search and rules processes, their limits and niceness, the analysis and catch-up
budgets, the storage file, the metrics an operator scrapes. Each value below differs
from its default and from the others, so a setting dropped, swapped or left at its
default shows."""

from __future__ import annotations

from pathlib import Path

from mancala.protocol.messages import CLIENT_TYPES
from mancala.rules.loading import config_paths
from mancala_server.clock import LoopClock
from mancala_server.config import Settings
from mancala_server.connection import deliver
from mancala_server.hub import Hub

WIRED = {"computer_workers": 3, "computer_cap_ms": 1234, "computer_niceness": 7,
         "rules_workers": 5, "rules_time_limit": 3.5, "rules_niceness": 6,
         "search_workers": 2, "search_queue": 9, "search_niceness": 13,
         "one_turn_time_limit": 11.0,
         "analysis_budget_ms": 777, "analysis_rate": 0.3, "analysis_burst": 12,
         "catch_up_rate": 1500.0, "catch_up_burst": 4500,
         "catch_up_address_rate": 7000.0, "catch_up_address_burst": 21000}


async def test_every_setting_reaches_the_part_it_is_for(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data", **WIRED)  # type: ignore[arg-type]
    hub = Hub(settings)
    try:
        computers, rules, searches = hub.computers, hub.rules, hub.searches
        assert (computers.workers, computers.cap_ms, computers.niceness) == (3, 1234, 7)
        assert (rules.count, rules.time_limit, rules.niceness) == (5, 3.5, 6)
        assert (searches.workers, searches.queue, searches.niceness) == (2, 9, 13)
        assert hub.one_turn.searches is searches and hub.one_turn.time_limit == 11.0
        analyses = hub.analyses
        assert analyses.searches is searches and analyses.budget_ms == 777
        assert (analyses.rule.rate, analyses.rule.burst) == (0.3, 12)
        assert analyses.limits() is hub.limits  # read when charged: a cluster hub replaces them
        assert analyses.definitions is hub.stored.definitions
        catch_up = hub.catch_up
        assert (catch_up.rate, catch_up.burst) == (1500.0, 4500)
        assert (catch_up.address.rate, catch_up.address.burst) == (7000.0, 21000)
        assert hub.stored.rules is rules  # stored custom games replay in the rules processes
        assert hub.position_pages.stored is hub.stored
    finally:
        hub.rules.close()
        await hub.storage.close()  # and its checkpoint thread


async def test_the_configs_directory_setting_is_the_catalogue(tmp_path: Path) -> None:
    """A server pointed at a directory of its own offers that directory's variants only."""
    folder = tmp_path / "configs"
    folder.mkdir()
    (folder / "only_kalah.json").write_text(config_paths()["kalah_4"].read_text())
    hub = Hub(Settings(data_dir=tmp_path / "data", configs_dir=str(folder)))
    try:
        assert set(hub.configs) == {"only_kalah"}
    finally:
        hub.rules.close()
        await hub.storage.close()


async def test_a_hub_without_a_clock_or_sink_runs_on_the_loop_and_the_sockets(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    hub = Hub(settings)
    try:
        assert isinstance(hub.clock, LoopClock) and hub.deliver is deliver
        # the storage is the settings' SQLite file, written at once
        assert Path(settings.db_path).is_file()
        assert set(hub.handlers) == CLIENT_TYPES
        assert hub.rooms == {} and hub.clients == set() and hub.lobby_clients == set()
        assert hub.inline_fanout
        assert hub.variants and set(hub.variants) <= set(hub.configs)
    finally:
        hub.rules.close()
        await hub.storage.close()  # and its checkpoint thread


async def test_the_metrics_read_the_hub_when_scraped(tmp_path: Path) -> None:
    hub = Hub(Settings(data_dir=tmp_path / "data"))
    try:
        text = hub.metrics.text().decode()
        assert 'mancala_node_info{node="single"} 1.0' in text
        for gauge in ("mancala_sockets", "mancala_rooms", "mancala_lobby_subscribers", "mancala_search_queue",
                      "mancala_searches_running"):
            assert f"{gauge} 0.0" in text
        hub.clients.update({object(), object()})  # type: ignore[arg-type]
        hub.lobby_clients.add(object())  # type: ignore[arg-type]
        hub.rooms.update({"A": object(), "B": object(), "C": object()})  # type: ignore[dict-item]
        hub.computers.queued.update({"A", "B", "C", "D"})
        text = hub.metrics.text().decode()
        assert "mancala_sockets 2.0" in text and "mancala_rooms 3.0" in text
        assert "mancala_lobby_subscribers 1.0" in text and "mancala_search_queue 4.0" in text
    finally:
        hub.rooms.clear()
        hub.rules.close()
        await hub.storage.close()  # and its checkpoint thread
