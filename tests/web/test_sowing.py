"""Issue 13 point 1 on the page: moves are played out seed by seed (the speed a setting,
"instant" allowed) and the last move is marked on the board (its start hole, the holes
it captured from). Issue 24 point 5: moves that come faster than that are not queued up
behind each other: a viewer's board is never more than one move behind the game, and
shows its last position soon after the last move came (sowing.js, MoveQueue).
"""

from __future__ import annotations

import random
import time
from contextlib import ExitStack
from typing import Any

import pytest

from mancala.engine.game import Game
from mancala.record import marks
from mancala.rules.loading import config_paths, load_variant
from tests.web.helpers import (
    WATCH_ARRIVALS,
    WATCH_PLIES,
    SocketPlayer,
    board,
    moves_to_a_capture_and_an_extra_turn,
    seated_pair,
    wait_in_room,
    wait_online,
    wait_ply,
)


def burst(server: Any, stack: ExitStack, watch: Any) -> tuple[list[int], int, int, Game, list[float]]:
    """Ann and Bob send every move of a game that holds an extra turn and a capture as fast
    as the server takes them, while `watch(code)` looks on; returns the moves, the indexes
    of the extra turn and the capture, the engine and how long each move took to be
    acknowledged (s): the spacing of the moves as the spectator's page gets them."""
    ann, bob = SocketPlayer(server, "ann", stack), SocketPlayer(server, "bob", stack)
    code = ann.ask({"type": "create_room", "variant": "kalah_4", "public": False, "seat": 0})["room"]
    bob.ask({"type": "join_room", "room": code})
    watch(code)
    game = Game(load_variant(config_paths()["kalah_4"]))
    moves, extra_at, capture_at = moves_to_a_capture_and_an_extra_turn(game)
    pos = game.start(0)
    took = []
    for ply, move in enumerate(moves):
        began = time.monotonic()
        (ann if pos.turn == 0 else bob).ask({"type": "move", "room": code, "move": move, "ply": ply})
        took.append(time.monotonic() - began)
        pos = game.play(pos, move)
    return moves, extra_at, capture_at, game, took


def spectator(new_page, speed: str) -> Any:
    page = new_page(name="cy")
    page.add_init_script(f"localStorage.setItem('mancala.speed', {speed!r});" + WATCH_PLIES + WATCH_ARRIVALS)
    return page


def one_move_ms(page: Any, speed: str, before: dict[str, Any], events: list[dict[str, Any]]) -> float:
    """How long one move takes to play out at `speed` when nothing hurries it: a frame a
    seed and its end held (the page's own frames and numbers, sowing.js)."""
    return page.evaluate("""([speed, before, events]) => import('/sowing.js').then(m =>
        m.sowingFrames(before, events).length * m.SEED_MS[speed] + m.HOLD_MS[speed])""", [speed, before, events])


def never_more_than_one_move_behind(page: Any, plies: int) -> list[dict[str, Any]]:
    """Every move the page was sent, as it handled it (helpers.WATCH_ARRIVALS): before it,
    the game stood at its ply and the board showed that ply less one or later; once it was
    handled, the game stands one further and the board shows the move's own ply or later.
    Returns the arrivals."""
    arrivals = page.evaluate("window.__arrivals")
    assert [a["ply"] for a in arrivals] == list(range(plies)), arrivals
    for a in arrivals:
        assert a["before"] >= a["ply"] - 1 and a["after"] >= a["ply"], f"more than one move behind: {a}"
    return arrivals


def shown_at(page: Any, ply: int) -> float:
    """When the board first showed the position after `ply` moves (page time)."""
    return next(t for p, t in page.evaluate("window.__plies") if p == ply)


def test_a_burst_of_moves_keeps_the_board_one_move_behind_and_marks_the_last(new_page, server, stack) -> None:
    cy = spectator(new_page, "normal")
    moves, extra_at, capture_at, game, took = burst(
        server, stack, lambda code: (cy.goto(f"{server.url}/index.html#watch={code}"), wait_in_room(cy)))
    # each move came before the page could have shown the one before (400 ms at "normal"):
    # a burst, however busy the machine (the total is not the point, the spacing is)
    assert max(took) < 0.4, f"the moves did not come in a burst: {took}"
    wait_ply(cy, len(moves), timeout=10_000)
    # every position is still shown, in order (a move overtaken shows its end at once)
    shown = cy.evaluate("window.__plies")
    assert [ply for ply, _ in shown] == list(range(len(moves) + 1)), shown
    arrivals = never_more_than_one_move_behind(cy, len(moves))
    assert any(a["before"] < a["ply"] for a in arrivals), f"no move came before the last was shown: {arrivals}"
    assert cy.input_value("#speed-select") == "normal"
    # the board ends where the game is, its last move marked: the start hole, and the
    # holes captured from
    pos = game.start(0)
    for move in moves[:-1]:
        pos = game.play(pos, move)
    last = cy.evaluate(f"window.mancala.room.moves[{len(moves) - 1}].events")
    # the last position no later than one move takes at this speed after the last move came
    late = shown_at(cy, len(moves)) - arrivals[-1]["at"]
    assert late < one_move_ms(cy, "normal", game.state_json(pos), last) + 500, (late, arrivals, shown)
    pos = game.play(pos, moves[-1])
    assert board(cy) == list(pos.board)
    assert cy.get_attribute(f"#board button.hole[data-hole='{moves[-1]}']", "class").split().count("last") == 1
    captured = cy.eval_on_selector_all("#board button.hole.captured", "hs => hs.map(h => Number(h.dataset.hole))")
    assert captured and all(pos.board[i] == 0 for i in captured)
    assert "captured" in (cy.get_attribute(f"#board button.hole[data-hole='{captured[0]}']", "aria-label") or "")


def test_a_spectator_keeps_up_with_a_game_played_faster_than_it_is_shown(new_page, server, stack) -> None:
    """Issue 24 point 5: two players without a browser play a whole game as fast as the
    server takes the moves, far faster than the slow setting shows them (320 ms a seed,
    each end held 1.1 s: in turn, the spectator ended up 14 plies and some 23 s behind).
    At every move's arrival the spectator's board shows the position before that move or
    a later one, and the game's end no later than one move takes at that speed after the
    last move came."""
    cy = spectator(new_page, "slow")
    ann, bob = SocketPlayer(server, "ann", stack), SocketPlayer(server, "bob", stack)
    code = ann.ask({"type": "create_room", "variant": "kalah_4", "public": False, "seat": 0})["room"]
    bob.ask({"type": "join_room", "room": code})
    cy.goto(f"{server.url}/index.html#watch={code}")
    wait_in_room(cy)
    game = Game(load_variant(config_paths()["kalah_4"]))
    rng = random.Random(24)
    pos, ply, began = game.start(0), 0, time.monotonic()
    while pos.outcome is None:
        move = rng.choice(game.legal_moves(pos))
        (ann if pos.turn == 0 else bob).ask({"type": "move", "room": code, "move": move, "ply": ply})
        before, pos, ply = pos, game.play(pos, move), ply + 1
    sent = time.monotonic() - began
    assert ply >= 20, ply
    wait_ply(cy, ply, timeout=10_000)
    arrivals = never_more_than_one_move_behind(cy, ply)
    overtaken = [a for a in arrivals if a["before"] < a["ply"]]
    # the moves came faster than the animation: most arrived while the one before was shown
    assert len(overtaken) > ply // 2, (sent, arrivals)
    last = cy.evaluate(f"window.mancala.room.moves[{ply - 1}].events")
    late = shown_at(cy, ply) - arrivals[-1]["at"]
    assert late < one_move_ms(cy, "slow", game.state_json(before), last) + 500, (late, arrivals)
    assert board(cy) == list(pos.board)
    assert cy.get_attribute("#room", "data-sowing") == "0"


# how many times the room showed a move part-way sown (data-sowing "1": sowing.js's frames)
WATCH_SOWING = """
window.__sowingFrames = 0;
new MutationObserver(() => {
  if (document.getElementById('room')?.dataset.sowing === '1') window.__sowingFrames++;
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-sowing']});
"""


def test_instant_shows_each_move_at_once(new_page, server, stack) -> None:
    """At "instant" a move is never played out seed by seed (no frame part-way sown, the
    thing the other speeds hold each move for), and every ply is shown: counted from the
    page's own state, not from the wall clock, which a loaded machine stretches."""
    cy = spectator(new_page, "instant")
    cy.add_init_script(WATCH_SOWING)
    moves, _, _, game, _ = burst(server, stack,
                                 lambda code: (cy.goto(f"{server.url}/index.html#watch={code}"), wait_in_room(cy)))
    wait_ply(cy, len(moves))
    shown = cy.evaluate("window.__plies")
    assert shown[-1][0] == len(moves)
    assert cy.evaluate("window.__sowingFrames") == 0
    pos = game.start(0)
    for move in moves:
        pos = game.play(pos, move)
    assert board(cy) == list(pos.board)


def test_normal_speed_plays_a_move_out_seed_by_seed(new_page, server, stack) -> None:
    """The counterpart: at "normal" the same burst shows moves part-way sown."""
    cy = spectator(new_page, "normal")
    cy.add_init_script(WATCH_SOWING)
    moves, *_ = burst(server, stack, lambda code: (cy.goto(f"{server.url}/index.html#watch={code}"), wait_in_room(cy)))
    wait_ply(cy, len(moves))
    assert cy.evaluate("window.__sowingFrames") > 0


def kalah_events(pos: Any, hole: int, holes: int = 6) -> list[dict[str, Any]]:
    """The events a Kalah move makes, in the shape move_made carries them (docs/protocol.md
    "What a move did"; -1 / -2 are the stores), worked out here by Kalah's own rules."""
    mover, seeds, board = pos.turn, pos.board[hole], list(pos.board)
    ring = [*range(holes), -1, *range(holes, 2 * holes), -2]
    ring.remove(-2 if mover == 0 else -1)  # the opponent's store is skipped
    at, path = ring.index(hole), []
    board[hole] = 0
    for _ in range(seeds):
        at = (at + 1) % len(ring)
        path.append(ring[at])
        if ring[at] >= 0:
            board[ring[at]] += 1
    events: list[dict[str, Any]] = [{"kind": "sow", "hole": hole, "path": path}]
    last = path[-1]
    opposite = 2 * holes - 1 - last
    if last >= 0 and last // holes == mover and board[last] == 1 and board[opposite] > 0:
        events += [{"kind": "capture", "src": opposite, "seeds": board[opposite], "dst": -1 - mover, "at": seeds},
                   {"kind": "capture", "src": last, "seeds": 1, "dst": -1 - mover, "at": seeds}]
    if last == -1 - mover:
        events.append({"kind": "extra_turn"})
    return events


def test_a_moves_events_are_played_seed_by_seed_to_the_engines_position(new_page) -> None:
    """The page's sowing frames, from events of the documented shape, end where the
    engine's move does, one frame a seed (and one a capture); what the page reads from
    them (effects.js) marks the capture and the extra turn."""
    page = new_page()
    wait_online(page)
    game = Game(load_variant(config_paths()["kalah_4"]))
    moves, extra_at, capture_at = moves_to_a_capture_and_an_extra_turn(game)
    pos = game.start(0)
    for i, move in enumerate(moves):
        events = kalah_events(pos, move)
        after = game.play(pos, move)
        frames = page.evaluate("([before, events]) => import('/sowing.js').then(m => m.sowingFrames(before, events))",
                               [game.state_json(pos), events])
        seeds = pos.board[move]
        captures = [e for e in events if e["kind"] == "capture"]
        assert len(frames) == 1 + seeds + len(captures), i
        assert frames[-1]["state"]["board"] == list(after.board) and frames[-1]["state"]["stores"] == list(after.stores)
        assert frames[seeds]["path"] == [p for p in events[0]["path"] if p >= 0]
        assert frames[-1]["captured"] == [e["src"] for e in captures]
        effects = page.evaluate("([msg, before]) => import('/effects.js').then(m => m.moveEffects(msg, before))",
                                [{"seat": pos.turn, "move": move, "state": game.state_json(after), "events": events},
                                 game.state_json(pos)])
        assert effects["extra"] == (i == extra_at) and bool(effects["captured"]) == (i == capture_at)
        if i == capture_at:  # every seed taken into the store, as record.txt counts (docs/notation.md)
            assert effects["captured"] == sum(e["seeds"] for e in captures)
            assert f"x{effects['captured']}" == marks(events)
        pos = after


def test_seeds_taken_while_sowing_come_at_their_seed(new_page) -> None:
    """A capture listed after its lap with `at` inside it (variants that capture as seeds
    drop) is played after that many seeds, not at the lap's end."""
    page = new_page()
    wait_online(page)
    before = {"board": [3, 0, 0, 0, 2, 2, 2, 2], "stores": [0, 0], "turn": 0}
    events = [{"kind": "sow", "hole": 0, "path": [1, 2, 3]},
              {"kind": "capture", "src": 1, "seeds": 1, "dst": -1, "at": 1}]
    frames = page.evaluate("([before, events]) => import('/sowing.js').then(m => m.sowingFrames(before, events))",
                           [before, events])
    boards = [f["state"]["board"][:4] for f in frames]
    assert boards == [[0, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 1, 0], [0, 0, 1, 1]]
    assert frames[-1]["state"]["stores"] == [1, 0]


WATCH_BOARDS = """
window.__boards = [];
new MutationObserver(() => {
  const holes = [...document.querySelectorAll('#board button.hole')];
  if (!holes.length) return;
  const seeds = holes.sort((a, b) => a.dataset.hole - b.dataset.hole).map(h => Number(h.dataset.seeds));
  const last = window.__boards[window.__boards.length - 1];
  if (!last || last.join() !== seeds.join()) window.__boards.push(seeds);
}).observe(document, {subtree: true, childList: true});
"""

@pytest.mark.parametrize("reduced", [False, True])
def test_the_server_s_events_are_sown_seed_by_seed_unless_motion_is_reduced(browser, server, stack, reduced) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900},
                                  reduced_motion="reduce" if reduced else "no-preference")
    try:
        cy = context.new_page()
        cy.add_init_script("localStorage.setItem('mancala.speed', 'slow');" + WATCH_BOARDS)
        ann, bob = SocketPlayer(server, "ann", stack), SocketPlayer(server, "bob", stack)
        code = ann.ask({"type": "create_room", "variant": "kalah_4", "public": False, "seat": 0})["room"]
        bob.ask({"type": "join_room", "room": code})
        cy.goto(f"{server.url}/index.html#watch={code}")
        wait_in_room(cy)
        ann.ask({"type": "move", "room": code, "move": 2, "ply": 0})  # c: 4 seeds, the last in the store
        wait_ply(cy, 1)
        boards = cy.evaluate("window.__boards")
        start, lifted = [4] * 12, [4, 4, 0, 4, 4, 4] + [4] * 6
        after = [4, 4, 0, 5, 5, 5] + [4] * 6
        if reduced:
            assert boards == [start, after], boards
        else:
            assert boards == [start, lifted, [4, 4, 0, 5, 4, 4] + [4] * 6, [4, 4, 0, 5, 5, 4] + [4] * 6, after], boards
    finally:
        context.close()


QUEUE_RUN = """([keepUp, items]) => import('/sowing.js').then((m) => new Promise((resolve) => {
  const shown = [];
  const done = [];
  const queue = new m.MoveQueue((frame) => shown.push(frame && [frame.ply, frame.final]), { keepUp });
  for (const item of items) queue.push({ ...item, done: ({ skipped }) => done.push([item.ply, skipped]) });
  queue.whenIdle(() => resolve({ shown, done }));
}))"""


@pytest.mark.parametrize("keep_up", [True, False])
def test_moves_pushed_at_once_are_caught_up_on_or_played_in_turn(new_page, keep_up: bool) -> None:
    """Three moves handed to the queue in one go: a live board (keepUp) shows the first
    two at their end at once, the first one cut short after its first frame and the
    second never sown, and plays the third out; a line shown from its start (oneturn.js)
    sows all three in turn."""
    page = new_page()
    wait_online(page)
    game = Game(load_variant(config_paths()["kalah_4"]))
    pos, items = game.start(0), []
    for ply in range(3):
        move = game.legal_moves(pos)[0]
        after = game.play(pos, move)
        items.append({"ply": ply, "move": move, "before": game.state_json(pos), "after": game.state_json(after),
                      "events": kalah_events(pos, move)})
        pos = after
    run = page.evaluate(QUEUE_RUN, [keep_up, items])
    shown = [tuple(f) if f else None for f in run["shown"]]  # (ply, final), None: idle
    ends = [(ply + 1, True) for ply in range(3)]
    if keep_up:
        assert shown[:3] == [(0, False), ends[0], ends[1]], shown
        assert set(shown[3:-2]) == {(2, False)} and shown[-2:] == [ends[2], None], shown
        assert run["done"] == [[0, False], [1, True], [2, False]]
    else:
        assert [f for f in shown if f and f[1]] == ends and shown[-1] is None, shown
        assert {f[0] for f in shown if f and not f[1]} == {0, 1, 2}, shown
        assert run["done"] == [[0, False], [1, False], [2, False]]


MARK_KEPT = """() => {
  for (const node of document.querySelectorAll('#board button.hole, #board .cell, #move-list li, #player-top .who'))
    node.kept = true;
}"""
COUNT_KEPT = """() => {
  const all = [...document.querySelectorAll('#board button.hole, #board .cell, #move-list li, #player-top .who')];
  return { all: all.length, kept: all.filter((n) => n.kept).length,
           holes: document.querySelectorAll('#board button.hole').length };
}"""


def test_a_move_redraws_what_changed_and_keeps_the_elements_that_stay(new_page) -> None:
    """A move played out seed by seed changes a few holes: the page patches the board, the
    move list and the players' bars in place (morph.js) instead of building them anew
    each frame. The holes' buttons and cells, the earlier moves' items and the names stay
    the same elements (their focus, a press in progress and the browser's paint with
    them), and clicks still reach the board and the list through their containers."""
    alice, bob, _ = seated_pair(new_page, "kalah_4")
    players = {0: alice, 1: bob}
    game = Game(load_variant(config_paths()["kalah_4"]))
    positions = [game.start(0)]
    for ply in range(2):  # two moves: the list then has an item that stays
        pos = positions[-1]
        move = game.legal_moves(pos)[-1]
        players[pos.turn].click(f"button.hole[data-hole='{move}']")
        positions.append(game.play(pos, move))
        wait_ply(alice, ply + 1)
        if ply == 0:
            alice.evaluate(MARK_KEPT)
    kept = alice.evaluate(COUNT_KEPT)
    # every hole's button and cell, the name, and the first move's item were there before
    assert kept["holes"] == 12 and kept["kept"] == 12 + 12 + 1 + 1, kept
    assert kept["all"] == kept["kept"] + 1, kept  # the second move's item is the one new element
    assert board(alice) == list(positions[2].board)
    # the list's items still answer a click: the board shows the first move's position
    alice.click("#move-list li[data-ply='0'] button")
    alice.wait_for_selector("#viewing:not([hidden])")
    assert board(alice) == list(positions[1].board)
