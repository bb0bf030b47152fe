"""Every recorded game of the reference's 1.10 release, replayed and compared line by line.

As test_conformance does for the 1.8 recordings (same comparison, same two routes:
the pure-Python engine, and `mancala replay` in batch form), over the copy in
data_110/. Variants the engine does not play exactly yet are listed in
EXPECTED_FAILURES with the reason; the marks are strict, so a variant that starts
passing must leave the list.
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
from tests.conformance.test_conformance import first_difference, split_answers

DATA = Path(__file__).parent / "data_110"
INDEX = json.loads((DATA / "index.json").read_text())
VARIANTS = [entry["name"] for entry in INDEX["variants"]]

# variant -> why it does not replay yet: the first 1.10 rule it is refused for
# ("not played yet"), or where its first game first differs from the recording
EXPECTED_FAILURES: dict[str, str] = {}


@cache
def recorded(name: str) -> dict[str, Any]:
    entry = next(e for e in INDEX["variants"] if e["name"] == name)
    with gzip.open(DATA / entry["file"], "rt", encoding="utf-8") as fh:
        return json.load(fh)


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
    answers = split_answers(done.stdout)
    assert len(answers) == len(order), done.stderr[-2000:]
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


def _cases() -> list[Any]:
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=EXPECTED_FAILURES[name]))
        if name in EXPECTED_FAILURES else name
        for name in VARIANTS
    ]


def test_the_recordings_are_all_here() -> None:
    assert INDEX["reference"]["commit"] == "2b1c596"
    assert len(VARIANTS) == 199
    assert sum(len(recorded(name)["games"]) for name in VARIANTS) == 1194
    # the configs collection reads from each file's head (recorded.py) are the files' own
    heads = configs(DATA)
    assert [heads[name] for name in VARIANTS] == [recorded(name)["config"] for name in VARIANTS]
    assert set(EXPECTED_FAILURES) <= set(VARIANTS)


@pytest.mark.parametrize("name", _cases())
def test_python_engine(name: str) -> None:
    check_variant(name, python_answers(name))


@pytest.mark.parametrize("name", _cases())
def test_replay_batch(name: str) -> None:
    check_variant(name, batch_answers()[name])


@pytest.mark.parametrize("name", ["Ayo::No_Rounds"])
def test_a_named_variants_case_is_grouped_with_its_module(name: str, request: pytest.FixtureRequest) -> None:
    """xdist (--dist loadscope) groups a case by its id up to the last "::": a named
    variant's case must stay in this module's group, or its worker replays the batch again."""
    assert request.node.nodeid.rsplit("::", 1)[0].endswith("tests/conformance/test_conformance_110.py")
