"""ARNGE_LIMIT's arrangement move and the 1.10 SHORTEN_ALL refill (Bao of the reference).

4 holes a side: South 0..3 from South's left, North 4..7 from North's left (i faces 7-i).
"""

from __future__ import annotations

import random

import pytest

from mancala.engine import Game, IllegalMove
from mancala.engine.game import ROUND_KINDS
from mancala.engine.position import Outcome, OutcomeKind, Position
from mancala.rules.loading import load_variant
from tests.engine.helpers import make


def arnge(**extra):
    return make(4, 2, stores=True, prescribed="ARNGE_LIMIT", **extra)


def test_an_arrangement_lays_out_both_sides_from_their_owners_left():
    game = arnge()
    pos = game.start(0)
    assert game.arrange_offer(pos) == {"seat": 0, "holes": 4, "seeds": 8, "min_move": 1,
                                       "current": [2, 2, 2, 2]}
    new = game.play(pos, {"arrange": [0, 1, 3, 4]})
    assert new.board == [0, 1, 3, 4, 0, 1, 3, 4]
    assert (new.turn, new.stores, new.mcount) == (1, [0, 0], 1)
    assert pos.board == [2] * 8  # play leaves the old position alone
    assert game.arrange_offer(new) is None


def test_north_starting_arranges_its_own_row_first():
    game = arnge()
    pos = game.play(game.start(1), {"arrange": [4, 3, 1, 0]})
    # North's left is hole 4; South's position k is hole k
    assert pos.board == [4, 3, 1, 0, 4, 3, 1, 0]
    assert pos.turn == 0


def test_the_arrangement_is_recorded_without_events():
    game = arnge()
    new, events = game.play_events(game.start(0), {"arrange": [0, 1, 3, 4]})
    assert events == [] and new.board == [0, 1, 3, 4, 0, 1, 3, 4]


@pytest.mark.parametrize(("move", "words"), [
    ({"arrange": [2, 2, 2]}, "all 4 holes"),
    ({"arrange": [2, 2, 2, 2, 0]}, "all 4 holes"),
    ({"arrange": [3, 3, 3, 3]}, "all 8 seeds of your side, not 12"),
    ({"arrange": [-1, 3, 3, 3]}, "0 or more"),
    ({"arrange": [True, 3, 2, 2]}, "whole numbers"),
    ({"arrange": [2.0, 2, 2, 2]}, "whole numbers"),
    ({"arrange": [2, 2, 2, 2]}, "to keep it as it is, sow"),
    ({"arrange": [8, 0, 0, 0], "hole": 1}, "nothing else"),
    ({"arrange": "8 0 0 0"}, "all 4 holes"),
])
def test_a_wrong_arrangement_is_refused_with_its_reason(move, words):
    game = arnge()
    pos = game.start(0)
    with pytest.raises(IllegalMove, match=words):
        game.play(pos, move)
    assert pos.board == [2] * 8 and pos.turn == 0


def test_an_arrangement_needs_a_playable_hole():
    game = arnge(min_move=4)
    with pytest.raises(IllegalMove, match="at least 4 seeds"):
        game.play(game.start(0), {"arrange": [3, 3, 1, 1]})
    assert game.play(game.start(0), {"arrange": [4, 3, 1, 0]}).board[:4] == [4, 3, 1, 0]


def test_only_the_games_first_move_may_arrange():
    game = arnge()
    pos = game.play(game.start(0), 0)
    with pytest.raises(IllegalMove, match="only as the game's first move"):
        game.play(pos, {"arrange": [0, 1, 3, 4]})
    pos = game.play(game.start(0), {"arrange": [0, 1, 3, 4]})
    with pytest.raises(IllegalMove, match="only as the game's first move"):
        game.play(pos, {"arrange": [0, 1, 3, 4]})


def test_no_arrangement_without_arnge_limit():
    game = make(4, 2, stores=True)
    pos = game.start(0)
    assert game.arrange_offer(pos) is None
    with pytest.raises(IllegalMove, match="no arrangement move"):
        game.play(pos, {"arrange": [0, 1, 3, 4]})


def test_no_arrangement_on_a_blocked_board():
    game = arnge(blocks=True, rounds="NO_MOVES", round_fill="SHORTEN")
    pos = game.start(0)
    pos.blocked[3] = pos.blocked[4] = True
    assert game.arrange_offer(pos) is None
    with pytest.raises(IllegalMove, match="no blocked hole"):
        game.play(pos, {"arrange": [0, 1, 3, 4]})


# ---- SHORTEN_ALL -----------------------------------------------------------------------


def shorten_all():
    return make(5, 4, rules_version="1.10", stores=True, blocks=True, rounds="NO_MOVES",
                round_fill="SHORTEN_ALL", round_starter="WINNER")


def round_won(game, south: int, north: int, winner: int):
    pos = game.start(0, board=[0] * 10, stores=[south, north])
    pos.turn = winner
    pos.outcome = Outcome(OutcomeKind.ROUND_WIN, winner)
    return game.next_round(pos)


def test_shorten_all_puts_all_the_losers_seeds_out_from_the_losers_left():
    game = shorten_all()
    pos = round_won(game, 13, 27, 1)  # South lost with 13: three holes of 4, then 1
    assert pos.board == [4, 4, 4, 1, 0, 0, 1, 4, 4, 4]
    assert pos.blocked == [False] * 4 + [True, True] + [False] * 4
    assert pos.stores == [0, 27 - 13]
    assert pos.turn == 1


def test_shorten_all_from_norths_left_when_north_lost():
    game = shorten_all()
    pos = round_won(game, 27, 13, 0)
    assert pos.board == [0, 1, 4, 4, 4, 4, 4, 4, 1, 0]
    assert pos.blocked == [True] + [False] * 8 + [True]
    assert pos.stores == [14, 0]
    assert pos.turn == 0


def test_shorten_keeps_the_odd_seeds_in_the_stores():
    game = make(5, 4, stores=True, blocks=True, rounds="NO_MOVES", round_fill="SHORTEN",
                round_starter="WINNER")
    pos = round_won(game, 13, 27, 1)
    assert pos.board == [4, 4, 4, 0, 0, 0, 0, 4, 4, 4]
    assert pos.stores == [1, 15]


# ---- configs/bao_mg: whole games ---------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_random_bao_games_play_to_their_end(seed):
    game = Game(load_variant("bao_mg"), c_core=False)
    rng = random.Random(seed)
    pos = game.start(seed % 2)
    assert game.arrange_offer(pos) is not None
    if seed % 3:
        counts = [0] * 7
        for _ in range(28):
            counts[rng.randrange(7)] += 1
        if counts != [4] * 7:
            pos = game.play(pos, {"arrange": counts})
            assert game.arrange_offer(pos) is None
    for _ in range(5000):
        if pos.outcome is not None:
            if pos.outcome.kind not in ROUND_KINDS:
                break
            pos = game.next_round(pos)
            assert game.arrange_offer(pos) is None  # a later round is never arranged
            continue
        pos = game.play(pos, rng.choice(game.legal_moves(pos)))
    assert pos.outcome is not None and pos.outcome.kind.value in ("WIN", "TIE")


# ---- more refusals, and the arrangement as the starter's first turn ------------------------


def test_no_arrangement_on_a_board_with_a_child():
    game = arnge()
    pos = game.start(0)
    pos.child[5] = 1
    assert game.arrange_offer(pos) is None
    with pytest.raises(IllegalMove, match="no blocked hole or child"):
        game.play(pos, {"arrange": [0, 1, 3, 4]})


def test_no_arrangement_while_the_sides_hold_different_numbers():
    game = arnge()
    pos = game.start(0, board=[3, 2, 2, 2, 2, 2, 2, 2])  # South 9, North 8
    assert game.arrange_offer(pos) is None
    with pytest.raises(IllegalMove, match="both sides hold the same number"):
        game.play(pos, {"arrange": [1, 1, 3, 4]})


def _fresh(game: Game) -> tuple[Game, Position]:
    return game, game.start(0)


def _without_arnge_limit(game: Game) -> tuple[Game, Position]:
    return _fresh(make(4, 2, stores=True))


def _after_a_sowing(game: Game) -> tuple[Game, Position]:
    return game, game.play(game.start(0), 0)


def _blocked(game: Game) -> tuple[Game, Position]:
    pos = game.start(0)
    pos.blocked[3] = True
    return game, pos


def _unequal(game: Game) -> tuple[Game, Position]:
    return game, game.start(0, board=[3, 2, 2, 2, 2, 2, 2, 2])


@pytest.mark.parametrize(("setup", "move", "reason"), [
    (_without_arnge_limit, {"arrange": [0, 1, 3, 4]},
     "this game has no arrangement move (prescribed is not ARNGE_LIMIT)"),
    (_after_a_sowing, {"arrange": [0, 1, 3, 4]},
     "the seeds may be arranged only as the game's first move"),
    (_blocked, {"arrange": [0, 1, 3, 4]},
     "the seeds may be arranged only on a board with no blocked hole or child"),
    (_unequal, {"arrange": [1, 1, 3, 4]},
     "the seeds may be arranged only while both sides hold the same number"),
    (_fresh, {"arrange": [8, 0, 0, 0], "hole": 1},
     'an arrangement is {"arrange": [seeds, ...]} and nothing else'),
    (_fresh, {"arrange": [-1, 3, 3, 3]},
     "an arrangement's counts are whole numbers of 0 or more"),
    (_fresh, {"arrange": [2, 2, 2, 2]},
     "an arrangement changes the layout; to keep it as it is, sow"),
])
def test_a_refused_arrangement_tells_the_player_the_whole_reason(setup, move, reason):
    # the reason reaches the player as the refusal's text: it is checked word for word
    game, pos = setup(arnge())
    with pytest.raises(IllegalMove) as refused:
        game.play(pos, move)
    assert str(refused.value) == reason


def test_an_arrangement_is_the_starters_first_turn_for_right_half_firsts():
    # 1.10 RIGHT_HALF_FIRSTS: each player's first turn starts from the right half of their row
    game = make(4, 2, rules_version="1.10", stores=True, prescribed="ARNGE_LIMIT",
                allow_rule="RIGHT_HALF_FIRSTS")
    pos = game.start(0)
    assert game.legal_moves(pos) == [2, 3]
    pos = game.play(pos, {"arrange": [1, 1, 3, 3]})  # South's first turn
    assert game.legal_moves(pos) == [6, 7]  # North's first turn
    pos = game.play(pos, 6)  # 7, 0, 1
    assert pos.board == [2, 2, 3, 3, 1, 1, 0, 4]
    assert game.legal_moves(pos) == [0, 1, 2, 3]  # South's second turn: any hole
