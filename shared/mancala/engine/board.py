"""Board geometry of one variant: holes, sides, opposites and how moves name holes.

Holes are numbered counter-clockwise (South's row 0..n-1 from South's left,
North's row n..2n-1 from North's left). A *side* is the set of holes a player
owns before any territory changes: the rows, or for the east/west classes
(EastWestCycle, Ohojichi, Diffusion) the halves of the board, where South owns
the middle half ``half .. 3*half-1`` and North the two outer quarters.

Each side also has an *order*, which the allow rules read as "position on the
row": South's row from its left, North's row from South's left (index 0 is
North's rightmost hole as North sees it). Rules that scan "from the right" or
pick "the rightmost" use that order, as the reference does.

    >>> b = Board(6)
    >>> b.cross(0), b.cross(11), b.side_of[6], b.order[1][:2]
    (11, 0, 1, (11, 10))
"""

from __future__ import annotations

from dataclasses import dataclass, field

CCW = 1  # towards higher index
CW = -1


@dataclass(frozen=True, slots=True)
class Board:
    holes: int
    east_west: bool = False  # sides are the halves of the board, not the rows
    dbl: int = field(init=False)
    half: int = field(init=False)
    side_of: tuple[int, ...] = field(init=False)  # owner of each hole by side
    order: tuple[tuple[int, ...], tuple[int, ...]] = field(init=False)  # each side, in rule order

    def __post_init__(self) -> None:
        n = self.holes
        dbl = 2 * n
        half = n // 2
        set_ = object.__setattr__
        set_(self, "dbl", dbl)
        set_(self, "half", half)
        if self.east_west:
            south: tuple[int, ...] = tuple(range(half, 3 * half))
            north: tuple[int, ...] = tuple(range(3 * half, dbl)) + tuple(range(half))
        else:
            south = tuple(range(n))
            north = tuple(range(dbl - 1, n - 1, -1))
        sides = [1] * dbl
        for loc in south:
            sides[loc] = 0
        set_(self, "side_of", tuple(sides))
        set_(self, "order", (south, north))

    @property
    def size(self) -> int:
        return self.dbl

    def cross(self, loc: int) -> int:
        """The hole across the board."""
        return self.dbl - loc - 1

    def left_count(self, loc: int) -> int:
        """A hole's position counted from its row owner's own left (udir_holes use it)."""
        return loc - self.holes if loc >= self.holes else loc
