"""The SQLite storage port's rules that the contract suite (tests/storage) leaves open,
each written from a mutant that survived it (docs/mutation.md): what a player's profile
lists, how far lists go, and what a room that cannot be restored keeps."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from mancala.engine.position import Outcome, OutcomeKind
from mancala_server.compete_store import Terms
from mancala_server.fencing import Conflict, Fence, FencedOut, new_game_id
from mancala_server.ratings import RatedSide
from mancala_server.storage import SqliteStorage
from mancala_server.store import RoomRow, Store

VARIANT = {"game_info": {"name": "Oware"}}


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[SqliteStorage]:
    made = SqliteStorage(tmp_path / "db.sqlite3")
    yield made
    await made.close()


async def a_game(storage: SqliteStorage, code: str, public: bool = True) -> tuple[int, Fence]:
    await storage.reserve_room(RoomRow(code, "oware_abapa", VARIANT, public, "waiting", None,
                                       [(None, None), (None, None)], None))
    fence = Fence(code, 1)
    gid = new_game_id()
    await storage.new_game(gid, code, "oware_abapa", VARIANT, 0, ["Ann", "Bob"], {}, fence)
    return gid, fence


async def rated_game(storage: SqliteStorage, code: str, south: str, north: str, public: bool = True,
                     clock: dict[str, int] | None = None) -> int:
    gid, fence = await a_game(storage, code, public)
    await storage.set_terms(gid, Terms(True, clock, (south, north)), fence)
    sides = [RatedSide(0, south, "S"), RatedSide(1, north, "N")]
    await storage.end_rated_game(gid, Outcome(OutcomeKind.WIN, 1), "resign", "North wins: South resigned",
                                 "oware_abapa", sides, fence)
    return gid


async def test_a_profile_lists_each_rating_change_and_each_game_with_the_players_seat(
        storage: SqliteStorage) -> None:
    await storage.new_player("p-ann", "Ann", "h-ann")
    await storage.new_player("p-bob", "Bob", "h-bob")
    first = await rated_game(storage, "PROF01", "p-ann", "p-bob", clock={"base": 60, "increment": 1, "days": 0})
    second = await rated_game(storage, "PROF02", "p-bob", "p-ann", public=False)
    profile = await storage.player_profile("ann")
    assert profile is not None and profile.player.id == "p-ann" and profile.player.name == "Ann"
    rating = (await storage.ratings_of("p-ann"))["oware_abapa"]
    last = profile.history[-1]
    assert set(last) == {"variant", "game_id", "at", "rating", "rd"}
    assert (last["variant"], last["game_id"], last["rating"], last["rd"]) \
        == ("oware_abapa", second, round(rating.rating), round(rating.rd))
    assert isinstance(last["at"], float) and last["at"] >= profile.history[0]["at"] > 1e9
    recent = {g["id"]: g for g in profile.games}
    assert set(recent) == {first, second}
    assert recent[first]["seat"] == 0 and recent[second]["seat"] == 1
    game = recent[first]
    assert set(game) == {"id", "variant", "players", "outcome", "reason", "result", "started", "rated", "clock",
                         "seat", "private"}
    assert (game["variant"], game["players"], game["outcome"], game["reason"], game["result"], game["rated"],
            game["clock"], game["private"]) == (
        "oware_abapa", ["Ann", "Bob"], {"kind": "WIN", "winner": 1}, "resign", "North wins: South resigned",
        True, {"base": 60, "increment": 1, "days": 0}, False)
    assert isinstance(game["started"], float) and game["started"] > 1e9
    assert recent[second]["private"] and recent[second]["clock"] is None and recent[second]["rated"] is True
    only = await storage.player_profile("ann", games=1)
    assert only is not None and [g["id"] for g in only.games] == [second]  # the latest first


async def test_the_leaderboard_names_its_players_and_stops_at_its_limit(storage: SqliteStorage) -> None:
    for name in ("Ann", "Bob", "Cy"):
        await storage.new_player(f"p-{name.lower()}", name, f"h-{name}")
    await rated_game(storage, "LEAD01", "p-ann", "p-bob")
    await rated_game(storage, "LEAD02", "p-cy", "p-bob")
    everyone = await storage.leaderboard("oware_abapa")
    assert sorted((p.id, p.name) for p, _ in everyone) == [("p-ann", "Ann"), ("p-bob", "Bob"), ("p-cy", "Cy")]
    assert await storage.leaderboard("oware_abapa", limit=2) == everyone[:2]


async def test_a_room_that_cannot_be_restored_says_so_and_keeps_why_within_500_characters(
        storage: SqliteStorage) -> None:
    gid, _ = await a_game(storage, "BROKEN")
    why = "moves no longer legal: " + "x" * 600
    await storage.mark_unrestorable("BROKEN", gid, why)
    row = await storage.room("BROKEN")
    assert row is not None and row.status == "unrestorable"
    game = await storage.game(gid)
    assert game is not None and game.result == why[:500]


async def test_a_pairer_may_skip_several_rooms_it_found_unfit(storage: SqliteStorage) -> None:
    for code in ("QUICK1", "QUICK2", "QUICK3"):
        await storage.reserve_room(RoomRow(code, "oware", VARIANT, True, "waiting", None,
                                           [(None, None), (None, None)], None))
        await storage.offer_quick(code, Fence(code, 1))
    assert await storage.take_quick("oware", ["QUICK1", "QUICK2"]) == "QUICK3"
    assert await storage.take_quick("oware", ["QUICK1", "QUICK2"]) is None


async def test_a_rated_end_told_to_the_room_stores_its_reason_and_result(storage: SqliteStorage) -> None:
    await storage.new_player("p-ann", "Ann", "h-ann")
    gid, _ = await a_game(storage, "FINISH")
    heard: list[object] = []
    storage.store.finish_rated(gid, Outcome(OutcomeKind.WIN, 0), "timeout", "South wins on time", "oware_abapa",
                               [RatedSide(0, "p-ann", "Ann"), RatedSide(1, None, "Computer (level 1)")],
                               heard.append)
    game = await storage.game(gid)
    assert game is not None and (game.reason, game.result) == ("timeout", "South wins on time")
    assert len(heard) == 1 and len(heard[0]) == 2  # type: ignore[arg-type]


async def test_a_profile_lists_the_20_latest_games_and_the_leaderboard_the_first_100(
        storage: SqliteStorage) -> None:
    await storage.new_player("p-ann", "Ann", "h-ann")
    for n in range(21):
        await rated_game(storage, f"LATE{n:02d}", "p-ann", "p-bob")
    profile = await storage.player_profile("Ann")
    assert profile is not None and len(profile.games) == 20
    db = storage.store.db
    with db:  # 101 rated players, written as the rated games would have left them
        for n in range(101):
            db.execute("INSERT INTO players (id, name, name_key, created) VALUES (?,?,?,0)", (f"p-{n}", f"P{n}",
                                                                                          f"p{n}"))
            db.execute("INSERT INTO ratings (player, variant, rating, rd, vol, games, updated) "
                       "VALUES (?,?,?,?,?,?,0)", (f"p-{n}", "kalah_4", 1000.0 + n, 80.0, 0.06, 10))
    board = await storage.leaderboard("kalah_4")
    assert len(board) == 100 and board[0][0].id == "p-100" and board[-1][0].id == "p-1"


async def test_a_game_reads_back_with_its_id_and_room(storage: SqliteStorage) -> None:
    gid, _ = await a_game(storage, "ROWS01")
    game = await storage.game(gid)
    assert game is not None and (game.id, game.room, game.variant) == (gid, "ROWS01", "oware_abapa")


async def test_a_write_fenced_out_names_the_room_its_epoch_and_the_rooms(storage: SqliteStorage) -> None:
    gid, _ = await a_game(storage, "FENCE9")
    with pytest.raises(FencedOut, match=r"^room FENCE9: epoch 3 is not the room's \(1\)$"):
        await storage.add_move(gid, 0, 0, 1, Fence("FENCE9", 3))
    with pytest.raises(FencedOut, match=r"^room NOSUCH: epoch 1 is not the room's \(no room\)$"):
        await storage.set_room_status("NOSUCH", "ended", Fence("NOSUCH", 1))


def test_closing_a_store_stops_its_checkpoint_thread(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    assert store.checkpoints is not None
    thread = store.checkpoints._thread
    assert thread.is_alive()
    store.close()
    assert not thread.is_alive()
    Store(Path(":memory:")).close()  # a memory database has no log and no thread to stop


async def test_an_unrated_timed_game_reads_back_unrated(storage: SqliteStorage) -> None:
    gid, fence = await a_game(storage, "TERMS1")
    clock = {"base": 300, "increment": 5, "days": 0}
    await storage.set_terms(gid, Terms(False, clock, ("p-ann", "p-bob")), fence)
    game = await storage.game(gid)
    assert game is not None and game.match is not None
    assert (game.match.terms.rated, game.match.terms.clock) == (False, clock)


async def test_a_conflicting_write_says_what_it_would_overwrite(storage: SqliteStorage) -> None:
    gid, fence = await a_game(storage, "CONFL1")
    await storage.add_move(gid, 0, 0, 1, fence)
    with pytest.raises(Conflict, match="UNIQUE constraint failed: moves.game_id, moves.ply"):
        await storage.add_move(gid, 0, 0, 2, fence)


def test_each_write_reports_how_long_its_commit_took(tmp_path: Path) -> None:
    store = Store(tmp_path / "db.sqlite3")
    took: list[float] = []
    store.observe = took.append
    try:
        store.set_room_status("NOROOM", "ended")
    finally:
        store.close()
    assert len(took) == 1 and 0 <= took[0] < 5.0


def test_a_game_made_by_the_store_keeps_its_first_layout(tmp_path: Path) -> None:
    """The room's path (Store.new_game draws the id): the layout a game starts from is
    stored with it, as a replay needs it for variants that draw their start."""
    store = Store(tmp_path / "db.sqlite3")
    start = {"board": [3, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], "stores": [0, 0]}
    try:
        gid = store.new_game("LAYOUT", "oware_abapa", VARIANT, 1, ["Ann", "Bob"], start)
        game = store.game(gid)
    finally:
        store.close()
    assert game is not None and (game.start, game.starter, game.players) == (start, 1, ["Ann", "Bob"])
