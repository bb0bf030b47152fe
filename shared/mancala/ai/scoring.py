"""Static evaluation from the variant's scorer multipliers (section `player.scorer`).

Scores are from one player's point of view; terminal positions score far beyond
any heuristic value, by the final margin, so a proved win is always preferred.
The end of a round is not terminal: the game goes on from what each player holds,
so it scores that margin on the heuristic scale (`round_end_scorer`).
A position where one player already holds more than half the seeds, in a game
where held seeds are never lost (most seeds wins, no rounds, no children), scores
`SURE` beyond the heuristic values: decided, though not yet played out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mancala.engine.board import CCW, CW
from mancala.engine.draw import split_directions, to_center_directions
from mancala.engine.game import Game
from mancala.engine.position import LAST_PLAYER, NO_CH_OWNER, Position
from mancala.rules.enums import ChildType, Direct, Goal, Rounds

WIN = 100_000
SURE = 50_000  # a majority of the seeds held for good: won, short of a proof

Evaluator = Callable[[Position, int], float]

# the goals whose game is won by a count of round wins
ROUND_WIN_TALLIES = frozenset({Goal.RND_WIN_COUNT, Goal.RND_WIN_COUNT_CLR, Goal.RND_WIN_COUNT_DEP,
                               Goal.RND_WIN_COUNT_IMB})


def held(pos: Position) -> list[int]:
    """Seeds each player holds for good: the store and their children (a ram, owned by
    nobody, holds its seeds for neither)."""
    seeds = pos.stores[:]
    board = pos.board
    for loc, owner in enumerate(pos.child):
        if owner is not None and owner != NO_CH_OWNER:
            seeds[owner] += board[loc]
    return seeds


def terminal_score(pos: Position, player: int) -> float:
    """A finished game: the margin in seeds held, pushed beyond every heuristic score."""
    assert pos.outcome is not None
    counts = held(pos)
    margin = counts[player] - counts[1 - player]
    winner = pos.outcome.winner
    if winner is None:
        return float(margin)
    return (WIN + abs(margin)) if winner == player else -(WIN + abs(margin))


def round_end_rule(game: Game) -> str:
    """Which scoring `round_end_scorer` gives the variant's outcomes: "game" (no rounds:
    every outcome ends the game), "tallied" (the game counts round wins) or "carried"
    (the seeds carried into the next round). A record of the variant's play names it."""
    gi = game.variant.game_info
    if gi.rounds == Rounds.NO_ROUNDS:
        return "game"
    return "tallied" if gi.goal in ROUND_WIN_TALLIES else "carried"


def round_end_scorer(game: Game) -> Evaluator:
    """How a position with an outcome scores in this variant. Without rounds, every
    outcome ends the game (`terminal_score`). With rounds the game goes on after a
    round's end, so it is never scored as a won game:

    - where the game counts round wins (the RND_WIN_COUNT goals), the round's winner has
      what the game counts: SURE beyond the heuristic values, as a majority held for good
      is, and the margin within it;
    - elsewhere a round's end is worth the seeds each player carries into the next round,
      weighed as stores are, and nothing for having won the round. Scored as a won game
      it made the search end rounds at any margin rather than play on for a larger one,
      and in Lam Waladach (the next round's holes are the seeds held) the deeper levels
      lost to the shallower ones (docs/competitive.md, "Round ends in the look-ahead")."""
    rule = round_end_rule(game)
    if rule == "game":
        return terminal_score
    tallied = rule == "tallied"
    stores_m = stores_multiplier(game) or 1

    def finished(pos: Position, player: int) -> float:
        assert pos.outcome is not None
        if not pos.outcome.kind.ends_round:
            return terminal_score(pos, player)
        counts = held(pos)
        margin = counts[player] - counts[1 - player]
        winner = pos.outcome.winner
        if not tallied or winner is None:
            return float(stores_m * margin)
        return (SURE + abs(margin)) if winner == player else -(SURE + abs(margin))

    return finished


def majority_decides(game: Game) -> bool:
    """Whether seeds in a store stay there until the end and the most seeds win."""
    gi = game.variant.game_info
    return (gi.stores and gi.goal == Goal.MAX_SEEDS and gi.rounds == Rounds.NO_ROUNDS
            and not has_children(game))


def has_children(game: Game) -> bool:
    return game.variant.game_info.child_type != ChildType.NOCHILD


def repeating(pos: Position) -> bool:
    """The player to move also made the last move (a repeat turn, or the other passed)."""
    return pos.last is not None and pos.last[LAST_PLAYER] == pos.turn


def stores_multiplier(game: Game) -> int:
    sc = game.variant.player.scorer
    if not any((sc.stores_m, sc.seeds_m, sc.empties_m, sc.evens_m, sc.access_m, sc.child_cnt_m)):
        return 1  # a variant without multipliers still wants seeds
    return sc.stores_m


Weights = tuple[int, int, int, int, int]  # stores, seeds, empties, evens, repeat turn


def linear_weights(game: Game, difficulty: int) -> Weights | None:
    """The score's multipliers where it is a sum of the rows' differences (stores, seeds,
    empty holes, even holes) and a repeat turn's bonus, with SURE for a majority held for
    good: the case the C look-ahead computes too (mancala.ai.think). None where the score
    reads more (children, territory, access, noise) or no majority decides."""
    sc = game.variant.player.scorer
    noise = sc.easy_rand if difficulty == 0 else 0
    if noise or sc.access_m or has_children(game) or game.territory or not majority_decides(game):
        return None
    return stores_multiplier(game), sc.seeds_m, sc.empties_m, sc.evens_m, sc.repeat_turn


def stores_only(game: Game, difficulty: int) -> bool:
    """Whether the score is the stores difference alone (and SURE): the common case."""
    weights = linear_weights(game, difficulty)
    return weights is not None and not any(weights[1:])


def make_evaluator(game: Game, *, difficulty: int, rng: random.Random) -> Evaluator:
    sc = game.variant.player.scorer
    stores_m = stores_multiplier(game)
    seeds_m, empties_m, evens_m, access_m = sc.seeds_m, sc.empties_m, sc.evens_m, sc.access_m
    kids = has_children(game)
    child_m = sc.child_cnt_m if kids else 0
    repeat_m = sc.repeat_turn
    noise = sc.easy_rand if difficulty == 0 else 0
    sure = majority_decides(game)
    finished = round_end_scorer(game)
    order = game.board.order
    sides = (list(order[0]), list(order[1]))
    territory = game.territory

    if stores_only(game, difficulty):
        # the common case (Kalah, Oware, ...): stores difference, and decided games
        def evaluate_stores(pos: Position, player: int) -> float:
            if pos.outcome is not None:
                return terminal_score(pos, player)
            s = pos.stores
            mine, theirs = s[player], s[1 - player]
            half = pos.total / 2
            if mine > half:
                return SURE + mine - theirs
            if theirs > half:
                return -SURE + mine - theirs
            return stores_m * (mine - theirs)

        return evaluate_stores

    def evaluate(pos: Position, player: int) -> float:
        if pos.outcome is not None:
            return finished(pos, player)
        b = pos.board
        children = pos.child if kids else None
        counts = held(pos) if kids else pos.stores  # seeds in children count as held
        mine, theirs = counts[player], counts[1 - player]
        if sure:
            half = pos.total / 2
            if mine > half:
                return SURE + mine - theirs
            if theirs > half:
                return -SURE + mine - theirs
        owners = pos.owner
        if not territory:  # the players' sides: rows, or halves in the east/west classes
            own_h, opp_h = sides[player], sides[1 - player]
        else:  # territory: the holes each player owns now
            own_h = [h for h, o in enumerate(owners) if o == player]
            opp_h = [h for h, o in enumerate(owners) if o == 1 - player]
        own, opp = [b[h] for h in own_h], [b[h] for h in opp_h]
        score: float = stores_m * (mine - theirs)
        if seeds_m:
            if children is None:
                score += seeds_m * (sum(own) - sum(opp))
            else:  # seeds in play: not in children
                score += seeds_m * (sum(b[h] for h in own_h if children[h] is None)
                                    - sum(b[h] for h in opp_h if children[h] is None))
        if empties_m:
            score += empties_m * (own.count(0) - opp.count(0))
        if evens_m:
            score += evens_m * (sum(1 for x in own if x and x % 2 == 0) - sum(1 for x in opp if x and x % 2 == 0))
        if access_m:
            score += access_m * (_access(game, b, own_h, player) - _access(game, b, opp_h, 1 - player))
        if child_m and children is not None:
            score += child_m * (children.count(player) - children.count(1 - player))
        if repeat_m and repeating(pos):
            score += repeat_m if pos.turn == player else -repeat_m
        if noise:
            score += rng.uniform(-noise, noise)
        return score

    return evaluate


def _access(game: Game, board: list[int], holes: Sequence[int], player: int) -> int:
    """How many holes off the player's side a single sow from their holes reaches (rough,
    one lap along the board's circle)."""
    size = game.size
    theirs = set(game.board.order[1 - player])
    steps = fixed_steps(game)
    reach: set[int] = set()
    for hole in holes:
        seeds = board[hole]
        if seeds:
            step = steps[hole]
            for k in range(1, min(seeds, size) + 1):
                target = (hole + step * k) % size
                if target in theirs:
                    reach.add(target)
    return len(reach)


def fixed_steps(game: Game) -> list[int]:
    """Each hole's sowing direction where the variant fixes it (the access scorer is not
    used where the mover chooses: those holes count counter-clockwise, as do the holes
    of EVEN_ODD_DIR, whose direction changes with their count)."""
    direct = game.variant.game_info.sow_direct
    if direct == Direct.SPLIT:
        return [step or CCW for step in split_directions(game.holes)]
    if direct == Direct.TOCENTER:
        return [step or CCW for step in to_center_directions(game.holes)]
    return [CW if direct == Direct.CW else CCW] * game.size
