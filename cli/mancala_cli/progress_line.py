"""One progress line on stderr for the long builds (`mancala book build`, `mancala egtb
build`): `NAME [#####.....] 41%  DETAIL  35s, 50s left`, redrawn in place on a terminal,
and a line every 5 % elsewhere (a log keeps twenty lines, not thousands)."""

from __future__ import annotations

import time
from typing import TextIO


class ProgressLine:
    def __init__(self, name: str, out: TextIO, width: int = 30) -> None:
        self.name, self.out, self.width = name, out, width
        self.tty = out.isatty()
        self.t0 = time.perf_counter()
        self.shown = -1

    def show(self, frac: float, detail: str) -> None:
        """Draw the line at `frac` done (0..1), with `detail` after the percentage."""
        step = int(frac * 20)
        if not self.tty and step == self.shown:
            return
        self.shown = step
        secs = time.perf_counter() - self.t0
        left = secs / frac * (1 - frac) if frac > 0 else 0.0
        fill = int(self.width * frac)
        text = (f"{self.name} [{'#' * fill}{'.' * (self.width - fill)}] {frac:4.0%}  {detail}  "
                f"{secs:.0f}s, {left:.0f}s left")
        self.out.write(("\r" + text) if self.tty else text + "\n")
        self.out.flush()

    def finish(self) -> None:
        """End a line drawn in place."""
        if self.tty:
            self.out.write("\n")
            self.out.flush()
