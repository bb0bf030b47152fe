"""Scripted games of the Oware family (Oware, Awari, Awale and its grand slam rules, Urim,
Micro-Wari) and of the Kalah family (Kalah of every size, empty capture, Cross-Kalah).

The notation (boards, stores, steps) is described in tests/variants/test_scripted_games.py,
whose SCRIPTS names the scripts of each variant file; every position was worked out by
hand from the variant's rules."""

from __future__ import annotations

from tests.variants.scripted_games_helpers import ILLEGAL, Script, b

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
