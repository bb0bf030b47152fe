"""How a territory game turns the seeds a round won into holes owned (1.10 rules).

The 1.10 release chooses, by round_fill, what happens to the hole a round's winner
could only part-fill:

- NOT_APPLICABLE (and UCHOWN): the winner gets it if their part is more than half
  a hole's seeds;
- TERR_EX_RANDOM: the same, and a part of exactly half is a lottery;
- TERR_EX_LOSER: the loser always gets it;
- TERR_EX_EMPTY: the loser gets it, but each player keeps their part in their store,
  the seeds of the loser's first hole making up the difference (all holes start
  equal, so the parts sum to one hole).

The same choice sets what wins: the lottery and the rounding need goal_param holes
with more than half of the last one; the loser's fills need goal_param whole holes.
`make_split` builds the rule once per variant; rounds.py and ending.py ask it.
"""

from __future__ import annotations

import random

from mancala.engine.position import Position
from mancala.rules.enums import RoundFill


class Split:
    """TERR_EX_*'s absent value: a part of more than half a hole goes to the winner."""

    def __init__(self, equiv: int, goal_holes: int) -> None:
        self.equiv = equiv
        self.goal_holes = goal_holes

    def win_seeds(self) -> int:
        """The seeds that claim goal_param holes: an outright win."""
        return (self.goal_holes - 1) * self.equiv + self.equiv // 2 + 1

    def margin(self) -> int:
        """What the other player must hold beyond the winner's remainder to play on."""
        return self.equiv // 2

    def holes_won(self, seeds: int, rng: random.Random) -> int:
        whole, part = divmod(seeds, self.equiv)
        return whole + (part > self.equiv // 2)

    def settle(self, pos: Position, seeds: list[int], loser_first: int) -> None:
        """After the fill: the board and stores as the rule leaves them."""

    def contested(self, seeds: int) -> bool:
        """Whether the winner's `seeds` leave a hole to draw for."""
        return False


class Lottery(Split):
    """TERR_EX_RANDOM: a part of exactly half a hole is drawn for."""

    def contested(self, seeds: int) -> bool:
        return seeds % self.equiv == self.equiv // 2

    def holes_won(self, seeds: int, rng: random.Random) -> int:
        whole, part = divmod(seeds, self.equiv)
        if part == self.equiv // 2:
            return whole + rng.randint(0, 1)
        return whole + (part > self.equiv // 2)


class ToLoser(Split):
    """TERR_EX_LOSER: the part-filled hole is the loser's."""

    def win_seeds(self) -> int:
        return self.goal_holes * self.equiv

    def margin(self) -> int:
        return 1

    def holes_won(self, seeds: int, rng: random.Random) -> int:
        return seeds // self.equiv


class ToLoserEmptied(ToLoser):
    """TERR_EX_EMPTY: as TERR_EX_LOSER, and each part stays in its player's store."""

    def settle(self, pos: Position, seeds: list[int], loser_first: int) -> None:
        pos.stores = [seeds[0] % self.equiv, seeds[1] % self.equiv]
        # the reference reads South's part alone: when South has none, neither has North
        if pos.stores[0]:
            pos.board[loser_first] = 0


def make_split(round_fill: RoundFill, equiv: int, goal_holes: int) -> Split:
    match round_fill:
        # an odd hole has no half to draw for
        case RoundFill.TERR_EX_RANDOM if equiv % 2 == 0:
            return Lottery(equiv, goal_holes)
        case RoundFill.TERR_EX_LOSER:
            return ToLoser(equiv, goal_holes)
        case RoundFill.TERR_EX_EMPTY:
            return ToLoserEmptied(equiv, goal_holes)
    return Split(equiv, goal_holes)
