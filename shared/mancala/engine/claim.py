"""Counting each player's seeds at the end of a game or round.

A *claimer* returns the seeds each player holds. Some only count (stores,
children, owned holes); the others, used once the game is over, first move the
seeds left in play per `unclaimed`: to the hole's owner, to the last mover or
the unfed player, split between the stores, or off the board (DONT_SCORE).
Children always count for their owner and are never moved.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.board import Board
from mancala.engine.position import LAST_PLAYER, NO_CH_OWNER, Position
from mancala.rules.enums import Goal
from mancala.rules.variant import Variant

Claimer = Callable[[Position], list[int]]


def _territory_owner(pos: Position, loc: int) -> int:
    owner = pos.owner[loc]
    if owner is None:  # a territory game's start gives every hole an owner
        raise ValueError(f"hole {loc} has no owner in a territory game")
    return owner


def owner_of(variant: Variant, board: Board) -> Callable[[Position, int], int]:
    """Who a hole's seeds belong to: its territory owner, else its side."""
    if variant.game_info.goal == Goal.TERRITORY:
        return _territory_owner
    side_of = board.side_of
    return lambda _pos, loc: side_of[loc]


def _with_children(pos: Position, seeds: list[int]) -> list[int]:
    board = pos.board
    for loc, owner in enumerate(pos.child):
        if owner is not None and owner != NO_CH_OWNER:  # a ram's seeds count for nobody
            seeds[owner] += board[loc]
    return seeds


def stores_only(pos: Position) -> list[int]:
    return pos.stores[:]


def stores_and_children(pos: Position) -> list[int]:
    return _with_children(pos, pos.stores[:])


def make_count_owned(variant: Variant, board: Board) -> Claimer:
    """Stores, children and the seeds of the holes each player owns (nothing moves)."""
    owner = owner_of(variant, board)

    def count_owned(pos: Position) -> list[int]:
        seeds = pos.stores[:]
        for loc, seeds_here in enumerate(pos.board):
            child = pos.child[loc]
            if child != NO_CH_OWNER:
                seeds[owner(pos, loc) if child is None else child] += seeds_here
        return seeds

    return count_owned


def make_take_own(variant: Variant, board: Board) -> Claimer:
    """HOLE_OWNER: each hole's seeds go to its owner's store."""
    owner = owner_of(variant, board)

    def take_own(pos: Position) -> list[int]:
        for loc in range(len(pos.board)):
            if pos.child[loc] is None:
                pos.stores[owner(pos, loc)] += pos.board[loc]
                pos.board[loc] = 0
        return stores_and_children(pos)

    return take_own


def drop_unclaimed(pos: Position) -> list[int]:
    """DONT_SCORE (and no-sides games): seeds left in play leave the board uncounted."""
    for loc in range(len(pos.board)):
        if pos.child[loc] is None:
            pos.board[loc] = 0
    return stores_and_children(pos)


def make_take_all(collector: Callable[[Position], int]) -> Claimer:
    """LAST_MOVER / UNFED_PLAYER: one player takes every seed left in play."""
    def take_all(pos: Position) -> list[int]:
        who = collector(pos)
        for loc in range(len(pos.board)):
            if pos.child[loc] is None:
                pos.stores[who] += pos.board[loc]
                pos.board[loc] = 0
        return stores_and_children(pos)

    return take_all


def last_mover(pos: Position) -> int:
    return pos.last[LAST_PLAYER] if pos.last is not None else pos.turn


def player_to_move(pos: Position) -> int:
    return pos.turn


def divvy_to_stores(pos: Position) -> list[int]:
    """DIVVIED (and fair ends): the seeds left in play are split between the stores; an
    odd seed goes to the player with fewer in their store (North when equal)."""
    unclaimed = 0
    for loc in range(len(pos.board)):
        if pos.child[loc] is None:
            unclaimed += pos.board[loc]
            pos.board[loc] = 0
    half, odd = divmod(unclaimed, 2)
    pos.stores[0] += half
    pos.stores[1] += half
    if pos.stores[1] > pos.stores[0]:
        pos.stores[0] += odd
    else:
        pos.stores[1] += odd
    return stores_and_children(pos)


def divvy_to_children(pos: Position) -> list[int]:
    """No stores: the seeds left in play are split between the players' children (the
    last child of each), or all to the one player with children; with no children at
    all the game is counted as a tie."""
    board = pos.board
    seeds = [0, 0]
    unclaimed = 0
    last_child = [-1, -1]
    for loc in range(len(board)):
        owner = pos.child[loc]
        if owner is None:
            unclaimed += board[loc]
            board[loc] = 0
        elif owner != NO_CH_OWNER:
            seeds[owner] += board[loc]
            last_child[owner] = loc
    if last_child[0] >= 0 and last_child[1] >= 0:
        half, odd = divmod(unclaimed, 2)
        for player in (0, 1):
            seeds[player] += half
            board[last_child[player]] += half
        fewer = 0 if seeds[1] > seeds[0] else 1
        seeds[fewer] += odd
        board[last_child[fewer]] += odd
    elif last_child[0] >= 0:
        seeds[0] += unclaimed
        board[last_child[0]] += unclaimed
    elif last_child[1] >= 0:
        seeds[1] += unclaimed
        board[last_child[1]] += unclaimed
    if any(seeds):
        return seeds
    return [pos.total // 2, pos.total // 2]
