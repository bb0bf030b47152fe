"""Seats and tokens: joining, refusals that leave the position alone, reconnection,
resignation, rematch and abandonment."""

from __future__ import annotations

import random

import pytest

from mancala_client.api import ServerError
from tests.server.fakes import FakeClock
from tests.server.helpers import get_json, next_move, play_moves, pushed_so_far, wait_status

WRONG_TOKEN = "x" * 32


async def pair(connect, variant="kalah_4", **create):
    south = await connect("ann")
    north = await connect("bob")
    granted = await south.create_room(variant, seat=0, **create)
    await south.next_event("room_state")
    joined = await north.join(granted.room)
    state = (await north.next_event("room_state")).state
    return granted, joined, [south, north], state


async def error_code(awaitable) -> str:
    with pytest.raises(ServerError) as info:
        await awaitable
    return info.value.code


async def test_reconnect_with_token_keeps_the_seat(connect):
    granted, joined, players, state = await pair(connect)
    room = granted.room
    watcher = await connect("eve")
    await watcher.spectate(room)
    state = await play_moves(room, players, state, rng=random.Random(1), count=3, watchers=(watcher,))
    # North's socket goes away: everyone left hears it
    await players[1].close()
    for c in (players[0], watcher):
        event = await wait_status(c, 1, "disconnected")
        assert event.name == "bob"
    # a new socket with the token sits in the same seat, the position untouched
    again = await connect("bob")
    back = await again.reconnect(room, joined.token)
    assert back.you == 1 and back.ply == 3 and back.state == state
    assert back.seats[1].connected
    for c in (players[0], watcher):
        await wait_status(c, 1, "back")
    players[1] = again
    await play_moves(room, players, state, rng=random.Random(2), count=4, start_ply=3, watchers=(watcher,))


async def test_wrong_token_is_refused(connect):
    granted, _, players, _ = await pair(connect)
    stranger = await connect("mallory")
    assert await error_code(stranger.reconnect(granted.room, WRONG_TOKEN)) == "bad_token"
    # and it did not become a player
    assert await error_code(stranger.move(granted.room, 0)) == "not_a_player"
    assert await error_code(stranger.reconnect("NOROOM", granted.token)) == "no_such_room"


async def test_refused_moves_leave_the_position_unchanged(connect):
    granted, _, players, state = await pair(connect)
    room = granted.room
    watcher = await connect("eve")
    before = await watcher.spectate(room)
    south, north = players
    assert await error_code(watcher.move(room, state.legal[0], 0)) == "not_a_player"
    assert await error_code(north.move(room, 7, 0)) == "not_your_turn"
    assert await error_code(south.move(room, 9, 0)) == "illegal_move"  # North's hole
    state = await play_moves(room, players, state, rng=random.Random(4), count=2)
    mover = players[state.turn]
    assert await error_code(mover.move(room, state.legal[0], 1)) == "stale_ply"
    assert await error_code(mover.move(room, state.legal[0], 5)) == "stale_ply"
    # nothing moved: a new look at the room shows the same position and moves
    now = await (await connect("late")).spectate(room)
    assert now.ply == 2 and now.state == state
    assert before.ply == 0
    # the refusals sent no move to anyone: the watcher heard plies 0 and 1 and nothing more
    assert [(await next_move(watcher, p)).ply for p in range(2)] == [0, 1]
    with pytest.raises(TimeoutError):
        await watcher.next_event("move_made", timeout=0.2)


async def test_room_full_for_a_third_player(connect):
    granted, _, _, _ = await pair(connect)
    third = await connect("cy")
    assert await error_code(third.join(granted.room)) == "room_full"
    assert await error_code(third.join("ZZZZZZ")) == "no_such_room"


async def test_seat_taken(connect):
    south = await connect("ann")
    granted = await south.create_room("kalah_4", seat=1)
    assert granted.seat == 1
    other = await connect("bob")
    assert await error_code(other.join(granted.room, seat=1)) == "seat_taken"
    assert (await other.join(granted.room, seat=0)).seat == 0


async def test_private_room_joined_by_code(connect):
    host = await connect("ann")
    granted = await host.create_room("kalah_4", public=False)
    guest = await connect("bob")
    joined = await guest.join(granted.room.lower())  # codes are case-insensitive
    assert joined.room == granted.room and joined.seat == 1
    state = await guest.next_event("room_state")
    assert not state.public and state.status == "playing"


async def test_quick_pairing(connect):
    a = await connect("ann")
    b = await connect("bob")
    c = await connect("cy")
    first = await a.quick_pair("kalah_4")
    other_variant = await c.quick_pair("oware_abapa")
    second = await b.quick_pair("kalah_4")
    assert first.room == second.room != other_variant.room
    assert {first.seat, second.seat} == {0, 1}
    state = await b.next_event("room_state")
    assert state.status == "playing" and state.variant == "kalah_4"
    assert await error_code(a.quick_pair("no_such_game")) == "unknown_variant"


async def test_resign_ends_the_game_and_it_is_readable_over_http(connect, server):
    granted, _, players, state = await pair(connect)
    room = granted.room
    state = await play_moves(room, players, state, rng=random.Random(3), count=4)
    await players[1].resign(room)
    for p in players:
        over = await p.next_event("game_over")
        assert over.reason == "resign" and over.outcome == {"kind": "WIN", "winner": 0}
    assert over.game_id is not None
    assert await error_code(players[0].move(room, state.legal[0], 4)) == "game_over"
    assert await error_code(players[0].resign(room)) == "game_over"
    status, body = await get_json(server.port, f"/api/games/{over.game_id}")
    assert status == 200
    assert body["reason"] == "resign" and body["room"] == room and len(body["moves"]) == 4
    assert body["outcome"] == {"kind": "WIN", "winner": 0} and body["players"] == ["ann", "bob"]


async def test_rematch_swaps_seats_and_tokens_follow(connect):
    granted, joined, players, _ = await pair(connect)
    room = granted.room
    ann, bob = players
    await ann.resign(room)
    first_game = (await bob.next_event("game_over")).game_id
    assert await error_code(ann.move(room, 0)) == "game_over"
    await bob.rematch(room)
    offer = await ann.next_event("rematch_offer")
    assert offer.seat == 1
    await ann.rematch(room)
    new_ann = await ann.next_event("room_state")
    new_bob = await bob.next_event("room_state")
    assert new_bob.you == 0 and new_ann.you == 1  # the former North now sits South
    assert new_bob.seats[0].name == "bob" and new_bob.seats[1].name == "ann"
    assert new_bob.ply == 0 and new_bob.status == "playing" and new_bob.game_id != first_game
    # South moves first again, and that is bob now
    assert await error_code(ann.move(room, new_ann.state.legal[0] + 7, 0)) == "not_your_turn"
    await bob.move(room, new_bob.state.legal[0], 0)
    await next_move(ann, 0)
    # tokens follow the players: bob's old token now holds South
    await bob.close()
    await wait_status(ann, 0, "disconnected")
    bob2 = await connect("bob")
    back = await bob2.reconnect(room, joined.token)
    assert back.you == 0 and back.ply == 1


def ends(events) -> list:
    """What would show the game going on without the player who stayed choosing."""
    return [e for e in events if e.type == "game_over" or (e.type == "player_status" and e.status == "forfeited")]


async def test_an_abandoned_seat_becomes_claimable_and_the_claim_ends_the_game(start_server, connect):
    clock = FakeClock()  # the grace period passes when the test says
    server = await start_server(clock=clock, abandon_timeout=30)
    url = f"ws://127.0.0.1:{server.port}/ws"
    south = await connect("ann", to=url)
    north = await connect("bob", to=url)
    watcher = await connect("cy", to=url)
    granted = await south.create_room("kalah_4")
    await north.join(granted.room)
    await watcher.spectate(granted.room)
    await north.close()
    await wait_status(south, 1, "disconnected")
    clock.advance(29.9)
    assert not [e for e in await pushed_so_far(south) if e.type in ("player_status", "game_over")]
    # too early: refused with the time left, and nothing changes
    with pytest.raises(ServerError) as early:
        await south.claim_win(granted.room)
    assert early.value.code == "not_claimable" and "left to come back" in early.value.message
    assert not [e for e in await pushed_so_far(south) if e.type in ("player_status", "game_over")]
    clock.advance(0.2)
    claimable = await wait_status(south, 1, "claimable")
    assert claimable.name == "bob"
    await wait_status(watcher, 1, "claimable")
    # the server does not end the game by itself: Ann chooses
    clock.advance(3600)
    assert not ends(await pushed_so_far(south))
    late = await connect("dee", to=url)  # a page opened now (or reloaded) learns it too
    seen = await late.spectate(granted.room)
    assert seen.seats[1].claimable and not seen.seats[0].claimable and seen.status == "playing"
    assert await error_code(watcher.claim_win(granted.room)) == "not_a_player"
    await south.claim_win(granted.room)
    await wait_status(south, 1, "forfeited")
    over = await south.next_event("game_over")
    assert over.reason == "forfeit" and over.outcome == {"kind": "WIN", "winner": 0}
    assert (await watcher.next_event("game_over")).reason == "forfeit"
    row = await server.hub.storage.game(over.game_id)
    assert row.reason == "forfeit"
    assert await error_code(south.claim_win(granted.room)) == "game_over"


async def test_coming_back_after_the_deadline_but_before_a_claim_carries_on_the_game(start_server, connect):
    clock = FakeClock()
    server = await start_server(clock=clock, abandon_timeout=30)
    url = f"ws://127.0.0.1:{server.port}/ws"
    granted, joined, (south, north), state = await pair(lambda name: connect(name, to=url))
    await north.close()
    await wait_status(south, 1, "disconnected")
    clock.advance(30.1)
    await wait_status(south, 1, "claimable")
    bob = await connect("bob", to=url)
    back = await bob.reconnect(granted.room, joined.token)
    assert back.you == 1 and back.seats[1].connected and not back.seats[1].claimable
    await wait_status(south, 1, "back")
    assert await error_code(south.claim_win(granted.room)) == "not_claimable"
    await south.move(granted.room, state.legal[0], 0)
    assert (await next_move(bob, 0)).move == state.legal[0]  # Bob plays on from where he was
    clock.advance(3600)
    assert not ends(await pushed_so_far(south))
    # away again: a new grace period, whole
    await bob.close()
    again = await wait_status(south, 1, "disconnected")
    assert again.grace_ms == 30_000


async def test_against_the_computer_the_deadline_still_ends_the_game(start_server, connect):
    clock = FakeClock()
    server = await start_server(clock=clock, abandon_timeout=30)
    url = f"ws://127.0.0.1:{server.port}/ws"
    ann = await connect("ann", to=url)
    granted = await ann.create_room("kalah_4", seat=0, computer=1)  # South starts: nobody searches
    watcher = await connect("cy", to=url)
    await watcher.spectate(granted.room)
    await ann.close()
    await wait_status(watcher, 0, "disconnected")
    clock.advance(30.1)
    await wait_status(watcher, 0, "forfeited")
    over = await watcher.next_event("game_over")
    assert over.reason == "forfeit" and over.outcome == {"kind": "WIN", "winner": 1}
    assert (await server.hub.storage.game(over.game_id)).reason == "forfeit"  # type: ignore[union-attr]


async def test_with_both_players_away_nobody_claims_the_first_deadline_ends_the_game(start_server, connect):
    """Bob's win became claimable; Ann, who could have claimed it, went away too: at her
    deadline the server ends the game for the seat whose deadline passed first, Bob's."""
    clock = FakeClock()
    server = await start_server(clock=clock, abandon_timeout=30)
    url = f"ws://127.0.0.1:{server.port}/ws"
    granted, joined, (south, north), state = await pair(lambda name: connect(name, to=url))
    watcher = await connect("cy", to=url)
    await watcher.spectate(granted.room)
    await north.close()
    await wait_status(watcher, 1, "disconnected")
    clock.advance(30.1)
    await wait_status(watcher, 1, "claimable")
    await south.close()
    await wait_status(watcher, 0, "disconnected")
    clock.advance(29.9)
    assert not ends(await pushed_so_far(watcher))
    clock.advance(0.2)
    await wait_status(watcher, 1, "forfeited")
    over = await watcher.next_event("game_over")
    assert over.reason == "forfeit" and over.outcome == {"kind": "WIN", "winner": 0}


# coming back in time cancels the forfeit: tests/server/test_room_unit.py (by the room's clock)


async def test_rematch_started_while_a_player_is_away_can_still_be_forfeited(start_server, connect):
    clock = FakeClock()
    server = await start_server(clock=clock, abandon_timeout=30)
    url = f"ws://127.0.0.1:{server.port}/ws"
    ann = await connect("ann", to=url)
    bob = await connect("bob", to=url)
    granted = await ann.create_room("kalah_4", seat=0)
    await bob.join(granted.room)
    await ann.resign(granted.room)
    await bob.next_event("game_over")
    await ann.rematch(granted.room)
    await ann.close()  # asked, then went away
    await wait_status(bob, 0, "disconnected")
    await bob.rematch(granted.room)
    fresh = await bob.next_event("room_state")
    assert fresh.you == 0 and fresh.status == "playing" and not fresh.seats[1].connected
    # ann, now North, never comes back: the new game is not stuck forever
    clock.advance(30.1)
    await wait_status(bob, 1, "claimable")
    await bob.claim_win(granted.room)
    over = await bob.next_event("game_over")
    assert over.reason == "forfeit" and over.outcome == {"kind": "WIN", "winner": 0}


async def test_one_connection_holds_one_seat(connect):
    ann = await connect("ann")
    granted = await ann.create_room("kalah_4", seat=0)
    assert await error_code(ann.join(granted.room)) == "seat_taken"
    bob = await connect("bob")
    joined = await bob.join(granted.room)
    assert await error_code(ann.reconnect(granted.room, joined.token)) == "seat_taken"
    # reconnecting to one's own seat on the same socket is harmless
    assert (await ann.reconnect(granted.room, granted.token)).you == 0


async def test_spectator_who_takes_a_seat_stops_counting_as_spectator(connect):
    ann = await connect("ann")
    granted = await ann.create_room("kalah_4", seat=0)
    bob = await connect("bob")
    seen = await bob.spectate(granted.room)
    assert seen.spectators == 1
    await bob.join(granted.room)
    count = await ann.next_event("spectators")
    while count.count != 0:
        count = await ann.next_event("spectators")
    state = await bob.next_event("room_state")
    assert state.spectators == 0 and state.you == 1
