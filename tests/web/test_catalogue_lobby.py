"""The lobby shows the reference's 1.10 catalogue (issue 25, point 2): every variant
listed and counted, the earlier definitions kept beside their 1.10 successors under one
heading of their own after the others, and search finding the new games by name,
region and family as before."""

from __future__ import annotations

from mancala.rules.loading import config_paths

KEPT = "Earlier rules (release 1.8)"
NAMES = "ls => ls.map(l => l.dataset.variant)"


def test_the_lobby_lists_the_110_catalogue_grouped_and_searchable(new_page) -> None:
    page = new_page("/")
    page.wait_for_selector("#variants-list details.variant-group")
    assert page.inner_text("#variants-count") == str(len(config_paths()))
    # grouped (the default), every group is closed and holds no card until it is opened
    assert page.locator("#variants-list li.variant").count() == 0
    page.select_option("#variant-group", "none")
    page.wait_for_function(f"document.querySelectorAll('#variants-list li.variant').length === {len(config_paths())}")
    page.select_option("#variant-group", "family")
    labels = page.eval_on_selector_all("#variants-list details.variant-group > summary",
                                       "ss => ss.map(s => s.firstChild.textContent.trim())")
    assert labels[-1] == KEPT and labels.count(KEPT) == 1
    page.click("#variants-list details.variant-group:last-child > summary")
    page.wait_for_selector("#variants-list details.variant-group:last-child li.variant")
    kept = page.eval_on_selector_all("#variants-list details.variant-group:last-child li.variant", NAMES)
    assert "oware_1_8" in kept and "oware" not in kept and "cross_wari" not in kept
    # the create form's list puts them under the same heading
    groups = page.eval_on_selector_all("#create-variant optgroup", "gs => gs.map(g => g.label)")
    assert groups[-1] == KEPT
    assert page.eval_on_selector("#create-variant optgroup:last-child option[value='oware_1_8']",
                                 "o => o.textContent").startswith("Oware (1.8 rules)")

    def found(words: str) -> list[str]:
        page.fill("#variant-search", words)
        return page.eval_on_selector_all("#variants-list li.variant", NAMES)

    assert "cross_wari" in found("cross-wari")  # by name
    assert {"oware", "oware_1_8"} <= set(found("oware"))
    assert "al_manqala" in found("al-manqala middle east")  # by name and region
    assert "adi_ii" in found("adi territory")  # by name and family
    assert "nsa_isong" in found("nigerian")  # by description
    assert found("zqxjv") == [] and page.is_visible("#variants-none")
