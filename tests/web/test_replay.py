"""Issue 13 points 2 and 3 on the page: the annotated move list (captures and extra turns
marked, one column per player, a move clicked shows its position) and the replay viewer
of a finished game stepped through with keys."""

from __future__ import annotations

import json
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from tests.web.helpers import (
    LiveServer,
    SocketPlayer,
    board,
    create_room,
    moves_to_a_capture_and_an_extra_turn,
    stores,
    wait_in_room,
    wait_ply,
)


def played_game(server: LiveServer, stack: ExitStack, spectate: Any = None) -> tuple[str, int, list[int], int, int, Game]:
    """Ann (South) and Bob play kalah_4 up to a capture after an extra turn, then Bob
    resigns; `spectate(code)` is called once the room exists. Returns the room, the game
    id, the moves and the indexes of the extra-turn and capture moves."""
    ann, bob = SocketPlayer(server, "ann", stack), SocketPlayer(server, "bob", stack)
    code = ann.ask({"type": "create_room", "variant": "kalah_4", "public": True, "seat": 0})["room"]
    bob.ask({"type": "join_room", "room": code})
    ann.ask({"type": "ping"})  # the room_state pushed after seat_granted is in by its answer
    game_id = next(m for m in ann.pushed if m["type"] == "room_state")["game_id"]
    if spectate:
        spectate(code)
    game = Game(load_variant(config_paths()["kalah_4"]))
    moves, extra_at, capture_at = moves_to_a_capture_and_an_extra_turn(game)
    pos = game.start(0)
    for ply, move in enumerate(moves):
        (ann if pos.turn == 0 else bob).ask({"type": "move", "room": code, "move": move, "ply": ply})
        pos = game.play(pos, move)
    bob.ask({"type": "resign", "room": code})
    return code, game_id, moves, extra_at, capture_at, game


def test_the_move_list_marks_captures_and_extra_turns_and_shows_a_past_position(new_page, server, stack) -> None:
    pages: list[Any] = []
    code, _, moves, extra_at, capture_at, game = played_game(
        server, stack, lambda code: pages.append(new_page(f"/#watch={code}", name="cy")))
    cy = pages[0]
    wait_in_room(cy)
    wait_ply(cy, len(moves), timeout=60_000)  # the burst is played out move by move
    cy.wait_for_selector("#room[data-status='finished']")
    extra = cy.locator(f"#move-list li[data-ply='{extra_at}']")
    assert extra.get_attribute("data-extra") == "1" and extra.inner_text().endswith("+")
    capture = cy.locator(f"#move-list li[data-ply='{capture_at}']")
    assert int(capture.get_attribute("data-capture") or 0) >= 1 and "×" in capture.inner_text()
    assert "captured" in (capture.locator("button").get_attribute("aria-label") or "")
    # one column per player: each move in its mover's column. Read in one go: the list may
    # be drawn again meanwhile (a later push), and a replaced item reads as at 0
    first, lefts = cy.evaluate("""() => [
      document.querySelector('#move-list').getBoundingClientRect().left,
      Object.fromEntries([...document.querySelectorAll('#move-list li[data-ply]')]
        .map(e => [e.dataset.ply, e.getBoundingClientRect().left]))]""")
    pos = game.start(0)
    for ply, move in enumerate(moves):
        assert (lefts[str(ply)] > first + 20) == (pos.turn == 1), (ply, first, lefts)
        pos = game.play(pos, move)
    # a past move shows its position, and the way back
    cy.click(f"#move-list li[data-ply='{extra_at}'] button")
    cy.wait_for_selector("#viewing:not([hidden])")
    pos = game.start(0)
    for move in moves[: extra_at + 1]:
        pos = game.play(pos, move)
    assert board(cy) == list(pos.board)
    cy.click("#viewing-back")
    cy.wait_for_selector("#viewing", state="hidden")
    # the finished game's replay is one click away
    cy.click("#replay-link")
    cy.wait_for_selector("body[data-loaded='game']")
    assert cy.get_attribute("#main", "data-at") == str(len(moves))


def test_the_replay_viewer_steps_through_a_finished_game_with_keys(new_page, server, stack) -> None:
    code, game_id, moves, extra_at, capture_at, game = played_game(server, stack)
    page = new_page(f"/games/{game_id}")
    page.wait_for_selector("body[data-loaded='game']")
    positions = [game.start(0)]
    for move in moves:
        positions.append(game.play(positions[-1], move))
    assert page.get_attribute("#main", "data-at") == str(len(moves))  # opens on the end
    assert board(page) == list(positions[-1].board)
    assert "North resigned" in page.inner_text("#result") and "ann (South) wins" in page.inner_text("#result")
    assert page.inner_text("#game-players") == "ann (South) against bob (North)"
    page.keyboard.press("Home")
    assert page.get_attribute("#main", "data-at") == "0" and board(page) == list(positions[0].board)
    for at in range(1, len(moves) + 1):
        page.keyboard.press("ArrowRight")
        assert page.get_attribute("#main", "data-at") == str(at)
        assert board(page) == list(positions[at].board), at
        assert page.get_attribute(f"#move-list li[data-ply='{at - 1}']", "class").split().count("shown") == 1
    page.keyboard.press("ArrowRight")  # past the end: stays
    assert page.get_attribute("#main", "data-at") == str(len(moves))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert board(page) == list(positions[len(moves) - 2].board)
    page.keyboard.press("End")
    assert board(page) == list(positions[-1].board)
    # the move list marks, and a click goes to a move
    assert page.get_attribute(f"#move-list li[data-ply='{extra_at}']", "data-extra") == "1"
    assert page.get_attribute(f"#move-list li[data-ply='{capture_at}']", "data-capture")
    page.click(f"#move-list li[data-ply='{capture_at}'] button")
    assert board(page) == list(positions[capture_at + 1].board)
    assert page.get_attribute("#download-moves", "href") == f"/api/games/{game_id}"


PHONE = {"width": 375, "height": 740}


def assert_one_column_per_player(page: Any, game: Game, moves: list[int]) -> None:
    """The move list's geometry: each player's moves in one column of their own (the same
    left edge), the two columns side by side inside the screen, the names above them; a
    move below the one before it, except North's answer beside South's move."""
    boxes = page.eval_on_selector_all(
        "#move-list li", "ls => ls.map(l => { const r = l.getBoundingClientRect();"
        " return [Number(l.dataset.ply), r.left, r.right, r.top]; })")
    assert [b[0] for b in boxes] == list(range(len(moves)))
    seats, pos = [], game.start(0)
    for move in moves:
        seats.append(pos.turn)
        pos = game.play(pos, move)
    assert set(seats) == {0, 1} and any(a == b for a, b in zip(seats, seats[1:], strict=False))  # an extra turn
    columns = {seat: {(round(left), round(right)) for (_, left, right, _), s in zip(boxes, seats, strict=True)
                      if s == seat} for seat in (0, 1)}
    assert len(columns[0]) == 1 and len(columns[1]) == 1, columns  # one x column a player
    (south_left, south_right), = columns[0]
    (north_left, north_right), = columns[1]
    assert south_right <= north_left and north_right <= PHONE["width"], columns  # side by side, on screen
    assert north_left - south_left >= 100, columns  # two real columns, not one squeezed
    for ply in range(1, len(moves)):
        top, before = boxes[ply][3], boxes[ply - 1][3]
        if seats[ply - 1] == 0 and seats[ply] == 1:  # North answers on South's line
            assert abs(top - before) < 1, (ply, boxes)
        else:  # a new line: North's move then South's, or a player moving again
            assert top > before + 5, (ply, boxes)
    heads = page.eval_on_selector_all("#move-heads span", "ss => ss.map(s => s.getBoundingClientRect().left)")
    assert [round(h) for h in heads] == [south_left, north_left]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_on_a_phone_the_move_list_keeps_one_column_per_player(new_page, server, stack) -> None:
    """375 px wide: in the room and in the replay viewer the moves stay in one column per
    player, not wrapped into chess-style pairs or a single column."""
    pages: list[Any] = []

    def watch(code: str) -> None:
        page = new_page(name="cy", viewport=PHONE)
        page.add_init_script("localStorage.setItem('mancala.speed', 'instant')")
        page.goto(f"{server.url}/index.html#watch={code}")
        wait_in_room(page)
        pages.append(page)

    code, game_id, moves, _, _, game = played_game(server, stack, watch)
    room = pages[0]
    wait_ply(room, len(moves))
    room.wait_for_selector("#room[data-status='finished']")
    assert_one_column_per_player(room, game, moves)
    viewer = new_page(f"/games/{game_id}", viewport=PHONE)
    viewer.wait_for_selector("body[data-loaded='game']")
    assert_one_column_per_player(viewer, game, moves)


def test_the_viewer_says_when_there_is_no_such_game(new_page) -> None:
    page = new_page("/games/12345")
    page.wait_for_selector("body[data-loaded='missing']")
    assert page.is_visible("#game-missing")


def test_the_lobby_lists_the_players_recent_games_linking_to_their_replay(new_page) -> None:
    alice = new_page(name="alice")
    create_room(alice, "kalah_4", public=False, seat="0", starter="0", computer=0)
    alice.wait_for_selector("#board button.hole[data-legal]")
    alice.click("#board button.hole[data-legal] >> nth=0")
    wait_ply(alice, 1, at_least=True)  # the computer may have answered already
    alice.click("#resign-button")
    alice.click("#resign-button")
    alice.wait_for_selector("#room[data-status='finished']")
    alice.click("#back-button")
    link = alice.wait_for_selector("#recent-games-list li a")
    assert link.inner_text() == "Kalah 4: alice vs Computer (easy)"
    link.click()
    alice.wait_for_selector("body[data-loaded='game']")
    assert "South resigned" in alice.inner_text("#result")


def test_the_viewers_analysis_is_off_by_default_and_follows_the_shown_position(new_page, server, stack) -> None:
    code, game_id, moves, extra_at, capture_at, game = played_game(server, stack)
    page = new_page(f"/games/{game_id}")
    page.wait_for_selector("body[data-loaded='game']")
    assert not page.is_checked("#analysis-on") and page.is_hidden("#analysis")
    assert page.query_selector("#board .hole.best") is None
    page.check("#analysis-on")
    # the first answer waits for a search process to start
    page.wait_for_selector(f"#analysis[data-ply='{len(moves)}']", timeout=90_000)
    at_end = page.inner_text("#analysis")
    assert at_end.startswith("Best: ") and " · value " in at_end and ("(exact)" in at_end or "(search, depth" in at_end)
    positions = [game.start(0)]
    for move in moves:
        positions.append(game.play(positions[-1], move))
    best = page.get_attribute("#board .hole.best", "data-hole")
    assert best is not None and int(best) in game.legal_moves(positions[-1])
    page.click("#step-first")  # (keys go to the checkbox while it has the focus)
    page.wait_for_selector("#analysis[data-ply='0']", timeout=30_000)
    at_start = page.inner_text("#analysis")
    assert at_start.startswith("Best: South ") and "for South" in at_start
    best = page.get_attribute("#board .hole.best", "data-hole")
    assert best is not None and int(best) in game.legal_moves(positions[0])
    page.click("#step-forward")
    page.wait_for_selector("#analysis[data-ply='1']", timeout=30_000)
    side = ("South", "North")[positions[1].turn]
    assert page.inner_text("#analysis").startswith(f"Best: {side} ") and f"for {side}" in page.inner_text("#analysis")
    # remembered: on when the page is opened again; off hides it
    page.reload()
    page.wait_for_selector("body[data-loaded='game']")
    assert page.is_checked("#analysis-on")
    page.uncheck("#analysis-on")
    assert page.is_hidden("#analysis") and page.query_selector("#board .hole.best") is None


def mancala_replay(record: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """`mancala replay < record` as a user runs it (the console script next to this
    Python, ../shared/contracts/replay.md): the last state it prints, and its end line."""
    script = Path(sys.executable).parent / "mancala"
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "mancala_cli"]
    with record.open() as stdin:
        done = subprocess.run([*command, "replay"], stdin=stdin, capture_output=True, text=True,
                              timeout=120, check=True)
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return [line for line in lines if "board" in line][-1], lines[-1]


def test_the_record_downloaded_from_the_viewer_replays_to_the_final_position_shown(
        new_page, server, stack, tmp_path: Path) -> None:
    _, game_id, moves, *_ = played_game(server, stack)
    page = new_page(f"/games/{game_id}")
    page.wait_for_selector("body[data-loaded='game']")
    assert page.get_attribute("#main", "data-at") == str(len(moves))  # the final position shown
    shown_board, shown_stores = board(page), stores(page)
    link = page.wait_for_selector("#download-record-json")
    assert link.is_visible() and page.is_visible("#download-record-txt")
    assert page.get_attribute("#download-record-txt", "download") == f"mancala-{game_id}.txt"
    with page.expect_download() as got:
        link.click()
    download = got.value
    assert download.suggested_filename == f"mancala-{game_id}.json"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    final, end = mancala_replay(saved)
    assert end == {"end": True, "moves": len(moves)}
    assert (final["board"], final["stores"]) == (shown_board, shown_stores)


# what every font has: Latin-1 and general punctuation. The media-control symbols
# (U+23EE and kin) need an emoji or symbol font, which Debian's Chromium may lack:
# it draws them as empty boxes
def drawn_by_every_font(text: str) -> bool:
    return all(ord(c) <= 0xFF or 0x2000 <= ord(c) <= 0x206F for c in text)


def test_the_step_buttons_use_characters_every_font_draws_and_keep_their_names(new_page, server, stack) -> None:
    _, game_id, *_ = played_game(server, stack)
    page = new_page(f"/games/{game_id}")
    page.wait_for_selector("body[data-loaded='game']")
    for button, name in (("step-first", "First position"), ("step-back", "One move back"),
                         ("step-forward", "One move forward"), ("step-last", "Last position")):
        text = page.inner_text(f"#{button}").strip()
        assert text and drawn_by_every_font(text), (button, text)
        assert (page.get_attribute(f"#{button}", "aria-label") or "").startswith(name)
        box = page.locator(f"#{button}").bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 24, (button, box)
