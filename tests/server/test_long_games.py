"""One endless game must not stall the server (issue 23, point 3): a stored game's
positions come a bounded page at a time, replayed off the event loop and kept once the
game is over; a connection's catch-ups (spectate) are bounded; and a game ends at the
server's move limit."""

from __future__ import annotations

import random

from mancala.engine.game import Game
from mancala.rules.loading import config_paths, load_variant, read_json
from mancala_client.api import ServerError
from mancala_server.rules_worker import RulesWorkers
from mancala_server.stored_rules import Definitions, StoredGames
from tests.server.helpers import ann_and_bob, get_json, play_moves

KALAH = read_json(config_paths()["kalah_4"])  # a stored game's definition: today's file


def _stored() -> StoredGames:
    """Stored games by the package's definitions (no rules worker is started for them)."""
    return StoredGames(Definitions(config_paths()), RulesWorkers(1, 5.0))


async def test_positions_come_a_bounded_page_at_a_time(server, connect) -> None:
    a, b, room, state = await ann_and_bob(connect)
    last = await play_moves(room, [a, b], state.state, rng=random.Random(3), count=7)
    assert last.outcome is None
    status, whole = await get_json(server.port, f"/api/games/{state.game_id}/positions")
    assert status == 200 and whole["total"] == 8 and whole["next"] is None and len(whole["states"]) == 8
    status, page = await get_json(server.port, f"/api/games/{state.game_id}/positions?from=2&limit=3")
    assert status == 200
    assert (page["from"], page["total"], page["next"]) == (2, 8, 5) and page["states"] == whole["states"][2:5]
    status, page = await get_json(server.port, f"/api/games/{state.game_id}/positions?from=5&limit=3")
    assert page["next"] is None and page["states"] == whole["states"][5:]
    for query in ("limit=501", "limit=0", "from=-1", "from=x"):
        status, got = await get_json(server.port, f"/api/games/{state.game_id}/positions?{query}")
        assert status == 400 and got["error"] == "bad_request", query


async def test_a_finished_games_positions_are_replayed_once(server, connect) -> None:
    a, b, room, state = await ann_and_bob(connect)
    await play_moves(room, [a, b], state.state, rng=random.Random(4), count=6)
    await a.request({"type": "resign", "room": room})
    pages = [await get_json(server.port, f"/api/games/{state.game_id}/positions?from={f}&limit=2")
             for f in (0, 2, 4, 6)]
    assert [p["states"] for _, p in pages[:3]] != [] and all(status == 200 for status, _ in pages)
    assert sum((p["states"] for _, p in pages), []) == \
        (await get_json(server.port, f"/api/games/{state.game_id}/positions"))[1]["states"]
    assert server.hub.position_pages.replays == 1  # every later page a slice of the kept replay


async def test_a_live_games_pages_replay_only_the_moves_not_replayed_yet(server, connect) -> None:
    a, b, room, state = await ann_and_bob(connect)
    last = await play_moves(room, [a, b], state.state, rng=random.Random(7), count=6)
    pages = server.hub.position_pages
    status, first = await get_json(server.port, f"/api/games/{state.game_id}/positions")
    assert status == 200 and first["total"] == 7
    assert pages.kept[state.game_id].played == 6
    for _ in range(3):  # asked again and again: nothing new to play, nothing new to encode
        _, again = await get_json(server.port, f"/api/games/{state.game_id}/positions?from=4")
        assert again["states"] == first["states"][4:] and again["next"] is None
    assert pages.kept[state.game_id].played == 6
    last = await play_moves(room, [a, b], last, rng=random.Random(8), count=2, start_ply=6)
    status, later = await get_json(server.port, f"/api/games/{state.game_id}/positions")
    assert later["total"] == 9 and later["states"][:7] == first["states"]
    assert later["states"][8]["board"] == last.board
    assert pages.kept[state.game_id].played == 8  # the two new moves, not the game again


async def test_a_kept_replay_that_no_longer_fits_its_game_starts_again() -> None:
    from mancala_server.position_pages import PositionPages
    from mancala_server.store import GameRow

    game = Game(load_variant(config_paths()["kalah_4"]))
    pos, moves = game.start(0), []
    rng = random.Random(9)
    for _ in range(8):
        move = rng.choice(game.legal_moves(pos))
        moves.append((pos.turn, move))
        pos = game.play(pos, move)
    row = GameRow(77, "ROOM", "kalah_4", KALAH, 0, ["a", "b"], None, None, None, moves[:6])
    pages = PositionPages(_stored())
    await pages.page(row, 0, 500)
    # a takeback, then other moves: the kept replay's moves are no longer the game's
    other = next(m for m in game.legal_moves(game.start(0)) if m != moves[0][1])
    changed = GameRow(77, "ROOM", "kalah_4", KALAH, 0, ["a", "b"], None, None, None, [(0, other)])
    page = await pages.page(changed, 0, 500)
    assert page["states"][1] == game.state_json(game.play(game.start(0), other))
    assert pages.kept[77].played == 1


async def test_a_game_ends_at_the_move_limit(start_server, connect) -> None:
    server = await start_server(move_cap_per_seed=0, move_cap_minimum=6)
    url = f"ws://127.0.0.1:{server.port}/ws"
    a, b, room, state = await ann_and_bob(lambda name: connect(name, to=url))
    last = await play_moves(room, [a, b], state.state, rng=random.Random(5), count=6)
    assert last.outcome is None  # the rules did not end it
    over = await a.next_event("game_over")
    assert over.reason == "rules" and "move limit (6 moves)" in over.result
    with_half = max(last.stores) * 2 > sum(last.board) + sum(last.stores)
    assert (over.outcome["winner"] is not None) == with_half
    try:
        await b.move(room, last.legal[0], 6)
    except ServerError as exc:
        assert exc.code == "game_over"
    else:
        raise AssertionError("a move past the limit was taken")
    # the rules text states the limit
    _, rules = await get_json(server.port, "/api/variants/kalah_4")
    game = Game(load_variant(config_paths()["kalah_4"]))
    assert rules["move_cap"] == 6 and game.variant.holes == 6


async def test_a_connections_catch_ups_are_bounded(start_server, connect) -> None:
    server = await start_server(catch_up_rate=0.001, catch_up_burst=20)
    url = f"ws://127.0.0.1:{server.port}/ws"
    a, b, room, state = await ann_and_bob(lambda name: connect(name, to=url))
    await play_moves(room, [a, b], state.state, rng=random.Random(6), count=6)
    watcher = await connect("cy", to=url)
    codes = []
    for _ in range(5):
        try:
            await watcher.spectate(room)
            codes.append("ok")
        except ServerError as exc:
            codes.append(exc.code)
    # 20 moves of catch-up at once: three of this 6-move game, then refused, typed
    assert codes == ["ok", "ok", "ok", "rate_limited", "rate_limited"]


def test_a_request_that_finds_a_finished_replay_not_yet_recorded_does_not_spin() -> None:
    """The replay's task done, its done callback not run yet: awaiting a done future does
    not yield, so a loop waiting for the callback would never let it run."""
    import asyncio
    import threading

    from mancala_server.position_pages import PositionPages
    from mancala_server.store import GameRow
    from mancala_server.stored_replay import carry_on

    game = Game(load_variant(config_paths()["kalah_4"]))
    move = game.legal_moves(game.start(0))[0]
    row = GameRow(78, "ROOM", "kalah_4", KALAH, 0, ["a", "b"], None, None, None, [(0, move)])
    answers: list[object] = []

    async def ask() -> None:
        pages = PositionPages(_stored())
        done: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        done.set_result(carry_on(game, row, None, None))
        pages.replaying[78] = done  # as between the task's end and its callback
        answers.append(await pages.page(row, 0, 10))

    worker = threading.Thread(target=asyncio.run, args=(ask(),), daemon=True)
    worker.start()
    worker.join(10)
    assert not worker.is_alive() and len(answers) == 1


async def test_an_addresss_connections_share_one_catch_up_budget(start_server, connect) -> None:
    # each connection may catch up on 20 moves at once, the address on 28 in all
    server = await start_server(catch_up_rate=0.001, catch_up_burst=20,
                                catch_up_address_rate=0.001, catch_up_address_burst=28)
    url = f"ws://127.0.0.1:{server.port}/ws"
    a, b, room, state = await ann_and_bob(lambda name: connect(name, to=url))
    await play_moves(room, [a, b], state.state, rng=random.Random(6), count=6)
    first, second = await connect("cy", to=url), await connect("di", to=url)
    codes = []
    for watcher in (first, first, first, second, second):
        try:
            await watcher.spectate(room)
            codes.append("ok")
        except ServerError as exc:
            codes.append(exc.code if "one address" in exc.message else f"{exc.code} (connection)")
    # 18 moves on the first socket, then 6 on the second: a third 6 would pass the address's 28,
    # though the second socket's own budget (20) would allow more
    assert codes == ["ok", "ok", "ok", "ok", "rate_limited"]
