"""Choices a player makes between rounds (UCHOOSE, UMOVE, UCHOWN).

Placeholder until the choice forms are rebuilt on the reference's behaviour.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mancala.engine.position import Position
from mancala.rules.enums import RoundFill

if TYPE_CHECKING:
    from mancala.engine.game import Game

USER_FILLS = (RoundFill.UCHOOSE, RoundFill.UMOVE, RoundFill.UCHOWN)


class RoundChoices:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.fill = game.variant.game_info.round_fill

    def needed(self, pos: Position) -> dict[str, Any] | None:
        if self.fill not in USER_FILLS or pos.outcome is None or not pos.outcome.kind.ends_round:
            return None
        return {"form": self.fill.value.lower()}

    def apply(self, ended: Position, new: Position, choice: Any) -> None:
        return
