"""`mancala play`: a line-oriented terminal client.

Lines typed on stdin and messages pushed by the server arrive in one queue and
are handled in turn, so a move by the opponent redraws the board while the
player is idle at the prompt. Commands are words (`create`, `join`, ...);
a line starting with a hole label (`c`, `3`, `c cw`) is a move.

The parts: `console` (lines in and out), `screen` (what the server pushed, shown),
`commands` (what the player typed, sent), `session` (the connection that survives
drops); this module runs them together.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import sys
from collections import deque
from pathlib import Path
from typing import Any, TextIO

from mancala_client.api import ServerError
from mancala_client.commands import Commands
from mancala_client.console import Output, Typed, start_stdin_thread
from mancala_client.moves import LETTERS, SEAT_NAMES
from mancala_client.player_file import PlayerFile, default_player_path
from mancala_client.saved import SeatFile, default_path
from mancala_client.screen import Screen
from mancala_client.session import NotConnected, Session
from mancala_client.wording import plural


def looks_like_move(word: str) -> bool:
    """
    >>> looks_like_move("c"), looks_like_move("3"), looks_like_move("ccw"), looks_like_move("cat")
    (True, True, True, False)
    """
    w = word.lower()
    return (len(w) == 1 and w in LETTERS) or w.isdigit() or w in ("cw", "ccw")


class TerminalApp:
    def __init__(self, session: Session, out: Output) -> None:
        self.session = session
        self.out = out
        self.inbox = session.events
        self.typed_ahead: deque[Typed] = deque()
        self.screen = Screen(session, out)
        self.commands = Commands(session, out, self.screen, self.expect_room_state)

    async def start(self, resume: str | None = None) -> None:
        s = self.session
        self.screen.variants = {v.name: v for v in await s.variants()}
        self.screen.rooms = {r.room: r for r in await s.subscribe_lobby()}
        self.out.say(f"Connected to {s.url} as {s.name}. {plural(len(self.screen.variants), 'variant')} "
                     f"(`variants`), {plural(len(self.screen.rooms), 'public room')} (`rooms`). "
                     "Type `help` for commands.")
        if resume:
            await self.commands.resume([resume])
        else:
            saved = s.seats.for_server(s.url)
            for seat in saved[-3:]:
                self.out.say(f"You hold a seat in room {seat.room} ({seat.variant or 'game'}, "
                             f"{SEAT_NAMES[seat.seat]}): type `resume {seat.room}` to go back.")

    async def next_item(self) -> Any:
        if self.typed_ahead:
            return self.typed_ahead.popleft()
        return await self.inbox.get()

    async def expect_room_state(self, room: str, timeout: float = 5.0) -> None:
        """After taking a seat the server sends the room: handle the messages up to it
        before any line typed meanwhile (those wait their turn)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.screen.view is None or self.screen.view.room != room:
            left = deadline - loop.time()
            if left <= 0:
                return
            try:
                item = await asyncio.wait_for(self.inbox.get(), left)
            except TimeoutError:
                return
            if isinstance(item, Typed):
                self.typed_ahead.append(item)
            else:
                self.screen.handle(item)

    async def run(self) -> None:
        while not self.commands.done:
            view = self.screen.view
            self.out.prompt_text = f"{view.room}> " if view else "> "
            self.out.prompt()
            item = await self.next_item()
            if isinstance(item, Typed):
                if item.text is None:  # end of input (^D): no newline was echoed
                    await self.commands.quit([])
                    break
                self.out.typed()
                await self.handle_line(item.text)
            else:
                self.screen.handle(item)

    async def handle_line(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        command = self.commands.table.get(words[0].lower())
        try:
            if command is not None:
                await command(words[1:])
            elif looks_like_move(words[0]):
                await self.commands.play(line)
            else:
                self.out.say(f"Unknown command {words[0]!r}: type `help` for the commands.")
        except NotConnected as exc:
            self.out.say(f"Not sent: {exc}.")
        except ServerError as exc:
            self.out.say(self.screen.describe_error(exc))
        except TimeoutError:
            self.out.say("The server did not answer in time; try again.")


# ---- entry point ----------------------------------------------------------------------------


def default_name() -> str:
    """The login name, as --help promises: the environment's (LOGNAME, USER, ...) or,
    where none is set (services, containers, `su`), the account's own; "guest" only
    when there is no name at all."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):  # no variable set and a uid without a passwd entry
        name = ""
    name = "".join(ch for ch in name if ch.isprintable()).strip()
    return name[:40] or "guest"


async def run_client(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    out = Output(stdout or sys.stdout, clear=args.clear, prompt=sys.stdin.isatty() and sys.stdout.isatty(),
                 bell=args.bell)
    seats = SeatFile(None if args.no_save else Path(args.state_file) if args.state_file else default_path())
    # a known player (kept in a file of mode 600); --guest plays without one
    players = None if args.guest else PlayerFile(
        None if args.no_save else Path(args.player_file) if args.player_file else default_player_path())
    session = Session(args.server, name=(args.name or default_name())[:40], fmt=args.format, seats=seats,
                      players=players)
    out.say(f"Connecting to {args.server} ...")
    try:
        await session.start()
    except Exception as exc:  # refused, bad URL, handshake, hello refused
        out.say(f"Cannot connect to {args.server}: {exc or type(exc).__name__}")
        return 1
    app = TerminalApp(session, out)
    shared = players is not None and session.identity is not None and players.hold(args.server)
    start_stdin_thread(asyncio.get_running_loop(), app.inbox)
    try:
        try:
            await app.start(args.resume)
            if shared and players is not None:
                out.say(f"{session.name} is also playing in another terminal on this machine: this window is "
                        f"{session.name} too (the player kept in {players.path}), with the same seats and "
                        "ratings. To play as someone else here, start it with --guest or --player-file FILE.")
        except ServerError as exc:
            out.say(app.screen.describe_error(exc))
        except NotConnected as exc:
            out.say(f"{exc}.")
        await app.run()
    finally:
        await session.close()
    return 0


def main(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(run_client(args))
    except KeyboardInterrupt:
        print("\nBye.")
        return 130
