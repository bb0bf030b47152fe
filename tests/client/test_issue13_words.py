"""Issue 13's terminal defects, each pinned: the viewer's own seat is "You are back" (not
"You is back"), the login name is the default name even where USER is unset, results put
the winner's count first, and games against the computer are private unless asked."""

from __future__ import annotations

import io
import os
import pwd

import pytest

from mancala.engine.game import Game
from mancala.protocol.messages import MoveRecord, PlayerStatus, RoomState, SeatInfo, State
from mancala.rules.loading import load_variant
from mancala_client.board_view import BoardView, SeatView, status_line
from mancala_client.command_args import parse_create
from mancala_client.console import Output
from mancala_client.screen import Screen
from mancala_client.session import Session
from mancala_client.terminal import default_name


def room_screen(you: int) -> tuple[Screen, io.StringIO]:
    text = io.StringIO()
    screen = Screen(Session("ws://127.0.0.1:9/ws"), Output(text, prompt=False))
    game = Game(load_variant("kalah_4"))
    pos, events = game.play_events(game.start(0), 2)
    screen.handle(RoomState(
        room="ABC123", variant="kalah_4", title="Kalah 4", holes=6, public=False,
        seats=[SeatInfo(name="ann", connected=True, computer=False),
               SeatInfo(name="bob", connected=True, computer=False)],
        spectators=0, status="playing", you=you, ply=1,
        moves=[MoveRecord(ply=0, seat=0, move=2, events=events)],
        state=State(**game.state_json(pos))))
    return screen, text


@pytest.mark.parametrize("status", ["back", "disconnected"])
def test_the_viewers_own_seat_is_spoken_to(status: str) -> None:
    screen, text = room_screen(you=0)
    screen.handle(PlayerStatus(room="ABC123", seat=0, status=status, name="ann"))
    said = text.getvalue()
    assert "You is" not in said and "their seat" not in said
    assert ("You are back." if status == "back" else "You lost the connection (your seat is kept).") in said
    screen.handle(PlayerStatus(room="ABC123", seat=1, status=status, name="bob"))
    assert ("North (bob) is back." if status == "back" else "North (bob) lost the connection (their seat is kept).") \
        in text.getvalue()


def test_a_room_joined_mid_game_describes_the_last_move() -> None:
    _, text = room_screen(you=None)  # type: ignore[arg-type]
    assert "Last move: South sowed c: 4 seeds (1 into the store), sows again." in text.getvalue()


def test_the_default_name_is_the_login_even_without_user(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.delenv(var, raising=False)
    assert default_name() == pwd.getpwuid(os.getuid()).pw_name[:40]
    monkeypatch.setenv("USER", "zoe")
    assert default_name() == "zoe"


def test_results_put_the_winners_count_first() -> None:
    st = {"board": [0] * 12, "stores": [11, 37], "turn": 1, "legal": [],
          "outcome": {"kind": "WIN", "winner": 1}}
    view = BoardView(holes=6, state=st, you=0, seats=[SeatView("a"), SeatView("b")], status="finished")
    assert status_line(view) == "Game over: North wins, 37-11."
    st["stores"], st["outcome"] = [30, 18], {"kind": "WIN", "winner": 0}
    assert status_line(view) == "Game over: South wins, 30-18."


def test_games_against_the_computer_are_private_unless_asked() -> None:
    assert parse_create(["vs", "computer", "hard"]).public is False
    assert parse_create(["public", "vs", "computer"]).public is True
    assert parse_create(["north"]).public is True
