"""Fair rated play (docs/competitive.md, "Fair rated play"): the swap rule, which games
must have it, and the computer's ladder apart. Through the hub's handlers with fake
members and clock and a real SQLite store; restarts through a second hub on the same file."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from mancala_server import fair_start
from mancala_server.config import Settings
from mancala_server.hub import Hub
from tests.server.fakes import FakeClock, FakeMember, deliver
from tests.server.room_setup import moves_each
from tests.server.test_compete_hub_unit import known, send


@pytest.fixture
async def hub(tmp_path: Path) -> AsyncIterator[Hub]:
    made = Hub(Settings(data_dir=tmp_path / "data"), clock=FakeClock(), deliver=deliver)
    yield made
    made.rules.close()
    await made.storage.close()


def test_the_decisive_table_names_jackmans_game_and_solved_kalah_but_not_oware() -> None:
    why = fair_start.decisive("multilap_jackman")
    assert why is not None and "39 of 48" in why
    assert "solved" in (fair_start.decisive("kalah_standard") or "")
    assert fair_start.decisive("oware_abapa") is None
    assert fair_start.decisive("anything", built_in=False) is not None  # custom: never measured


async def start_game(hub: Hub, variant: str, **terms: object) -> tuple[FakeMember, FakeMember, str]:
    ann, bob = await known(hub, "Ann"), await known(hub, "Bob")
    granted = await send(hub, ann, type="create_room", variant=variant, seat=0, **terms)
    assert granted.type == "seat_granted", granted
    await send(hub, bob, type="join_room", room=granted.room)
    return ann, bob, granted.room


async def test_a_rated_game_of_a_decisive_variant_always_has_the_swap_rule(hub: Hub) -> None:
    ann, _, room = await start_game(hub, "multilap_jackman", rated=True)
    assert hub.room(room).match.pie and hub.room(room).summary().pie
    casual = await send(hub, await known(hub, "Cy"), type="create_room", variant="multilap_jackman")
    assert not hub.room(casual.room).match.pie  # casual: only when asked for
    fair = await send(hub, await known(hub, "Di"), type="create_room", variant="oware_abapa", rated=True)
    assert not hub.room(fair.room).match.pie  # a fair start is rated as it is


async def test_the_swap_gives_the_second_player_the_side_that_moved(hub: Hub) -> None:
    ann, bob, code = await start_game(hub, "kalah_4", pie=True)
    room = hub.room(code)
    assert (await send(hub, bob, type="swap", room=code)).code == "no_swap"  # nothing to swap before a move
    move = hub.room(code).game.legal_moves(room.position)[0]
    await send(hub, ann, type="move", room=code, move=move)
    before = (list(room.position.board), list(room.position.stores), room.position.turn)
    assert (await send(hub, ann, type="swap", room=code)).code in ("no_swap", "not_your_turn")
    spectator = FakeMember("sam")
    await send(hub, spectator, type="spectate", room=code)
    assert (await send(hub, spectator, type="swap", room=code)).code == "not_a_player"
    assert (await send(hub, bob, type="swap", room=code, ply=0)).code == "stale_ply"
    assert (await send(hub, bob, type="swap", room=code, ply=1)).type == "ack"
    # Bob owns South now (the side that moved); Ann sits North, whose turn it is
    assert [s.name for s in room.seats] == ["Bob", "Ann"]
    assert (list(room.position.board), list(room.position.stores), room.position.turn) == before
    state = ann.of_type("room_state")[-1]
    assert state.you == 1 and state.swapped and state.seats[0].name == "Bob"
    assert spectator.of_type("room_state")[-1].swapped
    assert (await send(hub, bob, type="swap", room=code)).code in ("no_swap", "not_your_turn")
    assert (await send(hub, ann, type="swap", room=code)).code == "no_swap"  # made once
    # the first player, now North, plays on: the engine checks her move as North's
    reply = await send(hub, ann, type="move", room=code, move=room.game.legal_moves(room.position)[0])
    assert reply.type == "ack"


async def test_no_swap_without_the_rule_and_after_the_second_players_move(hub: Hub) -> None:
    ann, bob, code = await start_game(hub, "kalah_4")
    room = hub.room(code)
    await send(hub, ann, type="move", room=code, move=room.game.legal_moves(room.position)[0])
    assert (await send(hub, bob, type="swap", room=code)).code == "no_swap"
    assert [s.name for s in room.seats] == ["Ann", "Bob"]


async def test_no_swap_once_the_second_player_has_moved(hub: Hub) -> None:
    ann, bob, code = await start_game(hub, "oware_abapa", pie=True)
    room = hub.room(code)
    for who in (ann, bob):
        await send(hub, who, type="move", room=code, move=room.game.legal_moves(room.position)[0])
    assert (await send(hub, ann, type="swap", room=code)).code == "no_swap"
    assert (await send(hub, bob, type="swap", room=code)).code == "no_swap"


async def test_a_swap_is_kept_over_a_restart(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    first = Hub(settings, clock=FakeClock(), deliver=deliver)
    try:
        ann, bob, code = await start_game(first, "kalah_4", pie=True, rated=True)
        room = first.room(code)
        await send(first, ann, type="move", room=code, move=room.game.legal_moves(room.position)[0])
        await send(first, bob, type="swap", room=code)
        ann_id, bob_id = ann.player, bob.player
    finally:
        first.rules.close()
        await first.storage.close()
    again = Hub(settings, clock=FakeClock(), deliver=deliver)
    try:
        await again.restore()
        room = again.room(code)
        assert room.match.pie and room.match.swapped
        assert [s.player for s in room.seats] == [bob_id, ann_id]
        assert [s.name for s in room.seats] == ["Bob", "Ann"]
    finally:
        again.rules.close()
        await again.storage.close()


async def test_rated_against_the_computer_is_refused_where_the_first_move_decides(hub: Hub) -> None:
    ann = await known(hub, "Ann")
    reply = await send(hub, ann, type="create_room", variant="multilap_jackman", rated=True, computer=1)
    assert reply.code == "not_rated_here" and "first move" in reply.message
    assert (await send(hub, ann, type="create_room", variant="multilap_jackman", computer=1)).type == "seat_granted"


async def test_a_rated_game_against_the_computer_moves_its_own_ladder(hub: Hub) -> None:
    ann = await known(hub, "Ann")
    granted = await send(hub, ann, type="create_room", variant="oware_abapa", rated=True, computer=0, seat=0)
    await moves_each(hub.room(granted.room), 2)  # resigned sooner, it would not be rated
    await send(hub, ann, type="resign", room=granted.room)
    assert (await hub.storage.ratings_of(ann.player)).keys() == {"oware_abapa@computer"}
    # a game against a person afterwards starts from the human ladder's 1500, not the computer's
    bob = await known(hub, "Bob")
    rated = await send(hub, ann, type="create_room", variant="oware_abapa", rated=True, seat=0)
    await send(hub, bob, type="join_room", room=rated.room)
    assert hub.room(rated.room).seats[0].rating is None


async def test_quick_pairing_of_a_decisive_variant_pairs_under_the_forced_swap_rule(hub: Hub) -> None:
    ann, bob = await known(hub, "Ann"), await known(hub, "Bob")
    first = await send(hub, ann, type="quick_pair", variant="multilap_jackman", rated=True)
    second = await send(hub, bob, type="quick_pair", variant="multilap_jackman", rated=True)
    assert first.room == second.room and hub.room(first.room).match.pie


def test_the_table_file_is_what_the_generator_writes() -> None:
    table = json.loads(fair_start.TABLE.read_text())
    assert table["made_by"] == "benchmarks/decisive_starts.py"
    assert all(row["decisive"] == bool(row["why"]) for row in table["variants"].values())
