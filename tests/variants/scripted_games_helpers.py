"""The notation of the scripted games (tests/variants/test_scripted_games.py): a script of
steps from a start position, boards written `b(south_row, north_row)`, the ILLEGAL and
NEXT_ROUND step markers."""

from __future__ import annotations

from dataclasses import dataclass, field

ILLEGAL = "illegal"
# pseudo-move: after a ROUND_WIN/ROUND_TIE step, the next round's starting position
# (Game.next_round; the replay prints it without a move)
NEXT_ROUND = "next round"


def b(south: list[int], north: list[int]) -> list[int]:
    assert len(south) == len(north)
    return list(south) + list(north)


@dataclass
class Script:
    steps: list[tuple]
    board: list[int] | None = None  # None: the variant's start position
    stores: list[int] = field(default_factory=lambda: [0, 0])
    starter: int = 0
