"""A game with round choices as its record: record.json carries `choices`, and
`mancala replay` plays them, so the record replays past the round's end."""

from __future__ import annotations

import io
import json
from pathlib import Path

from mancala.record import record_text, replay_request
from mancala.replay import run_request
from mancala_server.stored_replay import record_info
from tests.server.fakes import FakeClock
from tests.server.room_setup import make_room, seat_both
from tests.server.test_round_choices import BECHI, _to_round_end


def _replay(request: dict[str, object]) -> tuple[int, list[dict[str, object]]]:
    out, err = io.StringIO(), io.StringIO()
    status = run_request(request, out, err)
    return status, [json.loads(line) for line in out.getvalue().splitlines()]


async def test_the_record_carries_the_choice_and_replays_past_the_round(tmp_path: Path) -> None:
    clock = FakeClock()
    room = make_room(tmp_path, clock, variant="bechi_mg")
    ann, _ = seat_both(room)
    await _to_round_end(room)
    push = ann.of_type("round_choice")[-1]
    pick = next(h for h in push.holes if h not in push.default)
    room.choose_round(ann, {"fill": [pick]})
    after = room.game.legal_moves(room.position)[0]
    await room.play_for(room.position.turn, after, None)
    assert room.game_id is not None
    row = room.store.game(room.game_id)  # type: ignore[attr-defined]
    request = replay_request(room.variant_json, record_info(row, "Bechi"))
    assert request["choices"] == {str(len(BECHI)): {"fill": [pick]}}
    status, lines = _replay(request)
    assert status == 0 and lines[-1] == {"end": True, "moves": len(BECHI) + 1}
    assert lines[-2]["board"] == room.position.board  # the move after the chosen round's start
    # without the choices the replay stops at the round's end, as the contract says
    del request["choices"]
    status, lines = _replay(request)
    assert lines[-1]["moves"] == len(BECHI)
    # an illegal choice is an error naming the ply
    status, lines = _replay({**request, "choices": {str(len(BECHI)): {"fill": [7]}}})
    assert status != 0 and str(len(BECHI)) in lines[-1]["error"]["message"]
    # the text record plays the chosen round too
    text = record_text(room.game, record_info(row, "Bechi"), row.rounds)
    assert f"{len(BECHI) + 1}. " in text and "not playable" not in text
