"""The contract of the games port (rooms, quick pairing, games, rounds, moves, fencing):
SQLite and PostgreSQL pass the same tests."""

from __future__ import annotations

import asyncio

import pytest

from mancala.engine.position import Outcome, OutcomeKind
from mancala_server.fencing import Conflict, Fence, FencedOut, new_game_id
from mancala_server.storage import Storage
from mancala_server.store import RoomRow

VARIANT = {"game_info": {"name": "Kalah"}}


def room(code: str, variant: str = "kalah_4", public: bool = True) -> RoomRow:
    return RoomRow(code, variant, VARIANT, public, "waiting", None, [(None, None), (None, None)], None)


async def test_a_taken_room_code_is_refused(storage: Storage) -> None:
    assert await storage.reserve_room(room("ABCDEF"))
    assert not await storage.reserve_room(room("ABCDEF", "oware"))
    got = await storage.room("ABCDEF")
    assert got is not None and got.variant == "kalah_4" and got.variant_json == VARIANT and got.public
    assert await storage.room("NOSUCH") is None
    assert await storage.room_public("ABCDEF") and not await storage.room_public("NOSUCH")


async def test_a_game_its_moves_and_its_end_read_back(storage: Storage) -> None:
    await storage.reserve_room(room("GAME01"))
    fence = Fence("GAME01", 1)
    gid = new_game_id()
    await storage.new_game(gid, "GAME01", "kalah_4", VARIANT, 1, ["ann", None], {"board": [4] * 12,
                                                                               "stores": [0, 0]}, fence)
    await storage.set_players(gid, ["ann", "bob"], fence)
    for ply, (seat, move) in enumerate([(1, 2), (1, 8), (0, [3, "CW"])]):
        await storage.add_move(gid, ply, seat, move, fence)
    await storage.add_round(gid, 3, {"board": [1] * 12, "stores": [20, 20]}, fence)
    await storage.add_round(gid, 7, {"board": [2] * 12, "stores": [14, 10]}, fence)  # rounds add up
    saved = RoomRow("GAME01", "kalah_4", VARIANT, True, "playing", gid, [("ann", "h0"), ("bob", "h1")], 1, "perfect")
    await storage.save_room(saved, fence)
    game = await storage.game(gid)
    assert game is not None
    assert (game.starter, game.players, game.moves) == (1, ["ann", "bob"], [(1, 2), (1, 8), (0, [3, "CW"])])
    assert game.start == {"board": [4] * 12, "stores": [0, 0]}
    assert game.rounds == {3: {"board": [1] * 12, "stores": [20, 20]},
                           7: {"board": [2] * 12, "stores": [14, 10]}}
    assert game.outcome is None
    await storage.end_game(gid, Outcome(OutcomeKind.WIN, 0), "resign", "South wins", fence)
    ended = await storage.game(gid)
    assert ended is not None and (ended.outcome, ended.reason, ended.result) == (
        Outcome(OutcomeKind.WIN, 0), "resign", "South wins")
    row = await storage.room("GAME01")
    assert row is not None and (row.status, row.game_id, row.seats, row.computer, row.computer_level) == (
        "playing", gid, [("ann", "h0"), ("bob", "h1")], 1, "perfect")
    assert [r.code for r in await storage.live_rooms()] == ["GAME01"]
    assert await storage.game(new_game_id()) is None


async def test_a_stored_ply_is_refused_as_a_conflict(storage: Storage) -> None:
    await storage.reserve_room(room("PLY001"))
    fence = Fence("PLY001", 1)
    gid = new_game_id()
    await storage.new_game(gid, "PLY001", "kalah_4", VARIANT, 0, [None, None], {}, fence)
    await storage.add_move(gid, 0, 0, 2, fence)
    with pytest.raises(Conflict):
        await storage.add_move(gid, 0, 0, 3, fence)
    game = await storage.game(gid)
    assert game is not None and game.moves == [(0, 2)]


async def test_fencing_refuses_an_old_epoch_after_a_takeover(storage: Storage) -> None:
    await storage.reserve_room(room("FENCE1"))
    old = Fence("FENCE1", 1)
    gid = new_game_id()
    await storage.new_game(gid, "FENCE1", "kalah_4", VARIANT, 0, [None, None], {}, old)
    await storage.add_move(gid, 0, 0, 2, old)
    taken = await storage.take_room("FENCE1")
    assert taken is not None and taken[1] == 2 and taken[0].code == "FENCE1"
    new = Fence("FENCE1", taken[1])
    for write in (storage.add_move(gid, 1, 1, 9, old), storage.end_game(gid, Outcome(OutcomeKind.TIE, None), "rules", "x", old),
                  storage.set_players(gid, ["x", "y"], old), storage.save_room(room("FENCE1"), old),
                  storage.set_room_status("FENCE1", "closed", old),
                  storage.new_game(new_game_id(), "FENCE1", "kalah_4", VARIANT, 0, [None, None], {}, old),
                  storage.add_round(gid, 1, {}, old), storage.offer_quick("FENCE1", old)):
        with pytest.raises(FencedOut):
            await write
    await storage.add_move(gid, 1, 1, 9, new)
    game = await storage.game(gid)
    assert game is not None and game.moves == [(0, 2), (1, 9)] and game.outcome is None
    assert await storage.take_room("NOSUCH") is None
    await storage.set_room_status("FENCE1", "closed", new)
    assert await storage.take_room("FENCE1") is None  # closed: not live, not taken
    assert await storage.live_rooms() == []


async def test_a_quick_pairing_room_goes_to_one_pairer(storage: Storage) -> None:
    for code in ("QUICK1", "QUICK2"):
        await storage.reserve_room(room(code, "oware"))
    assert await storage.take_quick("oware") is None  # not offered yet
    await storage.offer_quick("QUICK2", Fence("QUICK2", 1))
    await storage.offer_quick("QUICK1", Fence("QUICK1", 1))
    got = await asyncio.gather(*(storage.take_quick("oware") for _ in range(3)))
    assert sorted(c for c in got if c is not None) == ["QUICK1", "QUICK2"] and got.count(None) == 1
    assert await storage.take_quick("kalah_4") is None
    for code in ("QUICK1", "QUICK2"):  # offered again: a pairer skips the rooms it found unfit
        await storage.offer_quick(code, Fence(code, 1))
    assert await storage.take_quick("oware", ["QUICK1"]) == "QUICK2"
    assert await storage.take_quick("oware", ["QUICK1"]) is None
    assert await storage.take_quick("oware", []) == "QUICK1"


async def test_unrestorable_rooms_are_no_longer_live(storage: Storage) -> None:
    await storage.reserve_room(room("BROKEN"))
    gid = new_game_id()
    await storage.new_game(gid, "BROKEN", "kalah_4", VARIANT, 0, [None, None], {}, Fence("BROKEN", 1))
    await storage.mark_unrestorable("BROKEN", gid, "moves no longer legal")
    assert await storage.live_rooms() == []
    game = await storage.game(gid)
    assert game is not None and (game.reason, game.result) == ("unrestorable", "moves no longer legal")


async def test_add_round_keeps_every_round(storage: Storage) -> None:
    await storage.reserve_room(room("ROUNDS"))
    fence = Fence("ROUNDS", 1)
    gid = new_game_id()
    await storage.new_game(gid, "ROUNDS", "kalah_4", VARIANT, 0, [None, None], {"board": [4] * 12}, fence)
    game = await storage.game(gid)
    assert game is not None and not game.rounds  # none yet: the first layout is `start`
    for ply in (12, 30, 31):
        await storage.add_round(gid, ply, {"board": [ply] * 12, "stores": [0, 0]}, fence)
    game = await storage.game(gid)
    assert game is not None and game.rounds == {ply: {"board": [ply] * 12, "stores": [0, 0]} for ply in (12, 30, 31)}
    assert game.start == {"board": [4] * 12}


async def test_a_game_id_is_stored_once(storage: Storage) -> None:
    await storage.reserve_room(room("GIDONE"))
    fence = Fence("GIDONE", 1)
    gid = new_game_id()
    await storage.new_game(gid, "GIDONE", "kalah_4", VARIANT, 0, ["ann", None], {}, fence)
    with pytest.raises(Conflict):
        await storage.new_game(gid, "GIDONE", "oware", VARIANT, 1, [None, "bob"], {}, fence)
    game = await storage.game(gid)
    assert game is not None and (game.variant, game.players) == ("kalah_4", ["ann", None])


async def test_a_private_room_is_not_public_and_statuses_decide_what_is_live(storage: Storage) -> None:
    await storage.reserve_room(room("PRIV01", public=False))
    await storage.reserve_room(room("OPEN01"))
    assert not await storage.room_public("PRIV01") and await storage.room_public("OPEN01")
    await storage.set_room_status("OPEN01", "finished", Fence("OPEN01", 1))  # finished rooms come back too
    await storage.set_room_status("PRIV01", "closed", Fence("PRIV01", 1))
    assert [r.code for r in await storage.live_rooms()] == ["OPEN01"]
    got = await storage.room("PRIV01")
    assert got is not None and got.status == "closed" and not got.public


async def test_a_room_taken_twice_refuses_both_older_epochs(storage: Storage) -> None:
    await storage.reserve_room(room("TWICE1"))
    second = await storage.take_room("TWICE1")
    third = await storage.take_room("TWICE1")
    assert second is not None and third is not None and (second[1], third[1]) == (2, 3)
    for epoch in (1, 2):
        with pytest.raises(FencedOut):
            await storage.set_room_status("TWICE1", "closed", Fence("TWICE1", epoch))
    with pytest.raises(FencedOut):  # no such room: no epoch to match
        await storage.offer_quick("NOROOM", Fence("NOROOM", 1))
    got = await storage.room("TWICE1")
    assert got is not None and got.status == "waiting"
