"""The engine plays every game class and every enum value of the reference: nothing is
refused as "not supported yet" (the reference's restrictions are constraints); the CLI
reports invalid input."""

from __future__ import annotations

import json
import subprocess
import sys
from enum import Enum
from typing import Any

import pytest

from mancala.engine.game import Game
from mancala.rules.enums import GameClass
from mancala.rules.errors import VariantError
from mancala.rules.loading import parse_variant
from mancala.rules.support import unsupported
from mancala.rules.variant import GameInfo

CLEAR = {"goal": "CLEAR"}
TERR = {"goal": "TERRITORY", "stores": True, "goal_param": 8}
ROUNDS = {"rounds": "HALF_SEEDS"}
LAPS = {"mlaps": "LAPPER"}

# every game class in a context its constraints accept (tests/engine/test_game_classes.py
# plays each of them)
CLASS_CONTEXT: dict[str, dict[str, Any]] = {
    "Mancala": {},
    "NorthSouthCycle": {},
    "EastWestCycle": CLEAR,
    "BearOff": CLEAR,
    "Diffusion": CLEAR,
    "DiffusionV2": CLEAR,
    "SameSide": CLEAR | {"capt_on": [4], "capt_side": "OWN_SIDE"},
    "Ohojichi": CLEAR | {"capt_on": [4]},
}


def _raw(param: str, value: Any, context: dict[str, Any]) -> dict[str, Any]:
    info = dict(context)
    raw: dict[str, Any] = {"game_constants": {"holes": 6, "nbr_start": 4}}
    if "game_class" in info:
        raw["game_class"] = info.pop("game_class")
    if param == "game_class":
        raw["game_class"] = value
    else:
        info[param] = value
    raw["game_info"] = info
    return raw


def test_every_game_class_is_played() -> None:
    assert sorted(CLASS_CONTEXT) == sorted(c.value for c in GameClass)
    for cls, context in CLASS_CONTEXT.items():
        game = Game(parse_variant(_raw("game_class", cls, context)))
        assert game.legal_moves(game.start(0)), cls


def test_the_engine_refuses_nothing_the_reference_describes() -> None:
    """support.unsupported finds nothing left to refuse: the reference's restrictions are
    constraints (VariantError naming the rule), never "not supported yet"."""
    for cls, context in CLASS_CONTEXT.items():
        for param, value in ENUM_VALUES:
            info = dict(context)
            if param in info:
                continue
            raw = _raw(param, value, info | {"game_class": cls})
            try:
                variant = parse_variant(raw, check_support=False)
            except VariantError:
                continue  # a combination the reference prohibits
            assert unsupported(variant) == [], (cls, param, value)


# Every enum value of game_info plays (a Game is built and has a start position with
# legal moves): never a refusal, never a crash in the engine.
NEEDS: dict[tuple[str, str], dict[str, Any]] = {
    ("sow_direct", "SPLIT"): {},
    ("sow_rule", "SOW_BLKD_DIV"): {"goal": "DEPRIVE", "sow_param": 4, "evens": False},
    ("sow_rule", "SOW_BLKD_DIV_NR"): {"goal": "DEPRIVE", "sow_param": 4, "evens": False},
    ("sow_rule", "NO_SOW_OPP_NS"): {"sow_param": 2},
    ("sow_rule", "CHANGE_DIR_LAP"): LAPS,
    ("sow_rule", "MAX_SOW"): {"sow_param": 12},
    ("sow_rule", "LAP_CAPT"): LAPS,
    ("sow_rule", "OPP_GETS_OWN_LAST"): LAPS | {"sow_param": 8},
    ("sow_rule", "CONT_LAP_ON"): LAPS | {"sow_param": 4},
    ("capt_type", "TWO_OUT"): {"capsamedir": True},
    ("capt_side", "OPP_CONT"): {"multicapt": -1},
    ("capt_side", "OWN_CONT"): {"multicapt": -1},
    ("capt_side", "OPP_TERR"): TERR,
    ("capt_side", "OWN_TERR"): TERR,
    ("child_rule", "OPP_OWNER_ONLY"): TERR,
    ("child_rule", "OWN_OWNER_ONLY"): TERR,
    ("unclaimed", "UNFED_PLAYER"): {"mustshare": True},
    ("goal", "TERRITORY"): TERR,
    ("round_fill", "UCHOOSE"): ROUNDS | {"blocks": True},
    ("round_fill", "UCHOWN"): TERR | {"rounds": "NO_MOVES"},
    **{("round_fill", rf): ROUNDS
       for rf in ("LEFT_FILL", "RIGHT_FILL", "OUTSIDE_FILL", "EVEN_FILL", "SHORTEN", "UMOVE")},
    **{("rounds", r): {"round_fill": "LEFT_FILL"}
       for r in ("HALF_SEEDS", "NO_MOVES", "END_S_SEEDS", "END_2S_SEEDS")},
    **{("goal", g): ROUNDS | {"goal_param": 3}
       for g in ("RND_WIN_COUNT", "RND_SEED_COUNT", "RND_EXTRA_SEEDS", "RND_POINTS")},
}
ENUM_VALUES = [
    (name, member.value)
    for name, field in GameInfo.model_fields.items()
    if isinstance(field.default, Enum)
    for member in type(field.default)
    if (name, member.value) != ("child_type", "RESERVED")
]


@pytest.mark.parametrize(("param", "value"), ENUM_VALUES, ids=[f"{p}={v}" for p, v in ENUM_VALUES])
def test_every_value_plays(param: str, value: str) -> None:
    context = {"stores": True, "child_cvt": 4, "evens": True} | NEEDS.get((param, value), {})
    raw = _raw(param, value, context)
    game = Game(parse_variant(raw))
    pos = game.start(0, seed=1)
    assert game.legal_moves(pos)


# --- through the CLI ------------------------------------------------------------------


def replay(*requests: Any) -> subprocess.CompletedProcess[str]:
    stdin = "\n".join(r if isinstance(r, str) else json.dumps(r) for r in requests) + "\n"
    return subprocess.run(
        [sys.executable, "-m", "mancala", "replay"],
        input=stdin, capture_output=True, text=True, timeout=60, check=False,
    )


def end_lines(proc: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return [line for line in lines if line.get("end")]


GOOD = {"game_constants": {"holes": 6, "nbr_start": 4}, "game_info": {"stores": True, "sow_own_store": True}}


@pytest.mark.parametrize(
    ("config", "param"),
    [
        ({**GOOD, "game_info": {"goal": "DEPRIVE", "grandslam": "NO_CAPT"}}, "grandslam"),
        ({**GOOD, "game_info": {"sow_direct": "SIDEWAYS"}}, "sow_direct"),
        ({**GOOD, "game_info": {"bogus_param": 1}}, "bogus_param"),
        ({**GOOD, "game_info": {"oppsidecapt": True, "capt_side": "BOTH"}}, "oppsidecapt"),
    ],
    ids=["constraint", "bad_enum", "unknown", "alias_conflict"],
)
def test_cli_invalid_variant(config: dict[str, Any], param: str) -> None:
    proc = replay({"config": config, "starter": 0, "moves": [0]})
    assert proc.returncode == 2, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, "no state lines for an invalid variant"
    end = lines[0]
    assert end["end"] is True
    assert end["moves"] == 0
    assert end["error"]["code"] == "invalid_variant"
    assert param in end["error"]["message"]
    assert param in proc.stderr


@pytest.mark.parametrize(
    ("request_", "words"),
    [
        ({"config": GOOD, "starter": 2, "moves": []}, "starter"),
        ({"config": GOOD, "starter": 0, "moves": 5}, "moves"),
        ({"config": GOOD, "starter": 0, "moves": [], "output": "some"}, "output"),
        ({"config": GOOD, "starter": 0, "moves": [], "extra": 1}, "extra"),
        ({"starter": 0, "moves": []}, "config"),
        ([1, 2, 3], "object"),
    ],
    ids=["starter", "moves", "output", "unknown_field", "no_config", "not_object"],
)
def test_cli_bad_request(request_: Any, words: str) -> None:
    proc = replay(request_)
    assert proc.returncode == 2, proc.stderr
    ends = end_lines(proc)
    assert len(ends) == 1
    assert ends[0]["error"]["code"] == "bad_request"
    assert words in ends[0]["error"]["message"]


def test_cli_goes_on_after_an_invalid_request() -> None:
    proc = replay(
        {"config": {**GOOD, "game_info": {"bogus_param": 1}}, "moves": []},
        {"config": GOOD, "starter": 0, "moves": [0]},
    )
    assert proc.returncode == 2
    ends = end_lines(proc)
    assert [e.get("error", {}).get("code") for e in ends] == ["invalid_variant", None]
    assert ends[1]["moves"] == 1
