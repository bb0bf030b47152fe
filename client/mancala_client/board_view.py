"""The board as text: the opponent's row on top, the viewer's own row at the bottom.

North's view after South (sam) played c from the start of Kalah 4:

    Kalah 4 | room K7QP2M | private | ply 1
      South: sam | store 1
            f*   e*   d*   c    b*   a*
          [ 5] [ 5] [ 5] { 0} [ 4] [ 4]
      [ 1] South                   North [ 0]
          [ 4] [ 4] [ 4] [ 4] [ 4] [ 4]
            A    B    C    D    E    F
      North: nora (you) | store 0
      ({ } last move, * playable)
    Last move: South sowed c: 4 seeds (1 into the store), sows again.
    Waiting for South (sam) to move.

A North player sees the board turned half a turn: their row at the bottom read
from their own left, their store on the right. Spectators see South's view.
The labels are the text record's, whoever looks (docs/notation.md): South's holes
a, b, c... and North's A, B, C..., each row lettered from its owner's left, so
"South played c" names the same hole on every screen and in the record.

Marks: `{ 4}` the hole the last move started from; `*` after a label: a hole the
player to move may play; `##` a blocked hole; `s`/`n` after a count: a child
(a hole whose seeds belong to South / North).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from mancala_client.move_words import describe
from mancala_client.moves import (
    SEAT_NAMES,
    label,
    legal_text,
    move_hole,
    move_text,
    screen_rows,
)

# the computer's difficulties, as create_room's `computer` numbers them
LEVEL_NAMES = ("easy", "medium", "hard", "expert")
PERFECT = "perfect"  # create_room's `computer` for the exact solver's level (seat "Computer (perfect)")


def computer_name(name: str | None) -> str:
    """A computer seat's name with its level in words: "Computer (level 2, hard)"."""
    match = re.fullmatch(r"Computer \(level (\d+)\)", name or "")
    if match is None:
        return name or "Computer"
    level = int(match[1])
    word = f", {LEVEL_NAMES[level]}" if level < len(LEVEL_NAMES) else ""
    return f"Computer (level {level}{word})"


@dataclass
class SeatView:
    name: str | None = None
    connected: bool = False
    computer: bool = False
    bot: bool = False  # a bot's name always says so (docs/bots.md)


@dataclass
class BoardView:
    """What the renderer needs: a room's latest state as the terminal keeps it."""

    holes: int
    state: dict[str, Any]  # the replay contract's state line
    you: int | None = None  # the viewer's seat; None for a spectator
    seats: list[SeatView] = field(default_factory=lambda: [SeatView(), SeatView()])
    title: str = ""
    room: str = ""
    public: bool = True
    status: str = "playing"  # waiting | playing | finished
    ply: int = 0
    last_move: tuple[int, Any] | None = None  # (seat, wire move)
    last_events: list[dict[str, Any]] | None = None  # what the last move did (move_made.events)
    result: str | None = None
    spectators: int = 0
    reason: str | None = None  # how the game ended (game_over's, or room_state's after a reload)


def _seat_line(view: BoardView, seat: int) -> str:
    info = view.seats[seat] if seat < len(view.seats) else SeatView()
    who = computer_name(info.name) if info.computer else info.name if info.name else "(free seat)"
    if info.bot and info.name:
        who += " (bot)"
    notes = []
    if view.you == seat:
        notes.append("you")
    if info.computer:
        if "computer" not in who.lower():
            notes.append("computer")
    elif info.name and not info.connected:
        notes.append("disconnected")
    note = f" ({', '.join(notes)})" if notes else ""
    store = view.state["stores"][seat]
    return f"{SEAT_NAMES[seat]}: {who}{note} | store {store}"


def render_board(view: BoardView) -> str:
    """The board picture with its header, the last move and whose turn it is."""
    st = view.state
    n = view.holes
    viewer = view.you if view.you is not None else 0
    board: list[int] = st["board"]
    blocked: list[bool] = st.get("blocked") or [False] * (2 * n)
    children: list[int | str | None] = st.get("children") or [None] * (2 * n)
    playing = st.get("outcome") is None and view.status == "playing"
    legal_holes = {move_hole(m) for m in st.get("legal", [])} if playing else set()
    last_hole = move_hole(view.last_move[1]) if view.last_move else None
    any_child = any(c is not None for c in children)

    width = max(2, *(len(str(x)) for x in board))
    inner = width + (1 if any_child else 0)
    cell_w = inner + 2

    def cell(hole: int) -> str:
        if blocked[hole]:
            body = "#" * inner
        else:
            body = str(board[hole]).rjust(width)
            if any_child:
                owner = children[hole]
                # a child's owner by initial; a ram (nobody's child) as r
                body += " " if owner is None else "r" if isinstance(owner, str) else SEAT_NAMES[owner][0].lower()
        if hole == last_hole:
            return "{" + body + "}"
        return "[" + body + "]"

    def label_cell(hole: int) -> str:
        text = label(hole, n) + ("*" if hole in legal_holes else "")
        # the label sits under the count's last digit; the mark hangs to its right
        return (" " * max(1, width + 1 - len(label(hole, n))) + text).ljust(cell_w)

    top, bottom = screen_rows(n, viewer)
    top_seat, bottom_seat = 1 - viewer, viewer
    stores = st["stores"]
    store_w = max(2, len(str(stores[0])), len(str(stores[1])))
    margin = " " * (store_w + 4)
    row_len = len(top) * (cell_w + 1) - 1

    title = " | ".join(x for x in (view.title, f"room {view.room}" if view.room else "",
                                   "" if view.public else "private", f"ply {view.ply}") if x)
    if view.spectators:
        title += f" | {view.spectators} watching"
    lines = [title, "  " + _seat_line(view, top_seat)]
    lines.append((margin + " ".join(label_cell(h) for h in top)).rstrip())
    lines.append(margin + " ".join(cell(h) for h in top))
    # each store named beside it (two bare counts left people guessing whose was whose);
    # initials where the row is too short for the names
    left, right = SEAT_NAMES[top_seat], SEAT_NAMES[bottom_seat]
    if len(left) + len(right) + 3 > row_len + 2:
        left, right = left[0], right[0]
    gap = " " * max(1, row_len - len(left) - len(right))
    lines.append(f"  [{str(stores[top_seat]).rjust(store_w)}] {left}{gap}{right} "
                 f"[{str(stores[bottom_seat]).rjust(store_w)}]")
    lines.append(margin + " ".join(cell(h) for h in bottom))
    lines.append((margin + " ".join(label_cell(h) for h in bottom)).rstrip())
    lines.append("  " + _seat_line(view, bottom_seat))

    legend = []
    if last_hole is not None:
        legend.append("{ } last move")
    if legal_holes:
        legend.append("* playable")
    if any(blocked):
        legend.append("## blocked")
    if any_child:
        legend.append("s/n child of South/North")
    if legend:
        lines.append("  (" + ", ".join(legend) + ")")

    if view.last_move is not None:
        seat, move = view.last_move
        who = "You" if seat == view.you else SEAT_NAMES[seat]
        if isinstance(move, dict) and "arrange" in move:
            counts = " ".join(map(str, move["arrange"]))
            whose = "your" if seat == view.you else "their"
            lines.append(f"Last move: {who} arranged the seeds, from {whose} left: {counts} (both rows).")
        elif view.last_events:
            lines.append(f"Last move: {describe(view.last_events, n, seat, view.you, move)}.")
        else:  # a server that does not say what the move did
            lines.append(f"Last move: {who} played {move_text(move, n)}.")
    lines.append(status_line(view))
    return "\n".join(lines)


def status_line(view: BoardView) -> str:
    """Whose turn it is, or how the game ended, in the viewer's words."""
    st = view.state
    n = view.holes
    viewer = view.you if view.you is not None else 0
    outcome = st.get("outcome")
    if view.status == "finished" or outcome is not None:
        line = ending_line(view.result or _outcome_text(outcome, st), view.reason)
        early = early_end(st) if view.reason in (None, "rules") else None
        return f"{line} {early}" if early else line
    if view.status == "waiting":
        free = [SEAT_NAMES[i] for i, s in enumerate(view.seats) if not s.name and not s.computer]
        seat_words = f" ({' and '.join(free)} free)" if free else ""
        return f"Waiting for an opponent{seat_words}. Room code: {view.room}"
    turn = st["turn"]
    legal = legal_text(st.get("legal", []), n, viewer)
    if view.you is None:
        return f"{SEAT_NAMES[turn]} to move."
    if turn == view.you:
        return f"Your move ({SEAT_NAMES[turn]}). Legal: {legal}"
    seat = view.seats[turn] if turn < len(view.seats) else SeatView()
    if seat.computer:
        return f"The computer ({SEAT_NAMES[turn]}) is thinking..."
    return f"Waiting for {SEAT_NAMES[turn]}" + (f" ({seat.name})" if seat.name else "") + " to move."


def ending_line(result: str, reason: str | None) -> str:
    """How the game ended, one line: an aborted game had no result to announce."""
    if reason == "aborted":
        return f"Game aborted: {result.removeprefix('aborted: ')}."
    return f"Game over: {result}."


def early_end(st: dict[str, Any]) -> str | None:
    """Why a game the rules ended has seeds left on the board (docs/rules-decisions.md: a
    count of more than half the seeds ends the game there, the board left as it stands);
    None when the board is empty or no count reached half. Said in words: a player who
    saw seeds still on the board took the end for a fault."""
    outcome = st.get("outcome")
    left = sum(st["board"])
    if not outcome or not left or str(outcome.get("kind", "")).startswith("ROUND_"):
        return None
    total = left + sum(st["stores"])
    winner = outcome.get("winner")
    if winner is not None and 2 * st["stores"][winner] > total:
        return (f"{SEAT_NAMES[winner]} holds more than half of the {total} seeds, so the game ends "
                f"early: the {left} left on the board could not change the result and count for nobody.")
    return None


def _outcome_text(outcome: dict[str, Any] | None, st: dict[str, Any]) -> str:
    if not outcome:
        return "finished"
    s0, s1 = st["stores"]
    winner = outcome.get("winner")
    if winner is None:
        return f"draw, {s0}-{s1}"
    # the winner's count first, as results are read ("North wins, 37-11")
    return f"{SEAT_NAMES[winner]} wins, {st['stores'][winner]}-{st['stores'][1 - winner]}"
