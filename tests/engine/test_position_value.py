"""The frozen form of a position (mancala.engine.position): a value that equals, hashes
and round-trips like the position it was taken from, and never moves with it."""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mancala.engine import FrozenPosition, Game, Position
from mancala.engine.position import Outcome, OutcomeKind
from mancala.rules.loading import config_paths, load_variant
from tests.engine.helpers import make

CONFIGS = sorted(config_paths())


@cache
def game_of(name: str, c_core: bool) -> Game:
    return Game(load_variant(name), c_core=c_core)


def test_equal_positions_give_equal_hashable_values():
    game = make(holes=3)
    a, b = game.start(0), game.start(0)
    assert a.frozen() == b.frozen() and hash(a.frozen()) == hash(b.frozen())
    assert len({a.frozen(), b.frozen()}) == 1
    assert game.play(a, 0).frozen() != a.frozen()
    assert game.start(1).frozen() != a.frozen()  # another player to move


def test_every_field_takes_part_and_none_can_be_written():
    frozen = make(holes=3).start(0).frozen()
    fields = [f.name for f in dataclasses.fields(FrozenPosition)]
    assert fields == [name for name in Position.__slots__ if name != "legal"]
    for name in fields:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(frozen, name, None)
    changed = frozen.thaw()
    changed.mcount += 1
    assert changed.frozen() != frozen


def test_the_value_does_not_move_with_the_position_it_was_taken_from():
    game = make(holes=3)
    pos = game.start(0)
    frozen = pos.frozen()
    game.apply(pos, 0)  # in place: the engine's working copy moves on
    assert frozen == game.start(0).frozen()
    assert frozen.board == (2, 2, 2, 2, 2, 2)


def test_thawing_makes_an_independent_working_position():
    game = make(holes=3)
    frozen = game.start(0).frozen()
    pos = frozen.thaw()
    assert isinstance(pos, Position) and pos.legal is None
    assert pos.frozen() == frozen
    game.apply(pos, 1)
    assert frozen.thaw().frozen() == frozen and pos.frozen() != frozen


def test_outcomes_are_part_of_the_value():
    pos = make(holes=3).start(0)
    won = pos.copy()
    won.outcome = Outcome(OutcomeKind.WIN, 0)
    assert won.frozen() != pos.frozen() and won.frozen().outcome == Outcome(OutcomeKind.WIN, 0)


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(CONFIGS), c_core=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_random_games_freeze_thaw_and_hash_as_they_play(name, c_core, seed):
    """Over random games of the shipped variants (the C core or the Python engine): at
    every move the frozen form equals a copy's, round-trips, gives the same legal moves
    and the same next position, and keeps its value while the position moves on."""
    game = game_of(name, c_core)
    rng = random.Random(seed)
    pos = game.start(rng.randrange(2), seed=seed)
    seen: list[tuple[FrozenPosition, tuple]] = []
    for _ in range(120):
        frozen = pos.frozen()
        assert frozen == pos.copy().frozen() and hash(frozen) == hash(pos.copy().frozen())
        thawed = frozen.thaw()
        assert thawed.frozen() == frozen and thawed.key() == pos.key()
        legal = game.legal_moves(pos)
        assert game.legal_moves(thawed) == legal
        seen.append((frozen, pos.key()))
        if not legal:
            break
        move = rng.choice(legal)
        assert game.play(thawed, move).frozen() == game.play(pos, move).frozen()
        game.apply(pos, move)
    for frozen, key in seen:  # none moved with the game
        assert frozen == FrozenPosition(*key)
