"""Plain-text pictures of a board: North's row above South's, stores at the ends."""

from __future__ import annotations

from mancala.engine.game import Game
from mancala.engine.position import Position


def board_text(game: Game, pos: Position) -> str:
    n = game.holes
    b = pos.board
    width = max(2, *(len(str(x)) for x in b), *(len(str(s)) for s in pos.stores))

    def cell(x: object) -> str:
        return str(x).rjust(width)

    north_idx = list(range(2 * n - 1, n - 1, -1))
    south_idx = list(range(n))
    pad = " " * (width + 3)
    lines = [
        pad + " ".join(cell(i) for i in north_idx) + "   <- North's holes (index)",
        pad + " ".join(cell(b[i]) for i in north_idx),
        f"{cell(pos.stores[1])} |" + " " * (len(north_idx) * (width + 1) + 1) + f"| {cell(pos.stores[0])}",
        pad + " ".join(cell(b[i]) for i in south_idx),
        pad + " ".join(cell(i) for i in south_idx) + "   <- South's holes (index)",
    ]
    if pos.outcome is None:
        lines.append(f"{'South' if pos.turn == 0 else 'North'} to move; legal: {game.legal_moves(pos)}")
    else:
        lines.append(f"game over: {pos.outcome.kind.value}, winner {pos.outcome.winner}")
    return "\n".join(lines)
