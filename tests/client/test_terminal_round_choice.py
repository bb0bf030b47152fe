"""End to end: a choice between rounds in the terminal (bechi_mg, round_fill UCHOOSE),
against a real server, the opponent a MancalaClient. Every expectation reads the
terminal's own output."""

from __future__ import annotations

import io
from collections.abc import Callable

from mancala.protocol.messages import RoundChoice
from mancala_client.api import MancalaClient
from mancala_client.console import Output
from mancala_client.round_words import choice_from_words, choice_lines
from mancala_client.screen import Screen
from mancala_client.session import Session
from tests.client.pty_terminal import Terminal
from tests.server.test_round_choices import BECHI

ASKED = RoundChoice(room="ABC123", ply=8, seat=0, form="fill", holes=[0, 1, 2, 3], count=1, default=[3],
                    deadline_ms=60_000)


def test_the_words_of_a_choice_for_the_chooser_and_for_the_others() -> None:
    mine = "\n".join(choice_lines(ASKED, 0))
    assert "you choose which holes of your row are filled for the next round within 60 s" in mine
    assert "`choose` and 1 of the holes a b c d" in mine and "played if you do not choose): d." in mine
    assert choice_lines(ASKED, 1) == ["The round is over: South is choosing which holes of their row are "
                                      "filled for the next round within 60 s."]
    layout = RoundChoice(room="R", ply=3, seat=1, form="layout", holes=[4, 5, 6, 7], seeds=9, min_move=2,
                         default=[2, 2, 2, 2], deadline_ms=None)
    assert "4 numbers" in choice_lines(layout, 1)[1] and "9 in all at most" in choice_lines(layout, 1)[1]
    assert choice_from_words(ASKED, ["b"], 4) == {"fill": [1]}
    assert choice_from_words(ASKED, ["3"], 4) == {"fill": [2]}
    assert choice_from_words(layout, ["3", "1", "1", "1"], 4) == {"layout": [3, 1, 1, 1]}
    for bad in (["e"], ["B"], []):
        try:
            choice_from_words(ASKED, bad, 4)
        except ValueError:
            continue
        raise AssertionError(f"{bad} was taken")


def test_a_room_state_with_a_choice_waiting_says_it() -> None:
    text = io.StringIO()
    screen = Screen(Session("ws://127.0.0.1:9/ws"), Output(text, prompt=False))
    screen.view = None
    screen.on_round_choice(ASKED)  # not in the room: nothing said
    assert "choose" not in text.getvalue() and screen.round_choice is None


async def test_choose_the_next_rounds_hole_in_the_terminal(url: str, terminal: Callable[..., Terminal]) -> None:
    t = terminal("--server", url, "--name", "alice")
    await t.expect(r"Connected to .* as alice\.")
    t.send("choose a")
    await t.expect(r"You are not playing a game\.")
    t.send("create bechi_mg private south first south")
    code = (await t.expect(r"Created private room (\w+) \(bechi_mg\); you are South"))[1]
    bob = await MancalaClient.connect(url, name="bob")
    try:
        await bob.join(code)
        await t.expect(r"Your move \(South\)")
        t.send("choose a")
        await t.expect(r"Nobody is choosing a round's layout now\.")
        for ply in range(0, len(BECHI), 2):
            t.send("abcd"[BECHI[ply]])
            await bob.next_event("move_made")
            await bob.move(code, BECHI[ply + 1], ply + 1)
            await bob.next_event("move_made")  # its own
            if ply + 2 < len(BECHI):
                await t.expect(r"Your move \(South\)")
        await t.expect(r"you choose which holes of your row are filled for the next round within 60 s\.")
        default = (await t.expect(r"played if you do not choose\): ([a-d])\."))[1]
        t.send("choose e")
        await t.expect(r"No hole e to choose: the holes are a b c d \(type `choose` and 1 of the holes")
        t.send("choose a b")
        await t.expect(r"(?i)the rules do not allow that choice.*exactly 1 holes")
        pick = next(x for x in "abcd" if x != default)
        t.send(f"choose {pick}")
        started = await bob.next_event("round_started")
        assert not started.state.blocked["abcd".index(pick)]
        await t.expect(r"The next round starts, laid out as chosen\.")
    finally:
        await bob.close()
