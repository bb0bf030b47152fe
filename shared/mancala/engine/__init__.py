"""The rules engine: positions, moves and a pipeline of rules built once per variant."""

from mancala.engine.game import Game, IllegalMove, Outcome, OutcomeKind
from mancala.engine.position import FrozenPosition, Position

__all__ = ["FrozenPosition", "Game", "IllegalMove", "Outcome", "OutcomeKind", "Position"]
