"""End of a turn: repeat turns, forced passes, and the end of the game per goal.

One ender per goal, chosen once. An ender sets `turn` to who really moves
next (after any forced pass) or sets the outcome and collects the board.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mancala.engine.board import Geometry
from mancala.engine.children import gather, held, in_play
from mancala.engine.classes import class_sides
from mancala.engine.position import Outcome, OutcomeKind, Position
from mancala.engine.rounds import claimed_holes
from mancala.rules.constraints import has_children
from mancala.rules.enums import CaptExtraPick, Goal, Rounds, Unclaimed
from mancala.rules.variant import Variant

if TYPE_CHECKING:
    from mancala.engine.rounds import RoundRules

HasMoves = Callable[[Position], bool]
# ender(position, mover, repeat) -> None
Ender = Callable[[Position, int, bool], None]


def divvy(pos: Position, mover: int) -> None:
    """Split the board's seeds between the stores; an odd seed to the player with fewer."""
    seeds = sum(pos.board)
    half, odd = divmod(seeds, 2)
    pos.stores[0] += half
    pos.stores[1] += half
    if odd:
        s0, s1 = pos.stores
        pos.stores[0 if s0 < s1 else 1 if s1 < s0 else 1 - mover] += 1
    pos.board[:] = [0] * len(pos.board)


def decide(pos: Position, mover: int) -> None:
    """Outcome by seeds held: the winner moves into `turn`, a tie names the last mover."""
    s0, s1 = pos.stores
    if s0 == s1:
        pos.outcome = Outcome(OutcomeKind.TIE, None)
        pos.turn = mover
        pos.legal = None
    else:
        winner = 0 if s0 > s1 else 1
        pos.outcome = Outcome(OutcomeKind.WIN, winner)
        pos.turn = winner
        pos.legal = None


def win(pos: Position, winner: int) -> None:
    pos.outcome = Outcome(OutcomeKind.WIN, winner)
    pos.turn = winner
    pos.legal = None


def make_collector(variant: Variant, geom: Geometry) -> Callable[[Position, int, int | None], None]:
    """collect(position, last mover, unfed player or None): seeds left on the board at the end."""
    n = geom.holes
    rule = variant.game_info.unclaimed

    def to_owners(pos: Position) -> None:
        b = pos.board
        if pos.owners is not None:  # territory: the hole's current owner
            for h, owner in enumerate(pos.owners):
                pos.stores[owner] += b[h]
        else:
            pos.stores[0] += sum(b[:n])
            pos.stores[1] += sum(b[n:])
        b[:] = [0] * len(b)

    def collect(pos: Position, mover: int, unfed: int | None) -> None:
        gather(pos)  # children's seeds are claimed: they go to the children's owners
        b = pos.board
        match rule:
            case Unclaimed.HOLE_OWNER:
                to_owners(pos)
            case Unclaimed.DONT_SCORE:
                b[:] = [0] * len(b)
            case Unclaimed.LAST_MOVER:
                pos.stores[mover] += sum(b)
                b[:] = [0] * len(b)
            case Unclaimed.UNFED_PLAYER:
                if unfed is None:
                    to_owners(pos)
                else:
                    pos.stores[unfed] += sum(b)
                    b[:] = [0] * len(b)
            case Unclaimed.DIVVIED:
                divvy(pos, mover)

    return collect


def make_endless(variant: Variant, rounds: RoundRules | None = None) -> Callable[[Position, int], None]:
    """A sow stopped after the lap limit ends the game like the reference's End Game.

    In games in rounds (and TERRITORY games) the game ends too, decided by the goal
    (`RoundRules.final`: RND_* goals by their tallies with this round counted)."""
    gi = variant.game_info
    decide_game = decide if rounds is None else rounds.final
    if gi.goal in (Goal.CLEAR, Goal.DEPRIVE) or not (gi.stores or has_children(variant)):

        def tie(pos: Position, mover: int) -> None:
            pos.outcome = Outcome(OutcomeKind.TIE, None)
            pos.turn = mover
            pos.legal = None

        return tie

    def end_game(pos: Position, mover: int) -> None:
        gather(pos)  # children's seeds to their owners; the rest as below
        match gi.unclaimed:
            case Unclaimed.DONT_SCORE:
                pos.board[:] = [0] * len(pos.board)
            case Unclaimed.LAST_MOVER:
                pos.stores[mover] += sum(pos.board)
                pos.board[:] = [0] * len(pos.board)
            case _:
                divvy(pos, mover)
        decide_game(pos, mover)

    return end_game


def make_last_seeds_pick(variant: Variant) -> Callable[[Position, int], bool] | None:
    """pickextra: once nbr_start (PICKLASTSEEDS) or 2 x nbr_start (PICK2XLASTSEEDS) seeds or
    fewer are in play, the mover (PICKLASTSEEDS) or the starter takes them and play stops.
    The pick returns whether it happened (the caller then ends the game or round)."""
    pick = variant.game_info.pickextra
    k = variant.nbr_start
    last_seeds = {CaptExtraPick.PICKLASTSEEDS: k, CaptExtraPick.PICK2XLASTSEEDS: 2 * k}.get(pick)
    if last_seeds is None:
        return None

    def pick_last(pos: Position, mover: int) -> bool:
        left = in_play(pos)
        if left > last_seeds:
            return False
        gather(pos)  # children's seeds to their owners
        taker = mover if pick == CaptExtraPick.PICKLASTSEEDS else pos.starter
        pos.stores[taker] += left
        pos.board[:] = [0] * len(pos.board)
        return True

    return pick_last


def make_ender(variant: Variant, geom: Geometry, has_moves: HasMoves,
               rounds: RoundRules | None = None) -> Ender:
    """The ender of the variant's goal; `rounds` settles rounds (and TERRITORY games)."""
    gi = variant.game_info
    n = geom.holes
    kids = has_children(variant)
    can_pass = gi.mustpass or gi.mustshare
    collect = make_collector(variant, geom)

    class_holes = class_sides(variant, geom)  # EastWestCycle: the halves (classes.py)

    def side_empty(pos: Position, player: int) -> bool:
        b = pos.board
        if class_holes is not None:
            return not any(b[h] for h in class_holes[player])
        return not any(b[:n] if player == 0 else b[n:])

    def pass_or_stop(pos: Position, nxt: int) -> bool:
        """The player to move has no move: pass to the other if the rules let them play.

        Returns True when play goes on after the pass.
        """
        if not can_pass:
            return False
        return try_pass(pos, nxt)

    def unfed_player(pos: Position, nxt: int) -> int | None:
        """The player left without seeds to move (UNFED_PLAYER): `nxt` when its row has no
        playable hole, else the opponent when theirs has none (nxt could not feed them).
        In TERRITORY games a player's "row" is the holes they own."""
        b = pos.board
        owners = pos.owners
        for player in (nxt, 1 - nxt):
            if owners is not None:
                row = [b[h] for h, o in enumerate(owners) if o == player]
            else:
                row = b[:n] if player == 0 else b[n:]
            if pos.children is not None:  # children are not playable holes
                children = pos.children
                row = [b[h] for h in range(len(b)) if children[h] is None
                       and (owners[h] if owners is not None else h >= n) == player]
            if all(s < gi.min_move for s in row):
                return player
        return None

    def try_pass(pos: Position, nxt: int) -> bool:
        """`nxt` passes if the other player can then move. The pass counts as a move
        before the other's moves are worked out: rules that count moves see it."""
        pos.turn = 1 - nxt
        pos.legal = None
        pos.repeating = False
        pos.moves += 1
        pos.player_moves[nxt] += 1
        if has_moves(pos):
            return True
        pos.moves -= 1
        pos.player_moves[nxt] -= 1
        pos.turn = nxt
        pos.legal = None
        return False

    def next_player(pos: Position, mover: int, repeat: bool) -> int:
        nxt = mover if repeat else 1 - mover
        pos.turn = nxt
        pos.legal = None
        pos.repeating = repeat
        return nxt

    if rounds is not None:
        return _round_ender(variant, rounds, has_moves, collect, next_player, pass_or_stop, unfed_player)

    match gi.goal:
        case Goal.MAX_SEEDS:
            pick_last = make_last_seeds_pick(variant)

            def max_seeds(pos: Position, mover: int, repeat: bool) -> None:
                if pick_last is not None and pick_last(pos, mover):
                    decide(pos, mover)
                    return
                half = pos.total / 2
                s0, s1 = held(pos) if kids else pos.stores  # children count like stores
                if s0 > half or s1 > half:
                    collect(pos, mover, None)
                    decide(pos, mover)
                    return
                nxt = next_player(pos, mover, repeat)
                if has_moves(pos) or pass_or_stop(pos, nxt):
                    return
                collect(pos, mover, unfed_player(pos, nxt) if gi.mustshare else None)
                decide(pos, mover)

            return max_seeds

        case Goal.DEPRIVE:
            last_mover_wins = gi.min_move > 1

            def deprive(pos: Position, mover: int, repeat: bool) -> None:
                if not last_mover_wins and side_empty(pos, mover):
                    win(pos, 1 - mover)
                    return
                nxt = next_player(pos, mover, repeat)
                if has_moves(pos):
                    return
                win(pos, mover if last_mover_wins else 1 - nxt)

            return deprive

        case Goal.CLEAR:

            def clear(pos: Position, mover: int, repeat: bool) -> None:
                if side_empty(pos, mover):
                    win(pos, mover)
                    return
                if side_empty(pos, 1 - mover):
                    win(pos, 1 - mover)
                    return
                nxt = next_player(pos, mover, repeat)
                if has_moves(pos) or try_pass(pos, nxt):
                    return
                pos.outcome = Outcome(OutcomeKind.TIE, None)
                pos.turn = mover
                pos.legal = None

            return clear

    raise NotImplementedError(gi.goal)


def _round_ender(variant: Variant, rounds: RoundRules, has_moves: HasMoves,
                 collect: Callable[[Position, int, int | None], None],
                 next_player: Callable[[Position, int, bool], int],
                 pass_or_stop: Callable[[Position, int], bool],
                 unfed_player: Callable[[Position, int], int | None]) -> Ender:
    """Games in rounds, and TERRITORY games: when play stops, the board is collected and
    `rounds` settles the round (or, outside rounds, the game is decided by seeds).

    Play stops when the player to move has no move (after any pass), and besides:
    HALF_SEEDS when a player holds more than half the round's seeds; NO_MOVES never;
    END_S_SEEDS / END_2S_SEEDS when nbr_start / 2 x nbr_start seeds or fewer are in play;
    a TERRITORY game without rounds when a player's seeds claim goal_param holes.
    PICKLASTSEEDS / PICK2XLASTSEEDS stop play after their pick, as in any game.
    """
    gi = variant.game_info
    k = variant.nbr_start
    finish = rounds.close if rounds.in_rounds else decide
    pick_last = make_last_seeds_pick(variant)
    stop: Callable[[Position], bool] | None
    match gi.rounds:
        case Rounds.HALF_SEEDS:

            def stop(pos: Position) -> bool:
                half = pos.total / 2
                s0, s1 = held(pos)  # children count like stores
                return s0 > half or s1 > half

        case Rounds.END_S_SEEDS | Rounds.END_2S_SEEDS:
            limit = k if gi.rounds == Rounds.END_S_SEEDS else 2 * k

            def stop(pos: Position) -> bool:
                return in_play(pos) <= limit

        case Rounds.NO_ROUNDS:  # TERRITORY without rounds
            need = gi.goal_param

            def stop(pos: Position) -> bool:
                s0, s1 = held(pos)  # children count like stores
                return claimed_holes(s0, k) >= need or claimed_holes(s1, k) >= need

        case _:  # NO_MOVES
            stop = None

    def round_ender(pos: Position, mover: int, repeat: bool) -> None:
        if pick_last is not None and pick_last(pos, mover):
            finish(pos, mover)
            return
        if stop is not None and stop(pos):
            collect(pos, mover, None)
            finish(pos, mover)
            return
        nxt = next_player(pos, mover, repeat)
        if has_moves(pos) or pass_or_stop(pos, nxt):
            return
        collect(pos, mover, unfed_player(pos, nxt) if gi.mustshare else None)
        finish(pos, mover)

    return round_ender
