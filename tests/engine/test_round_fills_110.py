"""The 1.10 round fills: the territory fills TERR_EX_LOSER / TERR_EX_EMPTY /
TERR_EX_RANDOM and LOSER_ONLY, and where a replay stops before a next round it cannot
reproduce (docs/rules-decisions.md, "1.10 round fills").

With 3 holes a side: South 0 1 2, North 3 4 5; 2<->3 face. With 4: South 0..3, North
4..7.
"""

from __future__ import annotations

from typing import Any

from mancala.engine import Game, OutcomeKind
from mancala.engine.ending import RoundBySeeds
from mancala.engine.position import Outcome, Position
from tests.engine.helpers import at, make, run


def make110(holes: int, nbr_start: int, **game_info: Any) -> Game:
    return make(holes, nbr_start, rules_version="1.10", **game_info)


TERRITORY = {"goal": "TERRITORY", "goal_param": 6, "stores": True, "rounds": "NO_MOVES"}


def north_won_round(game: Game, stores: list[int]) -> Position:
    """A territory round North won with every seed in the stores."""
    pos = at(game, [0] * game.size, stores=stores)
    pos.turn = 1
    pos.outcome = Outcome(OutcomeKind.ROUND_WIN, 1)
    return pos


def north_holes(pos: Position) -> int:
    return sum(owner == 1 for owner in pos.owner)


def required(game: Game) -> int:
    ender = game.pipe.ender
    while not isinstance(ender, RoundBySeeds):
        ender = ender.inner
    return ender.required


def test_terr_ex_loser_gives_the_part_filled_hole_to_the_loser():
    # 3 seeds a hole: North's 14 make 4 holes and 2 seeds, more than half a hole
    rounded = make110(4, 3, **TERRITORY)
    to_loser = make110(4, 3, round_fill="TERR_EX_LOSER", **TERRITORY)
    assert north_holes(rounded.next_round(north_won_round(rounded, [10, 14]))) == 5
    nxt = to_loser.next_round(north_won_round(to_loser, [10, 14]))
    assert north_holes(nxt) == 4
    assert nxt.board == [3] * 8 and nxt.stores == [0, 0]


def test_terr_ex_loser_needs_whole_holes_to_win_and_one_seed_more_to_play_on():
    # 24 seeds, 6 holes to win: 18 seeds win (not 17), so a player with fewer than
    # 24 - 18 + 1 seeds cannot go on (rounding: 24 - 17 + 1)
    assert required(make110(4, 3, round_fill="TERR_EX_LOSER", **TERRITORY)) == 7
    assert required(make110(4, 3, **TERRITORY)) == 8


def test_terr_ex_empty_keeps_each_part_in_its_store_and_empties_the_losers_first_hole():
    game = make110(4, 3, round_fill="TERR_EX_EMPTY", **TERRITORY)
    nxt = game.next_round(north_won_round(game, [10, 14]))
    # North owns 4..7; the loser's holes start at 0, where the filling went on
    assert [nxt.owner[loc] for loc in range(8)] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert nxt.stores == [1, 2]
    assert nxt.board == [0, 3, 3, 3, 3, 3, 3, 3]


def test_terr_ex_random_draws_only_for_a_hole_of_exactly_half_and_a_replay_stops_there():
    game = make110(4, 2, round_fill="TERR_EX_RANDOM", **TERRITORY)
    contested = north_won_round(game, [7, 9])  # 4 holes and 1 seed of 2
    assert game.next_round_outside(contested)
    assert north_holes(game.next_round(contested)) in (4, 5)
    clear = north_won_round(game, [6, 10])
    assert not game.next_round_outside(clear)
    assert north_holes(game.next_round(clear)) == 5
    assert not make110(4, 2, **TERRITORY).next_round_outside(contested)


def test_a_random_layout_for_the_next_round_stops_a_replay():
    game = make110(3, 2, goal="RND_WIN_COUNT_MAX", goal_param=2, stores=True,
                   rounds="HALF_SEEDS", start_pattern="RANDOM")
    pos = north_won_round(game, [4, 8])
    assert game.next_round_outside(pos)


LOSER_ONLY = {"stores": True, "rounds": "NO_MOVES", "round_fill": "LOSER_ONLY",
              "end_cond": "CLEARED_OWN", "blocks": True}


def test_loser_only_ends_the_round_while_the_loser_can_refill_and_the_winner_can_move():
    game = make110(3, 2, **LOSER_ONLY)
    # South 2 -> 3 clears South's side: South 2 seeds, North 8; South can refill a hole
    # and North has moves, so only the round ends, the seeds left where they lie
    pos = run(game, [0, 0, 1, 2, 2, 0], 2, stores=[2, 3])
    assert pos.outcome == Outcome(OutcomeKind.ROUND_WIN, 1)
    assert pos.board == [0, 0, 0, 3, 2, 0] and pos.stores == [2, 3]
    assert game.next_round_outside(pos)
    # with 1 seed South cannot fill a hole: the game is over
    over = run(game, [0, 0, 1, 2, 3, 0], 2, stores=[1, 3])
    assert over.outcome == Outcome(OutcomeKind.WIN, 1)
    assert over.board == [0, 0, 0, 3, 3, 0]


def test_loser_only_a_repeat_turn_keeps_the_game_going_when_the_opponent_has_no_move():
    game = make110(3, 2, **LOSER_ONLY, sow_stores="OWN")
    # South's last seed into its store: South plays again, so North's empty side ends
    # nothing yet
    pos = run(game, [1, 0, 1, 0, 0, 0], 2, stores=[4, 6])
    assert (pos.board, pos.stores, pos.turn, pos.outcome) == ([1, 0, 0, 0, 0, 0], [5, 6], 0, None)
    # South's other seed, sown without a repeat turn, leaves North to move without a
    # move: that ends the game (6 to 6 with South's seeds on its side, a tie)
    pos = run(game, [1, 0, 1, 0, 0, 0], 0, stores=[4, 6])
    assert pos.outcome == Outcome(OutcomeKind.TIE, None)


def test_loser_only_refills_the_losers_side_and_leaves_the_winners_as_it_is():
    game = make110(3, 2, **LOSER_ONLY)
    pos = run(game, [0, 0, 1, 2, 2, 0], 2, stores=[2, 3])
    pos.blocked[5] = True  # a block of the winner's stays
    nxt = game.next_round(pos)
    assert nxt.board == [2, 0, 0, 3, 2, 0]
    assert nxt.stores == [0, 3]
    assert nxt.blocked == [False, True, True, False, False, True]


def test_a_stopped_game_tied_on_the_round_tallies_leaves_the_turn_with_its_mover():
    game = make110(3, 2, goal="RND_WIN_COUNT_MAX", goal_param=2, stores=True,
                   rounds="HALF_SEEDS", quitter="DONT_SCORE", unclaimed="DONT_SCORE")
    pos = at(game, [1, 0, 0, 0, 0, 1], stores=[5, 5], turn=0)
    outcome = game.pipe.end_game(pos)
    assert outcome.kind == OutcomeKind.TIE and outcome.winner is None and not outcome.no_turn
    assert pos.turn == 0
