"""Issue 24 point 9 in the terminal: an aborted game still reads aborted after the player
comes back, help wraps to the terminal's width, an early win is said in words, and a
second terminal of the same player is told so."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import aiohttp
import pytest

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from mancala_client.api import MancalaClient
from mancala_server.app import MancalaServer, running
from mancala_server.config import Settings
from tests.client.pty_terminal import Terminal


@pytest.fixture
async def quick_abort(tmp_path: Path) -> AsyncIterator[MancalaServer]:
    """A server whose first-move limit is one second."""
    settings = Settings(host="127.0.0.1", port=0, data_dir=tmp_path / "data", rate_per_second=10_000.0,
                        rate_burst=10_000, abandon_timeout=60.0, first_move_timeout=1.0)
    async with running(settings) as srv:
        yield srv


async def test_an_aborted_game_reads_aborted_live_and_after_coming_back(
        quick_abort: MancalaServer, terminal: Callable[..., Terminal]) -> None:
    url = f"ws://127.0.0.1:{quick_abort.port}/ws"
    t = terminal("--server", url, "--name", "ida")
    await t.expect(r"Connected to")
    t.send("create kalah_4 private clock 5+3")
    code = (await t.expect(r"Created private room (\w+)"))[1]
    async with await MancalaClient.connect(url, name="jon") as jon:
        await jon.join(code)
        await t.expect(r"Game aborted: South made no first move in time\.")
        # the room as a terminal gets it afresh (its room_state), as after a restart
        t.send("leave")
        await t.expect(rf"Left room {code}\.")
        t.send(f"watch {code}")
        await t.expect(r"Game aborted: South made no first move in time\.")
        assert "Game over" not in t.unread()


async def test_the_terminal_names_holes_as_the_text_record_does(
        url: str, server: MancalaServer, terminal: Callable[..., Terminal]) -> None:
    """North's own holes were lower case on North's screen, capitals in record.txt. One
    notation now (docs/notation.md): North types and reads its holes in capitals."""
    game = Game(load_variant(config_paths()["kalah_4"]))
    t = terminal("--server", url, "--name", "nora")
    await t.expect(r"Connected to")
    t.send("create kalah_4 north first south")  # public: its record is open to all
    code = (await t.expect(r"Created public room (\w+) \(kalah_4\); you are North"))[1]
    async with await MancalaClient.connect(url, name="sam") as sam:
        await sam.join(code)
        state = await sam.next_event("room_state")
        await t.expect(r"South \(sam\) joined the game\.")
        pos = game.start(0)
        for ply in range(8):
            legal = game.legal_moves(pos)
            hole = legal[ply % len(legal)]
            if pos.turn == 0:
                await sam.move(code, hole, ply)
            else:
                await t.expect(r"Your move \(North\)\. Legal: [A-F]( [A-F])*\n")
                t.send("ABCDEF"[hole - 6])  # the capital under the hole on North's screen
            made = await sam.next_event("move_made")
            assert made.move == hole
            pos = game.play(pos, hole)
            await t.expect(rf"Last move: \w+ sowed {'abcdef'[hole] if hole < 6 else 'ABCDEF'[hole - 6]}:")
        await t.settle()
        t.send("history")
        await t.expect(r"move\s+player\s+hole")
        lines = re.findall(r"\n\s+\d+\s+(You|South)\s+(\S+)", await t.settle())
        async with aiohttp.ClientSession() as http:  # (the server runs in this event loop)
            reply = await http.get(f"http://127.0.0.1:{server.port}/api/games/{state.game_id}/record.txt")
            record = re.findall(r"^\d+\. (South|North) (\S+)", await reply.text(), re.M)
        assert len(record) == 8 and {seat for seat, _ in record} == {"South", "North"}
        assert [hole for _, hole in lines] == [hole for _, hole in record]
        assert [seat == "North" for seat, _ in record] == [who == "You" for who, _ in lines]


@pytest.mark.parametrize(("columns", "widest"), [("60", 60), ("", 80), ("200", 100)])
async def test_help_wraps_to_the_terminals_width(url: str, terminal: Callable[..., Terminal],
                                                 columns: str, widest: int) -> None:
    """Help was written some 100 columns wide and folded mid-word in an 80-column terminal.
    It is wrapped to the terminal's width ("": unknown, the pseudo-terminal reports none:
    80), and to 100 at most; every command is still there."""
    t = terminal("--server", url, "--name", "wes", COLUMNS=columns)
    await t.expect(r"Connected to")
    t.send("help")
    await t.expect(r"Commands \(words")
    await t.expect(r"transfer\s+a code to play as yourself")
    text = t.text[t.text.rindex("Commands (words"):t.pos]
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= widest, max(lines, key=len)
    words = " ".join(text.split())
    for command in ("variants [WORD]", "create VARIANT", "[vs computer [LEVEL]]", "claim the win once your",
                    "challenge NAME VARIANT", "rename NAME"):
        assert command in words, command
    if widest >= 80:  # wide enough for the usage column and its words side by side
        assert re.search(r"\n  board +draw the board again\n", text)


async def test_an_early_win_is_explained_in_words(url: str, terminal: Callable[..., Terminal]) -> None:
    """The game ends as soon as a store holds more than half the seeds, the board left as it
    stands: the terminal said only "Game over: South wins, 31-3" over a board with 14 seeds
    on it. It says why, to the players and to a spectator."""
    game = Game(load_variant(config_paths()["kalah_4"]))
    pos, moves = game.start(0), []
    while pos.outcome is None:  # a game that ends by a majority, seeds still on the board
        legal = game.legal_moves(pos)
        moves.append(legal[(2 * len(moves)) % len(legal)])
        pos = game.play(pos, moves[-1])
    left = sum(pos.board)
    assert left and pos.stores[0] > 24, (pos.board, pos.stores)
    watcher = terminal("--server", url, "--name", "vic")
    await watcher.expect(r"Connected to")
    async with await MancalaClient.connect(url, name="sam") as sam, \
            await MancalaClient.connect(url, name="nat") as nat:
        granted = await sam.create_room("kalah_4", seat=0, public=True)
        await nat.join(granted.room)
        watcher.send(f"watch {granted.room}")
        await watcher.expect(r"South to move\.")
        turn = game.start(0)
        for ply, move in enumerate(moves):
            await (sam if turn.turn == 0 else nat).move(granted.room, move, ply)
            turn = game.play(turn, move)
        await watcher.expect(rf"Game over: South wins, {pos.stores[0]}-{pos.stores[1]}\. South holds more than "
                             rf"half of the 48 seeds, so the game ends early: the {left} left on the board "
                             r"could not change the result and count for nobody\.")


async def test_a_second_terminal_of_the_same_player_is_told_so(
        url: str, terminal: Callable[..., Terminal], tmp_path: Path) -> None:
    """Two terminals on one machine share the player kept in one file, as two tabs of a
    browser do; the second used to become the first's player without a word. It is told,
    and how to play as someone else; a window with a file of its own is not."""
    first = terminal("--server", url, "--name", "ann")
    await first.expect(r"Connected to .* as ann\.")
    second = terminal("--server", url, "--name", "bob")
    await second.expect(r"Connected to .* as ann\.")
    await second.expect(r"ann is also playing in another terminal on this machine: this window is ann too")
    await second.expect(r"--guest or --player-file FILE")
    other = terminal("--server", url, "--name", "cat", MANCALA_PLAYER_FILE=str(tmp_path / "cat.json"))
    await other.expect(r"Connected to .* as cat\.")
    for t in (first, other):
        assert "also playing in another terminal" not in await t.settle()
    second.send("quit")
    assert await second.wait_exit() == 0
    first.send("quit")
    assert await first.wait_exit() == 0
    again = terminal("--server", url, "--name", "ann")  # alone again: nothing to say
    await again.expect(r"Connected to .* as ann\.")
    assert "also playing in another terminal" not in await again.settle()
