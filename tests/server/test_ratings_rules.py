"""Ratings at their edges: what a computer's fixed rating is made of, and a level or a
variant with no measured number. Written from docs/mutation.md's survivors."""

from __future__ import annotations

from mancala_server.ratings import (
    COMPUTER_RATINGS,
    COMPUTER_RD,
    START,
    START_VOL,
    Rating,
    computer_rating,
    computer_ratings,
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
