"""What one move did, recorded by the engine as it plays it (opt-in).

`Game.play_traced` asks the engine for a record of the move besides the new
position: the holes sown in order (every lap), the seeds taken (captures, and
whatever else moves seeds in bulk), children made, the seeds the end of the
game or round moved, an extra turn, the passes it forced and a round's end.
The clients animate and describe moves from it; search and playouts never ask
for it and pay nothing (`Game.apply` records nothing).

Both engines write the same flat stream of ints while they play (the pure-Python
pipeline into a list, the C core into a buffer), and `decode` turns it into a
`MoveTrace`; tests/engine/test_fastcore.py compares the two streams after every
move. A stream is a sequence of:

    LAP start          a lap begins: its seeds are taken from hole `start` (a store
                       for a move sowing from the store)
    place              one seed dropped: a hole index, or a store (STORE_CODES)
    TAKE src n dst     n seeds moved at once from `src` to `dst` (holes or stores)
    CHILD hole         the hole became a child (of the player whose move it is)
    SETTLE place d     the end of the game or round changed `place` by d seeds
    EXTRA              the mover moves again
    PASS               the player to move next had no move and passed
    ROUND              the move ended a round
    INEXACT            a rule moved seeds in a way the record does not spell out

Places: a hole index (0 .. 2n-1) or a store, -1 South's and -2 North's (as in
`store_place`): a path that passes South's store reads like `[3, 4, 5, -1, 6]`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LAP, TAKE, CHILD, SETTLE, EXTRA, PASS, ROUND, INEXACT = (-100, -101, -102, -103, -104, -105, -106,
                                                         -107)
STORE_CODES = (-1, -2)


def store_place(seat: int) -> int:
    """The place code of a seat's store in a recorded path."""
    return -1 - seat


def store_seat(place: int) -> int | None:
    """The seat whose store a place code names, or None for a hole."""
    return -1 - place if place in STORE_CODES else None


@dataclass(frozen=True, slots=True)
class Lap:
    start: int  # the hole its seeds were taken from, or a store code (a store move)
    sown: tuple[int, ...]  # where each seed went, in order: holes, or store codes


@dataclass(frozen=True, slots=True)
class Take:
    src: int  # a hole, or a store code (a store giving seeds back)
    seeds: int
    dst: int  # a store code, or a hole (a child, a placed capture)
    at: int  # seeds sown in the move before it: captures while sowing come mid-way


@dataclass(frozen=True, slots=True)
class MoveTrace:
    """A move as the engine played it (see the module's text)."""

    player: int
    laps: tuple[Lap, ...] = ()
    takes: tuple[Take, ...] = ()
    children: tuple[int, ...] = ()
    settled: tuple[tuple[int, int], ...] = ()  # (place, change) at the end of a game or round
    extra_turn: bool = False
    passes: int = 0
    round_end: bool = False
    exact: bool = True  # every seed's way is in the record
    stream: tuple[int, ...] = field(default=(), compare=False)  # the events as the engine wrote them (wire_events reads it)

    @property
    def sown(self) -> int:
        return sum(len(lap.sown) for lap in self.laps)

    def captured(self) -> int:
        """Seeds the mover took into their store from the board."""
        mine = store_place(self.player)
        return sum(t.seeds for t in self.takes if t.dst == mine and t.src >= 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "laps": [{"start": lap.start, "sown": list(lap.sown)} for lap in self.laps],
            "takes": [{"from": t.src, "seeds": t.seeds, "to": t.dst, "at": t.at} for t in self.takes],
            "children": list(self.children),
            "settled": [list(s) for s in self.settled],
            "extra_turn": self.extra_turn,
            "passes": self.passes,
            "round_end": self.round_end,
            "exact": self.exact,
        }

    def events(self) -> list[dict[str, Any]]:
        """The record as `move_made.events` carries it (see wire_events)."""
        return wire_events(self.player, self.stream)


def decode(player: int, events: Any) -> MoveTrace:
    """The record of a move from the stream an engine wrote while playing it."""
    laps: list[Lap] = []
    takes: list[Take] = []
    children: list[int] = []
    settled: list[tuple[int, int]] = []
    extra = rnd = False
    exact = True
    passes = 0
    start: int | None = None
    path: list[int] = []
    sown = 0
    ev = list(events)
    i, end = 0, len(ev)
    while i < end:
        code = ev[i]
        if code >= STORE_CODES[1]:  # a seed dropped (the common case first)
            path.append(code)
            sown += 1
            i += 1
            continue
        if code == LAP:
            if start is not None:
                laps.append(Lap(start, tuple(path)))
            start, path = ev[i + 1], []
            i += 2
        elif code == TAKE:
            takes.append(Take(ev[i + 1], ev[i + 2], ev[i + 3], sown))
            i += 4
        elif code == CHILD:
            children.append(ev[i + 1])
            i += 2
        elif code == SETTLE:
            settled.append((ev[i + 1], ev[i + 2]))
            i += 3
        else:
            extra = extra or code == EXTRA
            passes += code == PASS
            rnd = rnd or code == ROUND
            exact = exact and code != INEXACT
            if code not in (EXTRA, PASS, ROUND, INEXACT):
                raise ValueError(f"unknown event {code} at {i} in a move's record")
            i += 1
    if start is not None:
        laps.append(Lap(start, tuple(path)))
    return MoveTrace(player, tuple(laps), tuple(takes), tuple(children), tuple(settled), extra,
                     passes, rnd, exact, tuple(ev))


def wire_events(player: int, events: Any) -> list[dict[str, Any]]:
    """A move's record as `move_made.events` carries it (docs/protocol.md, "What a move
    did"): one JSON object per thing that happened, in the order it happened, except that
    a lap's `sow` comes as the lap starts and captures made while it sows follow it (their
    `at` says after how many of the move's seeds)."""
    out: list[dict[str, Any]] = []
    path: list[int] = []
    sown = 0
    ev = events if isinstance(events, list | tuple) else list(events)
    i, end = 0, len(ev)
    while i < end:
        code = ev[i]
        if code >= STORE_CODES[1]:
            path.append(code)
            sown += 1
            i += 1
            continue
        if code == LAP:
            path = []
            out.append({"kind": "sow", "hole": ev[i + 1], "path": path})
            i += 2
        elif code == TAKE:
            out.append({"kind": "capture", "src": ev[i + 1], "seeds": ev[i + 2], "dst": ev[i + 3],
                        "at": sown})
            i += 4
        elif code == CHILD:
            out.append({"kind": "child", "hole": ev[i + 1], "seat": player})
            i += 2
        elif code == SETTLE:
            out.append({"kind": "settle", "place": ev[i + 1], "seeds": ev[i + 2]})
            i += 3
        elif code == EXTRA:
            out.append({"kind": "extra_turn"})
            i += 1
        elif code == PASS:
            out.append({"kind": "pass", "seat": 1 - player})
            i += 1
        elif code == ROUND:
            out.append({"kind": "round_end"})
            i += 1
        elif code == INEXACT:
            out.append({"kind": "inexact"})
            i += 1
        else:
            raise ValueError(f"unknown event {code} at {i} in a move's record")
    return out


@dataclass(slots=True)
class Recorder:
    """The pure-Python engine's side of a stream: what the pipeline's steps call while a
    traced move is played (a step records only when `md.trace` is a Recorder)."""

    ev: list[int] = field(default_factory=list)

    def lap(self, start: int) -> None:
        self.ev += (LAP, start)

    def take(self, src: int, seeds: int, dst: int) -> None:
        if seeds:
            self.ev += (TAKE, src, seeds, dst)

    def child(self, hole: int) -> None:
        self.ev += (CHILD, hole)

    def flag(self, code: int) -> None:
        self.ev.append(code)

    def mark(self) -> int:
        return len(self.ev)

    def rollback(self, mark: int) -> None:
        """Forget what was recorded since `mark` (a step that undid it)."""
        del self.ev[mark:]

    def settle(self, before: tuple[list[int], list[int]], board: list[int], stores: list[int]) -> None:
        """What the end of the game or round changed, from the board and stores before it."""
        old_board, old_stores = before
        for place, (old, new) in enumerate(zip(old_board, board, strict=True)):
            if old != new:
                self.ev += (SETTLE, place, new - old)
        for seat in (0, 1):
            if old_stores[seat] != stores[seat]:
                self.ev += (SETTLE, store_place(seat), stores[seat] - old_stores[seat])


def apply_trace(trace: MoveTrace, board: list[int], stores: list[int]) -> tuple[list[int], list[int]]:
    """The board and stores a record leads to from the ones before the move (an exact
    record reproduces the engine's; the clients animate this way)."""
    board, stores = list(board), list(stores)

    def add(place: int, seeds: int) -> None:
        seat = store_seat(place)
        if seat is None:
            board[place] += seeds
        else:
            stores[seat] += seeds

    for lap in trace.laps:
        add(lap.start, -len(lap.sown))  # a hole, or the store a store move sows from
        for place in lap.sown:
            add(place, 1)
    for t in trace.takes:
        add(t.src, -t.seeds)
        add(t.dst, t.seeds)
    for place, change in trace.settled:
        add(place, change)
    return board, stores
