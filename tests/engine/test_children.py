"""Children: child_type, child_cvt, child_locs, child_rule, and what children do to moves,
captures, multi-lap sowing and the end of the game.

Expected positions are worked out by hand from the parameter reference and
docs/rules-decisions.md ("Children"). With 3 holes a side: South 0 1 2, North 3 4 5;
0<->5, 1<->4, 2<->3 face each other. With 4: South 0..3, North 4..7, hole i faces 7-i.
Children are written one character a hole (tests.engine.helpers.kids): "." none,
"S" South's, "N" North's.
"""

from __future__ import annotations

import pytest

from mancala.engine import IllegalMove, OutcomeKind
from mancala.engine.children import LOC_PATTERNS, location_table
from mancala.rules.enums import ChildLocs
from mancala.rules.errors import VariantError
from tests.engine.helpers import at, kids, make, run

KIDS = {"stores": True, "child_type": "NORMAL", "child_cvt": 4}


def children(pos) -> str:
    return "".join("." if c is None else "SN"[c] for c in pos.children)


# ---- child_type ---------------------------------------------------------------------------


def test_normal_a_final_seed_making_child_cvt_makes_a_child_instead_of_a_capture():
    game = make(holes=3, **KIDS, evens=True)
    pos = run(game, [1, 3, 0, 2, 2, 2], 0)  # hole 1 sown to 4: a child, not an even capture
    assert (pos.board, pos.stores, pos.turn, children(pos)) == ([0, 4, 0, 2, 2, 2], [0, 0], 1, ".S....")
    plain = make(holes=3, stores=True, evens=True)
    assert run(plain, [1, 3, 0, 2, 2, 2], 0).stores == [4, 0]


@pytest.mark.parametrize(("cvt", "made"), [(3, "......"), (4, ".S...."), (5, "......")])
def test_child_cvt_is_the_exact_count_the_final_seed_must_make(cvt, made):
    game = make(holes=3, stores=True, child_type="NORMAL", child_cvt=cvt)
    assert children(run(game, [1, 3, 0, 2, 2, 2], 0)) == made


def test_children_start_empty():
    assert make(holes=3, **KIDS).start(0).children == [None] * 6
    assert make(holes=3, stores=True).start(0).children == [None] * 6
    assert make(holes=3, **KIDS).state_json(make(holes=3, **KIDS).start(0))["children"] == [None] * 6


def test_one_child_a_player_with_a_child_makes_no_other():
    game = make(holes=3, stores=True, child_type="ONE_CHILD", child_cvt=3)
    assert children(run(game, [1, 2, 0, 3, 3, 2], 0)) == ".S...."
    pos = run(game, [1, 2, 0, 3, 3, 2], 0, children=".....S")  # South already has one
    assert (pos.board, children(pos)) == ([0, 3, 0, 3, 3, 2], ".....S")
    # the opponent's child does not count against North
    pos = run(game, [0, 0, 2, 1, 2, 3], 3, turn=1, children="S.....")
    assert children(pos) == "S...N."


def test_weg_a_sow_ending_in_the_opponents_weg_takes_the_seed_sown_and_one_more():
    game = make(holes=3, stores=True, child_type="WEG", child_cvt=4, capt_rturn="ALWAYS")
    pos = run(game, [1, 1, 3, 2, 2, 2], 1, children="..N...")  # hole 2 sown to 4: take 2
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 2, 2, 2, 2], [2, 0], 0)  # a capture: repeat
    pos = run(game, [1, 1, 0, 2, 2, 2], 1, children="..N...")  # only the seed just sown
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 0, 2, 2, 2], [1, 0], 0)


def test_weg_the_own_weg_is_not_captured_and_wegs_are_made_like_normal_children():
    game = make(holes=3, stores=True, child_type="WEG", child_cvt=4, capt_rturn="ALWAYS")
    pos = run(game, [1, 1, 3, 2, 2, 2], 1, children="..S...")
    assert (pos.board, pos.stores, pos.turn) == ([1, 0, 4, 2, 2, 2], [0, 0], 1)
    pos = run(game, [1, 1, 3, 2, 2, 2], 1)  # a weg is made: not a capture, no repeat turn
    assert (pos.board, pos.stores, pos.turn, children(pos)) == ([1, 0, 4, 2, 2, 2], [0, 0], 1, "..S...")


BULL = {"stores": True, "child_type": "BULL", "child_cvt": 4}


@pytest.mark.parametrize(
    ("board", "after", "made"),
    [
        ([0, 1, 3, 0, 3, 3, 3, 3], [0, 0, 4, 0, 3, 3, 3, 3], "..S....."),  # final 4: one bull
        ([0, 2, 2, 3, 3, 3, 3, 3], [0, 0, 3, 4, 3, 3, 3, 3], "..SS...."),  # last two 3, 4: two
        ([0, 2, 3, 2, 3, 3, 3, 3], [0, 0, 4, 3, 3, 3, 3, 3], "..SS...."),  # 4, 3: either order
        ([0, 2, 3, 3, 3, 3, 3, 3], [0, 0, 4, 4, 3, 3, 3, 3], "...S...."),  # 4, 4: the final only
        ([0, 2, 1, 2, 3, 3, 3, 3], [0, 0, 2, 3, 3, 3, 3, 3], "........"),  # 3 alone: none
    ],
)
def test_bull_one_bull_at_child_cvt_two_when_the_last_two_seeds_make_cvt_minus_1_and_cvt(board, after, made):
    game = make(holes=4, **BULL)
    pos = run(game, board, 1)
    assert (pos.board, children(pos)) == (after, made)


def test_bull_the_hole_before_is_the_boards_previous_hole_past_the_store():
    # South sows 3 from hole 2: hole 3, the store, hole 4. Hole 4 is sown to 4; the hole
    # before it on the board, 3, holds 3: both become bulls (the reference steps back over
    # the board's holes, the store is not one)
    game = make(holes=4, **BULL, sow_own_store=True)
    pos = run(game, [0, 0, 3, 2, 3, 3, 3, 3], 2)
    assert (pos.board, pos.stores, children(pos)) == ([0, 0, 0, 3, 4, 3, 3, 3], [1, 0], "...SS...")


def test_qur_a_seed_into_an_empty_hole_facing_child_cvt_makes_children_of_both_holes():
    game = make(holes=3, stores=True, child_type="QUR", child_cvt=3, crosscapt=True)
    pos = run(game, [1, 0, 6, 6, 3, 0], 0)  # 1 was empty, 4 holds 3: both South's, no capture
    assert (pos.board, pos.stores, children(pos)) == ([0, 1, 6, 6, 3, 0], [0, 0], ".S..S.")
    pos = run(game, [1, 0, 6, 6, 2, 0], 0)  # 4 holds 2: no qur, the cross capture
    assert (pos.board, pos.stores, children(pos)) == ([0, 1, 6, 6, 0, 0], [2, 0], "......")
    pos = run(game, [1, 1, 6, 6, 3, 0], 0)  # 1 was not empty
    assert children(pos) == "......"


# ---- what children do ------------------------------------------------------------------------


def test_moves_never_start_from_a_child():
    game = make(holes=3, **KIDS)
    pos = at(game, [0, 5, 1, 2, 2, 2], children=".S....")
    assert game.legal_moves(pos) == [2]
    with pytest.raises(IllegalMove, match="child"):
        game.play(pos, 1)
    pos = at(game, [1, 1, 3, 2, 2, 2], children="..N...")  # North's child on South's row
    assert game.legal_moves(pos) == [0, 1]


def test_a_child_is_never_captured_but_a_sow_ending_in_an_empty_child_captures_across():
    game = make(holes=3, **KIDS, crosscapt=True)
    pos = run(game, [1, 0, 0, 4, 3, 4], 0, children="....N.")  # 1 faces North's child
    assert (pos.board, pos.stores) == ([0, 1, 0, 4, 3, 4], [0, 0])
    # the reference's CaptCross looks at the last hole's count only: a lone seed in an
    # empty child of South's takes the hole across
    pos = run(game, [1, 0, 0, 4, 3, 4], 0, children=".S....")
    assert (pos.board, pos.stores) == ([0, 1, 0, 4, 0, 4], [3, 0])
    assert run(game, [1, 0, 0, 4, 3, 4], 0).stores == [3, 0]  # no child: the same capture


def test_children_need_grandslam_legal():
    with pytest.raises(VariantError) as err:
        make(holes=3, stores=True, child_type="NORMAL", child_cvt=5, capt_on=[2],
             grandslam="NO_CAPT")
    assert {v.rule for v in err.value.violations} == {"child_no_gs"}


def test_mustshare_seeds_in_a_child_do_not_feed_the_opponent():
    game = make(holes=3, **KIDS, mustshare=True)
    pos = at(game, [1, 2, 0, 0, 0, 4], children=".....N")  # North's seeds are all in its child
    assert game.legal_moves(pos) == [1]  # 1 reaches hole 3; 0 does not


def test_a_row_whose_seeds_are_all_in_children_has_no_move():
    game = make(holes=3, **KIDS)
    pos = at(game, [1, 2, 0, 0, 0, 4], turn=1, children=".....N")
    assert game.legal_moves(pos) == []


def test_multi_lap_sowing_stops_where_a_child_is_made():
    game = make(holes=3, **KIDS, mlaps="LAPPER")
    pos = run(game, [2, 1, 3, 1, 1, 1], 0)  # 2 sown to 4: a child, no lap from it
    assert (pos.board, pos.turn, children(pos)) == ([0, 2, 4, 1, 1, 1], 1, "..S...")
    plain = make(holes=3, stores=True, mlaps="LAPPER")
    assert run(plain, [2, 1, 3, 1, 1, 1], 0).board == [1, 2, 0, 2, 2, 2]


def test_a_lap_ending_in_a_child_ends_the_sow():
    game = make(holes=3, **KIDS, mlaps="LAPPER")
    pos = run(game, [2, 1, 5, 3, 3, 3], 0, children="..S...")
    assert (pos.board, pos.turn) == ([0, 2, 6, 3, 3, 3], 1)


def test_lapper_next_cannot_be_used_with_children():
    with pytest.raises(VariantError) as err:
        make(holes=3, **KIDS, mlaps="LAPPER_NEXT")
    assert {v.rule for v in err.value.violations} == {"next_ml_nochild"}


def test_normal_without_stores_captures_only_with_a_child_and_into_the_first_child():
    game = make(holes=3, child_type="NORMAL", child_cvt=4, crosscapt=True)
    pos = run(game, [1, 0, 0, 6, 3, 2], 0)  # no child yet: no capture
    assert (pos.board, pos.stores) == ([0, 1, 0, 6, 3, 2], [0, 0])
    pos = run(game, [1, 0, 0, 6, 3, 2], 0, children=".....S")
    assert (pos.board, pos.stores) == ([0, 1, 0, 6, 0, 5], [0, 0])
    # South's first child counted counter-clockwise from its own left: 2 before 5
    pos = run(game, [1, 0, 1, 6, 3, 2], 0, children="..S..S")
    assert pos.board == [0, 1, 4, 6, 0, 2]
    # North's too: its lowest-numbered child, 0 before 5 (rules-decisions, OnlyChild 0:61)
    pos = run(game, [2, 3, 6, 1, 0, 0], 3, turn=1, children="N....N")
    assert (pos.board, pos.stores) == ([5, 0, 6, 0, 1, 0], [0, 0])


def test_children_count_like_stores_for_more_than_half_and_go_to_their_owner_at_the_end():
    game = make(holes=3, **KIDS)
    # 20 seeds: South holds 6 + 5 in its child at 5, more than half: the game ends with
    # the board as it stands
    pos = run(game, [1, 0, 0, 2, 2, 5], 0, stores=[6, 4], children=".....S")
    assert (pos.board, pos.stores, children(pos)) == ([0, 1, 0, 2, 2, 5], [6, 4], ".....S")
    assert pos.outcome.kind == OutcomeKind.WIN and pos.outcome.winner == 0
    # without the child's seeds South would hold 6 of 20: the game goes on
    pos = run(game, [1, 0, 0, 2, 2, 5], 0, stores=[6, 4])
    assert (pos.outcome, pos.turn) == (None, 1)
    # when nobody can move, children stay their owner's and the rest is collected
    game = make(holes=3, **KIDS, unclaimed="DONT_SCORE")
    # (16 seeds: South 2 + 5 in its child, North 8: no majority; North has no move, and
    # South's seed in hole 1 is dropped unscored)
    pos = run(game, [1, 0, 0, 0, 0, 5], 0, stores=[2, 8], children=".....S")
    assert (pos.board, pos.stores, children(pos)) == ([0, 0, 0, 0, 0, 5], [2, 8], ".....S")
    assert pos.outcome.kind == OutcomeKind.WIN and pos.outcome.winner == 1


def test_picklastseeds_counts_the_seeds_outside_children():
    # 2 seeds in play (holes 1 and 4) after the move: South takes them; North's child, 6
    game = make(holes=3, nbr_start=2, **KIDS, pickextra="PICKLASTSEEDS")
    pos = run(game, [1, 0, 0, 0, 1, 6], 0, stores=[9, 3], children=".....N")
    # South then holds 11 of 20: the game ends, North's child left as it stands
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 0, 6], [11, 3])
    assert pos.outcome.kind == OutcomeKind.WIN and pos.outcome.winner == 0


def test_a_50_lap_stop_without_stores_gives_the_seeds_in_play_to_the_children():
    game = make(holes=3, child_type="NORMAL", child_cvt=4, mlaps="LAPPER")  # no stores
    pos = at(game, [1, 2, 3, 4, 5, 6], children=".....S")
    # the end of an endless sowing: no stores, so the seeds in play go to the children;
    # only South has one: all 15 go into it
    outcome = game.pipe.end_game(pos)
    assert (pos.board, pos.stores) == ([0, 0, 0, 0, 0, 21], [0, 0])
    assert (outcome.kind, outcome.winner, pos.turn) == (OutcomeKind.WIN, 0, 0)


# The end of a game without stores: the seeds collected (here DIVVIED between the players)
# go into each player's first child; both to the only player with one; with no child on
# the board, to the row ends (hole 0 for South, the last hole for North). Both rule
# versions agree where no seeds were kept out of play.
NO_STORES = {"child_type": "NORMAL", "child_cvt": 4, "unclaimed": "DIVVIED"}
VERSIONS = pytest.mark.parametrize("version", ["1.8", "1.10"])


@VERSIONS
@pytest.mark.parametrize(
    ("board", "kids", "after", "winner"),
    [
        # 3 seeds in play when North is left without a move: South 1, North 2, into each
        # player's first child (South's in hole 0 counts as a child like any other)
        ([4, 1, 2, 0, 5, 0], "S...N.", [5, 0, 0, 0, 7, 0], 1),
        # only South has a child (in hole 0): all 8 in play go into it
        ([4, 1, 7, 0, 0, 0], "S.....", [12, 0, 0, 0, 0, 0], 0),
        # only North has a child, in South's hole 0 or its own hole 4: all 8 into it
        ([4, 1, 7, 0, 0, 0], "N.....", [12, 0, 0, 0, 0, 0], 1),
        ([0, 1, 7, 0, 4, 0], "....N.", [0, 0, 0, 0, 12, 0], 1),
        # no child yet: 11 in play, South's 5 to hole 0 and North's 6 to hole 5
        ([5, 1, 5, 0, 0, 0], "......", [5, 0, 0, 0, 0, 6], 1),
    ],
)
def test_without_stores_the_seeds_collected_at_the_end_go_into_the_children(version, board, kids, after, winner):
    game = make(holes=3, rules_version=version, **NO_STORES)
    pos = run(game, board, 1, children=kids)
    assert (pos.board, pos.stores, children(pos)) == (after, [0, 0], kids)
    assert (pos.outcome.kind, pos.outcome.winner) == (OutcomeKind.WIN, winner)


@VERSIONS
def test_without_stores_a_repeat_turn_is_the_movers_even_when_the_opponent_has_no_move(version):
    # South's last seed makes hole 2 even: captured into its child at 5; North (its child
    # in hole 3, nothing to sow) has no move, but South plays again: the game goes on
    kids = "...N.S"
    game = make(holes=3, rules_version=version, child_type="NORMAL", child_cvt=4, evens=True,
                capt_rturn="ALWAYS")
    pos = run(game, [2, 1, 1, 6, 0, 4], 1, children=kids)
    assert (pos.board, pos.turn, pos.outcome) == ([2, 0, 0, 6, 0, 6], 0, None)
    # without the repeat turn North's lack of a move ends it: South's 2 into its child
    game = make(holes=3, rules_version=version, child_type="NORMAL", child_cvt=4, evens=True)
    pos = run(game, [2, 1, 1, 6, 0, 4], 1, children=kids)
    assert (pos.board, pos.outcome.kind, pos.outcome.winner) == ([0, 0, 0, 6, 0, 8], OutcomeKind.WIN, 0)


def test_search_key_tells_children_apart():
    game = make(holes=3, **KIDS)
    a = at(game, [1, 3, 0, 2, 2, 2])
    b = at(game, [1, 3, 0, 2, 2, 2], children="..S...")
    assert game.search_key(a) != game.search_key(b)


def test_child_making_is_held_back_by_nocaptmoves_too():
    """The reference's NotInhibited wraps the whole capture step, children included."""
    game = make(holes=3, **KIDS, evens=True, nocaptmoves=1)
    pos = run(game, [1, 3, 0, 2, 2, 2], 0)
    assert (children(pos), pos.stores) == ("......", [0, 0])
    pos = at(game, [1, 3, 0, 2, 2, 2], mcount=1)
    pos.inhibit = False  # as after the first move of the game
    assert children(game.play(pos, 0)) == ".S...."


# ---- child_rule ----------------------------------------------------------------------------

RULE = {"stores": True, "child_type": "NORMAL", "child_cvt": 3}


@pytest.mark.parametrize(
    ("rule", "own_side", "opp_side"),
    [
        ("NONE", ".S....", "...S.."),
        ("OPP_SIDE_ONLY", "......", "...S.."),
        ("OWN_SIDE_ONLY", ".S....", "......"),
    ],
)
def test_child_rule_sides(rule, own_side, opp_side):
    game = make(holes=3, **RULE, child_rule=rule)
    assert children(run(game, [1, 2, 0, 2, 2, 3], 0)) == own_side  # hole 1 sown to 3
    assert children(run(game, [0, 2, 0, 2, 2, 3], 1)) == opp_side  # 2 seeds: hole 3 sown to 3


@pytest.mark.parametrize(
    ("rule", "single_first", "two_first", "own_side"),
    [
        ("NOT_1ST_OPP", "......", "...S..", ".S...."),
        ("OPPS_ONLY_NOT_1ST", "......", "...S..", "......"),
    ],
)
def test_child_rule_not_in_the_first_opponent_hole_by_a_single_seed(rule, single_first, two_first, own_side):
    game = make(holes=3, **RULE, child_rule=rule)
    assert children(run(game, [0, 0, 1, 2, 2, 3], 2)) == single_first  # one seed, 2 -> 3
    assert children(run(game, [0, 2, 0, 2, 2, 3], 1)) == two_first  # two seeds end in 3
    assert children(run(game, [1, 2, 0, 2, 2, 3], 0)) == own_side


def test_not_1st_opp_the_first_opponent_hole_follows_the_sowing_direction():
    game = make(holes=3, **RULE, child_rule="NOT_1ST_OPP", sow_direct="CW")
    assert children(run(game, [1, 0, 0, 2, 2, 2], 0)) == "......"  # one seed, 0 -> 5 clockwise
    ccw = make(holes=3, **RULE, child_rule="NOT_1ST_OPP")
    assert children(run(ccw, [2, 0, 0, 2, 2, 1], 5, turn=1)) == "......"  # North: one seed 5 -> 0
    assert children(run(ccw, [2, 0, 0, 2, 2, 0], 4, turn=1)) == "N....."  # two seeds end in 0


TERRITORY = {"goal": "TERRITORY", "goal_param": 4, "nbr_start": 2, **RULE}


@pytest.mark.parametrize(
    ("rule", "north_owned", "south_owned"),
    [("OPP_OWNER_ONLY", "..S...", "......"), ("OWN_OWNER_ONLY", "......", "...S..")],
)
def test_child_rule_owners_are_the_hole_owners(rule, north_owned, south_owned):
    game = make(holes=3, **TERRITORY, child_rule=rule)
    pos = at(game, [0, 1, 2, 2, 2, 2])
    pos.owner = [0, 0, 1, 1, 1, 1]  # North owns hole 2
    assert children(game.play(pos, 1)) == north_owned
    pos = at(game, [0, 0, 1, 2, 2, 2])
    pos.owner = [0, 0, 0, 0, 1, 1]  # South owns hole 3
    assert children(game.play(pos, 2)) == south_owned


# ---- child_locs ----------------------------------------------------------------------------

# The reference's scheme by hand: (top row, bottom row), left to right as South sees the
# board, for board lengths 2..7 (2: a e; 3: a c e; 4: a b d e; 5+: a b c..c d e).

# ---- the child_locs tables, read per hole ------------------------------------------------------
# "T" the top player (North) may make a child there, "B" the bottom player (South), "TB"
# both, "N" neither; the top row as shown (North's holes from 2n-1 down to n).


def _cell(players: tuple[int, ...] | None) -> str:
    if players is None:
        return "N"
    return ("T" if 1 in players else "") + ("B" if 0 in players else "")


# the two rules that bar a child by another child also keep a location pattern
BASE_PATTERN = {ChildLocs.NOT_SYM_OPP: ChildLocs.NO_OPP_LEFT,
                ChildLocs.NOT_FACING: ChildLocs.NO_OPP_RIGHT}


def locs_by_hole(pattern: ChildLocs, holes: int) -> list[str]:
    pattern = BASE_PATTERN.get(pattern, pattern)
    if pattern not in LOC_PATTERNS:  # ANYWHERE
        return ["TB"] * (2 * holes)
    return [_cell(p) for p in location_table(pattern, holes)]


def locs_rows(pattern: ChildLocs, holes: int) -> tuple[list[str], list[str]]:
    cells = locs_by_hole(pattern, holes)
    return [cells[loc] for loc in range(2 * holes - 1, holes - 1, -1)], cells[:holes]


def allowed_by_locs(pattern: ChildLocs, holes: int) -> tuple[list[bool], list[bool]]:
    cells = locs_by_hole(pattern, holes)
    return ["B" in c for c in cells], ["T" in c for c in cells]

LOCS_TABLE: dict[str, dict[int, tuple[str, str]]] = {
    "ANYWHERE": {
        2: ("TB TB", "TB TB"),
        3: ("TB TB TB", "TB TB TB"),
        4: ("TB TB TB TB", "TB TB TB TB"),
        5: ("TB TB TB TB TB", "TB TB TB TB TB"),
        6: ("TB TB TB TB TB TB", "TB TB TB TB TB TB"),
        7: ("TB TB TB TB TB TB TB", "TB TB TB TB TB TB TB"),
    },
    "ENDS_ONLY": {
        2: ("TB TB", "TB TB"),
        3: ("TB N TB", "TB N TB"),
        4: ("TB N N TB", "TB N N TB"),
        5: ("TB N N N TB", "TB N N N TB"),
        6: ("TB N N N N TB", "TB N N N N TB"),
        7: ("TB N N N N N TB", "TB N N N N N TB"),
    },
    "NO_ENDS": {
        2: ("N N", "N N"),
        3: ("N TB N", "N TB N"),
        4: ("N TB TB N", "N TB TB N"),
        5: ("N TB TB TB N", "N TB TB TB N"),
        6: ("N TB TB TB TB N", "N TB TB TB TB N"),
        7: ("N TB TB TB TB TB N", "N TB TB TB TB TB N"),
    },
    "INV_ENDS_PLUS_MID": {
        2: ("B B", "T T"),
        3: ("B T B", "T B T"),
        4: ("B T T B", "T B B T"),
        5: ("B T T T B", "T B B B T"),
        6: ("B T T T T B", "T B B B B T"),
        7: ("B T T T T T B", "T B B B B B T"),
    },
    "ENDS_PLUS_ONE_OPP": {
        2: ("TB TB", "TB TB"),
        3: ("TB N TB", "TB N TB"),
        4: ("TB B B TB", "TB T T TB"),
        5: ("TB B N B TB", "TB T N T TB"),
        6: ("TB B N N B TB", "TB T N N T TB"),
        7: ("TB B N N N B TB", "TB T N N N T TB"),
    },
    "NO_OWN_RIGHT": {
        2: ("B TB", "TB T"),
        3: ("B TB TB", "TB TB T"),
        4: ("B TB TB TB", "TB TB TB T"),
        5: ("B TB TB TB TB", "TB TB TB TB T"),
        6: ("B TB TB TB TB TB", "TB TB TB TB TB T"),
        7: ("B TB TB TB TB TB TB", "TB TB TB TB TB TB T"),
    },
    "NO_OPP_RIGHT": {
        2: ("TB T", "B TB"),
        3: ("TB TB T", "B TB TB"),
        4: ("TB TB TB T", "B TB TB TB"),
        5: ("TB TB TB TB T", "B TB TB TB TB"),
        6: ("TB TB TB TB TB T", "B TB TB TB TB TB"),
        7: ("TB TB TB TB TB TB T", "B TB TB TB TB TB TB"),
    },
    "NO_OPP_LEFT": {
        2: ("T TB", "TB B"),
        3: ("T TB TB", "TB TB B"),
        4: ("T TB TB TB", "TB TB TB B"),
        5: ("T TB TB TB TB", "TB TB TB TB B"),
        6: ("T TB TB TB TB TB", "TB TB TB TB TB B"),
        7: ("T TB TB TB TB TB TB", "TB TB TB TB TB TB B"),
    },
    "NOT_SYM_OPP": {  # NO_OPP_LEFT, and no child symmetric to another (tested below)
        2: ("T TB", "TB B"),
        3: ("T TB TB", "TB TB B"),
        4: ("T TB TB TB", "TB TB TB B"),
        5: ("T TB TB TB TB", "TB TB TB TB B"),
        6: ("T TB TB TB TB TB", "TB TB TB TB TB B"),
        7: ("T TB TB TB TB TB TB", "TB TB TB TB TB TB B"),
    },
    "NOT_FACING": {  # NO_OPP_RIGHT, and no child facing another (tested below)
        2: ("TB T", "B TB"),
        3: ("TB TB T", "B TB TB"),
        4: ("TB TB TB T", "B TB TB TB"),
        5: ("TB TB TB TB T", "B TB TB TB TB"),
        6: ("TB TB TB TB TB T", "B TB TB TB TB TB"),
        7: ("TB TB TB TB TB TB T", "B TB TB TB TB TB TB"),
    },
    "ENDS_PLUS_ALL_OPP": {
        2: ("TB TB", "TB TB"),
        3: ("TB B TB", "TB T TB"),
        4: ("TB B B TB", "TB T T TB"),
        5: ("TB B B B TB", "TB T T T TB"),
        6: ("TB B B B B TB", "TB T T T T TB"),
        7: ("TB B B B B B TB", "TB T T T T T TB"),
    },
}
LOCS_CASES = [(locs, length, rows) for locs, by_len in LOCS_TABLE.items() for length, rows in by_len.items()]


def test_the_table_covers_every_child_locs():
    # FIXED_ONE_RIGHT is no table: the children are there from the start, none is made
    assert set(LOCS_TABLE) == {c.value for c in ChildLocs} - {"FIXED_ONE_RIGHT"}


@pytest.mark.parametrize(("locs", "length", "rows"), LOCS_CASES,
                         ids=[f"{locs}-{length}" for locs, length, _ in LOCS_CASES])
def test_child_locs_pattern_per_board_length(locs, length, rows):
    top, bottom = locs_rows(ChildLocs(locs), length)
    assert (" ".join(top), " ".join(bottom)) == rows


def test_child_locs_by_board_index_top_row_reads_from_north_hole_2n_minus_1():
    # NO_OWN_RIGHT, 3 holes: South's own rightmost is hole 2, North's is hole 5 (top left)
    assert locs_by_hole(ChildLocs.NO_OWN_RIGHT, 3) == ["TB", "TB", "T", "TB", "TB", "B"]


def test_walda_places_ends_plus_one_opp_on_six_holes():
    south, north = allowed_by_locs(ChildLocs.ENDS_PLUS_ONE_OPP, 6)
    assert [h for h in range(12) if south[h]] == [0, 5, 6, 7, 10, 11]
    assert [h for h in range(12) if north[h]] == [0, 1, 4, 5, 6, 11]


def test_child_locs_ends_only_in_play():
    game = make(holes=3, **RULE, child_locs="ENDS_ONLY")
    assert children(run(game, [1, 2, 2, 2, 2, 3], 0)) == "......"  # middle hole 1
    assert children(run(game, [0, 1, 2, 2, 2, 3], 1)) == "..S..."  # end hole 2


def test_child_locs_no_own_right_is_seen_from_the_player_making_the_child():
    game = make(holes=3, **RULE, child_locs="NO_OWN_RIGHT")
    assert children(run(game, [0, 1, 2, 2, 2, 2], 1)) == "......"  # South's rightmost, 2
    assert children(run(game, [0, 0, 3, 2, 2, 2], 2)) == ".....S"  # North's rightmost: fine
    assert children(run(game, [2, 2, 2, 2, 1, 2], 4, turn=1)) == "......"  # North's, 5
    assert children(run(game, [2, 2, 2, 2, 2, 1], 5, turn=1)) == "N....."  # South's 0: fine


def test_child_locs_not_sym_opp_no_child_at_the_same_number_as_another():
    # Tuzdik: one child, on the opponent's side. South's child at 4 (North's 2nd hole from
    # its left): North may not make one in South's 2nd hole, 1; nor in 2 (NO_OPP_LEFT)
    game = make(holes=3, stores=True, child_type="ONE_CHILD", child_cvt=3, child_rule="OPP_SIDE_ONLY",
                child_locs="NOT_SYM_OPP")
    assert children(run(game, [0, 2, 0, 0, 0, 2], 5, turn=1, children="....S.")) == "....S."
    assert children(run(game, [2, 0, 0, 0, 0, 1], 5, turn=1, children="....S.")) == "N...S."
    assert children(run(game, [0, 0, 2, 0, 0, 3], 5, turn=1)) == "......"  # 0, 1, 2: 2 is barred


def test_child_locs_not_facing_no_child_facing_another():
    game = make(holes=3, **RULE, child_locs="NOT_FACING")
    assert children(run(game, [0, 2, 0, 0, 0, 2], 5, turn=1, children="....S.")) == "....S."
    assert children(run(game, [0, 0, 2, 0, 0, 3], 5, turn=1, children="....S.")) == "..N.S."
    assert children(run(game, [2, 0, 0, 0, 0, 1], 5, turn=1)) == "......"  # South's leftmost, 0


def test_kids_helper():
    assert kids("S.N") == [0, None, 1]


def test_not_1st_opp_north_sowing_clockwise_first_reaches_souths_rightmost_hole():
    game = make(holes=3, **RULE, child_rule="NOT_1ST_OPP", sow_direct="CW")
    # North 3 (one seed) clockwise -> 2, South's rightmost: 3 seeds there, child_cvt, but
    # a single seed into the first opponent hole makes no child
    assert children(run(game, [2, 2, 2, 1, 2, 2], 3, turn=1)) == "......"
    # two seeds from 4 -> 3, 2: the same hole reached by a longer sowing is a child
    assert children(run(game, [2, 2, 2, 0, 2, 2], 4, turn=1)) == "..N..."
