"""Helpers for the rules tests: build variant objects from flat parameter names."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import pytest

from mancala.rules.variant import AiParams, GameConstants, PlayerInfo, Scorer

CONSTANTS = {f.name for f in fields(GameConstants)}
SCORER = {f.name for f in fields(Scorer)}
AI_PARAMS = {f.name for f in fields(AiParams)}
PLAYER = {f.name for f in fields(PlayerInfo)} - {"ai_params", "scorer"}

BASE: dict[str, Any] = {"game_constants": {"holes": 6, "nbr_start": 4}}


def build(*parts: dict[str, Any]) -> dict[str, Any]:
    """A variant object: BASE plus flat {param: value} dicts, later ones winning.

    Each parameter goes to its section: holes/nbr_start to game_constants,
    game_class and rules_version to the top, scorer and AI parameters under player, the rest to
    game_info.
    """
    raw = copy.deepcopy(BASE)
    for part in parts:
        for key, value in part.items():
            if key in ("game_class", "rules_version"):
                raw[key] = value
            elif key in CONSTANTS:
                raw["game_constants"][key] = value
            elif key in SCORER:
                raw.setdefault("player", {}).setdefault("scorer", {})[key] = value
            elif key in AI_PARAMS:
                raw.setdefault("player", {}).setdefault("ai_params", {})[key] = value
            elif key in PLAYER:
                raw.setdefault("player", {})[key] = value
            else:
                raw.setdefault("game_info", {})[key] = value
    return raw


@pytest.fixture
def variant_of() -> Callable[..., dict[str, Any]]:
    """The `build` helper, for test modules (importlib mode cannot import conftest)."""
    return build
