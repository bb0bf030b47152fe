"""Storage rules first pinned on SQLite alone, each written from a mutant that survived
the contract suite (docs/mutation.md), now held to both ports: what a player's profile
lists, how far the leaderboard goes, what a room that cannot be restored keeps, how a
fenced-out write is named. SQLite and PostgreSQL pass the same tests."""

from __future__ import annotations

import pytest

from mancala_server.compete_store import Terms
from mancala_server.fencing import Fence, FencedOut
from mancala_server.storage import Storage
from mancala_server.store import RoomRow
from tests.storage.rows import VARIANT, a_game, rated_game


async def test_a_profile_lists_each_rating_change_and_each_game_with_the_players_seat(storage: Storage) -> None:
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


async def test_the_leaderboard_names_its_players_and_stops_at_its_limit(storage: Storage) -> None:
    for name in ("Ann", "Bob", "Cy"):
        await storage.new_player(f"p-{name.lower()}", name, f"h-{name}")
    await rated_game(storage, "LEAD01", "p-ann", "p-bob")
    await rated_game(storage, "LEAD02", "p-cy", "p-bob")
    everyone = await storage.leaderboard("oware_abapa")
    assert sorted((p.id, p.name) for p, _ in everyone) == [("p-ann", "Ann"), ("p-bob", "Bob"), ("p-cy", "Cy")]
    assert await storage.leaderboard("oware_abapa", limit=2) == everyone[:2]


async def test_a_room_that_cannot_be_restored_says_so_and_keeps_why_within_500_characters(storage: Storage) -> None:
    gid, _ = await a_game(storage, "BROKEN")
    why = "moves no longer legal: " + "x" * 600
    await storage.mark_unrestorable("BROKEN", gid, why)
    row = await storage.room("BROKEN")
    assert row is not None and row.status == "unrestorable"
    game = await storage.game(gid)
    assert game is not None and game.result == why[:500]


async def test_a_pairer_may_skip_several_rooms_it_found_unfit(storage: Storage) -> None:
    for code in ("QUICK1", "QUICK2", "QUICK3"):
        await storage.reserve_room(RoomRow(code, "oware", VARIANT, True, "waiting", None,
                                           [(None, None), (None, None)], None))
        await storage.offer_quick(code, Fence(code, 1))
    assert await storage.take_quick("oware", ["QUICK1", "QUICK2"]) == "QUICK3"
    assert await storage.take_quick("oware", ["QUICK1", "QUICK2"]) is None


async def test_a_game_reads_back_with_its_id_and_room(storage: Storage) -> None:
    gid, _ = await a_game(storage, "ROWS01")
    game = await storage.game(gid)
    assert game is not None and (game.id, game.room, game.variant) == (gid, "ROWS01", "oware_abapa")


async def test_a_write_fenced_out_names_the_room_its_epoch_and_the_rooms(storage: Storage) -> None:
    gid, _ = await a_game(storage, "FENCE9")
    with pytest.raises(FencedOut, match=r"^room FENCE9: epoch 3 is not the room's \(1\)$"):
        await storage.add_move(gid, 0, 0, 1, Fence("FENCE9", 3))
    with pytest.raises(FencedOut, match=r"^room NOSUCH: epoch 1 is not the room's \(no room\)$"):
        await storage.set_room_status("NOSUCH", "ended", Fence("NOSUCH", 1))


async def test_an_unrated_timed_game_reads_back_unrated(storage: Storage) -> None:
    gid, fence = await a_game(storage, "TERMS1")
    clock = {"base": 300, "increment": 5, "days": 0}
    await storage.set_terms(gid, Terms(False, clock, ("p-ann", "p-bob")), fence)
    game = await storage.game(gid)
    assert game is not None and game.match is not None
    assert (game.match.terms.rated, game.match.terms.clock) == (False, clock)


async def test_a_profile_lists_the_20_latest_games(storage: Storage) -> None:
    await storage.new_player("p-ann", "Ann", "h-ann")
    for n in range(21):
        await rated_game(storage, f"LATE{n:02d}", "p-ann", "p-bob")
    profile = await storage.player_profile("Ann")
    assert profile is not None and len(profile.games) == 20
