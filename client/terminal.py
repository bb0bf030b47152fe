"""`mancala play`: a line-oriented terminal client.

Lines typed on stdin and messages pushed by the server arrive in one queue and
are handled in turn, so a move by the opponent redraws the board while the
player is idle at the prompt. Commands are words (`create`, `join`, ...);
a line starting with a hole label (`c`, `3`, `c cw`) is a move.
"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import contextlib
import os
import re
import sys
import threading
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from mancala.client.api import ServerError
from mancala.client.board_view import (
    LEVEL_NAMES,
    PERFECT,
    BoardView,
    SeatView,
    computer_name,
    render_board,
)
from mancala.client.moves import (
    LETTERS,
    SEAT_NAMES,
    MoveInputError,
    label,
    legal_text,
    move_text,
    parse_move,
)
from mancala.client.saved import SeatFile, default_path
from mancala.client.session import NotConnected, Notice, Session
from mancala.protocol.text import visible

HELP = """\
Commands (words; a move is just a hole label):
  variants [WORD]         list the variants (those whose name or description has WORD)
  rooms [all]             list the public rooms (changes print while you are in the lobby)
  create VARIANT [private] [south|north] [first south|north|me|them|random] [vs computer [LEVEL]]
                          make a room and take a seat; share its code to play a friend
                          (public by default), or play the computer at once: LEVEL is
                          easy, medium (the default), hard or expert, or 0..3, or
                          perfect (exact play where it can solve the board in time)
                          e.g. `create kalah_4 vs computer hard`
  join CODE [south|north] take a seat in a room
  quick VARIANT           pair with the next player who wants the same variant
  watch CODE              spectate a room
  resume [CODE[:TOKEN]]   get back into a seat you hold (saved in {saved})
In a game:
  c   3   c cw   c left   play the hole labelled c (or number 3 from your left); add a
                          direction (cw/ccw, or left/right along your row) when asked
  board                   draw the board again      history   the moves so far
  resign                  give up the game          rematch   offer (or accept) a new game
  leave                   leave the room
  help                    this text                 quit      leave the client (your seat
                                                              stays yours for a while)"""

CREATE_USAGE = ("create VARIANT [private] [south|north] [first south|north|me|them|random] "
                "[vs computer [easy|medium|hard|expert|perfect]]")

ERROR_HINTS = {
    "illegal_move": "Illegal move",
    "not_your_turn": "Not your turn",
    "stale_ply": "The board changed before your move arrived; look again and retry",
    "game_over": "The game is over",
    "room_full": "That room is full (you can `watch` it)",
    "seat_taken": "That seat is taken",
    "no_such_room": "No such room: check the code",
    "bad_token": "That seat token is not valid for this room",
    "unknown_variant": "No such variant (type `variants` to list them)",
    "invalid_variant": "That variant is not valid",
    "not_a_player": "You have no seat in this room",
    "rate_limited": "Slow down: too many messages",
    "protocol_version": "The server speaks another protocol version",
    "shutting_down": "The server is shutting down",
    "too_large": "Message too large",
    "bad_message": "The server did not understand the request",
    "unknown_type": "The server does not know that request",
}


@dataclass(frozen=True)
class Typed:
    """A line the player typed (None: end of input)."""

    text: str | None
    type: str = "typed"


def first_sentence(text: str) -> str:
    match = re.search(r"(?<=[a-z0-9)][a-z0-9)])[.!?](\s|$)", text)
    return (text[: match.start()] if match else text).split("\n")[0].strip()


# ---- terminal input and output ------------------------------------------------------------


def start_stdin_thread(loop: asyncio.AbstractEventLoop, inbox: asyncio.Queue[Any], fd: int = 0) -> None:
    """Read stdin in a daemon thread (works for terminals, pipes and files alike), one
    `Typed` per line. Raw os.read: no buffered-stdin lock for the thread to hold at exit."""

    def run() -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        pending = ""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b""
            if not chunk:
                if pending:
                    loop.call_soon_threadsafe(inbox.put_nowait, Typed(pending))
                loop.call_soon_threadsafe(inbox.put_nowait, Typed(None))
                return
            pending += decoder.decode(chunk)
            *lines, pending = pending.split("\n")
            for line in lines:
                loop.call_soon_threadsafe(inbox.put_nowait, Typed(line.rstrip("\r")))

    threading.Thread(target=run, name="stdin", daemon=True).start()


class Output:
    """Prints lines; after a pushed message the prompt is drawn again."""

    def __init__(self, stream: TextIO, *, clear: bool = False, prompt: bool | None = None) -> None:
        self.stream = stream
        self.tty = stream.isatty()
        # a prompt only when someone types at a terminal (not for piped scripts)
        self.show_prompt = self.tty if prompt is None else prompt
        self.clear = clear and self.tty
        self.prompt_text = "> "
        self.prompt_shown = False

    def say(self, text: str = "") -> None:
        if self.prompt_shown:
            # the prompt sits alone on its line: wipe it (on a terminal) or end the line
            self.stream.write("\r\x1b[K" if self.tty else "\n")
            self.prompt_shown = False
        # every line passes here, names and server words included: control characters
        # and direction overrides are shown escaped, never obeyed by the terminal
        self.stream.write("\n".join(visible(line) for line in text.split("\n")) + "\n")
        self.stream.flush()

    def board(self, text: str) -> None:
        if self.clear:
            self.stream.write("\x1b[H\x1b[2J")
            self.prompt_shown = False
        self.say(text)

    def prompt(self) -> None:
        if self.show_prompt and not self.prompt_shown:
            self.stream.write(self.prompt_text)
            self.stream.flush()
            self.prompt_shown = True

    def typed(self) -> None:
        """The player pressed enter: the terminal moved past the prompt."""
        self.prompt_shown = False


# ---- the client ---------------------------------------------------------------------------


class TerminalApp:
    def __init__(self, session: Session, out: Output) -> None:
        self.session = session
        self.out = out
        self.inbox = session.events
        self.variants: dict[str, Any] = {}
        self.rooms: dict[str, Any] = {}  # public rooms by code
        self.view: BoardView | None = None
        self.history: list[tuple[int, Any]] = []
        self.over_shown = False
        self.done = False
        self.typed_ahead: deque[Typed] = deque()
        self.commands: dict[str, Callable[[list[str]], Awaitable[None]]] = {
            "help": self.cmd_help, "?": self.cmd_help,
            "variants": self.cmd_variants,
            "rooms": self.cmd_rooms, "lobby": self.cmd_rooms,
            "create": self.cmd_create, "new": self.cmd_create,
            "join": self.cmd_join,
            "quick": self.cmd_quick, "pair": self.cmd_quick,
            "watch": self.cmd_watch, "spectate": self.cmd_watch,
            "resume": self.cmd_resume,
            "board": self.cmd_board, "show": self.cmd_board,
            "history": self.cmd_history, "moves": self.cmd_history,
            "move": self.cmd_move, "play": self.cmd_move,
            "resign": self.cmd_resign,
            "rematch": self.cmd_rematch,
            "leave": self.cmd_leave,
            "quit": self.cmd_quit, "exit": self.cmd_quit, "bye": self.cmd_quit,
        }

    # ---- start and loop -------------------------------------------------------------

    async def start(self, resume: str | None = None) -> None:
        s = self.session
        self.variants = {v.name: v for v in await s.variants()}
        self.rooms = {r.room: r for r in await s.subscribe_lobby()}
        self.out.say(f"Connected to {s.url} as {s.name}. {plural(len(self.variants), 'variant')} "
                     f"(`variants`), {plural(len(self.rooms), 'public room')} (`rooms`). "
                     "Type `help` for commands.")
        if resume:
            await self.cmd_resume([resume])
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
        while self.view is None or self.view.room != room:
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
                self.handle_event(item)

    async def run(self) -> None:
        while not self.done:
            self.out.prompt_text = f"{self.view.room}> " if self.view else "> "
            self.out.prompt()
            item = await self.next_item()
            if isinstance(item, Typed):
                if item.text is None:  # end of input (^D): no newline was echoed
                    await self.cmd_quit([])
                    break
                self.out.typed()
                await self.handle_line(item.text)
            else:
                self.handle_event(item)

    async def handle_line(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        command = self.commands.get(words[0].lower())
        try:
            if command is not None:
                await command(words[1:])
            elif self._looks_like_move(words[0]):
                await self.play(line)
            else:
                self.out.say(f"Unknown command {words[0]!r}: type `help` for the commands.")
        except NotConnected as exc:
            self.out.say(f"Not sent: {exc}.")
        except ServerError as exc:
            self.out.say(self.describe_error(exc))
        except TimeoutError:
            self.out.say("The server did not answer in time; try again.")

    def _looks_like_move(self, word: str) -> bool:
        w = word.lower()
        return (len(w) == 1 and w in LETTERS) or w.isdigit() or w in ("cw", "ccw")

    # ---- server messages ------------------------------------------------------------

    def handle_event(self, msg: Any) -> None:
        kind = msg.type
        handler = getattr(self, f"on_{kind}", None)
        if handler is not None:
            handler(msg)

    def _mine(self, msg: Any) -> bool:
        return self.view is not None and getattr(msg, "room", None) == self.view.room

    def on_room_state(self, msg: Any) -> None:
        if self.session.room is not None and msg.room != self.session.room:
            return  # an answer about a room we have since left
        self.view = BoardView(
            holes=msg.holes, state=msg.state.model_dump(), you=msg.you,
            seats=[SeatView(s.name, s.connected, s.computer) for s in msg.seats],
            title=msg.title, room=msg.room, public=msg.public, status=msg.status, ply=msg.ply,
            last_move=(msg.moves[-1].seat, msg.moves[-1].move) if msg.moves else None,
            result=msg.result, spectators=msg.spectators)
        self.history = [(m.seat, m.move) for m in msg.moves]
        self.over_shown = msg.status == "finished"
        if msg.you is not None:
            self.session.seat_moved(msg.you)
        self.draw()
        if msg.status == "finished" and msg.you is not None:
            self.out.say("Type `rematch` for another game, or `leave`.")

    def on_move_made(self, msg: Any) -> None:
        if not self._mine(msg):
            return
        v = self.view
        assert v is not None
        if msg.ply < v.ply:
            return  # already in the room state we have
        v.state = msg.state.model_dump()
        v.ply = msg.ply + 1
        v.last_move = (msg.seat, msg.move)
        self.history.append((msg.seat, msg.move))
        outcome = v.state.get("outcome")
        if outcome is not None and not str(outcome.get("kind", "")).startswith("ROUND_"):
            v.status = "finished"
            self.over_shown = True
        self.draw()

    def on_round_started(self, msg: Any) -> None:
        if not self._mine(msg):
            return
        v = self.view
        assert v is not None
        v.state = msg.state.model_dump()
        v.ply = msg.ply
        self.out.say("The round is over: a new round starts.")
        self.draw()

    def on_player_status(self, msg: Any) -> None:
        if not self._mine(msg):
            return
        v = self.view
        assert v is not None
        seat = v.seats[msg.seat]
        if msg.status == "joined" and msg.seat == v.you:
            return  # ourselves taking the seat
        if msg.status in ("joined", "back"):
            seat.name = msg.name or seat.name
            seat.connected = True
        else:
            seat.connected = False
        who = "You" if msg.seat == v.you else f"{SEAT_NAMES[msg.seat]} ({msg.name or seat.name or '?'})"
        words = {"joined": "joined the game", "disconnected": "lost the connection (their seat is kept)",
                 "back": "is back", "left": "left the room", "forfeited": "forfeited: away too long"}
        self.out.say(f"{who} {words.get(msg.status, msg.status)}.")
        before = v.status
        if v.status == "waiting" and all(s.name or s.computer for s in v.seats):
            v.status = "playing"
        if v.status != before:
            self.draw()

    def on_spectators(self, msg: Any) -> None:
        if self._mine(msg) and self.view is not None:
            self.view.spectators = msg.count

    def on_game_over(self, msg: Any) -> None:
        if not self._mine(msg):
            return
        v = self.view
        assert v is not None
        v.status = "finished"
        v.result = msg.result
        if not self.over_shown:  # (a game ended by the rules showed it with the last board)
            self.out.say(f"Game over: {msg.result}.")
        self.over_shown = True
        if v.you is not None:
            self.out.say("Type `rematch` for another game (you swap sides), or `leave`.")

    def on_rematch_offer(self, msg: Any) -> None:
        if not self._mine(msg) or self.view is None:
            return
        if msg.seat == self.view.you:
            self.out.say("Rematch offered; waiting for your opponent to accept.")
        else:
            name = self.view.seats[msg.seat].name or "?"
            self.out.say(f"{SEAT_NAMES[msg.seat]} ({name}) wants a rematch: type `rematch` to accept.")

    def on_lobby(self, msg: Any) -> None:
        self.rooms = {r.room: r for r in msg.rooms}

    def on_lobby_update(self, msg: Any) -> None:
        if msg.removed:
            gone = self.rooms.pop(msg.removed, None)
            if gone is not None and self.view is None:
                self.out.say(f"Lobby: room {msg.removed} closed.")
            return
        for r in msg.changed():
            old = self.rooms.get(r.room)
            self.rooms[r.room] = r
            if self.view is not None or r.room == self.session.room:
                continue  # in a room the lobby stays quiet (`rooms` still lists it)
            if old is None:
                self.out.say("Lobby: new room " + room_line(r))
            elif (old.status, [s.name for s in old.seats]) != (r.status, [s.name for s in r.seats]):
                self.out.say("Lobby: " + room_line(r))  # (spectator counts and reconnections: quiet)

    def on_error(self, msg: Any) -> None:
        self.out.say(self.describe_error(ServerError(msg.code.value, msg.message, msg.params)))

    def on_server_closing(self, msg: Any) -> None:
        self.out.say(f"Server: {msg.message}")

    def on_connection_lost(self, msg: Notice) -> None:
        self.out.say(msg.text)

    def on_reconnected(self, msg: Notice) -> None:
        self.out.say(msg.text)

    def on_resume_failed(self, msg: Notice) -> None:
        self.view = None
        self.out.say(msg.text)

    # ---- drawing and errors ---------------------------------------------------------

    def draw(self) -> None:
        if self.view is not None:
            self.out.board("\n" + render_board(self.view))

    def describe_error(self, exc: ServerError) -> str:
        head = ERROR_HINTS.get(exc.code, f"Server error ({exc.code})")
        message = exc.message
        if self.view is not None:
            # board indices in the server's words become the labels on this screen
            n, viewer = self.view.holes, self.view.you if self.view.you is not None else 0
            message = re.sub(r"hole (\d+)", lambda m: f"hole {label(int(m.group(1)), n, viewer)}"
                             if int(m.group(1)) < 2 * n else m.group(0), message)
        text = f"{head}: {message}" if message else head
        if exc.params:
            text += f" (parameters: {', '.join(exc.params)})"
        return text

    # ---- commands -------------------------------------------------------------------

    async def cmd_help(self, args: list[str]) -> None:
        path = self.session.seats.path
        self.out.say(HELP.format(saved=path if path else "memory only"))

    async def cmd_variants(self, args: list[str]) -> None:
        word = " ".join(args).lower()
        rows = [v for v in self.variants.values()
                if not word or word in v.name.lower() or word in v.title.lower() or word in v.about.lower()]
        if not rows:
            self.out.say(f"No variant matches {word!r}." if word else "The server offers no variants.")
            return
        wid = max(len(v.name) for v in rows)
        for v in sorted(rows, key=lambda v: v.name):
            self.out.say(f"  {v.name.ljust(wid)}  {first_sentence(v.about) or v.title}")

    async def cmd_rooms(self, args: list[str]) -> None:
        rooms = [r for r in self.rooms.values() if r.status != "finished" or args[:1] == ["all"]]
        if not rooms:
            self.out.say("No public rooms open. `create VARIANT` makes one; `quick VARIANT` pairs you.")
            return
        for r in rooms:
            self.out.say("  " + room_line(r))

    def resolve_variant(self, text: str) -> str:
        """A variant name from what the player typed: the name, the title, or a unique start."""
        if text in self.variants:
            return text
        key = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
        by_key = {name: name for name in self.variants}
        by_key.update({re.sub(r"[^a-z0-9]+", "_", v.title.lower()).strip("_"): v.name
                       for v in self.variants.values()})
        if key in by_key:
            return by_key[key]
        starts = sorted({name for k, name in by_key.items() if k.startswith(key)})
        if len(starts) == 1:
            return starts[0]
        if starts:
            raise ValueError(f"{text!r} could be {', '.join(starts[:8])}: say which")
        raise ValueError(f"no variant {text!r}: type `variants` to list them")

    def _need_lobby(self) -> bool:
        if self.view is not None and self.view.you is not None and self.view.status != "finished":
            self.out.say(f"You are in a game in room {self.view.room}: `leave` it first "
                         "(or `quit` and come back to it later).")
            return False
        return True

    async def cmd_create(self, args: list[str]) -> None:
        if not args:
            self.out.say(f"Usage: {CREATE_USAGE}")
            return
        try:
            variant = self.resolve_variant(args[0])
        except ValueError as exc:
            self.out.say(f"Cannot create: {exc}.")
            return
        public, seat, starter, computer = True, None, None, None
        words = [w.lower() for w in args[1:]]
        i = 0
        while i < len(words):
            w = words[i]
            if w in ("private", "public"):
                public = w == "public"
            elif w in ("south", "north", "any"):
                seat = {"south": 0, "north": 1, "any": None}[w]
            elif w in ("as", "seat", "vs", "against"):
                pass
            elif w in ("first", "starter", "starts", "start") and i + 1 < len(words):
                i += 1
                starter = words[i]
            elif w in ("computer", "cpu") or w.startswith(("computer:", "computer=")):
                level = w.partition(":")[2] or w.partition("=")[2]
                if not level and i + 1 < len(words) and computer_level(words[i + 1]) is not None:
                    i += 1
                    level = words[i]
                computer = computer_level(level) if level else 1
                if computer is None:
                    self.out.say(f"Cannot create: the computer's level {level!r} is not one of "
                                 f"{', '.join(LEVEL_NAMES)}, perfect (or 0..{len(LEVEL_NAMES) - 1}).")
                    return
            else:
                self.out.say(f"Cannot create: {args[i + 1]!r} is not an option "
                             "(private, public, south, north, first WHO, vs computer [LEVEL]).")
                return
            i += 1
        mine = seat if seat is not None else 0
        starters = {None: 0, "south": 0, "north": 1, "me": mine, "i": mine, "them": 1 - mine,
                    "opponent": 1 - mine, "random": "random"}
        if starter not in starters:
            self.out.say(f"Cannot create: who starts? {starter!r} is not one of south, north, me, them, random.")
            return
        if not self._need_lobby():
            return
        await self._leave_quietly()
        chosen = starters[starter]
        assert isinstance(chosen, int | str)
        granted = await self.session.create_room(variant, public=public, seat=seat,
                                                 starter=chosen, computer=computer)
        self.view = None
        seat_name = "Computer (perfect)" if computer == PERFECT else f"Computer (level {computer})"
        opponent = (f"You play {computer_name(seat_name)}."
                    if computer is not None else f"Your opponent types `join {granted.room}`.")
        self.out.say(f"Created {'public' if public else 'private'} room {granted.room} "
                     f"({variant}); you are {SEAT_NAMES[granted.seat]}. {opponent}")
        await self.expect_room_state(granted.room)

    async def cmd_join(self, args: list[str]) -> None:
        if not args:
            self.out.say("Usage: join CODE [south|north]")
            return
        seat = {"south": 0, "north": 1}.get(args[1].lower()) if len(args) > 1 else None
        if not self._need_lobby():
            return
        code = args[0].upper()
        await self._leave_quietly(unless=code)
        granted = await self.session.join(code, seat)
        self.view = None
        self.out.say(f"Joined room {granted.room} as {SEAT_NAMES[granted.seat]}.")
        await self.expect_room_state(granted.room)

    async def cmd_quick(self, args: list[str]) -> None:
        if not args:
            self.out.say("Usage: quick VARIANT")
            return
        try:
            variant = self.resolve_variant(args[0])
        except ValueError as exc:
            self.out.say(f"Cannot pair: {exc}.")
            return
        if not self._need_lobby():
            return
        await self._leave_quietly()
        granted = await self.session.quick_pair(variant)
        self.view = None
        self.out.say(f"Quick pairing for {variant}: room {granted.room}, you are {SEAT_NAMES[granted.seat]}.")
        await self.expect_room_state(granted.room)

    async def cmd_watch(self, args: list[str]) -> None:
        if not args:
            self.out.say("Usage: watch CODE")
            return
        if not self._need_lobby():
            return
        code = args[0].upper()
        await self._leave_quietly(unless=code)
        state = await self.session.spectate(code)
        self.out.say(f"Watching room {state.room}.")
        self.on_room_state(state)

    async def cmd_resume(self, args: list[str]) -> None:
        s = self.session
        room, _, token = (args[0] if args else "").partition(":")
        if len(args) > 1:
            token = args[1]
        room = room.upper()
        if not token:
            held = s.seats.for_server(s.url)
            saved = s.seats.get(s.url, room) if room else (held[-1] if held else None)
            if saved is None:
                self.out.say(f"No saved seat{' in room ' + room if room else ''} for {s.url}.")
                return
            room, token = saved.room, saved.token
        if self.view is not None and self.view.room != room:
            await self._leave_quietly()
        try:
            state = await s.resume(room, token)
        except ServerError as exc:
            if exc.code in ("bad_token", "no_such_room"):
                s.seats.forget(s.url, room)
            raise
        self.out.say(f"Back in room {state.room} as {SEAT_NAMES[state.you]}.")
        self.on_room_state(state)

    async def cmd_board(self, args: list[str]) -> None:
        if self.view is None:
            self.out.say("No board: you are in the lobby.")
        else:
            self.draw()

    async def cmd_history(self, args: list[str]) -> None:
        if self.view is None:
            self.out.say("No game: you are in the lobby.")
            return
        if not self.history:
            self.out.say("No moves yet.")
            return
        n, viewer = self.view.holes, self.view.you if self.view.you is not None else 0
        parts = [f"{i + 1}. {SEAT_NAMES[seat][0]} {move_text(move, n, viewer)}"
                 for i, (seat, move) in enumerate(self.history)]
        for k in range(0, len(parts), 8):
            self.out.say("  " + "   ".join(parts[k:k + 8]))

    async def cmd_move(self, args: list[str]) -> None:
        await self.play(" ".join(args))

    async def play(self, text: str) -> None:
        v = self.view
        if v is None:
            self.out.say("You are not in a game: `create`, `join` or `quick` first.")
            return
        if v.you is None:
            self.out.say("You are watching: spectators do not move.")
            return
        my_turn = v.state["turn"] == v.you and v.status == "playing"
        legal = v.state.get("legal", []) if my_turn else []
        try:
            parsed = parse_move(text, v.holes, v.you, legal)
        except MoveInputError as exc:
            text = str(exc)
            self.out.say(text[:1].upper() + text[1:] + ".")
            return
        # the server judges; a refusal comes back as a typed error
        try:
            await self.session.move(parsed.move, v.ply)
        except ServerError as exc:
            self.out.say(self.describe_error(exc).replace("Illegal move:", f"Illegal move {parsed.text}:", 1))
            if exc.code == "illegal_move" and my_turn:
                self.out.say(f"Legal: {legal_text(legal, v.holes, v.you)}")
            # (after stale_ply the move that made it stale is queued: its board comes next)

    async def cmd_resign(self, args: list[str]) -> None:
        if self.view is None or self.view.you is None:
            self.out.say("You are not playing a game.")
        elif self.view.status == "waiting":
            self.out.say("The game has not started: `leave` the room instead.")
        else:
            await self.session.resign()

    async def cmd_rematch(self, args: list[str]) -> None:
        if self.view is None or self.view.you is None:
            self.out.say("You are not playing a game.")
        elif self.view.status != "finished":
            self.out.say("The game is still going: a rematch comes after it ends.")
        else:
            await self.session.rematch()

    async def cmd_leave(self, args: list[str]) -> None:
        if self.view is None and self.session.room is None:
            self.out.say("You are in the lobby already.")
            return
        room = self.session.room
        playing = self.view is not None and self.view.you is not None and self.view.status == "playing"
        self.view = None
        note = " If you do not come back the game is forfeited." if playing else ""
        try:
            await self.session.leave()
        except (NotConnected, TimeoutError):
            note += " (The server did not hear it: the connection is down.)"
        except ServerError as exc:
            note += f" ({self.describe_error(exc)}.)"
        self.out.say(f"Left room {room}.{note} Back in the lobby (`rooms`).")

    async def _leave_quietly(self, unless: str | None = None) -> None:
        """Leave the room we watch or finished in before going elsewhere."""
        if self.session.room is not None and self.session.room != unless:
            with contextlib.suppress(ServerError, NotConnected, TimeoutError):
                await self.session.leave()
            self.view = None

    async def cmd_quit(self, args: list[str]) -> None:
        v = self.view
        if v is not None and v.you is not None:
            if v.status == "finished":
                self.session.seats.forget(self.session.url, v.room)
            else:
                self.out.say(f"Your seat in room {v.room} is kept for a while: "
                             f"`mancala play --resume {v.room}` to come back.")
        self.out.say("Bye.")
        self.done = True


def computer_level(word: str) -> int | str | None:
    """The computer's level from a word: easy/medium/hard/expert or 0..3, or perfect
    (None: none of them)."""
    w = word.lower()
    if w == PERFECT:
        return PERFECT
    if w in LEVEL_NAMES:
        return LEVEL_NAMES.index(w)
    if w.isdigit() and int(w) < len(LEVEL_NAMES):
        return int(w)
    return None


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def room_line(r: Any) -> str:
    seats = "  ".join(f"{SEAT_NAMES[i]}: {s.name or '(free)'}" + ("" if s.connected or not s.name else " (away)")
                      for i, s in enumerate(r.seats))
    watch = f"  {r.spectators} watching" if r.spectators else ""
    return f"{r.room}  {r.title} ({r.variant})  {r.status}  {seats}{watch}"


# ---- entry point ----------------------------------------------------------------------------


def default_name() -> str:
    name = os.environ.get("USER") or os.environ.get("USERNAME") or "guest"
    return name[:40] or "guest"


async def run_client(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    out = Output(stdout or sys.stdout, clear=args.clear, prompt=sys.stdin.isatty() and sys.stdout.isatty())
    seats = SeatFile(None if args.no_save else Path(args.state_file) if args.state_file else default_path())
    session = Session(args.server, name=(args.name or default_name())[:40], fmt=args.format, seats=seats)
    out.say(f"Connecting to {args.server} ...")
    try:
        await session.start()
    except Exception as exc:  # refused, bad URL, handshake, hello refused
        out.say(f"Cannot connect to {args.server}: {exc or type(exc).__name__}")
        return 1
    app = TerminalApp(session, out)
    start_stdin_thread(asyncio.get_running_loop(), app.inbox)
    try:
        try:
            await app.start(args.resume)
        except ServerError as exc:
            out.say(app.describe_error(exc))
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
