"""The Diffusion classes' move (game_class Diffusion and DiffusionV2).

The reference names a sowing of their own and the CLEAR goal but does not spell the
sowing out; the engine reads it as its name says (docs/rules-decisions.md, "Game
classes"): the seeds of the hole moved from spread to its neighbours on the 2 x n
board. They are handed out one at a time, round and round, to three places in turn:
the next hole along the row counter-clockwise, the hole across, the next hole along
the row clockwise. At the ends of a row the place along the row is off the board: a
seed handed there leaves play and goes to the mover's store. Diffusion's players hold
the west and east halves (classes.py), DiffusionV2's the rows; the first to clear the
holes they hold wins.
"""

from __future__ import annotations

from mancala.engine.board import Geometry
from mancala.engine.position import Position

OFF = -1  # a place off the board: the seed leaves play


def neighbours(geom: Geometry) -> list[tuple[int, int, int]]:
    """Per hole: (next counter-clockwise along its row, across, next clockwise along
    its row), OFF past the end of the row."""
    n = geom.holes
    out = []
    for h in range(geom.size):
        row_end = n - 1 if h < n else 2 * n - 1
        row_start = 0 if h < n else n
        out.append((h + 1 if h < row_end else OFF, geom.opposite(h),
                    h - 1 if h > row_start else OFF))
    return out


def make_diffusion_sow(geom: Geometry):  # noqa: ANN201 - returns the sow below
    places = neighbours(geom)

    def diffuse(pos: Position, hole: int, mover: int) -> None:
        b = pos.board
        seeds = b[hole]
        b[hole] = 0
        laps, rest = divmod(seeds, 3)
        for i, place in enumerate(places[hole]):
            got = laps + (1 if i < rest else 0)
            if place == OFF:
                pos.stores[mover] += got
            else:
                b[place] += got

    return diffuse
