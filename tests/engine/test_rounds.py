"""Games in rounds: `rounds`, `round_starter`, `round_fill`, `blocks`, the RND_* goals,
`goal_param` with MAX_SEEDS, and the game's end across rounds.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md ("Rounds and territory"). Board indices: South 0..n-1 from its
left, North n..2n-1 from its left, CCW = +1. With 3 holes: South 0 1 2, North 3 4 5;
with 4 holes: South 0 1 2 3, North 4 5 6 7 (0<->7, 1<->6, 2<->5, 3<->4 face).
Every game here sows into its own store (CCW: South's after its last hole), which is
how seeds reach the stores without captures.
"""

from __future__ import annotations

import json

import pytest

from mancala.engine import IllegalMove, Outcome, OutcomeKind
from mancala.engine.rounds import fill_orders
from mancala.rules.enums import RoundFill
from mancala.state_line import for_game
from tests.engine.helpers import at, make, run

ROUND_WIN, ROUND_TIE = OutcomeKind.ROUND_WIN, OutcomeKind.ROUND_TIE
WIN, TIE = OutcomeKind.WIN, OutcomeKind.TIE


def rounds_game(holes: int = 3, nbr_start: int = 2, **gi):
    base = {"stores": True, "sow_own_store": True, "rounds": "HALF_SEEDS", "round_fill": "LEFT_FILL"}
    return make(holes, nbr_start, **(base | gi))


def kind(pos):
    return None if pos.outcome is None else (pos.outcome.kind, pos.outcome.winner)


# ---- rounds: when a round ends ---------------------------------------------------------
# 12 seeds. South plays 2: its one seed goes to the store, 7 > 6 (half), a repeat turn
# with hole 1 still to play.
MAJORITY = ([0, 1, 1, 2, 1, 0], [6, 1])


def test_no_moves_round_goes_on_past_half_the_seeds_and_ends_when_the_player_to_move_cannot():
    game = rounds_game(rounds="NO_MOVES")
    pos = run(game, MAJORITY[0], 2, stores=MAJORITY[1])
    assert pos.outcome is None and pos.turn == 0 and pos.stores == [7, 1]  # repeat turn
    end = run(game, [0, 0, 1, 0, 0, 0], 2, stores=[5, 6])
    # South's seed reaches its store (a repeat turn) and South has nothing left: 6 - 6
    assert (end.board, end.stores) == ([0] * 6, [6, 6])
    assert kind(end) == (ROUND_TIE, None) and end.turn == 0  # a tie names the last mover


@pytest.mark.parametrize(("rounds", "ended"), [("END_S_SEEDS", False), ("END_2S_SEEDS", True)])
def test_seed_limit_rounds_end_when_nbr_start_or_twice_it_or_fewer_are_left_in_play(rounds, ended):
    game = rounds_game(rounds=rounds)
    # after South's 2 -> store: 3 seeds in play (k = 2): over 2, not over 4
    pos = run(game, [0, 1, 1, 1, 1, 0], 2, stores=[4, 4])
    if ended:
        assert (pos.board, pos.stores) == ([0] * 6, [6, 6])
        assert kind(pos) == (ROUND_TIE, None)
    else:
        assert pos.outcome is None and pos.stores == [5, 4] and pos.turn == 0


# ---- the game's end across rounds (MAX_SEEDS, goal_param) ------------------------------
# South 2 -> store: 10 of 12, North's seed in 3 collected: 10 - 2.
SHUTOUT = ([0, 0, 1, 1, 0, 0], [9, 1])


# ---- round_starter ------------------------------------------------------------------------
# (starter, last mover, winner) -> next starter. North starts the round; its last move
# (5 -> its store) ends it with South holding 7 of 12: winner South, last mover North.
NORTH_ENDS = dict(board=[0, 0, 0, 0, 0, 1], stores=[7, 4], turn=1)


# ---- round_fill -----------------------------------------------------------------------------
# 4 holes, 2 seeds each (16 seeds). South's 3 -> store: 11 of 16; South 11, North 5 seeds.
# Next round (ALTERNATE): North starts. South fills its 4 holes (8) and keeps 3 in its
# store; North fills 5 // 2 = 2 holes and keeps 1.
# (South's 3 holds 2: the store, then 4; North's seed in 4 is collected.)
FILL_END = ([0, 0, 0, 2, 0, 0, 0, 0], [10, 4])


def round_end(fill: str, **gi):
    game = rounds_game(4, 2, round_fill=fill, **gi)
    pos = run(game, FILL_END[0], 3, stores=FILL_END[1])
    assert kind(pos) == (ROUND_WIN, 0) and pos.stores == [11, 5]
    return game, pos


def test_fill_order_of_outside_fill_alternates_ends_towards_the_middle():
    assert fill_orders(RoundFill.OUTSIDE_FILL, 5)[0] == [0, 4, 1, 3, 2]
    assert fill_orders(RoundFill.RIGHT_FILL, 3)[0] == [2, 1, 0]
    assert fill_orders(RoundFill.LEFT_FILL, 3)[0] == [0, 1, 2]


# ---- RND_* goals: tallies across rounds ----------------------------------------------------
# SHUTOUT ends a round 10 - 2 (of 12: a skunk, more than 3/4); SOFT ends it 8 - 4.
SOFT = ([0, 0, 1, 1, 1, 1], [7, 1])


def rnd_game(goal: str, goal_param: int, **gi):
    return make(3, 2, stores=True, sow_own_store=True, rounds="HALF_SEEDS", goal=goal,
                goal_param=goal_param, **gi)


def rnd_end(game, board_stores, tally=(0, 0)):
    pos = at(game, board_stores[0], stores=board_stores[1])
    pos.tally = (tally, (0, 0), (0, 0), (0, 0))
    return game.play(pos, 2)




def test_a_tie_the_tallies_decide_names_nobody_to_move():
    # The round ends 6 - 6 (a tie) and both seed tallies reach goal_param 10 together:
    # the reference ends the game naming no player, so its turn is none and the state
    # line's turn is null (seen in En_Dodoi, a RND_SEED_COUNT game)
    game = rnd_game("RND_SEED_COUNT", 10)
    pos = at(game, [0, 0, 1, 0, 0, 0], stores=[5, 6])
    pos.tally = ((0, 0), (4, 4), (0, 0), (0, 0))
    pos = game.play(pos, 2)
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 0, 0], [6, 6])
    assert pos.outcome is not None
    assert (pos.outcome.kind, pos.outcome.winner, pos.outcome.no_turn) == (TIE, None, True)
    state = game.state_json(pos)
    assert state["turn"] is None and state["outcome"] == {"kind": "TIE", "winner": None}
    assert json.loads(for_game(game).line(pos))["turn"] is None


def test_a_tie_of_one_round_still_names_the_last_mover():
    # the same round end with tallies short of goal_param: a ROUND_TIE, the mover named
    game = rnd_game("RND_SEED_COUNT", 20)
    pos = at(game, [0, 0, 1, 0, 0, 0], stores=[5, 6])
    pos.tally = ((0, 0), (4, 4), (0, 0), (0, 0))
    pos = game.play(pos, 2)
    assert pos.outcome is not None
    assert (pos.outcome.kind, pos.outcome.no_turn, game.state_json(pos)["turn"]) == (ROUND_TIE, False, 0)


def rnd_game_110(goal: str, goal_param: int):
    return make(3, 2, rules_version="1.10", stores=True, sow_stores="OWN", rounds="HALF_SEEDS",
                goal=goal, goal_param=goal_param)


@pytest.mark.parametrize("stores, tally", [([5, 6], (4, 4)), ([6, 5], (3, 5))],
                         ids=["round_tied", "round_won"])
def test_under_1_10_a_tie_of_the_tallies_names_the_last_mover(stores, tally):
    # 1.10 keeps its turn a player when a game ends (it no longer sets it to the
    # decision's player), and its recordings name the last mover on every tie: a long
    # night game that an endless sowing ends with equal tallies shows it, and Centering
    # games of the reference at other seeds where a round won 7 - 5 brings the seed
    # tallies level past goal_param (docs/rules-decisions.md)
    game = rnd_game_110("RND_SEED_COUNT", 10)
    pos = at(game, [0, 0, 1, 0, 0, 0], stores=stores)
    pos.tally = ((0, 0), tally, (0, 0), (0, 0))
    pos = game.play(pos, 2)
    assert pos.outcome is not None
    assert (pos.outcome.kind, pos.outcome.winner, pos.outcome.no_turn) == (TIE, None, False)
    assert json.loads(for_game(game).line(pos))["turn"] == 0


@pytest.mark.parametrize("version, turn", [("1.8", None), ("1.10", 1)])
def test_a_stopped_game_with_level_tallies_names_the_mover_only_under_1_10(version, turn):
    # a game stopped from outside (an endless sowing) is settled by the quitter, whose
    # tie of the tallies follows the same rule as the enders'
    game = (rnd_game("RND_SEED_COUNT", 10) if version == "1.8"
            else rnd_game_110("RND_SEED_COUNT", 10))
    pos = at(game, [0, 0, 0, 0, 0, 0], stores=[6, 6], turn=1)
    pos.tally = ((0, 0), (4, 4), (0, 0), (0, 0))
    outcome = game.pipe.end_game(pos)
    assert (outcome.kind, outcome.winner) == (TIE, None)
    pos.outcome = outcome
    assert json.loads(for_game(game).line(pos))["turn"] == turn


# ---- what each round adds to the RND_* tallies (mutation survivors, docs/mutation.md) ----


def test_each_round_adds_wins_seeds_margins_and_points_to_the_tallies():
    # 12 seeds: a skunk is three quarters of them, 9. A round won 9 - 3 is a win, 12
    # seeds, a margin of 6 and two points (the win and the skunk); one won 5 - 7 adds a
    # margin of 2 and one point to North; a tie adds only the seeds.
    game = rnd_game("RND_POINTS", 20)
    tally = game.pipe.tally
    pos = game.start(0)
    tally.add(pos, WIN, 0, [9, 3])
    assert pos.tally == ((1, 0), (9, 3), (6, 0), (2, 0))
    tally.add(pos, WIN, 1, [5, 7])
    assert pos.tally == ((1, 1), (14, 10), (6, 2), (2, 1))
    tally.add(pos, TIE, 0, [6, 6])
    assert pos.tally == ((1, 1), (20, 16), (6, 2), (2, 1))
    tally.add(pos, WIN, 1, [2, 10])
    assert pos.tally == ((1, 2), (22, 26), (6, 10), (2, 3))
    assert tally.values(pos) == (2, 3)  # RND_POINTS reads the points


def test_next_round_refuses_a_position_whose_round_has_not_ended():
    game = rnd_game("RND_SEED_COUNT", 10)
    pos = game.start(0)
    with pytest.raises(IllegalMove, match="only after a ROUND_WIN or ROUND_TIE"):
        game.next_round(pos)
    pos.outcome = Outcome(WIN, 0)
    with pytest.raises(IllegalMove, match="only after a ROUND_WIN or ROUND_TIE"):
        game.next_round(pos)


@pytest.mark.parametrize(("goal", "values"), [
    ("RND_WIN_COUNT", (1, 0)), ("RND_SEED_COUNT", (9, 3)), ("RND_EXTRA_SEEDS", (6, 0)),
    ("RND_POINTS", (2, 0)),
])
def test_each_goal_reads_its_own_tally(goal, values):
    game = rnd_game(goal, 20)
    pos = game.start(0)
    game.pipe.tally.add(pos, WIN, 0, [9, 3])
    assert game.pipe.tally.values(pos) == values


# ---- EVEN_FILL: the round loser's seeds spread over every hole of both rows ----------

def even_game(version: str, **gi):
    sow = {"rules_version": "1.10", "sow_stores": "OWN"} if version == "1.10" else {"sow_own_store": True}
    return make(3, 2, stores=True, rounds="HALF_SEEDS", round_fill="EVEN_FILL", **sow, **gi)


@pytest.mark.parametrize(("version", "board", "stores"), [
    # North lost with 5 seeds (1 in its store, 4 on its row). 1.8 keeps min_move back and
    # spreads the rest over one hole fewer: (5 - 1) // 2 = 2 a hole, 6 a row, North's store
    # -1 as its reference leaves it; 1.10 divides by the holes: 5 = 3 x 1 + 2 in the store
    ("1.8", [2] * 6, [1, -1]),
    ("1.10", [1] * 6, [4, 2]),
])
def test_even_fill_splits_the_losers_seeds_as_each_version_does(version, board, stores):
    game = even_game(version)
    end = run(game, [0, 0, 1, 3, 1, 0], 2, stores=[6, 1])  # South's seed makes 7 of 12
    assert kind(end) == (ROUND_WIN, 0) and end.stores == [7, 1]
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores) == (board, stores)
    assert nxt.outcome is None


@pytest.mark.parametrize("version", ["1.8", "1.10"])
def test_even_fill_under_min_move_puts_the_losers_store_into_each_leftmost_hole(version):
    game = even_game(version, min_move=2)
    end = run(game, [1, 1, 2, 1, 0, 0], 2, stores=[6, 1])
    assert kind(end) == (ROUND_WIN, 0)
    # North lost with 3 seeds. 1 a hole with none over would leave no move (min_move 2):
    # 1.10 gives the seed a hole back (0 a hole, 3 in North's store), 1.8 keeps min_move
    # back ((3 - 2) // 2 = 0 a hole); either way North's 3 go into each row's leftmost
    # hole, out of both stores (South's 9 -> 6)
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores) == ([3, 0, 0, 3, 0, 0], [6, 0])
    assert sum(nxt.board) + sum(nxt.stores) == 12
