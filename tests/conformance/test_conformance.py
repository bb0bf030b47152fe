"""Every recorded game of the reference program, replayed and compared line by line.

Twice per variant: through the pure-Python engine (the C core switched off), and
through `mancala replay` in batch form (one process for all games, the C core on
where it plays the variant). Every field of every state line must match; legal
moves are compared in any order, JSON types exactly (1 is not 1.0 or true).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mancala import replay
from tests.conformance.recorded import configs

DATA = Path(__file__).parent / "data"
FIELDS = ("board", "stores", "turn", "legal", "children", "blocked", "owners", "unlocked", "outcome")
INDEX = json.loads((DATA / "index.json").read_text())
VARIANTS = [entry["name"] for entry in INDEX["variants"]]


@cache
def recorded(name: str) -> dict[str, Any]:
    entry = next(e for e in INDEX["variants"] if e["name"] == name)
    with gzip.open(DATA / entry["file"], "rt", encoding="utf-8") as fh:
        return json.load(fh)


def _legal_key(move: Any) -> tuple:
    if isinstance(move, int):
        return (move, "")
    if isinstance(move, list) and move and isinstance(move[0], int):
        return (move[0], json.dumps(move[1:]))
    return (1 << 30, json.dumps(move))  # ["STORE", k] (1.10 play_locs) after the holes


def canon(line: dict[str, Any]) -> str:
    out = {f: line.get(f, "<missing>") for f in FIELDS}
    if isinstance(out["legal"], list):
        out["legal"] = sorted(out["legal"], key=_legal_key)
    return json.dumps(out, sort_keys=True)


def first_difference(expected: list[dict], got: list[dict], end: dict) -> str | None:
    """None when the answer is the recording; else where and how it first differs."""
    for index, line in enumerate(expected):
        if index >= len(got):
            return f"line {index}: missing (engine ended with {end})"
        if canon(line) != canon(got[index]):
            for field in FIELDS:
                want, have = json.loads(canon(line))[field], json.loads(canon(got[index]))[field]
                if want != have or json.dumps(want) != json.dumps(have):
                    return f"line {index}: {field}: expected {want} got {have}"
    if len(got) != len(expected):
        return f"{len(got)} lines for {len(expected)} recorded"
    if "error" in end:
        return f"the engine reported {end['error']}"
    return None


def split_answers(text: str) -> list[tuple[list[dict], dict]]:
    answers, current = [], []
    for raw in text.splitlines():
        if not raw.strip():
            continue
        line = json.loads(raw)
        if "end" in line:
            answers.append((current, line))
            current = []
        else:
            current.append(line)
    return answers


def python_answers(name: str) -> list[tuple[list[dict], dict]]:
    """The games of a variant replayed in this process by the pure-Python engine."""
    out, err = io.StringIO(), io.StringIO()
    os.environ["MANCALA_C_CORE"] = "0"
    try:
        replay._GAMES.clear()
        for game in recorded(name)["games"]:
            replay.run_request(game["request"], out, err, c_core=False)
    finally:
        del os.environ["MANCALA_C_CORE"]
        replay._GAMES.clear()
    return split_answers(out.getvalue())


@cache
def batch_answers() -> dict[str, list[tuple[list[dict], dict]]]:
    """Every recorded game in one `mancala replay` run (the contract's batch form)."""
    order, requests = [], []
    for name in VARIANTS:
        for game in recorded(name)["games"]:
            order.append(name)
            requests.append(json.dumps(game["request"]))
    env = {k: v for k, v in os.environ.items() if k != "MANCALA_C_CORE"}
    done = subprocess.run([sys.executable, "-m", "mancala", "replay"], input="\n".join(requests) + "\n",
                          capture_output=True, text=True, env=env, check=False, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    answers = split_answers(done.stdout)
    assert len(answers) == len(order)
    by_variant: dict[str, list] = {name: [] for name in VARIANTS}
    for name, answer in zip(order, answers, strict=True):
        by_variant[name].append(answer)
    return by_variant


def check_variant(name: str, answers: list[tuple[list[dict], dict]]) -> None:
    games = recorded(name)["games"]
    assert len(answers) == len(games)
    problems = []
    for number, (game, (got, end)) in enumerate(zip(games, answers, strict=True)):
        diff = first_difference(game["states"], got, end)
        if diff is not None:
            problems.append(f"game {number}: {diff}")
    assert not problems, f"{name}: " + "; ".join(problems[:3])


def test_the_recordings_are_all_here() -> None:
    assert INDEX["reference"] == {"project": "StoneShark/MancalaGames", "commit": "b46e786"}
    assert len(VARIANTS) == 107
    assert sum(len(recorded(name)["games"]) for name in VARIANTS) == 642
    # the configs collection reads from each file's head (recorded.py) are the files' own
    heads = configs(DATA)
    assert [heads[name] for name in VARIANTS] == [recorded(name)["config"] for name in VARIANTS]


@pytest.mark.parametrize("name", VARIANTS)
def test_python_engine(name: str) -> None:
    check_variant(name, python_answers(name))


@pytest.mark.parametrize("name", VARIANTS)
def test_replay_batch(name: str) -> None:
    check_variant(name, batch_answers()[name])


def test_a_changed_line_is_caught() -> None:
    """The comparison itself: one seed moved in one recorded line is a difference."""
    game = recorded("Kalah")["games"][0]
    got = [dict(line) for line in game["states"]]
    got[3] = dict(got[3], board=list(got[3]["board"]))
    got[3]["board"][0] += 1
    got[3]["board"][1] -= 1
    assert first_difference(game["states"], got, {"end": True}) is not None
    shuffled = [dict(line, legal=list(reversed(line["legal"]))) for line in game["states"]]
    assert first_difference(game["states"], shuffled, {"end": True}) is None
    typed = [dict(line) for line in game["states"]]
    typed[0] = dict(typed[0], stores=[0.0, 0])
    assert first_difference(game["states"], typed, {"end": True}) is not None
