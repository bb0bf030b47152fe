"""Scripted games of the other variant files: Bohnenspiel, Mangala, Pallanguli, Tchuka Ruma;
the games with children (Toguz Kumalak and Korgool, Qelat, Weg); the sow rules (Ba-awa,
Nam-Nam, Deka, Layli Goobalay, the Pallanguli-type games with the four rule, Ohvalhu).

The notation (boards, stores, steps) is described in tests/variants/test_scripted_games.py,
whose SCRIPTS names the scripts of each variant file; every position was worked out by
hand from the variant's rules."""

from __future__ import annotations

from tests.variants.scripted_games_helpers import ILLEGAL, NEXT_ROUND, Script, b

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
