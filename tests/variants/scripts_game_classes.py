"""Scripted games of the game classes (NS Kalah, Andada, Diffusion, Ohojichi, Same Side) and
of Bechi (no sides).

The notation (boards, stores, steps) is described in tests/variants/test_scripted_games.py,
whose SCRIPTS names the scripts of each variant file; every position was worked out by
hand from the variant's rules."""

from __future__ import annotations

from tests.variants.scripted_games_helpers import ILLEGAL, Script, b

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
