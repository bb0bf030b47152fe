"""Scripted games: one or more for many variant files in configs/ (the files taken from
the reference are checked by replaying its recorded games instead:
tests/variants/test_reference_configs.py).

Every expected position below was worked out by hand from the variant's rules
(parameter reference, replay contract, docs/rules-decisions.md), not copied from
the engine. Boards are written `b(south_row, north_row)`: South's holes 0..n-1 from
South's left, then North's holes n..2n-1 from North's left; hole i faces 2n-1-i;
counter-clockwise (CCW) is towards higher index. A store follows the end of its
owner's row in the sowing direction: sowing CCW, South's store comes after hole n-1
and North's after 2n-1; sowing clockwise (CW), South's comes after hole 0 (before
2n-1) and North's after hole n (before n-1). The opponent's store is never sown.
Stores are [South, North]; turn 0 is South.

A step is `(move, board, stores, turn)` or `(move, board, stores, turn, extra)` with
`extra` holding an `outcome` ("WIN"/"TIE"/"ROUND_WIN"/"ROUND_TIE", winner), the
`legal` moves of the position reached, or its per-hole `children` / `blocked` /
`owners` lists (variants with children, blocks or territory), or the `pending`
captured seeds a SameSide/Ohojichi capturer has still to place (checked always:
absent means none); `(move, ILLEGAL)`
says the move must be refused (the position stays as it was); `(NEXT_ROUND, board,
stores, turn[, extra])` after a step that ends a round is the next round's starting
position. The first script of each variant starts from the variant's own start
position with South to move and has at least 10 moves; further scripts start from
a hand-made position (for rules such as grand slams and passes that take a long
game to reach).

Every file in configs/ must load (test_every_config_plays lists the reasons of any
that does not), and every script names a file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from mancala.engine import Game, IllegalMove
from mancala.rules.errors import VariantError
from mancala.rules.loading import load_variant

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
CONFIG_NAMES = sorted(p.stem for p in CONFIGS.glob("*.json"))


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


# ---------------------------------------------------------------------------------
# Oware family: 6 holes, 4 seeds, CCW, capture 2 or 3 on North's/South's opposite
# side, chained backwards over the holes just sown (multicapt), skip_start,
# mustshare. Same opening for all six files; the grand slam rule differs.
# ---------------------------------------------------------------------------------

OWARE_MAIN = Script([
    (5, b([4, 4, 4, 4, 4, 0], [5, 5, 5, 5, 4, 4]), [0, 0], 1),
    (6, b([4, 4, 4, 4, 4, 0], [0, 6, 6, 6, 5, 5]), [0, 0], 0),
    (4, b([4, 4, 4, 4, 0, 1], [1, 7, 7, 6, 5, 5]), [0, 0], 1),
    # 7 seeds from 7: 8..11, 0, 1, 2; last in 2 (South's, 4 -> 5): no capture
    (7, b([5, 5, 5, 4, 0, 1], [1, 0, 8, 7, 6, 6]), [0, 0], 0),
    # 1 seed from 5 into 6 (North's, 1 -> 2): capture 2
    (5, b([5, 5, 5, 4, 0, 0], [0, 0, 8, 7, 6, 6]), [2, 0], 1),
    (10, b([6, 6, 6, 5, 1, 0], [0, 0, 8, 7, 0, 7]), [2, 0], 0),
    (1, b([6, 0, 7, 6, 2, 1], [1, 1, 8, 7, 0, 7]), [2, 0], 1),
    # 7 from 9: 10, 11, 0..4; last in 4 (2 -> 3): capture 3; hole 3 before it has 7: stop
    (9, b([7, 1, 8, 7, 0, 1], [1, 1, 8, 0, 1, 8]), [2, 3], 0),
    # 7 from 0: 1..7; 7 (1 -> 2) and 6 (1 -> 2) captured, 5 is South's own: stop -> 4
    (0, b([0, 2, 9, 8, 1, 2], [0, 0, 8, 0, 1, 8]), [6, 3], 1),
    # 8 from 8: 9, 10, 11, 0..4; 4 (1 -> 2) captured, 3 (8 -> 9) stops the chain
    (8, b([1, 3, 10, 9, 0, 2], [0, 0, 0, 1, 2, 9]), [6, 5], 0),
    (5, b([1, 3, 10, 9, 0, 0], [1, 1, 0, 1, 2, 9]), [6, 5], 1),
    # 2 from 10: 11, 0; 0 (1 -> 2) captured; 11 is North's own: stop
    (10, b([0, 3, 10, 9, 0, 0], [1, 1, 0, 1, 0, 10]), [6, 7], 0),
])

# South to move; 5 (2 seeds) sows 6 and 7 to two each: capturing both empties North's
# row, which held seeds at the start of the move: a grand slam.
GS_BOARD = b([6, 5, 4, 1, 0, 2], [1, 1, 0, 0, 0, 0])
GS_STORES = [14, 14]

OWARE_GS_LEGAL = Script([
    # grand slam captured as usual; North has no move and passes (mustshare): South
    # again, and must feed North: 3 (1 seed -> 4) would not, so it is not legal
    (5, b([6, 5, 4, 1, 0, 0], [0, 0, 0, 0, 0, 0]), [18, 14], 0, {"legal": [0, 1, 2]}),
    (3, ILLEGAL),
    (2, b([6, 5, 0, 2, 1, 1], [1, 0, 0, 0, 0, 0]), [18, 14], 1),
    (6, b([6, 5, 0, 2, 1, 1], [0, 1, 0, 0, 0, 0]), [18, 14], 0),
], board=GS_BOARD, stores=GS_STORES)

OWARE_GS_NO_CAPT = Script([
    # the seeds are sown but nothing is captured
    (5, b([6, 5, 4, 1, 0, 0], [2, 2, 0, 0, 0, 0]), [14, 14], 1),
    (7, b([6, 5, 4, 1, 0, 0], [2, 0, 1, 1, 0, 0]), [14, 14], 0),
    (3, b([6, 5, 4, 0, 1, 0], [2, 0, 1, 1, 0, 0]), [14, 14], 1),
], board=GS_BOARD, stores=GS_STORES)

OWARE_GS_NOT_LEGAL = Script([
    (5, ILLEGAL),
    # 4 from 2: 3, 4, 5, 6; 6 (1 -> 2) captured, 5 is South's own: stop. 7 keeps its seed
    (2, b([6, 5, 0, 2, 1, 3], [0, 1, 0, 0, 0, 0]), [16, 14], 1),
    (7, b([6, 5, 0, 2, 1, 3], [0, 0, 1, 0, 0, 0]), [16, 14], 0),
], board=GS_BOARD, stores=GS_STORES)

OWARE_GS_OPP_GETS_REMAIN = Script([
    # South keeps the 4 captured; North takes the 16 left on South's row; game over
    (5, b([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]), [18, 30], 1, {"outcome": ("WIN", 1)}),
], board=GS_BOARD, stores=GS_STORES)

# ---------------------------------------------------------------------------------
# Micro-Wari: Oware rules on 4 holes a side (South 0..3, North 4..7; i faces 7-i).
# ---------------------------------------------------------------------------------

MICRO_WARI_MAIN = Script([
    (3, b([4, 4, 4, 0], [5, 5, 5, 5]), [0, 0], 1),
    # 5 from 7: 0, 1, 2, 3, 4; last in North's own 4: no capture
    (7, b([5, 5, 5, 1], [6, 5, 5, 0]), [0, 0], 0),
    (2, b([5, 5, 0, 2], [7, 6, 6, 1]), [0, 0], 1),
    # 6 from 5: 6, 7, 0, 1, 2, 3; 3 (2 -> 3) captured, 2 (0 -> 1) stops the chain
    (5, b([6, 6, 1, 0], [7, 0, 7, 2]), [0, 3], 0),
    # 6 from 1: 2..7; 7 (2 -> 3) captured, 6 (7 -> 8) stops
    (1, b([6, 0, 2, 1], [8, 1, 8, 0]), [3, 3], 1),
    # 8 from 4 on an 8-hole ring: 5, 6, 7, 0, 1, 2, 3, skip 4 (skip_start), 5 again;
    # last in North's own 5: no capture
    (4, b([7, 1, 3, 2], [0, 3, 9, 1]), [3, 3], 0),
    # 7 from 0: 1..7; 7 (1 -> 2) captured, 6 (9 -> 10) stops
    (0, b([0, 2, 4, 3], [1, 4, 10, 0]), [5, 3], 1),
    # 4 from 5: 6, 7, 0, 1; 1 (2 -> 3) captured, 0 (0 -> 1) stops
    (5, b([1, 0, 4, 3], [1, 0, 11, 1]), [5, 6], 0),
    (2, b([1, 0, 0, 4], [2, 1, 12, 1]), [5, 6], 1),
    # 1 from 7 into 0 (1 -> 2): captured
    (7, b([0, 0, 0, 4], [2, 1, 12, 0]), [5, 8], 0),
    # South empties its own row; North must feed: 4 (-> 5, 6, 7) and 5 (-> 6, 7) do not
    (3, b([0, 0, 0, 0], [3, 2, 13, 1]), [5, 8], 1, {"legal": [6, 7]}),
    (4, ILLEGAL),
    (7, b([1, 0, 0, 0], [3, 2, 13, 0]), [5, 8], 0, {"legal": [0]}),
    (0, b([0, 1, 0, 0], [3, 2, 13, 0]), [5, 8], 1),
])

MICRO_WARI_GS = Script([
    # 2 from 3: 4, 5 (1 -> 2 each); both captured: a grand slam, legal here.
    # North cannot move and passes; South must feed and can (0 reaches 4)
    (3, b([4, 0, 0, 0], [0, 0, 0, 0]), [16, 12], 0, {"legal": [0]}),
    (0, b([0, 1, 1, 1], [1, 0, 0, 0]), [16, 12], 1),
    (4, b([0, 1, 1, 1], [0, 1, 0, 0]), [16, 12], 0),
    (3, b([0, 1, 1, 0], [1, 1, 0, 0]), [16, 12], 1),
], board=b([4, 0, 0, 2], [1, 1, 0, 0]), stores=[12, 12])

# ---------------------------------------------------------------------------------
# Kalah family: CCW, sow into your own store (repeat turn when the last seed lands
# there), cross capture from an empty hole of your own (PICK_ON_CAPT takes the
# capturing seed too), game over when the player to move has no seeds or a player
# holds more than half the seeds; leftovers to the hole owners.
# ---------------------------------------------------------------------------------

KALAH_3 = Script([
    (3, b([3, 3, 3, 0, 4, 4], [3, 3, 3, 3, 3, 3]), [1, 0], 0),  # 4, 5, store: again
    # 3 from 0: 1, 2, 3; 3 was empty, faces 8 (3): 3 + 1 to the store
    (0, b([0, 4, 4, 0, 4, 4], [3, 3, 0, 3, 3, 3]), [5, 0], 1),
    (9, b([0, 4, 4, 0, 4, 4], [3, 3, 0, 0, 4, 4]), [5, 1], 1),  # 10, 11, store: again
    # 3 from 6: 7, 8, 9; 9 was empty, faces 2 (4): 4 + 1
    (6, b([0, 4, 0, 0, 4, 4], [0, 4, 1, 0, 4, 4]), [5, 6], 0),
    (1, b([0, 0, 1, 1, 5, 5], [0, 4, 1, 0, 4, 4]), [5, 6], 1),
    (8, b([0, 0, 0, 1, 5, 5], [0, 4, 0, 0, 4, 4]), [5, 8], 0),  # 9 empty, faces 2 (1)
    (5, b([0, 0, 0, 1, 5, 0], [1, 5, 1, 1, 4, 4]), [6, 8], 1),
    (11, b([1, 1, 1, 1, 5, 0], [1, 5, 1, 1, 4, 0]), [6, 9], 0),
    (4, b([1, 1, 1, 1, 0, 1], [2, 6, 2, 1, 4, 0]), [7, 9], 1),
    (10, b([2, 2, 1, 1, 0, 1], [2, 6, 2, 1, 0, 1]), [7, 10], 0),
    (3, b([2, 2, 1, 0, 0, 1], [2, 0, 2, 1, 0, 1]), [14, 10], 1),  # 4 empty, faces 7 (6)
    (11, b([2, 2, 1, 0, 0, 1], [2, 0, 2, 1, 0, 0]), [14, 11], 1),
    (9, b([2, 0, 1, 0, 0, 1], [2, 0, 2, 0, 0, 0]), [14, 14], 0),  # 10 empty, faces 1 (2)
    (5, b([2, 0, 1, 0, 0, 0], [2, 0, 2, 0, 0, 0]), [15, 14], 0),
    (2, b([2, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]), [18, 14], 1),  # 3 empty, faces 8 (2)
    # 8 was empty but faces 3, empty: nothing taken, the seed stays (PICK_ON_CAPT)
    (6, b([2, 0, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0]), [18, 14], 0),
    (0, b([0, 1, 1, 0, 0, 0], [0, 1, 1, 0, 0, 0]), [18, 14], 1),
    (8, b([0, 1, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]), [18, 16], 0),
    (1, b([0, 0, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0]), [18, 16], 1),
    (7, b([0, 0, 1, 0, 0, 0], [0, 0, 1, 0, 0, 0]), [18, 16], 0),
    # 3 empty, faces 8 (1): South reaches 20 of 36, more than half: South wins
    (2, b([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]), [20, 16], 0, {"outcome": ("WIN", 0)}),
])

# Also Multilap Jackman C (single laps; its mustpass never comes into play here).
KALAH_4 = Script([
    (2, b([4, 4, 0, 5, 5, 5], [4, 4, 4, 4, 4, 4]), [1, 0], 0),
    (5, b([4, 4, 0, 5, 5, 0], [5, 5, 5, 5, 4, 4]), [2, 0], 1),
    (8, b([5, 4, 0, 5, 5, 0], [5, 5, 0, 6, 5, 5]), [2, 1], 0),
    (1, b([5, 0, 1, 6, 6, 0], [0, 5, 0, 6, 5, 5]), [8, 1], 1),  # 5 empty, faces 6 (5)
    (7, b([5, 0, 1, 6, 6, 0], [0, 0, 1, 7, 6, 6]), [8, 2], 1),  # 5 seeds end in the store
    (11, b([6, 1, 2, 7, 7, 0], [0, 0, 1, 7, 6, 0]), [8, 3], 0),
    (0, b([0, 2, 3, 8, 8, 1], [0, 0, 1, 7, 6, 0]), [9, 3], 0),
    (5, b([0, 2, 3, 8, 8, 0], [0, 0, 1, 7, 6, 0]), [10, 3], 0),
    # 3 from 2: last in 5, empty, but 6 is empty too: no capture, the seed stays
    (2, b([0, 2, 0, 9, 9, 1], [0, 0, 1, 7, 6, 0]), [10, 3], 1),
    (8, b([0, 2, 0, 9, 9, 1], [0, 0, 0, 8, 6, 0]), [10, 3], 0),
    # 9 from 4: 5, store, 6..11, (North's store skipped) 0; 0 was empty, 11 now 1
    (4, b([0, 2, 0, 9, 0, 2], [1, 1, 1, 9, 7, 0]), [13, 3], 1),
    # 7 from 10: 11, store, 0..4; last in South's empty 4: nothing for North
    (10, b([1, 3, 1, 10, 1, 2], [1, 1, 1, 9, 0, 1]), [13, 4], 0),
])

# The same moves with ALWAYS_PICK: a last seed in an empty hole of one's own is
# taken even when the facing hole is empty (move 9); the about text limits this to
# the mover's own holes, so North's last seed in South's empty hole 4 (move 12)
# stays.
KALAH_EMPTY_CAPTURE = Script([
    *KALAH_4.steps[:8],
    (2, b([0, 2, 0, 9, 9, 0], [0, 0, 1, 7, 6, 0]), [11, 3], 1),
    (8, b([0, 2, 0, 9, 9, 0], [0, 0, 0, 8, 6, 0]), [11, 3], 0),
    (4, b([0, 2, 0, 9, 0, 1], [1, 1, 1, 9, 7, 0]), [14, 3], 1),
    (10, b([1, 3, 1, 10, 1, 1], [1, 1, 1, 9, 0, 1]), [14, 4], 0),
])

KALAH_5 = Script([
    (1, b([5, 0, 6, 6, 6, 6], [5, 5, 5, 5, 5, 5]), [1, 0], 0),
    (2, b([5, 0, 0, 7, 7, 7], [6, 6, 5, 5, 5, 5]), [2, 0], 1),
    (7, b([6, 0, 0, 7, 7, 7], [6, 0, 6, 6, 6, 6]), [2, 1], 0),
    (0, b([0, 1, 1, 8, 8, 8], [6, 0, 6, 6, 6, 6]), [3, 1], 0),
    # 8 from 5: store, 6..11, 0; 0 was empty, faces 11 (7): 7 + 1
    (5, b([0, 1, 1, 8, 8, 0], [7, 1, 7, 7, 7, 0]), [12, 1], 1),
    (9, b([1, 2, 2, 9, 8, 0], [7, 1, 7, 0, 8, 1]), [12, 2], 0),
    (4, b([1, 2, 2, 9, 0, 1], [8, 2, 8, 1, 9, 2]), [13, 2], 1),
    (11, b([2, 2, 2, 9, 0, 1], [8, 2, 8, 1, 9, 0]), [13, 3], 0),
    (5, b([2, 2, 2, 9, 0, 0], [8, 2, 8, 1, 9, 0]), [14, 3], 0),
    (2, b([2, 2, 0, 10, 0, 0], [8, 0, 8, 1, 9, 0]), [17, 3], 1),  # 4 empty, faces 7 (2)
    (6, b([3, 3, 0, 10, 0, 0], [0, 1, 9, 2, 10, 1]), [17, 4], 0),
    (1, b([3, 0, 1, 11, 0, 0], [0, 0, 9, 2, 10, 1]), [19, 4], 1),  # 4 empty, faces 7 (1)
])

KALAH_6 = Script([
    (0, b([0, 7, 7, 7, 7, 7], [6, 6, 6, 6, 6, 6]), [1, 0], 0),
    (1, b([0, 0, 8, 8, 8, 8], [7, 7, 6, 6, 6, 6]), [2, 0], 1),
    # 7 from 6: 7..11, store, 0; South's empty 0 gets it: no capture for North
    (6, b([1, 0, 8, 8, 8, 8], [0, 8, 7, 7, 7, 7]), [2, 1], 0),
    (0, b([0, 0, 8, 8, 8, 8], [0, 8, 7, 7, 0, 7]), [10, 1], 1),  # 1 empty, faces 10 (7)
    (11, b([1, 1, 9, 9, 9, 9], [0, 8, 7, 7, 0, 0]), [10, 2], 0),
    (5, b([2, 2, 9, 9, 9, 0], [1, 9, 8, 8, 1, 1]), [11, 2], 1),
    (11, b([2, 2, 9, 9, 9, 0], [1, 9, 8, 8, 1, 0]), [11, 3], 1),
    (10, b([0, 2, 9, 9, 9, 0], [1, 9, 8, 8, 0, 0]), [11, 6], 0),  # 11 empty, faces 0 (2)
    (1, b([0, 0, 10, 10, 9, 0], [1, 9, 8, 8, 0, 0]), [11, 6], 1),
    (9, b([1, 1, 11, 11, 10, 0], [1, 9, 8, 0, 1, 1]), [11, 7], 0),
    (4, b([2, 2, 11, 11, 0, 1], [2, 10, 9, 1, 2, 2]), [12, 7], 1),
    (10, b([2, 2, 11, 11, 0, 1], [2, 10, 9, 1, 0, 3]), [12, 8], 1),
    (9, b([2, 0, 11, 11, 0, 1], [2, 10, 9, 0, 0, 3]), [12, 11], 0),  # 10 empty, faces 1 (2)
    (5, b([2, 0, 11, 11, 0, 0], [2, 10, 9, 0, 0, 3]), [13, 11], 0),
])

# 4 holes a side: South 0..3, North 4..7, i faces 7-i; 32 seeds, 17 wins.
KALAH_4_PITS = Script([
    (0, b([0, 5, 5, 5], [4, 4, 4, 4]), [1, 0], 0),
    (3, b([0, 5, 5, 0], [5, 5, 5, 5]), [2, 0], 1),
    # 5 from 4: 5, 6, 7, store, 0; South's empty 0 gets it: nothing for North
    (4, b([1, 5, 5, 0], [0, 6, 6, 6]), [2, 1], 0),
    (2, b([1, 5, 0, 1], [1, 7, 7, 6]), [3, 1], 1),
    # 6 from 7: store, 0..3, (South's store skipped) 4 (1 -> 2)
    (7, b([2, 6, 1, 2], [2, 7, 7, 0]), [3, 2], 0),
    (3, b([2, 6, 1, 0], [3, 7, 7, 0]), [4, 2], 1),
    (4, b([0, 6, 1, 0], [0, 8, 8, 0]), [4, 5], 0),  # 7 empty, faces 0 (2)
    (2, b([0, 6, 0, 1], [0, 8, 8, 0]), [4, 5], 1),  # 3 empty, faces empty 4: nothing
    # 8 from 5: 6, 7, store, 0..3, 4; 4 was empty, faces 3 (now 2): 2 + 1
    (5, b([1, 7, 1, 0], [0, 0, 9, 1]), [4, 9], 0),
    (1, b([1, 0, 2, 1], [1, 1, 10, 2]), [5, 9], 1),
    (4, b([1, 0, 2, 1], [0, 2, 10, 2]), [5, 9], 0),
    (3, b([1, 0, 2, 0], [0, 2, 10, 2]), [6, 9], 0),
    (2, b([1, 0, 0, 1], [0, 2, 10, 2]), [7, 9], 0),
    # 1 empty, faces 6 (10): 11 to the store, 18 > 16: South wins; the board goes to
    # the hole owners (South 1, North 4)
    (0, b([0, 0, 0, 0], [0, 0, 0, 0]), [19, 13], 0, {"outcome": ("WIN", 0)}),
])

# Cross-Kalah: every hole lets the mover choose the direction. Counter-clockwise as
# in Kalah. Clockwise from South runs ..., 1, 0, South's store, 11, ..., 6, (North's
# store skipped) 5, ...; from North ..., 7, 6, North's store, 5, ..., 0, (South's
# store skipped) 11, ... 48 seeds: 25 wins.
CROSS_KALAH = Script([
    ([2, "CCW"], b([4, 4, 0, 5, 5, 5], [4, 4, 4, 4, 4, 4]), [1, 0], 0),  # 3, 4, 5, store
    ([1, "CW"], b([5, 0, 0, 5, 5, 5], [4, 4, 4, 4, 5, 5]), [2, 0], 1),  # 0, store, 11, 10
    ([7, "CW"], b([5, 0, 0, 5, 6, 6], [5, 0, 4, 4, 5, 5]), [2, 1], 0),  # 6, store, 5, 4
    ([0, "CW"], b([0, 0, 0, 5, 6, 6], [5, 0, 5, 5, 6, 6]), [3, 1], 1),  # store, 11..8
    # 5 from 6 clockwise: store, 5, 4, 3, 2; South's empty 2: nothing for North
    ([6, "CW"], b([0, 0, 1, 6, 7, 7], [0, 0, 5, 5, 6, 6]), [3, 2], 0),
    ([2, "CW"], b([0, 0, 0, 6, 7, 7], [0, 0, 5, 5, 0, 6]), [10, 2], 1),  # 1 empty, faces 10 (6)
    ([11, "CW"], b([0, 0, 0, 6, 7, 7], [1, 1, 6, 6, 1, 0]), [10, 3], 1),  # 10..6, store
    ([6, "CW"], b([0, 0, 0, 6, 7, 7], [0, 1, 6, 6, 1, 0]), [10, 4], 1),  # straight in the store
    # 11 was empty but faces 0, empty: nothing taken, the seed stays (PICK_ON_CAPT)
    ([10, "CCW"], b([0, 0, 0, 6, 7, 7], [0, 1, 6, 6, 0, 1]), [10, 4], 0),
    ([3, "CW"], b([1, 1, 1, 0, 7, 7], [0, 1, 6, 6, 1, 2]), [11, 4], 1),  # 2, 1, 0, store, 11, 10
    ([7, "CW"], b([1, 1, 1, 0, 7, 0], [0, 0, 6, 6, 1, 2]), [11, 12], 0),  # 6 empty, faces 5 (7)
    ([2, "CCW"], b([1, 1, 0, 0, 7, 0], [0, 0, 0, 6, 1, 2]), [18, 12], 1),  # 3 empty, faces 8 (6)
    ([9, "CW"], b([1, 1, 0, 0, 8, 1], [1, 1, 1, 0, 1, 2]), [18, 13], 0),  # 8, 7, 6, store, 5, 4
    ([5, "CCW"], b([1, 1, 0, 0, 8, 0], [1, 1, 1, 0, 1, 2]), [19, 13], 0),
    ([0, "CW"], b([0, 1, 0, 0, 8, 0], [1, 1, 1, 0, 1, 2]), [20, 13], 0),
    ([1, "CW"], b([0, 0, 0, 0, 8, 0], [1, 1, 1, 0, 1, 0]), [23, 13], 1),  # 0 empty, faces 11 (2)
    ([10, "CW"], b([0, 0, 0, 0, 8, 0], [1, 1, 1, 1, 0, 0]), [23, 13], 0),  # 9 faces empty 2
    # 8 from 4: 5, store, 6..11; last in North's 11
    ([4, "CCW"], b([0, 0, 0, 0, 0, 1], [2, 2, 2, 2, 1, 1]), [24, 13], 1),
    ([9, "CW"], b([0, 0, 0, 0, 0, 1], [2, 3, 3, 0, 1, 1]), [24, 13], 0),
    # into the store: 25 of 48, South wins; North's 10 on the board go to North
    ([5, "CCW"], b([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]), [25, 23], 0,
     {"outcome": ("WIN", 0)}),
])

# ---------------------------------------------------------------------------------
# Jackman multi-lap games: LAPPER (a lap ending in a hole that now holds more than one
# seed lifts them all and sows on), cross capture with PICK_ON_CAPT, mustpass.
# ---------------------------------------------------------------------------------

JACKMAN = Script([
    (2, b([4, 4, 0, 5, 5, 5], [4, 4, 4, 4, 4, 4]), [1, 0], 0),
    # 0: 1, 2, 3, 4 (6: lift) -> 5, store, 6, 7, 8, 9 (5: lift) -> 10, 11, 0, 1, 2
    # (2: lift) -> 3, 4; 4 was emptied: it faces 7 (5): 5 + 1
    (0, b([1, 6, 0, 7, 0, 6], [5, 0, 5, 0, 5, 5]), [8, 0], 1),
    # 6: 7..11 (6: lift) -> store, 0, 1, 2, 3, 4; 4 empty but South's: turn ends
    (6, b([2, 7, 1, 8, 1, 6], [0, 1, 6, 1, 6, 0]), [8, 1], 0),
    # 2: 3 (9: lift) -> 4, 5, store, 6..11; 11 was empty, North's: turn ends
    (2, b([2, 7, 0, 0, 2, 7], [1, 2, 7, 2, 7, 1]), [9, 1], 1),
    (11, b([2, 7, 0, 0, 2, 7], [1, 2, 7, 2, 7, 0]), [9, 2], 1),
    (9, b([0, 7, 0, 0, 2, 7], [1, 2, 7, 0, 8, 0]), [9, 5], 0),  # 11 empty, faces 0 (2)
    (4, b([0, 7, 0, 0, 0, 8], [1, 2, 7, 0, 8, 0]), [10, 5], 0),
    # 1: 2..5, store, 6, 7 (3: lift) -> 8, 9, 10 (9: lift) -> 11, 0..5, store, 6
    # (3: lift) -> 7, 8, 9 (2: lift) -> 10, 11 (2: lift) -> 0, 1 (2: lift) -> 2, 3
    # (3: lift) -> 4, 5, store: the sow ends in the store, South again
    (1, b([2, 0, 3, 0, 3, 11], [0, 1, 9, 0, 1, 0]), [13, 5], 0),
    # 0: 1, 2 (4: lift) -> 3, 4, 5, store
    (0, b([0, 1, 0, 1, 4, 12], [0, 1, 9, 0, 1, 0]), [14, 5], 0),
    # 3: 4 (5: lift) -> 5, store, 6, 7, 8 (10: lift) -> 9, 10, 11, 0..5, store
    (3, b([1, 2, 1, 1, 1, 14], [1, 2, 0, 1, 2, 1]), [16, 5], 0),
    # 0: 1 (3: lift) -> 2, 3, 4 (2: lift) -> 5, store
    (0, b([0, 0, 2, 2, 0, 15], [1, 2, 0, 1, 2, 1]), [17, 5], 0),
    (2, b([0, 0, 0, 3, 0, 15], [1, 0, 0, 1, 2, 1]), [20, 5], 1),  # 4 empty, faces 7 (2)
    (11, b([0, 0, 0, 3, 0, 15], [1, 0, 0, 1, 2, 0]), [20, 6], 1),
    # 9: 10 (3: lift) -> 11, store, 0; 0 was empty, South's: turn ends
    (9, b([1, 0, 0, 3, 0, 15], [1, 0, 0, 0, 0, 1]), [20, 7], 0),
])

# South's 0 leaves North, already empty, without a move: North passes (mustpass).
JACKMAN_PASS = Script([
    (0, b([0, 1, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0]), [22, 23], 0),  # 1 faces empty 10; North, empty, passes
    (5, b([0, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]), [23, 23], 1),  # store, 6
    (6, b([0, 1, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]), [23, 23], 0),
], board=b([1, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0]), stores=[22, 23])

# Variation D (store_ends_turn): a sow ending in the own store ends the turn.
JACKMAN_D = Script([
    (2, b([4, 4, 0, 5, 5, 5], [4, 4, 4, 4, 4, 4]), [1, 0], 1),  # 3, 4, 5, store: North next
    (8, b([4, 4, 0, 5, 5, 5], [4, 4, 0, 5, 5, 5]), [1, 1], 0),  # 9, 10, 11, store: South next
    # 0: 1..4 (6: lift) -> 5, store, 6..9 (6: lift) -> 10, 11, 0..3 (7: lift) -> 4, 5,
    # store, 6..9; 9 was emptied, North's: turn ends
    (0, b([1, 6, 2, 0, 1, 7], [6, 6, 2, 1, 6, 6]), [3, 1], 1),
    (6, b([1, 6, 2, 0, 1, 7], [0, 7, 3, 2, 7, 7]), [3, 2], 0),  # 7..11, store
    # 2: 3, 4 (2: lift) -> 5, store: the sow ends in the store and so does the turn
    (2, b([1, 6, 0, 1, 0, 8], [0, 7, 3, 2, 7, 7]), [4, 2], 1),
    # 9: 10, 11 (8: lift) -> store, 0..5, (South's store skipped) 6; 6 empty, faces 5 (9)
    (9, b([2, 7, 1, 2, 1, 0], [0, 7, 3, 0, 8, 0]), [4, 13], 0),
    (2, b([2, 7, 0, 0, 2, 1], [0, 7, 3, 0, 8, 0]), [5, 13], 1),  # 3 (3: lift) -> 4, 5, store
    (8, b([0, 7, 0, 0, 2, 1], [0, 7, 0, 1, 9, 0]), [5, 16], 0),  # 11 empty, faces 0 (2)
    (5, b([0, 7, 0, 0, 2, 0], [0, 7, 0, 1, 9, 0]), [6, 16], 1),  # into the store: North next
    # 9: 10 (10: lift) -> 11, store, 0..5, 6, 7 (8: lift) -> 8..11, store, 0, 1, 2
    # (2: lift) -> 3, 4 (4: lift) -> 5, 6, 7, 8 (2: lift) -> 9, 10 (2: lift) -> 11, store
    (9, b([2, 9, 0, 2, 0, 2], [2, 1, 0, 2, 0, 3]), [6, 19], 0),
    (0, b([0, 10, 0, 2, 0, 2], [2, 1, 0, 0, 0, 3]), [9, 19], 1),  # 2 empty, faces 9 (2)
])

JACKMAN_A = Script([
    (0, b([0, 7, 7, 7, 7, 7], [6, 6, 6, 6, 6, 6]), [1, 0], 0),
    # 5: store, 6..11 (7: lift) -> 0..5, store: South again
    (5, b([1, 8, 8, 8, 8, 1], [7, 7, 7, 7, 7, 0]), [3, 0], 0),
    (5, b([1, 8, 8, 8, 8, 0], [7, 7, 7, 7, 7, 0]), [4, 0], 0),
    (4, b([1, 8, 8, 8, 0, 1], [8, 8, 8, 8, 8, 1]), [5, 0], 1),  # ends in North's empty 11
    (11, b([1, 8, 8, 8, 0, 1], [8, 8, 8, 8, 8, 0]), [5, 1], 1),
    (9, b([2, 9, 9, 9, 1, 1], [8, 8, 8, 0, 9, 1]), [5, 2], 0),  # ends in South's empty 4
    (5, b([2, 9, 9, 9, 1, 0], [8, 8, 8, 0, 9, 1]), [6, 2], 0),
    (4, b([2, 9, 9, 9, 0, 0], [0, 8, 8, 0, 9, 1]), [15, 2], 1),  # 5 empty, faces 6 (8)
    (11, b([2, 9, 9, 9, 0, 0], [0, 8, 8, 0, 9, 0]), [15, 3], 1),
    # 9 from 10: 11, store, 0..5, (South's store skipped) 6; 6 empty, faces 5 (now 1)
    (10, b([3, 10, 10, 10, 1, 0], [0, 8, 8, 0, 0, 1]), [15, 6], 0),
    (4, b([3, 10, 10, 10, 0, 1], [0, 8, 8, 0, 0, 1]), [15, 6], 1),  # faces empty 6
])

JACKMAN_A_PASS = Script([
    (0, b([0, 1, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0]), [34, 35], 0),  # North passes
    (5, b([0, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]), [35, 35], 1),
    (6, b([0, 1, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]), [35, 35], 0),
], board=b([1, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0]), stores=[34, 35])

# Variation E: no sowing into stores.
JACKMAN_E = Script([
    # 0: 1..4 (5: lift) -> 5..9 (5: lift) -> 10, 11, 0, 1, 2 (6: lift) -> 3..8
    # (6: lift) -> 9, 10, 11, 0, 1, 2; 2 was emptied, faces 9 (1): 1 + 1
    (0, b([2, 7, 0, 6, 1, 6], [6, 6, 0, 0, 6, 6]), [2, 0], 1),
    # 6: 7..11, 0 (3) -> 1, 2, 3 (7) -> 4..10 (8) -> 11, 0..6 (2) -> 7, 8 (3) -> 9, 10,
    # 11 (9) -> 0..8; 8 was emptied, faces 3 (2): 2 + 1
    (6, b([2, 10, 3, 0, 4, 9], [1, 10, 0, 3, 1, 0]), [2, 3], 0),
    (4, b([2, 10, 3, 0, 0, 10], [2, 11, 1, 3, 1, 0]), [2, 3], 1),  # ends in North's empty 8
    (10, b([0, 10, 3, 0, 0, 10], [2, 11, 1, 3, 0, 0]), [2, 6], 0),  # 11 empty, faces 0 (2)
    # 10 from 5: 6..11, 0..3; 3 was empty, faces 8 (now 2): 2 + 1
    (5, b([1, 11, 4, 0, 0, 0], [3, 12, 0, 4, 1, 1]), [5, 6], 1),
    # 10: 11 (2) -> 0, 1 (12) -> 2..11, 0, 1: no skip_start, so the 12th seed falls in
    # the lap's own start hole 1, emptied: South's, the turn ends
    (10, b([3, 1, 5, 1, 1, 1], [4, 13, 1, 5, 1, 1]), [5, 6], 0),
    # 3: 4 (2) -> 5, 6 (5) -> 7..11 (2) -> 0, 1 (2) -> 2, 3; 3 empty, faces 8 (2)
    (3, b([4, 0, 6, 0, 0, 2], [0, 14, 0, 6, 2, 0]), [8, 6], 1),
    # 10: 11, 0 (5) -> 1..5 (3) -> 6, 7, 8; 8 empty, faces 3 (1)
    (10, b([0, 1, 7, 0, 1, 0], [1, 15, 0, 6, 0, 1]), [8, 8], 0),
    (4, b([0, 1, 7, 0, 0, 0], [0, 15, 0, 6, 0, 1]), [10, 8], 1),  # 5 empty, faces 6 (1)
    (11, b([1, 1, 7, 0, 0, 0], [0, 15, 0, 6, 0, 0]), [10, 8], 0),
    (1, b([1, 0, 0, 1, 1, 1], [1, 16, 1, 7, 1, 0]), [10, 8], 1),  # 2 (8) -> 3..10
])

JACKMAN_E_PASS = Script([
    (0, b([0, 1, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0]), [22, 23], 0),  # North passes
    (5, b([0, 1, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0]), [22, 23], 1),  # 6, 7 (no store)
    (7, b([0, 1, 0, 0, 0, 0], [1, 0, 1, 0, 0, 0]), [22, 23], 0),  # 8 faces empty 3
], board=b([1, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 0]), stores=[22, 23])

# ---------------------------------------------------------------------------------
# Ayoayo: LAPPER without store sowing, skip_start, cross capture that LEAVEs the
# capturing seed, mustshare.
# ---------------------------------------------------------------------------------

AYOAYO = Script([
    # as Jackman E's first move, but the seed in 2 stays (LEAVE): only 9's 1 is taken
    (0, b([2, 7, 1, 6, 1, 6], [6, 6, 0, 0, 6, 6]), [1, 0], 1),
    # 6: 7..11, 0 (3) -> 1, 2, 3 (7) -> 4..10 (8) -> 11, 0..6 (2) -> 7, 8 (3) -> 9, 10,
    # 11 (9) -> 0..8; 8 was emptied, faces 3 (2): 2 taken, 8 keeps its seed
    (6, b([2, 10, 4, 0, 4, 9], [1, 10, 1, 3, 1, 0]), [1, 2], 0),
    # 4: 5..8 (2) -> 9, 10 (2) -> 11, 0 (3) -> 1, 2, 3; 3 empty but 8 was lifted: nothing
    (4, b([0, 11, 5, 1, 0, 10], [2, 11, 0, 4, 0, 1]), [1, 2], 1),
    (6, b([0, 11, 5, 0, 0, 10], [0, 12, 1, 4, 0, 1]), [1, 3], 0),  # 8 empty, faces 3 (1)
    # 11 from 1: 2..11, 0; 0 empty, faces 11 (now 2)
    (1, b([1, 0, 6, 1, 1, 11], [1, 13, 2, 5, 1, 0]), [3, 3], 1),
    (10, b([0, 0, 6, 1, 1, 11], [1, 13, 2, 5, 0, 1]), [3, 4], 0),  # 11 empty, faces 0 (1)
    # 3: 4 (2) -> 5, 6 (2) -> 7, 8 (3) -> 9, 10, 11 (2) -> 0, 1; 1 empty, faces 10 (1)
    (3, b([1, 1, 6, 0, 0, 12], [0, 14, 0, 6, 0, 0]), [4, 4], 1),
    (9, b([2, 2, 7, 1, 0, 12], [0, 14, 0, 0, 1, 1]), [4, 4], 0),  # ends in South's empty 3
    (3, b([2, 2, 7, 0, 1, 12], [0, 0, 0, 0, 1, 1]), [18, 4], 1),  # 4 empty, faces 7 (14)
    # 10: 11 (2) -> 0, 1 (3) -> 2, 3, 4 (2) -> 5, 6; 6 empty, faces 5 (13)
    (10, b([3, 0, 8, 1, 0, 0], [1, 0, 0, 0, 0, 0]), [18, 17], 0),
    (3, b([3, 0, 8, 0, 1, 0], [1, 0, 0, 0, 0, 0]), [18, 17], 1),  # faces empty 7
    (6, b([3, 0, 8, 0, 0, 0], [0, 1, 0, 0, 0, 0]), [18, 18], 0),  # 7 empty, faces 4 (1)
])

AYOAYO_SHARE = Script([
    (0, ILLEGAL),  # North is empty: 0 -> 1 does not feed it
    # 12 from 5: 6..11, 0..4, skip 5, 6 (2) -> 7, 8 (2) -> 9, 10 (2) -> 11, 0 (3) -> 1,
    # 2, 3 (2) -> 4, 5; 5 was emptied, faces 6 (lifted, empty): nothing
    (5, b([0, 2, 2, 0, 2, 1], [0, 2, 0, 2, 0, 2]), [17, 18], 1),
    (7, b([1, 2, 2, 0, 2, 1], [0, 0, 1, 0, 1, 3]), [17, 18], 0),  # 8, 9 (3) -> 10, 11, 0
], board=b([1, 0, 0, 0, 0, 12], [0, 0, 0, 0, 0, 0]), stores=[17, 18])

# ---------------------------------------------------------------------------------
# Congklak, Dakon, Sungka (identical files): 7 holes of 7, clockwise relay sowing
# through your own store. Clockwise from South: ..., 1, 0, South's store, 13, ..., 7,
# (North's store skipped) 6, ...; from North: ..., 8, 7, North's store, 6, ..., 0,
# (South's store skipped) 13, ... A full round is 15 places. Hole i faces 13 - i.
# ---------------------------------------------------------------------------------

CONGKLAK = Script([
    # 0: store, 13..8 (8: lift) -> 7, (North's store skipped) 6..1, 0; 0 was emptied,
    # faces 13 (8): 8 + 1
    (0, b([0, 8, 8, 8, 8, 8, 8], [8, 0, 8, 8, 8, 8, 0]), [10, 0], 1),
    # 9: 8, 7, store, 6..2 (9: lift) -> 1, 0, (South's store skipped) 13..7 (10: lift)
    # -> store, 6..0, 13, 12 (10: lift) -> 11..7, store, 6..3 (11: lift) -> 2, 1, 0,
    # 13..7, store: the sow ends in North's store, North again
    (9, b([3, 11, 2, 0, 11, 11, 11], [2, 4, 3, 11, 11, 1, 3]), [10, 4], 1),
    # 12: 11 (12: lift) -> 10..7, store, 6..0 (4: lift) -> 13, 12, 11, 10 (13: lift)
    # -> 9, 8, 7, store, 6..0, 13, 12 (2: lift) -> 11, 10; 10 was emptied, faces 3 (2)
    (12, b([1, 13, 4, 0, 13, 13, 13], [4, 6, 5, 0, 2, 0, 5]), [10, 9], 0),
    (0, b([0, 13, 4, 0, 13, 13, 13], [4, 6, 5, 0, 2, 0, 5]), [11, 9], 0),  # into the store
    # 2: 1, 0, store, 13 (6: lift) -> 12..7 (5: lift) -> 6..3, 2; 2 was emptied, faces
    # 11 (3): 3 + 1
    (2, b([1, 14, 0, 1, 14, 14, 14], [0, 7, 6, 1, 0, 1, 0]), [16, 9], 1),
    # 10: 9 (7: lift) -> 8, 7, store, 6..3 (2: lift) -> 2, 1 (15: lift) -> a full
    # round 0, 13..7, store, 6..1; 1 was emptied, South's: turn ends
    (10, b([2, 1, 2, 1, 16, 16, 16], [2, 9, 1, 1, 1, 2, 1]), [16, 11], 0),
    (3, b([3, 2, 0, 0, 16, 16, 16], [2, 9, 1, 1, 1, 2, 1]), [17, 11], 0),  # 2 (3) -> 1, 0, store
    (1, b([4, 0, 0, 0, 16, 16, 16], [2, 9, 1, 1, 1, 2, 1]), [18, 11], 0),  # 0, store
    # 16 from 4: 3..0, store, 13..7, 6, 5, 4, 3 (2: lift) -> 2, 1 (2: lift) -> 0, store
    (4, b([6, 0, 2, 0, 1, 17, 17], [3, 10, 2, 2, 2, 3, 2]), [20, 11], 0),
    (4, b([6, 0, 2, 0, 0, 17, 17], [3, 10, 2, 0, 2, 3, 2]), [23, 11], 1),  # 3 empty, faces 10 (2)
    (11, b([6, 0, 2, 0, 0, 17, 17], [4, 11, 0, 1, 0, 3, 2]), [23, 12], 1),  # 10, 9 (3) -> 8, 7, store
    (13, b([6, 0, 0, 0, 0, 17, 17], [4, 11, 0, 1, 0, 4, 0]), [23, 15], 0),  # 11 empty, faces 2 (2)
    # 6 from 0: store, 13..9; 9 was empty, North's: nothing for South
    (0, b([0, 0, 0, 0, 0, 17, 17], [4, 11, 1, 2, 1, 5, 1]), [24, 15], 1),
    (13, b([0, 0, 0, 0, 0, 17, 17], [5, 12, 2, 3, 2, 0, 0]), [24, 16], 1),  # 12 (6) -> 11..7, store
    # 9: 8, 7 (6: lift) -> store, 6..2; 2 was empty, South's: nothing for North
    (9, b([0, 0, 1, 1, 1, 18, 18], [0, 13, 0, 3, 2, 0, 0]), [24, 17], 0),
])

# ---------------------------------------------------------------------------------
# Other games
# ---------------------------------------------------------------------------------

# Bohnenspiel: clockwise, no store sowing, capture 2, 4 or 6 anywhere, chained back
# over the holes just sown (towards higher index, as the sowing went lower).
BOHNENSPIEL = Script([
    (5, b([7, 7, 7, 7, 7, 0], [6, 6, 6, 6, 6, 7]), [0, 0], 1),  # 4..0, 11
    (11, b([7, 7, 7, 7, 8, 1], [7, 7, 7, 7, 7, 0]), [0, 0], 0),  # 10..6, 5, 4
    # 7 from 0: 11..6, 5; South's own 5 (1 -> 2) captured; 6 (8) before it stops
    (0, b([0, 7, 7, 7, 8, 0], [8, 8, 8, 8, 8, 1]), [2, 0], 1),
    # 8 from 7: 6..0, 11; 11 (1 -> 2) captured; 0 (1) before it stops
    (7, b([1, 8, 8, 8, 9, 1], [9, 0, 8, 8, 8, 0]), [2, 2], 0),
    (1, b([2, 0, 8, 8, 9, 0], [10, 1, 9, 9, 9, 1]), [4, 2], 1),  # 0, 11..6, 5 (2)
    (8, b([3, 1, 9, 9, 10, 1], [11, 2, 0, 9, 9, 0]), [4, 4], 0),  # 7..0, 11 (2); 0 has 3
    (1, b([0, 0, 9, 9, 10, 1], [11, 2, 0, 9, 9, 0]), [8, 4], 1),  # 0 (3 -> 4)
    (7, b([0, 0, 9, 9, 10, 0], [12, 0, 0, 9, 9, 0]), [8, 6], 0),  # 6, 5 (1 -> 2)
    (2, b([1, 1, 0, 9, 10, 1], [13, 1, 1, 10, 10, 1]), [8, 6], 1),
    # 10 from 9: 8..6, 5..0, 11; 11, 0 and 1 hold 2 each: 6 taken; 2 (1) stops
    (9, b([0, 0, 1, 10, 11, 2], [14, 2, 2, 0, 10, 0]), [8, 12], 0),
    (5, b([0, 0, 1, 11, 12, 0], [14, 2, 2, 0, 10, 0]), [8, 12], 1),
])

# Mangala: the first seed goes back in the start hole, a lone seed moves one on (into
# the store from the last hole), captures of even counts on the opponent's side.
MANGALA = Script([
    (3, b([4, 4, 4, 1, 5, 5], [4, 4, 4, 4, 4, 4]), [1, 0], 0),  # 3, 4, 5, store
    (5, b([4, 4, 4, 1, 5, 1], [5, 5, 5, 4, 4, 4]), [2, 0], 1),  # 5, store, 6, 7, 8 (5: odd)
    (9, b([4, 4, 4, 1, 5, 1], [5, 5, 5, 1, 5, 5]), [2, 1], 1),  # 9, 10, 11, store
    (8, b([4, 4, 4, 1, 5, 1], [5, 5, 1, 2, 6, 6]), [2, 2], 1),
    # 11, store, 0, 1, 2, 3: 3 (1 -> 2) even on South's side: taken
    (11, b([5, 5, 5, 0, 5, 1], [5, 5, 1, 2, 6, 1]), [2, 5], 0),
    (5, b([5, 5, 5, 0, 5, 0], [5, 5, 1, 2, 6, 1]), [3, 5], 0),  # lone seed into the store
    # 4, 5, store, 6, 7: 7 (5 -> 6) taken
    (4, b([5, 5, 5, 0, 1, 1], [6, 0, 1, 2, 6, 1]), [10, 5], 1),
    (11, b([5, 5, 5, 0, 1, 1], [6, 0, 1, 2, 6, 0]), [10, 6], 1),
    # 10, 11, store, 0, 1, 2: 2 (5 -> 6) taken
    (10, b([6, 6, 0, 0, 1, 1], [6, 0, 1, 2, 1, 1]), [10, 13], 0),
    (1, b([6, 1, 1, 1, 2, 2], [6, 0, 1, 2, 1, 1]), [11, 13], 0),  # 1..5, store
    (5, b([6, 1, 1, 1, 2, 1], [6, 0, 1, 2, 1, 1]), [12, 13], 0),  # 5, store
    (4, b([6, 1, 1, 1, 1, 2], [6, 0, 1, 2, 1, 1]), [12, 13], 1),  # 4, 5
    (11, b([6, 1, 1, 1, 1, 2], [6, 0, 1, 2, 1, 0]), [12, 14], 1),
    (10, b([6, 1, 1, 1, 1, 2], [6, 0, 1, 2, 0, 1]), [12, 14], 0),
])

# Pallanguli: 7 holes of 6, CCW, no store sowing; after a lap the next hole, when not
# empty, is lifted and sown from the hole after it; when it is empty the sowing
# stops and the hole beyond it (two out) is captured, on either side.
PALLANGULI = Script([
    # 1..6; 7 (6) lifted: 8..13; next 0 (emptied): stop, take 1 (7)
    (0, b([0, 0, 7, 7, 7, 7, 7], [0, 7, 7, 7, 7, 7, 7]), [7, 0], 1),
    # 0..6; next 7 empty: take 8 (7), North's own hole
    (13, b([1, 1, 8, 8, 8, 8, 8], [0, 0, 7, 7, 7, 7, 0]), [7, 7], 0),
    (4, b([0, 1, 8, 8, 0, 9, 9], [1, 1, 8, 8, 8, 8, 0]), [8, 7], 1),  # 5..12; 13 empty: take 0 (1)
    (9, b([1, 2, 9, 9, 0, 0, 9], [1, 1, 0, 9, 9, 9, 1]), [8, 16], 0),  # 10..3; 4 empty: take 5 (9)
    (1, b([1, 0, 10, 10, 0, 0, 9], [1, 1, 0, 9, 9, 9, 1]), [8, 16], 1),  # 2, 3; 4 empty, 5 empty
    (7, b([1, 0, 10, 10, 0, 0, 9], [0, 2, 0, 0, 9, 9, 1]), [8, 25], 0),  # 8; 9 empty: take 10 (9)
    # 3..12; 13 (1) lifted: 0; next 1 empty, 2 (emptied) too: nothing
    (2, b([2, 0, 0, 11, 1, 1, 10], [1, 3, 1, 1, 10, 10, 0]), [8, 25], 1),
    # 9, 10, 11; 12 (10) lifted: 13, 0..8; 9 (2) lifted: 10, 11; 12 empty: take 13 (1)
    (8, b([3, 1, 1, 12, 2, 2, 11], [2, 1, 0, 3, 12, 0, 0]), [8, 26], 0),
    # 5, 6; 7 (2): 8, 9; 10 (3): 11, 12, 13; 0 (3): 1, 2, 3; 4 (emptied): take 5 (3)
    (4, b([0, 2, 2, 13, 0, 0, 12], [0, 2, 1, 0, 13, 1, 1]), [11, 26], 1),
    (12, b([0, 0, 2, 13, 0, 0, 12], [0, 2, 1, 0, 13, 0, 2]), [11, 28], 0),  # 13; 0 empty: take 1
    (2, b([0, 0, 0, 14, 1, 0, 0], [0, 2, 1, 0, 13, 0, 2]), [23, 28], 1),  # 3, 4; 5 empty: take 6
])

# Tchuka Ruma: 4 holes of 2, CCW through your own store, LAPPER, no captures; the
# first player to empty their own row wins.
TCHUKA_RUMA = Script([
    (2, b([2, 2, 0, 3], [2, 2, 2, 2]), [1, 0], 0),  # 3, store
    # 3: store, 4, 5 (3: lift) -> 6, 7, 0 (3: lift) -> 1, 2, 3; 3 was emptied: stop
    (3, b([0, 3, 1, 1], [3, 0, 3, 3]), [2, 0], 1),
    # 7: store, 0, 1 (4: lift) -> 2, 3, (South's store skipped) 4, 5; 5 empty: stop
    (7, b([1, 0, 2, 2], [4, 1, 3, 0]), [2, 1], 0),
    # 3: store, 4 (5: lift) -> 5, 6, 7, 0, 1; 1 empty: stop
    (3, b([2, 1, 2, 0], [0, 2, 4, 1]), [3, 1], 1),
    (7, b([2, 1, 2, 0], [0, 2, 4, 0]), [3, 2], 1),
    (5, b([2, 1, 2, 0], [0, 0, 5, 1]), [3, 2], 0),
    (2, b([2, 1, 0, 1], [0, 0, 5, 1]), [4, 2], 0),
    (3, b([2, 1, 0, 0], [0, 0, 5, 1]), [5, 2], 0),
    (1, b([2, 0, 1, 0], [0, 0, 5, 1]), [5, 2], 1),
    (7, b([2, 0, 1, 0], [0, 0, 5, 0]), [5, 3], 1),
    # 6: 7, store, 0, 1, 2 (2: lift) -> 3, 4; 4 empty: stop
    (6, b([3, 1, 0, 1], [1, 0, 0, 1]), [5, 4], 0),
    (3, b([3, 1, 0, 0], [1, 0, 0, 1]), [6, 4], 0),
    (1, b([3, 0, 1, 0], [1, 0, 0, 1]), [6, 4], 1),
    (7, b([3, 0, 1, 0], [1, 0, 0, 0]), [6, 5], 1),
    (4, b([3, 0, 1, 0], [0, 1, 0, 0]), [6, 5], 0),
    (2, b([3, 0, 0, 1], [0, 1, 0, 0]), [6, 5], 1),
    (5, b([3, 0, 0, 1], [0, 0, 1, 0]), [6, 5], 0),
    (3, b([3, 0, 0, 0], [0, 0, 1, 0]), [7, 5], 0),
    (0, b([0, 1, 1, 1], [0, 0, 1, 0]), [7, 5], 1),
    (6, b([0, 1, 1, 1], [0, 0, 0, 1]), [7, 5], 0),
    (3, b([0, 1, 1, 0], [0, 0, 0, 1]), [8, 5], 0),
    (2, b([0, 1, 0, 1], [0, 0, 0, 1]), [8, 5], 1),
    # North's last seed goes to its store: its row is empty, North wins (no collection)
    (7, b([0, 1, 0, 1], [0, 0, 0, 0]), [8, 6], 1, {"outcome": ("WIN", 1)}),
])

# ---------------------------------------------------------------------------------
# Awale grand slams that spare one hole. South's 5 (6 seeds) makes every North hole
# two: the chain takes all six, a grand slam. South sees North's row from its own
# side: hole 11 on its left, hole 6 on its right.
# ---------------------------------------------------------------------------------

GS_ALL_BOARD = b([3, 2, 1, 0, 0, 6], [1, 1, 1, 1, 1, 1])
GS_ALL_STORES = [10, 20]

AWALE_GS_LEAVE_LEFT = Script([
    # 6..10 taken (10), North keeps hole 11 (2)
    (5, b([3, 2, 1, 0, 0, 0], [0, 0, 0, 0, 0, 2]), [20, 20], 1),
    # 2 from 11: 0 (3 -> 4), 1 (2 -> 3): 1 taken, 0 (4) stops the chain. North is now
    # empty and no South move reaches it (0 sows 1..4, 2 sows 3): the game ends and
    # South keeps its 5: 25 to 23
    (11, b([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]), [25, 23], 0, {"outcome": ("WIN", 0)}),
], board=GS_ALL_BOARD, stores=GS_ALL_STORES)

AWALE_GS_LEAVE_RIGHT = Script([
    # 7..11 taken (10), North keeps hole 6 (2)
    (5, b([3, 2, 1, 0, 0, 0], [2, 0, 0, 0, 0, 0]), [20, 20], 1),
    (6, b([3, 2, 1, 0, 0, 0], [0, 1, 1, 0, 0, 0]), [20, 20], 0),  # 7, 8: North's own
    (0, b([0, 3, 2, 1, 0, 0], [0, 1, 1, 0, 0, 0]), [20, 20], 1),
    (8, b([0, 3, 2, 1, 0, 0], [0, 1, 0, 1, 0, 0]), [20, 20], 0),
    (1, b([0, 0, 3, 2, 1, 0], [0, 1, 0, 1, 0, 0]), [20, 20], 1),
], board=GS_ALL_BOARD, stores=GS_ALL_STORES)

# ---------------------------------------------------------------------------------
# More Kalah sizes (same rules as the Kalah family above).
# ---------------------------------------------------------------------------------

# Kalah 2: 6 pits of 2, 24 seeds.
KALAH_2 = Script([
    (4, b([2, 2, 2, 2, 0, 3], [2, 2, 2, 2, 2, 2]), [1, 0], 0),  # 5, store: again
    (5, b([2, 2, 2, 2, 0, 0], [3, 3, 2, 2, 2, 2]), [2, 0], 1),  # store, 6, 7
    (10, b([2, 2, 2, 2, 0, 0], [3, 3, 2, 2, 0, 3]), [2, 1], 1),  # 11, store: again
    (11, b([3, 3, 2, 2, 0, 0], [3, 3, 2, 2, 0, 0]), [2, 2], 0),  # store, 0, 1
    (2, b([3, 3, 0, 3, 0, 0], [3, 0, 2, 2, 0, 0]), [6, 2], 1),  # 4 empty, faces 7 (3)
    (8, b([3, 0, 0, 3, 0, 0], [3, 0, 0, 3, 0, 0]), [6, 6], 0),  # 10 empty, faces 1 (3)
    (3, b([3, 0, 0, 0, 1, 1], [3, 0, 0, 3, 0, 0]), [7, 6], 0),  # 4, 5, store
    (5, b([3, 0, 0, 0, 1, 0], [3, 0, 0, 3, 0, 0]), [8, 6], 0),
    (4, b([3, 0, 0, 0, 0, 0], [0, 0, 0, 3, 0, 0]), [12, 6], 1),  # 5 empty, faces 6 (3)
    (9, b([3, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1]), [12, 7], 1),  # 10, 11, store
    (11, b([3, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0]), [12, 8], 1),
    # 11 empty, faces 0 (3): 4 to North. The board is empty, South cannot move: 12-12
    (10, b([0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]), [12, 12], 1, {"outcome": ("TIE", None)}),
])

# Kalah 4 Pits 3: South 0..3, North 4..7, i faces 7-i; 24 seeds.
KALAH_4_PITS_3 = Script([
    (1, b([3, 0, 4, 4], [3, 3, 3, 3]), [1, 0], 0),  # 2, 3, store: again
    (3, b([3, 0, 4, 0], [4, 4, 4, 3]), [2, 0], 1),  # store, 4, 5, 6
    # 4 from 5: 6, 7, store, 0; South's 0 gets the last seed: nothing for North
    (5, b([4, 0, 4, 0], [4, 0, 5, 4]), [2, 1], 0),
    (0, b([0, 1, 5, 1], [4, 0, 5, 4]), [3, 1], 0),  # 1, 2, 3, store: again
    (3, b([0, 1, 5, 0], [4, 0, 5, 4]), [4, 1], 0),
    (2, b([0, 1, 0, 1], [5, 1, 6, 4]), [5, 1], 1),  # 3, store, 4, 5, 6
    (4, b([1, 1, 0, 1], [0, 2, 7, 5]), [5, 2], 0),  # 5, 6, 7, store, 0
    (1, b([1, 0, 0, 1], [0, 0, 7, 5]), [8, 2], 1),  # 2 empty, faces 5 (2)
    (7, b([2, 1, 1, 2], [0, 0, 7, 0]), [8, 3], 0),  # store, 0..3
    (3, b([2, 1, 1, 0], [1, 0, 7, 0]), [9, 3], 1),  # store, 4
    (4, b([2, 1, 0, 0], [0, 0, 7, 0]), [9, 5], 0),  # 5 empty, faces 2 (1)
    (1, b([2, 0, 1, 0], [0, 0, 7, 0]), [9, 5], 1),  # 2 empty, faces empty 5: the seed stays
    # 7 from 6: 7, store, 0..3, (South's store skipped) 4; 4 empty, faces 3 (now 1)
    (6, b([3, 1, 2, 0], [0, 0, 0, 1]), [9, 8], 0),
])

# Kalah 5 Pits: South 0..4, North 5..9, i faces 9-i; 40 seeds, 21 win.
KALAH_5_PITS = Script([
    (1, b([4, 0, 5, 5, 5], [4, 4, 4, 4, 4]), [1, 0], 0),  # 2, 3, 4, store: again
    (4, b([4, 0, 5, 5, 0], [5, 5, 5, 5, 4]), [2, 0], 1),  # store, 5..8
    (6, b([5, 0, 5, 5, 0], [5, 0, 6, 6, 5]), [2, 1], 0),  # 7, 8, 9, store, 0
    (0, b([0, 1, 6, 6, 1], [5, 0, 6, 6, 5]), [3, 1], 0),  # 1..4, store: again
    (4, b([0, 1, 6, 6, 0], [5, 0, 6, 6, 5]), [4, 1], 0),
    (2, b([0, 1, 0, 7, 1], [6, 1, 7, 6, 5]), [5, 1], 1),  # 3, 4, store, 5, 6, 7
    (5, b([1, 1, 0, 7, 1], [0, 2, 8, 7, 6]), [5, 2], 0),  # 6..9, store, 0
    (1, b([1, 0, 0, 7, 1], [0, 2, 0, 7, 6]), [14, 2], 1),  # 2 empty, faces 7 (8)
    (6, b([1, 0, 0, 7, 1], [0, 0, 1, 8, 6]), [14, 2], 0),  # 7, 8: no capture
    (4, b([1, 0, 0, 7, 0], [0, 0, 1, 8, 6]), [15, 2], 0),
    # 1 empty, faces 8 (8): 9 to the store, 24 > 20: South wins; the board goes to the
    # hole owners (South 7, North 7)
    (0, b([0, 0, 0, 0, 0], [0, 0, 0, 0, 0]), [31, 9], 0, {"outcome": ("WIN", 0)}),
])

# ---------------------------------------------------------------------------------
# Lamlameta: 12 holes of 3 (South 0..11, North 12..23), CCW, no store sowing, LAPPER;
# a lap whose last seed makes four stops and takes those four, on either side.
# Boards below list South 0..11, then North 12..23.
# ---------------------------------------------------------------------------------

LAMLAMETA = Script([
    # 1, 2, 3 (4): taken
    (0, b([0, 4, 4, 0, 3, 3, 3, 3, 3, 3, 3, 3], [3] * 12), [4, 0], 1),
    (12, b([0, 4, 4, 0, 3, 3, 3, 3, 3, 3, 3, 3], [0, 4, 4, 0, 3, 3, 3, 3, 3, 3, 3, 3]), [4, 4], 0),
    (5, b([0, 4, 4, 0, 3, 0, 4, 4, 0, 3, 3, 3], [0, 4, 4, 0, 3, 3, 3, 3, 3, 3, 3, 3]), [8, 4], 1),
    # 23: 0, 1, 2 (5: lift) -> 3..7 (5: lift) -> 8..11, 12; 12 was empty: stop
    (23, b([1, 5, 0, 1, 4, 1, 5, 0, 1, 4, 4, 4], [1, 4, 4, 0, 3, 3, 3, 3, 3, 3, 3, 0]), [8, 4], 0),
    # 4: 5..8 (2: lift) -> 9, 10 (5: lift) -> 11..15; 15 was empty: stop
    (4, b([1, 5, 0, 1, 0, 2, 6, 1, 0, 5, 0, 5], [2, 5, 5, 1, 3, 3, 3, 3, 3, 3, 3, 0]), [8, 4], 1),
    (16, b([1, 5, 0, 1, 0, 2, 6, 1, 0, 5, 0, 5], [2, 5, 5, 1, 0, 4, 4, 0, 3, 3, 3, 0]), [8, 8], 0),
    (7, b([1, 5, 0, 1, 0, 2, 6, 0, 1, 5, 0, 5], [2, 5, 5, 1, 0, 4, 4, 0, 3, 3, 3, 0]), [8, 8], 1),
    # 22: 23, 0, 1 (6: lift) -> 2..7; 7 was empty: stop
    (22, b([2, 0, 1, 2, 1, 3, 7, 1, 1, 5, 0, 5], [2, 5, 5, 1, 0, 4, 4, 0, 3, 3, 0, 1]), [8, 8], 0),
    (3, b([2, 0, 1, 0, 2, 0, 7, 1, 1, 5, 0, 5], [2, 5, 5, 1, 0, 4, 4, 0, 3, 3, 0, 1]), [12, 8], 1),
    # 12: 13, 14 (6: lift) -> 15..20; 20 makes four: taken
    (12, b([2, 0, 1, 0, 2, 0, 7, 1, 1, 5, 0, 5], [0, 6, 0, 2, 1, 5, 5, 1, 0, 3, 0, 1]), [12, 12], 0),
    (9, b([2, 0, 1, 0, 2, 0, 7, 1, 1, 0, 1, 6], [1, 7, 1, 2, 1, 5, 5, 1, 0, 3, 0, 1]), [12, 12], 1),
    # 21: 22, 23, 0 (3: lift) -> 1, 2, 3; 3 was empty: stop
    (21, b([0, 1, 2, 1, 2, 0, 7, 1, 1, 0, 1, 6], [1, 7, 1, 2, 1, 5, 5, 1, 0, 0, 1, 2]), [12, 12], 0),
])

# ---------------------------------------------------------------------------------
# Bao (two rows): 8 holes of 2 (South 0..7, North 8..15, i faces 15-i), every hole
# chooses its direction (CW runs ..., 1, 0, 15, 14, ...), LAPPER, a move needs two
# seeds, a last seed in an empty hole of one's own takes the facing seeds (the seed
# stays), DEPRIVE: "stores" count the seeds taken out of play.
# ---------------------------------------------------------------------------------

BAO = Script([
    # 3 CCW: 4, 5 (3: lift) -> 6, 7, 8 (3) -> 9, 10, 11 (3) -> 12, 13, 14 (3) -> 15, 0,
    # 1 (3) -> 2, 3, 4 (4) -> 5, 6, 7, 8; 8 was emptied, North's: the turn ends
    ([3, "CCW"], b([3, 0, 3, 1, 0, 1, 4, 4], [1, 3, 3, 0, 3, 3, 0, 3]), [0, 0], 1),
    # 9 CCW: 10, 11, 12 (4) -> 13, 14, 15, 0 (4) -> 1, 2, 3, 4; 4 was empty, South's
    ([9, "CCW"], b([0, 1, 4, 2, 1, 1, 4, 4], [1, 0, 4, 1, 0, 4, 1, 4]), [0, 0], 0),
    ([1, "CW"], ILLEGAL),  # a single seed may not start a move
    # 3 CW: 2, 1 (2) -> 0, 15 (5) -> 14..10 (5) -> 9..5 (2) -> 4, 3; 3 was emptied:
    # it faces 12 (1), which is taken out of play; the last seed stays
    ([3, "CW"], b([1, 0, 5, 1, 2, 0, 5, 5], [2, 1, 0, 2, 0, 5, 2, 0]), [1, 0], 1),
    # 11 CW (North's CW runs 10, 9, ...): 10, 9 (2) -> 8, 7 (6) -> 6..1; 1 is South's
    ([11, "CW"], b([1, 1, 6, 2, 3, 1, 6, 0], [3, 0, 1, 0, 0, 5, 2, 0]), [1, 0], 0),
    # 4 CCW: 5, 6, 7; 7 was empty: takes the 3 in 8
    ([4, "CCW"], b([1, 1, 6, 2, 0, 2, 7, 1], [0, 0, 1, 0, 0, 5, 2, 0]), [4, 0], 1),
    # 13 CCW: 14, 15, 0, 1, 2 (7) -> 3..9; 9 was empty, North's: takes the 8 in 6
    ([13, "CCW"], b([2, 2, 0, 3, 1, 3, 0, 2], [1, 1, 1, 0, 0, 0, 3, 1]), [4, 8], 0),
    # 5 CCW: 6, 7, 8 (2) -> 9, 10 (2) -> 11, 12; 12 was empty, North's: the turn ends
    ([5, "CCW"], b([2, 2, 0, 3, 1, 0, 1, 3], [0, 2, 0, 1, 1, 0, 3, 1]), [4, 8], 1),
    # 14 CW: 13, 12, 11 (2) -> 10, 9 (3) -> 8, 7, 6 (2) -> 5, 4 (2) -> 3, 2; South's
    ([14, "CW"], b([2, 2, 1, 4, 0, 1, 0, 4], [1, 0, 1, 0, 2, 1, 0, 1]), [4, 8], 0),
    # 3 CW: 2, 1, 0, 15 (2) -> 14, 13 (2) -> 12, 11; 11 was empty, North's
    ([3, "CW"], b([3, 3, 2, 0, 0, 1, 0, 4], [1, 0, 1, 1, 3, 0, 1, 0]), [4, 8], 1),
    # 12 CCW: 13, 14, 15; 15 was empty: takes the 3 in 0
    ([12, "CCW"], b([0, 3, 2, 0, 0, 1, 0, 4], [1, 0, 1, 1, 0, 1, 2, 1]), [4, 11], 0),
    # 7 CCW: 8..11 (2) -> 12, 13 (2) -> 14, 15 (2) -> 0, 1 (4) -> 2..5 (2) -> 6, 7;
    # 7 was emptied: takes the 2 in 8
    ([7, "CCW"], b([1, 0, 3, 1, 1, 0, 1, 1], [0, 1, 2, 0, 1, 0, 3, 0]), [6, 11], 1),
    ([14, "CCW"], b([2, 1, 3, 1, 1, 0, 1, 1], [0, 1, 2, 0, 1, 0, 0, 1]), [6, 11], 0),  # 15, 0, 1
    # 2 CW: 1, 0, 15 (2) -> 14, 13; North's
    ([2, "CW"], b([3, 2, 0, 1, 1, 0, 1, 1], [0, 1, 2, 0, 1, 1, 1, 0]), [6, 11], 1),
    # 10 CW: 9, 8; 8 was empty: takes the 1 in 7
    ([10, "CW"], b([3, 2, 0, 1, 1, 0, 1, 0], [1, 2, 0, 0, 1, 1, 1, 0]), [6, 12], 0),
])

# South's 5 CCW ends in its empty 7 and takes North's only playable hole (8, two
# seeds): North has no hole of two and South, the last to move, wins.
BAO_DEPRIVE = Script([
    ([6, "CCW"], ILLEGAL),  # empty
    ([5, "CCW"], b([0, 0, 0, 0, 0, 0, 1, 1], [0, 1, 0, 0, 0, 0, 0, 1]), [12, 10], 0,
     {"outcome": ("WIN", 0)}),
], board=b([0, 0, 0, 0, 0, 2, 0, 0], [2, 1, 0, 0, 0, 0, 0, 1]), stores=[10, 10])

# ---------------------------------------------------------------------------------
# Rounds with burnt holes (rounds NO_MOVES, blocks, round_fill LEFT_FILL): a round
# ends when the player to move has nothing to play; the board goes to the hole
# owners. The next round is started by the other player than the round before
# (ALTERNATE); each player fills holes from their own left with nbr_start seeds as
# far as their seeds go, the rest to their store, and the empty holes are blocked;
# a player who cannot fill one hole loses the game. Sowing passes over blocked holes.
# ---------------------------------------------------------------------------------

# The 7 x 7 clockwise family (Dakon, Congkak, Congklak, Sungka in rounds); the main
# script is CONGKLAK, which ends no round.
SE_ROUND_END = Script([
    # 0 CW: South's store: another turn, but South has nothing left: the round ends,
    # North's 2 go to North; South won the round with 61 to 37
    (0, b([0] * 7, [0] * 7), [61, 37], 0, {"outcome": ("ROUND_WIN", 0)}),
    # North starts round 2. South fills 7 holes (49, 12 to the store), North 5 (35, 2
    # left); North's 12 and 13 are burnt
    (NEXT_ROUND, b([7] * 7, [7, 7, 7, 7, 7, 0, 0]), [12, 2], 1,
     {"blocked": [False] * 12 + [True, True]}),
], board=b([1, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0, 0]), stores=[60, 35])

SE_GAME_END = Script([
    # as above, but North ends the round with 5 seeds: not one hole's worth, South wins
    (0, b([0] * 7, [0] * 7), [93, 5], 0, {"outcome": ("WIN", 0)}),
], board=b([1, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0, 0]), stores=[92, 3])

# Gabata: 6 holes of 3, CCW, no store sowing, LAPPER, a last seed in an empty hole of
# one's own takes the facing seeds (the seed stays). 36 seeds.
GABATA = Script([
    # 1, 2, 3 (4) -> 4..7 (4) -> 8..11 (4) -> 0..3; 3 was emptied: takes 8 (4)
    (0, b([1, 5, 5, 1, 4, 4], [4, 0, 0, 4, 4, 0]), [4, 0], 1),
    # 7..10 (5) -> 11, 0..3 (2) -> 4, 5 (5) -> 6..10; 10 was emptied: takes 1 (6)
    (6, b([2, 0, 6, 0, 5, 0], [1, 2, 2, 6, 1, 1]), [4, 6], 0),
    # 1, 2 (7) -> 3..9 (7) -> 10, 11, 0..4 (7) -> 5..11 (3) -> 0, 1, 2 (2) -> 3, 4;
    # 4 was emptied: takes 7 (4)
    (0, b([2, 3, 0, 3, 1, 2], [3, 0, 4, 1, 3, 0]), [8, 6], 1),
    (9, b([3, 4, 1, 3, 1, 2], [3, 0, 4, 0, 0, 1]), [8, 6], 0),  # 10 (4) -> 11, 0, 1, 2
    # 5 (3) -> 6, 7, 8 (5) -> 9..1 (5) -> 2..6 (5) -> 7..11 (3) -> 0, 1, 2 (3) -> 3, 4,
    # 5 (2) -> 6, 7 (3) -> 8, 9, 10 (3) -> 11, 0, 1 (2) -> 2, 3 (6) -> 4..9 (4) ->
    # 10, 11, 0, 1; 1 was emptied: takes 10 (1)
    (4, b([7, 1, 1, 0, 3, 1], [2, 1, 3, 0, 0, 2]), [9, 6], 1),
    # 8 (4) -> 9, 10, 11, 0 (8) -> 1..8; 8 was emptied: takes 3 (1)
    (7, b([0, 2, 2, 0, 4, 2], [3, 1, 1, 1, 1, 3]), [9, 7], 0),
    # 6, 7 (2) -> 8, 9 (2) -> 10, 11 (4) -> 0..3; 3 was empty: takes 8 (2)
    (5, b([1, 3, 3, 1, 4, 0], [4, 0, 0, 0, 2, 0]), [11, 7], 1),
    # 11, 0 (2) -> 1, 2 (4) -> 3..6 (5) -> 7..11 (2) -> 0, 1 (5) -> 2..6; 6 was
    # emptied: takes 5 (2)
    (10, b([1, 0, 1, 3, 6, 0], [1, 1, 1, 1, 1, 0]), [11, 9], 0),
    # 3 (4) -> 4..7 (2) -> 8, 9 (2) -> 10, 11; North's
    (2, b([1, 0, 0, 0, 7, 1], [2, 0, 2, 0, 2, 1]), [11, 9], 1),
    (11, b([0, 1, 1, 0, 7, 1], [2, 0, 2, 0, 2, 0]), [11, 9], 0),  # 0 (2) -> 1, 2
    # 2 (2) -> 3, 4 (8) -> 5..11, 0; 0 was empty: takes 11 (1)
    (1, b([1, 0, 0, 1, 0, 2], [3, 1, 3, 1, 3, 0]), [12, 9], 1),
    (8, b([0, 0, 0, 1, 0, 2], [3, 1, 0, 2, 4, 1]), [12, 10], 0),  # 11 empty: takes 0 (1)
])

GABATA_ROUND = Script([
    # 5 was empty: takes North's last seed; North cannot move: the round ends, South's
    # seed in 5 goes to South: 22 to 14
    (4, b([0] * 6, [0] * 6), [22, 14], 0, {"outcome": ("ROUND_WIN", 0)}),
    # North starts round 2; South fills 6 holes (4 left), North 4 (2 left): 10 and 11
    # are out of play
    (NEXT_ROUND, b([3] * 6, [3, 3, 3, 3, 0, 0]), [4, 2], 1,
     {"blocked": [False] * 10 + [True, True]}),
    # 9: (10, 11 passed over) 0, 1, 2 (4) -> 3..6 (4) -> 7, 8, 9, 0 (5) -> 1..5 (5) ->
    # 6..9, 0; South's emptied 0: the turn ends
    (9, b([1, 5, 1, 5, 5, 0], [1, 5, 5, 2, 0, 0]), [4, 2], 0),
    # 3 (6) -> 4..9 (3) -> 0, 1, 2; 2 was emptied, but 9 (facing) was just lifted
    (2, b([2, 6, 1, 0, 6, 1], [2, 6, 6, 0, 0, 0]), [4, 2], 1),
], board=b([0, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 0]), stores=[20, 14])


def _ccw(script: Script) -> Script:
    """The same play with every move's direction given as CCW (all holes udir)."""
    steps = [(s[0] if s[0] == NEXT_ROUND else [s[0], "CCW"], *s[1:]) for s in script.steps]
    return Script(steps, script.board, script.stores, script.starter)


# Giuthi: Gabata's rules with the direction chosen for every hole.
GIUTHI = Script([
    *_ccw(GABATA).steps,
    # 5 CW: 4, 3 (2) -> 2, 1; 1 was empty: takes 10 (4)
    ([5, "CW"], b([0, 1, 1, 0, 1, 0], [3, 1, 0, 2, 0, 1]), [16, 10], 1),
])
GIUTHI_ROUND = _ccw(GABATA_ROUND)

# ---------------------------------------------------------------------------------
# Children. `kids(size, {hole: player})` is the per-hole children list.
# ---------------------------------------------------------------------------------


def kids(size: int, owned: dict[int, int]) -> list[int | None]:
    return [owned.get(h) for h in range(size)]


# Toguz Kumalak / Korgool: 9 holes of 9 (South 0..8, North 9..17), CCW, the first seed
# back into the start hole, a lone seed moves one on; a last seed that makes an even
# count on the opponent's side takes it; one that makes three there makes a tuzdyk
# (one per player, not the opponent's last hole, not the hole numbered like the
# opponent's tuzdyk). A tuzdyk keeps what is sown into it for its owner. 162 seeds.
TOGUZ = Script([
    (4, b([9, 9, 9, 9, 1, 10, 10, 10, 10], [10, 10, 10, 0, 9, 9, 9, 9, 9]), [10, 0], 1),  # 12 (10)
    (13, b([10, 10, 10, 0, 1, 10, 10, 10, 10], [10, 10, 10, 0, 1, 10, 10, 10, 10]), [10, 10], 0),
    (5, b([10, 10, 10, 0, 1, 1, 11, 11, 11], [11, 11, 11, 1, 2, 11, 10, 10, 10]), [10, 10], 1),
    (17, b([11, 11, 11, 1, 2, 2, 12, 12, 0], [11, 11, 11, 1, 2, 11, 10, 10, 1]), [10, 22], 0),  # 8 (12)
    (0, b([1, 12, 12, 2, 3, 3, 13, 13, 1], [12, 0, 11, 1, 2, 11, 10, 10, 1]), [22, 22], 1),  # 10 (12)
    # 11 seeds from 11: 11..17, 0..3; 3 (2 -> 3) becomes North's tuzdyk
    (11, b([2, 13, 13, 3, 3, 3, 13, 13, 1], [12, 0, 1, 2, 3, 12, 11, 11, 2]), [22, 22], 0,
     {"children": kids(18, {3: 1})}),
    (6, b([3, 13, 13, 3, 3, 3, 1, 14, 2], [13, 1, 2, 3, 4, 13, 12, 12, 3]), [22, 22], 1),
    (17, b([4, 0, 13, 3, 3, 3, 1, 14, 2], [13, 1, 2, 3, 4, 13, 12, 12, 1]), [22, 36], 0),  # 1 (14)
    # 13 from 2: 2..14, one into North's tuzdyk 3; 14 (14) taken
    (2, b([4, 0, 1, 4, 4, 4, 2, 15, 3], [14, 2, 3, 4, 5, 0, 12, 12, 1]), [36, 36], 1),
    (9, b([5, 1, 2, 5, 5, 4, 2, 15, 3], [1, 3, 4, 5, 6, 1, 13, 13, 2]), [36, 36], 0),
    (3, ILLEGAL),  # North's tuzdyk
    (8, b([5, 1, 2, 5, 5, 4, 2, 15, 1], [2, 0, 4, 5, 6, 1, 13, 13, 2]), [40, 36], 1),  # 10 (4)
    (17, b([0, 1, 2, 5, 5, 4, 2, 15, 1], [2, 0, 4, 5, 6, 1, 13, 13, 1]), [40, 42], 0),  # 0 (6)
    # a lone seed moves on: 9 (2 -> 3) becomes South's tuzdyk (9 and North's 3 are not
    # numbered alike: South's 4th hole would mirror it, North's 4th is 12)
    (8, b([0, 1, 2, 5, 5, 4, 2, 15, 0], [3, 0, 4, 5, 6, 1, 13, 13, 1]), [40, 42], 1,
     {"children": kids(18, {3: 1, 9: 0})}),
])

# A last seed making three in the opponent's last hole (17) makes no tuzdyk.
TOGUZ_LAST_HOLE = Script([
    (8, b([9] * 8 + [1], [10] * 8 + [3]), [3, 3], 1, {"children": [None] * 18}),
    (17, b([10, 0, 9, 9, 9, 9, 9, 9, 1], [10] * 8 + [1]), [3, 13], 0),  # 1 (10)
    (8, b([10, 0, 9, 9, 9, 9, 9, 9, 0], [11, 10, 10, 10, 10, 10, 10, 10, 1]), [3, 13], 1),
], board=b([9] * 8 + [10], [9] * 8 + [2]), stores=[3, 3])

# Qelat: 6 holes of 4, CCW, LAPPER, no stores; a lap whose last seed makes four in an
# end hole (either player) or in the opponent's second hole from either end makes a
# walda of the mover's; a lap ending in any walda ends the sow. 48 seeds.
QELAT = Script([
    # 1..4 (5) -> 5..9 (5) -> 10, 11, 0, 1, 2 (6) -> 3..8 (6) -> 9..2; 2 was emptied
    (0, b([2, 7, 1, 6, 1, 6], [6, 6, 0, 1, 6, 6]), [0, 0], 1),
    # 10 (7) -> 11, 0..5 (7) -> 6..11, 0: 0 makes four: North's walda
    (9, b([4, 8, 2, 7, 2, 0], [7, 7, 1, 1, 1, 8]), [0, 0], 0, {"children": kids(12, {0: 1})}),
    # 3, 4 (3) -> 5, 6, 7 (8) -> 8..3 (9) -> 4..11, 0: the lap ends in a walda
    (2, b([6, 9, 1, 0, 1, 2], [9, 1, 3, 3, 3, 10]), [0, 0], 1),
    # 8 makes four, but no walda may be made there: lifted, 9, 10, 11, 0 (a walda)
    (7, b([7, 9, 1, 0, 1, 2], [9, 0, 0, 4, 4, 11]), [0, 0], 0),
    (4, b([7, 9, 1, 0, 0, 0], [10, 1, 1, 4, 4, 11]), [0, 0], 1),  # 5 (3) -> 6, 7, 8
    # 10..1 (10) -> 2..11 (13) -> 0..11, 0: walda
    (9, b([10, 1, 3, 2, 2, 2], [12, 3, 3, 2, 7, 1]), [0, 0], 0),
    # 6, 7: 7 (North's second hole) makes four: South's walda
    (5, b([10, 1, 3, 2, 2, 0], [13, 4, 3, 2, 7, 1]), [0, 0], 1,
     {"children": kids(12, {0: 1, 7: 0})}),
    # 9..11 (2) -> 0, 1 (2) -> 2, 3 (3) -> 4, 5, 6 (14) -> 7..8 (2) -> 9, 10 (10) -> 11..8
    (8, b([13, 2, 6, 2, 5, 3], [2, 7, 1, 5, 0, 2]), [0, 0], 0),
    (3, b([13, 2, 6, 0, 6, 4], [2, 7, 1, 5, 0, 2]), [0, 0], 1,  # 4, 5: an end hole
     {"children": kids(12, {0: 1, 5: 0, 7: 0})}),
    (8, b([14, 3, 7, 1, 6, 4], [2, 7, 0, 0, 1, 3]), [0, 0], 0),  # 9 (6) -> 10..3
    (0, ILLEGAL),  # North's walda
    (5, ILLEGAL),  # South's own walda
    # 4 (7) -> 5..11: 11 makes four: an end hole, South's walda
    (3, b([14, 3, 7, 0, 0, 5], [3, 8, 1, 1, 2, 4]), [0, 0], 1,
     {"children": kids(12, {0: 1, 5: 0, 7: 0, 11: 0})}),
    (10, b([15, 3, 7, 0, 0, 5], [3, 8, 1, 1, 0, 5]), [0, 0], 0),  # 11 (South's), 0: walda
])

# Weg: 6 holes of 4, CCW, LAPPER, territory (South owns 0..5, North 6..11); a lap whose
# last seed makes four in a hole the opponent owns makes a weg of the mover's; a lap
# ending in an opponent's weg takes that seed and one more and gives another turn;
# one ending in one's own weg ends the sow. mustshare; a round ends when neither
# player can move. 48 seeds.
WEG = Script([
    (2, b([6, 6, 2, 7, 1, 6], [1, 6, 6, 6, 0, 1]), [0, 0], 1),
    # 7 (7) -> 8..2 (3) -> 3, 4, 5 (7) -> 6..0 (8) -> 1..8 (9) -> 9..5 (2) -> 6, 7 (3) ->
    # 8, 9, 10 (four, but North's own hole) -> 11, 0, 1, 2 (3) -> 3, 4, 5
    (6, b([2, 10, 0, 11, 5, 1], [3, 0, 1, 10, 0, 5]), [0, 0], 0),
    (5, b([2, 10, 0, 11, 5, 0], [4, 0, 1, 10, 0, 5]), [0, 0], 1,  # 6 makes four: South's weg
     {"children": kids(12, {6: 0})}),
    (8, b([3, 11, 1, 12, 6, 1], [5, 1, 1, 0, 1, 6]), [0, 0], 0),  # 9 (11) -> 10..8
    # 3 (13) -> 4..4 (8) -> 5..0 (5) -> 1..5 (four, South's own) -> 6..9 (3) -> 10, 11, 0
    (2, b([1, 13, 2, 2, 1, 0], [8, 4, 4, 0, 4, 9]), [0, 0], 1),
    (8, b([0, 14, 0, 3, 2, 1], [8, 4, 0, 1, 5, 10]), [0, 0], 0),  # 0 (2) -> 1, 2 (3) -> 3, 4, 5
    (5, b([0, 14, 0, 3, 2, 0], [9, 4, 0, 1, 5, 10]), [0, 0], 1),  # into its own weg: the end
    # 10 (6) -> 11..4 (3) -> 5, 6, 7 (5) -> 8..0 (2) -> 1, 2 (2) -> 3, 4
    (9, b([0, 16, 0, 5, 1, 1], [10, 0, 1, 1, 1, 12]), [0, 0], 0),
    (4, b([0, 16, 0, 5, 0, 0], [11, 1, 1, 1, 1, 12]), [0, 0], 1),  # 5 (2) -> 6, 7
    (11, b([1, 17, 1, 6, 1, 1], [12, 2, 2, 2, 2, 1]), [0, 0], 0),  # 0..10, 11 (emptied)
    # 1 (18) -> 2..11, 0..7: 7 makes four: a second weg for South
    (0, b([1, 1, 3, 8, 3, 3], [14, 4, 3, 3, 3, 2]), [0, 0], 1,
     {"children": kids(12, {6: 0, 7: 0})}),
    # 10, 11, 0 (2) -> 1, 2: 2 makes four in South's hole: North's weg
    (9, b([0, 2, 4, 8, 3, 3], [14, 4, 3, 0, 4, 3]), [0, 0], 0,
     {"children": kids(12, {2: 1, 6: 0, 7: 0})}),
    # 2 (North's weg keeps the seed), 3 (9) -> 4..0
    (1, b([1, 0, 5, 0, 4, 4], [15, 5, 4, 1, 5, 4]), [0, 0], 1),
])

WEG_CAPTURE = Script([
    (4, b([1, 0, 3, 0, 0, 1], [4, 0, 0, 0, 1, 1]), [15, 15], 1,  # 5, 6: South's weg
     {"children": kids(12, {6: 0})}),
    (11, b([0, 1, 4, 0, 0, 1], [4, 0, 0, 0, 1, 0]), [15, 15], 0,  # 0 (2) -> 1, 2: North's weg
     {"children": kids(12, {2: 1, 6: 0})}),
    # ends in North's weg: South takes that seed and one more and moves again
    (1, b([0, 0, 3, 0, 0, 1], [4, 0, 0, 0, 1, 0]), [17, 15], 0),
    # into its own weg. South has nothing left to play, and North's only move (10 -> 11)
    # would not feed it (mustshare): neither player can move and the round ends. Wegs go
    # to their owners (South 5, North 3), North's seed in 10 to North: 22 to 19
    (5, b([0] * 6, [0] * 6), [22, 19], 0, {"outcome": ("ROUND_WIN", 0)}),
], board=b([1, 0, 3, 0, 2, 0], [3, 0, 0, 0, 1, 1]), stores=[15, 15])

# ---------------------------------------------------------------------------------
# Sow rules.
# ---------------------------------------------------------------------------------

# Ba-awa: 6 holes of 4, CCW, LAPPER, OWN_SOW_CAPT_ALL with capt_on 4: a seed that makes
# four (not the last of a lap) gives the hole to its owner at once; a lap whose last
# seed makes four is taken by the sower and ends the sow. 48 seeds, 25 win.
BA_AWA = Script([
    # 2..5 (5) -> 6..10 (5) -> 11, 0..3 (6) -> 4..9 (6) -> 10, 11, 0..3; no four
    (1, b([6, 2, 7, 1, 6, 1], [6, 6, 6, 0, 1, 6]), [0, 0], 1),
    # 11 (7) -> 0..6 (7) -> 7..11, 0, 1: the last seed makes four in 1: North takes it
    (10, b([8, 0, 8, 2, 7, 2], [0, 7, 7, 1, 1, 1]), [0, 4], 0),
    # 4, 5 (3) -> 6, 7, 8 (8) -> 9..4 (9) -> 5..1 (2) -> 2, 3 (2) -> 4, 5 (2) -> 6, 7
    # (10) -> 8, then 9, 10 and 11 each make four: their owner North takes them,
    # then 0..5
    (3, b([11, 1, 11, 1, 2, 1], [3, 0, 2, 0, 0, 0]), [0, 16], 1),
    (6, b([11, 1, 11, 1, 2, 1], [0, 1, 3, 1, 0, 0]), [0, 16], 0),
    # 4 (3) -> 5, 6, 7 (2) -> 8 (four: North's), 9 (2) -> 10, 11
    (3, b([11, 1, 11, 0, 0, 2], [1, 0, 0, 0, 1, 1]), [0, 20], 1),
    (11, b([1, 2, 12, 1, 1, 3], [2, 1, 1, 1, 2, 1]), [0, 20], 0),  # 0 (12) -> 1..11, 0
    # 6, 7, 8 (2) -> 9, 10 (3) -> 11, 0, 1 (3) -> 2, 3, 4 (2) -> 5, 6: four, South's
    (5, b([2, 0, 13, 2, 0, 1], [0, 2, 0, 2, 0, 2]), [4, 20], 1),
    # 8, 9 (3) -> 10, 11, 0 (3) -> 1, 2, 3 (3) -> 4, 5, 6
    (7, b([0, 1, 14, 0, 1, 2], [1, 0, 1, 0, 1, 3]), [4, 20], 0),
    (5, b([0, 1, 14, 0, 1, 0], [2, 1, 1, 0, 1, 3]), [4, 20], 1),
    # 0, 1, 2 (15) -> 3..5 (2) -> 6 (four: North's), 7 (3) -> 8, 9, 10 (3) -> 11, 0, 1:
    # the last seed makes four: North takes it, 28 > 24: North wins; the board goes to
    # the hole owners (South 9, North 7)
    (11, b([0] * 6, [0] * 6), [13, 35], 1, {"outcome": ("WIN", 1)}),
])

# Nam-Nam: Ba-awa's sowing in a territory game in rounds; no half-the-seeds end.
NAM_NAM = Script([
    *BA_AWA.steps[:9],
    (11, b([3, 0, 1, 2, 3, 0], [0, 0, 3, 2, 0, 2]), [4, 28], 0),
    (4, b([3, 0, 1, 2, 0, 1], [1, 1, 3, 2, 0, 2]), [4, 28], 1),  # 5, 6, 7
    # 10, 11 (3) -> 0 (four, not the last: South's), 1, 2 (2) -> 3, 4
    (9, b([0, 1, 0, 3, 1, 1], [1, 1, 3, 0, 1, 0]), [8, 28], 0),
    # 4, 5, 6 (2) -> 7, 8: the last seed makes four: South takes it
    (3, b([0, 1, 0, 0, 2, 2], [0, 2, 0, 0, 1, 0]), [12, 28], 1),
])

# South's last seed makes four in 6 and takes it; 2 seeds are left in play, four or
# fewer: the round ends and they go to South, who moved last: 30 to 18. South's 30
# seeds claim 7 holes (7 x 4 = 28, and 2 left is not more than half a hole): its own
# row and North's first hole; the next round (North starts) is laid out afresh.
NAM_NAM_ROUND = Script([
    (5, b([0] * 6, [0] * 6), [30, 18], 0, {"outcome": ("ROUND_WIN", 0)}),
    (NEXT_ROUND, b([4] * 6, [4] * 6), [0, 0], 1, {"owners": [0] * 7 + [1] * 5}),
    (6, ILLEGAL),  # South's hole now
    # 8..11 (5) -> 0..4 (5) -> 5..9 (6) -> 10, 11, 0..3 (6) -> 4..9
    (7, b([6, 6, 6, 0, 1, 6], [6, 2, 7, 1, 6, 1]), [0, 0], 0),
], board=b([0, 0, 0, 0, 0, 1], [3, 0, 0, 0, 0, 2]), stores=[24, 18])

# Deka: 6 holes of 3, CCW, LAPPER, no stores; a lap whose last seed makes four in an
# opponent's hole closes it (blocked) and its four seeds are sown on; seeds reaching a
# closed hole of the opponent leave play (counted in the sower's "store"), the owner
# passes over their own closed holes. DEPRIVE. 36 seeds.
DEKA_BLOCKED_7_11 = [False] * 7 + [True, False, False, False, True]
DEKA = Script([
    # 1, 2, 3 (4, South's own) -> 4..7: four in North's 7: closed, sown on 8..11: four in
    # 11: closed, sown on 0..3
    (0, b([1, 5, 5, 1, 4, 4], [4, 0, 4, 4, 4, 0]), [0, 0], 1, {"blocked": DEKA_BLOCKED_7_11}),
    # (7 and 11 passed over) 8, 9, 10, 0 (2) -> 1, 2 (6) -> 3..9 (6) -> 10..4 (6) -> 5..0
    # (2) -> 1, 2 (2) -> 3, 4
    (6, b([0, 8, 0, 4, 1, 6], [2, 0, 7, 1, 7, 0]), [0, 0], 0),
    # 5 (7) -> 6, 7 (out), 8, 9, 10, 11 (out), 0
    (4, b([1, 8, 0, 4, 0, 0], [3, 0, 8, 2, 8, 0]), [2, 0], 1),
    (9, b([0, 9, 1, 4, 0, 0], [3, 0, 8, 0, 9, 0]), [2, 0], 0),  # 10, 0 (2) -> 1, 2
    # 3 (5) -> 4, 5, 6, 7 (out), 8 (9) -> 9, 10, 11 (out), 0..5 (2) -> 6, 7 (out)
    (2, b([1, 10, 1, 1, 2, 0], [5, 0, 0, 1, 10, 0]), [5, 0], 1),
    # 10 (11) -> 0..6, 8, 9, 10, 0 (3) -> 1, 2, 3 (3) -> 4, 5, 6 (7) -> 8, 9, 10, 0..3
    (9, b([1, 13, 4, 1, 4, 2], [0, 0, 2, 2, 2, 0]), [5, 0], 0),
    # 4 (5) -> 5, 6, 7 (out), 8, 9 (3) -> 10, 11 (out), 0 (2) -> 1, 2 (5) -> 3..6, 7 (out)
    (3, b([0, 14, 0, 1, 1, 4], [2, 0, 3, 0, 3, 0]), [8, 0], 1),
    (8, b([1, 14, 0, 1, 1, 4], [2, 0, 0, 1, 4, 0]), [8, 0], 0),  # 9, 10, 0
    # 5 (5) -> 6, 7 (out), 8, 9, 10 (5) -> 11 (out), 0, 1, 2, 3 (2) -> 4, 5
    (4, b([2, 15, 1, 0, 1, 1], [3, 0, 1, 2, 0, 0]), [10, 0], 1),
    (9, b([0, 16, 2, 1, 1, 1], [3, 0, 1, 0, 1, 0]), [10, 0], 0),  # 10, 0 (3) -> 1, 2, 3
    # 6 (four, North's): closed, sown on: 7 (out), 8, 9, 10 (2) -> 11 (out), 0
    (5, b([1, 16, 2, 1, 1, 0], [0, 0, 2, 1, 0, 0]), [12, 0], 1,
     {"blocked": [False] * 6 + [True, True, False, False, False, True]}),
    (8, b([1, 16, 2, 1, 1, 0], [0, 0, 0, 2, 1, 0]), [12, 0], 0),  # 9, 10
    (3, b([1, 16, 2, 0, 0, 1], [0, 0, 0, 2, 1, 0]), [13, 0], 1),  # 4 (2) -> 5, 6 (out)
    # 10, 0 (2) -> 1, 2 (3) -> 3, 4, 5 (2) -> (6, 7 passed over) 8, 9
    (9, b([0, 17, 0, 1, 1, 0], [0, 0, 1, 1, 2, 0]), [13, 0], 0),
])

# North's last seed leaves its own row empty: North loses.
DEKA_DEPRIVED = Script([
    # 0 (2) -> 1, 2
    (11, b([0, 1, 1, 0, 0, 0], [0] * 6), [0, 0], 0, {"outcome": ("WIN", 0)}),
], board=b([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]), starter=1)

# Layli Goobalay: 6 holes of 4, CCW, LAPPER with LAP_CAPT: a lap whose last seed makes
# four takes those four and the sowing goes on from the next hole (when it has seeds).
LAYLI_GOOBALAY = Script([
    (0, b([2, 7, 1, 6, 1, 6], [6, 6, 0, 1, 6, 6]), [0, 0], 1),  # as Qelat's first move
    # 10 (7) -> 11..5 (7) -> 6..0: four: taken, then 1 (8) -> 2..9 (2) -> 10, 11 (9) ->
    # 0..8 (3) -> 9, 10, 11
    (9, b([1, 1, 4, 9, 4, 2], [9, 9, 0, 1, 3, 1]), [0, 4], 0),
    (5, b([2, 2, 5, 10, 5, 1], [10, 0, 1, 2, 4, 2]), [0, 4], 1),  # 6, 7 (10) -> 8..5
    # 11, 0, 1, 2 (6) -> 3..8 (2) -> 9, 10
    (10, b([3, 3, 0, 11, 6, 2], [11, 1, 0, 3, 1, 3]), [0, 4], 0),
    # 6, 7 (2) -> 8, 9: four, taken; 10 (1) -> 11: four, taken; 0 (3) -> 1, 2, 3 (12)
    # -> 4..3
    (5, b([1, 5, 2, 1, 7, 1], [13, 1, 2, 1, 1, 1]), [8, 4], 1),
    # 10 (2) -> 11, 0 (2) -> 1, 2 (3) -> 3, 4, 5 (2) -> 6, 7 (2) -> 8, 9
    (9, b([0, 6, 0, 2, 8, 0], [14, 0, 3, 1, 0, 2]), [8, 4], 0),
    (3, b([0, 6, 0, 0, 9, 1], [14, 0, 3, 1, 0, 2]), [8, 4], 1),
    # 0, 1 (7) -> 2..8: four, taken; 9 (1) -> 10
    (11, b([1, 0, 1, 1, 10, 2], [15, 1, 0, 0, 1, 0]), [8, 8], 0),
    (5, b([1, 0, 1, 1, 10, 0], [16, 0, 1, 1, 1, 0]), [8, 8], 1),  # 6, 7 (2) -> 8, 9
    (10, b([1, 0, 1, 1, 10, 0], [16, 0, 1, 1, 0, 1]), [8, 8], 0),
])

# Pallanguli-type games with the four rule (7 holes; LAPPER_NEXT, TWO_OUT): a seed that
# makes four, not the last of a lap, gives the pit to its owner at once.
PASU = Script([
    # 2 makes four: South's; 3, 4; next 5 empty: take 6 (2)
    (1, b([3, 0, 0, 2, 1, 0, 0], [0, 0, 8, 0, 4, 0, 0]), [6, 0], 1),
    # 12, 13, 0 (four: South's), 1; next 2 empty: take 3 (2)
    (11, b([0, 1, 0, 0, 1, 0, 0], [0, 0, 8, 0, 0, 1, 1]), [10, 2], 0),
    (1, b([0, 0, 1, 0, 0, 0, 0], [0, 0, 8, 0, 0, 1, 1]), [11, 2], 1),  # 2; take 4 (1)
    (9, b([1, 1, 2, 1, 0, 0, 0], [0, 0, 0, 1, 1, 2, 2]), [11, 2], 0),  # 10..3; 4, 5 empty
], board=b([3, 3, 3, 1, 0, 0, 2], [0, 0, 8, 0, 4, 0, 0]))

# Pandi: 7 pits of 4. 56 seeds.
PANDI = Script([
    # 1..4; 5 (4) -> 6..9; 10 (4) -> 11..0; 1 (5) -> 2..6; 7 (5) -> 8..12; 13 (5) ->
    # 0..4; 5 (1) -> 6; next 7 empty: take 8 (6)
    (0, b([2, 1, 7, 7, 7, 0, 7], [0, 0, 6, 1, 6, 6, 0]), [6, 0], 1),
    (10, b([3, 2, 8, 8, 8, 0, 0], [0, 0, 6, 0, 7, 0, 1]), [6, 7], 0),  # 11; 12 (6) -> 13..4; take 6
    # 1..3; 4 (8) -> 5..12; 13 (1) -> 0; 1 (3) -> 2..4; 5 (1) -> 6; 7 (1) -> 8; 9 (7) ->
    # 10..2; 3 (10) -> 4..13; 0 (2) -> 1, 2; next 3 empty: take 4 (2)
    (0, b([0, 2, 12, 0, 0, 1, 3], [1, 3, 1, 3, 10, 3, 2]), [8, 7], 1),
    # 0, 1; 2 (12) -> 3..0, with fours in 6 (South's), 8, 10 and 12 (North's); 1 (3) ->
    # 2..4; 5 (2) -> 6, 7; next 8 empty: take 9 (2)
    (13, b([2, 0, 1, 2, 2, 0, 1], [3, 0, 0, 0, 11, 0, 1]), [12, 21], 0),
    # 5, 6; 7 (3) -> 8..10; 11 (11) -> 12..8; 9 (1) -> 10; next 11 empty: take 12 (1)
    (4, b([3, 1, 2, 3, 1, 2, 3], [1, 2, 0, 2, 0, 0, 2]), [13, 21], 1),
    # 0 (four: South's), 1; 2 (2) -> 3 (four: South's), 4; 5 (2) -> 6 (four: South's), 7;
    # 8 (2) -> 9, 10; next 11 empty, 12 empty: nothing
    (13, b([0, 2, 0, 0, 2, 0, 0], [2, 0, 1, 3, 0, 0, 0]), [25, 21], 0),
    # 2, 3; 4 (2) -> 5, 6; 7 (2) -> 8, 9; 10 (3) -> 11, 12, 13; next 0 empty, 1 emptied
    (1, b([0, 0, 1, 1, 0, 1, 1], [0, 1, 2, 0, 1, 1, 1]), [25, 21], 1),
    (9, b([0, 0, 1, 1, 0, 1, 1], [0, 1, 0, 1, 2, 0, 2]), [25, 21], 0),  # 10, 11; 12 (1) -> 13
    (2, b([0, 0, 0, 2, 0, 0, 1], [0, 1, 0, 1, 2, 0, 2]), [26, 21], 1),  # 3; take 5 (1)
    (11, b([0, 0, 0, 2, 0, 0, 1], [0, 1, 0, 1, 0, 1, 3]), [26, 21], 0),  # 12, 13; 0, 1 empty
])

# Ali Guli Mane: 7 pits of 5 (70 seeds), Pallanguli-type with the four rule.
ALI_GULI_MANE = Script([
    # 1..5; 6 (5) -> 7..11; 12 (5) -> 13..3; 4 (6) -> 5..10; 11 (6) -> 12..3; next 4
    # empty: take 5 (7)
    (0, b([2, 8, 8, 8, 0, 0, 1], [7, 7, 7, 7, 0, 1, 7]), [7, 0], 1),
    # 13; 0 (2) -> 1, 2; 3 (8) -> 4..11; next 12 empty: take 13 (8), North's own
    (12, b([0, 9, 9, 0, 1, 1, 2], [8, 8, 8, 8, 1, 0, 0]), [7, 8], 0),
    (4, b([1, 10, 10, 1, 0, 0, 0], [9, 9, 0, 9, 2, 1, 1]), [9, 8], 1),  # 5; 6 (2); 9 (8); take 5
    # 13; 0 (1) -> 1; 2 (10) -> 3..12; 13 (2) -> 0, 1; next 2 empty: take 3 (2)
    (12, b([1, 12, 0, 0, 1, 1, 1], [10, 10, 1, 10, 3, 1, 0]), [9, 10], 0),
    (0, b([0, 13, 0, 0, 1, 1, 1], [10, 10, 1, 10, 3, 1, 0]), [9, 10], 1),  # 1; 2, 3 empty
    (12, b([0, 0, 0, 0, 1, 1, 1], [10, 10, 1, 10, 3, 0, 1]), [9, 23], 0),  # 13; take 1 (13)
    # 5; 6 (1) -> 7; 8 (10) -> 9, 10, 11 (four: North's), 12..4; 5 (2) -> 6, 7; next 8
    # empty: take 9 (2)
    (4, b([1, 1, 1, 1, 1, 0, 1], [12, 0, 0, 11, 0, 1, 2]), [11, 27], 1),
    (12, b([0, 2, 0, 2, 0, 1, 0], [13, 0, 0, 11, 0, 0, 3]), [11, 27], 0),  # 13; 0 -> 1; 2 -> 3; 4 -> 5; 6 -> 7
    (1, b([0, 0, 1, 3, 0, 0, 0], [13, 0, 0, 11, 0, 0, 3]), [12, 27], 1),  # 2, 3; take 5 (1)
    # 0, 1, 2; 3 (3) -> 4, 5, 6; 7 (13) -> 8..6; next 7 empty: take 8 (1)
    (13, b([2, 2, 3, 1, 2, 2, 2], [0, 0, 1, 12, 1, 1, 1]), [12, 28], 0),
    (3, b([2, 2, 3, 0, 3, 0, 3], [1, 0, 0, 12, 1, 1, 1]), [13, 28], 1),  # 4; 5 (2) -> 6, 7; take 9
])

# Ohvalhu: 8 holes of 8 (South 0..7, North 8..15, i faces 15-i), clockwise through one's
# own store (South's after hole 0, North's after hole 8), LAPPER, cross capture from an
# empty hole of one's own taking the last seed too. 128 seeds.
OHVALHU = Script([
    (7, b([9, 9, 9, 9, 9, 9, 9, 0], [8] * 8), [1, 0], 0),  # 6..0, store: again
    # 5..0, store, 15, 14 (9) -> 13..5 (11) -> 4..0, store, 15..11 (10) -> 10..1 (12) ->
    # 0, store, 15..6 (3) -> 5, 4, 3 (13) -> 2, 1, 0, store, 15..7 (4) -> 6..3; 3 was
    # emptied: it faces 12 (12): 12 + 1
    (6, b([13, 1, 13, 0, 14, 3, 1, 0], [12, 12, 12, 2, 0, 12, 3, 12]), [18, 0], 1),
    # 10, 9 (13) -> 8, store, 7..0, 15, 14, 13 (13) -> 12..8, store, 7..1 (3) -> 0, 15,
    # 14 (5) -> 13..9 (2) -> 8, store: North again
    (11, b([15, 0, 15, 2, 16, 5, 3, 2], [15, 0, 15, 2, 2, 1, 0, 14]), [18, 3], 1),
    # 12 (3) -> 11, 10, 9; 9 was empty: it faces 6 (3): 3 + 1
    (13, b([15, 0, 15, 2, 16, 5, 0, 2], [15, 0, 16, 3, 0, 0, 0, 14]), [18, 7], 0),
    # 2, 1; 1 was empty but faces 14, empty: the seed stays
    (3, b([15, 1, 16, 0, 16, 5, 0, 2], [15, 0, 16, 3, 0, 0, 0, 14]), [18, 7], 1),
    # 10, 9, 8 (16) -> store, 7..0, 15..9 (2) -> 8, store: again
    (11, b([16, 2, 17, 1, 17, 6, 1, 3], [1, 0, 18, 1, 1, 1, 1, 15]), [18, 9], 1),
    (8, b([16, 2, 17, 1, 17, 6, 1, 3], [0, 0, 18, 1, 1, 1, 1, 15]), [18, 10], 1),
    # 11 (2) -> 10, 9; 9 was empty: it faces 6 (1): 1 + 1
    (12, b([16, 2, 17, 1, 17, 6, 0, 3], [0, 0, 19, 0, 0, 1, 1, 15]), [18, 12], 0),
    (1, b([17, 0, 17, 1, 17, 6, 0, 3], [0, 0, 19, 0, 0, 1, 1, 15]), [19, 12], 0),  # 0, store
    (5, b([18, 1, 18, 2, 18, 0, 0, 3], [0, 0, 19, 0, 0, 1, 1, 15]), [20, 12], 0),  # 4..0, store
    (3, b([19, 0, 19, 0, 18, 0, 0, 3], [0, 0, 19, 0, 0, 1, 1, 15]), [21, 12], 0),  # 2, 1 (2) -> 0, store
])

# ---------------------------------------------------------------------------------
# Game classes (played once the engine has them; the seed counts are checked now).
# ---------------------------------------------------------------------------------

# NS Kalah (NorthSouthCycle): each player's seeds go round their own row and store
# only (South: 0..5, store, 0, ...; North: 6..11, store, 6, ...); Kalah's store turn
# and cross capture (i faces 11-i).
NS_KALAH = Script([
    (2, b([4, 4, 0, 5, 5, 5], [4, 4, 4, 4, 4, 4]), [1, 0], 0),  # 3, 4, 5, store: again
    (5, b([5, 5, 1, 6, 5, 0], [4, 4, 4, 4, 4, 4]), [2, 0], 1),  # store, 0..3
    (8, b([5, 5, 1, 6, 5, 0], [4, 4, 0, 5, 5, 5]), [2, 1], 1),  # 9, 10, 11, store: again
    (11, b([5, 5, 1, 6, 5, 0], [5, 5, 1, 6, 5, 0]), [2, 2], 0),  # store, 6..9
    # 1..5; 5 was empty: it faces 6 (5): 5 + 1
    (0, b([0, 6, 2, 7, 6, 0], [0, 5, 1, 6, 5, 0]), [8, 2], 1),
    (7, b([0, 6, 2, 7, 6, 0], [0, 0, 2, 7, 6, 1]), [8, 3], 1),  # 8..11, store: again
    (11, b([0, 6, 2, 7, 6, 0], [0, 0, 2, 7, 6, 0]), [8, 4], 1),
    (8, b([0, 6, 2, 7, 6, 0], [0, 0, 0, 8, 7, 0]), [8, 4], 0),  # 9, 10
    (2, b([0, 6, 0, 8, 7, 0], [0, 0, 0, 8, 7, 0]), [8, 4], 1),  # 3, 4
    # 11, store, 6..10: 10, emptied at the start, faces 1 (6): 6 + 1
    (10, b([0, 0, 0, 8, 7, 0], [1, 1, 1, 9, 0, 1]), [8, 12], 0),
    # 5, store, 0..4: 4, emptied at the start, faces 7 (1): 1 + 1
    (4, b([1, 1, 1, 9, 0, 1], [1, 0, 1, 9, 0, 1]), [11, 12], 1),
])

# Andada (BearOff): plain sowing while some hole holds more than one seed; no captures.
# A sowing passing the end of the mover's row drops a seed into the mover's store (South's
# after 5, North's after 11), out of play; a sowing ending there ends the turn
# (store_ends_turn). The bear-off can only start once seeds have left this way.
ANDADA = Script([
    (3, b([3, 3, 3, 0, 4, 4], [3, 3, 3, 3, 3, 3]), [1, 0], 1),  # 4, 5, store: turn over
    (9, b([3, 3, 3, 0, 4, 4], [3, 3, 3, 0, 4, 4]), [1, 1], 0),  # 10, 11, store
    (5, b([3, 3, 3, 0, 4, 0], [4, 4, 4, 0, 4, 4]), [2, 1], 1),  # store, 6, 7, 8
    (11, b([4, 4, 4, 0, 4, 0], [4, 4, 4, 0, 4, 0]), [2, 2], 0),  # store, 0, 1, 2
    (4, b([4, 4, 4, 0, 0, 1], [5, 5, 4, 0, 4, 0]), [3, 2], 1),  # 5, store, 6, 7
    (10, b([5, 5, 4, 0, 0, 1], [5, 5, 4, 0, 0, 1]), [3, 3], 0),  # 11, store, 0, 1
    (2, b([5, 5, 0, 1, 1, 2], [5, 5, 4, 0, 0, 1]), [4, 3], 1),  # 3, 4, 5, store
    (8, b([5, 5, 0, 1, 1, 2], [5, 5, 0, 1, 1, 2]), [4, 4], 0),  # 9, 10, 11, store
    (6, ILLEGAL),  # North's hole
    (0, b([0, 6, 1, 2, 2, 3], [5, 5, 0, 1, 1, 2]), [4, 4], 1),  # 1..5
    (6, b([0, 6, 1, 2, 2, 3], [0, 6, 1, 2, 2, 3]), [4, 4], 0),  # 7..11
    (5, b([0, 6, 1, 2, 2, 0], [1, 7, 1, 2, 2, 3]), [5, 4], 1),  # store, 6, 7
])

# Every hole holds one seed or none: bearing off. A sowing that runs past the end of
# the mover's own row puts the seeds still in hand into the mover's store.
ANDADA_BEAR_OFF = Script([
    (5, b([0, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 1]), [17, 16], 1),
    (11, b([0, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 0]), [17, 17], 0),
    (4, b([0, 0, 0, 0, 0, 1], [1, 0, 0, 0, 0, 0]), [17, 17], 1),
    (6, b([0, 0, 0, 0, 0, 1], [0, 1, 0, 0, 0, 0]), [17, 17], 0),
    # South's row is empty: South wins (the board is not collected)
    (5, b([0] * 6, [0, 1, 0, 0, 0, 0]), [18, 17], 0, {"outcome": ("WIN", 0)}),
], board=b([0, 0, 0, 0, 1, 1], [1, 0, 0, 0, 0, 1]), stores=[16, 16])

# The position reached by South's 1 holds singletons only: bearing off from then on, for
# good (also once 4 holds two again: 4 -> 5, then the seed left in hand is borne off).
ANDADA_TRANSITION = Script([
    (1, b([0, 0, 1, 1, 1, 1], [1, 0, 1, 0, 1, 1]), [14, 14], 1),  # normal sow: 2, 3
    (6, b([0, 0, 1, 1, 1, 1], [0, 1, 1, 0, 1, 1]), [14, 14], 0),  # bearing off: 7
    (5, b([0, 0, 1, 1, 1, 0], [0, 1, 1, 0, 1, 1]), [15, 14], 1),  # the last hole: off
    (11, b([0, 0, 1, 1, 1, 0], [0, 1, 1, 0, 1, 0]), [15, 15], 0),
    (3, b([0, 0, 1, 0, 2, 0], [0, 1, 1, 0, 1, 0]), [15, 15], 1),
    (10, b([0, 0, 1, 0, 2, 0], [0, 1, 1, 0, 0, 1]), [15, 15], 0),
    (4, b([0, 0, 1, 0, 0, 1], [0, 1, 1, 0, 0, 1]), [16, 15], 1),  # 5, then one off
    (8, b([0, 0, 1, 0, 0, 1], [0, 1, 0, 1, 0, 1]), [16, 15], 0),
    (5, b([0, 0, 1, 0, 0, 0], [0, 1, 0, 1, 0, 1]), [17, 15], 1),
    (11, b([0, 0, 1, 0, 0, 0], [0, 1, 0, 1, 0, 0]), [17, 16], 0),
    (2, b([0, 0, 0, 1, 0, 0], [0, 1, 0, 1, 0, 0]), [17, 16], 1),
    (9, b([0, 0, 0, 1, 0, 0], [0, 1, 0, 0, 1, 0]), [17, 16], 0),
    (3, b([0, 0, 0, 0, 1, 0], [0, 1, 0, 0, 1, 0]), [17, 16], 1),
    (10, b([0, 0, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1]), [17, 16], 0),
    (4, b([0, 0, 0, 0, 0, 1], [0, 1, 0, 0, 0, 1]), [17, 16], 1),
    (11, b([0, 0, 0, 0, 0, 1], [0, 1, 0, 0, 0, 0]), [17, 17], 0),
    (5, b([0] * 6, [0, 1, 0, 0, 0, 0]), [18, 17], 0, {"outcome": ("WIN", 0)}),
], board=b([0, 2, 0, 0, 1, 1], [1, 0, 1, 0, 1, 1]), stores=[14, 14])

# Diffusion (Diffusion class): South holds the west half 0, 1, 2, 9, 10, 11, North the
# east half 3..8. A move hands the hole's seeds out one at a time, round and round, to
# the next hole along its row counter-clockwise, the hole across, the next hole along
# its row clockwise; past a row's end a seed leaves play (into the mover's store). With
# s seeds each place gets s // 3, and the first s % 3 places one more.
DIFFUSION = Script([
    (2, b([4, 5, 0, 6, 4, 4], [4, 4, 4, 5, 4, 4]), [0, 0], 1),  # 3 +2, 9 +1, 1 +1
    (3, b([4, 5, 2, 0, 6, 4], [4, 4, 6, 5, 4, 4]), [0, 0], 0),  # 4 +2, 8 +2, 2 +2
    (9, b([4, 5, 4, 0, 6, 4], [4, 4, 7, 0, 6, 4]), [0, 0], 1),  # 10 +2, 2 +2, 8 +1
    (8, b([4, 5, 4, 2, 6, 4], [4, 6, 0, 3, 6, 4]), [0, 0], 0),  # 9 +3, 3 +2, 7 +2
    (0, b([0, 7, 4, 2, 6, 4], [4, 6, 0, 3, 6, 5]), [1, 0], 1),  # 1 +2, 11 +1, off +1
    (5, b([0, 7, 4, 2, 7, 0], [5, 6, 0, 3, 6, 5]), [1, 2], 0),  # off +2, 6 +1, 4 +1
    (11, b([2, 7, 4, 2, 7, 0], [5, 6, 0, 3, 7, 0]), [3, 2], 1),  # off +2, 0 +2, 10 +1
    (6, b([2, 7, 4, 2, 7, 2], [0, 8, 0, 3, 7, 0]), [3, 3], 0),  # 7 +2, 5 +2, off +1
    (1, b([4, 0, 7, 2, 7, 2], [0, 8, 0, 3, 9, 0]), [3, 3], 1),  # 2 +3, 10 +2, 0 +2
    (4, b([4, 0, 7, 4, 0, 5], [0, 10, 0, 3, 9, 0]), [3, 3], 0),  # 5 +3, 7 +2, 3 +2
    (3, ILLEGAL),  # North's half
    (10, b([4, 3, 7, 4, 0, 5], [0, 10, 0, 6, 0, 3]), [3, 3], 1, {"legal": [3, 5, 7]}),
])

# The first to empty their half wins (the board is not collected).
DIFFUSION_END = Script([
    (0, b([0, 1, 0, 1, 0, 0], [0] * 6), [23, 23], 1),
    (3, b([0, 1, 0, 0, 1, 0], [0] * 6), [23, 23], 0),
    (1, b([0, 0, 1, 0, 1, 0], [0] * 6), [23, 23], 1),
    (4, b([0, 0, 1, 0, 0, 1], [0] * 6), [23, 23], 0),
    (2, b([0, 0, 0, 1, 0, 1], [0] * 6), [23, 23], 0, {"outcome": ("WIN", 0)}),
], board=b([1, 0, 0, 1, 0, 0], [0] * 6), stores=[23, 23])

# Diffusion V2 (DiffusionV2 class): the same move; the players hold the rows.
DIFFUSION_V2 = Script([
    (0, b([0, 6, 4, 4, 4, 4], [4, 4, 4, 4, 4, 5]), [1, 0], 1),  # 1 +2, 11 +1, off +1
    (11, b([2, 6, 4, 4, 4, 4], [4, 4, 4, 4, 5, 0]), [1, 2], 0),  # off +2, 0 +2, 10 +1
    (5, b([2, 6, 4, 4, 5, 0], [5, 4, 4, 4, 5, 0]), [3, 2], 1),  # off +2, 6 +1, 4 +1
    (6, b([2, 6, 4, 4, 5, 2], [0, 6, 4, 4, 5, 0]), [3, 3], 0),  # 7 +2, 5 +2, off +1
    (1, b([4, 0, 6, 4, 5, 2], [0, 6, 4, 4, 7, 0]), [3, 3], 1),  # 2, 10, 0: +2 each
    (10, b([4, 2, 6, 4, 5, 2], [0, 6, 4, 6, 0, 3]), [3, 3], 0),  # 11 +3, 1 +2, 9 +2
    (2, b([4, 4, 0, 6, 5, 2], [0, 6, 4, 8, 0, 3]), [3, 3], 1),  # 3, 9, 1: +2 each
    (9, b([4, 4, 3, 6, 5, 2], [0, 6, 6, 0, 3, 3]), [3, 3], 0),  # 10 +3, 2 +3, 8 +2
    (3, b([4, 4, 5, 0, 7, 2], [0, 6, 8, 0, 3, 3]), [3, 3], 1),  # 4, 8, 2: +2 each
    (8, b([4, 4, 5, 3, 7, 2], [0, 8, 0, 3, 3, 3]), [3, 3], 0),  # 9 +3, 3 +3, 7 +2
    (6, ILLEGAL),  # North's row
    (4, b([4, 4, 5, 5, 0, 5], [0, 10, 0, 3, 3, 3]), [3, 3], 1, {"legal": [7, 9, 10, 11]}),
])

# Ohojichi (Ohojichi class: SameSide on east/west halves). South holds the west half
# (0, 1, 2, 9, 10, 11: sown 0, 1, 2, 9, 10, 11, 0, ...), North the east half (3..8);
# a last seed making four (either side) is taken and the taker drops the four into a
# hole of the other half with a second move (an integer; docs/rules-decisions.md,
# "Game classes"). Worked by hand, cross-checked with the engine.
OHOJICHI = Script([
    (0, b([0, 5, 5, 4, 4, 4], [4, 4, 4, 5, 5, 4]), [0, 0], 1),  # 1, 2, 9, 10
    (4, b([0, 5, 5, 4, 0, 5], [5, 5, 5, 5, 5, 4]), [0, 0], 0),  # 5, 6, 7, 8
    (11, b([1, 6, 6, 4, 0, 5], [5, 5, 5, 6, 5, 0]), [0, 0], 1),  # 0, 1, 2, 9
    (5, b([1, 6, 6, 5, 1, 0], [6, 6, 6, 6, 5, 0]), [0, 0], 0),  # 6, 7, 8, 3, 4
    (9, b([2, 7, 7, 5, 1, 0], [6, 6, 6, 1, 6, 1]), [0, 0], 1),  # 10, 11, 0, 1, 2
    (3, b([2, 7, 7, 0, 2, 1], [7, 7, 7, 1, 6, 1]), [0, 0], 0),
    (0, b([0, 8, 8, 0, 2, 1], [7, 7, 7, 1, 6, 1]), [0, 0], 1),
    (8, b([0, 8, 8, 2, 3, 2], [8, 8, 1, 1, 6, 1]), [0, 0], 0),  # 3..7
    # 9, 10, 11, 0, 1, 2, 9, 10: 10 holds 8
    (2, b([1, 9, 1, 2, 3, 2], [8, 8, 1, 3, 8, 2]), [0, 0], 1),
    # 8, 3, 4, 5, 6, 7, 8, 3: 3 makes four: taken, North places them next
    (7, b([1, 9, 1, 0, 4, 3], [9, 1, 3, 3, 8, 2]), [0, 0], 1, {"legal": [0, 1, 2, 9, 10, 11], "pending": 4}),
    (10, b([1, 9, 1, 0, 4, 3], [9, 1, 3, 3, 12, 2]), [0, 0], 0),  # the four into 10
    (2, b([1, 9, 0, 0, 4, 3], [9, 1, 3, 0, 12, 2]), [0, 0], 0, {"legal": [3, 4, 5, 6, 7, 8], "pending": 4}),
    (3, b([1, 9, 0, 4, 4, 3], [9, 1, 3, 0, 12, 2]), [0, 0], 1),
    (11, ILLEGAL),  # South's hole: North moves from 3..8
])

# Same Side: each player sows round their own row only (South 0..5, 0, ...); a last seed
# making four on one's own row takes it, and the taker drops the four into a hole of
# the opponent's row with a second move (none happens here: where the seeds wait
# between the two moves is for the engine to say). No stores. 48 seeds.
SAME_SIDE = Script([
    (0, b([0, 5, 5, 5, 5, 4], [4] * 6), [0, 0], 1),
    (9, b([0, 5, 5, 5, 5, 4], [5, 5, 4, 0, 5, 5]), [0, 0], 0),  # 10, 11, 6, 7
    (5, b([1, 6, 6, 6, 5, 0], [5, 5, 4, 0, 5, 5]), [0, 0], 1),  # 0..3
    (8, b([1, 6, 6, 6, 5, 0], [6, 5, 0, 1, 6, 6]), [0, 0], 0),
    (0, b([0, 7, 6, 6, 5, 0], [6, 5, 0, 1, 6, 6]), [0, 0], 1),
    (9, b([0, 7, 6, 6, 5, 0], [6, 5, 0, 0, 7, 6]), [0, 0], 0),
    (4, b([1, 8, 7, 7, 0, 1], [6, 5, 0, 0, 7, 6]), [0, 0], 1),  # 5, 0..3
    (7, b([1, 8, 7, 7, 0, 1], [7, 0, 1, 1, 8, 7]), [0, 0], 0),  # 8..11, 6
    (0, b([0, 9, 7, 7, 0, 1], [7, 0, 1, 1, 8, 7]), [0, 0], 1),
    (8, b([0, 9, 7, 7, 0, 1], [7, 0, 0, 2, 8, 7]), [0, 0], 0),
    (5, b([1, 9, 7, 7, 0, 0], [7, 0, 0, 2, 8, 7]), [0, 0], 1),  # 0
    (9, b([1, 9, 7, 7, 0, 0], [7, 0, 0, 0, 9, 8]), [0, 0], 0),
])

# ---------------------------------------------------------------------------------
# Bechi: no_sides (either player lifts any hole, on either row), 6 holes, 4 seeds, CCW
# relay laps (LAPPER); a lap whose last seed makes four stops and takes them
# (capt_on [4]); a last seed in an empty hole ends the turn; PICKLASTSEEDS: four seeds
# or fewer left after a move go to the mover and the game ends. Stores are not sown.
# ---------------------------------------------------------------------------------

BECHI = Script([
    # 4 from 0: 1..4; 4 (5) lifted: 5..9; 9 (5): 10, 11, 0, 1, 2; 2 (6): 3..8; 8 (6):
    # 9, 10, 11, 0, 1, 2; 2 was emptied: one seed, the turn ends
    (0, b([2, 7, 1, 6, 1, 6], [6, 6, 0, 1, 6, 6]), [0, 0], 1,
     {"legal": [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11]}),
    (8, ILLEGAL),  # empty
    # North 6 from 7: 8..11, 0, 1; 1 (8): 2..9; 9 (3): 10, 11, 0; 0 makes 4: taken
    (7, b([0, 0, 2, 7, 2, 7], [7, 1, 2, 0, 8, 8]), [0, 4], 0),
    # South lifts North's 10 (8): 11, 0..6; 6 (8): 7..11, 0, 1, 2; 2 makes 4: taken
    (10, b([2, 2, 0, 8, 3, 8], [0, 2, 3, 1, 1, 10]), [4, 4], 1),
    # North lifts South's 3 (8): 4..11; 11 (11): 0..10; 10 (3): 11, 0, 1; 1 makes 4
    (3, b([4, 0, 1, 1, 5, 10], [2, 4, 5, 3, 0, 1]), [4, 8], 0),
    (4, b([4, 0, 1, 1, 0, 11], [3, 5, 6, 0, 0, 1]), [8, 8], 1),  # 5..9; 9 makes 4
    (0, b([0, 1, 2, 2, 1, 11], [3, 5, 6, 0, 0, 1]), [8, 8], 0),  # 1..4; 4 was empty
    (2, b([0, 1, 0, 3, 0, 12], [0, 5, 6, 0, 0, 1]), [12, 8], 1),  # 3, 4; 4 (2): 5, 6: 4
    (1, b([0, 0, 1, 3, 0, 12], [0, 5, 6, 0, 0, 1]), [12, 8], 0),
    (2, b([0, 0, 0, 0, 0, 12], [0, 5, 6, 0, 0, 1]), [16, 8], 1),  # 3 makes 4
    (5, b([1, 1, 1, 1, 1, 1], [1, 6, 7, 1, 1, 2]), [16, 8], 0),  # 12 from 5: all round
    # 1 from 2 into 3 (2): 4, 5; 5 (2): 6, 7; 7 (7): 8..11, 0, 1, 2; 2 was emptied
    (2, b([2, 2, 1, 0, 2, 0], [2, 0, 8, 2, 2, 3]), [16, 8], 1),
    (9, b([2, 2, 1, 0, 2, 0], [2, 0, 8, 0, 3, 0]), [16, 12], 0),  # 10, 11: 11 makes 4
])

BECHI_LAST_SEEDS = Script([
    # South lifts North's 11 (3): 0, 1, 2; 2 makes 4: taken; two seeds are left (four or
    # fewer): South takes them too and the game ends, 26 to 22
    (11, b([0] * 6, [0] * 6), [26, 22], 0, {"outcome": ("WIN", 0)}),
], board=b([0, 0, 3, 0, 0, 0], [0, 0, 0, 0, 0, 3]), stores=[20, 22])

SCRIPTS: dict[str, list[Script]] = {
    "awale_grand_slam_ends_game": [OWARE_MAIN, OWARE_GS_OPP_GETS_REMAIN],
    "awale_grand_slam_not_allowed": [OWARE_MAIN, OWARE_GS_NOT_LEGAL],
    "awari": [OWARE_MAIN, OWARE_GS_NO_CAPT],
    "oware_abapa": [OWARE_MAIN, OWARE_GS_NO_CAPT],
    "kalah_3": [KALAH_3],
    "kalah_4": [KALAH_4],
    "kalah_5": [KALAH_5],
    "kalah_6": [KALAH_6],
    "kalah_empty_capture": [KALAH_EMPTY_CAPTURE],
    "multilap_jackman": [JACKMAN, JACKMAN_PASS],
    "multilap_jackman_d": [JACKMAN_D, JACKMAN_PASS],
    "multilap_jackman_a": [JACKMAN_A, JACKMAN_A_PASS],
    "multilap_jackman_c": [KALAH_4, JACKMAN_PASS],
    "multilap_jackman_e": [JACKMAN_E, JACKMAN_E_PASS],
    "ayoayo": [AYOAYO, AYOAYO_SHARE],
    "bohnenspiel": [BOHNENSPIEL],
    "mangala": [MANGALA],
    "pallanguli": [PALLANGULI],
    "tchuka_ruma": [TCHUKA_RUMA],
    "awale_grand_slam_leaves_left": [OWARE_MAIN, AWALE_GS_LEAVE_LEFT],
    "awale_grand_slam_leaves_right": [OWARE_MAIN, AWALE_GS_LEAVE_RIGHT],
    "urim": [OWARE_MAIN, OWARE_GS_NOT_LEGAL],
    "kalah_2": [KALAH_2],
    "kalah_4_pits_3": [KALAH_4_PITS_3],
    "lamlameta": [LAMLAMETA],
    "bao": [BAO, BAO_DEPRIVE],
    "toguz_kumalak": [TOGUZ, TOGUZ_LAST_HOLE],
    "toguz_korgool": [TOGUZ, TOGUZ_LAST_HOLE],
    "qelat": [QELAT],
    "deka": [DEKA, DEKA_DEPRIVED],
    "layli_goobalay": [LAYLI_GOOBALAY],
    "pandi": [PANDI, PASU],
    "pallanguli_rounds": [PALLANGULI, PASU],
    "ali_guli_mane": [ALI_GULI_MANE, PASU],
    # Scripts worked out for the engine before it followed the reference move by move
    # and no longer matching its rules were dropped, not bent to fit: awale_grand_slam_captures,
    # ba_awa, chongka, congkak, congklak(_rounds), cross_kalah, dakon(_rounds), diffusion(_v2),
    # kalah_4_pits, kalah_5_pits, micro_wari, nam_nam, ohojichi, ohvalhu, sungka(_rounds),
    # wari, weg. Those variants are covered by tests/variants/test_reference_configs.py and
    # the property tests; hand-worked games for them are to be redone.
    "ns_kalah": [NS_KALAH],
    "andada": [ANDADA, ANDADA_BEAR_OFF, ANDADA_TRANSITION],
    "same_side": [SAME_SIDE],
    "gabata": [GABATA, GABATA_ROUND],
    "giuthi": [GIUTHI, GIUTHI_ROUND],
    "bechi": [BECHI, BECHI_LAST_SEEDS],
}


# ---- helpers ----------------------------------------------------------------------


def _constants(name: str) -> tuple[int, int]:
    consts = json.loads((CONFIGS / f"{name}.json").read_text())["game_constants"]
    return consts["holes"], consts["nbr_start"]


def _request(name: str, script: Script, moves: list[Any]) -> str:
    """The replay request that reproduces a script up to `moves`."""
    req: dict[str, Any] = {"config": f"configs/{name}.json", "starter": script.starter,
                           "moves": [m for m in moves if m != NEXT_ROUND]}
    if script.board is not None:
        req["position"] = {"board": script.board, "stores": script.stores}
    return json.dumps(req)


def _outcome(pos: Any) -> tuple[str, int | None] | None:
    if pos.outcome is None:
        return None
    return (pos.outcome.kind.value, pos.outcome.winner)


# ---- the tests --------------------------------------------------------------------


def test_every_script_names_a_config_file():
    assert sorted(set(SCRIPTS) - set(CONFIG_NAMES)) == []


def test_every_config_plays():
    """The engine plays the whole reference now: a config it refuses is a defect (its
    file invalid, or a rule regressed to "not supported yet")."""
    reasons = {}
    for name in CONFIG_NAMES:
        try:
            load_variant(CONFIGS / f"{name}.json")
        except VariantError as exc:
            reasons[name] = str(exc)
    assert reasons == {}


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_script_is_well_formed(name):
    """The hand computations keep every seed (a check on the expectations
    themselves, independent of the engine)."""
    scripts = SCRIPTS[name]
    holes, nbr_start = _constants(name)
    main = scripts[0]
    assert main.board is None and main.starter == 0
    assert sum(1 for step in main.steps if step[1] != ILLEGAL) >= 10
    for script in scripts:
        if script.board is None:
            total = 2 * holes * nbr_start
        else:
            assert len(script.board) == 2 * holes
            total = sum(script.board) + sum(script.stores)
        for i, step in enumerate(script.steps):
            if step[1] == ILLEGAL:
                continue
            board, stores, turn = step[1], step[2], step[3]
            assert len(board) == 2 * holes, (name, i)
            # SameSide/Ohojichi: captured seeds waiting for their placement ("pending")
            pending = step[4].get("pending", 0) if len(step) > 4 else 0
            assert sum(board) + sum(stores) + pending == total, (name, i, step)
            assert turn in (0, 1)


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_scripted_game(name):
    game = Game(load_variant(CONFIGS / f"{name}.json"))
    for number, script in enumerate(SCRIPTS[name]):
        if script.board is None:
            pos = game.start(script.starter)
        else:
            pos = game.start(script.starter, board=script.board, stores=script.stores)
        played: list[Any] = []
        for i, step in enumerate(script.steps):
            move = step[0]
            where = f"{name} script {number} step {i} (move {move!r})"
            if step[1] == ILLEGAL:
                with pytest.raises(IllegalMove):
                    game.play(pos, move)
                continue
            played.append(move)
            extra = step[4] if len(step) > 4 else {}
            try:
                pos = game.next_round(pos) if move == NEXT_ROUND else game.play(pos, move)
            except IllegalMove as exc:
                pytest.fail(f"{where}: refused ({exc}); request: {_request(name, script, played)}")
            got = (list(pos.board), list(pos.stores), pos.turn, _outcome(pos))
            want = (step[1], step[2], step[3], extra.get("outcome"))
            assert got == want, f"{where}: request {_request(name, script, played)}"
            if "legal" in extra:
                assert game.legal_moves(pos) == extra["legal"], where
            # captured seeds waiting to be placed (SameSide, Ohojichi): the position says so
            assert pos.empty_store == bool(extra.get("pending")), f"{where}: placement pending"
            for per_hole in ("children", "blocked", "owners"):
                if per_hole in extra:
                    assert getattr(pos, per_hole) == extra[per_hole], f"{where}: {per_hole}"
