"""Issue 16 point 3: sounds made in the page (Web Audio) for an illegal click, a capture,
a last seed in one's own store and the end of the game, off until turned on and
remembered; the "seeds only" display, remembered too. The sounds are checked through
the page's audio calls: an init script records every oscillator started."""

from __future__ import annotations

from typing import Any

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant
from tests.web.helpers import (
    board,
    create_room,
    moves_to_a_capture_and_an_extra_turn,
    wait_in_room,
    wait_ply,
)

RECORD_OSCILLATORS = """
window.__osc = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__osc.push({shape: this.type, note: this.frequency.value});
  return start.apply(this, args);
};
"""


def started(page: Any) -> list[dict[str, Any]]:
    return page.evaluate("window.__osc")


def expect_sound(page: Any, name: str, action: Any) -> None:
    """`action` makes exactly the sound `name`: its shape and notes, as sound.js defines them."""
    want = page.evaluate(f"import('/sound.js').then(m => m.SOUNDS.{name})")
    page.evaluate("window.__osc = []")
    action()
    page.wait_for_function(f"window.__osc.length >= {len(want['notes'])}")
    page.wait_for_timeout(150)  # nothing else follows
    assert started(page) == [{"shape": want["shape"], "note": n} for n in want["notes"]], name


def test_the_four_sounds_are_off_until_turned_on_and_remembered(new_page) -> None:
    alice = new_page(name="alice")
    alice.add_init_script(RECORD_OSCILLATORS)
    alice.reload()
    code = create_room(alice, "kalah_4", public=False, seat="0", starter="0")
    bob = new_page(f"/#room={code}", name="bob")
    wait_in_room(bob)
    alice.wait_for_selector("#room[data-status='playing']")
    assert alice.inner_text("#sound-toggle") == "Sound: off"
    alice.click("#board button.hole[data-hole='8']", force=True)  # refused, silently: sound is off
    alice.wait_for_selector("#notice:not([hidden])")
    alice.wait_for_timeout(200)
    assert started(alice) == []

    alice.click("#sound-toggle")
    assert alice.get_attribute("#sound-toggle", "aria-pressed") == "true"
    alice.reload()  # remembered by this browser
    wait_in_room(alice)
    assert alice.inner_text("#sound-toggle") == "Sound: on"
    alice.click("#sound-toggle")
    alice.click("#sound-toggle")  # a click of the player's own lets the page's audio start
    assert alice.inner_text("#sound-toggle") == "Sound: on"

    expect_sound(alice, "illegal", lambda: alice.click("#board button.hole[data-hole='8']", force=True))

    game = Game(load_variant(config_paths()["kalah_4"]))
    moves, extra_at, capture_at = moves_to_a_capture_and_an_extra_turn(game)
    pos = game.start(0)
    players = {0: alice, 1: bob}
    for i, move in enumerate(moves):
        page = players[pos.turn]
        page.wait_for_selector(f"#board button.hole[data-hole='{move}'][data-legal]")

        def play(page: Any = page, move: int = move) -> None:
            page.click(f"#board button.hole[data-hole='{move}']")

        if i in (extra_at, capture_at):
            expect_sound(alice, "extra" if i == extra_at else "capture", play)
        else:
            play()
        pos = game.play(pos, move)
        wait_ply(alice, i + 1)
        assert board(alice) == list(pos.board)

    expect_sound(alice, "end", lambda: (bob.click("#resign-button"), bob.click("#resign-button")))
    alice.wait_for_selector("#room[data-status='finished']")


def test_seeds_only_draws_every_seed_and_no_numbers_and_is_remembered(new_page) -> None:
    alice = new_page(name="alice")
    create_room(alice, "toguz_kumalak", public=False)  # nine seeds a hole
    assert alice.eval_on_selector_all("#board button.hole", "hs => hs.map(h => h.querySelector('.count')?.textContent)") \
        == ["9"] * 18
    alice.select_option("#counts-select", "stones")
    alice.wait_for_selector("#board button.hole:not(:has(.count))")
    seeds = alice.eval_on_selector_all("#board button.hole", "hs => hs.map(h => h.querySelectorAll('.seed').length)")
    assert seeds == [9] * 18  # all nine (it drew six: issue 24)
    assert alice.locator("#board button.hole .count").count() == 0
    # the number is still there for screen readers
    assert "9 seeds" in (alice.get_attribute("#board button.hole[data-hole='0']", "aria-label") or "")
    alice.reload()
    wait_in_room(alice)
    assert alice.input_value("#counts-select") == "stones"
    assert alice.locator("#board button.hole .count").count() == 0
    alice.select_option("#counts-select", "numbers")
    alice.wait_for_selector("#board button.hole .count")
    assert alice.locator("#board button.hole .count").count() == 18
