"""The rating library gives Glickman's worked example, and our use of it behaves."""

from __future__ import annotations

import re
from pathlib import Path

from glicko2.math.algorithm import update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi

from mancala_server.ratings import (
    COMPUTER_RATINGS,
    COMPUTER_RATINGS_BY_VARIANT,
    MIN_RD,
    NEW_PLAYER_GAMES,
    RatedSide,
    Rating,
    computer_rating,
    rate,
    settle,
)


def test_the_library_reproduces_the_worked_example_of_the_glicko2_paper() -> None:
    games = [(1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)]
    new = update_rating(rating_to_mu(1500), rd_to_phi(200), 0.06,
                        [(rating_to_mu(r), rd_to_phi(rd), s) for r, rd, s in games])
    assert round(mu_to_rating(new.mu), 1) == 1464.1
    assert round(phi_to_rd(new.phi), 1) == 151.5
    assert abs(new.sigma - 0.05999) < 1e-5


def test_a_win_over_a_stronger_player_gains_more_and_a_draw_between_equals_moves_little() -> None:
    me = Rating()
    assert rate(me, Rating(1800, 60), 1.0).rating - 1500 > rate(me, Rating(1200, 60), 1.0).rating - 1500 > 0
    drawn = rate(Rating(1600, 60), Rating(1600, 60), 0.5)
    assert abs(drawn.rating - 1600) < 0.01 and drawn.rd < 60.5 and drawn.games == 1


def test_against_a_computer_only_the_human_moves() -> None:
    human = RatedSide(0, "p1", "ann")
    cpu = RatedSide(1, None, "Computer (level 1)", computer_rating(1))
    settled = settle([(human, Rating()), (cpu, computer_rating(1))], {"kind": "WIN", "winner": 0})
    assert settled[0].after.rating > 1500 and settled[1].after == computer_rating(1)


def test_the_computers_ratings_are_the_measured_ones_in_the_docs_and_rise_with_the_level() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "competitive.md").read_text()
    table = re.search(r"^\| variant \| easy \(0\) \| medium \(1\) \| hard \(2\) \| expert \(3\) \| perfect \|\n"
                      r"\| [-: |]+\|\n((?:\|.*\n)+)", doc, re.M)
    assert table is not None, "the ratings table of docs/competitive.md"
    shown: dict[str, dict[str, float]] = {}
    for row in table.group(1).splitlines():
        variant, *values = (cell.strip(" `*") for cell in row.strip("|").split("|"))
        shown[variant] = dict(zip(["0", "1", "2", "3", "perfect"], map(float, values), strict=True))
    assert {v: {str(k): r for k, r in t.items()} for v, t in COMPUTER_RATINGS_BY_VARIANT.items()} == shown
    assert COMPUTER_RATINGS_BY_VARIANT["oware_abapa"] is COMPUTER_RATINGS
    for variant in shown:
        levels = [computer_rating(level, variant).rating for level in (0, 1, 2, 3, "perfect")]
        assert levels == sorted(levels) and computer_rating(1, variant).rating == 1500  # medium: a newcomer's equal


def test_a_variant_not_measured_uses_oware_abapas_ratings() -> None:
    assert computer_rating(3, "kalah_4").rating == COMPUTER_RATINGS_BY_VARIANT["kalah_4"][3] != COMPUTER_RATINGS[3]
    assert computer_rating(3, "congkak").rating == computer_rating(3).rating == COMPUTER_RATINGS[3]


def test_a_rating_deviation_never_falls_below_the_floor() -> None:
    """MIN_RD: a player whose rating barely varies (volatility near zero) would grow
    ever more certain, game after game, until a result no longer moved it."""
    steady = Rating(1500, 46, 0.0001)
    for _ in range(20):
        steady = rate(steady, Rating(1500, 45), 0.5)
    assert steady.rd == MIN_RD and steady.games == 20
    assert rate(steady, Rating(1500, 45), 1.0).rating - steady.rating > 5  # a win still counts


def test_each_side_is_rated_against_the_other() -> None:
    """Both humans move, each by the other's rating, never by their own."""
    a, b = RatedSide(0, "p1", "ann"), RatedSide(1, "p2", "bob")
    # past a new player's first games (NEW_PLAYER_GAMES): each counts fully for the other
    strong, weak = Rating(1900, 80, games=NEW_PLAYER_GAMES), Rating(1300, 80, games=NEW_PLAYER_GAMES)
    settled = settle([(a, strong), (b, weak)], {"kind": "WIN", "winner": 1})
    assert settled[0].after == rate(strong, weak, 0.0)
    assert settled[1].after == rate(weak, strong, 1.0)
    assert settled[1].after != rate(weak, weak, 1.0)  # an upset over a stronger player gains more
    assert [s.before for s in settled] == [strong, weak]
