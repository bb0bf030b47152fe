"""The contract of the tournaments port (tourney_storage.py): SQLite and PostgreSQL alike.
A document is written back only on the version it was read at, so two nodes changing
one tournament at once never lose a change."""

from __future__ import annotations

from mancala_server.storage import Storage


async def test_a_tournament_is_kept_whole_and_read_back(storage: Storage) -> None:
    doc = {"id": "tA1234567", "players": {"p1": {"name": "ann"}}, "games": [], "note": "é ✓"}
    assert await storage.add_tournament("tA1234567", "p1", 1000.0, doc)
    assert not await storage.add_tournament("tA1234567", "p2", 5.0, {"other": 1}), "an id is made once"
    row = await storage.tournament("tA1234567")
    assert row is not None and (row.id, row.created_by, row.status, row.version) == ("tA1234567", "p1", "open", 1)
    assert row.doc == doc
    assert await storage.tournament("tNOPE0000") is None


async def test_a_write_on_an_old_version_changes_nothing(storage: Storage) -> None:
    await storage.add_tournament("tB1234567", "p1", 1000.0, {"n": 0})
    assert await storage.save_tournament("tB1234567", "running", {"n": 1}, 1)
    assert not await storage.save_tournament("tB1234567", "open", {"n": 2}, 1), "another write came first"
    row = await storage.tournament("tB1234567")
    assert row is not None and (row.status, row.doc, row.version) == ("running", {"n": 1}, 2)
    assert not await storage.save_tournament("tNOPE0000", "open", {}, 1)


async def test_tournaments_are_listed_by_state_latest_first_and_counted_by_maker(storage: Storage) -> None:
    for n, (maker, start) in enumerate([("p1", 10.0), ("p1", 30.0), ("p2", 20.0)]):
        await storage.add_tournament(f"tC{n}0000000", maker, start, {"n": n})
    assert await storage.save_tournament("tC20000000", "finished", {"n": 2}, 1)
    assert [r.id for r in await storage.tournaments(["open", "running"], 10)] == ["tC10000000", "tC00000000"]
    assert [r.id for r in await storage.tournaments(["open"], 1)] == ["tC10000000"]
    assert [r.id for r in await storage.tournaments(["finished"], 10)] == ["tC20000000"]
    assert await storage.tournaments_by("p1", ["open", "running"]) == 2
    assert await storage.tournaments_by("p2", ["open", "running"]) == 0


async def test_the_versions_of_live_tournaments_are_listed_without_their_documents(storage: Storage) -> None:
    await storage.add_tournament("tD00000000", "p1", 5.0, {"big": "x" * 1000})
    await storage.add_tournament("tD10000000", "p1", 6.0, {})
    assert await storage.save_tournament("tD00000000", "running", {"big": "y"}, 1)
    assert await storage.tourney_versions(["open", "running"], 10) == [("tD10000000", 1), ("tD00000000", 2)]
    assert await storage.tourney_versions(["finished"], 10) == []
