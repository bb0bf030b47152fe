"""`mancala play --bell`: the terminal's bell on the seed program's four events (issue 16):
a capture, a last seed in the mover's own store, the end of the game, a refused move; and
never without --bell. Moves come from the engine itself, as the server sends them."""

from __future__ import annotations

import io

import pytest

from mancala.engine.game import Game
from mancala.protocol.messages import GameOver, MoveMade, RoomState, SeatInfo, State
from mancala.rules.loading import load_variant
from mancala_client.console import Output
from mancala_client.screen import Screen
from mancala_client.session import Session

BEL = "\a"


def watching(bell: bool) -> tuple[Screen, io.StringIO, Game]:
    text = io.StringIO()
    screen = Screen(Session("ws://127.0.0.1:9/ws"), Output(text, prompt=False, bell=bell))
    game = Game(load_variant("kalah_4"))
    screen.handle(RoomState(
        room="ABC123", variant="kalah_4", title="Kalah 4", holes=6, public=False,
        seats=[SeatInfo(name="ann", connected=True, computer=False),
               SeatInfo(name="bob", connected=True, computer=False)],
        spectators=0, status="playing", you=None, ply=0, moves=[],
        state=State(**game.state_json(game.start(0)))))
    return screen, text, game


def rang_after(screen: Screen, text: io.StringIO, msg: object) -> bool:
    before = text.getvalue().count(BEL)
    screen.handle(msg)
    return text.getvalue().count(BEL) > before


def moved(game: Game, pos: object, move: int, ply: int) -> tuple[MoveMade, object]:
    seat = pos.turn  # type: ignore[attr-defined]
    new, events = game.play_events(pos, move)  # type: ignore[arg-type]
    return MoveMade(room="ABC123", ply=ply, seat=seat, move=move, state=State(**game.state_json(new)),
                    events=events), new


@pytest.mark.parametrize("bell", [True, False])
def test_the_bell_rings_on_a_last_seed_in_the_own_store_and_a_capture_only(bell: bool) -> None:
    screen, text, game = watching(bell)
    pos = game.start(0)
    # c: 4 seeds to d, e, f and South's store: South moves again
    msg, pos = moved(game, pos, 2, 0)
    assert rang_after(screen, text, msg) is bell
    # a: 4 seeds to b, c, d, e: nothing to mark
    msg, pos = moved(game, pos, 0, 1)
    assert not rang_after(screen, text, msg)
    # play on until a capture: the bell marks it (with --bell)
    ply = 2
    while True:
        captures = [m for m in game.legal_moves(pos)
                    if any(e["kind"] == "capture" for e in game.play_events(pos, m)[1])]
        if captures:
            msg, pos = moved(game, pos, captures[0], ply)
            assert rang_after(screen, text, msg) is bell
            break
        quiet = [m for m in game.legal_moves(pos) if not any(
            e["kind"] == "capture" or (e["kind"] == "sow" and e["path"][-1] == -1 - pos.turn)
            for e in game.play_events(pos, m)[1])]
        msg, pos = moved(game, pos, (quiet or game.legal_moves(pos))[0], ply)
        screen.handle(msg)
        ply += 1
        assert ply < 60, "no capture came up"


@pytest.mark.parametrize("bell", [True, False])
def test_the_bell_rings_at_the_end_of_the_game(bell: bool) -> None:
    screen, text, _ = watching(bell)
    over = GameOver(room="ABC123", outcome={"kind": "WIN", "winner": 1}, reason="resign",
                    result="North wins: South resigned")
    assert rang_after(screen, text, over) is bell


@pytest.mark.parametrize("bell", [True, False])
async def test_the_bell_rings_on_a_move_the_client_refuses(bell: bool) -> None:
    """A move that names no hole of the board is refused before it is sent (a move the
    server refuses rings the same way: commands.py)."""
    from mancala_client.commands import Commands

    screen, text, game = watching(bell)
    assert screen.view is not None
    screen.view.you = 0  # South's player now

    async def no_room(code: str) -> None:
        return None

    commands = Commands(screen.session, screen.out, screen, no_room)
    await commands.play("z")
    assert "z" in text.getvalue().lower() and (BEL in text.getvalue()) is bell
