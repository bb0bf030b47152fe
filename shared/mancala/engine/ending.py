"""The end of a move: is the game (or round) over, and who won?

`make_ender` (mancala.engine.ending_build) builds, once per variant, a chain of checks asked after every move
(before the turn passes). Outermost first:

    children's seeds back from the stores (children without stores)
    -> the round's outcome (games in rounds: round or game, from the tallies or the
       seeds each player can refill with) -> a round ends below a seed limit
    -> a clear winner (more than half the seeds, counting children)
    -> too few seeds left to change the outcome -> no seeds left that can move
    -> must share: the player who must feed the other cannot
    -> no moves for the next player (or for both, with mustpass)
    -> the game is over: collect the seeds left per `unclaimed` and decide.

A check either decides, or passes on whether the game has ended so far. The
decision is (kind, winner): kind None while play goes on; WIN/TIE/ROUND_WIN/
ROUND_TIE; the winner of a tie is the player who just moved (nobody for a tie of
the RND_* tallies). Whatever is decided
from counts (a majority, the seeds at the end, the round tallies) is decided by
`mancala.engine.outcome.decide`, the one place that says who wins or ties.

DEPRIVE and CLEAR games have their own short enders (mancala.engine.end_conditions),
as have the 1.10 end conditions.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine import claim
from mancala.engine.context import Context
from mancala.engine.outcome import WIN, Decision, decide, round_end
from mancala.engine.position import Position
from mancala.engine.rounds import territory_split
from mancala.engine.start import start_total
from mancala.rules.enums import (
    CaptExtraPick,
    CaptType,
    ChildType,
    EndCond,
    Goal,
    LapSower,
    RoundFill,
    Rounds,
    RulesVersion,
    StartPattern,
    Unclaimed,
)
from mancala.rules.variant import Variant

ROUND_GOALS = (Goal.RND_WIN_COUNT, Goal.RND_SEED_COUNT, Goal.RND_EXTRA_SEEDS, Goal.RND_POINTS,
               Goal.RND_WIN_COUNT_CLR, Goal.RND_WIN_COUNT_DEP, Goal.RND_WIN_COUNT_IMB)


def territory_seeds_for(holes: int, nbr_start: int) -> int:
    """Seeds that claim `holes` holes in a territory game."""
    return holes * nbr_start - nbr_start + nbr_start // 2 + 1


def win_seeds_18(ctx: Context) -> Callable[[int], int]:
    info = ctx.info
    if info.rounds == Rounds.NO_MOVES:
        return lambda total: total - 1
    if info.goal == Goal.TERRITORY:
        fixed = territory_seeds_for(info.goal_param, ctx.nbr_start)
        return lambda _total: fixed
    if info.goal == Goal.MAX_SEEDS or info.rounds == Rounds.HALF_SEEDS:
        return lambda total: total - total // 2
    return lambda _total: -1


def win_seeds_110(ctx: Context) -> Callable[[int], int]:
    """1.10 ends a MAX_SEEDS game in NO_MOVES rounds as soon as the other player could
    no longer fill goal_param holes (one without it), and the END_S_SEEDS /
    END_2S_SEEDS rounds only when a player holds every seed."""
    info = ctx.info
    if (info.rounds == Rounds.NO_MOVES and info.goal == Goal.MAX_SEEDS
            and info.start_pattern == StartPattern.ALL_EQUAL and info.round_fill != RoundFill.UMOVE):
        needed = ctx.nbr_start * (info.goal_param or 1)
        return lambda total: total - needed
    if info.rounds == Rounds.NO_MOVES:
        return lambda total: total - 1
    if info.goal == Goal.TERRITORY:
        fixed = territory_split(ctx).win_seeds()
        return lambda _total: fixed
    if info.rounds in (Rounds.END_S_SEEDS, Rounds.END_2S_SEEDS):
        return lambda total: total - 1
    if info.goal == Goal.MAX_SEEDS or info.rounds == Rounds.HALF_SEEDS:
        return lambda total: total - total // 2
    return lambda _total: -1


class Ender:
    """One check of the chain. `ended(pos, repeat, over)`: `repeat` says the mover plays
    again; `over` says a check further out already found the game over."""

    def __init__(self, ctx: Context, inner: Ender | None = None) -> None:
        self.ctx = ctx
        self.inner = inner
        # the count a player must pass to win outright (or end the round), from the total
        self.win_seeds = win_seeds_110(ctx) if ctx.v110 else win_seeds_18(ctx)

    def next(self, pos: Position, repeat: bool, over: bool) -> Decision:
        assert self.inner is not None
        return self.inner.ended(pos, repeat, over)

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        raise NotImplementedError

    def decided_by_seeds(self, pos: Position, seeds: list[int]) -> Decision:
        """A win for more than the winning count; a tie when both hold exactly it."""
        return decide(seeds, pos.turn, past=self.win_seeds(pos.total))

    def moves_of(self, pos: Position, player: int) -> bool:
        """Whether `player` has a legal move in this position."""
        if self.ctx.store_moves and pos.stores[player]:
            return True  # seeds in the store can always be sown
        if player == pos.turn:
            return any(self.ctx.allowable(pos))
        pos.turn = player
        try:
            return any(self.ctx.allowable(pos))
        finally:
            pos.turn = 1 - player


# ---- the innermost decision -------------------------------------------------------------


class GameOver(Ender):
    """When the game is over: collect the seeds per `unclaimed`, then the most seeds win."""

    def __init__(self, ctx: Context, claimer: claim.Claimer) -> None:
        super().__init__(ctx)
        self.claimer = claimer

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        if not over:
            return None, pos.turn
        seeds = self.claimer(pos)
        decision = self.decided_by_seeds(pos, seeds)
        return decision if decision[0] else decide(seeds, pos.turn)


# ---- checks -----------------------------------------------------------------------------------


class ClearWinner(Ender):
    def __init__(self, ctx: Context, inner: Ender, claimer: claim.Claimer) -> None:
        super().__init__(ctx, inner)
        self.claimer = claimer

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        if over:
            return self.next(pos, repeat, over)
        kind, winner = self.decided_by_seeds(pos, self.claimer(pos))
        if kind:
            return kind, winner
        return self.next(pos, repeat, False)


class NoMovesNext(Ender):
    """Without mustpass: over when the player to move next has no move."""

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        if over:
            return self.next(pos, repeat, over)
        nxt = pos.turn if repeat else 1 - pos.turn
        return self.next(pos, repeat, not self.moves_of(pos, nxt))


class NoMovesEither(Ender):
    """mustpass: over only when neither player can move."""

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        if over:
            return self.next(pos, repeat, over)
        if self.moves_of(pos, pos.turn):
            return self.next(pos, repeat, False)
        return self.next(pos, repeat, not self.moves_of(pos, 1 - pos.turn))


class CannotShare(Ender):
    """mustshare: over when the player who must give the other seeds cannot; with
    UNFED_PLAYER the unfed player takes the seeds left."""

    def __init__(self, ctx: Context, inner: Ender, claimer: claim.Claimer) -> None:
        super().__init__(ctx, inner)
        self.claimer = claimer
        self.owner = claim.owner_of(ctx.variant, ctx.board)

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        if over:
            return self.next(pos, repeat, over)
        opponent = 1 - pos.turn
        min_move = self.ctx.info.min_move
        player_seeds = opp_seeds = False
        for loc, seeds in enumerate(pos.board):
            if seeds >= min_move and pos.child[loc] is None:
                if self.owner(pos, loc) == opponent:
                    opp_seeds = True
                else:
                    player_seeds = True
        if repeat and player_seeds and not opp_seeds:
            no_share = not self.moves_of(pos, pos.turn)
        elif not repeat and not player_seeds and opp_seeds:
            no_share = not self.moves_of(pos, opponent)
        else:
            return self.next(pos, repeat, False)
        if no_share:
            if repeat:
                pos.turn = opponent
                self.claimer(pos)
                pos.turn = 1 - opponent
            else:
                self.claimer(pos)
        return self.next(pos, repeat, no_share)


class NotPlayable(Ender):
    """Over when no hole holds enough seeds to start a move."""

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        if over:
            return self.next(pos, repeat, over)
        min_move = self.ctx.info.min_move
        child = pos.child
        playable = any(seeds >= min_move and child[loc] is None
                       for loc, seeds in enumerate(pos.board))
        return self.next(pos, repeat, not playable)


class NoOutcomeChange(Ender):
    """Over when too few seeds are left in play for any capture (and no children)."""

    def __init__(self, ctx: Context, inner: Ender, min_needed: int) -> None:
        super().__init__(ctx, inner)
        self.min_needed = min_needed

    def too_few(self, pos: Position) -> bool:
        remaining = 0
        for loc, seeds in enumerate(pos.board):
            if pos.child[loc] is not None:
                return False
            remaining += seeds
        return 0 < remaining < self.min_needed

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        kind, winner = self.next(pos, repeat, over)
        if not over and not kind and self.too_few(pos):
            return self.next(pos, repeat, True)
        return kind, winner


def min_for_change(ctx: Context, total: int) -> int:
    """The fewest seeds in play that could still capture or make a child."""
    info = ctx.info
    needed = info.child_cvt if info.child_type != ChildType.NOCHILD else total
    if info.evens or info.capt_type == CaptType.NEXT or info.crosscapt:
        needed = min(2, needed)
    if info.capt_type == CaptType.TWO_OUT:
        needed = min(2 if info.mlaps != LapSower.OFF else 3, needed)
    if info.capt_on:
        # with evens the reference takes the smallest capt_on value whatever it is
        needed = min(info.capt_on) if info.evens else min(*info.capt_on, needed)
    if info.capt_min:
        needed = info.capt_min if needed == total else max(info.capt_min, needed)
    return needed


def _no_change_applies(ctx: Context) -> bool:
    info = ctx.info
    weg_only = info.child_type == ChildType.WEG and not any(
        [info.capt_max, info.capt_min, info.capt_on, info.capt_type != CaptType.NONE,
         info.crosscapt, info.evens, info.sow_own_store])
    return not any([
        info.sow_own_store,  # seeds may go to the stores, every seed leaves play
        info.mustshare and not (ctx.v110 and info.mustpass),  # ends when a player cannot be fed
        info.end_cond != EndCond.NO_ADDTL,  # ends the game by its own measure
        info.pickextra in (CaptExtraPick.PICKLASTSEEDS, CaptExtraPick.PICK2XLASTSEEDS),
        info.child_type != ChildType.NOCHILD and not info.stores,
        weg_only,
    ])


class ChildrenHoldStores(Ender):
    """Children without stores: seeds that reached the stores go into the first child of
    each player (or both to the only player with one; to the row ends without children).
    The 1.10 rules move only the seeds this end of move put there: seeds already out of
    play (kept over from a round) stay out."""

    def __init__(self, ctx: Context, inner: Ender) -> None:
        super().__init__(ctx, inner)
        self.keep_out = ctx.v110

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        kept = pos.stores[:] if self.keep_out else [0, 0]
        decision = self.next(pos, repeat, over)
        added = [pos.stores[0] - kept[0], pos.stores[1] - kept[1]]
        if any(added):
            firsts = [pos.child.index(p) if p in pos.child else -1 for p in (0, 1)]
            if firsts[0] >= 0 and firsts[1] >= 0:
                pos.board[firsts[0]] += added[0]
                pos.board[firsts[1]] += added[1]
            elif firsts[0] >= 0:
                # 1.10 as played: South's child also gets North's seeds out of play, which
                # stay counted in North's store too (docs/rules-decisions.md, Krur::Rounds)
                pos.board[firsts[0]] += sum(added) + (kept[1] if self.keep_out else 0)
            elif firsts[1] >= 0:
                pos.board[firsts[1]] += sum(added)
            else:
                pos.board[0] += added[0]
                pos.board[-1] += added[1]
            pos.stores = kept
        return decision


class RowEmpty(Ender):
    """end_rule ROW_EMPTY (published Kalah): over as soon as a move leaves either row
    without seeds a player could sow (children are their owners' already), whoever is to
    move; the seeds left go to their row's player (GameOver with HOLE_OWNER)."""

    def __init__(self, ctx: Context, inner: Ender) -> None:
        super().__init__(ctx, inner)
        n, dbl = ctx.board.holes, ctx.board.dbl
        self.rows = (range(n), range(n, dbl))

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        if over:
            return self.next(pos, repeat, over)
        board, child = pos.board, pos.child
        empty = any(not any(board[loc] for loc in row if child[loc] is None)
                    for row in self.rows)
        return self.next(pos, repeat, empty)


def row_empty_ender(ctx: Context) -> Ender:
    """The chain for end_rule ROW_EMPTY: no end by a majority or by too few seeds (the
    published values are final margins, every seed banked). Behind the row check the
    game still ends where the player to move has no move with seeds on both rows
    (min_move, allow rules), as in the reference's chain."""
    ender: Ender = GameOver(ctx, game_over_claimer(ctx))
    ender = NoMovesEither(ctx, ender) if ctx.info.mustpass else NoMovesNext(ctx, ender)
    return RowEmpty(ctx, NotPlayable(ctx, ender))


# ---- rounds ----------------------------------------------------------------------------------


class RoundBySeeds(Ender):
    """Games in rounds that refill from each player's seeds: the game ends once a player
    cannot fill enough holes; otherwise an outcome ends only the round."""

    def __init__(self, ctx: Context, inner: Ender) -> None:
        super().__init__(ctx, inner)
        self.count = claim.make_count_owned(ctx.variant, ctx.board)
        info = ctx.info
        nbr_start = ctx.nbr_start
        if info.goal == Goal.TERRITORY and ctx.v110:
            # what the other player holds when this one holds just enough to win, and
            # the margin of the variant's territory rule
            split = territory_split(ctx)
            self.required = variant_total(ctx) - split.win_seeds() + split.margin()
        elif info.goal == Goal.TERRITORY:
            self.required = territory_seeds_for(ctx.board.dbl - info.goal_param + 1, nbr_start)
        elif info.round_fill == RoundFill.UMOVE:
            self.required = ctx.board.holes + info.min_move - 1
        elif info.goal_param > 0:
            self.required = info.goal_param * nbr_start
        else:
            self.required = nbr_start

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        kind, winner = self.next(pos, repeat, over)
        if over or not kind:
            return kind, winner
        seeds = self.count(pos)
        if seeds[1] < self.required or seeds[0] < self.required:
            return kind, winner
        return round_end((kind, winner))


class RoundLoserRefills(Ender):
    """round_fill LOSER_ONLY: a win ends only the round while the loser holds enough
    seeds to refill goal_param holes (one without it) and the winner's side, as it
    stands, has a move for them; a tie, or a game stopped from outside, ends the game."""

    def __init__(self, ctx: Context, inner: Ender) -> None:
        super().__init__(ctx, inner)
        self.count = claim.make_count_owned(ctx.variant, ctx.board)
        self.required = (ctx.info.goal_param or 1) * ctx.nbr_start

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        kind, winner = self.next(pos, repeat, over)
        if over or kind != WIN or winner is None:
            return kind, winner
        if self.count(pos)[1 - winner] < self.required:
            return kind, winner
        mover = pos.turn
        pos.turn = winner
        playable = any(self.ctx.allowable(pos))
        pos.turn = mover
        return round_end((kind, winner)) if playable else (kind, winner)


class RoundByTally(Ender):
    """RND_* goals: each round's result is tallied; the game ends when a tally reaches
    goal_param."""

    def __init__(self, ctx: Context, inner: Ender, claimer: claim.Claimer) -> None:
        super().__init__(ctx, inner)
        self.claimer = claimer

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        kind, winner = self.next(pos, repeat, over)
        if over or not kind:
            return kind, winner
        tally = self.ctx.tally
        assert tally is not None  # this ender is chosen only for tally goals
        tally.add(pos, kind, winner, self.claimer(pos))
        game = tally.decided(pos)
        return game if game[0] else round_end((kind, winner))


class SeedLimit(Ender):
    """Over once `stop_at` or fewer seeds are left in play (outside children): rounds
    END_S_SEEDS / END_2S_SEEDS (nbr_start, twice that) and the 1.10 end_cond
    SEEDS_LIMIT (end_param)."""

    def __init__(self, ctx: Context, inner: Ender, stop_at: int) -> None:
        super().__init__(ctx, inner)
        self.stop_at = stop_at

    def ended(self, pos: Position, repeat: bool, over: bool) -> Decision:
        remaining = sum(seeds for loc, seeds in enumerate(pos.board) if pos.child[loc] is None)
        if remaining <= self.stop_at:
            return self.next(pos, repeat, True)
        return self.next(pos, repeat, over)


# ---- shared with the building ---------------------------------------------------------------


def over_claim(variant: Variant) -> Unclaimed:
    """ending.game_over_claimer's rule for the seeds left when a game ends by itself:
    `unclaimed`, except that the 1.10 rules settle an UNFED_PLAYER game's as `quitter`
    says (only the share check gives the unfed player's seeds away)."""
    gi = variant.game_info
    if gi.unclaimed == Unclaimed.UNFED_PLAYER and variant.rules_version is RulesVersion.V1_10:
        return gi.quitter
    return gi.unclaimed


def game_over_claimer(ctx: Context) -> claim.Claimer:
    info = ctx.info
    if info.round_fill == RoundFill.LOSER_ONLY:
        # the winner keeps their side as it stands into the next round: the seeds
        # left are counted for their owners where they lie
        return claim.make_count_owned(ctx.variant, ctx.board)
    unclaimed = over_claim(ctx.variant)
    if info.no_sides or unclaimed in (Unclaimed.DONT_SCORE, Unclaimed.UNFED_PLAYER):
        return claim.drop_unclaimed
    match unclaimed:
        case Unclaimed.HOLE_OWNER:
            return claim.make_take_own(ctx.variant, ctx.board)
        case Unclaimed.LAST_MOVER:
            return claim.make_take_all(claim.last_mover)
        case Unclaimed.DIVVIED:
            return claim.divvy_to_stores
    raise NotImplementedError(unclaimed)


def variant_total(ctx: Context) -> int:
    info = ctx.info
    if info.start_pattern == StartPattern.ALL_EQUAL:
        return ctx.board.dbl * ctx.nbr_start
    return start_total(info.start_pattern, ctx.board.holes, ctx.nbr_start, v110=ctx.v110)
