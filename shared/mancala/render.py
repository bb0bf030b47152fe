"""Plain-text pictures of a board: North's row above South's, stores at the ends.

Holes are named as the terminal client names them for a spectator (South's view):
each row's holes lettered from that row owner's own left, South's in lower case and
North's in capitals, so `mancala show`, `mancala solve` and the clients agree:

>>> from mancala.rules.loading import load_variant
>>> game = Game(load_variant("kalah_4"))
>>> print(board_text(game, game.start(0)))
            F  E  D  C  B  A   <- North's holes (board index 11..6)
            4  4  4  4  4  4
North  0 |                   |  0  South
            4  4  4  4  4  4
            a  b  c  d  e  f   <- South's holes (board index 0..5)
South to move; legal: a b c d e f
>>> hole_name(2, 6), hole_name(8, 6), move_name([8, "CW"], 6)
('c', 'C', 'C cw')
"""

from __future__ import annotations

from typing import Any

from mancala.engine.game import Game
from mancala.engine.position import Position

LETTERS = "abcdefghijklmnopqrstuvwxyz"
SEAT_NAMES = ("South", "North")


def hole_name(hole: int, n: int) -> str:
    """A hole's letter: counted from its row owner's left, North's in capitals (a row
    longer than 26 holes goes on in numbers, as the clients' do)."""
    k = hole if hole < n else hole - n
    text = LETTERS[k] if k < len(LETTERS) else str(k + 1)
    return text if hole < n else text.upper()


def move_name(move: Any, n: int) -> str:
    """A move (a hole, or [hole, direction]) in letters: `c`, `C cw`; an arrangement
    (ARNGE_LIMIT) as its counts from the mover's left: `arrange 7 0 5 4`; a store move
    (["STORE", k], Azigo) as `store k`."""
    if isinstance(move, dict):
        return "arrange " + " ".join(map(str, move.get("arrange", [])))
    if isinstance(move, list | tuple) and move and move[0] == "STORE":
        return f"store {move[1]}"
    if isinstance(move, list | tuple):
        return f"{hole_name(move[0], n)} {str(move[1]).lower()}"
    return hole_name(move, n)


def result_text(pos: Position) -> str:
    """How a game ended, the winner's count first: "North wins, 37-11"."""
    if pos.outcome is None:
        return ""
    s0, s1 = pos.stores
    w = pos.outcome.winner
    if w is None:
        return f"draw, {s0}-{s1}"
    return f"{SEAT_NAMES[w]} wins, {pos.stores[w]}-{pos.stores[1 - w]}"


def board_text(game: Game, pos: Position) -> str:
    n = game.holes
    b = pos.board
    width = max(2, *(len(str(x)) for x in b), *(len(str(s)) for s in pos.stores))

    def cell(x: object) -> str:
        return str(x).rjust(width)

    north_idx = list(range(2 * n - 1, n - 1, -1))
    south_idx = list(range(n))
    pad = " " * (width + 9)
    lines = [
        pad + " ".join(cell(hole_name(i, n)) for i in north_idx)
        + f"   <- North's holes (board index {2 * n - 1}..{n})",
        pad + " ".join(cell(b[i]) for i in north_idx),
        f"North {cell(pos.stores[1])} |" + " " * (len(north_idx) * (width + 1) + 1)
        + f"| {cell(pos.stores[0])}  South",
        pad + " ".join(cell(b[i]) for i in south_idx),
        pad + " ".join(cell(hole_name(i, n)) for i in south_idx)
        + f"   <- South's holes (board index 0..{n - 1})",
    ]
    if pos.outcome is None:
        legal = " ".join(move_name(m, n) for m in game.legal_moves(pos))
        lines.append(f"{SEAT_NAMES[pos.turn]} to move; legal: {legal}")
    else:
        lines.append(f"game over: {result_text(pos) or pos.outcome.kind.value}")
    return "\n".join(lines)
