"""Small builders for the engine tests: a Game from flat parameters, hand-made positions.

Board indices (replay contract): South 0..n-1 from South's left, North n..2n-1 from
North's left, hole i opposite 2n-1-i, counter-clockwise = increasing index.

Every Game here is the pure-Python engine (`c_core=False`); the C core has its own
tests (test_fastcore.py) and the conformance replays.
"""

from __future__ import annotations

from typing import Any

from mancala.engine import Game, Position
from mancala.rules.loading import parse_variant


def variant(holes: int = 3, nbr_start: int = 2, **game_info: Any) -> dict[str, Any]:
    top = {key: game_info.pop(key) for key in ("game_class", "rules_version") if key in game_info}
    raw: dict[str, Any] = {"game_constants": {"holes": holes, "nbr_start": nbr_start},
                           "game_info": game_info}
    raw.update(top)
    return raw


def make(holes: int = 3, nbr_start: int = 2, *, play_on: bool = False, **game_info: Any) -> Game:
    """A Python-engine Game of `holes` a side; every other keyword is a game_info parameter
    (and `game_class`, `rules_version`)."""
    return Game(parse_variant(variant(holes, nbr_start, **game_info)), c_core=False,
                play_on=play_on)


def kids(text: str) -> list[int | None]:
    """Children per hole from a string, one character a hole: "." none, "S" South's, "N" North's."""
    return [None if c == "." else 0 if c == "S" else 1 for c in text.replace(" ", "")]


def at(game: Game, board: list[int], *, turn: int = 0, stores: list[int] | None = None,
       children: str | None = None, blocked: str | None = None, mcount: int | None = None) -> Position:
    """A hand-made position with `turn` to move (also the game's starter); `children` as
    `kids`, `blocked` as a string of "x" (blocked) and "." holes."""
    assert len(board) == game.size
    pos = game.start(turn, board=board, stores=stores)
    if children is not None:
        pos.child = kids(children)
        assert len(pos.child) == game.size
    if blocked is not None:
        pos.blocked = [c == "x" for c in blocked.replace(" ", "")]
        assert len(pos.blocked) == game.size
    if mcount is not None:
        pos.mcount = mcount
    return pos


def run(game: Game, board: list[int], *moves: Any, turn: int = 0,
        stores: list[int] | None = None, children: str | None = None,
        blocked: str | None = None, mcount: int | None = None) -> Position:
    """The position after playing `moves` (checked) from a hand-made position."""
    pos = at(game, board, turn=turn, stores=stores, children=children, blocked=blocked,
             mcount=mcount)
    for move in moves:
        pos = game.play(pos, move)
    return pos


def snapshot(pos: Position) -> tuple:
    """Everything observable about a position, for before/after comparisons."""
    return pos.key()


def conserved(pos: Position) -> bool:
    return sum(pos.board) + sum(pos.stores) == pos.total
