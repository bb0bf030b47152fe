"""Game classes other than Mancala (game_class), worked out by hand from the parameter
reference (game_param_descs.txt, `game_class`) and docs/rules-decisions.md "Game classes".

Board indices: South 0..n-1, North n..2n-1, CCW = +1. With 3 holes a side: South
0 1 2, North 3 4 5; 0<->5, 1<->4, 2<->3 face each other.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from mancala.engine import Game
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from tests.engine.helpers import at, kids, variant


def make_class(game_class: str, holes: int = 3, nbr_start: int = 2, **game_info: Any) -> Game:
    raw = variant(holes, nbr_start, **game_info)
    raw["game_class"] = game_class
    return Game(parse_variant(raw), c_core=False)


def refused(game_class: str, holes: int = 3, nbr_start: int = 2, **game_info: Any) -> str:
    raw = variant(holes, nbr_start, **game_info)
    raw["game_class"] = game_class
    with pytest.raises(VariantError) as info:
        parse_variant(raw)
    return "; ".join(v.message for v in info.value.violations)


# ---- NorthSouthCycle ----------------------------------------------------------------


def test_ns_cycle_sows_round_the_own_row_only():
    game = make_class("NorthSouthCycle")
    pos = at(game, [2, 5, 2, 2, 2, 2])
    pos = game.play(pos, 1)  # 5 seeds: 2, 0, 1, 2, 0 -- never onto North's row
    assert pos.board == [4, 1, 4, 2, 2, 2]
    assert pos.stores == [0, 0]
    assert pos.turn == 1
    pos = game.play(pos, 5)  # North: 2 seeds from the last hole of its row: 3, 4
    assert pos.board == [4, 1, 4, 3, 3, 0]
    assert pos.turn == 0


def test_ns_cycle_passes_the_own_store_at_the_end_of_the_own_row():
    game = make_class("NorthSouthCycle", stores=True, sow_own_store=True)
    pos = at(game, [2, 2, 3, 2, 2, 2])
    pos = game.play(pos, 2)  # store, 0, 1
    assert pos.board == [3, 3, 0, 2, 2, 2]
    assert pos.stores == [1, 0]
    pos = game.play(pos, 5)  # North: store, 3 (its own row), not South's 0
    assert pos.board == [3, 3, 0, 3, 2, 0]
    assert pos.stores == [1, 1]


def test_ns_cycle_clockwise_wraps_within_the_row():
    game = make_class("NorthSouthCycle", sow_direct="CW")
    pos = at(game, [3, 1, 1, 2, 2, 2])
    pos = game.play(pos, 0)  # clockwise: 2, 1, 0 (from 0 the next hole is 2, not North's 5)
    assert pos.board == [1, 2, 2, 2, 2, 2]
    pos = game.play(pos, 3)  # North clockwise from 3: 5, 4
    assert pos.board == [1, 2, 2, 0, 3, 3]


def test_ns_cycle_cross_capture_reaches_the_other_row():
    game = make_class("NorthSouthCycle", stores=True, crosscapt=True, xcpickown="PICK_ON_CAPT")
    pos = at(game, [0, 0, 2, 3, 1, 1])
    pos = game.play(pos, 2)  # 0, 1: 1 was empty and faces 4 (1): 1 + 1
    assert pos.board == [1, 0, 0, 3, 0, 1]
    assert pos.stores == [2, 0]


def test_ns_cycle_multi_lap_continues_round_the_row():
    game = make_class("NorthSouthCycle", mlaps="LAPPER")
    pos = at(game, [2, 2, 0, 2, 2, 2])
    # 1: 2 seeds: 2, 0 -> 0 holds 3: on: 1, 2, 0 -> 0 holds 1: stop
    pos = game.play(pos, 1)
    assert pos.board == [1, 1, 2, 2, 2, 2]


def test_ns_cycle_children_are_made_round_the_row():
    game = make_class("NorthSouthCycle", child_type="NORMAL", child_cvt=3)
    pos = at(game, [2, 2, 2, 1, 1, 1])
    pos = game.play(pos, 2)  # 0, 1: 1 holds three: South's child
    assert pos.board == [3, 3, 0, 1, 1, 1] and pos.children == kids(".S....")


def test_ns_cycle_qur_reaches_across():
    # the reference: players affect each other with Qur children, among others
    game = make_class("NorthSouthCycle", child_type="QUR", child_cvt=3)
    pos = at(game, [2, 0, 0, 3, 5, 5])
    pos = game.play(pos, 0)  # 1, 2: 2 was empty and faces 3 (three): both South's
    assert pos.board == [0, 1, 1, 3, 5, 5] and pos.children == kids("..SS..")
    assert game.legal_moves(pos) == [4, 5]


def test_ns_cycle_bull_pairs_with_the_hole_before_round_the_row():
    game = make_class("NorthSouthCycle", child_type="BULL", child_cvt=4)
    pos = at(game, [3, 2, 2, 1, 6, 6])
    pos = game.play(pos, 1)  # 2, 0: 0 makes four and 2, just before it in the row, three
    assert pos.board == [4, 0, 3, 1, 6, 6] and pos.children == kids("S.S...")


def test_ns_cycle_prescribed_opening_sows_round_the_row():
    game = make_class("NorthSouthCycle", stores=True, sow_own_store=True, prescribed="BASIC_SOWER")
    pos = at(game, [1, 1, 3, 2, 2, 2])
    pos = game.play(pos, 2)  # the opening passes no store: 0, 1, 2
    assert pos.board == [2, 2, 1, 2, 2, 2] and pos.stores == [0, 0] and pos.turn == 1


def test_ns_cycle_multiple_captures_chain_back_round_the_row():
    game = make_class("NorthSouthCycle", stores=True, capt_on=[2], multicapt=-1)
    pos = at(game, [1, 2, 1, 2, 1, 2])
    pos = game.play(pos, 1)  # 2, 0: 0 makes two; back round the row: 2 (two), then 1 (none)
    assert pos.board == [0, 0, 0, 2, 1, 2] and pos.stores == [4, 0]


def test_ns_cycle_allow_rule_looks_at_the_next_hole_of_the_row():
    # SINGLE_TO_ZERO: a single seed moves only into an empty hole; after 2 comes 0
    game = make_class("NorthSouthCycle", allow_rule="SINGLE_TO_ZERO")
    pos = at(game, [0, 1, 1, 5, 1, 1])
    assert game.legal_moves(pos) == [2]


def test_ns_cycle_sow_rules_go_round_the_row():
    game = make_class("NorthSouthCycle", sow_rule="MAX_SOW", sow_param=3)
    pos = at(game, [2, 3, 0, 2, 2, 2])
    pos = game.play(pos, 0)  # 1 holds three: skipped; 2, then 0 (the row goes round)
    assert pos.board == [1, 3, 1, 2, 2, 2]


def test_ns_cycle_capture_before_sowing():
    game = make_class("NorthSouthCycle", stores=True, presowcapt="CAPT_ONE")
    pos = at(game, [0, 0, 3, 2, 2, 2])
    pos = game.play(pos, 2)  # one of the three taken, then 0, 1
    assert pos.board == [1, 1, 0, 2, 2, 2] and pos.stores == [1, 0]


# ---- EastWestCycle ------------------------------------------------------------------
# 4 holes a side: South 0 1 2 3, North 4 5 6 7. South holds the west half 0, 1, 6, 7
# (counter-clockwise 0, 1, 6, 7, 0), North the east half 2, 3, 4, 5 (2, 3, 4, 5, 2).


def test_ew_cycle_clockwise():
    game = make_class("EastWestCycle", holes=4, goal="CLEAR", sow_direct="CW")
    pos = at(game, [2, 0, 2, 2, 2, 2, 2, 2])
    pos = game.play(pos, 0)  # clockwise from 0: 7, 6
    assert pos.board == [0, 0, 2, 2, 2, 2, 3, 3]
    pos = game.play(pos, 2)  # North clockwise from 2: 5, 4
    assert pos.board == [0, 0, 0, 2, 3, 3, 3, 3]


def test_ew_cycle_prescribed_opening_sows_round_the_half():
    game = make_class("EastWestCycle", holes=4, goal="CLEAR", stores=True, sow_own_store=True,
                      prescribed="BASIC_SOWER")
    pos = at(game, [4, 1, 1, 1, 1, 1, 1, 1])
    pos = game.play(pos, 0)  # the opening passes no store: 1, 6, 7, 0
    assert pos.board == [1, 2, 1, 1, 1, 1, 2, 2] and pos.stores == [0, 0] and pos.turn == 1


# ---- SameSide -----------------------------------------------------------------------


def same_side(**game_info: Any) -> Game:
    return make_class("SameSide", capt_on=[4], capt_side="OWN_SIDE", goal="CLEAR", **game_info)


def test_placing_captured_seeds_in_a_choose_direction_hole_names_a_direction():
    # South's 1 seed from hole 0 makes 4 in hole 1: captured, then placed in a North hole.
    # Hole 4 (North's position 1) is a choose-direction hole, so the reference lists it
    # with both directions for the placement too; either direction drops all 4 there
    game = same_side(udir_holes=[1])
    pos = at(game, [1, 3, 1, 2, 2, 2])
    pos = game.play(pos, 0)
    assert (pos.board, pos.stores, pos.turn) == ([0, 0, 1, 2, 2, 2], [4, 0], 0)
    assert game.legal_moves(pos) == [3, (4, "CCW"), (4, "CW"), 5]
    placed = game.play(pos, [4, "CW"])
    assert (placed.board, placed.stores, placed.turn) == ([0, 0, 1, 2, 6, 2], [0, 0], 1)
    assert game.play(pos, [4, "CCW"]).board == placed.board


# ---- Ohojichi -----------------------------------------------------------------------
# SameSide on the halves of EastWestCycle. 4 holes a side: South holds 0, 1, 6, 7
# (cycle 0, 1, 6, 7, 0), North 2, 3, 4, 5.


# ---- BearOff ------------------------------------------------------------------------


def bear_off(**game_info: Any) -> Game:
    return make_class("BearOff", stores=True, goal="CLEAR", **game_info)


def test_bear_off_seeds_past_the_end_go_to_the_store_and_end_the_turn():
    game = bear_off(sow_own_store=True)  # not even a sow that ends at the store repeats
    pos = at(game, [0, 1, 0, 1, 1, 0], stores=[4, 5], turn=1)
    pos = game.play(pos, 4)  # 5
    assert pos.board == [0, 1, 0, 1, 0, 1] and pos.turn == 0
    pos = game.play(pos, 1)  # 2
    pos = game.play(pos, 5)  # North's last hole: into North's store; no other turn
    assert pos.board == [0, 0, 1, 1, 0, 0] and pos.stores == [4, 6]
    assert pos.turn == 0 and pos.outcome is None


def test_bear_off_clockwise_ends_at_the_first_hole():
    game = bear_off(sow_direct="CW")
    pos = at(game, [1, 1, 0, 0, 1, 1], stores=[4, 4])
    pos = game.play(pos, 1)  # clockwise 1 -> 0: stays on the board
    assert pos.board == [2, 0, 0, 0, 1, 1] and pos.stores == [4, 4]
    pos = game.play(pos, 4)  # North clockwise: 4 -> 3, its last hole that way
    assert pos.board == [2, 0, 0, 1, 0, 1]
    pos = game.play(pos, 0)  # 0 is South's end clockwise: both seeds borne off
    assert pos.board == [0, 0, 0, 1, 0, 1] and pos.stores == [6, 4]
    assert pos.outcome is not None and pos.outcome.winner == 0


# ---- Diffusion, DiffusionV2 ------------------------------------------------------------
# 4 holes a side: South 0 1 2 3, North 4 5 6 7; 0<->7, 1<->6, 2<->5, 3<->4. A hole's
# seeds go round its three places: next along the row counter-clockwise, across, next
# along the row clockwise; past a row's end a seed leaves play (the mover's store).


def diffusion() -> Game:
    return make_class("Diffusion", 4, 3, goal="CLEAR", no_sides=True)


def test_diffusion_hands_the_seeds_round_the_start_hole_from_its_next_neighbour():
    # 5 from South's 1: next along (2), across from it (5), across from 1 (6), across from
    # 0 (7), then back to the row: 0. The move's record ends where the last seed went.
    game = diffusion()
    pos = game.play(at(game, [3, 5, 3, 3, 3, 3, 3, 3]), 1)
    assert (pos.board, pos.stores) == ([4, 0, 4, 3, 3, 4, 4, 4], [0, 0])
    assert pos.last == (0, 1, 5, 0)


def test_diffusion_a_corner_move_sends_two_seeds_out_of_play():
    # 5 from the corner 0: 1, across (6), across from 0 (7); the next two would go past the
    # row's end: out of play (counted in the one store). The sowing ends at 7.
    game = diffusion()
    pos = game.play(at(game, [5, 3, 3, 3, 3, 3, 3, 3]), 0)
    assert (pos.board, pos.stores) == ([0, 4, 3, 3, 3, 3, 4, 4], [2, 0])
    assert pos.last == (0, 0, 5, 7)
    # North's corner 4 with 3 seeds: 5, across (2), 3; none reaches the row's end
    pos = game.play(at(game, [3, 3, 3, 3, 3, 3, 3, 3], turn=1), 4)
    assert (pos.board, pos.stores) == ([3, 3, 4, 4, 0, 4, 3, 3], [0, 0])
    assert pos.last == (1, 4, 3, 3)


def test_diffusion_a_hole_holding_five_passes_its_seed_out_of_play():
    game = diffusion()
    pos = game.play(at(game, [3, 5, 5, 3, 3, 3, 3, 3]), 1)  # 2 holds five: its seed leaves
    assert (pos.board, pos.stores) == ([4, 0, 5, 3, 3, 4, 4, 4], [1, 0])


# ---- random games on every class --------------------------------------------------------

RANDOM_CLASSES = [
    ("NorthSouthCycle", 4, 3, {"stores": True, "crosscapt": True, "multicapt": -1}),
    ("NorthSouthCycle", 4, 3, {"stores": True, "child_type": "BULL", "child_cvt": 4,
                               "sow_rule": "MAX_SOW", "sow_param": 6}),
    ("NorthSouthCycle", 3, 3, {"stores": True, "no_sides": True, "child_type": "WEG", "child_cvt": 4}),
    ("EastWestCycle", 4, 3, {"goal": "CLEAR", "stores": True, "sow_own_store": True,
                             "prescribed": "MLAPS_SOWER"}),
    ("BearOff", 4, 2, {"stores": True, "goal": "CLEAR"}),
    ("BearOff", 4, 2, {"stores": True, "capt_on": [2, 3], "mustshare": True}),
    ("BearOff", 3, 2, {"stores": True, "rounds": "HALF_SEEDS", "round_fill": "LEFT_FILL"}),
    ("Diffusion", 4, 3, {"goal": "CLEAR", "no_sides": True}),
    ("DiffusionV2", 6, 2, {"goal": "CLEAR", "no_sides": True}),
    ("SameSide", 4, 3, {"goal": "CLEAR", "capt_on": [4], "capt_side": "OWN_SIDE"}),
    ("Ohojichi", 4, 3, {"goal": "CLEAR", "capt_on": [4], "multicapt": 2,
                        "prescribed": "ARNGE_LIMIT"}),
]


@pytest.mark.parametrize(("cls", "holes", "nbr", "info"), RANDOM_CLASSES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(RANDOM_CLASSES)])
def test_random_games_on_every_class_keep_every_seed(cls: str, holes: int, nbr: int,
                                                      info: dict[str, Any]) -> None:
    """Random games (fixed seeds): no seed is made or lost (board and stores), every
    listed move plays, a finished game lists no move, a round's end leads to the next."""
    game = make_class(cls, holes, nbr, **info)
    rng = random.Random(f"{cls}{sorted(info)}")
    moves = 0
    for _ in range(10):
        pos = game.start(rng.randrange(2))
        total = sum(pos.board) + sum(pos.stores)
        for _ in range(150):
            if pos.outcome is not None:
                assert game.legal_moves(pos) == []
                if pos.outcome.kind.value not in ("ROUND_WIN", "ROUND_TIE"):
                    break
                pos = game.next_round(pos)
                continue
            legal = game.legal_moves(pos)
            if not legal:
                break
            pos = game.play(pos, rng.choice(legal))
            moves += 1
            assert sum(pos.board) + sum(pos.stores) == total
    assert moves > 100  # the games were played, not refused at the start
