"""Scripted games with multi-lap sowing: Multilap Jackman and its variations, Ayoayo,
Congklak, Lamlameta, Bao, the rounds with burnt holes, Gabata and Giuthi.

The notation (boards, stores, steps) is described in tests/variants/test_scripted_games.py,
whose SCRIPTS names the scripts of each variant file; every position was worked out by
hand from the variant's rules."""

from __future__ import annotations

from tests.variants.scripted_games_helpers import ILLEGAL, NEXT_ROUND, Script, b

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
