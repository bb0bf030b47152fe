"""`python -m mancala replay` end to end: stdin requests, stdout lines, exit status.

The rules checked here are the contract's (contracts/replay.md): one start line,
one line per move applied, an end line counting the moves; `output: "final"`;
`position` requests; the exit status over several requests.
"""

from __future__ import annotations

import json
import os
import queue
import random
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

KALAH = {
    "game_class": "Mancala",
    "game_constants": {"holes": 6, "nbr_start": 4},
    "game_info": {"stores": True, "sow_own_store": True, "crosscapt": True,
                  "xcpickown": "PICK_ON_CAPT", "capt_side": "OPP_SIDE"},
}
STATE_KEYS = {"board", "stores", "turn", "legal", "children", "blocked", "owners", "unlocked", "outcome"}


def replay(stdin: str) -> tuple[int, list[dict[str, Any]], str]:
    proc = subprocess.run(
        [sys.executable, "-m", "mancala", "replay"],
        input=stdin, capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    return proc.returncode, lines, proc.stderr


def split_requests(lines: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Group output lines by request: each group ends with its end line."""
    groups: list[list[dict[str, Any]]] = [[]]
    for line in lines:
        groups[-1].append(line)
        if line.get("end") is True:
            groups.append([])
    assert groups[-1] == [], "output must finish with an end line"
    return groups[:-1]


def assert_states(group: list[dict[str, Any]], moves: int) -> None:
    """A full request's output: start line, one line per move, the end line."""
    *states, end = group
    assert end == {"end": True, "moves": moves}
    assert len(states) == moves + 1
    for state in states:
        assert set(state) == STATE_KEYS


def test_several_requests_in_one_stdin_with_free_whitespace() -> None:
    kalah = json.dumps(KALAH)
    stdin = (
        f'{{"config": {kalah}, "starter": 0, "moves": [2, 5]}}'  # two on one line
        f'   {{"config": {kalah}, "starter": 1, "moves": [9]}}\n\n'
        + json.dumps({"config": KALAH, "moves": []}, indent=2)  # spread over lines
        + "\t\n"
        + json.dumps({"config": str(ROOT / "configs" / "kalah_4.json"), "moves": [0, 7, 1]})
        + "\n   \n"
    )
    status, lines, stderr = replay(stdin)
    assert status == 0, stderr
    groups = split_requests(lines)
    assert [len(g) for g in groups] == [4, 3, 2, 5]
    assert_states(groups[0], 2)
    assert_states(groups[1], 1)
    assert_states(groups[2], 0)
    assert_states(groups[3], 3)
    # Kalah: 2 ends in the store (South again), then 5 hands over to North
    assert [s["turn"] for s in groups[0][:3]] == [0, 0, 1]
    assert groups[0][1]["stores"] == [1, 0]
    # starter 1: North moves first and the start is laid out for them
    assert groups[1][0]["turn"] == 1 and groups[1][0]["legal"] == [6, 7, 8, 9, 10, 11]
    assert groups[2][0]["board"] == [4] * 12 and groups[2][0]["outcome"] is None


def test_output_final_prints_only_the_last_state() -> None:
    moves = [2, 5, 9]
    stdin = "\n".join(json.dumps(r) for r in [
        {"config": KALAH, "moves": moves, "output": "final"},
        {"config": KALAH, "moves": moves},
        {"config": KALAH, "moves": [], "output": "final"},
    ])
    status, lines, _ = replay(stdin)
    assert status == 0
    final, full, empty = split_requests(lines)
    assert len(final) == 2 and final[1] == {"end": True, "moves": 3}
    assert final[0] == full[-2]
    assert len(empty) == 2 and empty[0]["board"] == [4] * 12


def test_position_requests_stores_optional_and_total_from_board_and_stores() -> None:
    board = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]
    stdin = "\n".join(json.dumps(r) for r in [
        # stores given: 12 seeds in all; South's last seed goes to the store: 11 > 6 ends it
        {"config": KALAH, "position": {"board": board, "stores": [10, 0]}, "moves": [5]},
        # stores left out: zeros; 2 seeds in all, so 1 in the store is not more than half
        {"config": KALAH, "position": {"board": board}, "moves": [5]},
    ])
    status, lines, stderr = replay(stdin)
    assert status == 0, stderr
    with_stores, without = split_requests(lines)
    assert with_stores[0]["stores"] == [10, 0] and with_stores[0]["board"] == board
    end_state = with_stores[1]
    assert end_state["outcome"] == {"kind": "WIN", "winner": 0}
    # decided, so over at once: the board is left as it stands (North's seed stays)
    assert end_state["board"] == [0] * 6 + [1] + [0] * 5 and end_state["stores"] == [11, 0]
    assert end_state["legal"] == [] and end_state["turn"] == 0
    assert without[0]["stores"] == [0, 0]
    # South's row is empty after the move and South sowed into the store: South moves again
    # but has nothing; the game ends and North's seed goes to North: 1 - 1
    assert without[1]["outcome"] == {"kind": "TIE", "winner": None}
    assert sum(without[1]["board"]) + sum(without[1]["stores"]) == 2


def test_moves_after_the_end_are_ignored() -> None:
    board = [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]
    request = {"config": KALAH, "position": {"board": board, "stores": [10, 0]},
               "moves": [5, 7, 99, "nonsense"]}
    status, lines, stderr = replay(json.dumps(request))
    assert status == 0, stderr
    (group,) = split_requests(lines)
    assert_states(group, 1)
    assert group[-2]["outcome"] is not None


BAD_MOVE = {"config": KALAH, "moves": [2, 2]}  # hole 2 is empty after its move
BAD_VARIANT = {"config": {"game_constants": {"holes": 6, "nbr_start": 4},
                          "game_info": {"move_one": True}}}  # move_one needs sow_start
BAD_REQUEST = {"config": KALAH, "starter": 2}
GOOD = {"config": KALAH, "moves": [0]}


@pytest.mark.parametrize(("requests", "status"), [
    ([GOOD, GOOD], 0),
    ([BAD_MOVE], 3),
    ([GOOD, BAD_MOVE, GOOD], 3),
    ([BAD_VARIANT], 2),
    ([BAD_REQUEST, GOOD], 2),
    ([BAD_MOVE, BAD_VARIANT], 2),
    ([BAD_VARIANT, BAD_MOVE, GOOD], 2),
    ([GOOD, BAD_MOVE, BAD_REQUEST, BAD_MOVE], 2),
])
def test_exit_status_over_several_requests(requests: list[dict[str, Any]], status: int) -> None:
    code, lines, stderr = replay("\n".join(json.dumps(r) for r in requests) + "\n")
    assert code == status
    groups = split_requests(lines)
    assert len(groups) == len(requests), "every request is answered, errors or not"
    for request, group in zip(requests, groups, strict=True):
        end = group[-1]
        if request is GOOD:
            assert_states(group, 1)
        elif request is BAD_MOVE:
            # the states up to the illegal move, then the error naming the move's index
            assert len(group) == 3 and end["moves"] == 1
            assert end["error"]["code"] == "illegal_move" and "move 1" in end["error"]["message"]
        else:
            assert group == [end] and end["moves"] == 0
            code_name = "invalid_variant" if request is BAD_VARIANT else "bad_request"
            assert end["error"]["code"] == code_name
            assert ("move_one" if request is BAD_VARIANT else "starter") in end["error"]["message"]
    if status:
        assert stderr.strip(), "errors are also written to stderr"
    else:
        assert stderr == ""


def test_a_malformed_request_is_answered_and_the_next_requests_still_are() -> None:
    kalah = json.dumps(KALAH)
    stdin = (
        f'{{"config": {kalah},\n "moves": [}}\n'  # broken over two lines
        f'{{"config": {kalah}, "moves": [2]}}\n'
        '{not json at all\n'
        f'{{"config": {kalah}, "moves": []}}\n'
    )
    status, lines, stderr = replay(stdin)
    groups = split_requests(lines)
    assert len(groups) == 4
    assert groups[0][-1]["error"]["code"] == "bad_request"
    assert_states(groups[1], 1)
    assert groups[2][-1]["error"]["code"] == "bad_request"
    assert_states(groups[3], 0)
    assert status == 2
    assert "not valid JSON" in stderr


def test_fast_state_lines_match_json_dumps_of_the_state() -> None:
    import random

    from mancala.engine import Game
    from mancala.rules.loading import load_variant
    from mancala.state_line import StateLines

    rng = random.Random(2)
    for name in ("kalah_4", "cross_kalah", "oware_abapa", "multilap_jackman", "tchuka_ruma"):
        game = Game(load_variant(name))
        lines = StateLines(game)
        pos = game.start(rng.randrange(2))
        while True:
            assert lines.line(pos) == json.dumps(game.state_json(pos), separators=(", ", ": "))
            if pos.outcome is not None:
                break
            legal = game.legal_moves(pos)
            pos = game.play(pos, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("command", ["replay", "ai"])
def test_a_program_that_waits_for_each_answer_gets_it(command: str) -> None:
    """A match between programs sends a request and waits for its answer before the next:
    each answer comes while stdin stays open (a reader that waited for more input, for a
    newline or for the input's end, would keep both sides waiting for ever)."""
    proc = subprocess.Popen([sys.executable, "-m", "mancala", command], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    answers: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [answers.put(line) for line in proc.stdout], daemon=True).start()
    try:
        moves: list[int] = []
        for k in range(3):
            request: dict[str, Any] = {"config": KALAH, "starter": 0, "moves": moves}
            request |= {"difficulty": 1} if command == "ai" else {"output": "final"}
            # a request over several lines: its end, not a line's, completes it; the last
            # one without a newline after it, as a program may send it
            text = json.dumps(request, indent=1) + ("\n" if k < 2 else "")
            assert proc.stdin is not None
            proc.stdin.write(text)
            proc.stdin.flush()
            first = json.loads(answers.get(timeout=60))
            if command == "ai":
                assert first["player"] in (0, 1) and isinstance(first["move"], int)
                moves = moves or [first["move"]]
            else:
                assert first["board"] and json.loads(answers.get(timeout=60)) == {"end": True,
                                                                                 "moves": len(moves)}
                moves = moves + [2 if not moves else 0]  # 2 ends in the store: South again
        assert proc.poll() is None, "still there for the next request"
    finally:
        proc.kill()
        proc.wait()


def test_requests_nested_past_the_stack_are_one_bad_request_each() -> None:
    """Arrays nested 100,000 deep (one line, several reads long) and moves nested 5,000
    deep cannot be decoded; each is answered as one bad request and the requests after
    them are answered as usual."""
    good = json.dumps({"config": KALAH, "starter": 0, "moves": [2], "output": "final"})
    stdin = "\n".join(["[" * 100_000 + "]" * 100_000, good,
                       '{"config": "kalah", "starter": 0, "moves": ' + "[" * 5000 + "]" * 5000 + "}", good]) + "\n"
    status, lines, err = replay(stdin)
    groups = split_requests(lines)
    assert len(groups) == 4 and status == 2
    for bad in (groups[0], groups[2]):
        assert bad[0]["error"]["code"] == "bad_request"
        assert bad[0]["error"]["message"].startswith("nested too deeply to read")
    assert groups[1][-1] == groups[3][-1] == {"end": True, "moves": 1}
    assert "Traceback" not in err


@pytest.mark.parametrize("value", [[1], {"ONE_ZEROS": 1}])
def test_a_110_enum_given_a_list_or_an_object_is_an_invalid_variant(value: Any) -> None:
    """The 1.10 reading looks 1.8 names up by the value: one that is not a string names
    the parameter instead of stopping the process."""
    bad = {"rules_version": "1.10", **KALAH, "game_info": {"stores": True, "crosscapt": value}}
    stdin = json.dumps({"config": bad, "starter": 0, "moves": []}) + "\n" + json.dumps(
        {"config": KALAH, "starter": 0, "moves": [], "output": "final"}) + "\n"
    status, lines, err = replay(stdin)
    first, second = split_requests(lines)
    assert status == 2 and first[0]["error"]["code"] == "invalid_variant"
    assert first[0]["error"]["message"].startswith("crosscapt: bad value")
    assert second[-1] == {"end": True, "moves": 0}
    assert "Traceback" not in err


HOSTILE = [None, True, 0, -1, 99, 10**9, 1.5, "", "X", "OWN", [], [1], [0, 2], {}, {"a": 1}]


def test_hostile_variants_and_moves_never_stop_the_process() -> None:
    """Shipped configs with one to three parameters set to values of every JSON type, and
    moves of every type: each request gets its end line, none stops the process (a
    replay of a 1.10 config with a list where an enum goes once did, losing the rest)."""
    rng = random.Random(11)
    configs = [json.loads(p.read_text()) for p in sorted((ROOT / "configs").glob("*.json"))]
    requests = []
    for _ in range(300):
        config = json.loads(json.dumps(rng.choice(configs)))
        for _ in range(rng.randint(1, 3)):
            section = config.setdefault(rng.choice(["game_constants", "game_info"]), {})
            key = rng.choice(sorted(section)) if section and rng.random() < 0.8 else rng.choice(
                ["holes", "nbr_start", "capt_on", "mlaps", "rounds", "goal", "udir_holes", "crosscapt"])
            section[key] = rng.choice(HOSTILE)
        moves = [rng.choice([0, 2, 5, 8, -1, 99, "x", None, [1, 0]]) for _ in range(rng.randint(0, 20))]
        requests.append(json.dumps({"config": config, "starter": rng.choice([0, 1, 2]), "moves": moves}))
    status, lines, err = replay("\n".join(requests) + "\n")
    assert len(split_requests(lines)) == 300
    assert status == 2 and "Traceback" not in err


@pytest.mark.parametrize("command", ["replay", "ai"])
def test_a_position_is_bounded_in_seeds(command: str) -> None:
    """Toguz Kumalak sows seed by seed: a billion seeds in one hole kept a move going for
    minutes. A position holds at most 10,000 seeds (over three times the largest start);
    one more is a bad request, and the next request is answered."""
    def request(seeds: int) -> str:
        return json.dumps({"config": "toguz_kumalak", "starter": 0, "moves": [] if command == "ai" else [0],
                           "position": {"board": [seeds - 17 * 3] + [3] * 17, "stores": [0, 0]}})
    proc = subprocess.run([sys.executable, "-m", "mancala", command], input=request(10**9) + "\n"
                          + request(10_001) + "\n" + request(10_000) + "\n",
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    # ai's answers, or replay's end lines (its state lines left out)
    answers = [a for a in map(json.loads, proc.stdout.splitlines()) if "board" not in a]
    errors = [a["error"] for a in answers if a.get("error")]
    assert [e["code"] for e in errors] == ["bad_request", "bad_request"]
    assert all("at most 10,000 on the board and in the stores" in e["message"] for e in errors)
    assert proc.returncode == 2
    last = answers[-1]
    assert last.get("move") is not None if command == "ai" else last == {"end": True, "moves": 1}


def test_bytes_that_are_not_text_are_one_bad_request() -> None:
    """Input that is not UTF-8 (here with stdin decoded strictly, as in a UTF-8 locale) is
    a bad request; the process answers the next request rather than stopping."""
    good = json.dumps({"config": KALAH, "starter": 0, "moves": [2], "output": "final"}).encode()
    proc = subprocess.run([sys.executable, "-m", "mancala", "replay"], input=b"\xff\xfe garbage\n" + good + b"\n",
                          capture_output=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"})
    groups = split_requests([json.loads(line) for line in proc.stdout.decode().splitlines()])
    assert groups[0][0]["error"]["code"] == "bad_request" and groups[1][-1] == {"end": True, "moves": 1}
    assert proc.returncode == 2 and b"Traceback" not in proc.stderr
