"""no_sides: moves may start from any hole, whoever moves.

Worked out by hand from the reference and docs/rules-decisions.md ("no_sides"). The rows
remain the players' sides of the board for everything else: the stores at their ends,
capt_side, sown-opposite tests, child rules and HOLE_OWNER collection. 3 holes a side:
South 0 1 2, North 3 4 5 (hole i faces 5-i).
"""

from __future__ import annotations

import io
import json

import pytest

from mancala.engine import Game, IllegalMove, OutcomeKind
from mancala.replay import run_request
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from tests.engine.helpers import at, make, run, variant


def free(**gi):
    return make(3, 2, stores=True, no_sides=True, **gi)


def test_either_player_may_start_from_any_hole_with_seeds():
    game = free()
    pos = game.start(0)
    assert game.legal_moves(pos) == [0, 1, 2, 3, 4, 5]
    pos = at(game, [0, 2, 0, 1, 0, 3], turn=1)
    assert game.legal_moves(pos) == [1, 3, 5]
    with pytest.raises(IllegalMove, match="hole 0 has 0 seeds"):
        game.play(pos, 0)


def test_owners_are_null_in_state_lines():
    game = free()
    assert game.state_json(game.start(0))["owners"] == [None] * 6
    out, err = io.StringIO(), io.StringIO()
    request = {"config": variant(3, 2, stores=True, no_sides=True), "starter": 0, "moves": [4, 0]}
    assert run_request(request, out, err) == 0, err.getvalue()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    states = [line for line in lines if "board" in line]
    assert states[1]["board"] == [3, 2, 2, 2, 0, 3]  # South moved from North's hole 4
    assert all(s["owners"] == [None] * 6 for s in states)


def test_the_movers_store_stays_at_the_end_of_its_row():
    game = free(sow_own_store=True)
    # South from North's hole 4: 5, then 0 (North's store after 5 is not South's to sow)
    pos = run(game, [2] * 6, 4)
    assert (pos.board, pos.stores, pos.turn) == ([3, 2, 2, 2, 0, 3], [0, 0], 1)
    # South from 1: 2, then South's store: another turn
    pos = run(game, [2] * 6, 1)
    assert (pos.board, pos.stores, pos.turn) == ([2, 0, 3, 2, 2, 2], [1, 0], 0)


@pytest.mark.parametrize(("move", "board", "stores"), [
    (3, [1, 1, 1, 0, 0, 1], [2, 0]),  # ends in 4, on North's side: captured
    (0, [0, 2, 1, 1, 1, 1], [0, 0]),  # ends in 1, South's own side: no capture
])
def test_capture_sides_stay_the_rows(move, board, stores):
    game = free(capt_on=[2], capt_side="OPP_SIDE")
    pos = run(game, [1] * 6, move, stores=[0, 0])
    assert (pos.board, pos.stores) == (board, stores)


@pytest.mark.parametrize(("unclaimed", "stores", "outcome"), [
    ("HOLE_OWNER", [6, 6], (OutcomeKind.TIE, None)),  # each row's seed to its side's player
    ("LAST_MOVER", [7, 5], (OutcomeKind.WIN, 0)),
])
def test_the_game_ends_when_no_hole_can_start_a_move(unclaimed, stores, outcome):
    game = free(min_move=2, unclaimed=unclaimed)
    # South sows 2 from North's 4 into 5 and 0: no hole holds 2 seeds any more
    pos = run(game, [0, 0, 0, 0, 2, 0], 4, stores=[5, 5])
    assert (pos.board, pos.stores) == ([0] * 6, stores)
    assert (pos.outcome.kind, pos.outcome.winner) == outcome


def test_north_south_cycle_seeds_stay_on_the_row_they_are_sown_on():
    raw = variant(3, 2, stores=True, no_sides=True) | {"game_class": "NorthSouthCycle"}
    game = Game(parse_variant(raw))
    pos = run(game, [2] * 6, 4)  # South sows North's row: 5, then round to 3
    assert (pos.board, pos.turn) == ([2, 2, 2, 3, 0, 3], 1)


@pytest.mark.parametrize(("allow_rule", "turn", "legal"), [
    # every hole holds two: the rightmost as the mover sees the board, its own row first
    ("TWO_ONLY_ALL_RIGHT", 0, [2]),
    ("TWO_ONLY_ALL_RIGHT", 1, [5]),
    # the two rightmost: its own row's rightmost, then the hole facing it
    ("FIRST_TURN_ONLY_RIGHT_TWO", 0, [2, 3]),
    ("FIRST_TURN_ONLY_RIGHT_TWO", 1, [0, 5]),
])
def test_allow_rules_read_every_hole_as_the_movers(allow_rule, turn, legal):
    game = free(allow_rule=allow_rule)
    assert game.legal_moves(at(game, [2] * 6, turn=turn)) == legal


@pytest.mark.parametrize("extra", [
    {"goal": "DEPRIVE"}, {"goal": "CLEAR"}, {"grandslam": "NO_CAPT"}, {"mustshare": True},
])
def test_rules_that_need_a_players_own_seeds_are_refused(extra):
    with pytest.raises(VariantError) as info:
        parse_variant(variant(3, 2, stores=True, no_sides=True, **extra))
    assert "no_sides_incompat" in {v.rule for v in info.value.violations}


def test_territory_games_refuse_no_sides():
    with pytest.raises(VariantError) as info:
        parse_variant(variant(3, 2, stores=True, no_sides=True, goal="TERRITORY", goal_param=4))
    assert "terr_incompat" in {v.rule for v in info.value.violations}
