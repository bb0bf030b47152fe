"""A page whose player cannot be registered (the address's new players are used up)
still reaches the lobby and a room's link, as a guest."""

from __future__ import annotations

import pytest

from tests.web.helpers import LiveServer, create_room, wait_in_room


@pytest.mark.server_settings(register_burst=1, register_rate=0.0001)
def test_a_page_refused_a_new_player_plays_on_as_a_guest(new_page, server: LiveServer) -> None:
    host = new_page(name="ann")  # the address's one new player
    code = create_room(host, "kalah_4", public=False, seat="0")
    watcher = new_page(f"/#watch={code}", name="bob")
    assert wait_in_room(watcher) == code  # it watches, though its identify was refused
    watcher.wait_for_selector("#notice[data-code='rate_limited']", state="attached")
    watcher.wait_for_selector("body[data-ready='1']", state="attached")  # the greeting went on to the end
