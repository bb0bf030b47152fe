"""End to end: the real `mancala play` process on a pseudo-terminal against a real server.

The terminal player types what a person would; the opponent is a MancalaClient in
the test. Every expectation reads the terminal's own output.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mancala.engine.game import Game
from mancala.engine.position import Position
from mancala.rules.loading import config_paths, load_variant
from mancala_client.api import MancalaClient
from mancala_server.app import MancalaServer
from tests.client.pty_terminal import Terminal

N = 6  # kalah_4: six holes a side


def kalah() -> Game:
    return Game(load_variant(config_paths()["kalah_4"]))


def board_regex(pos: Position, viewer: int) -> str:
    """The three board lines as `viewer` must see them: own row at the bottom."""
    b, s = pos.board, pos.stores
    south, north = b[:N], b[N:]
    if viewer == 0:
        return Terminal.board_rows(north[::-1], (s[1], s[0]), south, ("North", "South"))
    return Terminal.board_rows(south[::-1], (s[0], s[1]), north, ("South", "North"))


def turn_regex(pos: Position, viewer: int, opponent: str) -> str:
    if pos.turn == viewer:
        return rf"Your move \({'South' if viewer == 0 else 'North'}\)\. Legal: "
    return rf"Waiting for {'South' if pos.turn == 0 else 'North'} \({opponent}\) to move\."


def letter_of(hole: int) -> str:
    """The hole's name on every screen (docs/notation.md): South's a..f, North's A..F."""
    return "abcdef"[hole] if hole < N else "ABCDEF"[hole - N]


def in_words(game: Game, before: Position, hole: int, who: str, name: str) -> str:
    """The "Last move:" line for a move: who sowed which hole, how many seeds, what it
    captured and whether the mover plays again (from the engine, not from the client)."""
    after, trace = game.play_traced(before, hole)
    seeds = before.board[hole]
    text = rf"Last move: {who} sowed {name}: {seeds} seeds?[^\n,]*"
    if trace.captured():
        text += rf", captured {trace.captured()} from [a-fA-F, ]+"
    if after.outcome is None and after.turn == before.turn:
        text += ", sows? again"
    return text + r"\."


async def next_move(client: MancalaClient, timeout: float = 5.0) -> Any:
    return await client.next_event("move_made", timeout)


async def test_play_a_game_in_the_terminal(url: str, terminal: Callable[..., Terminal]) -> None:
    t = terminal("--server", url, "--name", "alice")
    await t.expect(r"Connected to .* as alice\. \d+ variants")

    # alice (terminal) creates a private room, sits North and starts
    t.send("create kalah_4 private north first north")
    code = (await t.expect(r"Created private room (\w+) \(kalah_4\); you are North"))[1]
    game = kalah()
    pos = game.start(1)
    await t.expect(board_regex(pos, 1))
    await t.expect(rf"Waiting for an opponent \(South free\)\. Room code: {code}")

    async with await MancalaClient.connect(url, name="bob") as bob:
        granted = await bob.join(code)
        assert granted.seat == 0
        await bob.next_event("room_state")
        await t.expect(r"South \(bob\) joined the game\.")
        await t.expect(board_regex(pos, 1))
        await t.expect(r"Your move \(North\)\. Legal: A B C D E F")

        # a typo and a move out of turn are refused with clear words
        t.send("z")
        await t.expect(r"No hole z: your holes are A\.\.F\.")

        illegal_tried = not_your_turn_tried = False
        said: list[Any] = []
        for _ply in range(12):
            legal = game.legal_moves(pos)
            if pos.turn == 1:  # alice types a letter
                empty = [h for h in range(N, 2 * N) if pos.board[h] == 0]
                if empty and not illegal_tried:
                    t.send(letter_of(empty[0]))
                    await t.expect(rf"Illegal move {letter_of(empty[0])}: hole {letter_of(empty[0])} "
                                   r"has 0 seeds")
                    await t.expect(r"Legal: [A-F]")
                    illegal_tried = True
                hole = legal[-1] if _ply % 2 else legal[0]
                t.send(letter_of(hole))
                made = await next_move(bob)
                assert (made.seat, made.move) == (1, hole)
                before, pos = pos, game.play(pos, hole)
                await t.expect(board_regex(pos, 1))
                said.append(await t.expect(in_words(game, before, hole, "You", letter_of(hole))))
            else:  # bob plays through the API
                if not not_your_turn_tried:
                    t.send("A")
                    await t.expect(r"Not your turn: it is South's turn, you are North")
                    not_your_turn_tried = True
                hole = legal[0] if _ply % 3 else legal[-1]
                await bob.move(code, hole)
                await next_move(bob)
                before, pos = pos, game.play(pos, hole)
                await t.expect(board_regex(pos, 1))
                said.append(await t.expect(in_words(game, before, hole, "South", letter_of(hole))))
            await t.expect(turn_regex(pos, 1, "bob"))
            assert pos.outcome is None
        assert illegal_tried and not_your_turn_tried
        assert any(", sow again" in m[0] for m in said)  # these moves include extra turns

        # the annotated move list: number, player, the hole as labelled on the board, marks
        t.send("history")
        await t.expect(r"move\s+player\s+hole")
        await t.expect(r"\n\s+1\s+You\s+[A-F]\b")
        await t.expect(r"\n\s+2\s+South\s+a\b")
        await t.expect(r"\n\s+3\s+You\s+B\s+\+")  # its extra turn marked

        # alice resigns: both see the result
        t.send("resign")
        await t.expect(r"Game over: South wins: North resigned\.")
        await t.expect(r"Type `rematch`")
        over = await bob.next_event("game_over")
        assert over.reason == "resign" and over.outcome["winner"] == 0

        # a rematch swaps the seats: alice is South now, her row still at the bottom
        t.send("rematch")
        await t.expect(r"Rematch offered")
        await bob.rematch(code)
        state = await bob.next_event("room_state")
        assert state.you == 1
        pos = game.start(1)  # the starter stays North, who is bob now
        await t.expect(board_regex(pos, 0))
        await t.expect(r"South: alice \(you\)")
        await t.expect(r"Waiting for North \(bob\) to move\.")
        await bob.move(code, 8)
        pos = game.play(pos, 8)
        await t.expect(board_regex(pos, 0))
        await t.expect(r"Last move: North sowed C: 4 seeds \(1 into the store\), sows again\.")

        t.send("leave")
        await t.expect(rf"Left room {code}\.")
        t.send("quit")
        await t.expect(r"Bye\.")
        assert await t.wait_exit() == 0


async def test_dropped_connection_and_resume(url: str, server: MancalaServer, tmp_path: Path,
                                             terminal: Callable[..., Terminal]) -> None:
    t = terminal("--server", url, "--name", "carol")
    await t.expect(r"Connected to")
    t.send("create kalah_4 private")  # South, South starts
    code = (await t.expect(r"Created private room (\w+)"))[1]
    game = kalah()
    pos = game.start(0)

    async with await MancalaClient.connect(url, name="dave") as dave:
        await dave.join(code)
        await t.expect(r"Your move \(South\)")
        t.send("c")
        await next_move(dave)
        pos = game.play(pos, 2)
        await t.expect(board_regex(pos, 0))

        # the network drops carol's connection: the client reconnects and reclaims the seat
        carol = next(c for c in server.hub.clients if c.name == "carol")
        await carol.ws.close()
        await t.expect(r"Connection to the server lost; reconnecting")
        await t.expect(r"Reconnected\.")
        await t.expect(board_regex(pos, 0))
        await t.expect(r"South: carol \(you\)")
        legal = game.legal_moves(pos)
        if pos.turn == 0:  # kalah: c from 4 seeds ends in the store, a repeat turn
            t.send(letter_of(legal[0]))
            made = await next_move(dave)
            assert made.move == legal[0]
            pos = game.play(pos, legal[0])
            await t.expect(board_regex(pos, 0))

        # quitting keeps the seat; the token is saved for `--resume`
        t.send("quit")
        await t.expect(rf"Your seat in room {code} is kept for a while: `mancala play --resume {code}`")
        assert await t.wait_exit() == 0
        saved = json.loads((tmp_path / "home" / ".mancala" / "seats.json").read_text())
        assert [s["room"] for s in saved["seats"]] == [code]

        back = terminal("--server", url, "--name", "carol", "--resume", code)
        await back.expect(rf"Back in room {code} as South\.")
        await back.expect(board_regex(pos, 0))
        if pos.turn == 1:
            hole = game.legal_moves(pos)[0]
            await dave.move(code, hole)
            await next_move(dave)
            pos = game.play(pos, hole)
            await back.expect(board_regex(pos, 0))
        await back.expect(r"Your move \(South\)")
        hole = game.legal_moves(pos)[-1]
        back.send(letter_of(hole))
        made = await next_move(dave)
        assert made.move == hole
        back.send("quit")
        assert await back.wait_exit() == 0


async def test_lobby_quick_pairing_and_watching(url: str, terminal: Callable[..., Terminal]) -> None:
    t = terminal("--server", url, "--name", "erin", "--format", "msgpack")
    await t.expect(r"Connected to .* 0 public rooms")
    t.send("variants kalah")
    await t.expect(r"kalah_4\s+Standard Kalah with four seeds in each of six pits")

    async with await MancalaClient.connect(url, name="fred") as fred, \
            await MancalaClient.connect(url, name="gina") as gina:
        # a public room appears in the lobby as it is made
        made = await fred.create_room("kalah_4", public=True)
        await t.expect(rf"Lobby: new room {made.room}\s+Kalah 4 \(kalah_4\)\s+waiting\s+South: fred")
        t.send("rooms")
        await t.expect(rf"{made.room}\s+Kalah 4 \(kalah_4\)\s+waiting")
        t.send("join NOSUCH")
        await t.expect(r"No such room: check the code: no room 'NOSUCH'")

        # watching: South's view, no moves allowed
        await gina.join(made.room)
        t.send(f"watch {made.room}")
        await t.expect(rf"Watching room {made.room}\.")
        pos = kalah().start(0)
        await t.expect(board_regex(pos, 0))
        await t.expect(r"South to move\.")
        t.send("a")
        await t.expect(r"You are watching: spectators do not move\.")
        # every move said in words: South e, North A, then South a captures B's seeds
        for mover, hole, words in ((fred, 4, r"South sowed e: 4 seeds \(1 into the store\)"),
                                   (gina, 6, r"North sowed A: 5 seeds"),
                                   (fred, 0, r"South sowed a: 4 seeds, captured 7 from B, e")):
            await mover.move(made.room, hole)
            pos = kalah().play(pos, hole)
            await t.expect(board_regex(pos, 0))
            await t.expect(rf"Last move: {words}\.")
        t.send("history")
        await t.expect(r"\n\s+3\s+South\s+a\s+x7\n")
        t.send(f"join {made.room}")
        await t.expect(r"That room is full")

        # quick pairing: erin waits, gina pairs with her
        t.send("leave")
        await t.expect(r"Left room")
        t.send("quick kalah_3")
        code = (await t.expect(r"Quick pairing for kalah_3: room (\w+), you are South"))[1]
        await asyncio.sleep(0.1)
        paired = await gina.quick_pair("kalah_3")
        assert paired.room == code and paired.seat == 1
        await t.expect(r"North \(gina\) joined the game\.")
        await t.expect(r"Your move \(South\)")
        t.send("quit")
        assert await t.wait_exit() == 0


async def test_directions_where_the_variant_asks(url: str, terminal: Callable[..., Terminal]) -> None:
    t = terminal("--server", url, "--name", "hal", "--clear")
    await t.expect(r"Connected to")
    t.send("create cross-kalah private")  # the title works as well as the name
    code = (await t.expect(r"Created private room (\w+) \(cross_kalah\); you are South"))[1]
    async with await MancalaClient.connect(url, name="ida") as ida:
        await ida.join(code)
        await t.expect(r"Your move \(South\)\. Legal: a\(ccw/cw\) b\(ccw/cw\)")
        t.send("c")
        await t.expect(r"Hole c needs a direction: c ccw or c cw\.")
        t.send("c cw")
        made = await next_move(ida)
        assert (made.seat, made.move) == (0, [2, "CW"])
        await t.expect(r"Last move: You sowed c cw: \d+ seeds")
        state = made.state
        if state.turn == 0:
            t.send("f left")  # along the own row, left is clockwise
            made = await next_move(ida)
            assert made.move == [5, "CW"]
        t.send("quit")
        assert await t.wait_exit() == 0
        assert "\x1b[2J" in t.raw.decode()  # --clear redraws on a clean screen


async def test_resume_with_an_explicit_token(url: str, terminal: Callable[..., Terminal]) -> None:
    async with await MancalaClient.connect(url, name="jo") as jo, \
            await MancalaClient.connect(url, name="kim") as kim:
        made = await jo.create_room("kalah_4", public=False, seat=1)
        await kim.join(made.room)
        await kim.move(made.room, 0)
        await jo.close()  # jo's connection ends; the seat waits for the token

        bad = terminal("--server", url, "--name", "jo", "--resume", f"{made.room}:{'x' * 32}")
        await bad.expect(r"That seat token is not valid for this room: room \w+: that token holds no seat")
        bad.send("quit")
        assert await bad.wait_exit() == 0

        t = terminal("--server", url, "--name", "jo", "--resume", f"{made.room.lower()}:{made.token}")
        await t.expect(rf"Back in room {made.room} as North\.")
        pos = kalah().play(kalah().start(0), 0)
        await t.expect(board_regex(pos, 1))
        await t.expect(r"Last move: South sowed a: 4 seeds\.")
        await t.expect(r"Your move \(North\)")
        t.send("B")
        moved = await next_move(kim)
        while moved.seat != 1:
            moved = await next_move(kim)
        assert moved.move == 7
        t.send("quit")
        assert await t.wait_exit() == 0


async def test_end_of_input_and_interrupt_leave_cleanly(url: str, terminal: Callable[..., Terminal]) -> None:
    t = terminal("--server", url)
    await t.expect(r"Connected to .* as \S+\.")
    t.send("hello there")
    await t.expect(r"Unknown command 'hello': type `help` for the commands\.")
    t.send("help")
    await t.expect(r"create VARIANT \[private\]")
    os.write(t.fd, b"\x04")  # ^D at the prompt
    await t.expect(r"Bye\.")
    assert await t.wait_exit() == 0

    # started as by a suite run in the background (`./dev test &`, CI): SIGINT ignored
    # here, and an ignored signal is inherited; ^C at the client's terminal still works
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        t = terminal("--server", url)
    finally:
        signal.signal(signal.SIGINT, previous)
    await t.expect(r"Connected to")
    await t.settle(0.2)
    os.write(t.fd, b"\x03")  # ^C
    await t.expect(r"Bye\.")
    assert await t.wait_exit() == 130

    gone = terminal("--server", "ws://127.0.0.1:9/ws")
    await gone.expect(r"Cannot connect to ws://127\.0\.0\.1:9/ws: ")
    assert await gone.wait_exit() == 1


async def test_play_the_computer_in_the_terminal(url: str, terminal: Callable[..., Terminal]) -> None:
    """`create ... vs computer LEVEL` seats the computer opposite; its moves come by
    themselves and the board follows them (a spectator in the test sees the same moves)."""
    t = terminal("--server", url, "--name", "lee")
    await t.expect(r"Connected to")
    t.send("help")
    await t.expect(r"\[vs computer \[LEVEL\]\]")
    t.send("create kalah_4 vs computer:9")
    await t.expect(r"Cannot create: the computer's level '9' is not one of easy, medium, hard, expert, perfect")

    t.send("create kalah_4 private vs computer easy")
    code = (await t.expect(r"Created private room (\w+) \(kalah_4\); you are South\. "
                           r"You play Computer \(level 0, easy\)\."))[1]
    game = kalah()
    pos = game.start(0)
    await t.expect(r"North: Computer \(level 0, easy\) \| store 0")  # the top seat line
    await t.expect(board_regex(pos, 0))
    await t.expect(r"Your move \(South\)\. Legal: a b c d e f")

    async with await MancalaClient.connect(url, name="watcher") as watcher:
        await watcher.spectate(code)
        computer_moves = 0
        for ply in range(40):
            if pos.outcome is not None or (ply >= 8 and computer_moves >= 2):
                break
            if pos.turn == 0:  # lee types a letter
                legal = game.legal_moves(pos)
                hole = legal[ply % len(legal)]
                t.send(letter_of(hole))
                made = await next_move(watcher)
                assert (made.seat, made.move) == (0, hole)
                last = rf"Last move: You sowed {letter_of(hole)}: \d+ seeds?"
            else:  # the computer answers by itself
                made = await next_move(watcher, timeout=30)
                assert made.seat == 1
                computer_moves += 1
                last = rf"Last move: North sowed {letter_of(made.move)}: \d+ seeds?"
            pos = game.play(pos, made.move)
            await t.expect(board_regex(pos, 0), timeout=30)
            await t.expect(last)
            if pos.outcome is None:
                await t.expect(r"Your move \(South\)" if pos.turn == 0
                               else r"The computer \(North\) is thinking\.\.\.")
        assert computer_moves >= 1

        if pos.outcome is None:
            t.send("resign")
            await t.expect(r"Game over: North wins: South resigned\.")
        else:
            await t.expect(r"Game over: ")
        await t.expect(r"Type `rematch`")

        # the computer always agrees: the rematch starts at once, seats swapped; South
        # (now the computer) still starts
        t.send("rematch")
        await t.expect(r"South: Computer \(level 0, easy\) \| store 0")
        await t.expect(board_regex(game.start(0), 1))
        await t.expect(r"North: lee \(you\)")
        await t.expect(r"The computer \(South\) is thinking\.\.\.")
        made = await next_move(watcher, timeout=30)
        while made.ply != 0:  # (the last moves of the first game, if any were queued)
            made = await next_move(watcher, timeout=30)
        assert made.seat == 0
        await t.expect(board_regex(game.play(game.start(0), made.move), 1), timeout=30)
        await t.expect(rf"Last move: South sowed {letter_of(made.move)}: \d+ seeds?")

    # the perfect level (the solver, or the strongest search where the board is too big
    # to solve within the move's cap) is offered too, and moves by itself
    t.send("leave")
    await t.expect(r"Left room \w+\. If you do not come back the game is forfeited\.")
    t.send("create kalah_4 private vs computer perfect first them")
    await t.expect(r"Created private room \w+ \(kalah_4\); you are South\. You play Computer \(perfect\)\.")
    await t.expect(r"North: Computer \(perfect\) \| store 0")
    await t.expect(r"Last move: North sowed [A-F]: \d+ seeds?", timeout=30)
    await t.expect(r"Your move \(South\)", timeout=30)
    t.send("quit")
    assert await t.wait_exit() == 0
