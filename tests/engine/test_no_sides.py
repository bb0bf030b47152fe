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
    (3, [1, 1, 1, 0, 0, 1], [2, 0]),  # ends in 4, on North's row: captured
    (0, [0, 0, 1, 1, 1, 1], [2, 0]),  # ends in 1, on South's row: captured as well
])
def test_captures_are_made_on_either_row(move, board, stores):
    game = free(capt_on=[2])
    pos = run(game, [1] * 6, move, stores=[0, 0])
    assert (pos.board, pos.stores) == (board, stores)


def test_capt_side_is_refused_in_no_sides_games():
    with pytest.raises(VariantError) as info:
        free(capt_on=[2], capt_side="OPP_SIDE")
    assert {v.rule for v in info.value.violations} == {"no_sides_bad_capt_side"}


@pytest.mark.parametrize("unclaimed", ["HOLE_OWNER", "LAST_MOVER", "DIVVIED"])
def test_the_game_ends_when_no_hole_can_start_a_move_and_the_seeds_left_score_nobody(unclaimed):
    """As the reference (TakeOnlyChildNStores for no_sides): whatever unclaimed says, the
    seeds left in play leave the board unscored."""
    game = free(min_move=2, unclaimed=unclaimed)
    # South sows 2 from North's 4 into 5 and 0: no hole holds 2 seeds any more
    pos = run(game, [0, 0, 0, 0, 2, 0], 4, stores=[5, 5])
    assert (pos.board, pos.stores) == ([0] * 6, [5, 5])
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.TIE, None)


def test_north_south_cycle_seeds_stay_on_the_row_they_are_sown_on():
    raw = variant(3, 2, stores=True, no_sides=True) | {"game_class": "NorthSouthCycle"}
    game = Game(parse_variant(raw), c_core=False)
    pos = run(game, [2] * 6, 4)  # South sows North's row: 5, then round to 3
    assert (pos.board, pos.turn) == ([2, 2, 2, 3, 0, 3], 1)


@pytest.mark.parametrize("allow_rule", ["TWO_ONLY_ALL_RIGHT", "FIRST_TURN_ONLY_RIGHT_TWO",
                                        "RIGHT_2_1ST_THEN_ALL_TWO", "NOT_XFROM_1S"])
def test_allow_rules_that_read_row_positions_are_refused(allow_rule):
    with pytest.raises(VariantError) as info:
        free(allow_rule=allow_rule)
    assert {v.rule for v in info.value.violations} == {"allowrule_mlen3"}


def test_allow_rules_read_every_hole_as_the_movers():
    game = free(allow_rule="TWO_ONLY_ALL")
    # North to move: the holes of two are not allowed while other holes can move
    assert game.legal_moves(at(game, [2, 1, 2, 3, 2, 0], turn=1)) == [1, 3]
    assert game.legal_moves(at(game, [2, 0, 2, 0, 2, 0], turn=1)) == [0, 2, 4]


@pytest.mark.parametrize(("extra", "rule"), [
    ({"grandslam": "NO_CAPT"}, "no_sides_bad_grandslam"),
    ({"mustshare": True}, "no_sides_bad_mustshare"),
    ({"mustpass": True}, "no_sides_bad_mustpass"),
    ({"stores": False}, "no_sides_need_stores"),
])
def test_rules_that_need_a_players_own_seeds_are_refused(extra, rule):
    with pytest.raises(VariantError) as info:
        parse_variant(variant(3, 2, **({"stores": True, "no_sides": True} | extra)))
    assert {v.rule for v in info.value.violations} == {rule}


@pytest.mark.parametrize("goal", ["DEPRIVE", "CLEAR"])
def test_elimination_goals_are_played_with_no_sides(goal):
    game = free(goal=goal)
    assert game.legal_moves(game.start(0)) == [0, 1, 2, 3, 4, 5]


def test_territory_games_refuse_no_sides():
    with pytest.raises(VariantError) as info:
        parse_variant(variant(3, 2, stores=True, no_sides=True, goal="TERRITORY", goal_param=4))
    assert "terr_no_sides_incomp" in {v.rule for v in info.value.violations}
