"""Identity floods and look-alike names (issue 23, point 6): new players per address are
capped; names are compared in their NFKC form, may hold no invisible character and may not
mix Latin with Latin-looking letters of other scripts; guests' names and chat lines pass
the same checks."""

from __future__ import annotations

import pytest

from mancala_client.api import MancalaClient, ServerError
from mancala_server.names import clean_name, problem_in_chat, skeleton

LOOK_ALIKES = ["\u0430nn", "\uff41\uff4e\uff4e", "ann\u2800", "ann\u3164", "ann\u115f", "ann\u034f", "ANN"]


async def register(client: MancalaClient, name: str) -> str:
    reply = await client.request({"type": "identify", "name": name})
    return str(reply.name)


async def refused(client: MancalaClient, message: dict[str, object]) -> str:
    with pytest.raises(ServerError) as caught:
        await client.request(message)
    return caught.value.code


async def test_look_alike_names_do_not_register_beside_ann(connect) -> None:
    ann = await connect("ann")
    assert await register(ann, "ann") == "ann"
    codes = []
    for name in LOOK_ALIKES:
        other = await connect("guest")
        codes.append(await refused(other, {"type": "identify", "name": name}))
    assert codes == ["bad_message", "name_taken", "bad_message", "bad_message", "bad_message", "bad_message",
                     "name_taken"]


async def test_a_fullwidth_name_is_kept_in_its_plain_form(connect) -> None:
    client = await connect("x")
    assert await register(client, "\uff42\uff4f\uff42") == "bob"


async def test_a_guest_with_an_invisible_mark_cannot_pass_for_a_player(url: str) -> None:
    with pytest.raises(ServerError) as caught:
        await MancalaClient.connect(url, name="alice\u3164")
    assert caught.value.code == "bad_message"


async def test_invisible_chat_lines_are_refused_and_emoji_pass(connect) -> None:
    ann = await connect("ann")
    granted = await ann.create_room("kalah_4", public=False)
    line = {"type": "chat", "room": granted.room}
    assert await refused(ann, {**line, "text": "\u3164" * 300}) == "bad_message"
    assert await refused(ann, {**line, "text": "hi\u200b there"}) == "bad_message"
    await ann.request({**line, "text": "good game \u2764\ufe0f"})


async def test_registrations_per_address_are_capped(start_server) -> None:
    server = await start_server(register_burst=3)
    clients = [await MancalaClient.connect(f"ws://127.0.0.1:{server.port}/ws") for _ in range(4)]
    try:
        for i, client in enumerate(clients[:3]):
            await register(client, f"p{i}")
        assert await refused(clients[3], {"type": "identify"}) == "rate_limited"
    finally:
        for c in clients:
            await c.close()


def test_skeletons_make_whole_script_look_alikes_one_name() -> None:
    """For the store's uniqueness key (compete_store.name_key): all-Cyrillic `асе` is `ace`."""
    assert skeleton("\u0430\u0441\u0435") == skeleton("ace") == skeleton("ACE")
    assert skeleton("paypal") == skeleton("\u0440\u0430\u0443\u0440\u0430l")
    assert skeleton("ann") != skeleton("anna")
    assert clean_name("\u5c71\u7530\u305f\u308d\u3046") == "\u5c71\u7530\u305f\u308d\u3046"  # one person's script mix
    assert problem_in_chat("\u0301" * 4) is not None


def stored_by_the_old_release(path, extra: list[str]):
    """A store whose Alice was keyed as the release before look-alike keys keyed her, with
    `extra` SQL run on it, the upgrade not yet run; opened again (the upgrade runs)."""
    import sqlite3

    from mancala_server.store import Store

    first = Store(path)
    first.new_player("p-alice-01", "Alice", "hash-a")
    first.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE players SET name_key='alice' WHERE id='p-alice-01'")
    for sql in extra:
        db.execute(sql)
    db.execute("DELETE FROM migrations")
    db.commit()
    db.close()
    return Store(path)


def test_players_stored_before_look_alike_keys_are_found_by_name_after_the_upgrade(tmp_path) -> None:
    again = stored_by_the_old_release(tmp_path / "m.sqlite3", [])
    try:
        found = again.player_by_name("ALICE")
        assert found is not None and found.id == "p-alice-01"
        assert not again.new_player("p-other-01", "a1ice", "hash-b")  # looks the same: refused
        assert not again.new_player("p-other-02", "\u0430lice", "hash-c")  # a Cyrillic a
    finally:
        again.close()


def test_two_old_players_whose_names_now_look_alike_keep_both_accounts(tmp_path) -> None:
    """The upgrade re-keys names by their look; where two players stored before it now
    look the same, the first (by when they were stored) takes the key and the second keeps
    its old key: both accounts stay, each under its id, and the upgrade runs once."""
    again = stored_by_the_old_release(tmp_path / "m.sqlite3", [  # a Cyrillic a: refused today, taken then
        "INSERT INTO players (id, name, name_key, created) VALUES ('p-alice-02', '\u0430lice', '\u0430lice', 2.0)",
        "INSERT INTO player_secrets (secret_hash, player, created) VALUES ('hash-b', 'p-alice-02', 2.0)"])
    try:
        found = again.player_by_name("ALICE")
        assert found is not None and found.id == "p-alice-01"
        second = again.player("p-alice-02")
        assert second is not None and second.name == "\u0430lice"
        assert again.player_by_secret("p-alice-02", "hash-b") == second
        keys = dict(again.db.execute("SELECT id, name_key FROM players").fetchall())
        assert keys == {"p-alice-01": "a1ice", "p-alice-02": "\u0430lice"}
        assert again.db.execute("SELECT count(*) FROM migrations").fetchone()[0] == 1
    finally:
        again.close()


async def test_no_person_may_take_a_name_that_passes_for_the_computer(connect, url: str) -> None:
    """Issue 24: "Computer" was accepted as a person's name, beside the computer's own seats
    ("Computer (level 2)"). Refused as other names are, with `bad_message`, for a guest's
    hello, a new player and a rename; a name that only begins with the word is someone's."""
    for name in ("Computer", "computer", "COMPUTER (level 0)", "Computer (hard)", "computer 2"):
        with pytest.raises(ServerError) as caught:
            await MancalaClient.connect(url, name=name)
        assert caught.value.code == "bad_message" and "computer" in caught.value.args[0].lower(), name
        other = await connect("guest")
        assert await refused(other, {"type": "identify", "name": name}) == "bad_message"
    ann = await connect("ann")
    assert await register(ann, "ann") == "ann"
    assert await refused(ann, {"type": "rename", "name": "Computer"}) == "bad_message"
    assert await register(await connect("guest"), "Computerfan") == "Computerfan"
