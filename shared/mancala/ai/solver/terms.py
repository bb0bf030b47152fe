"""What the solver values, how it tells positions apart, and what it reports."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mancala.engine.allow import dont_undo_applies
from mancala.engine.ending import ROUND_GOALS
from mancala.engine.fast import why_not_fast
from mancala.engine.game import Game, Move
from mancala.engine.position import Position
from mancala.rules.enums import CaptRTurn, ChildType, Direct, Goal, Rounds, SowPrescribed
from mancala.rules.variant import Variant


class NotSolvable(ValueError):
    """The variant or position has no exact value this solver can find."""


class OutOfTime(Exception):
    """A search's deadline passed (the solve answers None)."""


@dataclass(frozen=True)
class Progress:
    """A report on a long solve (about once a second).

    `probe` is the iteration: the null-window test "value >= test" under way, or
    (`lookahead`) the heuristic look-ahead to depth `test` that gives MTD(f) its first
    guess; `lower`..`upper` is what the earlier probes proved about the value.
    """

    nodes: int
    seconds: float
    probe: int
    test: int
    lower: int
    upper: int
    engine: str
    lookahead: bool = False

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class Solution:
    value: int  # final store difference from the view of the player to move
    best_moves: tuple[Move, ...]  # every move that keeps the value, in legal-move order
    nodes: int
    probes: int  # MTD(f) iterations
    seconds: float
    engine: str  # "C" or "Python"
    lookahead: int = 0  # depth of the heuristic look-ahead that gave the first guess (C)
    db_hits: int = 0  # positions an endgame database answered (C with `egtb`; not in nodes)


def why_not_solvable(variant: Variant) -> list[str]:
    """Why no exact store-difference value exists for this variant here (empty if it does)."""
    gi = variant.game_info
    reasons = []
    if gi.goal != Goal.MAX_SEEDS:
        reasons.append(f"goal={gi.goal.value}: the solver values games won by the most seeds")
    if gi.rounds != Rounds.NO_ROUNDS:
        reasons.append(f"rounds={gi.rounds.value}: the solver values single games")
    if gi.child_type != ChildType.NOCHILD:
        # the C searches' positions are the board and the stores, and a child's seeds
        # count for its owner without being in a store
        reasons.append(f"child_type={gi.child_type.value}: a child's seeds are in no store")
    return reasons


def search_key_of(game: Game) -> Callable[[Position], tuple]:
    """The key the searches tell positions apart by.

    Game.search_key holds every Position field, the move count and the last move
    included, so no position ever comes back under it: no transposition is found and a
    game that goes round in circles looks endless. The rules the C core plays read
    neither (nor the starter), and of the repeat-turn count only whether it is 0 (under
    capt_rturn ONCE): for those variants the key is what decides the future. Others,
    and those whose legal moves read the move before (SPLIT's ban on moving a single
    seed straight back), keep Game.search_key."""
    variant = game.variant
    if why_not_fast(variant) or dont_undo_applies(game.pipe):  # the game's own pipeline
        return game.search_key
    once = variant.game_info.capt_rturn == CaptRTurn.ONCE

    def key(pos: Position) -> tuple:
        return (tuple(pos.board), pos.stores[0], pos.stores[1], pos.turn,
                once and pos.rturn_cnt > 0, pos.outcome, pos.total)

    gi = variant.game_info
    marks = gi.child_type != ChildType.NOCHILD or gi.blocks
    directions = gi.sow_direct == Direct.PLAYALTDIR
    firsts = gi.prescribed == SowPrescribed.NO_UDIR_FIRSTS
    tallied = gi.goal in ROUND_GOALS
    territory = gi.goal == Goal.TERRITORY
    if not marks and not directions and not firsts and not tallied and not territory:
        return key

    def key_with_marks(pos: Position) -> tuple:
        # a child changes what the seeds are worth, a blocked hole where they go (a table
        # kept from one round to the next may meet the same board with other holes
        # closed); under PLAYALTDIR the game's first move names the directions both
        # players sow in from then on
        more: tuple = (tuple(pos.child), tuple(pos.blocked)) if marks else ()
        if directions:
            more += (pos.mcount == 0, pos.alt_dirs)
        if firsts:  # each player's first turn sows the variant's own way
            more += (min(pos.movers, 2),)
        if tallied:  # whether a round's end ends the game, and for whom
            more += (pos.tally,)
        if territory:  # whose moves and seeds each hole's are
            more += (tuple(pos.owner),)
        return (*key(pos), *more)

    return key_with_marks
