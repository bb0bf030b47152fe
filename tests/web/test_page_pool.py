"""The page pool the browser tests share (page_pool.py): a page lent again is a new
player to the next test, and a page a test customised is never lent again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import LiveServer
from tests.web.page_pool import PagePool


@pytest.fixture
def other(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "other")
    live.start()
    try:
        yield live
    finally:
        live.stop()


def storage(page: Any) -> dict[str, Any]:
    return {"local": page.evaluate("({...localStorage})"), "session": page.evaluate("({...sessionStorage})"),
            "cookies": page.context.cookies()}


def test_a_page_lent_again_starts_as_a_new_player(browser, server, other) -> None:
    pool = PagePool(browser)
    try:
        first = pool.take(server.url + "/", name="ann")
        assert first.evaluate("localStorage.getItem('mancala.name')") == '"ann"'
        first.evaluate("sessionStorage.setItem('x', '1'); document.cookie = 'who=ann'")
        first.js_errors.append("an error of the first test")
        pool.give_back(first)
        assert first.url == "about:blank"  # parked: the first server's socket is closed

        again = pool.take(other.url + "/", viewport={"width": 400, "height": 700})
        assert again is first and pool.made == 1  # the same page, lent to another server
        left = storage(again)
        assert left["cookies"] == [] and left["session"] == {}
        assert "mancala.name" not in left["local"]  # a new origin: nothing of ann's
        assert again.js_errors == []
        assert again.viewport_size == {"width": 400, "height": 700}
    finally:
        pool.close()


def test_a_page_is_never_lent_twice_to_one_origin(browser, server) -> None:
    """A later server may get an earlier one's port: its storage would still be there."""
    pool = PagePool(browser)
    try:
        first = pool.take(server.url + "/", name="ann")
        pool.give_back(first)
        second = pool.take(server.url + "/")
        assert second is not first and pool.made == 2
        assert second.evaluate("localStorage.getItem('mancala.name')") is None
    finally:
        pool.close()


def test_an_origin_a_test_went_to_by_itself_is_one_the_page_has_seen(browser, server, other) -> None:
    """A test may take its page to another server: that origin's storage stays in the
    context, so the page is not lent to that origin again either."""
    pool = PagePool(browser)
    try:
        page = pool.take(server.url + "/")
        page.goto(other.url + "/healthz")
        page.evaluate("localStorage.setItem('left', 'behind')")
        pool.give_back(page)
        again = pool.take(other.url + "/")
        assert again is not page
        assert again.evaluate("localStorage.getItem('left')") is None
    finally:
        pool.close()


@pytest.mark.parametrize("customise", [
    lambda page: page.add_init_script("window.x = 1"),
    lambda page: page.route("**/nothing", lambda route: route.abort()),
    lambda page: page.on("console", lambda message: None),
    lambda page: page.context.new_cdp_session(page),
    lambda page: page.context.new_page(),
    lambda page: page.emulate_media(color_scheme="dark"),
])
def test_a_page_a_test_customised_is_closed_not_lent_again(browser, server, customise) -> None:
    pool = PagePool(browser)
    try:
        page = pool.take(server.url + "/healthz")
        customise(page)
        pool.give_back(page)
        assert page.is_closed() and pool.idle == []
    finally:
        pool.close()
