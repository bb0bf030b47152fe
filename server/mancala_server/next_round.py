"""A round's end, and the next round's start where one follows: one rule for the room,
the rules workers and the replays of stored games."""

from __future__ import annotations

from mancala.engine.game import ROUND_KINDS, Game, IllegalMove
from mancala.engine.position import Position


def next_round_or_none(game: Game, pos: Position) -> Position | None:
    """The next round's start after a round ended, or None when it cannot start."""
    if pos.outcome is None or pos.outcome.kind not in ROUND_KINDS:
        return None
    try:
        nxt = game.next_round(pos)
    except IllegalMove:
        return None
    game.legal_moves(nxt)
    return nxt
