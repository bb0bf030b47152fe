"""The one-turn challenge: the most seeds the starter can bank before the opponent moves.

Edward Jackman's 1994 challenge (seeds/multilap_rules_and_challenge.html): in a
variant with repeat turns, the player to move may chain move after move; how
many seeds can they hold in their store when the turn finally passes?

A depth-first search over the chains of moves from the position. What a chain
can still bank does not depend on how it got here (the total is the store's
count at the end), so a position met again through another chain is skipped:
the search keeps a set of `Game.search_key`s. A branch is cut when even every
seed not in the opponent's store could not beat the best chain found so far.
The chain ends when the opponent is to move, or the game ends (then the store
holds what the end of the game gave it). A forced pass of the opponent (no seeds
to move) keeps the chain going: the opponent never moved.

    mancala solve --one-turn multilap_jackman
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mancala.engine.game import Game, Move
from mancala.engine.position import Position
from mancala.rules.enums import CaptRTurn


@dataclass
class OneTurn:
    """The best chain: the seeds in the player's store after it, and its moves."""

    player: int
    best: int
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0  # moves applied
    positions: int = 0  # distinct positions searched
    seconds: float = 0.0
    complete: bool = True  # False: stopped by the node limit; `best` is a lower bound
    start_store: int = 0

    @property
    def banked(self) -> int:
        """Seeds added to the store during the turn."""
        return self.best - self.start_store

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "best": self.best, "banked": self.banked,
                "moves": [Game.move_json(m) for m in self.moves], "nodes": self.nodes,
                "positions": self.positions, "seconds": round(self.seconds, 3), "complete": self.complete}


def play_on_game(variant: Any) -> Game:
    """The variant's game as Jackman's own rules (1994) play it: on until no one can move,
    not stopped once a player holds more than half the seeds (docs/rules-decisions.md)."""
    return Game(variant, play_on=True)


def has_repeat_turns(game: Game) -> bool:
    gi = game.variant.game_info
    return bool(gi.sow_own_store and not gi.store_ends_turn) or gi.capt_rturn != CaptRTurn.NO_REPEAT \
        or bool(gi.xc_sown)


class _Stop(Exception):
    pass


def one_turn(game: Game, pos: Position | None = None, *, node_limit: int | None = None,
             time_limit: float | None = None, progress: Callable[[OneTurn, int], None] | None = None, every: int = 200_000) -> OneTurn:
    """Search the chains of the player to move in `pos` (default: the start, South to move).

    `progress(result so far, positions seen)` is called every `every` moves applied;
    `node_limit` (moves applied) and `time_limit` (seconds, checked as often) stop the
    search early, leaving `complete` False and `best` a lower bound.
    """
    if pos is None:
        pos = game.start(0)
    if pos.outcome is not None:
        raise ValueError("the game is over")
    player = pos.turn
    opp = 1 - player
    result = OneTurn(player, -1, [], start_store=pos.stores[player])  # any chain beats -1
    seen: set[tuple] = set()
    path: list[Move] = []
    t0 = time.perf_counter()
    total = pos.total if pos.total else sum(pos.board) + sum(pos.stores)
    counter = [0]
    every = max(1, min(every, node_limit or every))
    next_report = [every]
    deadline = None if time_limit is None else t0 + time_limit

    def ordered(p: Position) -> list[tuple[int, Move, Position]]:
        out = []
        for mv in game.legal_moves(p):
            child = p.copy()
            game.apply(child, mv)
            going = child.turn == player and child.outcome is None
            out.append((child.stores[player] + (1000 if going else 0), mv, child))
        out.sort(key=lambda t: t[0], reverse=True)
        return out

    def dfs(p: Position) -> None:
        for _, mv, child in ordered(p):
            counter[0] += 1
            if counter[0] >= next_report[0]:
                next_report[0] += every
                result.nodes = counter[0]
                if progress is not None:
                    result.seconds = time.perf_counter() - t0
                    progress(result, len(seen))
                if (node_limit is not None and counter[0] >= node_limit) or \
                        (deadline is not None and time.perf_counter() > deadline):
                    raise _Stop
            path.append(mv)
            if child.turn != player or child.outcome is not None:  # the chain ends here
                if child.stores[player] > result.best:
                    result.best, result.moves = child.stores[player], list(path)
            else:
                # what is not in the opponent's store could still come to ours
                if total - child.stores[opp] > result.best:
                    key = game.search_key(child)
                    if key not in seen:
                        seen.add(key)
                        dfs(child)
            path.pop()

    try:
        dfs(pos)
    except _Stop:
        result.complete = False
    result.nodes = counter[0]
    result.positions = len(seen)
    result.seconds = time.perf_counter() - t0
    return result


def brute_force(game: Game, pos: Position) -> int:
    """The same answer by plain enumeration of every chain (tiny boards only: tests)."""
    player = pos.turn
    best = pos.stores[player]
    for mv in game.legal_moves(pos):
        child = pos.copy()
        game.apply(child, mv)
        if child.turn == player and child.outcome is None:
            best = max(best, brute_force(game, child))
        else:
            best = max(best, child.stores[player])
    return best


def replay_chain(game: Game, pos: Position, moves: list[Move]) -> Position:
    """Play the chain with `Game.play` (checked); the player must keep the turn until the last."""
    player = pos.turn
    for i, mv in enumerate(moves):
        if pos.turn != player or pos.outcome is not None:
            raise ValueError(f"move {i}: the turn has passed")
        pos = game.play(pos, mv)
    return pos
