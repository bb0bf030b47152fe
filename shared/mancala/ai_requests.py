"""`mancala ai`: answer move requests as JSON lines (contracts/ai.md)."""

from __future__ import annotations

import json
from typing import IO, Any

from mancala.ai.player import PERFECT, SOLVER, choose_move
from mancala.engine.game import ROUND_KINDS, IllegalMove
from mancala.replay import (
    EXIT_ILLEGAL,
    EXIT_INVALID,
    EXIT_OK,
    BadRequest,
    advance_round,
    iter_json_objects,
    parse_request,
    std_streams,
)
from mancala.rules.enums import Algorithm
from mancala.rules.errors import VariantError

AI_FIELDS = {"difficulty", "algorithm", "budget_ms"}


def _error(out: IO[str], err: IO[str], code: str, message: str) -> None:
    out.write(json.dumps({"move": None, "error": {"code": code, "message": message}}) + "\n")
    err.write(f"{code.replace('_', ' ')}: {message}\n")


def answer(raw: Any, out: IO[str], err: IO[str]) -> int:
    try:
        if not isinstance(raw, dict):
            raise BadRequest("a request must be a JSON object")
        options = {k: raw[k] for k in AI_FIELDS if k in raw}
        request = parse_request({k: v for k, v in raw.items() if k not in AI_FIELDS})
        difficulty = options.get("difficulty")
        if difficulty is not None and (isinstance(difficulty, bool) or difficulty not in (0, 1, 2, 3, PERFECT)):
            raise BadRequest(f'difficulty must be 0, 1, 2, 3 or "{PERFECT}"')
        algorithm = options.get("algorithm")
        if algorithm is not None and algorithm != SOLVER:
            try:
                Algorithm(algorithm)
            except ValueError:
                raise BadRequest(f"unknown algorithm {algorithm!r} "
                                 f"(minimaxer, negamaxer, montecarlo_ts, {SOLVER})") from None
        budget = options.get("budget_ms")
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 1):
            raise BadRequest("budget_ms must be a positive integer")
    except VariantError as exc:
        _error(out, err, "invalid_variant", str(exc))
        return EXIT_INVALID
    except BadRequest as exc:
        _error(out, err, "bad_request", str(exc))
        return EXIT_INVALID
    game, pos = request.game, request.start
    for index, move in enumerate(request.moves):
        if pos.outcome is not None:
            break
        try:
            pos = game.play(pos, move)
        except IllegalMove as exc:
            _error(out, err, "illegal_move", f"move {index} ({json.dumps(move)}): {exc}")
            return EXIT_ILLEGAL
        if pos.outcome is not None and pos.outcome.kind in ROUND_KINDS:
            nxt = advance_round(game, pos)  # the next round, as replay plays it
            if nxt is None:
                break
            pos = nxt
    if pos.outcome is not None or not game.legal_moves(pos):
        _error(out, err, "game_over", "the game is over: there is no move to choose")
        return EXIT_OK
    seed = raw.get("seed") or 0
    result = choose_move(game, pos, difficulty=difficulty, algorithm=algorithm, budget_ms=budget, seed=seed)
    out.write(json.dumps(result.to_json()) + "\n")
    return EXIT_OK


def main(stdin: IO[str] | None = None, stdout: IO[str] | None = None, stderr: IO[str] | None = None) -> int:
    stdin, stdout, stderr = std_streams(stdin, stdout, stderr)
    worst = EXIT_OK
    for raw in iter_json_objects(stdin):
        status = answer(raw, stdout, stderr)
        if status == EXIT_INVALID or (status == EXIT_ILLEGAL and worst == EXIT_OK):
            worst = status
        stdout.flush()
    return worst
