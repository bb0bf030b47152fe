"""Small builders for the engine tests: a Game from flat parameters, hand-made positions.

Board indices (replay contract): South 0..n-1 from South's left, North n..2n-1 from
North's left, hole i opposite 2n-1-i, counter-clockwise = increasing index.
"""

from __future__ import annotations

from typing import Any

from mancala.engine import Game, Position
from mancala.rules.loading import parse_variant


def variant(holes: int = 3, nbr_start: int = 2, **game_info: Any) -> dict[str, Any]:
    return {"game_constants": {"holes": holes, "nbr_start": nbr_start}, "game_info": game_info}


def make(holes: int = 3, nbr_start: int = 2, **game_info: Any) -> Game:
    """A Game of `holes` a side; every other keyword is a game_info parameter."""
    return Game(parse_variant(variant(holes, nbr_start, **game_info)))


def kids(text: str) -> list[int | None]:
    """Children per hole from a string, one character a hole: "." none, "S" South's, "N" North's."""
    return [None if c == "." else 0 if c == "S" else 1 for c in text.replace(" ", "")]


def at(game: Game, board: list[int], *, turn: int = 0, stores: list[int] | None = None,
       children: str | None = None) -> Position:
    """A hand-made position with `turn` to move (also the game's starter); `children` as `kids`."""
    assert len(board) == game.size
    pos = game.start(turn, board=board, stores=stores)
    if children is not None:
        pos.children = kids(children)
        assert len(pos.children) == game.size
    return pos


def run(game: Game, board: list[int], *moves: Any, turn: int = 0,
        stores: list[int] | None = None, children: str | None = None) -> Position:
    """The position after playing `moves` (checked) from a hand-made position."""
    pos = at(game, board, turn=turn, stores=stores, children=children)
    for move in moves:
        pos = game.play(pos, move)
    return pos


def snapshot(pos: Position) -> tuple:
    """Everything observable about a position, for before/after comparisons."""
    return (list(pos.board), list(pos.stores), pos.turn, pos.outcome, list(pos.unlocked),
            pos.moves, list(pos.player_moves))


def in_round(pos: Position, number: int = 1, tally: tuple[int, int] = (0, 0)) -> Position:
    """A hand-made position of a game in rounds, set to round `number` with RND_* `tally`."""
    from mancala.engine.rounds import RoundInfo

    assert pos.round_info is not None, "not a game in rounds"
    pos.round_info = RoundInfo(number, tally, None, pos.round_info.seed)
    return pos
