"""Games played in rounds: the next round's layout (the tallies of the RND_* goals
are mancala.engine.tally's).

`make_next_round` chooses once per variant how a round ends into the next one:

- refilling each side from its owner's seeds (LEFT/RIGHT/OUTSIDE/SHORTEN fills;
  holes that cannot be filled stay empty, and blocked with `blocks`; SHORTEN_ALL puts
  the loser's odd seeds in one more hole on both sides, from the loser's left);
- spreading the loser's seeds evenly (EVEN_FILL, UMOVE);
- a fresh board with hole ownership by seeds won (TERRITORY);
- a fresh board (RND_* goals).

Then `round_starter` picks who starts.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine import claim
from mancala.engine.context import Context
from mancala.engine.position import LAST_PLAYER, OutcomeKind, Position
from mancala.engine.start import seed_equiv, start_board
from mancala.engine.tally import TALLY_INDEX
from mancala.engine.territory import Split, make_split
from mancala.rules.enums import Goal, RoundFill, RoundStarter, StartPattern

# ---- the next round -----------------------------------------------------------------------


def choose_starter(ctx: Context, pos: Position) -> None:
    """Set who starts the next round; `pos.turn` is the last round's winner (the last mover
    on a tie). After a tie the 1.10 rules read the turn their reference leaves after the
    move, the last mover's opponent, or the mover again when that move earned another
    turn, as the winner's (LOSER: the other player starts; WINNER: that one)."""
    outcome = pos.outcome
    as_winner = pos.turn
    if (ctx.v110 and outcome is not None and outcome.kind == OutcomeKind.ROUND_TIE
            and outcome.winner is None):
        as_winner = pos.turn if outcome.tied_on_repeat else 1 - pos.turn
    match ctx.info.round_starter:
        case RoundStarter.ALTERNATE:
            pos.turn = 1 - pos.starter
        case RoundStarter.LOSER:
            pos.turn = 1 - as_winner
        case RoundStarter.WINNER:
            pos.turn = as_winner
        case RoundStarter.LAST_MOVER:
            pos.turn = pos.last[LAST_PLAYER] if pos.last is not None else pos.turn
    pos.starter = pos.turn


def fill_orders(fill: RoundFill, holes: int) -> tuple[list[int], list[int]]:
    """The order each player's holes are refilled in (South's, North's)."""
    dbl = 2 * holes
    match fill:
        case RoundFill.RIGHT_FILL:
            return list(range(holes - 1, -1, -1)), list(range(dbl - 1, holes - 1, -1))
        case RoundFill.LEFT_FILL:
            return list(range(holes)), list(range(holes, dbl))
        case RoundFill.SHORTEN | RoundFill.SHORTEN_ALL:
            return list(range(holes)), list(range(dbl - 1, holes - 1, -1))
    # outside in: each row's ends first (from South's view), then inwards
    order: list[int] = []
    for i in range(holes // 2):
        order += [i, -(i + 1)]
    if holes % 2:
        order.append(holes // 2)
    south = list(range(holes))
    north = list(range(dbl - 1, holes - 1, -1))
    return [south[i] for i in order], [north[i] for i in order]


NextRound = Callable[[Position], None]


def make_next_round(ctx: Context) -> NextRound:
    info = ctx.info
    if info.goal == Goal.TERRITORY:
        return _territory(ctx)
    if info.goal in TALLY_INDEX:
        return _fresh(ctx)
    if info.round_fill in (RoundFill.EVEN_FILL, RoundFill.UMOVE):
        return _even(ctx)
    if info.round_fill == RoundFill.LOSER_ONLY:
        return _loser_only(ctx)
    return _refill(ctx)


OutsideTest = Callable[[Position], bool]


def make_outside_test(ctx: Context) -> OutsideTest:
    """Whether the round that `pos` ended starts the next one from something a replay
    has no form for, so that it stops there: random numbers (a fresh RANDOM layout, a
    TERR_EX_RANDOM lottery for a contested hole), or a LOSER_ONLY layout, which the
    reference lets a player arrange (issue 25 point 5)."""
    info = ctx.info
    if info.round_fill == RoundFill.LOSER_ONLY:
        return lambda pos: True
    fresh = info.goal == Goal.TERRITORY or info.goal in TALLY_INDEX
    if fresh and info.start_pattern.is_random:
        return lambda pos: True
    if info.goal == Goal.TERRITORY and ctx.v110:
        split = territory_split(ctx)

        def contested(pos: Position) -> bool:
            seeds = claim.stores_and_children(pos)
            return seeds[0] != seeds[1] and split.contested(max(seeds))

        return contested
    return lambda pos: False


def _fresh_board(ctx: Context, pos: Position) -> None:
    """A new game's board (the pattern laid out for the player to move)."""
    info = ctx.info
    pos.stores = [0, 0]
    pos.board = start_board(info.start_pattern, ctx.board.holes, ctx.nbr_start, pos.turn,
                            ctx.rng, v110=ctx.v110) if info.start_pattern != StartPattern.ALL_EQUAL \
        else [ctx.nbr_start] * ctx.board.dbl


def _refill(ctx: Context) -> NextRound:
    info = ctx.info
    count = claim.make_count_owned(ctx.variant, ctx.board)
    orders = fill_orders(info.round_fill, ctx.board.holes)
    holes, nbr_start = ctx.board.holes, ctx.nbr_start
    shortens = (RoundFill.SHORTEN, RoundFill.SHORTEN_ALL)
    dbl = 2 * holes
    # SHORTEN_ALL fills from the round loser's left, the other side facing it
    from_left = ((list(range(holes)), list(range(dbl - 1, holes - 1, -1))),
                 (list(range(holes - 1, -1, -1)), list(range(holes, dbl))))

    def refill(pos: Position) -> None:
        seeds = count(pos)
        extra, order_now = 0, orders
        if info.round_fill in shortens:
            loser = 0 if seeds[0] < seeds[1] else 1
            both = min(seeds[loser] // nbr_start, holes)
            fill = [both, both]
            pos.stores = [seeds[p] - fill[p] * nbr_start for p in (0, 1)]
            if info.round_fill == RoundFill.SHORTEN_ALL:
                # the loser keeps nothing back: their odd seeds fill one more hole,
                # matched on the winner's side from the winner's store
                extra = seeds[loser] - both * nbr_start
                pos.stores[loser] = 0
                pos.stores[1 - loser] -= extra
                order_now = from_left[loser]
        else:
            fill = [min(seeds[p] // nbr_start, holes) for p in (0, 1)]
            pos.stores = [seeds[p] - fill[p] * nbr_start for p in (0, 1)]
        choose_starter(ctx, pos)
        ctx.reset_round_state(pos)
        if holes > 3 and info.round_fill in shortens:
            ctx.inhibitor.set_child(pos, fill[0] <= 3)
        for player, order in enumerate(order_now):
            odd = extra
            for cnt, loc in enumerate(order):
                if cnt < fill[player]:
                    pos.board[loc] = nbr_start
                elif odd:
                    pos.board[loc], odd = odd, 0
                else:
                    pos.board[loc] = 0
                    if info.blocks:
                        pos.blocked[loc] = True

    return refill


def _loser_only(ctx: Context) -> NextRound:
    """LOSER_ONLY: the winner's side stays as it is; the loser refills their side from
    the left with their seeds, nbr_start a hole, keeping the rest in their store."""
    order, nbr_start, blocks = ctx.board.order, ctx.nbr_start, ctx.info.blocks

    def loser_only(pos: Position) -> None:
        loser = 1 - pos.turn
        kept = pos.blocked[:]  # the winner's side, blocks included, stays as it is
        choose_starter(ctx, pos)
        ctx.reset_round_state(pos)
        pos.blocked = kept
        side = order[loser]
        seeds = pos.stores[loser] + sum(pos.board[loc] for loc in side)
        filled, pos.stores[loser] = divmod(seeds, nbr_start)
        for cnt, loc in enumerate(side):
            pos.board[loc] = nbr_start if cnt < filled else 0
            pos.blocked[loc] = blocks and cnt >= filled

    return loser_only


def _even_split_18(loser_seeds: int, holes: int, min_move: int) -> tuple[int, int]:
    """(seeds a hole, the loser's store) as the 1.8 reference splits the loser's seeds:
    min_move kept back, the rest over one hole fewer, so a row can hold more than the
    loser has and its store go negative (Giuthi: 31 seeds on 8 holes, min_move 2)."""
    per_hole = (loser_seeds - min_move) // (holes - 1)
    return per_hole, loser_seeds - per_hole * holes


def _even_split_110(loser_seeds: int, holes: int, min_move: int) -> tuple[int, int]:
    """(seeds a hole, the loser's store) as the 1.10 reference splits them: over the holes,
    the remainder to the store; an unplayable split with nothing over gives up a seed a hole
    so that the leftmost holes can be made playable."""
    per_hole, store = divmod(loser_seeds, holes)
    if per_hole < min_move and not store:
        per_hole, store = per_hole - 1, store + holes
    return per_hole, store


def _round_winner_110(pos: Position) -> int:
    """Whom the 1.10 even fill counts as the round's winner: the outcome's, where a tied
    round's None makes North the loser (as its reference's None indexes)."""
    assert pos.outcome is not None
    return pos.outcome.winner or 0


def _to_move(pos: Position) -> int:
    """Whom the 1.8 even fill counts as the winner: the player to move (the round's winner,
    or a tie's last mover)."""
    return pos.turn


def _even(ctx: Context) -> NextRound:
    """EVEN_FILL (and UMOVE's layout before the loser rearranges it): every hole of both
    rows gets the same count, worked out from the round loser's seeds. Where that count is
    under min_move, the loser's store goes into each row's leftmost hole, taken from both
    stores."""
    board = ctx.board
    min_move = ctx.info.min_move
    split, winner_of = (_even_split_110, _round_winner_110) if ctx.v110 else (_even_split_18, _to_move)

    def even(pos: Position) -> None:
        winner = winner_of(pos)
        loser = 1 - winner
        choose_starter(ctx, pos)
        ctx.reset_round_state(pos)
        loser_seeds = pos.stores[loser] + sum(pos.board[loc] for loc in board.order[loser])
        per_hole, loser_store = split(loser_seeds, board.holes, min_move)
        stores = [0, 0]
        stores[loser] = loser_store
        stores[winner] = pos.total - loser_seeds - per_hole * board.holes
        pos.stores = stores
        pos.board = [per_hole] * board.dbl
        if per_hole < min_move:
            pos.board[0] += loser_store
            pos.board[board.holes] += loser_store
            pos.stores[0] -= loser_store
            pos.stores[1] -= loser_store

    return even


def win_holes_18(ctx: Context, pos: Position) -> tuple[int, int]:
    """TERRITORY in the 1.8 rules: (the player with more seeds, or North on a tie; the
    holes they get). A part-filled hole goes to the player with more seeds if they
    hold half a hole's seeds for it."""
    seeds = claim.stores_and_children(pos)
    if seeds[0] == seeds[1]:
        return 1, ctx.board.holes
    greater = 1 if seeds[1] > seeds[0] else 0
    if ctx.info.start_pattern != StartPattern.ALL_EQUAL:
        per_hole = pos.total / ctx.board.dbl
        return greater, round(seeds[greater] / per_hole)
    nbr_start = ctx.nbr_start
    return greater, (seeds[greater] + nbr_start // 2) // nbr_start


def _territory(ctx: Context) -> NextRound:
    dbl, holes = ctx.board.dbl, ctx.board.holes
    split = territory_split(ctx) if ctx.v110 else None

    def territory(pos: Position) -> None:
        seeds = claim.stores_and_children(pos)
        if split is None:
            winner, holes_won = win_holes_18(ctx, pos)
        elif seeds[0] == seeds[1]:
            winner, holes_won = 1, holes
        else:
            winner = 1 if seeds[1] > seeds[0] else 0
            holes_won = split.holes_won(seeds[winner], ctx.rng)
        choose_starter(ctx, pos)
        starter = pos.starter
        # the board is laid out as for a new game, whose starter would be the other player
        pos.turn = 1 - starter
        pos.starter = pos.turn
        ctx.reset_round_state(pos)
        _fresh_board(ctx, pos)
        pos.turn = pos.starter = starter
        loc = holes if winner else 0
        loser_first = loc
        for cnt in range(dbl):
            if cnt == holes_won:
                loser_first = loc
            pos.owner[loc] = winner if cnt < holes_won else 1 - winner
            loc = (loc + 1) % dbl
        if split is not None:
            split.settle(pos, seeds, loser_first)

    return territory


def territory_split(ctx: Context) -> Split:
    """The 1.10 territory rule of this variant (mancala.engine.territory)."""
    info = ctx.info
    equiv = seed_equiv(info.start_pattern, ctx.board.holes, ctx.nbr_start, v110=ctx.v110)
    return make_split(info.round_fill, equiv, info.goal_param)


def _fresh(ctx: Context) -> NextRound:
    def fresh(pos: Position) -> None:
        starter, winner = pos.starter, pos.turn
        pos.turn = 1 - starter
        pos.starter = pos.turn
        ctx.reset_round_state(pos)
        _fresh_board(ctx, pos)
        pos.starter, pos.turn = starter, winner
        choose_starter(ctx, pos)

    return fresh
