"""`mancala replay` of an ARNGE_LIMIT game whose first move is an arrangement (our addition
to the replay contract's move forms: docs/notation.md, "Arrangements")."""

from __future__ import annotations

import io
import json
from typing import Any

from mancala import replay


def run(request: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
    out, err = io.StringIO(), io.StringIO()
    replay._GAMES.clear()
    status = replay.run_request(request, out, err)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


def test_an_arrangement_replays_as_the_first_move() -> None:
    status, lines = run({"config": "bao_mg", "starter": 1, "moves": [{"arrange": [0, 0, 0, 0, 0, 0, 28]}, 6]})
    assert status == 0
    assert lines[1]["board"] == [0, 0, 0, 0, 0, 0, 28] * 2 and lines[1]["turn"] == 0
    assert lines[-1] == {"end": True, "moves": 2}


def test_an_arrangement_the_rules_refuse_ends_the_replay_with_its_reason() -> None:
    status, lines = run({"config": "bao_mg", "starter": 0, "moves": [3, {"arrange": [4] * 7}]})
    assert status == 3
    assert lines[-1]["moves"] == 1 and lines[-1]["error"]["code"] == "illegal_move"
    assert "first move" in lines[-1]["error"]["message"]
