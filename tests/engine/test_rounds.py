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
from typing import Any

import pytest

from mancala.engine import Game, IllegalMove, Outcome, OutcomeKind, Position
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
# (South's 3 holds 2: the store, then 4; North's seed in 4 stays on the board, counted as
# North's, until the next round is laid out.)
FILL_END = ([0, 0, 0, 2, 0, 0, 0, 0], [10, 4])


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


@pytest.mark.parametrize(("version", "stores"), [("1.8", [-1, 1]), ("1.10", [2, 4])])
def test_even_fill_splits_the_seeds_of_south_when_south_lost(version, stores):
    # the mirror image of the round above: North's seed makes 7 of 12 and South lost with
    # 5 (1 in its store, 4 on its row). 1.8 reads the winner as the player to move (North,
    # on a repeat turn), 1.10 the round's winner: 2 a hole and South's store -1 (1.8), or
    # 1 a hole and 2 in South's store, North's 12 - 5 - 3 = 4 (1.10)
    game = even_game(version)
    end = run(game, [3, 1, 0, 0, 0, 1], 5, stores=[1, 6], turn=1)
    assert kind(end) == (ROUND_WIN, 1) and end.turn == 1
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores) == ([2 if version == "1.8" else 1] * 6, stores)


@pytest.mark.parametrize("version", ["1.8", "1.10"])
def test_even_fill_a_loser_with_exactly_min_move_seeds_a_hole_keeps_none_back(version):
    # South's seed makes 9 of 12; North lost with 3 on its row. 1.10: 3 = 3 x 1, nothing
    # over, and 1 a hole is playable (min_move 1), so no seed goes back; 1.8: (3 - 1) // 2
    # = 1 a hole, North's store 3 - 3 = 0. South keeps 12 - 3 - 3 = 6
    game = even_game(version)
    end = run(game, [0, 0, 1, 1, 1, 1], 2, stores=[8, 0])
    assert kind(end) == (ROUND_WIN, 0) and end.stores == [9, 0]
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores) == ([1] * 6, [6, 0])


def test_loser_only_counts_the_seeds_left_on_the_losers_row_with_their_store():
    # HALF_SEEDS: South's 2 -> its store, 7 of 12, ends the round with North's 3 seeds
    # still on its row (a LOSER_ONLY round end leaves them where they lie) and South's
    # hole 0 playable. North refills from the left of its side as the board orders it
    # (from South's left: hole 5 first): one hole of 2, 1 seed over in its store, holes 3
    # and 4 empty and blocked; South's side stays as it is
    game = make(3, 2, rules_version="1.10", stores=True, sow_stores="OWN", rounds="HALF_SEEDS",
                round_fill="LOSER_ONLY", blocks=True)
    end = run(game, [1, 0, 1, 1, 1, 1], 2, stores=[6, 0])
    assert kind(end) == (ROUND_WIN, 0)
    assert (end.board, end.stores) == ([1, 0, 0, 1, 1, 1], [7, 0])
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores) == ([1, 0, 0, 0, 0, 2], [7, 1])
    assert nxt.blocked == [False, False, False, True, True, False]


@pytest.mark.parametrize("version", ["1.8", "1.10"])
def test_even_fill_under_min_move_adds_the_losers_store_to_the_leftmost_holes_seeds(version):
    # 4 seeds a hole (24), min_move 3. South's 2 (3 seeds) -> its store, 3 and 4: South 17,
    # North lost with 7 (2 in its store, 5 on its row). Both versions split 7 as 2 a hole
    # and 1 over (1.10: 7 = 3 x 2 + 1; 1.8: (7 - 3) // 2 = 2, 7 - 6 = 1). 2 is under
    # min_move, so North's 1 goes into each row's leftmost hole on top of its 2, taken
    # from both stores: South's 24 - 7 - 6 = 11 less 1
    sow = {"rules_version": "1.10", "sow_stores": "OWN"} if version == "1.10" else {"sow_own_store": True}
    game = make(3, 4, stores=True, rounds="HALF_SEEDS", round_fill="EVEN_FILL", min_move=3, **sow)
    end = run(game, [0, 0, 3, 1, 1, 1], 2, stores=[16, 2])
    assert kind(end) == (ROUND_WIN, 0) and end.stores == [17, 2]
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores) == ([3, 2, 2, 3, 2, 2], [10, 0])


# ---- round_starter and the refill orders (the round ends above, re-derived) ----------------


def fill_round_end(fill: str, **gi: Any) -> tuple[Game, Position]:
    """FILL_END's round end (South 11, North 5: 4 in its store, its seed in 4 still on the
    board, where the round's end leaves it)."""
    game = rounds_game(4, 2, round_fill=fill, **gi)
    pos = run(game, FILL_END[0], 3, stores=FILL_END[1])
    assert kind(pos) == (ROUND_WIN, 0) and (pos.board, pos.stores) == ([0, 0, 0, 0, 1, 0, 0, 0], [11, 4])
    return game, pos


@pytest.mark.parametrize(("starter", "expected"), [
    ("ALTERNATE", 0),  # North started this round
    ("LOSER", 1),
    ("WINNER", 0),
    ("LAST_MOVER", 1),
])
def test_round_starter_names_who_starts_the_next_round(starter, expected):
    # NORTH_ENDS: North started, and its 5 -> store ends the round 7 - 5 for South
    game = rounds_game(round_starter=starter)
    end = run(game, NORTH_ENDS["board"], 5, stores=NORTH_ENDS["stores"], turn=1)
    assert kind(end) == (ROUND_WIN, 0) and end.starter == 1
    nxt = game.next_round(end)
    assert (nxt.turn, nxt.starter) == (expected, expected)
    # LEFT_FILL: South's 7 fill its 3 holes (1 over), North's 5 fill 2 from its left
    assert (nxt.board, nxt.stores) == ([2, 2, 2, 2, 2, 0], [1, 1])


@pytest.mark.parametrize(("fill", "board", "blocked"), [
    ("LEFT_FILL", [2, 2, 2, 2, 2, 2, 0, 0], "......xx"),  # North's left: 4, 5
    ("RIGHT_FILL", [2, 2, 2, 2, 0, 0, 2, 2], "....xx.."),  # North's right: 7, 6
    ("OUTSIDE_FILL", [2, 2, 2, 2, 2, 0, 0, 2], ".....xx."),  # North's ends: 7, 4
])
@pytest.mark.parametrize("blocks", [False, True])
def test_round_fill_refills_the_losers_holes_in_its_order_and_blocks_the_rest(fill, board, blocked, blocks):
    # FILL_END: South 11, North 5. South fills its 4 holes (3 over), North 2 holes (1 over)
    game, end = fill_round_end(fill, blocks=blocks)
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores, nxt.turn) == (board, [3, 1], 1)  # ALTERNATE: North
    assert nxt.blocked == [blocks and c == "x" for c in blocked]


def test_shorten_fills_as_many_holes_as_the_loser_can_on_both_sides_facing_each_other():
    # North's 5 fill 2 holes: South's 0 and 1 and the holes facing them, 7 and 6; South
    # keeps 11 - 4, North 1; the empty holes are blocked
    game, end = fill_round_end("SHORTEN", blocks=True)
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores) == ([2, 2, 0, 0, 0, 0, 2, 2], [7, 1])
    assert nxt.blocked == [False, False, True, True, True, True, False, False]


@pytest.mark.parametrize(("board", "move", "stores", "turn", "next_board", "next_stores", "blocked"), [
    # South wins 11 - 5: North's 5 fill 2 holes from North's left (4, 5), its odd seed a
    # third (6); South's facing holes (3, 2, 1) match them from South's store: 11 - 5
    (FILL_END[0], 3, FILL_END[1], 0, [0, 1, 2, 2, 2, 2, 1, 0], [6, 0], [0, 7]),
    # the mirror image: South lost, fills 0, 1 and 2 (1 seed), North matches 7, 6, 5
    ([0, 0, 0, 0, 0, 0, 0, 2], 7, [4, 10], 1, [2, 2, 1, 0, 0, 1, 2, 2], [0, 6], [3, 4]),
])
def test_shorten_all_puts_the_losers_odd_seeds_in_one_more_hole_from_their_left(
        board, move, stores, turn, next_board, next_stores, blocked):
    game = make(4, 2, rules_version="1.10", stores=True, sow_stores="OWN", rounds="HALF_SEEDS",
                round_fill="SHORTEN_ALL", blocks=True)
    end = run(game, board, move, stores=stores, turn=turn)
    assert kind(end) == (ROUND_WIN, turn)
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores) == (next_board, next_stores)
    assert [loc for loc, b in enumerate(nxt.blocked) if b] == blocked


# ---- RND_* goals: each round on a fresh board ------------------------------------------------
# 4 holes of 4 (16 seeds), GAMACHA: a game South starts is laid out [0, 4, 4, 0, 4, 0, 0, 0],
# one North starts [4, 0, 0, 0, 0, 4, 4, 0].
GAMACHA_FOR = {0: [0, 4, 4, 0, 4, 0, 0, 0], 1: [4, 0, 0, 0, 0, 4, 4, 0]}


@pytest.mark.parametrize(("round_starter", "mover", "stores", "winner", "next_starter"), [
    ("WINNER", 1, [9, 6], 0, 0),  # North started; its seed to its store, South wins 9 - 7
    ("WINNER", 0, [6, 9], 1, 1),  # South started; North wins 9 - 7
    ("WINNER", 0, [8, 7], 0, 0),  # South started and wins 9 - 7: it starts again
    ("LOSER", 0, [8, 7], 0, 1),
    ("ALTERNATE", 0, [8, 7], 0, 1),
])
def test_a_tally_round_starts_on_a_new_games_board_laid_out_as_if_the_last_starter_had_not_started(
        round_starter, mover, stores, winner, next_starter):
    # the mover (this round's starter) plays its one seed into its store; the next round
    # is a fresh board, empty stores, laid out for the other player as a new game's
    # starter, whoever starts it (round_starter); the tallies carry on
    game = make(4, 4, stores=True, sow_own_store=True, rounds="HALF_SEEDS", goal="RND_WIN_COUNT",
                goal_param=3, round_starter=round_starter, start_pattern="GAMACHA")
    assert game.start(0).board == GAMACHA_FOR[0] and game.start(1).board == GAMACHA_FOR[1]
    board = [0, 0, 0, 1, 0, 0, 0, 0] if mover == 0 else [0, 0, 0, 0, 0, 0, 0, 1]
    end = run(game, board, 3 if mover == 0 else 7, stores=stores, turn=mover)
    assert kind(end) == (ROUND_WIN, winner) and end.starter == mover
    nxt = game.next_round(end)
    assert (nxt.board, nxt.stores) == (GAMACHA_FOR[1 - mover], [0, 0])
    assert (nxt.turn, nxt.starter, nxt.outcome) == (next_starter, next_starter, None)
    assert nxt.tally == end.tally and nxt.tally[0][winner] == 1


def test_a_1_10_tally_round_lays_out_its_fresh_board_as_the_1_10_pattern_does():
    # ALTS_WITH_1 on an even row changed in 1.10 (the starter's hole of the same place is
    # emptied too): a game North starts is [0, 4, 0, 1, 0, 0, 0, 4] (1.8: [0, 4, 0, 4, 0, 4,
    # 0, 1]). South started this round and its seed to its store wins it 8 - 6: the next
    # round's board is the one for North, by the 1.10 pattern
    game = make(4, 4, rules_version="1.10", stores=True, sow_stores="OWN", rounds="HALF_SEEDS",
                goal="RND_WIN_COUNT_MAX", goal_param=3, start_pattern="ALTS_WITH_1")
    assert game.start(1).board == [0, 4, 0, 1, 0, 0, 0, 4]
    end = run(game, [0, 0, 0, 1, 0, 0, 0, 0], 3, stores=[7, 6])
    assert kind(end) == (ROUND_WIN, 0)
    assert game.next_round(end).board == [0, 4, 0, 1, 0, 0, 0, 4]


@pytest.mark.parametrize(("starter", "expected"), [("LOSER", 0), ("WINNER", 1)])
def test_round_starter_after_north_wins_the_round(starter, expected):
    # North's 5 -> its store: 8 of 12, North wins (South 4 of its store, nothing on its row)
    game = rounds_game(round_starter=starter)
    end = run(game, [0, 0, 0, 0, 0, 1], 5, stores=[4, 7], turn=1)
    assert kind(end) == (ROUND_WIN, 1)
    nxt = game.next_round(end)
    assert (nxt.turn, nxt.starter) == (expected, expected)
    # LEFT_FILL: North's 8 fill its 3 holes (2 over), South's 4 fill 2 from its left
    assert (nxt.board, nxt.stores) == ([2, 2, 0, 2, 2, 2], [0, 2])


@pytest.mark.parametrize(("version", "mover", "loser_starts", "winner_starts"), [
    ("1.8", 0, 1, 0), ("1.10", 0, 0, 1), ("1.8", 1, 0, 1), ("1.10", 1, 1, 0),
])
def test_after_a_round_tie_1_10_counts_the_last_movers_opponent_as_the_winner(
        version, mover, loser_starts, winner_starts):
    # South's 2 -> 3 makes 2 and takes them: 6 - 6 and nothing left, a tie that names
    # South (the last mover, no repeat turn); North's 5 -> 0 is its mirror image. 1.8
    # counts the last mover as the winner, 1.10 its opponent (docs/rules-decisions.md,
    # "Who starts after a round tie")
    board, move, stores = (([0, 0, 1, 1, 0, 0], 2, [4, 6]) if mover == 0
                           else ([1, 0, 0, 0, 0, 1], 5, [6, 4]))
    for starter, expected in (("LOSER", loser_starts), ("WINNER", winner_starts)):
        rules: dict[str, Any] = {"stores": True, "capt_on": [2], "rounds": "NO_MOVES",
                                 "round_starter": starter}
        game = make(**rules, **({"rules_version": "1.10"} if version == "1.10" else {}))
        end = run(game, board, move, stores=stores, turn=mover)
        assert kind(end) == (ROUND_TIE, None) and end.turn == mover
        assert end.outcome is not None and not end.outcome.tied_on_repeat
        assert game.next_round(end).turn == expected
