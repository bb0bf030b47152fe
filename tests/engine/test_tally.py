"""RoundTally.add: what a finished round adds to each RND_* goal's tally (round wins,
seeds, extra seeds, points). The rounds' own tests (test_rounds.py) play whole games;
these pin the counting rules on one round at a time, including the rounds a goal decides
by something other than the seeds (a cleared or immobilised side, RND_WIN_COUNT_*)."""

from __future__ import annotations

from mancala.engine.position import OutcomeKind, Position
from mancala.engine.tally import RoundTally
from mancala.rules.enums import Goal


def after(seeds: list[int], kind: OutcomeKind, winner: int | None, *, total: int = 48,
          tally: tuple | None = None) -> tuple:
    pos = Position([0] * 12, list(seeds), 0, total=total)
    pos.tally = tally
    RoundTally(Goal.RND_POINTS, 10, tie_names_mover=False).add(pos, kind, winner, seeds)
    return pos.tally


def test_a_won_round_counts_a_win_the_seeds_the_margin_and_a_point():
    wins, total, extra, points = after([28, 20], OutcomeKind.WIN, 0)
    assert (wins, total, extra, points) == ((1, 0), (28, 20), (8, 0), (1, 0))


def test_points_add_to_those_of_earlier_rounds():
    # North already has 2 points; a round North wins with 26 of 48 adds one
    before = ((0, 2), (10, 60), (0, 9), (0, 2))
    _, total, extra, points = after([22, 26], OutcomeKind.WIN, 1, tally=before)
    assert points == (0, 3) and extra == (0, 13) and total == (32, 86)
    # and South's first point on top of a tally where it had one already
    _, _, _, points = after([30, 18], OutcomeKind.WIN, 0, tally=((1, 0), (0, 0), (0, 0), (1, 0)))
    assert points == (2, 0)


def test_three_quarters_of_the_seeds_is_a_second_point_rounded_down():
    # 30 seeds: three quarters is 22.5, counted as 22, so 22 seeds is a skunk
    assert after([22, 8], OutcomeKind.WIN, 0, total=30)[3] == (2, 0)
    # North at exactly three quarters of 48 (36) also scores two
    assert after([12, 36], OutcomeKind.WIN, 1)[3] == (0, 2)
    assert after([13, 35], OutcomeKind.WIN, 1)[3] == (0, 1)


def test_a_round_won_with_equal_seeds_gives_no_margin_and_no_seed_point():
    # a RND_WIN_COUNT_* goal can give a round to a player whose seeds are only equal
    wins, total, extra, points = after([24, 24], OutcomeKind.WIN, 1)
    assert wins == (0, 1) and total == (24, 24)
    assert extra == (0, 0) and points == (0, 0)


def test_a_tied_round_adds_each_players_own_seeds_and_nothing_else():
    # a tie decided by the round's rule rather than by the count keeps each side's seeds
    wins, total, extra, points = after([20, 28], OutcomeKind.TIE, None)
    assert (wins, total, extra, points) == ((0, 0), (20, 28), (0, 0), (0, 0))
