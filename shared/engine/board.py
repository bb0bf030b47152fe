"""Board geometry: holes, sides, opposites, steps and where the stores sit."""

from __future__ import annotations

from dataclasses import dataclass

CCW = 1  # towards higher index
CW = -1


@dataclass(frozen=True, slots=True)
class Geometry:
    holes: int

    @property
    def size(self) -> int:
        return 2 * self.holes

    def owner(self, hole: int) -> int:
        return 0 if hole < self.holes else 1

    def opposite(self, hole: int) -> int:
        return 2 * self.holes - 1 - hole

    def side(self, player: int) -> range:
        return range(0, self.holes) if player == 0 else range(self.holes, 2 * self.holes)

    def hole_of(self, player: int, pos: int) -> int:
        """Board index of a player's position counted from their own left."""
        return pos if player == 0 else self.holes + pos

    def pos_of(self, hole: int) -> int:
        """Position of a hole counted from its owner's left."""
        return hole if hole < self.holes else hole - self.holes

    def step(self, hole: int, direction: int) -> int:
        return (hole + direction) % (2 * self.holes)

    def store_after(self, player: int, direction: int) -> int:
        """The hole after which a player's store is passed when sowing `direction`.

        A player's store follows the end of their own row in the sowing direction:
        South's comes after hole n-1 counter-clockwise and after hole 0 clockwise;
        North's after hole 2n-1 counter-clockwise and after hole n clockwise. A
        clockwise board is the mirror image of a counter-clockwise one, as in
        Congklak and Dakon, whose stores sit on the player's left.
        """
        n = self.holes
        if player == 0:
            return n - 1 if direction == CCW else 0
        return 2 * n - 1 if direction == CCW else n

    def leftmost_from(self, viewer: int, player: int) -> int:
        """The hole of `player`'s row that is leftmost as `viewer` sees the board."""
        if viewer == player:
            return self.hole_of(player, 0)
        return self.hole_of(player, self.holes - 1)

    def rightmost_from(self, viewer: int, player: int) -> int:
        if viewer == player:
            return self.hole_of(player, self.holes - 1)
        return self.hole_of(player, 0)

    def column_from(self, viewer: int, hole: int) -> int:
        """The column of a hole as `viewer` sees the board, from the viewer's left: its
        position on the viewer's row, or the position of the viewer's hole facing it."""
        pos = self.pos_of(hole)
        return pos if self.owner(hole) == viewer else self.holes - 1 - pos

    def rightmost_of(self, viewer: int, player: int, holes: list[int] | range) -> int:
        """The rightmost of `player`'s holes as `viewer` sees the board; in a column where
        both holes are among them, the one on `player`'s own row."""
        return max(holes, key=lambda h: (self.column_from(viewer, h), self.owner(h) == player))

    def leftmost_of(self, viewer: int, player: int, holes: list[int] | range) -> int:
        """The leftmost of `player`'s holes as `viewer` sees the board (ties as rightmost_of)."""
        return min(holes, key=lambda h: (self.column_from(viewer, h), self.owner(h) != player))
