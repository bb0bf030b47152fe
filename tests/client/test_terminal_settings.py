"""Variant settings in the terminal (issue 25, point 4): `settings VARIANT` lists what a
variant offers, `create VARIANT --set PARAM=VALUE` makes a room of the settled variant,
and a refused choice is said by parameter and rule."""

from __future__ import annotations

from collections.abc import Callable

from mancala_client.command_args import parse_create
from mancala_server.app import MancalaServer
from tests.client.pty_terminal import Terminal


def test_set_options_are_read_as_the_protocol_values() -> None:
    options = parse_create(["vs", "computer", "--set", "capt_on=2,3,4", "set", "GrandSlam=Legal", "--set=mustpass=no"])
    assert options.settings == {"capt_on": [2, 3, 4], "grandslam": "Legal", "mustpass": False}
    assert options.computer == 1


async def test_the_terminal_lists_and_sets_a_variants_settings(
        url: str, server: MancalaServer, terminal: Callable[..., Terminal]) -> None:
    t = terminal("--server", url, "--name", "tia")
    await t.expect(r"Connected to")
    t.send("settings oware")
    await t.expect(r"capt_on \(captures on\): 1, 2, 3, 4, 5, 6 \(any of them, commas between\); its own: 2,3")
    await t.expect(r"grandslam \(grand slam\): legal, not_legal, no_capt.*; its own: no_capt")
    t.send("settings kalah_4")
    await t.expect(r"kalah_4 offers no settings\.")
    t.send("create oware --set capt_on=9")
    await t.expect(r"capt_on.*not_allowed")
    t.send("create oware vs computer --set grandslam=legal --set mustpass=yes --set capt_on=4")
    code = (await t.expect(r"Created private room (\w+) \(oware\)"))[1]
    await t.expect(r"Oware · captures on: 4 · grand slam: legal · must pass: yes")
    room = server.hub.rooms[code]
    assert room.variant_json["settings"] == {"capt_on": [4], "grandslam": "LEGAL", "mustpass": True}
    assert room.variant.game_info.capt_on == (4,) and room.variant_name.startswith("oware__s")
