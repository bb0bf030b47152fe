"""A live server in a thread and small helpers to read and drive the page.

Shared by the browser tests and benchmarks/screenshots.py.
"""

from __future__ import annotations

import asyncio
import json
import threading
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from mancala_server.app import running
from mancala_server.config import Settings

CHROMIUM = "/usr/bin/chromium"
# a page that waits on a search worker (its process starts: spawn, imports) loads within
# this on a machine busy with the whole suite; a limit against a hang, not a goal
SEARCH_PAGE_MS = 90_000
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]


class LiveServer:
    """The real server on its own event loop in a background thread.

    `stop()` shuts it down gracefully (clients hear `server_closing`); `start()` again
    serves the same data directory on the same port, as a restart would.
    """

    def __init__(self, data_dir: Path, port: int = 0, **settings: Any) -> None:
        self.data_dir = data_dir
        self.port = port
        # the rate limits are not what these tests look at: a page load is some 32
        # requests (the page and its modules), and the default 60 a burst, 20 a second,
        # answered a module with 429 when a test opened pages and reloads in quick
        # succession, which left that page without its script (a wait that timed out)
        self.settings = {"rate_per_second": 1000.0, "rate_burst": 1000, "http_rate": 1e6, "http_burst": 1_000_000,
                         **settings}
        self.thread: threading.Thread | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self.error: BaseException | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self._ready.clear()
        self.error = None
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True,
                                       name="mancala-server")
        self.thread.start()
        if not self._ready.wait(20):
            raise RuntimeError("the server did not start within 20 s")
        if self.error is not None:
            raise RuntimeError(f"the server did not start: {self.error!r}") from self.error

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        settings = Settings(host="127.0.0.1", port=self.port, data_dir=self.data_dir, **self.settings)
        try:
            async with running(settings) as server:
                self.port = server.port
                self._ready.set()
                await self._stop.wait()
        except BaseException as exc:
            self.error = exc
            self._ready.set()
            raise

    def stop(self) -> None:
        if self.thread is None or self.loop is None or self._stop is None:
            return
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self._stop.set)
            self.thread.join(20)
        self.thread = None


# ---- reading and driving the page -------------------------------------------------------

# every ply the room shows, with the time it was shown (the room's data-ply follows the board)
WATCH_PLIES = """
window.__plies = [];
new MutationObserver(() => {
  const room = document.getElementById('room');
  const ply = room && room.dataset.ply;
  const last = window.__plies[window.__plies.length - 1];
  if (ply !== undefined && (!last || last[0] !== Number(ply))) window.__plies.push([Number(ply), performance.now()]);
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ply']});
"""


# every move_made the page's socket brought, in the order the page handled them: its ply,
# when (page time, after the page's own handler ran), and the ply the board showed just
# before and just after that handler (the room's data-ply; null outside a room). Wraps the
# page's message listener, so "after" is what the move's arrival left on the board.
WATCH_ARRIVALS = """
(() => {
  window.__arrivals = [];
  const shown = () => {
    const ply = document.getElementById('room')?.dataset.ply;
    return ply === undefined ? null : Number(ply);
  };
  const PageSocket = window.WebSocket;
  window.WebSocket = class extends PageSocket {
    addEventListener(type, listener, ...rest) {
      if (type !== 'message') return super.addEventListener(type, listener, ...rest);
      return super.addEventListener(type, (event) => {
        let msg = null;
        try { msg = JSON.parse(event.data); } catch (e) {}
        const before = shown();
        listener(event);
        if (msg && msg.type === 'move_made') {
          window.__arrivals.push({ply: msg.ply, at: performance.now(), before, after: shown()});
        }
      }, ...rest);
    }
  };
})();
"""


def wait_online(page: Any) -> None:
    page.wait_for_selector("body[data-conn='open']")


def request(page: Any, message: dict[str, Any]) -> Any:
    """Send `message` through the page's own socket once the page has greeted the server
    (named itself, loaded the lobby); returns the answer. Sending earlier races the
    connection and fails with "not connected"."""
    page.wait_for_selector("body[data-ready='1']", state="attached")
    return page.evaluate("m => window.mancala.conn.request(m)", message)


def wait_in_room(page: Any) -> str:
    """Wait until the page shows a room's state; returns the room code."""
    page.wait_for_selector("#room:not([hidden])[data-ply]")
    return page.get_attribute("#room", "data-room")


def seated_pair(new_page: Any, variant: str) -> tuple[Any, Any, str]:
    """Alice makes a public room of `variant` through her page's socket (South, starting)
    and Bob joins it through his: (alice, bob, code) once the game is on."""
    alice = new_page(name="alice")
    request(alice, {"type": "create_room", "variant": variant, "seat": 0, "public": True})
    code = wait_in_room(alice)
    bob = new_page(name="bob")
    request(bob, {"type": "join_room", "room": code})
    wait_in_room(bob)
    alice.wait_for_selector("#room[data-status='playing']")
    return alice, bob, code


def wait_ply(page: Any, ply: int, timeout: float = 30_000, at_least: bool = False) -> None:
    """Wait until the board shows the position after `ply` moves (moves are played out in
    turn: a burst takes a while at the slower speeds, longer on a busy machine). With
    `at_least`, any later position will do: where the computer answers at once, the page
    may show ply `ply` for less time than the browser takes to look."""
    try:
        if at_least:
            page.wait_for_function("n => Number(document.getElementById('room')?.dataset.ply) >= n",
                                   arg=ply, timeout=timeout)
        else:
            page.wait_for_selector(f"#room[data-ply='{ply}']", timeout=timeout)
    except Exception as exc:  # say what the page showed instead: a stall is then readable
        raise AssertionError(f"the page did not show ply {ply}: {page_summary(page)}; "
                             f"script errors: {getattr(page, 'js_errors', None)}") from exc


def page_summary(page: Any) -> dict[str, Any]:
    """What a page shows, for a failure's message: the room's data attributes, the status
    line, the connection, any notice, and the move list's length."""
    return page.evaluate("""() => {
      const room = document.getElementById('room');
      const text = (id) => document.getElementById(id)?.innerText ?? null;
      return {room: room ? {...room.dataset} : null, conn: document.body.dataset.conn,
              status: text('status-line'), notice: text('notice'),
              moves: document.querySelectorAll('#move-list li').length};
    }""")


def ply(page: Any) -> int:
    return int(page.get_attribute("#room", "data-ply"))


def board(page: Any) -> list[int]:
    """Seeds per hole, by board index, as the page shows them."""
    cells = page.eval_on_selector_all(
        "button.hole", "bs => bs.map(b => [Number(b.dataset.hole), Number(b.dataset.seeds)])")
    return [seeds for _, seeds in sorted(cells)]


def stores(page: Any) -> list[int]:
    pairs = page.eval_on_selector_all(
        ".store", "ss => ss.map(s => [Number(s.dataset.store), Number(s.querySelector('.count').textContent)])")
    return [count for _, count in sorted(pairs)]


def legal_holes(page: Any) -> list[int]:
    """The holes the page offers as playable (from the state it was sent)."""
    return sorted(page.eval_on_selector_all(
        "button.hole[data-legal]", "bs => bs.map(b => Number(b.dataset.hole))"))


def create_room(page: Any, variant: str = "kalah_4", *, public: bool = True, seat: str = "0",
                starter: str = "0", computer: int | str | None = None) -> str:
    """Fill in the lobby's form and create a room (against the computer at that level,
    when given); returns its code."""
    wait_online(page)
    page.wait_for_selector(f"#create-variant option[value='{variant}']", state="attached")
    page.select_option("#create-variant", variant)
    if computer is None:
        page.check("#create-form input[name='opponent'][value='person']")
    else:
        page.check("#create-form input[name='opponent'][value='computer']")
        page.select_option("#create-level", str(computer))
    page.check(f"#create-form input[name='public'][value='{1 if public else 0}']")
    page.check(f"#create-form input[name='seat'][value='{seat}']")
    page.check(f"#create-form input[name='starter'][value='{starter}']")
    page.click("#create-button")
    return wait_in_room(page)


def moves_to_a_capture_and_an_extra_turn(game: Any) -> tuple[list[int], int, int]:
    """Moves from the start (South first) that include a move ending in the mover's store
    (another turn) and then a capture (the mover's store gains more than one seed and the
    turn passes); returns the moves and the indexes of those two moves."""
    def search(pos: Any, path: list[int], extra: int | None) -> tuple[list[int], int, int] | None:
        if len(path) > 8 or pos.outcome is not None:
            return None
        for entry in game.state_json(pos)["legal"]:
            move = entry if isinstance(entry, int) else entry[0]
            mover = pos.turn
            after = game.play(pos, move)
            gain = after.stores[mover] - pos.stores[mover]
            if extra is not None and gain > 1 and after.turn != mover:
                return [*path, move], extra, len(path)
            found = search(after, [*path, move], extra if extra is not None else
                           (len(path) if after.turn == mover and gain == 1 else None))
            if found:
                return found
        return None

    found = search(game.start(0), [], None)
    assert found is not None
    return found


class SocketPlayer:
    """A player over the socket (the other side of the board, without a browser)."""

    def __init__(self, server: LiveServer, name: str, stack: ExitStack) -> None:
        self.ws = stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/ws",
                                              subprotocols=["mancala.v1.json"]))  # type: ignore[list-item]
        self.next = 1
        self.pushed: list[dict[str, Any]] = []
        self.ask({"type": "hello", "name": name})

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        message = {**message, "id": self.next}
        self.next += 1
        self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(self.ws.recv(timeout=10))
            if reply.get("id") == message["id"]:
                assert reply["type"] != "error", reply
                return reply
            self.pushed.append(reply)
