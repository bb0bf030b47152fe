"""Issue 13 point 4: the rules where they are needed: a panel in the room for the variant
being played (its description and the engine's summary of its parameters), and a short
description under the create form's variant picker."""

from __future__ import annotations

from mancala.rules.loading import config_paths, load_variant
from mancala.rules.summary import summary
from tests.web.helpers import create_room, wait_in_room, wait_online


def test_the_room_shows_the_rules_of_its_variant_and_the_picker_describes_the_choice(new_page) -> None:
    alice = new_page(name="alice")
    wait_online(alice)
    alice.wait_for_selector("#create-variant option[value='oware_abapa']", state="attached")
    variant = load_variant(config_paths()["oware_abapa"])
    alice.select_option("#create-variant", "oware_abapa")
    about = alice.inner_text("#create-about")
    assert about.startswith("6 holes a side.") and variant.game_info.about.split(".")[0] in about
    alice.select_option("#create-variant", "toguz_kumalak")
    assert alice.inner_text("#create-about").startswith("9 holes a side.")

    code = create_room(alice, "oware_abapa", public=False)
    alice.wait_for_selector("#rules-panel[data-loaded='oware_abapa']")
    assert alice.inner_text("#rules-title") == f"Rules: {variant.name}"
    lines = alice.eval_on_selector_all("#rules-panel .rules-summary li", "ls => ls.map(l => l.textContent)")
    assert lines == summary(variant) and len(lines) >= 3
    assert alice.inner_text("#rules-panel .about") == variant.game_info.about
    # a spectator reads the same
    watcher = new_page(f"/#watch={code}", name="wes")
    wait_in_room(watcher)
    watcher.wait_for_selector("#rules-panel[data-loaded='oware_abapa']")
    assert watcher.eval_on_selector_all("#rules-panel .rules-summary li", "ls => ls.map(l => l.textContent)") == lines
