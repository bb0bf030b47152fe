"""`mancala replay` across rounds (contracts/replay.md): a move that ends a round prints
its ROUND_* line and then, at once, the next round's starting line; with a user-choice
round_fill the replay ends after the ROUND_* line; a round end that ends the game is
the last line.

4 holes, 2 seeds a hole: South 0 1 2 3, North 4 5 6 7. From the position below South's 3
(2 seeds) sows its store and 4: 11 of 16 ends the round (HALF_SEEDS) with the board left
as it stands (North's seed stays in hole 4: 11 - 4 in the stores). North (ALTERNATE)
starts the next round; each player refills from what they own (South 11, North 4 + 1).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STATE_KEYS = {"board", "stores", "turn", "legal", "children", "blocked", "owners", "unlocked", "outcome"}
POSITION = {"board": [0, 0, 0, 2, 0, 0, 0, 0], "stores": [10, 4]}


def config(**gi: Any) -> dict[str, Any]:
    info = {"stores": True, "sow_own_store": True, "rounds": "HALF_SEEDS", "round_fill": "LEFT_FILL"}
    return {"game_constants": {"holes": 4, "nbr_start": 2}, "game_info": info | gi}


def replay(*requests: dict[str, Any]) -> tuple[int, list[list[dict[str, Any]]], str]:
    stdin = "\n".join(json.dumps(r) for r in requests) + "\n"
    proc = subprocess.run([sys.executable, "-m", "mancala", "replay"], input=stdin,
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    groups: list[list[dict[str, Any]]] = [[]]
    for line in proc.stdout.splitlines():
        groups[-1].append(json.loads(line))
        if groups[-1][-1].get("end") is True:
            groups.append([])
    assert groups[-1] == []
    return proc.returncode, groups[:-1], proc.stderr


def test_a_round_end_prints_the_round_line_then_the_next_rounds_start_and_play_goes_on():
    status, (group,), stderr = replay({"config": config(), "position": POSITION, "moves": [3, 5]})
    assert status == 0, stderr
    start, round_end, next_start, after, end = group
    assert all(set(line) == STATE_KEYS for line in group[:-1])
    assert start["outcome"] is None and start["legal"] == [3]
    assert round_end["outcome"] == {"kind": "ROUND_WIN", "winner": 0}
    assert (round_end["board"], round_end["stores"], round_end["turn"], round_end["legal"]) == (
        [0, 0, 0, 0, 1, 0, 0, 0], [11, 4], 0, [])
    # LEFT_FILL: South fills its row and keeps 3; North fills its two leftmost and keeps 1
    assert next_start["outcome"] is None
    assert (next_start["board"], next_start["stores"], next_start["turn"], next_start["legal"]) == (
        [2, 2, 2, 2, 2, 2, 0, 0], [3, 1], 1, [4, 5])
    # the next move applies to the new round: North's 5 sows 6 and 7
    assert (after["board"], after["turn"]) == ([2, 2, 2, 2, 2, 0, 1, 1], 0)
    assert end == {"end": True, "moves": 2}


def test_output_final_after_a_round_end_is_the_next_rounds_start():
    status, (group,), _ = replay({"config": config(), "position": POSITION, "moves": [3],
                                  "output": "final"})
    assert status == 0
    final, end = group
    assert final["board"] == [2, 2, 2, 2, 2, 2, 0, 0] and final["outcome"] is None
    assert end == {"end": True, "moves": 1}


def test_blocks_show_in_the_next_rounds_start_line():
    status, (group,), _ = replay({"config": config(blocks=True), "position": POSITION, "moves": [3, 5]})
    assert status == 0
    _, round_end, next_start, after, _ = group
    assert round_end["blocked"] == [False] * 8
    assert next_start["blocked"] == [False] * 6 + [True, True]
    # North's 5: 6 and 7 are out of play; its store follows 7, then South's 0
    assert (after["board"], after["stores"]) == ([3, 2, 2, 2, 2, 0, 0, 0], [3, 2])


def test_user_choice_round_fills_end_the_replay_after_the_round_line():
    requests = [
        {"config": config(round_fill="UMOVE"), "position": POSITION, "moves": [3, 5, 99]},
        {"config": config(round_fill="UCHOOSE", blocks=True), "position": POSITION, "moves": [3, 5]},
    ]
    status, groups, stderr = replay(*requests)
    assert status == 0, stderr
    for group in groups:
        start, round_end, end = group
        assert round_end["outcome"] == {"kind": "ROUND_WIN", "winner": 0} and round_end["legal"] == []
        assert end == {"end": True, "moves": 1}


def test_uchown_territory_replay_ends_after_the_round_line():
    terr = {"game_constants": {"holes": 3, "nbr_start": 4},
            "game_info": {"goal": "TERRITORY", "goal_param": 5, "stores": True, "sow_own_store": True,
                          "rounds": "END_S_SEEDS", "round_fill": "UCHOWN"}}
    position = {"board": [0, 0, 2, 1, 1, 0], "stores": [15, 5]}
    status, (group,), _ = replay({"config": terr, "position": position, "moves": [2, 4]})
    assert status == 0
    assert [line.get("outcome") for line in group[:-1]] == [None, {"kind": "ROUND_WIN", "winner": 0}]
    # 3 seeds left in play (at most nbr_start) end the round; they go to their holes' owner
    assert (group[1]["board"], group[1]["stores"]) == ([0] * 6, [16, 8])
    assert group[-1] == {"end": True, "moves": 1}
    # without UCHOWN the next round starts: every hole refilled, South owns 4 holes
    terr["game_info"].pop("round_fill")
    status, (group,), _ = replay({"config": terr, "position": position, "moves": [2]})
    next_start = group[2]
    assert (next_start["board"], next_start["owners"], next_start["legal"]) == (
        [4] * 6, [0, 0, 0, 0, 1, 1], [4, 5])


def test_a_round_end_that_ends_the_game_is_the_last_line():
    # goal_param 3: North's 5 seeds cannot fill 3 holes of 2
    status, (group,), _ = replay({"config": config(goal_param=3), "position": POSITION, "moves": [3, 5]})
    assert status == 0
    start, last, end = group
    assert last["outcome"] == {"kind": "WIN", "winner": 0}
    assert end == {"end": True, "moves": 1}


# Andada's rules (configs/andada.json without its computer player's section)
ANDADA = {"game_class": "BearOff", "game_constants": {"holes": 6, "nbr_start": 3},
          "game_info": {"name": "Andada", "stores": True, "sow_own_store": True,
                        "store_ends_turn": True, "goal": "CLEAR"}}


def test_a_bearoff_position_can_say_it_is_bearing_off() -> None:
    """position.bearing (added to the contract): a BearOff board with a hole of two seeds
    can be given as already bearing off; from the last hole of the row the two seeds then
    leave the board instead of being sown on."""
    import io

    from mancala.replay import run_request

    board = [0] * 12
    board[5], board[1], board[8] = 2, 1, 1  # South's last hole holds two
    lines = {}
    for bearing in (False, True):
        out, err = io.StringIO(), io.StringIO()
        request = {"config": ANDADA, "starter": 0, "moves": [5],
                   "position": {"board": board, "stores": [0, 32], "bearing": bearing}}
        assert run_request(request, out, err) == 0, err.getvalue()
        lines[bearing] = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[True][1]["board"][5:7] == [0, 0] and lines[True][1]["stores"] == [2, 32]
    assert lines[False][1]["board"][6] == 1 and lines[False][1]["stores"] == [1, 32]

    out, err = io.StringIO(), io.StringIO()
    bad = {"config": "kalah_4", "moves": [], "position": {"board": [1] * 12, "bearing": True}}
    assert run_request(bad, out, err) == 2
    assert "bearing applies only to game_class BearOff" in json.loads(out.getvalue())["error"]["message"]
