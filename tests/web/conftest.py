"""Browser tests of the web page: a real server on an ephemeral port (its own thread and
event loop, SQLite in tmp_path) and Debian's Chromium driven by Playwright.

Nothing downloads a browser: Chromium comes from `apt-get install chromium`. Without it
(or without the playwright package) these tests fail, locally as under CI, with the
command that installs it: a run that could not drive a browser never passes silently.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import CHROMIUM, LAUNCH_ARGS, LiveServer


def _missing_browser() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is missing: pip install -e '.[dev]'"
    if not Path(CHROMIUM).is_file():
        return f"{CHROMIUM} is missing: apt-get install chromium"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module. Not per session: the sync Playwright API keeps its
    event loop marked running while it is open, which would break the asyncio tests
    that run after these (`pytest tests/web tests/client`)."""
    reason = _missing_browser()
    if reason is not None:  # never a silent skip: the README promises these run
        pytest.fail(f"browser tests cannot run: {reason} (sudo apt-get install -y chromium; "
                    ".ci/run does it)", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """The live server; `@pytest.mark.server_settings(name=value, ...)` changes its settings."""
    marker = request.node.get_closest_marker("server_settings")
    live = LiveServer(tmp_path / "data", **(marker.kwargs if marker else {}))
    live.start()
    try:
        yield live
    finally:
        live.stop()


# Moves are played out at the "fast" speed (60 ms a seed, not 150; docs: sowing.js) unless
# the test chose one: only when this browser has no speed stored yet, so that a test that
# sets a speed (test_sowing.py, which checks the timings of the speeds it sets), or any
# other setting, and reloads keeps what it set. Seeds are still dropped one by one: the
# same code at every speed but "instant".
FAST_UNLESS_SET = ("try { if (localStorage.getItem('mancala.speed') === null) "
                   "localStorage.setItem('mancala.speed', 'fast'); } catch (e) {}")


def player_page(browser: Any, *, name: str | None = None, viewport: dict[str, int] | None = None) -> Any:
    """A page in a browser context of its own (its own localStorage: a player), not yet
    loaded, its script errors collected in `page.js_errors`."""
    context = browser.new_context(viewport=viewport or {"width": 1100, "height": 900})
    context.set_default_timeout(10_000)
    context.add_init_script(FAST_UNLESS_SET)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    if name is not None:  # the name is read at connect time: set it before the page loads
        page.add_init_script(f"localStorage.setItem('mancala.name', JSON.stringify({name!r}))")
    return page


@pytest.fixture
def new_page(browser: Any, server: LiveServer) -> Iterator[Callable[..., Any]]:
    """Open pages, each in its own browser context (its own localStorage): a player each.
    A script error on any page fails the test."""
    contexts: list[Any] = []

    def make(path: str = "/", *, name: str | None = None, viewport: dict[str, int] | None = None) -> Any:
        page = player_page(browser, name=name, viewport=viewport)
        contexts.append(page.context)
        page.goto(server.url + path)
        return page

    yield make
    errors = [e for context in contexts for page in context.pages for e in page.js_errors]
    for context in contexts:
        context.close()
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    """Sockets of players without a browser (helpers.SocketPlayer), closed after the test."""
    with ExitStack() as sockets:
        yield sockets
