"""Inhibitors: rules that switch captures or children off for a while.

- nocaptmoves: no captures until that many moves of the game (or round) are made;
- SHORTEN and SHORTEN_ALL rounds: no children once the board is down to three holes
  a side;
- ARNGE_LIMIT (Bao): a starter who sows rather than arranging the seeds
  (mancala.engine.arrange) captures and makes no children until a move captures or
  changes something; with SHORTEN rounds it holds children back as they do.

The state lives in `Position.inhibit` (None where no rule applies).
"""

from __future__ import annotations

from mancala.engine.move_data import MoveData
from mancala.engine.position import Position
from mancala.rules.enums import RoundFill, SowPrescribed
from mancala.rules.variant import Variant


class Inhibitor:
    """Inhibits nothing."""

    def start(self, pos: Position) -> None:
        """A new game or round begins."""
        pos.inhibit = None

    def after_move(self, pos: Position, md: MoveData) -> None:
        """A move has sown and captured."""

    def first_sow(self, pos: Position) -> None:
        """The game's first move is a sowing, not an arrangement (ARNGE_LIMIT)."""

    def set_child(self, pos: Position, condition: bool) -> None:
        """Children are inhibited for both players (or not)."""

    def stop_capt(self, pos: Position, player: int) -> bool:
        return False

    def stop_child(self, pos: Position, player: int) -> bool:
        return False


class CapturesForMoves(Inhibitor):
    """nocaptmoves: captures wait until `expire` moves have been made."""

    def __init__(self, expire: int) -> None:
        self.expire = expire

    def start(self, pos: Position) -> None:
        pos.inhibit = True

    def after_move(self, pos: Position, md: MoveData) -> None:
        if pos.mcount >= self.expire:
            pos.inhibit = False

    def stop_capt(self, pos: Position, player: int) -> bool:
        return bool(pos.inhibit)


class ChildrenOnly(Inhibitor):
    """SHORTEN rounds: children are made only while the board is wide enough."""

    def start(self, pos: Position) -> None:
        pos.inhibit = False

    def set_child(self, pos: Position, condition: bool) -> None:
        pos.inhibit = condition

    def stop_child(self, pos: Position, player: int) -> bool:
        return bool(pos.inhibit)


class ArrangeLimit(Inhibitor):
    """ARNGE_LIMIT: state (player, captures, children, both players' children)."""

    def start(self, pos: Position) -> None:
        pos.inhibit = (None, False, False, False)

    def set_on(self, pos: Position, player: int) -> None:
        _, _, _, child_only = pos.inhibit or (None, False, False, False)
        pos.inhibit = (player, True, True, child_only)

    def first_sow(self, pos: Position) -> None:
        self.set_on(pos, pos.turn)

    def after_move(self, pos: Position, md: MoveData) -> None:
        if md.captured or md.capt_changed:
            player, _, _, child_only = pos.inhibit or (None, False, False, False)
            pos.inhibit = (player, False, False, child_only)

    def set_child(self, pos: Position, condition: bool) -> None:
        player, capts, children, _ = pos.inhibit or (None, False, False, False)
        pos.inhibit = (player, capts, children, condition)

    def stop_capt(self, pos: Position, player: int) -> bool:
        state = pos.inhibit
        return state is not None and state[0] == player and state[1]

    def stop_child(self, pos: Position, player: int) -> bool:
        state = pos.inhibit
        return state is not None and ((state[2] and state[0] == player) or state[3])


def make_inhibitor(variant: Variant) -> Inhibitor:
    info = variant.game_info
    if info.nocaptmoves:
        return CapturesForMoves(info.nocaptmoves)
    if info.prescribed == SowPrescribed.ARNGE_LIMIT:
        return ArrangeLimit()
    if info.round_fill in (RoundFill.SHORTEN, RoundFill.SHORTEN_ALL):
        return ChildrenOnly()
    return Inhibitor()
