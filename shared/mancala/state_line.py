"""State lines of the replay contract, written fast.

`json.dumps` of a fresh dict per move dominated replay time. The fields that do
not change in a game (children, blocked, owners, and unlocked where no rule
tracks holes) are serialised once per game; the rest is joined as text. The
output is byte-for-byte what `json.dumps(game.state_json(pos), separators=(", ", ": "))`
gives (tested).
"""

from __future__ import annotations

import json
import weakref

from mancala.engine.game import Game
from mancala.engine.position import Outcome, OutcomeKind, Position


def _ints(values: list[int]) -> str:
    return "[" + ", ".join(map(str, values)) + "]"


def _move(move: int | tuple[int, str] | tuple[str, int]) -> str:
    if isinstance(move, tuple):
        return f'[{move[0]}, "{move[1]}"]'
    return str(move)


class StateLines:
    """The state lines of one game's variant (built once per variant: see `for_game`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        sample = game.state_json(game.start(0))
        self.fixed = (
            f'"children": {json.dumps(sample["children"], separators=(", ", ": "))}, '
            f'"blocked": {json.dumps(sample["blocked"], separators=(", ", ": "))}, '
            f'"owners": {json.dumps(sample["owners"], separators=(", ", ": "))}, '
        )
        pipe = game.pipe
        info = game.variant.game_info
        self.track_holes = pipe.locks
        self.directions = any(pipe.udir)  # legal moves may carry a direction
        # children, blocked and owners never change from their start values
        # (a store move's ["STORE", k] is written by state_json too)
        self.fixed_parts = (info.child_type.value == "NOCHILD" and not info.blocks
                            and not pipe.territory and not pipe.store_moves)
        # the C core's replay stops at the end of a game; a round's end goes on here
        self.rounds = info.rounds.value != "NO_ROUNDS"
        self.all_unlocked = json.dumps([True] * game.size, separators=(", ", ": "))
        # what the C core needs to write these lines itself (Rules.replay)
        self.middle = f'{self.fixed}"unlocked": {self.all_unlocked}, '
        self.outcomes = tuple(json.dumps(outcome.to_json(), separators=(", ", ": "))
                              for outcome in (Outcome(OutcomeKind.WIN, 0), Outcome(OutcomeKind.WIN, 1),
                                              Outcome(OutcomeKind.TIE, None)))

    def plain(self, pos: Position) -> bool:
        """The line of `pos` is the common form (the one the C core writes too)."""
        return not self.track_holes and not self.directions and self.fixed_parts and not self.rounds

    def line(self, pos: Position) -> str:
        if not self.fixed_parts:
            return json.dumps(self.game.state_json(pos), separators=(", ", ": "))
        legal = self.game.legal_moves(pos)
        moves = ", ".join(map(_move, legal)) if self.directions else ", ".join(map(str, legal))
        if self.track_holes:
            unlocked = "[" + ", ".join(["true" if u else "false" for u in pos.unlocked]) + "]"
        else:
            unlocked = self.all_unlocked
        outcome = "null" if pos.outcome is None else json.dumps(pos.outcome.to_json(), separators=(", ", ": "))
        turn = "null" if pos.outcome is not None and pos.outcome.no_turn else pos.turn
        return (f'{{"board": [{", ".join(map(str, pos.board))}], "stores": [{pos.stores[0]}, {pos.stores[1]}], '
                f'"turn": {turn}, "legal": [{moves}], {self.fixed}"unlocked": {unlocked}, '
                f'"outcome": {outcome}}}')


# one StateLines per Game, gone with its game (replay keeps a game per distinct config)
_CACHE: weakref.WeakKeyDictionary[Game, StateLines] = weakref.WeakKeyDictionary()


def for_game(game: Game) -> StateLines:
    """The StateLines of a game, made once per Game object."""
    lines = _CACHE.get(game)
    if lines is None:
        lines = _CACHE[game] = StateLines(game)
    return lines
