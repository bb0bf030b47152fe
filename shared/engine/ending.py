"""End of a turn: repeat turns, forced passes, and the end of the game per goal.

One ender per goal, chosen once. An ender sets `turn` to who really moves
next (after any forced pass) or sets the outcome and collects the board.
"""

from __future__ import annotations

from collections.abc import Callable

from mancala.engine.board import Geometry
from mancala.engine.position import Outcome, OutcomeKind, Position
from mancala.rules.enums import CaptExtraPick, Goal, Unclaimed
from mancala.rules.variant import Variant

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
        pos.stores[0] += sum(b[:n])
        pos.stores[1] += sum(b[n:])
        b[:] = [0] * len(b)

    def collect(pos: Position, mover: int, unfed: int | None) -> None:
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


def make_endless(variant: Variant) -> Callable[[Position, int], None]:
    """A sow stopped after the lap limit ends the game like the reference's End Game."""
    gi = variant.game_info
    if gi.goal in (Goal.CLEAR, Goal.DEPRIVE) or not gi.stores:

        def tie(pos: Position, mover: int) -> None:
            pos.outcome = Outcome(OutcomeKind.TIE, None)
            pos.turn = mover
            pos.legal = None

        return tie

    def end_game(pos: Position, mover: int) -> None:
        match gi.unclaimed:
            case Unclaimed.DONT_SCORE:
                pos.board[:] = [0] * len(pos.board)
            case Unclaimed.LAST_MOVER:
                pos.stores[mover] += sum(pos.board)
                pos.board[:] = [0] * len(pos.board)
            case _:
                divvy(pos, mover)
        decide(pos, mover)

    return end_game


def make_ender(variant: Variant, geom: Geometry, has_moves: HasMoves) -> Ender:
    gi = variant.game_info
    n = geom.holes
    k = variant.nbr_start
    can_pass = gi.mustpass or gi.mustshare
    collect = make_collector(variant, geom)

    def side_empty(pos: Position, player: int) -> bool:
        b = pos.board
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
        playable hole, else the opponent when theirs has none (nxt could not feed them)."""
        b = pos.board
        for player in (nxt, 1 - nxt):
            row = b[:n] if player == 0 else b[n:]
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

    match gi.goal:
        case Goal.MAX_SEEDS:
            pick = gi.pickextra
            last_seeds = {CaptExtraPick.PICKLASTSEEDS: k, CaptExtraPick.PICK2XLASTSEEDS: 2 * k}.get(pick)

            def max_seeds(pos: Position, mover: int, repeat: bool) -> None:
                if last_seeds is not None:
                    left = sum(pos.board)
                    if left <= last_seeds:
                        taker = mover if pick == CaptExtraPick.PICKLASTSEEDS else pos.starter
                        pos.stores[taker] += left
                        pos.board[:] = [0] * len(pos.board)
                        decide(pos, mover)
                        return
                half = pos.total / 2
                if pos.stores[0] > half or pos.stores[1] > half:
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
