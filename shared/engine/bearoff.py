"""BearOff: a game that ends in a backgammon-like bear-off (game_class BearOff).

Play is the variant's own until a position arises in which every hole of the board
holds one seed or none; from that position on, for the rest of the game, a move is a
bear-off sow (`Position.bearing`, decided when the position arises: `settle`). Once
bearing, a hole holding more than one seed again does not bring the normal sow back.
"""

from __future__ import annotations

from mancala.engine.board import Geometry
from mancala.engine.position import Position
from mancala.engine.sowing import STORE, SowResult


def settle(pos: Position) -> None:
    """Set `pos.bearing` for a position that has just arisen (a start or after a move)."""
    if not pos.bearing and max(pos.board) <= 1:
        pos.bearing = True


def bear_off_sow(geom: Geometry, pos: Position, hole: int, step: int, mover: int) -> int:
    """Sow from `hole` towards the end of the mover's row in the direction `step`; the
    seeds still in hand when the sow reaches that end go to the mover's store (they are
    out of play and count for the mover). A move from the last hole bears all its seeds
    off. Blocked holes are skipped. Returns the hole of the last seed, or STORE when
    seeds were borne off."""
    b = pos.board
    blocked = pos.blocked
    seeds = b[hole]
    b[hole] = 0
    end = geom.store_after(mover, step)  # the last hole of the mover's row, this way
    size = geom.size
    loc = hole
    while seeds:
        if loc == end:
            pos.stores[mover] += seeds
            return STORE
        loc = (loc + step) % size
        if blocked is not None and blocked[loc]:
            continue
        b[loc] += 1
        seeds -= 1
    return loc


def bear_off_result(final: int) -> SowResult:
    """A bear-off sow as the rules that try sows out see it: it captures nothing."""
    return SowResult(final, False, capt_done=True)
