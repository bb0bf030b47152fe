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
from mancala.engine.trace import MoveTrace, Take, apply_trace, decode, store_place
from mancala.rules.errors import VariantError
from mancala.rules.loading import config_paths, load_variant, parse_variant
from mancala.rules.variant import Variant
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
