"""Typed moves to board indices, and hole labels, for both seats."""

from __future__ import annotations

import pytest

from mancala_client.moves import (
    MoveInputError,
    label,
    legal_text,
    move_text,
    parse_move,
    screen_rows,
)

N = 6
SOUTH_ALL = list(range(6))
NORTH_ALL = list(range(6, 12))


def test_screen_rows_put_the_viewer_below_read_from_their_left() -> None:
    assert screen_rows(N, 0) == ([11, 10, 9, 8, 7, 6], [0, 1, 2, 3, 4, 5])
    # North sees the board turned half a turn: own holes 6..11 left to right, South's 5..0 on top
    assert screen_rows(N, 1) == ([5, 4, 3, 2, 1, 0], [6, 7, 8, 9, 10, 11])
    # hole i faces hole 2n-1-i in both pictures
    for viewer in (0, 1):
        top, bottom = screen_rows(N, viewer)
        assert all(t == 2 * N - 1 - b for t, b in zip(top, bottom, strict=True))


def test_labels_are_the_records_for_every_viewer() -> None:
    """One notation (docs/notation.md): South's holes a..f, North's A..F, each from its
    owner's left, on every screen as in the text record; North's own row was lower case."""
    assert [label(h, N) for h in range(12)] == list("abcdef") + list("ABCDEF")
    assert label(27, 28) == "28"  # past z: numbers


@pytest.mark.parametrize(("typed", "seat", "expected"), [
    ("a", 0, 0), ("f", 0, 5), ("C", 1, 8), ("A", 1, 6), ("F", 1, 11),
    ("1", 0, 0), ("6", 0, 5), ("3", 1, 8),
    ("  D  ", 1, 9), ("move b", 0, 1), ("play E", 1, 10),
])
def test_letters_and_numbers_from_the_players_own_left(typed: str, seat: int, expected: int) -> None:
    legal = SOUTH_ALL if seat == 0 else NORTH_ALL
    parsed = parse_move(typed, N, seat, legal)
    assert parsed.move == expected
    assert parsed.text == label(expected, N)


def test_parse_does_not_judge_legality() -> None:
    # the server judges; without a legal list (not our turn) a hole is still a hole
    assert parse_move("D", N, 1).move == 9
    assert parse_move("d", N, 1).move == 3  # South's d: the server says no
    assert parse_move("d", N, 0, legal=[0, 1]).move == 3


@pytest.mark.parametrize(("typed", "why"), [
    ("g", "no hole g: your holes are a..f"),
    ("7", "no hole 7: your holes are 1..6"),
    ("0", "no hole 0"),
    ("zz", "'zz' is not a hole"),
    ("", "type a hole"),
    ("a b c", "a move is a hole"),
    ("a up", "'up' is not a direction"),
])
def test_bad_input_says_why(typed: str, why: str) -> None:
    with pytest.raises(MoveInputError, match=why):
        parse_move(typed, N, 0, SOUTH_ALL)


UDIR_SOUTH = [m for h in range(6) for m in ([h, "CCW"], [h, "CW"])]
UDIR_NORTH = [m for h in range(6, 12) for m in ([h, "CCW"], [h, "CW"])]


def test_directions() -> None:
    assert parse_move("c cw", N, 0, UDIR_SOUTH).move == [2, "CW"]
    assert parse_move("c CCW", N, 0, UDIR_SOUTH).move == [2, "CCW"]
    assert parse_move("ccw c", N, 0, UDIR_SOUTH).move == [2, "CCW"]
    assert parse_move("c:cw", N, 0, UDIR_SOUTH).move == [2, "CW"]
    assert parse_move("B cw", N, 1, UDIR_NORTH).move == [7, "CW"]
    assert parse_move("B cw", N, 1, UDIR_NORTH).text == "B cw"
    # left/right along the own row: CCW runs to the right for either seat
    assert parse_move("c right", N, 0, UDIR_SOUTH).move == [2, "CCW"]
    assert parse_move("c l", N, 0, UDIR_SOUTH).move == [2, "CW"]
    assert parse_move("C r", N, 1, UDIR_NORTH).move == [8, "CCW"]
    # not our turn: the direction goes as typed
    assert parse_move("c cw", N, 0).move == [2, "CW"]


def test_a_hole_that_needs_a_direction_asks_for_it() -> None:
    with pytest.raises(MoveInputError, match="hole c needs a direction: c ccw or c cw"):
        parse_move("c", N, 0, UDIR_SOUTH)
    with pytest.raises(MoveInputError, match="hole c takes no direction here: type just c"):
        parse_move("c cw", N, 0, SOUTH_ALL)
    # a hole with both forms (PLAYALTDIR-like lists) takes either
    mixed = [2, [3, "CCW"], [3, "CW"]]
    assert parse_move("c", N, 0, mixed).move == 2
    assert parse_move("d ccw", N, 0, mixed).move == [3, "CCW"]


def test_capitals_reach_the_other_row_only_where_it_is_playable() -> None:
    # e.g. a placement after a capture in SameSide games, or TERRITORY holes won from the opponent
    legal = [1, 9]
    assert parse_move("D", N, 0, legal).move == 9  # North's d, shown as D on South's screen
    assert parse_move("d", N, 0, legal).move == 3
    # not our turn (no legal list): the hole named, the server judges
    assert parse_move("D", N, 0).move == 9
    assert parse_move("D left", N, 0, [[9, "CCW"], [9, "CW"]]).move == [9, "CCW"]
    # and North's screen: the lower-case row on top is South's
    assert parse_move("d", N, 1, [7, 3]).move == 3
    assert parse_move("d", N, 1, [7, 3]).text == "d"


def test_move_and_legal_texts_in_the_boards_labels() -> None:
    assert move_text(8, N) == "C"
    assert move_text([2, "CW"], N) == "c cw"
    assert legal_text([0, 2, 5], N, 0) == "a c f"
    assert legal_text([6, 11], N, 1) == "A F"
    assert legal_text([[0, "CCW"], [0, "CW"], 3], N, 0) == "a(ccw/cw) d"
    assert legal_text([1, 9], N, 0) == "b D"
    assert legal_text([1, 9], N, 1) == "D b"  # the viewer's own row first


@pytest.mark.parametrize(("typed", "seat", "theirs"), [("A", 0, "North"), ("c", 1, "South"), ("B cw", 0, "North")])
def test_the_other_rows_letter_is_never_the_own_hole(typed: str, seat: int, theirs: str) -> None:
    """Issue 24: "A" was taken for the player's own hole a when the opponent's A was not
    playable. A letter names the hole labelled with it (docs/notation.md: capitals are
    North's): such a move is refused, saying what the letter names and what to type."""
    legal = SOUTH_ALL if seat == 0 else NORTH_ALL
    if "cw" in typed:
        legal = UDIR_SOUTH
    with pytest.raises(MoveInputError) as refused:
        parse_move(typed, N, seat, legal)
    hole = typed.split()[0]
    case, mine, span = ("capitals", hole.lower(), "a..f") if seat == 0 else ("lower case", hole.upper(), "A..F")
    assert str(refused.value) == (f"{hole} is {theirs}'s hole ({case}: the row on top), and you cannot move "
                                  f"from it: your own holes are {span}, type {mine} for yours")
