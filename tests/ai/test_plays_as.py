"""A level the variant's settings make the same player as the one above plays, and is
rated, as that one (mancala.ai.player.plays_as)."""

from __future__ import annotations

import json
from pathlib import Path

from mancala.ai.player import level_settings, plays_as
from mancala.engine import Game
from mancala.rules.loading import config_paths, parse_variant


def _game(variant: str, **ai_params: list[int]) -> Game:
    raw = json.loads(Path(config_paths()[variant]).read_text())
    raw.setdefault("player", {}).setdefault("ai_params", {}).update(ai_params)
    return Game(parse_variant(raw))


def test_each_level_plays_as_itself_where_the_settings_differ() -> None:
    game = _game("kalah_4", mm_depth=[1, 3, 5, 7])
    assert [plays_as(game, level) for level in range(4)] == [0, 1, 2, 3]


def test_a_merged_level_plays_as_the_highest_of_its_run() -> None:
    game = _game("kalah_4", mm_depth=[1, 5, 5, 5])
    assert [plays_as(game, level) for level in range(4)] == [0, 3, 3, 3]
    game = _game("kalah_4", mm_depth=[1, 3, 7, 7])
    assert [plays_as(game, level) for level in range(4)] == [0, 1, 3, 3]


def test_easys_noise_keeps_it_apart_from_medium_at_the_same_depth() -> None:
    raw = json.loads(Path(config_paths()["kalah_4"]).read_text())
    raw["player"] = {"ai_params": {"mm_depth": [3, 3, 5, 7]}, "scorer": {"easy_rand": 12}}
    assert plays_as(Game(parse_variant(raw)), 0) == 0
    raw["player"]["scorer"] = {}
    assert plays_as(Game(parse_variant(raw)), 0) == 1


def test_monte_carlo_levels_compare_all_three_of_their_settings() -> None:
    game = _game("centering", mcts_nodes=[100, 1200, 1500, 1500], mcts_bias=[300, 300, 300, 300],
                 mcts_pouts=[1, 2, 2, 2])
    assert plays_as(game, 2) == 3 and level_settings(game, 2)[0] == "mcts"
    game = _game("centering", mcts_nodes=[100, 1200, 1500, 1500], mcts_bias=[300, 300, 300, 300],
                 mcts_pouts=[1, 2, 2, 3])
    assert plays_as(game, 2) == 2
