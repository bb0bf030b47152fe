"""Captures before sowing (`presowcapt`), made from the seeds just drawn.

A pre-sow capture is `presow(position, hole, seeds, mover, first, taken) -> seeds`:
`hole` is the hole just emptied, `seeds` the seeds drawn from it, `first` is True for
the move's first draw (False for the draw of a later lap). It moves what it captures
off the board into `taken` (hole, seeds) and returns the seeds left to sow. The sower
(sowrules.py) calls it only when the move may capture (nocaptmoves, nosinglecapt,
ARNGE_LIMIT); `taken` becomes part of the move's capture (SowResult.taken).

- CAPT_ONE: one seed of every draw (each lap's too) is captured;
- ALL_SINGLE_XCAPT: before the first draw's sowing, the seeds facing each of the
  mover's holes that holds one seed (the start hole counted with the seeds drawn);
- DRAW_1_XCAPT: when the first draw is one seed, the seeds facing the start hole.

A facing hole is taken when it holds seeds, `capt_side` allows capturing from it, it is
unlocked (moveunlock) and not a child; the basic capture criteria do not apply.
Decisions: docs/rules-decisions.md, "Captures before sowing".
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.board import Geometry
from mancala.engine.capture import make_side_ok
from mancala.engine.position import Position
from mancala.rules.enums import PreSowCapt
from mancala.rules.variant import Variant

Taken = list[tuple[int, int]]
PreSow = Callable[[Position, int, int, int, bool, Taken], int]


def make_presow(variant: Variant, geom: Geometry) -> tuple[PreSow | None, bool]:
    """(the variant's pre-sow capture or None, whether it applies to every lap's draw)."""
    gi = variant.game_info
    kind = gi.presowcapt
    if kind == PreSowCapt.NONE:
        return None, False
    size = geom.size
    n = geom.holes
    side_ok = make_side_ok(variant, geom)
    locks = gi.moveunlock

    def take_facing(pos: Position, hole: int, mover: int, taken: Taken) -> None:
        o = size - 1 - hole
        board = pos.board
        c = board[o]
        if not c or not side_ok(pos, o, mover, True):
            return
        if locks and not pos.unlocked[o]:
            return
        if pos.children is not None and pos.children[o] is not None:
            return
        taken.append((o, c))
        board[o] = 0

    if kind == PreSowCapt.CAPT_ONE:

        def capt_one(pos: Position, hole: int, seeds: int, mover: int, first: bool, taken: Taken) -> int:
            if seeds:
                taken.append((hole, 1))
                return seeds - 1
            return seeds

        return capt_one, True

    if kind == PreSowCapt.DRAW_1_XCAPT:

        def draw_1(pos: Position, hole: int, seeds: int, mover: int, first: bool, taken: Taken) -> int:
            if first and seeds == 1:
                take_facing(pos, hole, mover, taken)
            return seeds

        return draw_1, False

    if kind == PreSowCapt.ALL_SINGLE_XCAPT:

        def own_holes(pos: Position, mover: int) -> range | list[int]:
            if pos.owners is None:
                return range(0, n) if mover == 0 else range(n, size)
            return [h for h in range(size) if pos.owners[h] == mover]

        def all_singles(pos: Position, hole: int, seeds: int, mover: int, first: bool, taken: Taken) -> int:
            if first:
                board = pos.board
                singles = [h for h in own_holes(pos, mover) if (seeds if h == hole else board[h]) == 1]
                for h in singles:
                    take_facing(pos, h, mover, taken)
            return seeds

        return all_singles, False

    raise NotImplementedError(kind)
