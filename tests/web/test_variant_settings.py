"""Variant settings in the page (issue 25, point 4): the create form shows the chosen
variant's settings as selects, and a room made with some plays and names them."""

from __future__ import annotations

from tests.web.helpers import wait_in_room


def test_the_create_form_offers_the_variants_settings_and_the_room_names_them(new_page) -> None:
    ann, bob = new_page(name="ann"), new_page(name="bob")
    ann.wait_for_function("window.mancala.me !== null")
    ann.select_option("#create-variant", "kalah_4")
    assert ann.is_hidden("#settings-field")  # Kalah offers none
    ann.select_option("#create-variant", "oware")
    ann.wait_for_selector("#settings-field:not([hidden])")
    params = ann.eval_on_selector_all("#create-settings select", "s => s.map(e => e.dataset.param)")
    assert params == ["capt_on", "grandslam", "mustshare", "mustpass"]
    assert ann.eval_on_selector("#setting-grandslam", "s => s.selectedOptions[0].textContent") == "no capt"
    ann.select_option("#setting-grandslam", '"LEGAL"')
    ann.select_option("#setting-mustpass", "true")
    ann.select_option("#setting-capt_on", ["2", "3", "4"])
    ann.click("#create-button")
    code = wait_in_room(ann)
    title = "Oware · captures on: 2, 3, 4 · grand slam: legal · must pass: yes"
    ann.wait_for_function(f"document.getElementById('room-title').textContent === {title!r}")
    assert ann.evaluate("window.mancala.room.variant").startswith("oware__s")
    row = f"#rooms-body tr[data-room='{code}']"
    bob.wait_for_selector(row)
    assert title in bob.inner_text(row)


def test_a_choice_the_rules_refuse_is_said_by_name(new_page) -> None:
    ann = new_page(name="ann")
    ann.wait_for_function("window.mancala.me !== null")
    ann.select_option("#create-variant", "adi")
    ann.wait_for_selector("#setting-holes")
    ann.select_option("#setting-holes", "10")
    ann.click("#create-button")
    ann.wait_for_selector("#notice:not([hidden])")
    said = ann.inner_text("#notice")
    assert "Those settings cannot be played" in said and "terr_goal_param" in said


def test_quick_pairing_and_a_challenge_take_the_forms_settings(new_page) -> None:
    """The form's Quick pair button pairs on the form's settings (a player asking for the
    file's own rules gets a room of their own), and a challenge sent from the form
    proposes them: the challenged player reads them in the lobby."""
    ann, bob, cy = new_page(name="ann"), new_page(name="bob"), new_page(name="cy")
    for page in (ann, bob, cy):
        page.wait_for_function("window.mancala.me !== null")
        page.select_option("#create-variant", "oware")
        page.wait_for_selector("#settings-field:not([hidden])")
    ann.select_option("#setting-mustpass", "true")
    ann.click("#quick-button")
    code = wait_in_room(ann)
    cy.click("#quick-button")  # Oware's own rules: not ann's game
    assert wait_in_room(cy) != code
    bob.select_option("#setting-mustpass", "true")
    bob.click("#quick-button")
    assert wait_in_room(bob) == code
    bob.wait_for_function("document.getElementById('room-title').textContent === 'Oware · must pass: yes'")

    dee, eve = new_page(name="dee"), new_page(name="eve")
    for page in (dee, eve):
        page.wait_for_function("window.mancala.me !== null")
    dee.select_option("#create-variant", "oware")
    dee.wait_for_selector("#settings-field:not([hidden])")
    dee.select_option("#setting-capt_on", ["2", "3", "4"])
    dee.fill("#challenge-to", "eve")
    dee.click("#challenge-form button[type='submit']")
    eve.wait_for_selector("#challenges li")
    assert "Oware · captures on: 2, 3, 4" in eve.inner_text("#challenges li")
