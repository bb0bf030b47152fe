"""Every variant card's source (issue 24, point 3): a link only where the source names a
web address; a citation of a book or a program is shown as text (as links they opened
the server's own 404)."""

from __future__ import annotations

import json

from mancala.rules.loading import config_paths


def test_every_cards_rules_link_goes_to_a_web_address_and_citations_are_text(new_page) -> None:
    page = new_page("/")
    page.wait_for_selector("#variants-list details.variant-group")
    page.select_option("#variant-group", "none")  # every card at once (a closed group makes none)
    page.wait_for_function("document.querySelectorAll('#variants-list li.variant').length > 100")
    cards = page.evaluate("""() => [...document.querySelectorAll('#variants-list li.variant')].map((li) => ({
        links: [...li.querySelectorAll('details a')].map((a) => a.getAttribute('href')),
        sources: [...li.querySelectorAll('.rules-source')].map((s) => s.textContent)}))""")
    hrefs = [h for card in cards for h in card["links"]]
    assert hrefs and all(h.startswith(("http://", "https://")) for h in hrefs), hrefs
    citations = [json.loads(p.read_text()).get("game_info", {}).get("rules", "") for p in config_paths().values()]
    cited = [c for c in citations if c and not c.startswith(("http://", "https://"))]
    shown = [s for card in cards for s in card["sources"]]
    assert len(cited) > 50 and sum(s.startswith("Source: ") for s in shown) == len(cited)
