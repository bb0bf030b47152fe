"""Drive a `mancala` process through a pseudo-terminal, as a person at a terminal would.

All reads are non-blocking with deadlines, so a hung client fails a test instead of
hanging it; the event loop keeps running while we wait (the server may live in it).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import re
import select
import signal
import subprocess
import sys
import termios
import time
from typing import Any

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _controlling_tty() -> None:
    """In the child (a new session): make the pseudo-terminal its controlling terminal,
    so ^C and ^D act as at a real terminal.

    ^C also needs SIGINT's default action. A process started in the background by a
    non-interactive shell (`./dev test &`, a CI runner, nohup) ignores SIGINT, and an
    ignored signal stays ignored across fork and exec: the client then never heard ^C,
    which is why the interrupt test failed in full runs started that way and passed when
    run alone at a prompt. A person's login shell starts programs with the default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    with contextlib.suppress(OSError):
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    def __init__(self, args: list[str], env: dict[str, str] | None = None) -> None:
        master, slave = os.openpty()
        full_env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": "utf-8",
                    "TERM": "dumb", "COLUMNS": "120", **(env or {})}
        full_env.pop("MANCALA_SERVER", None)
        full_env.pop("MANCALA_CLIENT_STATE", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "mancala_cli", *args], stdin=slave,
                                     stdout=slave, stderr=slave, env=full_env, close_fds=True,
                                     start_new_session=True, preexec_fn=_controlling_tty)
        os.close(slave)
        os.set_blocking(master, False)
        self.fd = master
        self.raw = b""
        self.text = ""  # everything printed so far, without ANSI codes and carriage returns
        self.pos = 0  # expect() searches from here
        self.eof = False

    # ---- reading --------------------------------------------------------------------

    def pump(self) -> None:
        """Take whatever output is waiting (never blocks)."""
        while not self.eof:
            ready, _, _ = select.select([self.fd], [], [], 0)
            if not ready:
                return
            try:
                chunk = os.read(self.fd, 65536)
            except OSError as exc:  # EIO: the child closed its side
                if exc.errno in (errno.EIO, errno.EBADF):
                    self.eof = True
                    return
                raise
            if not chunk:
                self.eof = True
                return
            self.raw += chunk
            self.text = ANSI.sub("", self.raw.decode("utf-8", "replace")).replace("\r", "")

    async def expect(self, pattern: str, timeout: float = 10.0, flags: int = 0) -> re.Match[str]:
        """Wait for `pattern` (a regex) in the output after the last match; consume up to it."""
        regex = re.compile(pattern, flags)
        deadline = time.monotonic() + timeout
        while True:
            self.pump()
            match = regex.search(self.text, self.pos)
            if match:
                self.pos = match.end()
                return match
            if self.eof or time.monotonic() > deadline:
                why = "the process ended" if self.eof else f"{timeout} s passed"
                raise AssertionError(f"{why} without {pattern!r} in the output; after the last "
                                     f"match it printed:\n{self.text[self.pos:][-3000:]}")
            await asyncio.sleep(0.02)

    async def expect_text(self, text: str, timeout: float = 10.0) -> re.Match[str]:
        return await self.expect(re.escape(text), timeout)

    async def settle(self, quiet: float = 0.3) -> str:
        """Read until nothing new arrives for `quiet` seconds; return what came (not consumed)."""
        last = len(self.raw)
        while True:
            await asyncio.sleep(quiet)
            self.pump()
            if len(self.raw) == last or self.eof:
                return self.text[self.pos:]
            last = len(self.raw)

    def unread(self) -> str:
        self.pump()
        return self.text[self.pos:]

    # ---- writing and ending ---------------------------------------------------------

    def send(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    async def wait_exit(self, timeout: float = 10.0) -> int:
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None:
            self.pump()
            if time.monotonic() > deadline:
                raise AssertionError(f"the client did not exit; it printed:\n{self.text[-2000:]}")
            await asyncio.sleep(0.05)
        self.pump()
        return self.proc.returncode

    def close(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)
        os.close(self.fd)

    def __repr__(self) -> str:  # pragma: no cover
        return f"<Terminal pid={self.proc.pid}>"

    @staticmethod
    def board_rows(counts_top: list[int], stores: tuple[int, int], counts_bottom: list[int],
                   names: tuple[str, str] = ("North|South", "North|South")) -> str:
        """A regex for the three board lines: top row, stores, bottom row (any hole marks);
        each store is named beside it (`names`: left store's owner, right store's)."""
        def row(counts: list[Any]) -> str:
            return r" ".join(rf"[\[{{]\s*{c}\s*[\]}}]" for c in counts)
        return (rf"\n\s*{row(counts_top)}\s*\n\s*\[\s*{stores[0]}\] (?:{names[0]})\s+"
                rf"(?:{names[1]}) \[\s*{stores[1]}\]\s*\n"
                rf"\s*{row(counts_bottom)}\s*\n")
