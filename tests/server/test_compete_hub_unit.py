"""Known players, rated games, challenges and rated quick pairing through the hub's
handlers: fake members and clock, a real SQLite store."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from mancala_server.config import Settings
from mancala_server.hub import Hub
from tests.server.fakes import FakeClock, FakeMember, deliver
from tests.server.room_setup import established, moves_each


@pytest.fixture
async def hub(tmp_path: Path) -> AsyncIterator[Hub]:
    made = Hub(Settings(data_dir=tmp_path / "data", challenge_ttl=60.0), clock=FakeClock(), deliver=deliver)
    yield made
    made.rules.close()
    await made.storage.close()


async def send(hub: Hub, who: FakeMember, **message: Any) -> Any:
    """The request's reply (its id is 1), after what it pushed."""
    who.got.clear()
    await hub.handle(who, json.dumps({"id": 1, **message}))  # type: ignore[arg-type]
    return next(m for m in who.got if getattr(m, "id", None) == 1)


async def known(hub: Hub, name: str) -> FakeMember:
    member = FakeMember(name)
    hub.connected(member)  # type: ignore[arg-type]
    reply = await send(hub, member, type="identify", name=name)
    assert reply.type == "identity" and reply.secret
    member.secret = reply.secret  # type: ignore[attr-defined]
    return member


async def test_a_player_is_made_once_and_comes_back_with_the_secret(hub: Hub) -> None:
    ann = await known(hub, "Ann")
    assert (await send(hub, FakeMember("x"), type="identify", name="ann")).code == "name_taken"
    again = FakeMember("guest")
    reply = await send(hub, again, type="identify", player=ann.player, secret=ann.secret)  # type: ignore[attr-defined]
    assert (reply.type, reply.name, reply.secret) == ("identity", "Ann", None) and again.name == "Ann"
    assert (await send(hub, again, type="identify", player=ann.player, secret="x" * 32)).code == "bad_secret"  # type: ignore[attr-defined]
    await send(hub, again, type="hello", name="someone else")
    assert again.name == "Ann"  # a known player keeps the unique name
    assert (await send(hub, again, type="rename", name="Annie")).name == "Annie"
    code = (await send(hub, again, type="transfer_code")).code
    phone = FakeMember("guest")
    moved = await send(hub, phone, type="redeem_transfer", code=code.lower())
    assert moved.player == ann.player and moved.secret and moved.secret != ann.secret  # type: ignore[attr-defined]
    assert (await send(hub, FakeMember("y"), type="redeem_transfer", code=code)).code == "bad_transfer"
    assert (await send(hub, FakeMember("z"), type="identify")).name.startswith("player-")


async def test_a_rated_game_needs_known_players_and_moves_both_ratings(hub: Hub) -> None:
    guest = FakeMember("guest")
    assert (await send(hub, guest, type="create_room", variant="oware_abapa", rated=True)).code == "not_identified"
    ann, bob = await known(hub, "Ann"), await known(hub, "Bob")
    granted = await send(hub, ann, type="create_room", variant="oware_abapa", rated=True, seat=0,
                         clock={"base": 300, "increment": 5})
    assert (await send(hub, guest, type="join_room", room=granted.room)).code == "not_identified"
    await send(hub, bob, type="join_room", room=granted.room)
    assert ann.of_type("player_status")[-1].status == "joined"
    assert (await send(hub, ann, type="offer_takeback", room=granted.room)).code == "no_takeback"
    for who in (ann, bob):  # past a new player's first games, still provisional: each moves the other fully
        established(hub.storage.store, who.player, rd=200.0)  # type: ignore[attr-defined]
    await moves_each(hub.room(granted.room), 2)  # resigned sooner, it would not be rated
    await send(hub, bob, type="resign", room=granted.room)
    changed = bob.of_type("ratings_changed")[0]
    (south, north) = changed.changes
    assert south.after > 1500 > north.after and south.provisional
    board = await hub.storage.leaderboard("oware_abapa")
    assert [(p.name, r.shown()) for p, r in board] == [("Ann", south.after), ("Bob", north.after)]
    # the seats show the new ratings from now on
    state = await send(hub, FakeMember("cy"), type="spectate", room=granted.room)
    assert [s.rating for s in state.seats] == [south.after, north.after]


async def test_a_challenge_by_name_seats_both_with_its_terms(hub: Hub) -> None:
    ann, bob = await known(hub, "Ann"), await known(hub, "Bob")
    assert (await send(hub, ann, type="challenge", to="nobody", variant="kalah_4")).code == "no_such_player"
    sent = await send(hub, ann, type="challenge", to="bob", variant="kalah_4", clock={"base": 60}, rated=True)
    pushed = bob.of_type("challenge")[0]
    assert (sent.challenge, pushed.by, pushed.variant, pushed.clock.base) == (pushed.challenge, "Ann", "kalah_4", 60)
    seat = await send(hub, bob, type="answer_challenge", challenge=sent.challenge, accept=True)
    assert seat.type == "seat_granted"
    update = ann.of_type("challenge_update")[0]
    assert update.status == "accepted" and update.room == seat.room and update.token
    state = bob.of_type("room_state")[-1]
    assert state.status == "playing" and state.rated and state.clock.base == 60
    assert state.clocks.running is None and state.clocks.first_move_ms == 30_000  # the first-move limit runs
    assert (await send(hub, bob, type="answer_challenge", challenge=sent.challenge, accept=True)).code \
        == "no_such_challenge"
    other = await send(hub, bob, type="challenge", to="ann", variant="kalah_4")
    await send(hub, ann, type="answer_challenge", challenge=other.challenge, accept=False)
    assert bob.of_type("challenge_update")[-1].status == "declined"


async def test_an_unanswered_challenge_expires(hub: Hub) -> None:
    ann, bob = await known(hub, "Ann"), await known(hub, "Bob")
    await send(hub, ann, type="challenge", to="Bob", variant="kalah_4")
    hub.clock.advance(61)  # type: ignore[attr-defined]
    for _ in range(5):
        await asyncio.sleep(0)
    assert [u.status for u in ann.got if u.type == "challenge_update"] == ["expired"]
    assert [u.status for u in bob.got if u.type == "challenge_update"] == ["expired"]


async def test_a_challenge_is_withdrawn_when_the_challengers_last_connection_closes(hub: Hub) -> None:
    ann, bob = await known(hub, "Ann"), await known(hub, "Bob")
    laptop = FakeMember("guest")
    hub.connected(laptop)  # type: ignore[arg-type]
    await send(hub, laptop, type="identify", player=ann.player, secret=ann.secret)  # type: ignore[attr-defined]
    sent = await send(hub, ann, type="challenge", to="Bob", variant="kalah_4")

    async def close(member: FakeMember) -> None:
        member.closed = True
        hub.clients.discard(member)  # type: ignore[arg-type]
        hub.disconnected(member)  # type: ignore[arg-type]
        for _ in range(5):
            await asyncio.sleep(0)

    await close(ann)
    assert bob.of_type("challenge_update") == []  # Ann is still connected (the laptop)
    await close(laptop)
    assert [(u.challenge, u.status) for u in bob.of_type("challenge_update")] == [(sent.challenge, "withdrawn")]
    assert (await send(hub, bob, type="challenge", to="ann", variant="kalah_4")).code == "no_such_player"


async def test_rated_quick_pairing_waits_for_a_close_rating_then_widens(hub: Hub) -> None:
    strong, weak = await known(hub, "Strong"), await known(hub, "Weak")
    strong.ratings["oware_abapa"] = (2000, False)  # type: ignore[attr-defined]
    first = await send(hub, strong, type="quick_pair", variant="oware_abapa", rated=True)
    second = await send(hub, weak, type="quick_pair", variant="oware_abapa", rated=True)
    assert first.room != second.room  # 500 apart: not yet
    casual = await send(hub, await known(hub, "Casual"), type="quick_pair", variant="oware_abapa")
    assert casual.room not in (first.room, second.room)  # casual and rated never meet
    hub.clock.advance(25)  # type: ignore[attr-defined]  # the range has widened to 600
    late = await known(hub, "Late")
    late.ratings["oware_abapa"] = (2300, True)  # type: ignore[attr-defined]
    assert (await send(hub, late, type="quick_pair", variant="oware_abapa", rated=True)).room == first.room


async def test_the_rated_pairing_range_widens_by_the_second_and_stops_at_its_cap(hub: Hub) -> None:
    """100 points at first, 20 more a second of waiting, never more than 1000 (compete_hub's
    PAIR_RANGE, PAIR_WIDEN_PER_S, PAIR_RANGE_MAX), on the hub's fake clock."""
    async def ask(name: str, rating: int) -> Any:
        who = await known(hub, name)
        who.ratings["oware_abapa"] = (rating, False)  # type: ignore[attr-defined]
        return await send(hub, who, type="quick_pair", variant="oware_abapa", rated=True)

    first = await ask("First", 2000)
    hub.clock.advance(9.9)  # type: ignore[attr-defined]  # the range is 298: 300 apart waits
    early = await ask("Early", 1700)
    assert early.room != first.room
    hub.clock.advance(0.2)  # type: ignore[attr-defined]  # 302 now (Early's own room: 104)
    late = await ask("Late", 2300)
    assert late.room == first.room
    hub.clock.advance(3600)  # type: ignore[attr-defined]  # Early has waited an hour: the range stops at 1000
    assert (await ask("Far", 2801)).room not in (early.room, first.room)  # 1101 apart
    assert (await ask("Near", 2700)).room == early.room  # 1000 apart


async def test_a_guest_cannot_pass_for_a_known_player(hub: Hub) -> None:
    ann = await known(hub, "Ann")
    guest = FakeMember("x")
    await send(hub, guest, type="hello", name="ANN")
    assert guest.name == "ANN (guest)"  # shown marked in seats and chat
    granted = await send(hub, guest, type="create_room", variant="kalah_4", seat=0)
    state = await send(hub, FakeMember("cy"), type="spectate", room=granted.room)
    assert state.seats[0].name == "ANN (guest)"
    await send(hub, guest, type="hello", name="Anna")
    assert guest.name == "Anna"  # a free name is taken as given
    again = FakeMember("y")  # the player herself, on a new connection: hello first, then identify
    await send(hub, again, type="hello", name="Ann")
    await send(hub, again, type="identify", player=ann.player, secret=ann.secret)  # type: ignore[attr-defined]
    assert again.name == "Ann"
    assert (await send(hub, FakeMember("z"), type="identify", name="Ann (Guest)")).code == "name_taken"
    assert (await send(hub, ann, type="rename", name="Bob (guest)")).code == "name_taken"


async def test_chat_and_mute_are_for_the_rooms_people(hub: Hub) -> None:
    ann = FakeMember("ann")
    granted = await send(hub, ann, type="create_room", variant="kalah_4")
    stranger = FakeMember("sam")
    for message in ({"type": "chat", "text": "hi"}, {"type": "mute", "name": "ann"}):
        reply = await send(hub, stranger, room=granted.room, **message)
        assert (reply.type, reply.code) == ("error", "not_a_player"), message
    await send(hub, stranger, type="spectate", room=granted.room)
    assert (await send(hub, stranger, type="mute", room=granted.room, name="ann")).type == "ack"


async def test_a_rated_game_against_the_computer_moves_only_the_humans_rating(hub: Hub) -> None:
    ann = await known(hub, "Ann")
    granted = await send(hub, ann, type="create_room", variant="oware_abapa", rated=True, computer=0, seat=0)
    state = ann.of_type("room_state")[-1]
    assert state.rated and state.seats[1].rating == 737 and not state.seats[1].provisional  # easy's measured rating
    await moves_each(hub.room(granted.room), 2)  # resigned sooner, it would not be rated
    await send(hub, ann, type="resign", room=granted.room)
    human, computer = sorted(ann.of_type("ratings_changed")[0].changes, key=lambda c: c.seat)
    assert (computer.before, computer.after) == (737, 737)
    assert human.before == 1500 and human.after < 1500  # lost to a weaker opponent: a real drop
    # on the ladder against the computer, apart from the one people earn against people
    assert [p.name for p, _ in await hub.storage.leaderboard("oware_abapa@computer")] == ["Ann"]
    assert await hub.storage.leaderboard("oware_abapa") == []
