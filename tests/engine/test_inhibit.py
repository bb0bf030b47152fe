"""Inhibitors (mancala.engine.inhibit): SHORTEN rounds make no children once the board
is down to three holes a side (before that, and in the game's first round, they do),
with or without ARNGE_LIMIT; ARNGE_LIMIT's hold on a starter who sowed first.

Expected positions are worked out by hand from the parameter reference
(round_fill SHORTEN, prescribed ARNGE_LIMIT) and docs/rules-decisions.md. SHORTEN
games: 5 holes a side, 4 seeds a hole: South 0..4, North 5..9, hole i faces 9-i;
child_cvt 5, so a final seed in a hole of 4 makes a child.
"""

from __future__ import annotations

from mancala.engine import Game, Position
from mancala.engine.position import Outcome, OutcomeKind
from tests.engine.helpers import make


def shorten(**extra: object) -> Game:
    return make(5, 4, stores=True, blocks=True, rounds="NO_MOVES", round_fill="SHORTEN",
                round_starter="WINNER", child_type="NORMAL", child_cvt=5, **extra)


def round_won_by_north(game: Game, south: int, north: int) -> Position:
    """The next round after North won one holding `north` seeds to South's `south`."""
    pos = game.start(0, board=[0] * 10, stores=[south, north])
    pos.turn = 1
    pos.last = (1, 9, 1, 0)  # the round's last move, North's: no longer the game's first
    pos.outcome = Outcome(OutcomeKind.ROUND_WIN, 1)
    return game.next_round(pos)


def test_shorten_the_first_round_makes_children():
    game = shorten()
    # South 0 (4 seeds) -> 1, 2, 3, 4: the last seed makes 5 in hole 4: South's child
    pos = game.play(game.start(0), 0)
    assert pos.board == [0, 5, 5, 5, 5, 4, 4, 4, 4, 4]
    assert pos.child == [None] * 4 + [0] + [None] * 5


def test_shorten_a_round_of_four_holes_a_side_makes_children():
    game = shorten()
    # South lost holding 16: four holes of 4 each side (4 and 5 blocked); North starts
    pos = round_won_by_north(game, 16, 24)
    assert pos.board == [4, 4, 4, 4, 0, 0, 4, 4, 4, 4]
    # North 7 (4 seeds) -> 8, 9, 0, 1: 5 seeds in hole 1: North's child
    pos = game.play(pos, 7)
    assert pos.board == [5, 5, 4, 4, 0, 0, 4, 0, 5, 5]
    assert pos.child == [None, 1] + [None] * 8


def test_shorten_a_round_of_three_holes_a_side_makes_no_children():
    game = shorten()
    # South lost holding 13: three holes of 4 each side (3 to 6 blocked), 1 kept back
    pos = round_won_by_north(game, 13, 27)
    assert (pos.board, pos.stores) == ([4, 4, 4, 0, 0, 0, 0, 4, 4, 4], [1, 15])
    # North 7 -> 8, 9, 0, 1: 5 seeds in hole 1, but no child on so short a board
    pos = game.play(pos, 7)
    assert pos.board == [5, 5, 4, 0, 0, 0, 0, 0, 5, 5]
    assert pos.child == [None] * 10


def test_shorten_with_arnge_limit_a_round_of_three_holes_a_side_makes_no_children():
    game = shorten(prescribed="ARNGE_LIMIT")
    pos = round_won_by_north(game, 13, 27)
    assert pos.inhibit == (None, False, False, True)  # nobody held back; no children
    pos = game.play(pos, 7)  # North 7 -> 8, 9, 0, 1: 5 seeds in 1, no child
    assert (pos.board, pos.child) == ([5, 5, 4, 0, 0, 0, 0, 0, 5, 5], [None] * 10)
    # four holes a side: North's child in 1, as without ARNGE_LIMIT
    pos = game.play(round_won_by_north(game, 16, 24), 7)
    assert (pos.board, pos.child) == ([5, 5, 4, 4, 0, 0, 4, 0, 5, 5], [None, 1] + [None] * 8)


# ---- ARNGE_LIMIT: the starter who sowed first is held back --------------------------------
# 4 holes a side: South 0 1 2 3, North 4 5 6 7; children at child_cvt 3, captures at 4.


def arnge(**extra: object) -> Game:
    return make(4, 2, stores=True, child_type="NORMAL", child_cvt=3, capt_on=[4], **extra)


def test_arnge_limit_a_held_starters_lap_sows_on_where_a_child_would_be_made():
    board = [2, 1, 2, 1, 1, 1, 1, 1]
    # without ARNGE_LIMIT: South 0 -> 1, 2; 3 seeds in 2 make South's child; the lap ends
    game = arnge(mlaps="LAPPER")
    pos = game.play(game.start(0, board=board), 0)
    assert (pos.board, pos.child[2]) == ([0, 2, 3, 1, 1, 1, 1, 1], 0)
    # South's first move sows, so South makes no children: the 3 in hole 2 sow on
    # (3, 4, 5), 2 in 5 (6, 7), 2 in 7 (0, 1), 3 in 1, again no child (2, 3, 4), 3 in 4
    # (5, 6, 7): the last seed falls into empty 7 and the sowing ends
    game = arnge(mlaps="LAPPER", prescribed="ARNGE_LIMIT")
    pos = game.play(game.start(0, board=board), 0)
    assert (pos.board, pos.stores) == ([1, 0, 1, 3, 0, 1, 3, 1], [0, 0])
    assert (pos.child, pos.inhibit) == ([None] * 8, (0, True, True, False))
    # North 5 -> 6: 4 seeds, taken: North is not held back, and the hold ends
    pos = game.play(pos, 5)
    assert (pos.board, pos.stores) == ([1, 0, 1, 3, 0, 0, 0, 1], [0, 4])
    assert pos.inhibit == (0, False, False, False)


def test_arnge_limit_once_the_hold_ends_the_starter_makes_children_again():
    game = arnge(prescribed="ARNGE_LIMIT")
    pos = game.start(0, board=[1, 2, 2, 2, 2, 2, 2, 2], stores=[0, 0])
    pos.inhibit = (0, False, False, False)  # South sowed first; the hold has ended
    pos.last = (1, 4, 2, 6)  # not the game's first move
    pos = game.play(pos, 0)  # 0 -> 1: 3 seeds, South's child
    assert (pos.board, pos.child[1]) == ([0, 3, 2, 2, 2, 2, 2, 2], 0)
