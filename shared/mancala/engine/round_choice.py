"""Choices a player may make between rounds (round_fill UCHOOSE, UMOVE, UCHOWN).

The next round is first laid out by the rules (`Pipeline.next_round`); then one
player may change it, as the reference's board set-up allows:

- UCHOOSE ``{"fill": [hole, ...]}``: the player whose row has blocked holes picks
  which of their holes are filled (as many as the rules filled);
- UMOVE ``{"layout": [seeds, ...]}``: the round's loser lays out their row (from
  their own left): at least one seed a hole, one hole playable, the rest in their
  store; the winner's row is laid out the same;
- UCHOWN ``{"own": [hole, ...]}``: the round's winner picks which holes of the
  row both players own holes on are theirs (as many as the rules gave them).

No choice (None) keeps the rules' layout. `needed` describes the choice, or is
None when there is nothing to choose.
"""

from __future__ import annotations

import weakref
from typing import Any, Protocol

from mancala.engine.pipeline import Pipeline
from mancala.engine.position import Position
from mancala.rules.enums import RoundFill
from mancala.rules.variant import Variant

USER_FILLS = (RoundFill.UCHOOSE, RoundFill.UMOVE, RoundFill.UCHOWN)
FORMS = {RoundFill.UCHOOSE: "fill", RoundFill.UMOVE: "layout", RoundFill.UCHOWN: "own"}


class IllegalChoice(ValueError):
    """A round choice the rules do not allow; nothing changes."""


class ChoosingGame(Protocol):
    """What the round choices read of the game that owns them (game.py): a protocol
    rather than an import back up."""

    variant: Variant
    holes: int
    pipe: Pipeline


class RoundChoices:
    def __init__(self, game: ChoosingGame) -> None:
        # a proxy: the game owns this object, and a strong link back would make the game
        # live until the cycle collector runs, with the C solver's table (up to gigabytes)
        # that a WeakKeyDictionary keeps for it
        self.game = weakref.proxy(game)
        self.fill = game.variant.game_info.round_fill
        self.user = self.fill in USER_FILLS

    def needed(self, ended: Position) -> dict[str, Any] | None:
        """The choice the round after `ended` offers, or None."""
        if not self.user or ended.outcome is None or not ended.outcome.kind.ends_round:
            return None
        layout = ended.copy()
        self.game.pipe.next_round(layout)  # reads the round's outcome (who starts)
        layout.outcome = None
        return self._describe(ended, layout)

    def _rows(self) -> tuple[list[int], list[int]]:
        holes = self.game.holes
        return list(range(holes)), list(range(holes, 2 * holes))

    def _describe(self, ended: Position, layout: Position) -> dict[str, Any] | None:
        rows = self._rows()
        form = FORMS[self.fill]
        if self.fill == RoundFill.UCHOOSE:
            if not any(layout.blocked):
                return None
            chooser = 1 if any(layout.blocked[loc] for loc in rows[1]) else 0
            count = sum(1 for loc in rows[chooser] if not layout.blocked[loc])
            return {"player": chooser, "form": form, "count": count, "holes": rows[chooser]}
        if self.fill == RoundFill.UMOVE:
            loser = 1 if layout.stores[0] > layout.stores[1] else 0
            seeds = layout.stores[loser] + sum(layout.board[loc] for loc in rows[loser])
            return {"player": loser, "form": form, "seeds": seeds, "holes": self.game.holes,
                    "min_move": self.game.variant.game_info.min_move}
        # UCHOWN
        for row in rows:
            owners = {layout.owner[loc] for loc in row}
            if len(owners) == 2:
                winner = ended.outcome.winner if ended.outcome else None
                if winner is None:
                    return None
                count = sum(1 for loc in row if layout.owner[loc] == winner)
                return {"player": winner, "form": form, "count": count, "holes": row}
        return None

    def apply(self, ended: Position, new: Position, choice: Any) -> None:
        """Change the rules' layout `new` by the player's choice (None: keep it)."""
        if choice is None:
            return
        needed = self._describe(ended, new) if self.user else None
        if needed is None:
            raise IllegalChoice("the next round offers no choice")
        form = needed["form"]
        if not (isinstance(choice, dict) and set(choice) == {form}):
            raise IllegalChoice(f'the next round takes {{"{form}": [...]}}')
        values = choice[form]
        if not (isinstance(values, list)
                and all(isinstance(x, int) and not isinstance(x, bool) for x in values)):
            raise IllegalChoice(f"{form} must be a list of integers")
        if form == "layout":
            self._layout(new, needed, values)
        else:
            self._pick(new, needed, values, form)

    def _pick(self, new: Position, needed: dict[str, Any], holes: list[int], form: str) -> None:
        row = needed["holes"]
        if len(set(holes)) != len(holes) or any(loc not in row for loc in holes):
            raise IllegalChoice(f"{form} must list distinct holes of row {row}")
        if len(holes) != needed["count"]:
            raise IllegalChoice(f"{form} must list exactly {needed['count']} holes")
        if form == "fill":
            nbr_start = self.game.variant.nbr_start
            for loc in row:
                chosen = loc in holes
                new.board[loc] = nbr_start if chosen else 0
                new.blocked[loc] = not chosen
        else:
            player = needed["player"]
            for loc in row:
                new.owner[loc] = player if loc in holes else 1 - player

    def _layout(self, new: Position, needed: dict[str, Any], counts: list[int]) -> None:
        holes, loser = needed["holes"], needed["player"]
        if len(counts) != holes or min(counts) < 1:
            raise IllegalChoice(f"layout must give {holes} counts of at least one seed")
        if sum(counts) > needed["seeds"]:
            raise IllegalChoice(f"layout uses {sum(counts)} seeds of {needed['seeds']}")
        if max(counts) < needed["min_move"]:
            raise IllegalChoice(f"layout needs a hole of at least {needed['min_move']} seeds")
        rows = self._rows()
        winner = 1 - loser
        winner_before = sum(new.board[loc] for loc in rows[winner])
        for i in range(holes):
            new.board[rows[loser][i]] = counts[i]
            new.board[rows[winner][i]] = counts[i]
        new.stores[loser] = needed["seeds"] - sum(counts)
        new.stores[winner] += winner_before - sum(counts)
