"""Rooms for the *_rules tests: a real variant and a real SQLite store, fake members and
a fake clock. One place makes them, so that a change to how a room is built (its store
becoming a port, say) is made here once."""

from __future__ import annotations

import json
from pathlib import Path

from mancala.protocol.messages import ComputerLevel, TimeControl
from mancala.rules.loading import config_paths, load_variant
from mancala_server.config import Settings
from mancala_server.hub import Hub
from mancala_server.match import moves_by_player
from mancala_server.ratings import NEW_PLAYER_GAMES
from mancala_server.room import Room
from mancala_server.store import Store
from tests.server.fakes import FakeClock, FakeMember, deliver

ABANDON = 60.0


def make_room(tmp_path: Path, clock: FakeClock, *, variant: str = "oware_abapa",
              control: TimeControl | None = None, rated: bool = False, code: str = "RULES1",
              count_interval: float = 0.0, changes: list[Room] | None = None, store: Store | None = None) -> Room:
    """`store`: a hub's own (Settings.db_path), for a room a test restores through the hub."""
    path = config_paths()[variant]
    room = Room(code, variant, json.loads(path.read_text()), load_variant(path), public=True,
                store=store if store is not None else Store(tmp_path / f"{code}.sqlite3"),
                on_change=(changes if changes is not None else []).append,
                abandon_timeout=ABANDON, clock=clock, deliver=deliver, count_interval=count_interval)
    room.match.configure(control, rated)
    room.begin(0, room.game.start(0))
    return room


def seat_both(room: Room, south: str = "ann", north: str = "bob") -> tuple[FakeMember, FakeMember]:
    ann, bob = FakeMember(south), FakeMember(north)
    room.claim(ann, 0)
    room.claim(bob, 1)
    return ann, bob


def against_computer(room: Room, level: ComputerLevel = 1) -> FakeMember:
    room.add_computer(1, level)
    ann = FakeMember("ann")
    room.claim(ann, 0)
    return ann


def make_hub(tmp_path: Path, clock: FakeClock, **settings: object) -> Hub:
    values: dict[str, object] = {"data_dir": tmp_path / "data", "abandon_timeout": ABANDON}
    values.update(settings)
    return Hub(Settings(**values), clock=clock, deliver=deliver)  # type: ignore[arg-type]


async def moves_each(room: Room, n: int) -> None:
    """Play until each player has made `n` moves (the first legal move each time; a player
    given an extra turn makes more): clocks run once both have made one, and a rated game
    counts once both have made MIN_MOVES_EACH (match.py). Moves go in as any move does
    (Room.play_for), so clocks are charged as they would be."""
    while min(moves_by_player(room.moves, room.match.swapped)) < n:
        assert not room.finished, f"the game ended after {len(room.moves)} moves"
        await room.play_for(room.position.turn, room.game.legal_moves(room.position)[0], None)


def established(store: Store, player: str, pool: str = "oware_abapa", rating: float = 1500.0,
                rd: float = 80.0, games: int = NEW_PLAYER_GAMES) -> None:
    """`player` rated in `pool` as if they had played `games` rated games: past a new
    player's first games (ratings.NEW_PLAYER_GAMES), so that their results move their
    opponents fully. Written into the test's own store: a unit test of the room need not
    play ten games first."""
    with store.db:
        store.db.execute("INSERT INTO ratings (player, variant, rating, rd, vol, games, updated) "
                         "VALUES (?,?,?,?,?,?,0)", (player, pool, rating, rd, 0.06, games))
