"""The board picture: perspective, labels, stores, marks, whose turn."""

from __future__ import annotations

import re
from typing import Any

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from mancala_client.board_view import BoardView, SeatView, render_board, status_line

N = 6


def state(board: list[int], *, stores: tuple[int, int] = (0, 0), turn: int = 0,
          legal: list[Any] | None = None, children: list[int | None] | None = None,
          blocked: list[bool] | None = None, outcome: dict[str, Any] | None = None) -> dict[str, Any]:
    n2 = len(board)
    return {"board": board, "stores": list(stores), "turn": turn,
            "legal": legal if legal is not None else [h for h in range(n2 // 2) if board[h]],
            "children": children or [None] * n2, "blocked": blocked or [False] * n2,
            "owners": [0] * (n2 // 2) + [1] * (n2 // 2), "unlocked": [True] * n2, "outcome": outcome}


def view(st: dict[str, Any], you: int | None, **kw: Any) -> BoardView:
    seats = [SeatView("sam", True), SeatView("nora", True)]
    return BoardView(holes=len(st["board"]) // 2, state=st, you=you, seats=seats, title="Kalah 4",
                     room="ABC123", **kw)


BOARD = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]  # hole i holds i+1 seeds: every hole tells itself


def cells(line: str) -> list[int]:
    """The seed counts in a row of cells like `[ 4] { 0} [ 3s]`."""
    return [int(x) for x in re.findall(r"[\[{]\s*(\d+)[sn ]?[\]}]", line)]


def boxes(line: str) -> list[str]:
    return re.findall(r"[\[{][^\]}]*[\]}]", line)


def board_lines(text: str) -> tuple[str, str, str, str, str]:
    """(top labels, top row, stores, bottom row, bottom labels)."""
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.strip().startswith(("[", "{")))
    return lines[i - 1], lines[i], lines[i + 1], lines[i + 2], lines[i + 3]


def test_south_sees_north_on_top_right_to_left() -> None:
    text = render_board(view(state(BOARD, stores=(20, 30)), 0))
    top_labels, top, stores, bottom, bottom_labels = board_lines(text)
    assert cells(top) == [12, 11, 10, 9, 8, 7]  # holes 11..6
    assert cells(bottom) == [1, 2, 3, 4, 5, 6]  # holes 0..5
    assert boxes(stores) == ["[30]", "[20]"]  # North's store left, own store right
    # and each is named beside it (they were two bare counts)
    assert re.fullmatch(r"\s*\[30\] North\s+South \[20\]", stores), stores
    assert bottom_labels.split() == ["a*", "b*", "c*", "d*", "e*", "f*"]
    assert top_labels.split() == ["F", "E", "D", "C", "B", "A"]
    assert "North: nora | store 30" in text and "South: sam (you) | store 20" in text
    assert text.index("North: nora") < text.index("South: sam")


def test_north_sees_the_board_turned_with_its_own_row_below() -> None:
    st = state(BOARD, stores=(20, 30), turn=1, legal=[6, 7, 8, 9, 10, 11])
    text = render_board(view(st, 1))
    top_labels, top, stores, bottom, bottom_labels = board_lines(text)
    assert cells(bottom) == [7, 8, 9, 10, 11, 12]  # holes 6..11 from North's left
    assert cells(top) == [6, 5, 4, 3, 2, 1]  # South's holes 5..0
    assert boxes(stores) == ["[20]", "[30]"]  # own store on the right
    # North's own holes keep North's capitals (docs/notation.md: one notation for all)
    assert bottom_labels.split() == ["A*", "B*", "C*", "D*", "E*", "F*"]
    assert top_labels.split() == ["f", "e", "d", "c", "b", "a"]
    assert text.index("South: sam") < text.index("North: nora (you)")
    assert text.splitlines()[-1] == "Your move (North). Legal: A B C D E F"


def test_labels_stand_under_their_holes() -> None:
    st = state([10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], legal=[0])
    _, _, _, bottom, labels = board_lines(render_board(view(st, 0)))
    for k, ch in enumerate("abcdef"):
        col = labels.index(ch)
        cell_start = [i for i, c in enumerate(bottom) if c in "[{"][k]
        cell_end = bottom.index("]", cell_start)
        assert cell_start < col < cell_end, (ch, labels, bottom)


def test_spectators_see_souths_view_without_you() -> None:
    text = render_board(view(state(BOARD), None))
    _, top, _, bottom, _ = board_lines(text)
    assert cells(bottom) == [1, 2, 3, 4, 5, 6]
    assert "(you)" not in text
    assert text.splitlines()[-1] == "South to move."


def test_last_move_marked_and_named_in_the_boards_letters() -> None:
    st = state(BOARD, turn=0)
    south = render_board(view(st, 0, last_move=(1, 9)))
    _, top, _, _, _ = board_lines(south)
    assert "{10}" in top and top.count("{") == 1
    assert "Last move: North played D." in south
    north = render_board(view(st, 1, last_move=(1, 9)))
    _, _, _, bottom, _ = board_lines(north)
    assert "{10}" in bottom
    assert "Last move: You played D." in north
    assert "Last move: South played c cw." in render_board(view(st, 1, last_move=(0, [2, "CW"])))


def test_only_the_playable_holes_are_starred() -> None:
    st = state([0, 4, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4], legal=[1, 3])
    _, _, _, _, labels = board_lines(render_board(view(st, 0)))
    assert labels.split() == ["a", "b*", "c", "d*", "e", "f"]
    assert status_line(view(st, 0)) == "Your move (South). Legal: b d"
    assert status_line(view(st, 1)) == "Waiting for South (sam) to move."


def test_blocked_holes_and_children() -> None:
    children: list[int | None] = [None] * 12
    children[2], children[9] = 0, 1
    blocked = [False] * 12
    blocked[5] = True
    text = render_board(view(state(BOARD, children=children, blocked=blocked), 0))
    _, top, _, bottom, _ = board_lines(text)
    assert "[ 3s]" in bottom and "[10n]" in top
    assert "[###]" in bottom
    assert "## blocked" in text and "s/n child of South/North" in text


def test_wide_counts_widen_every_cell() -> None:
    st = state([100, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], stores=(1000, 5))
    _, top, stores, bottom, _ = board_lines(render_board(view(st, 0)))
    assert "[100]" in bottom and "[  2]" in bottom and "[ 12]" in top
    assert boxes(stores) == ["[   5]", "[1000]"]


def test_waiting_and_finished() -> None:
    v = view(state(BOARD), 1, status="waiting")
    v.seats[0] = SeatView()
    text = render_board(v)
    assert "South: (free seat)" in text
    assert text.splitlines()[-1] == "Waiting for an opponent (South free). Room code: ABC123"
    over = state(BOARD, stores=(30, 18), outcome={"kind": "WIN", "winner": 0}, legal=[])
    assert status_line(view(over, 0, status="finished")) == "Game over: South wins, 30-18."
    assert status_line(view(over, 0, status="finished", result="North wins: South resigned")) \
        == "Game over: North wins: South resigned."
    assert "*" not in board_lines(render_board(view(over, 0, status="finished")))[4]


def test_disconnected_players_are_marked() -> None:
    v = view(state(BOARD), 0)
    v.seats[1].connected = False
    assert "North: nora (disconnected)" in render_board(v)


def test_renders_real_engine_states_for_every_variant() -> None:
    for stem, path in config_paths().items():
        try:
            game = Game(load_variant(path))
        except Exception:
            continue
        st = game.state_json(game.start(0))
        for you in (0, 1, None):
            text = render_board(BoardView(holes=game.holes, state=st, you=you))
            _, top, _, bottom, _ = board_lines(text)
            assert len(cells(top)) == len(cells(bottom)) == game.holes, stem


def test_a_computer_seat_shows_its_level_and_thinks() -> None:
    v = view(state(BOARD, turn=1, legal=[6, 7]), 0)
    v.seats[1] = SeatView("Computer (level 3)", True, True)
    text = render_board(v)
    assert "North: Computer (level 3, expert) | store 0" in text
    assert status_line(v) == "The computer (North) is thinking..."
    v.seats[1] = SeatView("Deep Blue", True, True)  # a name without a level
    assert "North: Deep Blue (computer) | store 0" in render_board(v)


def test_the_terminal_shows_control_characters_instead_of_obeying_them() -> None:
    import io

    from mancala_client.console import Output

    out = io.StringIO()
    Output(out).say("joined: \u001b[2J\u001b]0;PWNED\u0007EVIL \u202eevil\nsecond line")
    text = out.getvalue()
    assert "\u001b" not in text and "\u0007" not in text and "\u202e" not in text
    assert text == "joined: \\x1b[2J\\x1b]0;PWNED\\x07EVIL \\u202eevil\nsecond line\n"


def test_north_sees_the_stores_named_the_other_way_round_and_short_rows_use_initials() -> None:
    _, _, stores, _, _ = board_lines(render_board(view(state(BOARD, stores=(20, 30)), 1)))
    assert re.fullmatch(r"\s*\[20\] South\s+North \[30\]", stores), stores
    _, _, stores, _, _ = board_lines(render_board(view(state([1, 2, 3, 4], stores=(5, 6)), 0)))
    assert re.fullmatch(r"\s*\[ 6\] N\s+S \[ 5\]", stores), stores


def test_the_last_move_said_in_words_from_its_events() -> None:
    game = Game(load_variant(config_paths()["kalah_4"]))
    pos = game.start(0, board=[0, 1, 0, 0, 0, 0] + [4, 4, 4, 5, 4, 4])
    new, events = game.play_events(pos, 1)
    st = game.state_json(new)
    for you, words in ((0, "You sowed b: 1 seed, captured 6 from D, c."),
                       (1, "South sowed b: 1 seed, captured 6 from D, c."),
                       (None, "South sowed b: 1 seed, captured 6 from D, c.")):
        text = render_board(view(st, you, last_move=(0, 1), last_events=events))
        assert f"Last move: {words}" in text, text
    pos = game.start(0)
    new, events = game.play_events(pos, 2)
    text = render_board(view(game.state_json(new), 1, last_move=(0, 2), last_events=events))
    assert "Last move: South sowed c: 4 seeds (1 into the store), sows again." in text
