"""Which finished games the opening explorer counts and what each adds (explorer.py):
the rules by name, on stored game rows."""

from __future__ import annotations

from typing import Any

from mancala.engine.position import Outcome, OutcomeKind
from mancala_server.compete_store import MatchState, Terms
from mancala_server.explorer import PathError, book_key, judge, parse_path
from mancala_server.explorer_rows import DEPTH
from mancala_server.store import GameRow

START = {"board": [4] * 8, "stores": [0, 0]}
VARIANT = {"game_info": {"name": "Kalah"}}
NORTH_WINS = Outcome(OutcomeKind.WIN, 1)


def row(moves: list[tuple[int, Any]] | None = None, *, players: tuple[str | None, str | None] = ("p-ann", "p-bob"),
        outcome: Outcome | None = NORTH_WINS, reason: str = "rules", rated: bool = False,
        start: dict[str, Any] | None = START, rounds: dict[int, dict[str, Any]] | None = None,
        starter: int = 0) -> GameRow:
    moves = moves if moves is not None else [(0, 1), (1, 5), (0, 2), (1, 6)]
    return GameRow(7, "ROOM01", "kalah_4", VARIANT, starter, ["ann", "bob"], outcome, reason, "over", moves,
                   start, rounds, MatchState(Terms(rated=rated, players=players)))


def test_a_counted_game_adds_each_move_with_its_mover() -> None:
    judged = judge(row(), True, START, (None, None))
    assert judged.counts and judged.winner == 1 and judged.rating is None
    assert [(s.path, s.move, s.mover) for s in judged.steps] == [
        ("[]", "1", 0), ("[1]", "5", 1), ("[1,5]", "2", 0), ("[1,5,2]", "6", 1)]
    assert judged.result_for(1) == (1, 0, 0) and judged.result_for(0) == (0, 0, 1)


def test_a_draw_is_a_draw_for_both() -> None:
    judged = judge(row(outcome=Outcome(OutcomeKind.TIE, None)), True, START, (None, None))
    assert judged.result_for(0) == judged.result_for(1) == (0, 1, 0)


def test_why_a_game_is_not_counted() -> None:
    cases = {
        "no result": row(outcome=None),
        "no result ": row(reason="aborted"),
        "a seat without a known player": row(players=("p-ann", None)),
        "one player on both seats": row(players=("p-ann", "p-ann")),
        "too short": row(moves=[(0, 1), (1, 5), (0, 2)]),
    }
    for why, game in cases.items():
        assert judge(game, True, START, (None, None)).why_not == why.strip()
    assert judge(row(), False, START, (None, None)).why_not == "a private game"
    assert judge(row(), True, None, (None, None)).why_not == "not the standard layout"
    assert judge(row(start={"board": [5, 3] * 4, "stores": [0, 0]}), True, START, (None, None)).why_not == \
        "not the standard layout"


def test_only_the_first_depth_moves_and_the_first_round_count() -> None:
    long = [(i % 2, i % 4) for i in range(DEPTH + 10)]
    assert len(judge(row(long), True, START, (None, None)).steps) == DEPTH
    rounds = judge(row(long, rounds={6: START}), True, START, (None, None))
    assert len(rounds.steps) == 6, "a later round starts from its own layout"


def test_a_rated_game_carries_its_players_average_rating() -> None:
    assert judge(row(rated=True), True, START, (1500, 1700)).rating == 1600
    assert judge(row(rated=True), True, START, (1500, None)).rating is None
    assert judge(row(rated=False), True, START, (1500, 1700)).rating is None


def test_the_book_is_the_definition_and_the_starter() -> None:
    assert book_key("kalah_4", VARIANT, 0) != book_key("kalah_4", VARIANT, 1)
    assert book_key("kalah_4", VARIANT, 0) != book_key("kalah_4", {"game_info": {"name": "Kalah 2"}}, 0)
    assert judge(row(starter=1), True, START, (None, None)).book == book_key("kalah_4", VARIANT, 1)


def test_a_path_is_bounded_and_shaped() -> None:
    assert parse_path(None) == [] and parse_path("[1,[2,\"CW\"]]") == [1, [2, "CW"]]
    for bad in ("{}", "[true]", "[1.5]", "[[1,2,3,4]]", "[" + ",".join(["1"] * (DEPTH + 1)) + "]", "[10000]"):
        try:
            parse_path(bad)
        except PathError:
            continue
        raise AssertionError(f"{bad} was taken")
