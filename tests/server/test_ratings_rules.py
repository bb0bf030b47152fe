"""Ratings at their edges: what a computer's fixed rating is made of, and a level or a
variant with no measured number. Written from docs/mutation.md's survivors. And the
farming limits: how much a rated game moves ratings."""

from __future__ import annotations

import pytest

from mancala_server.ratings import (
    COMPUTER_RATINGS,
    COMPUTER_RD,
    PAIR_FULL,
    PAIR_WINDOW,
    START,
    START_VOL,
    RatedSide,
    Rating,
    computer_rating,
    computer_ratings,
    new_opponent_weight,
    pair_weight,
    settle,
)


def test_a_computers_rating_is_its_measured_number_with_the_fixed_deviation_and_no_games() -> None:
    assert computer_rating(2, "awari") == Rating(1817.0, COMPUTER_RD, START_VOL, 0)
    assert computer_rating("perfect") == Rating(COMPUTER_RATINGS["perfect"], COMPUTER_RD, START_VOL, 0)
    assert not computer_rating(2, "awari").provisional


def test_a_level_with_no_measured_rating_counts_as_a_newcomer() -> None:
    assert computer_rating(7, "kalah_4") == Rating(START, COMPUTER_RD, START_VOL, 0)


def test_no_variant_means_oware_abapas_table() -> None:
    assert computer_ratings(None) is COMPUTER_RATINGS
    assert computer_ratings("") is COMPUTER_RATINGS


# ---- farming limits (docs/competitive.md, "Farming limits") ----------------------------------

ANN, BOB = RatedSide(0, "p-ann", "ann"), RatedSide(1, "p-bob", "bob")
ANN_WINS = {"kind": "WIN", "winner": 0}


def test_rule_a_new_players_games_move_their_opponent_by_games_over_ten() -> None:
    assert [new_opponent_weight(BOB, Rating(games=n)) for n in (0, 1, 5, 9, 10, 50)] == [0, 0.1, 0.5, 0.9, 1, 1]
    assert new_opponent_weight(RatedSide(1, None, "Computer (level 1)"), Rating(games=0)) == 1.0  # measured


def test_rule_a_fresh_identity_resigning_lifts_its_opponent_not_at_all() -> None:
    """Issue 23: fresh identities resigning lifted one player to 1662 after one game."""
    farmer, sybil = settle([(ANN, Rating(games=40)), (BOB, Rating())], ANN_WINS)
    assert farmer.weight == 0.0 and farmer.after.rating == 1500 and farmer.after.games == 41
    assert sybil.weight == 1.0 and sybil.after.rating < 1500  # the newcomer's own rating moves in full


def test_rule_the_same_pairs_games_count_one_one_then_half_the_one_before() -> None:
    assert [pair_weight(n) for n in range(6)] == [1.0, 1.0, 0.5, 0.25, 0.125, 0.0625]
    assert PAIR_FULL == 2 and PAIR_WINDOW == 86_400


def test_rule_a_weighted_game_moves_that_share_of_the_librarys_change() -> None:
    me, them = Rating(1500, 200, games=20), Rating(1500, 200, games=20)
    full = settle([(ANN, me), (BOB, them)], ANN_WINS)[0].after
    half = settle([(ANN, me), (BOB, them)], ANN_WINS, pair_games=2)[0]
    assert half.weight == 0.5 and half.after.rating == pytest.approx(1500 + (full.rating - 1500) / 2)
    assert half.after.rd == pytest.approx(200 + (full.rd - 200) / 2) and half.after.games == 21


def test_rule_one_pair_repeating_thirty_games_in_a_day_moves_little() -> None:
    """Issue 23: one pair repeating 30 games ended 1917 vs 1083 (new players). Now the two
    new players' games count for little while they are new, and the pair's for less with
    each game: benchmarks/farming.py prints the numbers docs/competitive.md gives."""
    a, b = Rating(), Rating()
    for n in range(30):
        a, b = (s.after for s in settle([(ANN, a), (BOB, b)], ANN_WINS, pair_games=n))
    assert round(a.rating) == 1557 and round(b.rating) == 1443
