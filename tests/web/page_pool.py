"""Pages kept from one test to the next within a module: a player's page without the
cost of a new one.

Why: on this project's 2-CPU machines a new page (a new context and its renderer
process) costs Chromium about 1.5 CPU seconds before the test does anything, against
0.5 for sending a page it already has to another server (docs/performance.md, "The
test suite's time"). The browser tests open some three hundred pages, and the suite is
bound by CPU, so most of those seconds were the suite's.

What keeps a reused page a stranger to its last test:
- every test has its own server on its own port, so a new origin: its localStorage,
  sessionStorage and HTTP cache start empty. A page is never lent to an origin it has
  seen (the kernel may give a later server a port an earlier one had);
- cookies are per host, not per port: they are cleared;
- a page is parked on about:blank between tests (its last server's socket closed, no
  timer of the old page left running), its viewport and error list reset;
- a test that customises a page or its context (init scripts, routes, listeners,
  emulation, CDP sessions, more pages) gets it thrown away afterwards, not reused: the
  customising methods are wrapped to mark the page when called.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

# Moves are played out at the "fast" speed (60 ms a seed, not 150; docs: sowing.js) unless
# the test chose one: only when this browser has no speed stored yet, so that a test that
# sets a speed (test_sowing.py, which checks the timings of the speeds it sets), or any
# other setting, and reloads keeps what it set. Seeds are still dropped one by one: the
# same code at every speed but "instant".
FAST_UNLESS_SET = ("try { if (localStorage.getItem('mancala.speed') === null) "
                   "localStorage.setItem('mancala.speed', 'fast'); } catch (e) {}")
VIEWPORT = {"width": 1100, "height": 900}

# calling any of these leaves state a later test could meet: the page is not reused
PAGE_CUSTOMISING = ("add_init_script", "route", "route_web_socket", "route_from_har", "unroute",
                    "emulate_media", "expose_function", "expose_binding", "set_extra_http_headers",
                    "on", "once", "add_locator_handler", "set_default_timeout",
                    "set_default_navigation_timeout", "expect_popup")
CONTEXT_CUSTOMISING = ("add_init_script", "route", "route_web_socket", "route_from_har", "new_page",
                       "new_cdp_session", "on", "once", "expect_page", "grant_permissions",
                       "set_offline", "set_extra_http_headers", "set_geolocation", "expose_function",
                       "expose_binding", "set_default_timeout", "set_default_navigation_timeout",
                       "add_cookies")


def player_page(browser: Any, *, name: str | None = None, viewport: dict[str, int] | None = None) -> Any:
    """A page in a browser context of its own (its own localStorage: a player), not yet
    loaded, its script errors collected in `page.js_errors`. Not pooled: for tests that
    manage the page's life themselves."""
    page = _new(browser, viewport)
    if name is not None:  # the name is read at connect time: set it before the page loads
        page.add_init_script(f"localStorage.setItem('mancala.name', JSON.stringify({name!r}))")
    return page


def _new(browser: Any, viewport: dict[str, int] | None) -> Any:
    context = browser.new_context(viewport=viewport or VIEWPORT)
    context.set_default_timeout(10_000)
    context.add_init_script(FAST_UNLESS_SET)
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _mark_when_called(owner: Any, names: tuple[str, ...], page: Any) -> None:
    for name in names:
        method = getattr(owner, name, None)
        if method is None:
            continue

        def marked(*args: Any, _method: Any = method, **kwargs: Any) -> Any:
            page.customised = True
            return _method(*args, **kwargs)

        setattr(owner, name, marked)


class PagePool:
    """A module's idle pages. `take` lends one for a server's origin, `give_back` parks
    it for the next test or closes it when it cannot be trusted clean."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.idle: list[Any] = []
        self.made = 0
        self.lent = 0

    def take(self, url: str, *, name: str | None = None, viewport: dict[str, int] | None = None) -> Any:
        """A page loaded at `url`, as a new player (empty storage) named `name`."""
        origin = _origin(url)
        page = next((p for p in self.idle if origin not in p.origins), None)
        if page is None:
            page = _new(self.browser, viewport)
            page.origins = set()
            page.customised = False
            self.made += 1
            _mark_when_called(page, PAGE_CUSTOMISING, page)
            _mark_when_called(page.context, CONTEXT_CUSTOMISING, page)
        else:
            self.idle.remove(page)
            page.set_viewport_size(viewport or VIEWPORT)
            page.js_errors.clear()
        self.lent += 1
        page.origins.add(origin)
        if name is not None:  # the name is read at connect time: stored before the page loads
            page.goto(origin + "/healthz")
            page.evaluate("name => localStorage.setItem('mancala.name', JSON.stringify(name))", name)
        page.goto(url)
        return page

    def give_back(self, page: Any) -> None:
        context = page.context
        pages = context.pages
        reusable = not page.customised and not page.is_closed() and len(pages) == 1 and pages[0] is page
        if reusable:
            try:  # every origin the test took the page to is now one it has seen
                page.origins.update(entry["origin"] for entry in context.storage_state()["origins"])
                page.origins.add(_origin(page.url))
                page.goto("about:blank")
                context.clear_cookies()
            except Exception:  # noqa: BLE001 - a crashed or closed page is simply not reused
                reusable = False
        if reusable:
            self.idle.append(page)
        else:
            context.close()

    def close(self) -> None:
        for page in self.idle:
            page.context.close()
        self.idle.clear()
