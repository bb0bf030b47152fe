"""What a phone shows (390 pixels wide): the tournament form, the lobby's check box, the
rules panel's links.

The tournament form had no layout of its own: its controls flowed inline after their
words, the variant list ran past the panel's edge, and the list's table showed its
header over no tournament. The quick pairing's "Rated" box sat above its word. The rules
panel's links were appended bare and read as one run of words.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urljoin

from tests.web.helpers import SEARCH_PAGE_MS, create_room

PHONE = {"width": 390, "height": 844}

# a label's words (its first text that is not blank): their box
WORDS_BOX = """(label) => {
  const text = [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  const range = document.createRange();
  range.selectNodeContents(text);
  const r = range.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
}"""

# each label of the form: its words' box and its control's box, and the form's own box
FORM_BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const words = """ + WORDS_BOX + """;
  return {
    form: box(document.getElementById("tourney-form")),
    labels: [...document.querySelectorAll("#tourney-form > label")].filter((l) => !l.hidden)
      .map((l) => { const control = l.querySelector("input, select");
                    return { words: words(l), control: box(control), check: control.type === "checkbox" }; }),
    page: [document.documentElement.scrollWidth, window.innerWidth],
  };
}"""


def middle(box: list[float]) -> float:
    return (box[1] + box[3]) / 2


def test_the_tournament_form_is_one_setting_a_line_inside_a_phone(new_page: Any) -> None:
    page = new_page("/tournaments", viewport=PHONE)
    page.wait_for_selector("body[data-loaded='list']")
    page.wait_for_function("document.querySelectorAll('#t-variant option').length > 100")
    seen = page.evaluate(FORM_BOXES)
    scroll_width, width = seen["page"]
    assert scroll_width <= width, "the page scrolls sideways on a phone"
    left, _, right, _ = seen["form"]
    assert len(seen["labels"]) >= 8
    for label in seen["labels"]:
        control, words = label["control"], label["words"]
        assert left <= control[0] and control[2] <= right + 0.5, f"a control leaves the form: {label}"
        assert abs(middle(control) - middle(words)) < 12, f"a control is not on its words' line: {label}"
        if label["check"]:
            assert control[2] <= words[0], "a check box comes before its words"
        else:
            assert words[2] <= control[0], "a control comes after its words"
    # the controls line up in one column
    starts = {round(label["control"][0]) for label in seen["labels"] if not label["check"]}
    assert len(starts) == 1, starts
    # no tournament yet: the words say so, and no table header stands over nothing
    assert page.is_visible("#tourney-empty")
    assert page.is_hidden("#tourney-table")


def test_the_quick_pairing_s_rated_box_sits_beside_its_word(new_page: Any) -> None:
    page = new_page("/", viewport=PHONE)
    page.wait_for_selector("#pools .pool")
    box = page.locator("#pools-rated").bounding_box()
    label = page.locator("label:has(#pools-rated)").bounding_box()
    assert box is not None and label is not None
    assert label["height"] < 2 * box["height"] + 16, "the label is two lines high"
    words = page.eval_on_selector("label:has(#pools-rated)", WORDS_BOX)
    assert abs((box["y"] + box["height"] / 2) - middle(words)) < 4, (box, words)
    assert box["x"] + box["width"] <= words[0]


def test_the_rules_panel_s_links_stand_apart(new_page: Any) -> None:
    page = new_page("/", viewport=PHONE)
    create_room(page, "kalah_4", public=False)  # its rules cite a web page: three links
    page.wait_for_selector("#rules-panel[data-loaded='kalah_4']")
    boxes = page.eval_on_selector_all("#rules-body a", """links => links.map((a) => {
      const r = a.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")
    assert len(boxes) == 3, boxes
    for before, after in zip(boxes, boxes[1:], strict=False):
        same_line = abs(before[1] - after[1]) < 2
        assert not same_line or after[0] - before[2] >= 8, f"two links touch: {before} {after}"
        assert same_line or after[1] >= before[3], f"two links overlap: {before} {after}"


# each visible step button: whether its words overflow it, and on how many lines they stand
BUTTON_WORDS = """() => [...document.querySelectorAll(".step-controls button")].filter((b) => b.offsetParent !== null)
  .map((b) => {
    const range = document.createRange();
    range.selectNodeContents(b);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return { text: b.textContent.trim(), overflows: b.scrollWidth > b.clientWidth + 1, lines: lines.size };
  })"""


def test_the_pages_fit_a_phone_and_their_buttons_keep_their_words_whole(new_page: Any) -> None:
    """The leaderboard's variant list (as wide as its longest title) ran 55 px off the page;
    on the explorer and the one-turn page the step buttons were squeezed below their words
    ("Start" overflowing its border, "Play it again" on three lines)."""
    page = new_page("/", viewport=PHONE)
    for path in ("/leaderboard", "/explorer/kalah_4", "/one-turn/multilap_jackman"):
        page.goto(urljoin(page.url, path))
        # the one-turn line waits for a search worker to start (spawn, imports), which a
        # busy machine makes slow: a limit against a hang, as in test_one_turn
        page.wait_for_selector("body[data-loaded]", timeout=SEARCH_PAGE_MS)
        scroll_width, width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert scroll_width <= width, f"{path} scrolls sideways on a phone ({scroll_width} px)"
        buttons = page.evaluate(BUTTON_WORDS)
        assert buttons or path == "/leaderboard"
        for button in buttons:
            assert not button["overflows"] and button["lines"] == 1, f"{path}: {button}"
