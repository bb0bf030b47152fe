"""Start patterns: the board a game begins with, laid out for its starter."""

from __future__ import annotations

import random

from mancala.engine.board import Geometry
from mancala.rules.enums import StartPattern
from mancala.rules.variant import Variant


def _ring(geom: Geometry, starter: int, r: int) -> int:
    """Board index of ring position r counted counter-clockwise from the starter's leftmost hole."""
    return (geom.hole_of(starter, 0) + r) % geom.size


def _alternates(geom: Geometry, starter: int, seeds: int) -> list[int]:
    # odd ring positions: no two filled holes face each other (i + opposite(i) is odd)
    # and on an odd board the starter gets the fewer seeds, as the reference asks
    board = [0] * geom.size
    for r in range(1, geom.size, 2):
        board[_ring(geom, starter, r)] = seeds
    return board


def start_board(variant: Variant, starter: int, seed: int | None = None) -> list[int]:
    geom = Geometry(variant.holes)
    n, k = geom.holes, variant.nbr_start
    match variant.game_info.start_pattern:
        case StartPattern.ALL_EQUAL:
            return [k] * geom.size
        case StartPattern.RIGHTMOST_PLUS_ONE:
            board = [k] * geom.size
            for p in (0, 1):
                board[geom.hole_of(p, n - 1)] += 1
            return board
        case StartPattern.ALTERNATES:
            return _alternates(geom, starter, k)
        case StartPattern.ALTS_WITH_1:
            board = _alternates(geom, starter, k)
            filled = [geom.hole_of(starter, p) for p in range(n) if board[geom.hole_of(starter, p)]]
            board[filled[-2] if len(filled) > 1 else filled[-1]] = 1
            return board
        case StartPattern.ALTS_SPLIT:
            board = _alternates(geom, starter, k)
            other_right = geom.hole_of(1 - starter, n - 1)
            moved = board[other_right] // 4
            board[other_right] -= moved
            board[geom.opposite(other_right)] += moved
            return board
        case StartPattern.GAMACHA:
            board = [0] * geom.size
            filled = [_ring(geom, starter, r) for r in range(2, geom.size - 1, 2)]
            for hole in filled:
                board[hole] = k
            centre = filled[(len(filled) - 1) // 2]
            board[geom.opposite(centre)] += board[centre]
            board[centre] = 0
            return board
        case StartPattern.CLIPPEDTRIPLES:
            board = [0] * geom.size
            for p in (0, 1):
                for pos in range(3 * (n // 3)):
                    if pos % 3:
                        board[geom.hole_of(p, pos)] = k
            return board
        case StartPattern.TWOEMPTY:
            board = [0] * geom.size
            for p in (0, 1):
                for pos in range(n - 2):
                    board[geom.hole_of(p, pos)] = k
            return board
        case StartPattern.RANDOM:
            rng = random.Random(seed)
            board = [0] * geom.size
            for _ in range(k):
                board[rng.randrange(geom.size)] += 1
            return board
    raise NotImplementedError(variant.game_info.start_pattern)
