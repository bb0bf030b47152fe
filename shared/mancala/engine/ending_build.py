"""The enders of a variant, built once: `make_ender` chains the checks asked after
every move (mancala.engine.ending describes the chain), `make_quitter` ends a game
that cannot end by itself (a sowing that never stops) as fairly as it can.
"""

from __future__ import annotations

from mancala.engine import claim
from mancala.engine.context import Context
from mancala.engine.end_conditions import (
    BearOffNoSeeds,
    ClearSeeds,
    DepriveLastMover,
    DepriveNoSeeds,
    end_condition,
)
from mancala.engine.ending import (
    ROUND_GOALS,
    CannotShare,
    ChildrenHoldStores,
    ClearWinner,
    Ender,
    GameOver,
    NoMovesEither,
    NoMovesNext,
    NoOutcomeChange,
    NotPlayable,
    RoundBySeeds,
    RoundByTally,
    RoundLoserRefills,
    SeedLimit,
    _no_change_applies,
    game_over_claimer,
    min_for_change,
    row_empty_ender,
    variant_total,
)
from mancala.engine.outcome import TIE, Decision
from mancala.engine.position import Position
from mancala.rules.enums import (
    ChildLocs,
    ChildType,
    EndRule,
    Goal,
    RoundFill,
    Rounds,
    Unclaimed,
)


class TieAlways(Ender):
    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        return TIE, pos.turn


class QuitRoundTally(Ender):
    def __init__(self, ctx: Context, inner: Ender, claimer: claim.Claimer) -> None:
        super().__init__(ctx, inner)
        self.claimer = claimer

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        kind, winner = self.next(pos, repeat, over)
        tally = self.ctx.tally
        assert tally is not None  # this ender is chosen only for tally goals
        tally.add(pos, kind, winner, self.claimer(pos))
        return tally.final(pos)


# ---- building ------------------------------------------------------------------------------------


def make_ender(ctx: Context) -> Ender:
    info = ctx.info
    goal = info.goal.eliminating  # RND_WIN_COUNT_CLR etc.: each round decided as CLEAR etc.
    if goal == Goal.DEPRIVE:
        if info.min_move == 1:
            ender: Ender = NoMovesNext(ctx, DepriveNoSeeds(ctx))
        else:
            ender = DepriveLastMover(ctx)
    elif goal == Goal.IMMOBILIZE:
        # 1.10: unlike DEPRIVE, running out of seeds loses nothing by itself; only the
        # opponent's lack of a move ends the game, for the last mover
        ender = DepriveLastMover(ctx)
    elif goal == Goal.CLEAR:
        ender = ClearSeeds(ctx)
    elif info.end_rule == EndRule.ROW_EMPTY:
        ender = row_empty_ender(ctx)
    else:
        ender = GameOver(ctx, game_over_claimer(ctx))
        ender = NoMovesEither(ctx, ender) if info.mustpass else NoMovesNext(ctx, ender)
        # 1.10 drops the share check under mustpass: a player who cannot share moves
        # anyway (mancala.engine.allow)
        if info.mustshare and not (ctx.v110 and info.mustpass):
            share_claimer = (claim.make_take_all(claim.player_to_move)
                             if info.unclaimed == Unclaimed.UNFED_PLAYER else claim.stores_only)
            ender = CannotShare(ctx, ender, share_claimer)
        ender = NotPlayable(ctx, ender)
        if _no_change_applies(ctx) and not ctx.play_on:
            total = variant_total(ctx)
            needed = min_for_change(ctx, total)
            if info.min_move < needed < total:
                ender = NoOutcomeChange(ctx, ender, needed)
        has_children = info.child_cvt or info.child_locs == ChildLocs.FIXED_ONE_RIGHT
        counted = claim.stores_and_children if has_children else claim.stores_only
        if not ctx.play_on:
            ender = ClearWinner(ctx, ender, counted)
        ender = end_condition(ctx, ender)
        if info.rounds != Rounds.NO_ROUNDS:
            if info.rounds in (Rounds.END_S_SEEDS, Rounds.END_2S_SEEDS):
                factor = 1 if info.rounds == Rounds.END_S_SEEDS else 2
                ender = SeedLimit(ctx, ender, factor * ctx.nbr_start)
            if info.goal in ROUND_GOALS:
                ender = RoundByTally(ctx, ender, counted)
            elif info.round_fill == RoundFill.LOSER_ONLY:
                ender = RoundLoserRefills(ctx, ender)
            else:
                ender = RoundBySeeds(ctx, ender)
        if info.child_type != ChildType.NOCHILD and not info.stores:
            ender = ChildrenHoldStores(ctx, ender)
    if goal != info.goal:
        # the round's winner counts one round win (the seeds, on the board, count nothing)
        ender = RoundByTally(ctx, ender, claim.stores_only)
    if ctx.bear_off and not ctx.v110:
        # 1.10's BearOff class ends its games as the Mancala class does: no such check
        ender = BearOffNoSeeds(ctx, ender)
    return ender


def make_quitter(ctx: Context) -> Ender:
    """The end of a game stopped from outside (a sowing that never ends)."""
    info = ctx.info
    if info.goal.eliminating in (Goal.CLEAR, Goal.DEPRIVE, Goal.IMMOBILIZE):
        return TieAlways(ctx)
    if ctx.v110:
        return _quitter_110(ctx)
    if not (info.stores or info.child_cvt):
        return TieAlways(ctx)
    claimer: claim.Claimer
    match info.unclaimed:
        case Unclaimed.DONT_SCORE:
            claimer = claim.drop_unclaimed
        case Unclaimed.LAST_MOVER:
            claimer = claim.make_take_all(claim.last_mover)
        case Unclaimed.UNFED_PLAYER:
            claimer = claim.make_take_own(ctx.variant, ctx.board)
        case _:
            claimer = claim.divvy_to_stores if info.stores else claim.divvy_to_children
    quitter: Ender = GameOver(ctx, claimer)
    if info.goal in ROUND_GOALS:
        quitter = QuitRoundTally(ctx, quitter, claim.stores_and_children)
    return quitter


def _quitter_110(ctx: Context) -> Ender:
    """1.10 names what happens to the seeds left on a stopped game in its own parameter,
    `quitter`, not `unclaimed`."""
    info = ctx.info
    claimer: claim.Claimer
    match info.quitter:
        case Unclaimed.HOLE_OWNER:
            claimer = claim.make_take_own(ctx.variant, ctx.board)
        case Unclaimed.DONT_SCORE:
            claimer = claim.drop_unclaimed
        case Unclaimed.LAST_MOVER:
            claimer = claim.make_take_all(claim.last_mover)
        case Unclaimed.DIVVIED if info.stores:
            claimer = claim.divvy_to_stores
        case Unclaimed.DIVVIED if info.child_type != ChildType.NOCHILD:
            claimer = claim.divvy_to_children
        case Unclaimed.DIVVIED:
            return TieAlways(ctx)
        case _:
            raise NotImplementedError(info.quitter)
    quitter: Ender = GameOver(ctx, claimer)
    if info.goal in ROUND_GOALS:
        quitter = QuitRoundTally(ctx, quitter, claim.stores_and_children)
    return quitter
