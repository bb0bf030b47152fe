"""End to end: Bao's arrangement in the terminal (bao_mg, prescribed ARNGE_LIMIT), against a
real server, the opponent a MancalaClient. Every expectation reads the terminal's own
output."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import pytest

from mancala_client.api import MancalaClient
from mancala_client.arrange_words import arrange_from_words, arrange_lines
from tests.client.pty_terminal import Terminal

OFFER = SimpleNamespace(seat=0, holes=7, seeds=28, min_move=1, current=[4] * 7)


def test_the_words_of_an_arrangement() -> None:
    mine = " ".join(arrange_lines(OFFER, 0))
    assert "Your first move may be an arrangement" in mine and "`arrange 28 0 0 0 0 0 0`" in mine
    assert arrange_lines(OFFER, 1) == ["South may arrange the seeds of their row as their first move "
                                       "(yours will be laid out the same)."]
    assert arrange_from_words(OFFER, ["7", "0", "5", "4", "4", "4", "4"]) == {"arrange": [7, 0, 5, 4, 4, 4, 4]}
    for bad, words in ((["4"] * 6, "7 holes"), (["5"] + ["4"] * 6, "add up to 29"),
                       (["-1", "5", "4", "4", "4", "4", "8"], "fewer than 0"), (["x"], "whole numbers"), ([], "how")):
        with pytest.raises(ValueError, match=words):
            arrange_from_words(OFFER, bad)


async def test_arrange_the_seeds_in_the_terminal(url: str, terminal: Callable[..., Terminal]) -> None:
    t = terminal("--server", url, "--name", "alice")
    await t.expect(r"Connected to .* as alice\.")
    t.send("arrange 4 4 4 4 4 4 4")
    await t.expect(r"You are not playing a game\.")
    t.send("create bao_mg private south first south")
    code = (await t.expect(r"Created private room (\w+) \(bao_mg\); you are South"))[1]
    bob = await MancalaClient.connect(url, name="bob")
    try:
        await bob.join(code)
        await t.expect(r"Your first move may be an arrangement")
        await t.expect(r"Your move \(South\)|To arrange, type `arrange` and 7 numbers")
        t.send("arrange 4 4 4")
        await t.expect(r"Your row has 7 holes: give 7 numbers, not 3\. To arrange, type `arrange`")
        t.send("arrange 5 4 4 4 4 4 4")
        await t.expect(r"Lay out all 28 seeds of your row: these add up to 29")
        t.send("arrange 4 4 4 4 4 4 4")  # the server refuses an unchanged layout
        await t.expect(r"Arrangement refused: .*to keep it as it is, sow")
        t.send("arrange 7 0 5 4 4 4 4")
        made = await bob.next_event("move_made")
        assert made.move == {"arrange": [7, 0, 5, 4, 4, 4, 4]}
        assert made.state.board == [7, 0, 5, 4, 4, 4, 4] * 2
        await t.expect(r"Last move: You arranged the seeds, from your left: 7 0 5 4 4 4 4 \(both rows\)\.")
        await bob.move(code, 7, 1)
        await bob.next_event("move_made")
        await t.expect(r"Your move \(South\)")
        t.send("arrange 7 0 5 4 4 4 4")
        await t.expect(r"You cannot arrange the seeds now")
        t.send("history")
        await t.expect(r"1  You     arrange 7 0 5 4 4 4 4")
    finally:
        await bob.close()
