"""The terminal's words for a choice between rounds (round_fill UCHOOSE, UMOVE, UCHOWN):
what a `round_choice` push asks, and `choose ...` read back into the choice the server
takes ({"fill"|"own": [holes]} or {"layout": [seeds a hole]})."""

from __future__ import annotations

from typing import Any

from mancala_client.moves import SEAT_NAMES, hole_at, label, side_of

WHAT = {"fill": "which holes of their row are filled", "own": "which holes of the shared row are theirs",
        "layout": "how their row is laid out"}


def _labels(holes: list[int], n: int) -> str:
    return " ".join(label(h, n) for h in holes)


def choice_hint(asked: Any) -> str:
    """How to answer, in a `choose` example."""
    if asked.form == "layout":
        return (f"type `choose` and {len(asked.holes)} numbers, the seeds of each hole from your left: "
                f"each at least 1, {asked.seeds} in all at most, one of at least {asked.min_move or 1}")
    return f"type `choose` and {asked.count} of the holes {_labels(asked.holes, _n(asked))}"


def _n(asked: Any) -> int:
    """The holes a row: the chooser's row, or the shared row, is one whole row."""
    return len(asked.holes)


def choice_lines(asked: Any, you: int | None) -> list[str]:
    """What the terminal says when a round_choice arrives (or is in a room_state)."""
    n = _n(asked)
    seconds = "" if asked.deadline_ms is None else f" within {max(1, round(asked.deadline_ms / 1000))} s"
    rules = (" ".join(map(str, asked.default)) if asked.form == "layout" else _labels(asked.default, n)) or "-"
    if asked.seat != you:
        return [f"The round is over: {SEAT_NAMES[asked.seat]} is choosing {WHAT[asked.form]} for the next "
                f"round{seconds}."]
    return [f"The round is over: you choose {WHAT[asked.form].replace('their', 'your')} for the next "
            f"round{seconds}.",
            f"To choose, {choice_hint(asked)}; the rules' own choice (played if you do not choose): {rules}."]


def choice_from_words(asked: Any, words: list[str], n: int) -> dict[str, list[int]]:
    """`choose` words as the choice (ValueError with words for the player)."""
    if not words:
        raise ValueError("Choose what?")
    if asked.form == "layout":
        try:
            return {"layout": [int(w) for w in words]}
        except ValueError:
            raise ValueError("A layout is numbers: the seeds of each hole from your left") from None
    row = asked.holes
    n = n or len(row)
    names = {label(h, n): h for h in row}
    picked = []
    for w in words:
        if w in names:
            picked.append(names[w])
        elif w.isdigit() and 1 <= int(w) <= len(row):  # the k-th hole of the row from its owner's left
            picked.append(hole_at(side_of(row[0], n), int(w) - 1, n))
        else:
            raise ValueError(f"No hole {w} to choose: the holes are {_labels(row, n)}")
    return {asked.form: picked}
