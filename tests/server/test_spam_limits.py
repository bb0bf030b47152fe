"""Limits that belong to the person and the address (issue 23, point 9), through a real
server and real sockets: a chat allowance is not reset by leaving the room or opening
another socket, a muted guest stays muted under a new name, a flood of challenges from
many identities leaves the victim a bounded list."""

from __future__ import annotations

import asyncio

import pytest

from mancala_client.api import ServerError


async def say(client, room: str, text: str) -> str:
    """"ok", or the error code the line got."""
    try:
        await client.request({"type": "chat", "room": room, "text": text})
    except ServerError as exc:
        return exc.code
    return "ok"


async def test_leaving_the_room_does_not_refill_a_chat_allowance(start_server, connect) -> None:
    srv = await start_server(chat_rate=0.01, chat_burst=3)
    to = f"ws://127.0.0.1:{srv.port}/ws"
    ann, bob = await connect("ann", to=to), await connect("bob", to=to)
    granted = await ann.create_room("kalah_4", seat=0)
    await bob.join(granted.room)
    results = [await say(bob, granted.room, f"line {i}") for i in range(3)]
    assert results == ["ok"] * 3
    await bob.leave(granted.room)
    await bob.spectate(granted.room)  # back in the room: the allowance is the person's
    assert await say(bob, granted.room, "again") == "rate_limited"


async def test_many_sockets_from_one_address_share_its_chat_allowance(start_server, connect) -> None:
    srv = await start_server(chat_rate=0.01, chat_burst=5, chat_address_rate=0.01, chat_address_burst=6)
    to = f"ws://127.0.0.1:{srv.port}/ws"
    ann = await connect("ann", to=to)
    granted = await ann.create_room("kalah_4", seat=0)
    said = []
    for i in range(4):  # four "people" on one machine, two lines each
        guest = await connect(f"guest{i}", to=to)
        await guest.spectate(granted.room)
        said += [await say(guest, granted.room, "hi"), await say(guest, granted.room, "hi")]
    assert said.count("ok") == 6 and said[6:] == ["rate_limited"] * 2


async def test_a_muted_guest_who_says_hello_again_stays_muted(server, connect) -> None:
    host, ann, troll = await connect("host"), await connect("ann"), await connect("troll")
    granted = await host.create_room("kalah_4", seat=0)
    await ann.spectate(granted.room)  # both spectators: one channel
    await troll.spectate(granted.room)
    await troll.request({"type": "chat", "room": granted.room, "text": "first"})
    assert (await ann.next_event("chat_message")).text == "first"
    await ann.request({"type": "mute", "room": granted.room, "name": "troll"})
    await troll.request({"type": "hello", "name": "nice person"})
    await troll.request({"type": "chat", "room": granted.room, "text": "still me"})
    await ann.request({"type": "chat", "room": granted.room, "text": "hello all"})
    line = await ann.next_event("chat_message")
    assert line.text == "hello all"  # the muted line never came


async def test_a_flood_of_challenges_from_many_identities_leaves_the_victim_a_short_list(
        start_server, connect) -> None:
    srv = await start_server(challenges_open_to=3, challenge_address_burst=100, challenge_address_rate=100.0)
    to = f"ws://127.0.0.1:{srv.port}/ws"
    victim = await connect("vic", to=to)
    await victim.request({"type": "identify", "name": "Victim"})
    codes = []
    for i in range(6):  # six fresh identities, one challenge each
        sender = await connect(f"s{i}", to=to)
        await sender.request({"type": "identify", "name": f"Sender{i}"})
        try:
            await sender.request({"type": "challenge", "to": "Victim", "variant": "kalah_4"})
            codes.append("ok")
        except ServerError as exc:
            codes.append(exc.code)
    assert codes == ["ok"] * 3 + ["rate_limited"] * 3


async def test_one_player_cannot_fire_challenges_in_a_burst(start_server, connect) -> None:
    srv = await start_server(challenge_burst=2, challenge_rate=0.01)
    to = f"ws://127.0.0.1:{srv.port}/ws"
    sender = await connect("s", to=to)
    await sender.request({"type": "identify", "name": "Sender"})
    targets = []
    for i in range(3):
        t = await connect(f"t{i}", to=to)
        await t.request({"type": "identify", "name": f"Target{i}"})
        targets.append(t)
    await sender.request({"type": "challenge", "to": "Target0", "variant": "kalah_4"})
    await sender.request({"type": "challenge", "to": "Target1", "variant": "kalah_4"})
    with pytest.raises(ServerError) as err:
        await sender.request({"type": "challenge", "to": "Target2", "variant": "kalah_4"})
    assert err.value.code == "rate_limited"
    await asyncio.sleep(0)
