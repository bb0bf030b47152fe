"""The terminal's lines in and out: typed lines from stdin, printed lines with a prompt.

Lines typed on stdin arrive as `Typed` items in the same queue as the server's
pushed messages, so the client handles both in turn. `Output` prints; when a pushed
message arrives while the prompt is shown, it wipes the prompt and draws it again.
"""

from __future__ import annotations

import asyncio
import codecs
import os
import threading
from dataclasses import dataclass
from typing import Any, TextIO

from mancala.protocol.text import visible


@dataclass(frozen=True)
class Typed:
    """A line the player typed (None: end of input)."""

    text: str | None
    type: str = "typed"


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

    def __init__(self, stream: TextIO, *, clear: bool = False, prompt: bool | None = None,
                 bell: bool = False) -> None:
        self.stream = stream
        self.bell_on = bell
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

    def bell(self) -> None:
        """The terminal's bell (BEL), when asked for with --bell: the seed program's sounds,
        which a terminal has one of."""
        if self.bell_on:
            self.stream.write("\a")
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
