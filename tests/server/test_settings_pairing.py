"""Variant settings beyond create_room (docs/variants.md, "Variant settings"): quick
pairing pairs only players who asked for the same settled variant, and a challenge
carries its settings to the challenged player, into storage and into the room it makes.
A stranger's settings get the same typed errors as create_room's, and nothing is stored
or told before they are checked."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mancala_client.api import ServerError

SETTLED = {"capt_on": [2, 3, 4], "mustpass": True}


async def known(connect: Any, name: str) -> Any:
    client = await connect(name)
    await client.request({"type": "identify", "name": name})
    return client


async def test_quick_pairing_pairs_the_same_settings_only(connect: Any) -> None:
    ann, bob, cy, dee = [await connect(n) for n in ("ann", "bob", "cy", "dee")]
    first = await ann.quick_pair("oware", settings=SETTLED)
    plain = await bob.quick_pair("oware")  # the file's own rules: another queue
    assert plain.room != first.room
    other = await cy.quick_pair("oware", settings={"capt_on": [2, 3, 4]})  # not the same settings
    assert other.room not in (first.room, plain.room)
    same = await dee.quick_pair("oware", settings={"mustpass": True, "capt_on": [4, 3, 2]})  # same, other order
    assert same.room == first.room
    seen = await dee.next_event("room_state")
    assert re.fullmatch(r"oware__s[0-9a-f]{10}", seen.variant) and seen.status == "playing"
    assert seen.title == "Oware · captures on: 2, 3, 4 · must pass: yes"
    # the file's own settings are the plain variant: they pair with the plain queue
    own = await ann.quick_pair("oware", settings={"mustpass": False})
    assert own.room == plain.room


@pytest.mark.parametrize(("settings", "code"), [
    ({"nosuch": 1}, "invalid_setting"), ({"capt_on": [7, 8]}, "invalid_setting"),
    ({f"p{i}": i for i in range(1_000)}, "bad_message"),
])
async def test_a_strangers_quick_pair_settings_get_typed_errors(connect: Any, server: Any, settings: Any,
                                                              code: str) -> None:
    client = await connect()
    with pytest.raises(ServerError) as caught:
        await client.request({"type": "quick_pair", "variant": "oware", "settings": settings})
    assert caught.value.code == code
    assert not server.hub.rooms, "no room was made"
    assert (await client.request({"type": "ping"})).type == "pong"


async def test_a_challenge_carries_its_settings_into_the_room(connect: Any, server: Any) -> None:
    ann, bob = await known(connect, "ann"), await known(connect, "bob")
    sent = await ann.request({"type": "challenge", "to": "bob", "variant": "oware", "settings": SETTLED})
    assert sent.settings == SETTLED and sent.title == "Oware · captures on: 2, 3, 4 · must pass: yes"
    heard = await bob.next_event("challenge")
    assert (heard.challenge, heard.settings, heard.title) == (sent.challenge, SETTLED, sent.title)
    stored = await server.hub.storage.challenge(sent.challenge)
    assert stored.settings == SETTLED and stored.variant == "oware"
    await bob.request({"type": "answer_challenge", "challenge": sent.challenge, "accept": True})
    seen = await bob.next_event("room_state")
    assert re.fullmatch(r"oware__s[0-9a-f]{10}", seen.variant) and seen.title == sent.title


async def test_a_challenge_with_settings_it_cannot_take_is_refused_unsaid(connect: Any, server: Any) -> None:
    ann, bob = await known(connect, "ann"), await known(connect, "bob")
    with pytest.raises(ServerError) as caught:
        await ann.request({"type": "challenge", "to": "bob", "variant": "oware", "settings": {"holes": 8}})
    assert (caught.value.code, caught.value.params, caught.value.rules) == ("invalid_setting", ["holes"],
                                                                            ["not_offered"])
    ann_row = await server.hub.storage.player_by_name("ann")
    assert await server.hub.storage.open_challenges_by(ann_row.id) == [], "nothing stored"
    with pytest.raises(TimeoutError):
        await bob.next_event("challenge", timeout=0.5)
    plain = await ann.request({"type": "challenge", "to": "bob", "variant": "kalah_4"})  # no settings: as before
    assert plain.settings is None and plain.title == "Kalah 4"
