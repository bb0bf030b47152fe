"""Help laid out for the terminal it is printed on: each command's usage in a column, its
description beside it, both wrapped to the terminal's width (80 columns when the width
cannot be read, as for a pipe). Help written for one width was some 100 columns wide,
and an 80-column terminal folded it mid-word."""

from __future__ import annotations

import shutil
import textwrap

USAGE_WIDTH = 24  # the usage column: a longer usage gets a line of its own
WIDEST = 100  # past this lines are hard to read, however wide the terminal
NARROW = 56  # below this the description goes under its usage, not beside it

Section = tuple[str, list[tuple[str, str]]]  # a heading, then (usage, description) pairs


def help_width() -> int:
    """The terminal's width (COLUMNS, else the terminal's own), 80 when unknown."""
    columns = shutil.get_terminal_size(fallback=(80, 24)).columns
    return min(columns if columns > 0 else 80, WIDEST)


def format_help(sections: list[Section], width: int) -> str:
    """
    >>> print(format_help([("Commands:", [("board", "draw the board again"),
    ...     ("create VARIANT [private] [vs computer]", "make a room and take a seat")])], 40))
    Commands:
      board
          draw the board again
      create VARIANT [private] [vs
        computer]
          make a room and take a seat
    """
    lines: list[str] = []
    beside = width >= NARROW
    gutter = 2 + USAGE_WIDTH + 2 if beside else 6
    for heading, entries in sections:
        lines.append(heading)
        for usage, text in entries:
            wrapped = textwrap.wrap(text, max(20, width - gutter)) or [""]
            if beside and len(usage) <= USAGE_WIDTH:
                lines.append(f"  {usage:<{USAGE_WIDTH}}  {wrapped[0]}".rstrip())
                wrapped = wrapped[1:]
            else:
                lines += textwrap.wrap(usage, max(20, width - 2), initial_indent="  ", subsequent_indent="    ",
                                       break_on_hyphens=False)
            lines += [" " * gutter + line for line in wrapped]
    return "\n".join(lines)
