"""The record of a move (mancala.engine.trace): what the clients animate and describe.

An exact record must lead from the board before the move to the engine's board after
it, seed for seed; tracing must not change how a move plays; and a few moves worked
by hand show each part (a lap's path past a store, a capture, an extra turn, laps, a
grand slam undone, the end of the game, a pass). The C core's records are compared
with these after every move in tests/engine/test_fastcore.py.
"""

from __future__ import annotations

import random

import pytest

from mancala.engine.fast import c_core_enabled, why_not_fast
from mancala.engine.game import Game
from mancala.engine.move_data import ENDLESS
from mancala.engine.trace import (
    CHILD,
    EXTRA,
    INEXACT,
    LAP,
    PASS,
    ROUND,
    SETTLE,
    TAKE,
    Lap,
    MoveTrace,
    Recorder,
    Take,
    apply_trace,
    decode,
    store_place,
    store_seat,
    wire_events,
)
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, load_variant, parse_variant
from mancala.rules.variant import Variant
from tests.engine.helpers import at, make
from tests.server.helpers import apply_events


def playable() -> dict[str, Variant]:
    out = {}
    for stem, path in sorted(config_paths().items()):
        try:
            out[stem] = load_variant(path)
        except VariantError:
            continue
    return out


VARIANTS = playable()
# the C core's runs only where it plays the variant (a skipped case would say nothing)
ENGINES = [(stem, False) for stem in sorted(VARIANTS)] + \
    [(stem, True) for stem in sorted(VARIANTS) if not why_not_fast(VARIANTS[stem])]
# variants whose records do not lead to the engine's position yet, and why (strict: one
# that starts to pass must leave the list)
RECORD_GAPS: dict[str, str] = {}




@pytest.mark.parametrize(("stem", "c_core"), [
    pytest.param(stem, c, marks=pytest.mark.xfail(strict=True, reason=RECORD_GAPS[stem])) if stem in RECORD_GAPS
    else (stem, c) for stem, c in ENGINES], ids=[f"{stem}-{'c' if c else 'python'}" for stem, c in ENGINES])
def test_records_lead_to_the_engines_position(stem: str, c_core: bool) -> None:
    game = Game(VARIANTS[stem], c_core=c_core)
    # the C core really plays its row, unless MANCALA_C_CORE=0 (the mutation runs') turns it off
    assert (game.fast is not None) == (c_core and c_core_enabled())
    rng = random.Random(stem)
    prescribed = VARIANTS[stem].game_info.prescribed.value
    moves = inexact = 0
    for k in range(4):
        pos = game.start(k % 2, seed=k)
        for _ in range(250):
            legal = game.legal_moves(pos)
            if not legal:
                break
            move = rng.choice(legal)
            new, trace = game.play_traced(pos, move)
            assert new == game.play(pos, move), "tracing changed the move"
            assert trace.player == pos.turn
            moves += 1
            events = trace.events()
            assert any(e["kind"] == "inexact" for e in events) == (not trace.exact)
            if trace.exact:
                board, stores = apply_trace(trace, pos.board, pos.stores)
                assert (board, stores) == (new.board, new.stores), (move, trace)
                # the protocol's events, applied as docs/protocol.md says, agree
                assert apply_events(events, pos.board, pos.stores) == (new.board, new.stores), events
            else:  # only the rules that move seeds without a path: PLUS1MINUS1's opening,
                # and a sowing stopped after 50 laps (its seeds in hand leave play)
                opening = prescribed == "PLUS1MINUS1" and pos.mcount == 0
                assert opening or (new.last is not None and new.last[3] == ENDLESS), (move, trace)
                inexact += 1
            pos = new
            if pos.outcome is not None:
                if not pos.outcome.kind.ends_round:
                    break
                try:
                    pos = game.next_round(pos)
                except Exception:  # a round a player must lay out: this game stops here
                    break
    assert moves > inexact


def kalah() -> Game:
    return Game(load_variant("kalah_4"))


def test_a_lap_past_the_store_and_an_extra_turn() -> None:
    game = kalah()
    pos = game.start(0)
    new, trace = game.play_traced(pos, 2)  # c: 4 seeds into d, e, f and the store
    assert trace.laps[0].start == 2 and trace.laps[0].sown == (3, 4, 5, store_place(0))
    assert trace.extra_turn and not trace.takes and new.turn == 0
    assert trace.to_json()["laps"] == [{"start": 2, "sown": [3, 4, 5, -1]}]


def test_a_capture_names_the_hole_and_the_seeds() -> None:
    game = kalah()
    board = [0, 1, 0, 0, 0, 0] + [4, 4, 4, 5, 4, 4]
    pos = game.start(0, board=board)
    new, trace = game.play_traced(pos, 1)  # the last seed into the empty c, across: 5 seeds
    mine = store_place(0)
    # the capture takes the 5 across and the capturing seed itself
    assert {(t.src, t.seeds, t.dst) for t in trace.takes} >= {(9, 5, mine)}
    assert trace.captured() == sum(t.seeds for t in trace.takes)
    assert all(t.at == 1 for t in trace.takes)  # after the one seed sown
    assert not trace.extra_turn and new.turn == 1


def test_laps_each_start_where_the_last_ended() -> None:
    game = Game(load_variant("multilap_jackman"))
    rng = random.Random(3)
    pos = game.start(0)
    for _ in range(60):
        legal = game.legal_moves(pos)
        if not legal:
            break
        new, trace = game.play_traced(pos, rng.choice(legal))
        for before, after in zip(trace.laps, trace.laps[1:], strict=False):
            assert after.start == before.sown[-1]  # a lap goes on from its last hole
        if len(trace.laps) > 1:
            return
        pos = new
    raise AssertionError("no move sowed two laps")


def test_a_grand_slam_that_captures_nothing_records_no_capture() -> None:
    game = Game(load_variant("oware_abapa"))  # grandslam NO_CAPT
    # South's f (6 seeds) reaches every one of North's holes, each then holding 2
    board = [0, 0, 0, 0, 0, 6] + [1, 1, 1, 1, 1, 0]
    pos = game.start(0, board=board, stores=[20, 17])
    new, trace = game.play_traced(pos, 5)
    assert not trace.takes and new.stores == pos.stores
    assert trace.laps[0].sown == (6, 7, 8, 9, 10, 11)


def test_the_end_of_the_game_is_recorded_as_settled() -> None:
    game = kalah()
    board = [0, 0, 0, 0, 0, 1] + [0, 0, 0, 2, 1, 0]
    pos = game.start(0, board=board, stores=[20, 24])
    new, trace = game.play_traced(pos, 5)  # into the store: South's row is empty, the game ends
    assert new.outcome is not None
    assert trace.settled  # North's 3 seeds left go to North's store
    assert (store_place(1), 3) in trace.settled and not trace.extra_turn


def test_a_pass_is_recorded() -> None:
    game = Game(parse_variant({"game_constants": {"holes": 3, "nbr_start": 2},
                               "game_info": {"stores": True, "mustpass": True}}))
    pos = game.start(0, board=[1, 0, 0, 0, 0, 3])
    new, trace = game.play_traced(pos, 0)
    if new.outcome is None and new.turn == 0:
        assert trace.passes == 1
    rng = random.Random(0)
    passes = 0
    for k in range(40):
        pos = game.start(k % 2, board=[rng.randrange(3) for _ in range(6)])
        for _ in range(200):  # seeds can circle for ever on so small a board
            if pos.outcome is not None or not game.legal_moves(pos):
                break
            pos, trace = game.play_traced(pos, rng.choice(game.legal_moves(pos)))
            passes += trace.passes
    assert passes > 0


def test_decode_refuses_unknown_events_and_round_trips() -> None:
    with pytest.raises(ValueError):
        decode(0, [-100, 3, 4, -199])
    trace = decode(1, [-100, 8, 9, 10, -2, -101, 2, 3, -2, -104])
    assert trace == MoveTrace(1, trace.laps, (Take(2, 3, -2, 3),), extra_turn=True)
    assert trace.sown == 3


# ---- what a record says (added with the mutation run's survivors) -------------------------
# 3 holes a side: South 0 1 2, North 3 4 5; 0<->5, 1<->4, 2<->3 face each other.


def test_captured_counts_only_the_seeds_the_mover_took_from_the_board_into_their_store() -> None:
    kalah3 = make(3, 2, stores=True, sow_own_store=True, crosscapt=True, xcpickown="PICK_ON_CAPT")
    # North's 4 drops its one seed into its empty 5, across from South's 0 (2 seeds): both
    # go to North's store, hole 0's take included (hole 0 is a hole like any other)
    _, trace = kalah3.play_traced(at(kalah3, [2, 1, 1, 1, 1, 0], turn=1), 4)
    assert [(t.src, t.seeds, t.dst) for t in trace.takes] == [(0, 2, -2), (5, 1, -2)]
    assert trace.captured() == 3
    # OPP_GETS_REMAIN: South's 2 sows 3, 4, 5 to 2 each and takes all three (6 seeds), a
    # grand slam, so North takes South's remaining 1 + 1: those are not South's capture
    slam = make(3, 2, stores=True, capt_on=[2, 3], multicapt=-1, grandslam="OPP_GETS_REMAIN")
    new, trace = slam.play_traced(at(slam, [1, 1, 3, 1, 1, 1], stores=[3, 2]), 2)
    assert new.stores == [9, 4]
    assert [(t.src, t.dst) for t in trace.takes if t.dst == store_place(1)] == [(0, -2), (1, -2)]
    assert trace.captured() == 6


def test_a_records_json_names_every_part() -> None:
    kalah3 = make(3, 2, stores=True, sow_own_store=True, crosscapt=True, xcpickown="PICK_ON_CAPT")
    _, trace = kalah3.play_traced(at(kalah3, [2, 1, 1, 1, 1, 0], turn=1), 4)  # the capture above
    assert trace.to_json() == {
        "laps": [{"start": 4, "sown": [5]}],
        "takes": [{"from": 0, "seeds": 2, "to": -2, "at": 1}, {"from": 5, "seeds": 1, "to": -2, "at": 1}],
        "children": [], "settled": [], "extra_turn": False, "passes": 0, "round_end": False,
        "exact": True}
    # South's last seed goes to its store (5) and leaves its row empty: the game ends, North's
    # 1 + 2 left go to North's store (7), which wins; the end gives no extra turn
    new, trace = kalah3.play_traced(at(kalah3, [0, 0, 1, 1, 2, 0], stores=[4, 4]), 2)
    assert new.outcome is not None and new.stores == [5, 7]
    assert trace.to_json()["settled"] == [[3, -1], [4, -2], [-2, 3]]
    assert trace.to_json()["laps"] == [{"start": 2, "sown": [-1]}]


def test_the_protocols_events_name_whose_child_it_is_and_who_passed() -> None:
    kids = make(3, 2, stores=True, child_type="NORMAL", child_cvt=4)
    # North's 5 sows its one seed into South's 0, making 4 (child_cvt): North's child
    new, events = kids.play_events(at(kids, [3, 2, 2, 3, 0, 1], turn=1), 5)
    assert new.child[0] == 1
    assert events == [{"kind": "sow", "hole": 5, "path": [0]}, {"kind": "child", "hole": 0, "seat": 1}]
    # South's 1 -> 2 leaves North without a seed: North (seat 1) passes, South moves again
    passing = make(3, 2, stores=True, mustpass=True)
    new, events = passing.play_events(at(passing, [0, 1, 2, 0, 0, 0], stores=[4, 5]), 1)
    assert new.turn == 0 and new.outcome is None
    assert events == [{"kind": "sow", "hole": 1, "path": [2]}, {"kind": "pass", "seat": 1}]


# A hand-written stream, 6 holes a side (South 0..5, North 6..11, North's store -2).
# North's move, every kind of event once (PASS names South, the player after North): a lap
# from 8 round past North's store (-2) to South's 0, 3 seeds taken from 11 after those 4
# seeds, a child at 1, a second lap from 0, what the end of the round settled, the flags
EVERY_EVENT = [LAP, 8, 9, 10, -2, 0, TAKE, 11, 3, -2, CHILD, 1, LAP, 0, 1, -1, SETTLE, 5, -4,
               SETTLE, -1, 4, EXTRA, PASS, ROUND, INEXACT]


def test_decode_reads_every_kind_of_event_of_the_stream() -> None:
    trace = decode(1, EVERY_EVENT)
    assert trace == MoveTrace(1, (Lap(8, (9, 10, -2, 0)), Lap(0, (1, -1))), (Take(11, 3, -2, 4),),
                              (1,), ((5, -4), (-1, 4)), extra_turn=True, passes=1,
                              round_end=True, exact=False)
    assert trace.stream == tuple(EVERY_EVENT) and trace.sown == 6
    assert decode(0, iter([LAP, 2, 3])).laps == (Lap(2, (3,)),)  # any iterable
    assert decode(0, [PASS, PASS]).passes == 2 and decode(0, []) == MoveTrace(0)
    with pytest.raises(ValueError, match="unknown event -199 at 2"):
        decode(0, [LAP, 3, -199])


def test_the_protocols_events_follow_the_stream_in_order() -> None:
    expected = [
        {"kind": "sow", "hole": 8, "path": [9, 10, -2, 0]},
        {"kind": "capture", "src": 11, "seeds": 3, "dst": -2, "at": 4},
        {"kind": "child", "hole": 1, "seat": 1},
        {"kind": "sow", "hole": 0, "path": [1, -1]},
        {"kind": "settle", "place": 5, "seeds": -4},
        {"kind": "settle", "place": -1, "seeds": 4},
        {"kind": "extra_turn"}, {"kind": "pass", "seat": 0}, {"kind": "round_end"},
        {"kind": "inexact"}]
    assert wire_events(1, EVERY_EVENT) == expected
    assert wire_events(1, iter(EVERY_EVENT)) == expected  # any iterable
    assert decode(1, EVERY_EVENT).events() == expected
    with pytest.raises(ValueError, match="unknown event -199 at 2"):
        wire_events(0, [LAP, 3, -199])


def test_a_record_replays_a_lap_sown_from_the_store() -> None:
    # South sows 2 seeds from its store into 0 and 1, takes North's 4 (2 seeds); the end
    # moves North's 5 (1 seed) to North's store
    trace = decode(0, [LAP, -1, 0, 1, TAKE, 4, 2, -1, SETTLE, 5, -1, SETTLE, -2, 1])
    assert apply_trace(trace, [1, 0, 0, 0, 2, 1], [3, 0]) == ([2, 1, 0, 0, 0, 0], [3, 1])
    assert store_seat(-1) == 0 and store_seat(-2) == 1 and store_seat(0) is None
    assert store_place(0) == -1 and store_place(1) == -2


def test_a_move_that_ends_a_round_says_so() -> None:
    game = make(3, 2, stores=True, sow_own_store=True, rounds="NO_MOVES", round_fill="LEFT_FILL")
    # South's last seed goes to its store: South has no move left, the round ends 6 - 6
    new, trace = game.play_traced(at(game, [0, 0, 1, 0, 0, 0], stores=[5, 6]), 2)
    assert new.outcome is not None and new.outcome.kind.ends_round
    assert trace.round_end and not trace.extra_turn and trace.passes == 0
    assert trace.events() == [{"kind": "sow", "hole": 2, "path": [-1]}, {"kind": "round_end"}]


def test_the_recorder_writes_the_stream_decode_reads() -> None:
    rec = Recorder()
    rec.lap(2)
    rec.ev += [3, 4]
    mark = rec.mark()
    rec.take(4, 0, -1)  # nothing moved: nothing recorded
    rec.take(4, 2, -1)
    rec.child(3)
    rec.rollback(mark)  # a step that undid its capture and child
    assert rec.ev == [LAP, 2, 3, 4] and mark == 4
    rec.take(1, 5, -2)
    rec.child(0)
    rec.flag(EXTRA)
    # the end moved hole 4's 2 seeds and hole 5's 1 to South's store; hole 3 and North's
    # store are as they were
    rec.settle(([0, 0, 0, 1, 2, 1], [4, 6]), [0, 0, 0, 1, 0, 0], [7, 6])
    assert rec.ev == [LAP, 2, 3, 4, TAKE, 1, 5, -2, CHILD, 0, EXTRA,
                      SETTLE, 4, -2, SETTLE, 5, -1, SETTLE, -1, 3]
    rec = Recorder()
    rec.settle(([1, 1], [0, 0]), [0, 1], [0, 1])  # North's store: place -2
    assert rec.ev == [SETTLE, 0, -1, SETTLE, -2, 1]
