"""The tallies of the RND_* goals, kept across a game's rounds.

`RoundTally` keeps, in `Position.tally`, what the RND_* goals count: round wins,
seeds, extra seeds (the margin of each won round) and points (one a won round, one
more for a round won with three quarters of the seeds).
"""

from __future__ import annotations

from mancala.engine.outcome import Decision, decide
from mancala.engine.position import OutcomeKind, Position
from mancala.rules.enums import Goal

Tallies = tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]
EMPTY_TALLY: Tallies = ((0, 0), (0, 0), (0, 0), (0, 0))
TALLY_INDEX = {Goal.RND_WIN_COUNT: 0, Goal.RND_SEED_COUNT: 1, Goal.RND_EXTRA_SEEDS: 2,
               Goal.RND_POINTS: 3, Goal.RND_WIN_COUNT_CLR: 0, Goal.RND_WIN_COUNT_DEP: 0,
               Goal.RND_WIN_COUNT_IMB: 0}


class RoundTally:
    def __init__(self, goal: Goal, goal_param: int, tie_names_mover: bool) -> None:
        self.index = TALLY_INDEX[goal]
        self.required = goal_param
        # 1.8 sets its turn to the decision's player, none on a tie of the tallies; the
        # 1.10 recordings name the player who made the last move on every tie
        self.tie_names_mover = tie_names_mover

    def add(self, pos: Position, kind: OutcomeKind | None, winner: int | None,
            seeds: list[int]) -> None:
        """Tally a round that ended in `kind` (WIN or TIE, before it becomes a round end)."""
        wins, total, extra, points = (list(pair) for pair in (pos.tally or EMPTY_TALLY))
        skunk = pos.total * 3 // 4
        if kind == OutcomeKind.WIN:
            if winner is not None:
                wins[winner] += 1
            total[0] += seeds[0]
            total[1] += seeds[1]
            if seeds[0] > seeds[1]:
                extra[0] += seeds[0] - seeds[1]
                points[0] += 1
            elif seeds[1] > seeds[0]:
                extra[1] += seeds[1] - seeds[0]
                points[1] += 1
            if seeds[0] >= skunk:
                points[0] += 1
            elif seeds[1] >= skunk:
                points[1] += 1
        elif kind == OutcomeKind.TIE:
            total[0] += seeds[0]
            total[1] += seeds[1]
        pos.tally = ((wins[0], wins[1]), (total[0], total[1]), (extra[0], extra[1]), (points[0], points[1]))

    def values(self, pos: Position) -> tuple[int, int]:
        return (pos.tally or EMPTY_TALLY)[self.index]

    def decided(self, pos: Position) -> Decision:
        """Once a tally reaches goal_param the game is decided as `final` decides it
        (only one there: it is the higher); before, (None, None)."""
        if max(self.values(pos)) < self.required:
            return None, None
        return self.final(pos)

    def final(self, pos: Position) -> Decision:
        """The higher tally wins; a tie of the tallies names the mover (1.10) or nobody
        (1.8, whose reference leaves no player to move)."""
        return decide(self.values(pos), pos.turn if self.tie_names_mover else None)
