"""The contract of the competitive-play port (players, ratings, a rated end, chat,
challenges) and of a game's terms and clocks: SQLite and PostgreSQL pass the same tests."""

from __future__ import annotations

import asyncio
import time

import pytest

from mancala.engine.position import Outcome, OutcomeKind
from mancala_server.compete_store import ChallengeRow, ChatRow, ClockMark, Terms
from mancala_server.fencing import Fence, FencedOut
from mancala_server.ratings import NEW_PLAYER_GAMES, RatedSide, computer_rating
from mancala_server.storage import Storage
from tests.storage.rows import a_game

WIN_SOUTH = Outcome(OutcomeKind.WIN, 0)
TIE = Outcome(OutcomeKind.TIE, None)


async def seasoned(storage: Storage, player: str, name: str) -> None:
    """`player` past a new player's first games (NEW_PLAYER_GAMES rated draws against the
    computer at 1500): from now on their results move their opponents fully."""
    cpu = RatedSide(1, None, "Computer (level 1)", computer_rating(1))
    for n in range(NEW_PLAYER_GAMES):
        gid, fence = await a_game(storage, f"S{player[2:5].upper()}{n:02d}")
        await storage.end_rated_game(gid, TIE, "agreement", "draw", "oware_abapa",
                                     [RatedSide(0, player, name), cpu], fence)


async def test_a_taken_name_is_refused_regardless_of_case_and_secrets_let_players_in(storage: Storage) -> None:
    assert await storage.new_player("p-ann-0001", "Ann", "hash-a")
    assert not await storage.new_player("p-ann-0002", "ANN", "hash-b")
    assert (await storage.player_by_name("aNN")).id == "p-ann-0001"  # type: ignore[union-attr]
    assert await storage.player_by_secret("p-ann-0001", "hash-a") is not None
    assert await storage.player_by_secret("p-ann-0001", "hash-b") is None
    assert await storage.new_player("p-bob-0001", "Bob", "hash-c")
    assert not await storage.rename_player("p-bob-0001", "ann")
    assert await storage.rename_player("p-bob-0001", "Robert")
    assert (await storage.player("p-bob-0001")).name == "Robert"  # type: ignore[union-attr]


async def test_a_transfer_code_works_once_and_not_after_it_expires(storage: Storage) -> None:
    await storage.new_player("p-ann-0001", "Ann", "hash-a")
    await storage.add_transfer("code-1", "p-ann-0001", time.time() + 60)
    await storage.add_transfer("code-old", "p-ann-0001", time.time() - 1)
    assert await storage.redeem_transfer("code-old", "hash-x") is None
    got = await storage.redeem_transfer("code-1", "hash-new")
    assert got is not None and got.id == "p-ann-0001"
    assert await storage.redeem_transfer("code-1", "hash-other") is None
    assert await storage.player_by_secret("p-ann-0001", "hash-new") is not None


async def test_a_redeemed_transfer_ends_the_players_older_secrets(storage: Storage) -> None:
    await storage.new_player("p-ann-0001", "Ann", "hash-first")
    await storage.new_player("p-bob-0001", "Bob", "hash-bob")
    await storage.add_transfer("code-1", "p-ann-0001", time.time() + 60)
    await storage.redeem_transfer("code-1", "hash-phone")
    assert await storage.player_by_secret("p-ann-0001", "hash-first") is None  # a copied key is worth nothing
    assert await storage.player_by_secret("p-ann-0001", "hash-phone") is not None
    assert await storage.player_by_secret("p-bob-0001", "hash-bob") is not None  # nobody else's


async def test_a_rated_end_stores_the_result_and_both_ratings_with_their_history(storage: Storage) -> None:
    for pid, name in (("p-ann-0001", "Ann"), ("p-bob-0001", "Bob")):
        await storage.new_player(pid, name, f"h-{pid}")
        await seasoned(storage, pid, name)
    gid, fence = await a_game(storage, "RATED1")
    await storage.set_terms(gid, Terms(True, {"base": 300, "increment": 2, "days": 0},
                                       ("p-ann-0001", "p-bob-0001")), fence)
    sides = [RatedSide(0, "p-ann-0001", "Ann"), RatedSide(1, "p-bob-0001", "Bob")]
    settled = await storage.end_rated_game(gid, WIN_SOUTH, "timeout", "South wins on time", "oware_abapa",
                                           sides, fence)
    ann, bob = settled
    assert ann.after.rating > ann.before.rating > 1400 and bob.after.rating < bob.before.rating
    assert ann.after.games == bob.after.games == NEW_PLAYER_GAMES + 1 and ann.weight == bob.weight == 1.0
    game = await storage.game(gid)
    assert game is not None and (game.outcome, game.reason) == (WIN_SOUTH, "timeout")
    assert game.match is not None and game.match.terms.rated and game.match.terms.clock == {
        "base": 300, "increment": 2, "days": 0}
    board = await storage.leaderboard("oware_abapa")
    assert [p.name for p, _ in board] == ["Ann", "Bob"]
    profile = await storage.player_profile("bob")
    assert profile is not None and round(profile.ratings["oware_abapa"].rating) == round(bob.after.rating)
    assert [h["game_id"] for h in profile.history][-1] == gid
    assert profile.games[0]["id"] == gid and profile.games[0]["seat"] == 1 and profile.games[0]["rated"]
    # the next game starts from the stored ratings
    gid2, _ = await a_game(storage, "RATED2")
    again = await storage.end_rated_game(gid2, TIE, "agreement", "draw",
                                         "oware_abapa", sides, Fence("RATED2", 1))
    assert again[0].before == ann.after and again[0].after.games == NEW_PLAYER_GAMES + 2


async def test_rule_a_fresh_identity_moves_its_opponent_nothing_and_its_own_rating_fully(storage: Storage) -> None:
    """Farming limits (ratings.py, new_opponent_weight): a new player's results vouch for
    nothing, so the established player's rating stays; the newcomer's moves fully."""
    for pid, name in (("p-ann-0001", "Ann"), ("p-new-0001", "New")):
        await storage.new_player(pid, name, f"h-{pid}")
    await seasoned(storage, "p-ann-0001", "Ann")
    gid, fence = await a_game(storage, "FRESH1")
    ann, new = await storage.end_rated_game(gid, Outcome(OutcomeKind.WIN, 1), "resign", "North wins",
                                            "oware_abapa", [RatedSide(0, "p-ann-0001", "Ann"),
                                                            RatedSide(1, "p-new-0001", "New")], fence)
    assert ann.weight == 0.0 and ann.after.rating == ann.before.rating and ann.after.games == NEW_PLAYER_GAMES + 1
    assert new.weight == 1.0 and new.after.rating > 1600 and new.after.games == 1
    assert (await storage.ratings_of("p-ann-0001"))["oware_abapa"] == ann.after


async def test_rule_the_same_pairs_games_count_less_and_less_within_the_window(storage: Storage) -> None:
    """Farming limits (ratings.py, pair_weight): the stored rated games of the two players
    in the ladder within PAIR_WINDOW are counted in the transaction that rates the next."""
    for pid, name in (("p-ann-0001", "Ann"), ("p-bob-0001", "Bob"), ("p-cy-00001", "Cy")):
        await storage.new_player(pid, name, f"h-{pid}")
        await seasoned(storage, pid, name)
    ann, bob, cy = (RatedSide(0, "p-ann-0001", "Ann"), RatedSide(1, "p-bob-0001", "Bob"),
                    RatedSide(1, "p-cy-00001", "Cy"))
    weights = []
    for n in range(5):
        gid, fence = await a_game(storage, f"PAIR{n:02d}")
        settled = await storage.end_rated_game(gid, WIN_SOUTH, "resign", "South wins", "oware_abapa",
                                               [ann, bob], fence)
        weights.append([s.weight for s in settled])
    assert weights == [[1.0, 1.0], [1.0, 1.0], [0.5, 0.5], [0.25, 0.25], [0.125, 0.125]]
    gid, fence = await a_game(storage, "PAIRCY")  # another opponent: a pair of its own
    settled = await storage.end_rated_game(gid, WIN_SOUTH, "resign", "South wins", "oware_abapa", [ann, cy], fence)
    assert [s.weight for s in settled] == [1.0, 1.0]


async def test_a_computer_keeps_its_fixed_rating(storage: Storage) -> None:
    await storage.new_player("p-ann-0001", "Ann", "h")
    gid, fence = await a_game(storage, "CPU001")
    sides = [RatedSide(0, "p-ann-0001", "Ann"), RatedSide(1, None, "Computer (level 2)", computer_rating(2))]
    ann, cpu = await storage.end_rated_game(gid, Outcome(OutcomeKind.WIN, 1), "rules", "x", "oware_abapa",
                                            sides, fence)
    assert cpu.after == cpu.before == computer_rating(2) and ann.after.rating < 1500
    assert [p.name for p, _ in await storage.leaderboard("oware_abapa")] == ["Ann"]


async def test_clocks_chat_and_takebacks_read_back_and_refuse_an_old_epoch(storage: Storage) -> None:
    gid, fence = await a_game(storage, "CLOCK1")
    for ply in range(3):
        await storage.add_move(gid, ply, ply % 2, ply, fence)
        await storage.add_move_clock(gid, ply, (60_000 - ply, 59_000 - ply), fence)
    await storage.pause_clock(gid, ClockMark(3, (50_000, 40_000)), fence)
    await storage.add_chat(gid, ChatRow(1.0, 0, "ann", "players", "good luck"), fence)
    await storage.add_chat(gid, ChatRow(2.0, None, "cy", "spectators", "<b>hi</b>"), fence)
    game = await storage.game(gid)
    assert game is not None and game.match is not None
    assert game.match.last == ClockMark(2, (59_998, 58_998)) and game.match.pause == ClockMark(3, (50_000, 40_000))
    assert [(c.channel, c.text) for c in await storage.chat(gid)] == [("players", "good luck"),
                                                                     ("spectators", "<b>hi</b>")]
    await storage.take_back(gid, 2, None, fence)
    game = await storage.game(gid)
    assert game is not None and game.moves == [(0, 0), (1, 1)] and game.match is not None
    assert game.match.last == ClockMark(1, (59_999, 58_999))
    # the pause was of a position the takeback left: were it kept, a restart after the
    # moves played again to its ply count would give back the time they used
    assert game.match.pause is None
    # the clocks as they stand after a takeback are stored by the same write
    await storage.take_back(gid, 1, ClockMark(1, (45_000, 40_000)), fence)
    game = await storage.game(gid)
    assert game is not None and game.moves == [(0, 0)] and game.match is not None
    assert game.match.last == ClockMark(0, (60_000, 59_000))
    assert game.match.pause == ClockMark(1, (45_000, 40_000))
    taken = await storage.take_room("CLOCK1")
    assert taken is not None
    for write in (storage.add_move_clock(gid, 1, (1, 1), fence), storage.add_chat(gid, ChatRow(3.0, 0, "a", "players",
                                                                                                "x"), fence),
                  storage.take_back(gid, 0, ClockMark(0, (1, 1)), fence), storage.set_terms(gid, Terms(), fence),
                  storage.pause_clock(gid, ClockMark(1, (1, 1)), fence),
                  storage.end_rated_game(gid, WIN_SOUTH, "rules", "x", "oware_abapa", [], fence)):
        with pytest.raises(FencedOut):
            await write


async def test_a_takeback_drops_the_rounds_that_began_after_its_ply(storage: Storage) -> None:
    """A round starts after the move that ended the one before: taking that move back
    leaves the round unplayed, so its stored layout goes too (a replay reaching a round's
    end at that ply again would otherwise lay out the old board, and the explorer would cut
    the game's opening short there)."""
    gid, fence = await a_game(storage, "ROUND1")
    for ply in range(6):
        await storage.add_move(gid, ply, ply % 2, ply, fence)
    first, second = {"board": [1] * 12, "stores": [10, 14]}, {"board": [2] * 12, "stores": [12, 12]}
    await storage.add_round(gid, 2, first, fence)
    await storage.add_round(gid, 5, second, fence)
    await storage.take_back(gid, 4, None, fence)
    game = await storage.game(gid)
    assert game is not None and len(game.moves) == 4 and game.rounds == {2: first}
    await storage.take_back(gid, 2, None, fence)  # the round starting at ply 2 stays: its move is kept
    game = await storage.game(gid)
    assert game is not None and game.rounds == {2: first}
    await storage.take_back(gid, 1, None, fence)
    game = await storage.game(gid)
    assert game is not None and game.moves == [(0, 0)] and not game.rounds


async def test_a_challenge_is_settled_once(storage: Storage) -> None:
    row = ChallengeRow("ch-000001", "p-ann-0001", "p-bob-0001", "oware_abapa", {"base": 60, "increment": 0,
                                                                              "days": 0}, True, "open", 1.0)
    await storage.add_challenge(row)
    assert [c.id for c in await storage.open_challenges("p-bob-0001")] == ["ch-000001"]
    results = await asyncio.gather(storage.settle_challenge("ch-000001", "accepted"),
                                   storage.settle_challenge("ch-000001", "withdrawn"))
    settled = [r for r in results if r is not None]
    assert len(settled) == 1 and settled[0].clock == row.clock and settled[0].rated
    assert await storage.open_challenges("p-bob-0001") == []
    assert (await storage.challenge("ch-000001")).status == settled[0].status  # type: ignore[union-attr]


async def test_a_challenges_settings_are_kept(storage: Storage) -> None:
    settings = {"capt_on": [2, 3, 4], "mustpass": True}
    await storage.add_challenge(ChallengeRow("ch-000002", "p-ann-0001", "p-bob-0001", "oware", None, False,
                                             "open", 1.0, settings))
    await storage.add_challenge(ChallengeRow("ch-000003", "p-ann-0001", "p-bob-0001", "oware", None, False,
                                             "open", 2.0))
    assert [c.settings for c in await storage.open_challenges("p-bob-0001")] == [settings, None]
    assert [c.settings for c in await storage.open_challenges_by("p-ann-0001")] == [settings, None]
    assert (await storage.settle_challenge("ch-000002", "accepted")).settings == settings  # type: ignore[union-attr]


async def test_a_rated_end_applies_ratings_once(storage: Storage) -> None:
    for pid, name in (("p-ann-0001", "Ann"), ("p-bob-0001", "Bob")):
        await storage.new_player(pid, name, f"h-{pid}")
    gid, fence = await a_game(storage, "ONCE01")
    sides = [RatedSide(0, "p-ann-0001", "Ann"), RatedSide(1, "p-bob-0001", "Bob")]
    first = await storage.end_rated_game(gid, WIN_SOUTH, "rules", "South wins", "oware_abapa", sides, fence)
    assert len(first) == 2
    again = await storage.end_rated_game(gid, Outcome(OutcomeKind.WIN, 1), "rules", "North wins", "oware_abapa",
                                         sides, fence)
    assert again == []
    ratings = await storage.ratings_of("p-ann-0001")
    assert ratings["oware_abapa"] == first[0].after and ratings["oware_abapa"].games == 1
    game = await storage.game(gid)
    assert game is not None and (game.outcome, game.result) == (WIN_SOUTH, "South wins")
    profile = await storage.player_profile("Ann")
    assert profile is not None and len(profile.history) == 1


async def test_an_unknown_player_has_no_profile_no_ratings_and_no_row(storage: Storage) -> None:
    assert await storage.player("p-nobody-01") is None
    assert await storage.player_by_name("Nobody") is None
    assert await storage.player_profile("Nobody") is None
    assert await storage.ratings_of("p-nobody-01") == {}
    assert await storage.leaderboard("oware_abapa") == []


async def test_terms_are_replaced_and_a_game_without_terms_is_untimed_and_casual(storage: Storage) -> None:
    gid, fence = await a_game(storage, "TERMS1")
    game = await storage.game(gid)
    assert game is not None and game.match is not None
    assert (game.match.terms, game.match.last, game.match.pause) == (Terms(), None, None)
    await storage.set_terms(gid, Terms(True, {"base": 60, "increment": 0, "days": 0}, ("a", "b"), pie=True), fence)
    await storage.set_terms(gid, Terms(True, {"base": 60, "increment": 0, "days": 0}, ("b", "a"), pie=True,
                                       swapped=True), fence)  # the swap rule taken: seats as they are now
    game = await storage.game(gid)
    assert game is not None and game.match is not None
    assert game.match.terms == Terms(True, {"base": 60, "increment": 0, "days": 0}, ("b", "a"), True, True)


async def test_open_challenges_are_listed_by_maker_and_by_target_oldest_first(storage: Storage) -> None:
    for n, (by, to, created) in enumerate((("ann", "bob", 2.0), ("ann", "cy", 1.0), ("cy", "bob", 3.0))):
        await storage.add_challenge(ChallengeRow(f"ch-{n}", by, to, "oware_abapa", None, False, "open", created))
    assert [c.id for c in await storage.open_challenges("bob")] == ["ch-0", "ch-2"]
    assert [c.id for c in await storage.open_challenges_by("ann")] == ["ch-1", "ch-0"]
    assert await storage.settle_challenge("ch-1", "declined") is not None
    assert [c.id for c in await storage.open_challenges_by("ann")] == ["ch-0"]
    assert await storage.settle_challenge("ch-nope", "declined") is None
    assert await storage.challenge("ch-nope") is None
    got = await storage.challenge("ch-0")
    assert got is not None and (got.clock, got.rated) == (None, False)
